// Docs that run: every JS/TS/TSX block of README.md, docs/*.md, www/README.md and
// examples/server/README.md, copied into a fresh app that installed the packed tarball, as a new
// user would. Each is type-checked with `tsc --strict` (JavaScript with checkJs) and, unless its
// info string says `check` (it needs a page, a worker or a server's files), run with Node; where a ```text block
// follows, what it prints must be that text (`…` stands for any text). A ```jsonc profile block
// must compile as a profile. Blocks that cannot run alone say `fragment` and are counted; shell
// blocks are the repository's own commands, counted and not run.
// Run after `npm run build`: node tests/docs/run.mjs
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { allBlocks, kindOf, outputMatches, stripJsonComments } from "./blocks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const work = mkdtempSync(join(tmpdir(), "ctxpack-docs-"));
const app = join(work, "app");
mkdirSync(join(app, "blocks"), { recursive: true });

const blocks = allBlocks(root).map((b) => ({ ...b, kind: kindOf(b) })).filter((b) => b.kind);
const code = blocks.filter((b) => b.kind === "run" || b.kind === "check");

// One tarball, one install, for every block. Beyond ctxpack, blocks use React's types (the demo
// page's version) and gpt-tokenizer (the root devDependency's version) as a counter.
const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", work], { cwd: root, encoding: "utf8" }).trim().split("\n").pop();
writeFileSync(join(app, "package.json"), JSON.stringify({ name: "docs-app", private: true, type: "module" }));
execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", join(work, tarball), "@types/react@19.3.0", "gpt-tokenizer@4.0.0"], { cwd: app, stdio: "inherit" });

// A block's setup, invisible on the page: `<!-- given: NAME -->` imports what tests/docs/given/NAME.ts
// exports (typed data a user would have: their documents, a file picker); any other text is
// prepended as it is.
const givenDir = join(dirname(fileURLToPath(import.meta.url)), "given");
mkdirSync(join(app, "given"));
for (const f of readdirSync(givenDir)) copyFileSync(join(givenDir, f), join(app, "given", f));
// A profile of the user's own, next to the blocks (PROFILE.md imports "./my-profile.json").
copyFileSync(join(root, "profiles", "writing-app.json"), join(app, "blocks", "my-profile.json"));
function setup(given) {
  if (!/^[\w-]+$/.test(given)) return given;
  const source = readFileSync(join(givenDir, `${given}.ts`), "utf8");
  const names = [...source.matchAll(/^export (?:const|function|let) (\w+)/gm)].map((m) => m[1]);
  return `import { ${names.join(", ")} } from "../given/${given}.js";`;
}
const name = (b) => `${b.file.replace(/\W+/g, "_")}_${b.line}`;
const ext = { js: "js", mjs: "js", jsx: "jsx", ts: "ts", tsx: "tsx" };
const files = new Map();
for (const b of code) {
  const file = `blocks/${name(b)}.${ext[b.lang]}`;
  const given = b.given ? `${setup(b.given)}\n` : "";
  // Every file is a module of its own (a block without import would otherwise share globals).
  writeFileSync(join(app, file), `${given}${b.code}\nexport {};\n`);
  files.set(file, { block: b, offset: given.split("\n").length - 1 });
}
writeFileSync(
  join(app, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      allowJs: true,
      checkJs: true,
      module: "nodenext",
      moduleResolution: "nodenext",
      target: "es2022",
      lib: ["es2023", "dom", "dom.iterable", "esnext.disposable"],
      jsx: "react-jsx",
      resolveJsonModule: true,
      outDir: "out",
      rootDir: ".",
      skipLibCheck: false,
      types: [],
    },
    files: [...files.keys(), ...readdirSync(givenDir).map((f) => `given/${f}`)],
  }),
);

let failed = 0;
const fail = (b, what) => {
  failed++;
  console.log(`not ok - ${b.file}:${b.line} (${b.lang}${b.flags.length ? ` ${b.flags.join(" ")}` : ""})\n  ${what.split("\n").join("\n  ")}`);
};

// One tsc for all blocks; its errors are mapped back to the markdown's lines.
const tsc = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", app, "--pretty", "false"], { cwd: app, encoding: "utf8" });
const typeErrors = new Map();
const elsewhere = [];
for (const line of tsc.stdout.split("\n").filter(Boolean)) {
  const m = line.match(/^(blocks\/[^()]+)\((\d+),(\d+)\): (.*)$/);
  const at = m && files.get(m[1]);
  if (!m || !at) {
    if (!line.startsWith(" ")) elsewhere.push(line);
    continue;
  }
  const docLine = at.block.line + Number(m[2]) - at.offset;
  const list = typeErrors.get(at.block) ?? [];
  list.push(Number(m[2]) <= at.offset ? `given: ${m[4]}` : `${at.block.file}:${docLine}: ${m[4]}`);
  typeErrors.set(at.block, list);
}
if (elsewhere.length || (tsc.status !== 0 && typeErrors.size === 0)) {
  console.log(tsc.stdout, tsc.stderr);
  throw new Error("tsc failed outside the blocks (tests/docs/given?)");
}

const ran = [];
for (const [file, { block: b }] of files) {
  const errors = typeErrors.get(b);
  if (errors) {
    fail(b, `tsc --strict:\n${errors.join("\n")}`);
    continue;
  }
  if (b.kind === "check") {
    console.log(`ok - ${b.file}:${b.line} type-checks (${b.lang}; not run: it needs a page or a server's files)`);
    continue;
  }
  const out = join(app, "out", file.replace(/\.(ts|tsx|jsx)$/, ".js"));
  if (!existsSync(out)) {
    fail(b, `tsc wrote no ${out}`);
    continue;
  }
  const r = spawnSync(process.execPath, [out], { cwd: app, encoding: "utf8" });
  if (r.status !== 0) {
    fail(b, `exited with ${r.status}:\n${r.stderr.trim()}`);
    continue;
  }
  if (b.output !== null && !outputMatches(b.output, r.stdout)) {
    fail(b, `printed:\n${r.stdout.trimEnd()}\nwhere the doc says:\n${b.output.trimEnd()}`);
    continue;
  }
  ran.push(b);
  console.log(`ok - ${b.file}:${b.line} type-checks and runs${b.output !== null ? ", printing what the doc shows" : ""}`);
}

// A profile shown as a profile is one ctxpack accepts.
const { ContextAssembler } = createRequire(join(app, "package.json"))("ctxpack");
for (const b of blocks.filter((x) => x.kind === "profile")) {
  try {
    new ContextAssembler(JSON.parse(stripJsonComments(b.code))).free();
    console.log(`ok - ${b.file}:${b.line} is a profile ctxpack compiles`);
  } catch (e) {
    fail(b, `refused: ${e.code ?? ""} ${e.path ?? ""} ${e.message}`);
  }
}

const count = (k) => blocks.filter((b) => b.kind === k).length;
const runnable = count("run") + count("check") + count("profile");
console.log(
  `\ndocs: ${runnable} of ${runnable + count("fragment")} JS/TS/profile blocks checked (${count("run")} run in Node, ${count("check")} type-checked only, ${count("profile")} profiles compiled), ${count("fragment")} marked fragment; ${count("shell")} shell blocks (repository commands, not run); ${ran.filter((b) => b.output !== null).length} outputs compared`,
);
if (failed) {
  console.log(`${failed} failed (the app is in ${app})`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });

#!/usr/bin/env node
// Compares ctxpack's class extractor with the TypeScript compiler (npm `typescript`,
// `ts.createSourceFile`) over the .ts/.tsx/.js/.jsx/.mjs/.cjs sources of real npm packages.
//
// What counts as a class, for both sides: every class declaration and class expression that
// has a name — its own, the binding's for `const A = class {…}` (the span then starts at the
// declaration: `export const A = …`), or "default" for an anonymous `export default class`.
// Spans: the `class` keyword's line, the start line (`getStart()`: decorators and modifiers
// included, comments not), the line of the closing brace and the UTF-8 offset just past it. Files the compiler reports syntax
// errors for are counted apart. Prints a summary and every disagreement.
//
//   cargo build --release --example extract_classes
//   node scripts/code-accuracy.mjs [PACKAGE_DIR…] [--react] [--bin target/release/examples/extract_classes]
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const require = createRequire(resolve("node_modules") + "/");
const ts = require("typescript");

const args = process.argv.slice(2);
let bin = "target/release/examples/extract_classes";
const at = args.indexOf("--bin");
if (at >= 0) {
  bin = args[at + 1];
  args.splice(at, 2);
}
const DEFAULT_PACKAGES = [
  "node_modules/typescript/lib",
  "node_modules/vite/dist",
  "node_modules/playwright-core/lib",
  "node_modules/postcss/lib",
  "node_modules/rolldown/dist",
  "node_modules/gpt-tokenizer/src",
  "node_modules/gpt-tokenizer/esm",
  "node_modules/source-map-js/lib",
  "node_modules/lightningcss/node",
  "node_modules/tinyglobby/dist",
  "node_modules/picomatch/lib",
  "node_modules/nanoid",
  "/usr/lib/node_modules/npm",
];
// --react: React component sources (.tsx, .jsx, .js with JSX; class components, fragments)
// as their packages publish them, fetched from the npm registry at these pinned versions into
// a cache directory (`npm pack`, no dependencies, no install scripts).
const REACT_PACKAGES = [
  "@blueprintjs/core@5.19.1",
  "@blueprintjs/datetime@5.3.33",
  "@blueprintjs/select@5.3.21",
  "@blueprintjs/table@5.3.15",
  "create-vite@9.3.0",
  "@docusaurus/theme-classic@3.10.2",
  "react-dropzone@19.3.0",
  "react-native@0.82.1",
  "react-native-calendars@1.1314.0",
  "react-native-gesture-handler@3.5.0",
  "react-native-maps@1.29.11",
  "react-native-paper@5.15.3",
  "react-native-reanimated@4.8.0",
  "react-native-svg@15.16.1",
  "react-native-webview@16.0.0",
  "@react-navigation/stack@7.12.1",
  "@rjsf/core@6.11.1",
  "@shopify/flash-list@2.3.2",
  "@uiw/react-md-editor@4.1.2",
];
const react = args.indexOf("--react");
if (react >= 0) {
  args.splice(react, 1);
  const cache = process.env.CTXPACK_REACT_CORPUS ?? join(tmpdir(), "ctxpack-react-corpus");
  mkdirSync(cache, { recursive: true });
  for (const spec of REACT_PACKAGES) {
    // `@scope/name@1.2.3` packs as `scope-name-1.2.3.tgz`.
    const base = spec.replace(/^@/, "").replace("/", "-").replace(/@([^@]+)$/, "-$1");
    const dir = join(cache, base);
    if (!existsSync(join(dir, "package"))) {
      execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", cache], { stdio: ["ignore", "ignore", "inherit"] });
      mkdirSync(dir, { recursive: true });
      execFileSync("tar", ["-xzf", join(cache, `${base}.tgz`), "-C", dir]);
    }
    args.push(dir);
  }
}
const roots = (args.length ? args : DEFAULT_PACKAGES).filter((r) => {
  try {
    return statSync(r).isDirectory();
  } catch {
    return false;
  }
});
const EXT = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/;

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const s = statSync(p);
    if (s.isDirectory()) {
      if (name !== "node_modules") yield* walk(p);
    } else if (EXT.test(name)) yield p;
  }
}

function kindOf(path) {
  if (/\.tsx$/.test(path)) return ts.ScriptKind.TSX;
  if (/\.(ts|mts|cts)$/.test(path)) return ts.ScriptKind.TS;
  if (/\.jsx$/.test(path)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

function tsClasses(path, text) {
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kindOf(path));
  const line = (pos) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const out = [];
  const visit = (node) => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const keyword = node.getChildren(sf).find((c) => c.kind === ts.SyntaxKind.ClassKeyword);
      let name = node.name?.text;
      let start = node.getStart(sf);
      const p = node.parent;
      if (ts.isClassExpression(node) && ts.isVariableDeclaration(p) && p.initializer === node && ts.isIdentifier(p.name)) {
        name = p.name.text;
        const list = p.parent;
        if (ts.isVariableDeclarationList(list) && list.declarations[0] === p) {
          start = ts.isVariableStatement(list.parent) ? list.parent.getStart(sf) : list.getStart(sf);
        } else {
          start = p.getStart(sf);
        }
      } else if (!name && ts.isClassDeclaration(node) && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) {
        name = "default";
      }
      if (name && keyword) {
        // The end as a UTF-8 offset too: a body that runs on to the end of the file ends on
        // the same line when the class is the file's last.
        const endByte = Buffer.byteLength(text.slice(0, node.end));
        out.push([name, line(keyword.getStart(sf)), line(start), line(node.end - 1), endByte]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { classes: out, errors: sf.parseDiagnostics?.length ?? 0 };
}

const files = roots.flatMap((r) => [...walk(r)]);
const expected = new Map();
const broken = [];
let bytes = 0;
for (const path of files) {
  const text = readFileSync(path, "utf8");
  const r = tsClasses(path, text);
  if (r.errors) broken.push(path);
  else {
    expected.set(path, r.classes);
    bytes += Buffer.byteLength(text);
  }
}
const paths = [...expected.keys()];
const stdout = execFileSync(bin, { input: paths.join("\n") + "\n", maxBuffer: 1 << 30 }).toString();
const got = new Map();
for (const line of stdout.split("\n")) {
  if (!line) continue;
  const rec = JSON.parse(line);
  got.set(rec.path, rec.classes.map((c) => [...c.slice(0, 4), c[6]]));
}
let total = 0;
let exact = 0;
const missed = [];
const extra = [];
const wrong = [];
for (const path of paths) {
  const want = expected.get(path);
  // Minified files repeat a name on one line: the k-th of a (name, line) pairs with the k-th.
  const keyed = (list) => {
    const seen = new Map();
    return list.map((c) => {
      const k = `${c[0]}@${c[1]}`;
      const n = (seen.get(k) ?? 0) + 1;
      seen.set(k, n);
      return [`${k}#${n}`, c];
    });
  };
  const have = new Map(keyed(got.get(path) ?? []));
  total += want.length;
  for (const [key, c] of keyed(want)) {
    const h = have.get(key);
    have.delete(key);
    if (!h) missed.push([path, c]);
    else if (h.join() === c.join()) exact++;
    else wrong.push([path, c, h]);
  }
  for (const h of have.values()) extra.push([path, h]);
}
console.log(`packages: ${roots.join(", ")}`);
console.log(`files: ${files.length} (${paths.length} without syntax errors, ${broken.length} with: counted apart)`);
console.log(`bytes compared: ${bytes}`);
console.log(`classes (typescript): ${total}`);
console.log(`exact-span matches: ${exact} (${total ? ((100 * exact) / total).toFixed(3) : "100.000"}%)`);
console.log(`missed: ${missed.length}, extra: ${extra.length}, span differs: ${wrong.length}`);
for (const [p, c] of missed) console.log(`  MISSED ${p}:${c[1]} ${c[0]} (ts start ${c[2]} end ${c[3]})`);
for (const [p, h] of extra) console.log(`  EXTRA  ${p}:${h[1]} ${h[0]} (ours start ${h[2]} end ${h[3]})`);
for (const [p, c, h] of wrong) {
  console.log(`  SPAN   ${p}:${c[1]} ${c[0]} ts ${c[2]}-${c[3]} (byte ${c[4]}) ours ${h[2]}-${h[3]} (byte ${h[4]})`);
}
for (const p of broken) console.log(`  SYNTAX-ERRORS ${p}`);

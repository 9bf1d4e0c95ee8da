// ctxpack's secret scan side by side with secretlint's recommended preset (the checker Repomix
// runs), on bench/secrets-corpus.mjs: recall per family of credentials, false positives per kind
// of clean look-alike, for both tools. Prints a Markdown table (docs/FILES.md holds one run).
// No timing. With --check, fails unless ctxpack's recall is at least secretlint's on every
// family both cover and its false-positive rate at most secretlint's on every clean kind: the
// bench smoke step of `npm test` runs it so.
//
//   node bench/deps.mjs && node bench/secrets.mjs [--check] [--pkg DIR] [--per-family N]
//
// ctxpack scans each case's content (preloadFiles of ctxpack/files, one file per case under a
// neutral name, so that only its content decides); secretlint lints it under the case's file
// name (its npm rule reads `_authToken` only in a file named .npmrc).
import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { corpus } from "./secrets-corpus.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = resolve(option("--pkg", join(root, "pkg")));
const { preloadFiles } = await import(pathToFileURL(join(pkg, "files", "index.mjs")).href);

const cases = corpus({ perFamily: Number(option("--per-family", 20)) });

/** Which cases ctxpack refuses as secret (by content: the names are neutral). */
function ctxpackFlags(cases) {
  const paths = cases.map((_, i) => `case/${i}.txt`);
  const result = preloadFiles({
    references: paths.map((path) => ({ path })),
    contents: cases.map((c, i) => ({ path: paths[i], content: c.content })),
    maxLines: 100_000,
    maxChars: 2_000_000_000,
  });
  return result.manifest.files.map((f) => f.reasonCode === "secret");
}

const config = { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: recommended }] };
async function secretlintFlags(cases) {
  const flags = [];
  for (const c of cases) {
    const result = await lintSource({ source: { filePath: join("/corpus", c.file), content: c.content, contentType: "text" }, options: { config } });
    flags.push(result.messages.length > 0);
  }
  return flags;
}

const ours = ctxpackFlags(cases);
const theirs = await secretlintFlags(cases);

const groups = new Map();
cases.forEach((c, i) => {
  const key = `${c.kind}\u0000${c.family}`;
  const g = groups.get(key) ?? { kind: c.kind, family: c.family, shared: c.shared, n: 0, ours: 0, theirs: 0 };
  g.n++;
  g.ours += ours[i] ? 1 : 0;
  g.theirs += theirs[i] ? 1 : 0;
  groups.set(key, g);
});
const rows = [...groups.values()];
const pct = (k, n) => `${k}/${n}`;
const lines = [];
lines.push("| family | in the preset | ctxpack recall | secretlint recall |", "|---|---|---|---|");
for (const g of rows.filter((g) => g.kind === "secret")) lines.push(`| ${g.family} | ${g.shared ? "yes" : "no"} | ${pct(g.ours, g.n)} | ${pct(g.theirs, g.n)} |`);
lines.push("", "| clean look-alikes | ctxpack false positives | secretlint false positives |", "|---|---|---|");
for (const g of rows.filter((g) => g.kind === "clean")) lines.push(`| ${g.family} | ${pct(g.ours, g.n)} | ${pct(g.theirs, g.n)} |`);
const sum = (gs, f) => gs.reduce((a, g) => a + f(g), 0);
const sharedSecrets = rows.filter((g) => g.kind === "secret" && g.shared);
const allSecrets = rows.filter((g) => g.kind === "secret");
const cleans = rows.filter((g) => g.kind === "clean");
lines.push(
  "",
  `Shared families: ctxpack ${sum(sharedSecrets, (g) => g.ours)}/${sum(sharedSecrets, (g) => g.n)}, secretlint ${sum(sharedSecrets, (g) => g.theirs)}/${sum(sharedSecrets, (g) => g.n)}. ` +
    `All families: ctxpack ${sum(allSecrets, (g) => g.ours)}/${sum(allSecrets, (g) => g.n)}, secretlint ${sum(allSecrets, (g) => g.theirs)}/${sum(allSecrets, (g) => g.n)}. ` +
    `Clean: ctxpack ${sum(cleans, (g) => g.ours)}/${sum(cleans, (g) => g.n)} flagged, secretlint ${sum(cleans, (g) => g.theirs)}/${sum(cleans, (g) => g.n)}.`,
);
console.log(lines.join("\n"));

if (args.includes("--check")) {
  const worse = [
    ...sharedSecrets.filter((g) => g.ours < g.theirs).map((g) => `recall on ${g.family}: ${g.ours}/${g.n} < secretlint's ${g.theirs}/${g.n}`),
    ...cleans.filter((g) => g.ours > g.theirs).map((g) => `false positives on ${g.family}: ${g.ours}/${g.n} > secretlint's ${g.theirs}/${g.n}`),
  ];
  for (const w of worse) console.error(`FAILED: ${w}`);
  console.log(`secrets comparison: ${worse.length ? "FAILED" : "ok"} (${cases.length} cases)`);
  process.exitCode = worse.length ? 1 : 0;
}

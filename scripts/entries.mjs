// The package's entries: one wasm each, built from this crate with one cargo feature (see
// src/wasm/mod.rs). scripts/build.mjs builds them; the size test holds each to its budget; the
// packaging test imports each from the packed tarball. What each exports comes from its engine's
// export table (src/<engine>/calls.rs), generated into src/wasm/exports.mjs.
import { TABLES } from "../src/wasm/exports.mjs";

// An engine's entry is its export table's: named by its feature, at `./<feature>`, built into
// pkg/<feature>/, held to the table's `budget` (gzip level 9; a raise is a decision to write down
// in docs/decisions/2026-11-27-wasm-size-budgets.md, not a number to bump). ENTRY_CONFIG holds
// only what differs from that, by feature:
//   name      what the entry is called (the size report, --entry)
//   subpath   its key in package.json "exports"
//   dir       where it is built, under pkg/ ("" for the main entry, so pkg/index.js)
//   engine    an entry of its own feature, carrying another feature's table (a table's entry
//             with one vocabulary), with its own `gzip` budget
//   node      {module, types} — a CommonJS module of src/ with what only Node has (a file
//             reader), exported by the Node entries only; it sits next to the entry's index.cjs
//             and requires it for the entry's exports; its types import the entry's types
//             `from "ctxpack:glue"`, and package.json points the entry's Node import types at
//             index.node.d.ts
//   wasmOpt   wasm-opt flags after WASM_OPT_FLAGS, for this entry only
const ENTRY_CONFIG = [
  // jsondoc assembly, the package's main entry; one-caller inlining capped at 30 for bytes
  // (docs/decisions/2026-11-27-wasm-size-budgets.md).
  { feature: "jsondoc", name: "ctxpack", subpath: ".", dir: "", wasmOpt: ["--one-caller-inline-max-function-size=30"] },
  // Node adds readContextFiles, the disk reader (docs/FILES.md).
  { feature: "files", node: { module: "src/node/files.cjs", types: "src/node/files.d.ts" } },
  // One vocabulary each, for an edge function's size limit: a budget of the vocabulary plus ~50 KB,
  // so that a second one slipping in fails the size test (docs/TOKENS.md).
  { feature: "tokenizer-o200k", engine: "tokenizer", subpath: "./tokenizer/o200k", gzip: 1_170_000 },
  { feature: "tokenizer-cl100k", engine: "tokenizer", subpath: "./tokenizer/cl100k", gzip: 575_000 },
];

/**
 * The entries with their table's exports: `functions`, `types`, and `guarded`, the classes it
 * exports through glue.js's `guarded` (the FREED check, `using`), of which `remade` are made again
 * from their constructor's arguments when the entry gives its memory back (glue.js
 * `memoryManager`; a live object of another guarded class keeps the instance). One per table
 * (src/wasm/exports.mjs order), then ENTRY_CONFIG's entries of another feature's table.
 */
export const ENTRIES = [
  ...Object.keys(TABLES).map((feature) => ({ feature })),
  ...ENTRY_CONFIG.filter((e) => e.engine !== undefined).map(({ feature }) => ({ feature })),
].map(({ feature }) => {
  const config = ENTRY_CONFIG.find((e) => e.feature === feature) ?? {};
  const table = TABLES[config.engine ?? feature];
  if (!table) throw new Error(`${feature}: no export table (src/wasm/exports.mjs)`);
  const gzip = config.gzip ?? table.budget;
  if (typeof gzip !== "number") throw new Error(`${feature}: no size budget (its table's \`budget\`)`);
  const entry = { name: feature, subpath: `./${feature}`, feature, dir: feature, ...config, gzip };
  return { ...entry, functions: table.functions, types: table.types, guarded: table.classes, remade: table.remade };
});

// Entries of JavaScript alone, on the main entry's wasm: compiled from TypeScript by
// scripts/build-react.mjs (no type check there: tests/react type-checks them), declarations and
// all, into pkg/<dir>/.
//   peer   the packages it imports besides ctxpack: package.json peerDependencies (optional, so
//          that users of the other entries are not asked for them)
export const JS_ENTRIES = [
  // useAssembledContext and <ContextInspector> (docs/REACT.md), with a default stylesheet.
  { name: "react", subpath: "./react", dir: "react", source: "src/react", assets: ["styles.css"], peer: ["react"] },
];

// wasm-opt's flags for every entry (scripts/build.mjs; bench/code.mjs builds the shared runtime
// the same way): each kept for the bytes it saves with no benchmark slower
// (docs/decisions/2026-11-27-wasm-opt-flags.md).
export const WASM_OPT_FLAGS = [
  "-Oz",
  "--low-memory-unused",
  "--enable-bulk-memory",
  "--enable-nontrapping-float-to-int",
  "--enable-sign-ext",
  "--enable-mutable-globals",
  "--enable-reference-types",
  "--enable-multivalue",
  // The JSON scanner's functions use wasm SIMD (docs/RUNTIMES.md).
  "--enable-simd",
  "--strip-producers",
  "--strip-target-features",
];

// wasm-bindgen's options (scripts/build.mjs; tests/node/build-untouched.test.mjs runs it again
// with them): one glue for every runtime, whose wasm the entries give it (no default URL);
// --weak-refs frees a class instance the program drops (FinalizationRegistry; free() and `using`
// still free it at once); the reset makes a fresh instance of the same module when an idle entry
// gives its memory back (glue.js `memoryManager`).
export const WASM_BINDGEN_FLAGS = ["--target", "web", "--out-name", "ctxpack", "--weak-refs", "--omit-default-module-path", "--experimental-reset-state-function"];

/** Where the build keeps the wasm it gave wasm-bindgen for entry `name`. */
export const bindgenInput = (root, name) => `${root}/target/wasm-bindgen-input/${name}.wasm`;

/** package.json "files": the main entry's files, then every entry's directory. */
export function packageFiles() {
  const main = ["index.js", "index.mjs", "index.cjs", "index.d.ts", "index.d.cts", "index.web.js", "index.web.d.ts", "index.workerd.js", "entries/", "web/"];
  const dirs = [...ENTRIES, ...JS_ENTRIES].filter((e) => e.dir !== "").map((e) => `${e.dir}/`);
  return [...main, ...dirs].map((f) => `pkg/${f}`).concat(["profiles/writing-app.json", "profiles/writing-app.json.d.ts", "README.md"]);
}

/**
 * package.json "exports", as the entries make it. Per entry: its subpath with a condition per way
 * of loading the wasm — `workerd` imports the .wasm as a module (Cloudflare Workers), `node` has
 * it inlined in CommonJS (import and require share one instance), the default inlines it in ESM
 * (browsers, bundlers, workers, edge runtimes) — and `<subpath>/web`, the wasm as a separate file
 * with an async init() (docs/RUNTIMES.md says when to choose which).
 * `node scripts/write-exports.mjs` puts it into package.json; the build refuses a package.json
 * that differs. (This module is also imported by browser pages — tests/engines — so it holds data
 * and pure functions only.)
 */
export function packageExports() {
  const exports = {};
  for (const { subpath, dir, node } of ENTRIES) {
    const at = dir === "" ? "./pkg" : `./pkg/${dir}`;
    exports[subpath] = {
      workerd: { types: `${at}/index.d.ts`, default: `${at}/index.workerd.js` },
      node: {
        import: { types: `${at}/${node ? "index.node.d.ts" : "index.d.ts"}`, default: `${at}/index.mjs` },
        require: { types: `${at}/index.d.cts`, default: `${at}/index.cjs` },
      },
      default: { types: `${at}/index.d.ts`, default: `${at}/index.js` },
    };
    exports[`${subpath}/web`] = { types: `${at}/index.web.d.ts`, default: `${at}/index.web.js` };
  }
  for (const { subpath, dir, assets } of JS_ENTRIES) {
    exports[subpath] = { types: `./pkg/${dir}/index.d.ts`, default: `./pkg/${dir}/index.js` };
    for (const asset of assets) exports[`${subpath}/${asset}`] = `./pkg/${dir}/${asset}`;
  }
  // The example profile of README and docs/PROFILE.md, typed as a Profile for a JSON import.
  exports["./profiles/writing-app.json"] = { types: "./profiles/writing-app.json.d.ts", default: "./profiles/writing-app.json" };
  exports["./package.json"] = "./package.json";
  return exports;
}


// The package's entries: one wasm each, built from this crate with one cargo feature (see
// src/wasm/mod.rs). scripts/build.mjs builds them; the size test holds each to its budget; the
// packaging test imports each from the packed tarball.
//
//   name      what the entry is called (the size report, --entry)
//   subpath   its key in package.json "exports"
//   feature   the cargo feature that compiles its exports
//   dir       where it is built, under pkg/ ("" for the main entry, so pkg/index.js)
//   guarded   classes it exports through glue.js's `guarded` (the FREED check, `using`)
//   node      optional: {module, types} — a CommonJS module of src/ with what only Node has (a
//             file reader), exported by the Node entries only; it sits next to the glue, so it
//             requires "./ctxpack.cjs" and "./glue.cjs"; its types import the entry's types
//             `from "ctxpack:glue"`, and package.json points the entry's Node import types at
//             index.node.d.ts
//   gzip      its wasm's size budget, gzip level 9 — a decision to write down in
//             docs/BENCHMARKS.md when raised, not a number to bump
export const ENTRIES = [
  { name: "ctxpack", subpath: ".", feature: "jsondoc", dir: "", guarded: ["ContextAssembler"], gzip: 150_000 },
  // preloadFiles, checkPaths, fitSections (docs/FILES.md); ~58 KB at first build. Node adds
  // readContextFiles, the disk reader.
  { name: "files", subpath: "./files", feature: "files", dir: "files", guarded: [], gzip: 70_000, node: { module: "src/node/files.cjs", types: "src/node/files.d.ts" } },
  // extractClasses, formatModuleRegistry, trackOutputs, parseModifiedFiles (docs/CODE.md); ~67 KB
  // at first build, of which the scanners ~38.5 KB.
  { name: "code", subpath: "./code", feature: "code", dir: "code", guarded: [], gzip: 80_000 },
  // RunGovernor, governorStep (docs/GOVERNOR.md). 97.3 KB at first build; raised from 100 KB to
  // 110 KB when the flat-event reader (+1 KB) doubled Chromium's push rate (docs/GOVERNOR.md).
  { name: "governor", subpath: "./governor", feature: "governor", dir: "governor", guarded: ["RunGovernor"], gzip: 110_000 },
  // countTokens, encodeTokens, decodeTokens: exact o200k and cl100k (docs/TOKENS.md, "Exact
  // counts"). The vocabularies are the size: 2.9 MB gzip at first build, paid only by apps that
  // import this entry.
  { name: "tokenizer", subpath: "./tokenizer", feature: "tokenizer", dir: "tokenizer", guarded: [], gzip: 3_100_000 },
];

// The package's entries: one wasm each, built from this crate with one cargo feature (see
// src/wasm/mod.rs). scripts/build.mjs builds them; the size test holds each to its budget; the
// packaging test imports each from the packed tarball.
//
//   name      what the entry is called (the size report, --entry)
//   subpath   its key in package.json "exports"
//   feature   the cargo feature that compiles its exports
//   dir       where it is built, under pkg/ ("" for the main entry, so pkg/index.js)
//   guarded   classes it exports through glue.js's `guarded` (the FREED check, `using`)
//   remade    those of them made again from their constructor's arguments when the entry gives
//             its memory back (glue.js `memoryManager`); a live object of another guarded class
//             keeps the instance
//   node      optional: {module, types} — a CommonJS module of src/ with what only Node has (a
//             file reader), exported by the Node entries only; it sits next to the glue, so it
//             requires "./ctxpack.cjs" and "./glue.cjs"; its types import the entry's types
//             `from "ctxpack:glue"`, and package.json points the entry's Node import types at
//             index.node.d.ts
//   gzip      its wasm's size budget, gzip level 9 — a decision to write down in
//             docs/BENCHMARKS.md when raised, not a number to bump
//   wasmOpt   optional: wasm-opt flags after WASM_OPT_FLAGS, for this entry only
export const ENTRIES = [
  // wasm-opt inlines every function called from one place, whatever its size (-Oz's default);
  // past size 100 (binaryen's measure) it now leaves them as LLVM did: 2.2 KB more raw but
  // 3.7 KB less gzip (148,612 → 144,925), since a generic's copies compress against each other
  // while they stay functions of their own. A limit of 30 saves 2.1 KB more but made
  // inferIntent 2% slower; at 100 no case of bench/compare.mjs is slower (docs/ARCHITECTURE.md,
  // "Size"). At 30 since the chunked JSON-text reader (+4.3 KB: 150,351 at 100, 148,064 at 30;
  // bench/compare.mjs against 8766e86 at 100: inferIntent ×1000 9.82 → 11.02 ms, objects in
  // 11.77 → 10.43 ms, JSON text 39.76 → 41.10 ms, the reader's own costs included).
  // Raised from 150,000 to 155,000 for the reader of a string's UTF-16 units (jsondoc::WideDocs,
  // +4.8 KB: 149,073 → 153,843 with names stripped), which took JSON text in from 43 to 30 ms in
  // Node (docs/BENCHMARKS.md, "JSON text read as UTF-16 units"); no flag of wasm-opt's won it back.
  // Raised from 155,000 to 158,000 for a param match that reads only the field it compares
  // (json::Parser::member_at, glue.js dataAt, DocSet::data_at: +1.96 KB, 154,977 → 156,936),
  // which took "write the script for episode 3" at 10k from 61.7 to 31.5 ms with objects in and
  // from 93.7 to 76.2 ms with JSON text (bench/compare.mjs against 62deb7d). Records' ids handed
  // back as the caller's own strings (text::GivenStr, output::to_js_given) took it from 156,760 to
  // 157,402, within the budget, for objects in ~10% faster at 10k; a param match finding its field
  // in an object body's units (jsondoc::wide field_in_units) to 157,832, for that request with
  // JSON text in 13% faster; mismatch reasons shared per number found (rank::MismatchReasons) to
  // 157,897 (157,836 after the review). Raised from 158,000 to 159,000 for the strings of
  // the objects reader cut from one shared buffer (text::SharedStr as a part of one allocation,
  // jsondoc::CreatedAt: +0.9 KB, 157,836 → 158,744), which took objects in at 10k 0.89–0.91× the
  // time of a34e418 in three runs of bench/compare.mjs (40–60 rounds), 0.93–0.96× in separate
  // processes: 20,000 allocations and frees a call fewer. Raised to 159,500 for the encoder's columns written inline
  // (Encoder::num and ::code, Option's encode: +0.4 KB, 158,789 → 159,136): objects in at 10k
  // 0.93–0.94× of a9860b1 (mean and fastest of 16 alternating Node processes each, 40 calls a
  // process: one process pairs builds unevenly, see docs/BENCHMARKS.md). Keyed hash maps (hash.rs)
  // took it to 159,318. Raised to 160,000 for timestamps given as a `Date`, read as JSON.stringify
  // writes them (host::to_json for the field-by-field reader: +194 bytes, 159,318 → 159,512),
  // which rows from node-postgres, Prisma or Drizzle hold and which were refused before. Numbers
  // spelled as text in a param match (rank's `numeric`) took it to 159,815. Raised to 161,000 for
  // a Date crossing as its milliseconds and rendered back as its toISOString text
  // (timestamp::iso_text, CreatedAt::Date: +532 bytes, 159,815 → 160,347), which took 10,000
  // rows with Dates from 13.0 ms (each one's toISOString called) to 4.2–4.5 ms, faster than the
  // same rows with ISO strings (5.0–5.4 ms). Raised to 166,000 for issue 34 (+5,456 bytes,
  // 160,307 → 165,763): Chinese numerals and NFKC digits read in requests (src/jsondoc/numerals.rs,
  // about 4 KB raw before wasm-opt), `userRequest` and `range` params, and the cap's fitted and
  // prefix levels with their bounded search (about 5 KB raw), which keep 2,475 of the settings'
  // 4,398 chars where the coarse ladder kept a 457-char summary (docs/PROFILE.md).
  { name: "ctxpack", subpath: ".", feature: "jsondoc", dir: "", guarded: ["ContextAssembler"], remade: ["ContextAssembler"], gzip: 166_000, wasmOpt: ["--one-caller-inline-max-function-size=30"] },
  // preloadFiles, checkPaths, fitSections (docs/FILES.md); ~58 KB at first build. Node adds
  // readContextFiles, the disk reader. Raised from 70 KB to 76 KB for issue 33: a caller's
  // tokenCounter in preloadFiles and fitSections (the metered fitting, the host call, the
  // per-call memo of counted pieces, fitSections' bisecting cut), the not-inlined list, absolute
  // paths under a base and strict mode's naming: 63,638 -> 74,704 bytes gzip. Raised to 82 KB
  // for the secret rules of issue 33 (one table of 40-odd families, PEM placeholders, URLs with a
  // password, secret-named assignments, names on the resolved and Windows-opened paths: +5.5 KB
  // alone), which together with the above came to 79,390.
  { name: "files", subpath: "./files", feature: "files", dir: "files", guarded: [], gzip: 82_000, node: { module: "src/node/files.cjs", types: "src/node/files.d.ts" } },
  // extractClasses, formatModuleRegistry, trackOutputs, parseModifiedFiles (docs/CODE.md); ~67 KB
  // at first build, of which the scanners ~38.5 KB.
  { name: "code", subpath: "./code", feature: "code", dir: "code", guarded: [], gzip: 80_000 },
  // RunGovernor, governorStep (docs/GOVERNOR.md). 97.3 KB at first build; raised from 100 KB to
  // 110 KB when the flat-event reader (+1 KB) doubled Chromium's push rate (docs/GOVERNOR.md).
  { name: "governor", subpath: "./governor", feature: "governor", dir: "governor", guarded: ["RunGovernor"], gzip: 110_000 },
  // countTokens, encodeTokens, decodeTokens: exact o200k and cl100k (docs/TOKENS.md, "Exact
  // counts"). The vocabularies are the size, paid only by apps that import this entry: 2.9 MB
  // gzip at first build (tiktoken-rs's tables and regex); 1.56 MB since they are packed and the
  // pre-tokenizer is hand-written, when the budget came down from 3.1 MB.
  { name: "tokenizer", subpath: "./tokenizer", feature: "tokenizer", dir: "tokenizer", guarded: [], gzip: 1_650_000 },
  // The same exports with one vocabulary each (docs/TOKENS.md, "One vocabulary per import"), for
  // an edge function's size limit (Vercel: 1 MB Hobby, 2 MB Pro, gzipped, the wasm inlined as
  // base64 in the route's bundle): the packed o200k vocabulary alone is 1,047,426 bytes gzip -9,
  // cl100k 455,570, and the code is the same as the entry of both. The budgets are those plus
  // ~50 KB, so that a second vocabulary slipping in fails the size test.
  { name: "tokenizer-o200k", subpath: "./tokenizer/o200k", feature: "tokenizer-o200k", dir: "tokenizer-o200k", guarded: [], gzip: 1_150_000 },
  { name: "tokenizer-cl100k", subpath: "./tokenizer/cl100k", feature: "tokenizer-cl100k", dir: "tokenizer-cl100k", guarded: [], gzip: 560_000 },
];

// wasm-opt's flags for every entry (scripts/build.mjs; bench/code.mjs builds the shared runtime
// the same way): -Oz, the features rustc emits for wasm32-unknown-unknown, and no `producers` or
// `target_features` section — toolchain names no runtime reads (-232 bytes gzip on the main entry).
// `--low-memory-unused` lets wasm-opt fold `load(p + c)`, c < 1024, into `load offset=c (p)`
// (its only use: binaryen's optimize-added-constants pass). The two differ only when p + c
// wraps past 2^32, which no pointer of a Rust program does (its stack sits at the bottom of
// memory, but an access there is p + c with p small, not a wrap). -718 bytes gzip on the main
// entry, -330 to -520 on files, code and governor.
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
  // The example profile of README and docs/PROFILE.md, typed as a Profile for a JSON import.
  exports["./profiles/writing-app.json"] = { types: "./profiles/writing-app.json.d.ts", default: "./profiles/writing-app.json" };
  exports["./package.json"] = "./package.json";
  return exports;
}


// Builds the npm package into pkg/: one wasm per entry, each from one cargo build of this crate
// with the entry's feature (src/wasm/: each feature compiles one engine's exports), so an app
// pays only for the engines it imports. Per entry, in its directory (pkg/ for the main entry,
// pkg/<name>/ for the others):
//
//   node/      wasm-bindgen --target nodejs (CommonJS, .cjs; reads its .wasm synchronously)
//   web/       wasm-bindgen --target web, plus the wasm inlined as base64
//   index.js   default entry (browsers, bundlers, workers): instantiates synchronously on
//              import with initSync — no fetch, no init(), no top-level await, no asset URL
//   index.cjs  Node require; index.mjs Node import (the same instance as require)
//
// Usage: node scripts/build.mjs [--dev] [--entry name]...
//   --dev: debug builds, no wasm-opt; --entry: build only these entries (default: all)
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ENTRIES, WASM_OPT_FLAGS, packageExports } from "./entries.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const dev = args.includes("--dev");
const only = args.flatMap((a, i) => (args[i - 1] === "--entry" ? [a] : []));
for (const name of only) if (!ENTRIES.some((e) => e.name === name)) throw new Error(`--entry ${name}: no such entry (scripts/entries.mjs)`);
const pkg = join(root, "pkg");
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: "inherit" });
const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

/** One entry: its cargo build, wasm-bindgen twice, wasm-opt, the glue, its index files. */
function buildEntry({ name, subpath: entrySubpath, feature, dir, guarded: GUARDED, remade = [], node: nodeOnly, wasmOpt: entryFlags = [] }) {
  const out = join(pkg, dir);
  // An export as the entry gives it: a function counted as a call (memory is given back when the
  // outermost returns), a class guarded (glue.js `guarded`), remade in a new instance if it can be.
  const wrapped = (n, from) =>
    GUARDED.includes(n) ? `guarded(${from}.${n}, memory, ${remade.includes(n)})` : `memory.call(${from}.${n})`;
  // Later entries live inside pkg/; the main entry is pkg/ itself.
  for (const sub of ["node", "web", ...["index.js", "index.mjs", "index.cjs", "index.d.ts", "index.d.cts", "index.node.d.ts", "index.web.js", "index.web.d.ts", "index.workerd.js"]]) rmSync(join(out, sub), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  run("cargo", ["build", "--lib", "--target", "wasm32-unknown-unknown", "--no-default-features", "--features", feature, ...(dev ? [] : ["--release"])]);
  const wasm = join(root, "target", "wasm32-unknown-unknown", dev ? "debug" : "release", "ctxpack.wasm");
  // --weak-refs: a class instance the program drops is freed by the garbage collector
  // (FinalizationRegistry); free() and `using` still free it at once.
  for (const target of ["nodejs", "web"]) {
    run("wasm-bindgen", ["--target", target, "--weak-refs", "--out-dir", join(out, target === "nodejs" ? "node" : "web"), "--out-name", "ctxpack", wasm]);
  }
  if (!dev) {
    // wasm-opt from the npm package `binaryen` (Debian's is too old for rustc's output), with the
    // flags of scripts/entries.mjs (WASM_OPT_FLAGS, then the entry's own). Both targets get the
    // same module from wasm-bindgen, so it is optimized once (~6 s) and copied.
    const wasmOpt = (file) => run(join(root, "node_modules", ".bin", "wasm-opt"), [...WASM_OPT_FLAGS, ...entryFlags, file, "-o", file]);
    const [webBg, nodeBg] = [join(out, "web", "ctxpack_bg.wasm"), join(out, "node", "ctxpack_bg.wasm")];
    const same = readFileSync(webBg).equals(readFileSync(nodeBg));
    wasmOpt(webBg);
    if (same) copyFileSync(webBg, nodeBg);
    else wasmOpt(nodeBg);
  }
  // --- Node: CommonJS glue, with the ESM snippets turned into CommonJS so any Node 20 loads them.
  const nodeDir = join(out, "node");
  const nodeSnippets = snippetDir(nodeDir);
  const snippetNames = {};
  for (const name of SNIPPETS) {
    const source = readFileSync(join(nodeDir, nodeSnippets, `${name}.js`), "utf8");
    // Only `export class|function|const|let name` is rewritten; anything else would be left as ESM.
    const otherModuleSyntax = source.match(/^(?:import\b.*|export\b(?! (?:class|function|const|let) \w).*)$/m);
    if (otherModuleSyntax) throw new Error(`src/wasm/${name}.js: scripts/build.mjs cannot turn \`${otherModuleSyntax[0]}\` into CommonJS`);
    snippetNames[name] = [...source.matchAll(/^export (?:class|function|const|let) (\w+)/gm)].map((m) => m[1]);
    writeFileSync(
      join(nodeDir, `${name}.cjs`),
      `"use strict";\n${source.replace(/^export (class|function|const|let) /gm, "$1 ")}\nmodule.exports = { ${snippetNames[name].join(", ")} };\n`,
    );
  }
  rmSync(join(nodeDir, "snippets"), { recursive: true });
  let nodeGlue = readFileSync(join(nodeDir, "ctxpack.js"), "utf8");
  // A snippet is required by name, and also as a whole when wasm calls one of its functions
  // directly (no shim needed for its argument types).
  for (const name of SNIPPETS) {
    nodeGlue = nodeGlue
      .replace(`require(String.raw\`./${nodeSnippets}/${name}.js\`)`, `require('./${name}.cjs')`)
      .replaceAll(`require("./${nodeSnippets}/${name}.js")`, `require('./${name}.cjs')`);
  }
  if (/require\([^)]*snippets\//.test(nodeGlue)) throw new Error("pkg/node/ctxpack.js still requires a snippet");
  // Bundlers that pack a server (Next.js with webpack or Turbopack, esbuild) neither copy a file
  // read with fs nor keep `__dirname` pointing into the package, but they follow a `require`: the
  // wasm is also there as base64, which a bundle carries. Plain Node reads the file, because
  // parsing the base64 module costs ~6 ms a MB (the tokenizer's 8.7 MB: +50 ms; bench/startup.mjs).
  const readWasm = "const wasmPath = `${__dirname}/ctxpack_bg.wasm`;\nconst wasmBytes = require('fs').readFileSync(wasmPath);\n";
  if (!nodeGlue.includes(readWasm)) throw new Error("the Node glue no longer reads its wasm the way scripts/build.mjs expects: update it");
  nodeGlue = renewable(longStrings(nodeGlue.replace(readWasm, NODE_WASM)), "node");
  writeFileSync(join(nodeDir, "ctxpack.cjs"), nodeGlue);
  rmSync(join(nodeDir, "ctxpack.js"));
  // The glue declares `[Symbol.dispose]` (for `using`); pull in its lib so consumers compiling
  // for ES2022 without lib esnext still type-check.
  const disposable = (dts) => `/// <reference lib="esnext.disposable" />\n${dts}`;
  const glueDts = disposable(readFileSync(join(nodeDir, "ctxpack.d.ts"), "utf8"));
  writeFileSync(join(nodeDir, "ctxpack.d.cts"), glueDts);
  rmSync(join(nodeDir, "ctxpack.d.ts"));
  rmSync(join(nodeDir, "ctxpack_bg.wasm.d.ts"));
  writeFileSync(join(nodeDir, "wasm-inline.cjs"), `"use strict";\n// The wasm module, base64. Generated by scripts/build.mjs.\nmodule.exports = "${readFileSync(join(nodeDir, "ctxpack_bg.wasm")).toString("base64")}";\n`);
  rmSync(join(nodeDir, "ctxpack_bg.wasm"));

  const runtime = runtimeExports(readFileSync(join(out, "web", "ctxpack.js"), "utf8"));
  // The names read from the web glue's text must be what the Node glue exports when loaded.
  const loaded = Object.keys(createRequire(import.meta.url)(join(nodeDir, "ctxpack.cjs"))).filter((n) => !n.startsWith("__") && !INTERNAL.includes(n));
  if (loaded.sort().join() !== [...runtime].sort().join()) {
    throw new Error(`the web glue exports ${runtime.join(", ")} but the Node glue ${loaded.join(", ")}: update scripts/build.mjs`);
  }
  for (const name of ["CtxpackError", "guarded"]) {
    if (!snippetNames.glue.includes(name)) throw new Error(`src/wasm/glue.js no longer exports ${name}: update scripts/build.mjs`);
  }
  // The guard, tried on the Node build: a freed, foreign or forged `this` is refused before wasm.
  {
    const generated = createRequire(import.meta.url)(join(nodeDir, "ctxpack.cjs"));
    const { CtxpackError, guarded } = createRequire(import.meta.url)(join(nodeDir, "glue.cjs"));
    for (const name of GUARDED) {
      // memoryManager gives up a live object's instance through wasm-bindgen's own method.
      if (typeof generated[name].prototype.__destroy_into_raw !== "function") throw new Error(`${name} has no __destroy_into_raw: update glue.js memoryManager`);
      const Guarded = guarded(generated[name]);
      const a = new Guarded();
      a.free();
      a.free();
      const methods = Object.getOwnPropertyNames(generated[name].prototype).filter((n) => !["constructor", "free"].includes(n) && !n.startsWith("__"));
      if (methods.length === 0) throw new Error(`${name} has no methods to guard`);
      for (const method of methods) {
        for (const self of [a, {}, { __wbg_ptr: 8 }, new generated[name]()]) {
          let code;
          try {
            Guarded.prototype[method].call(self, "x");
          } catch (e) {
            code = e instanceof CtxpackError ? e.code : String(e);
          }
          if (code !== "FREED") throw new Error(`${name}.prototype.${method} on a freed or foreign this gave ${code}, not FREED`);
        }
      }
    }
  }
  const types = typeExports(glueDts, runtime);
  const errorDts = readFileSync(join(root, "src", "wasm", "glue.d.ts"), "utf8").replace(/^\/\/.*\n/gm, "");

  // What only Node has (a file reader): a CommonJS module of src/, copied next to the glue it
  // requires (`./ctxpack.cjs`, `./glue.cjs`), exported by the Node entries alone.
  let nodeNames = [];
  if (nodeOnly) {
    copyFileSync(join(root, nodeOnly.module), join(nodeDir, "node-only.cjs"));
    nodeNames = Object.keys(createRequire(import.meta.url)(join(nodeDir, "node-only.cjs")));
    if (nodeNames.length === 0) throw new Error(`${nodeOnly.module} exports nothing`);
  }
  writeFileSync(
    join(out, "index.cjs"),
    `"use strict";\n// Node's require entry. Generated by scripts/build.mjs.\nconst glue = require("./node/ctxpack.cjs");\nconst { CtxpackError, guarded, memoryManager } = require("./node/glue.cjs");\n` +
      `const memory = memoryManager(glue.__ctxpackRenew, glue.__ctxpackMemory);\n` +
      runtime.map((n) => `exports.${n} = ${wrapped(n, "glue")};\n`).join("") +
      `exports.releaseMemory = () => memory.release();\nexports.CtxpackError = CtxpackError;\n` +
      (nodeOnly ? `const nodeOnly = require("./node/node-only.cjs");\n${nodeNames.map((n) => `exports.${n} = nodeOnly.${n};\n`).join("")}` : ""),
  );
  writeFileSync(
    join(out, "index.mjs"),
    `// Node's import entry: the CommonJS build, so import and require share one instance.\nimport m from "./index.cjs";\nexport const { ${[...runtime, "releaseMemory", "CtxpackError", ...nodeNames].join(", ")} } = m;\n`,
  );

  // --- Web: one glue, three ways to get its wasm (each an ESM entry over ./web/ctxpack.js).
  const webDir = join(out, "web");
  const webWasm = readFileSync(join(webDir, "ctxpack_bg.wasm"));
  writeFileSync(join(webDir, "wasm-inline.js"), `// The wasm module, base64. Generated by scripts/build.mjs.\nexport default "${webWasm.toString("base64")}";\n`);
  rmSync(join(webDir, "ctxpack_bg.wasm.d.ts"));
  writeFileSync(join(webDir, "ctxpack.d.ts"), disposable(readFileSync(join(webDir, "ctxpack.d.ts"), "utf8")));
  // The async init's default `new URL('ctxpack_bg.wasm', import.meta.url)` would make bundlers
  // copy the .wasm into every app that imports the default entry, which never loads it; the
  // /web entry names the file itself.
  const webGluePath = join(webDir, "ctxpack.js");
  const defaultUrl = "module_or_path = new URL('ctxpack_bg.wasm', import.meta.url);";
  const webGlue = readFileSync(webGluePath, "utf8");
  if (!webGlue.includes(defaultUrl)) throw new Error("the web glue's default wasm URL moved: update scripts/build.mjs");
  writeFileSync(webGluePath, renewable(longStrings(webGlue.replace(defaultUrl, 'throw new Error("ctxpack: init() needs the module; the entries pass it");')), "web"));
  const glueModule = `./web/${snippetDir(webDir)}/glue.js`;
  // The default entry and the workerd one instantiate at import, from bytes or a compiled module.
  const eager = (comment, load) => `${comment} Generated by scripts/build.mjs.
import * as generated from "./web/ctxpack.js";
import { CtxpackError, guarded, memoryManager } from "${glueModule}";
const { initSync } = generated;
${load}
const memory = memoryManager(generated.__ctxpackRenew, generated.__ctxpackMemory);
${runtime.map((n) => `export const ${n} = ${wrapped(n, "generated")};`).join("\n")}
export const releaseMemory = () => memory.release();
export { CtxpackError };
`;
  writeFileSync(
    join(out, "index.js"),
    eager(
      "// The default entry: browsers, bundlers (Vite needs no plugin), Web Workers, edge runtimes; the\n// wasm inlined and instantiated synchronously on import: no fetch, no init(), no top-level await.",
      `import base64 from "./web/wasm-inline.js";

function bytes(text) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(text);
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

initSync({ module: bytes(base64) });
`,
    ),
  );
  writeFileSync(
    join(out, "index.workerd.js"),
    eager(
      "// Cloudflare Workers (the `workerd` condition): the .wasm imported as a module, which wrangler\n// uploads compiled; instantiating a compiled module is allowed at any time, under any\n// compatibility date, where compiling bytes is not.",
      `import module from "./web/ctxpack_bg.wasm";

initSync({ module });
`,
    ),
  );
  const subpath = `ctxpack${entrySubpath === "." ? "" : entrySubpath.slice(1)}/web`;
  writeFileSync(
    join(out, "index.web.js"),
    `// ${subpath}: the wasm as a separate file, compiled while it downloads, by \`await init()\`.
// Generated by scripts/build.mjs.
import instantiate, * as generated from "./web/ctxpack.js";
import { CtxpackError, deferred, guarded, memoryManager } from "${glueModule}";

// Bundlers (Vite, webpack 5, Next.js) find the .wasm by this expression and emit it as an asset.
const { init, whenReady } = deferred(instantiate, () => new URL("./web/ctxpack_bg.wasm", import.meta.url), ${JSON.stringify(subpath)});
const memory = memoryManager(generated.__ctxpackRenew, generated.__ctxpackMemory);
export { init, CtxpackError };
${runtime.map((n) => `export const ${n} = whenReady(${JSON.stringify(n)}, ${wrapped(n, "generated")});`).join("\n")}
export const releaseMemory = whenReady("releaseMemory", () => memory.release());
`,
  );

  // CtxpackErrorCode comes from the Rust types; should they stop declaring it, codes are strings.
  const errorCode = (from) => (types.includes("CtxpackErrorCode") ? `import type { CtxpackErrorCode } from "${from}";` : "type CtxpackErrorCode = string;");
  const dtsBody = (from) =>
    `// Generated by scripts/build.mjs from the wasm-bindgen declarations.\n${errorCode(from)}\nexport { ${runtime.join(", ")} } from "${from}";\nexport type { ${types.join(", ")} } from "${from}";\n\n${errorDts}`;
  writeFileSync(join(out, "index.d.ts"), dtsBody("./web/ctxpack.js"));
  writeFileSync(join(out, "index.web.d.ts"), `${dtsBody("./web/ctxpack.js")}\n${WEB_INIT_DTS}`);
  // Node's own declarations add what only Node has; package.json points Node's import at
  // index.node.d.ts for such an entry.
  // Its imports of the entry's types say `from "ctxpack:glue"`, replaced by the glue's path.
  const nodeDts = (from) => (nodeOnly ? `\n${readFileSync(join(root, nodeOnly.types), "utf8").replace(/^\/\/.*\n/gm, "").replaceAll('"ctxpack:glue"', JSON.stringify(from))}` : "");
  writeFileSync(join(out, "index.d.cts"), dtsBody("./node/ctxpack.cjs") + nodeDts("./node/ctxpack.cjs"));
  if (nodeOnly) writeFileSync(join(out, "index.node.d.ts"), dtsBody("./web/ctxpack.js") + nodeDts("./web/ctxpack.js"));

  const gz = gzipSync(webWasm, { level: 9 }).length;
  const br = brotliCompressSync(webWasm).length;
  const inline = readFileSync(join(webDir, "wasm-inline.js"));
  console.log(
    `${name} wasm: ${webWasm.length} bytes raw, ${gz} gzip, ${br} brotli; inlined as base64: ${inline.length} bytes, ${gzipSync(inline, { level: 9 }).length} gzip${dev ? " (debug build)" : ""}`,
  );
  // Chromium refuses to compile a module over 8 MB synchronously on the main thread, which is
  // what initSync does at import: past that, the default entry would break in every browser page.
  if (webWasm.length > 8 * 1024 * 1024) {
    const problem = `the wasm is ${webWasm.length} bytes: over Chromium's 8 MB limit for a synchronous compile`;
    if (!dev) throw new Error(problem);
    console.warn(`warning: ${problem}; browser pages will fail to import this debug build`);
  }
}

/** The snippet directory wasm-bindgen copies src/wasm/*.js into, relative to a glue directory. */
function snippetDir(dir) {
  const hashed = readdirSync(join(dir, "snippets"));
  if (hashed.length !== 1) throw new Error(`expected one snippet directory in ${dir}/snippets, found ${hashed.length}`);
  return `snippets/${hashed[0]}/src/wasm`;
}
// The hand-written half of the binding (glue.js) and the decoders generated from the Rust
// declarations (shapes.js; see src/declarations.rs).
const SNIPPETS = ["glue", "shapes"];

// How the Node glue gets its wasm: the package's file when it is there, else the base64 copy a
// bundle followed through require (bench/startup.mjs times each way).
const NODE_WASM = `function readWasm() {
    const file = \`\${__dirname}/../web/ctxpack_bg.wasm\`;
    // Deno stops to ask the terminal before a read it was not granted; the base64 copy needs none.
    const ask = typeof Deno === 'object' && Deno.permissions?.querySync?.({ name: 'read', path: file }).state !== 'granted';
    if (!ask) {
        try {
            return require('fs').readFileSync(file);
        } catch {}
    }
    return Buffer.from(require('./wasm-inline.cjs'), 'base64');
}
const wasmBytes = readWasm();
`;

// Long strings into wasm memory. wasm-bindgen's passStringToWasm0 copies a string's ASCII prefix
// in a JavaScript loop into one byte per unit, then, at the first other character, reallocates to
// three bytes per unit for the rest; the allocator (dlmalloc) moves a block it cannot extend, so
// old and new blocks are held at once: four bytes per unit, and linear memory never shrinks (a
// 100,000-document JSON text left 582 MB behind; docs/BENCHMARKS.md, Memory). From LONG_STRING
// units on, the string's UTF-8 size is estimated from a few slices of it, one block of about that
// size is taken (a margin of 1/64: a larger one keeps the next call of the same size from reusing
// the block this one frees), and encodeInto writes the whole string into it; a string denser than
// its slices grows the block by what the rest can need at most, and the block is then cut to size
// (in place). The peak is about the string's UTF-8 size. Below LONG_STRING_SAMPLED units (a chunk
// of JSON text, src/jsondoc/chunked.rs) the block is three bytes a unit, a few hundred KB at most,
// cut to size after: sampling 32 slices of 512 units would encode a quarter of a 64K-unit chunk
// twice.
const LONG_STRING = 1 << 14;
const LONG_STRING_SAMPLED = 1 << 20;
const PASS_STRING_AT = "    let len = arg.length;\n    let ptr = malloc(len, 1) >>> 0;\n";
const PASS_LONG_STRING = `
const LONG_STRING_SLICES = 32;
const LONG_STRING_SLICE = 512;
const longStringScratch = new Uint8Array(3 * LONG_STRING_SLICE);

function passLongStringToWasm0(arg, malloc, realloc) {
    const len = arg.length;
    let perUnit = 3;
    if (len >= ${LONG_STRING_SAMPLED}) {
        let sampled = 0;
        for (let i = 0; i < LONG_STRING_SLICES; i++) {
            const at = Math.floor((i * (len - LONG_STRING_SLICE)) / (LONG_STRING_SLICES - 1));
            sampled += cachedTextEncoder.encodeInto(arg.slice(at, at + LONG_STRING_SLICE), longStringScratch).written;
        }
        perUnit = sampled / (LONG_STRING_SLICES * LONG_STRING_SLICE);
    }
    let cap = Math.min(3 * len, Math.ceil(len * perUnit * 1.015625) + 4096);
    let ptr = malloc(cap, 1) >>> 0;
    let read = 0;
    let written = 0;
    for (;;) {
        const view = getUint8ArrayMemory0().subarray(ptr + written, ptr + cap);
        const ret = cachedTextEncoder.encodeInto(read === 0 ? arg : arg.slice(read), view);
        read += ret.read;
        written += ret.written;
        if (read >= len) break;
        // Denser than its slices: room for the most the rest can take (three bytes a unit).
        ptr = realloc(ptr, cap, cap = written + 3 * (len - read), 1) >>> 0;
    }
    if (cap !== written) ptr = realloc(ptr, cap, written, 1) >>> 0;
    WASM_VECTOR_LEN = written;
    return ptr;
}
`;
function longStrings(glue) {
  if (!glue.includes(PASS_STRING_AT) || !glue.includes("function passStringToWasm0(arg, malloc, realloc) {")) {
    throw new Error("wasm-bindgen's passStringToWasm0 changed: update longStrings in scripts/build.mjs");
  }
  return `${glue.replace(PASS_STRING_AT, `    if (realloc !== undefined && arg.length >= ${LONG_STRING}) return passLongStringToWasm0(arg, malloc, realloc);\n${PASS_STRING_AT}`)}${PASS_LONG_STRING}`;
}

// Giving memory back (glue.js `memoryManager`): the generated glue gets a function that replaces
// its instance with a fresh one of the same compiled module, forgetting the views it cached of the
// old memory, and one that says how large linear memory is.
function renewable(glue, target) {
  const cached = [...glue.matchAll(/^let (cached\w+Memory0) = null;$/gm)].map((m) => m[1]);
  if (cached.length === 0 || !glue.includes("function __wbg_get_imports()")) {
    throw new Error(`the ${target} glue no longer caches memory views or builds its imports the way scripts/build.mjs expects: update renewable()`);
  }
  if (target === "node") {
    const at = "let wasmInstance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());\nlet wasm = wasmInstance.exports;\n";
    if (!glue.includes(at)) throw new Error("the Node glue no longer instantiates the way scripts/build.mjs expects: update renewable()");
    return `${glue}
function __ctxpackRenew() {
    wasmInstance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());
    wasm = wasmInstance.exports;
${cached.map((c) => `    ${c} = null;`).join("\n")}
    wasm.__wbindgen_start();
}
exports.__ctxpackRenew = __ctxpackRenew;
exports.__ctxpackMemory = () => wasm.memory.buffer.byteLength;
`;
  }
  const finalize = glue.match(/^function __wbg_finalize_init\(instance, module\) \{\n([\s\S]*?)\n\}/m);
  if (!finalize || cached.some((c) => !finalize[1].includes(`${c} = null;`))) {
    throw new Error("the web glue's __wbg_finalize_init no longer resets every cached view: update renewable()");
  }
  return `${glue}
export function __ctxpackRenew() {
    __wbg_finalize_init(new WebAssembly.Instance(wasmModule, __wbg_get_imports()), wasmModule);
}
export function __ctxpackMemory() {
    return wasm.memory.buffer.byteLength;
}
`;
}

// What a /web entry adds to its entry's declarations.
const WEB_INIT_DTS = `/**
 * Loads this entry's wasm. Every other export throws \`CtxpackError\` \`NOT_INITIALIZED\` until the
 * promise resolves; calling init() again returns the same promise. Without an argument the .wasm
 * next to this module is fetched (bundlers emit it as an asset) and compiled while it downloads.
 * Resolves to the compiled module: post it to a Worker and pass it to the worker's init(), and the
 * worker instantiates it without downloading or compiling it again.
 */
export declare function init(source?: WebAssembly.Module | BufferSource | Response | PromiseLike<Response> | URL | string): Promise<WebAssembly.Module>;
`;

// Exported by wasm-bindgen but not the package's: `start` (src/wasm/mod.rs) runs by itself
// when the module is instantiated.
const INTERNAL = ["start"];

/** Names a glue module exports at run time, minus wasm-bindgen's own init functions. */
function runtimeExports(glueJs) {
  const names = [...glueJs.matchAll(/^export (?:function|class|const|let) (\w+)/gm)].map((m) => m[1]);
  return names.filter((n) => !n.startsWith("__") && n !== "initSync" && !INTERNAL.includes(n));
}

/** Type names a glue .d.ts declares, minus the init types of the web target. */
function typeExports(dts, runtime) {
  const names = [...dts.matchAll(/^\s*export (?:type|interface) (\w+)/gm)].map((m) => m[1]);
  return [...new Set(names)].filter((n) => !["InitInput", "InitOutput", "SyncInitInput"].includes(n) && !runtime.includes(n));
}

// The package must name every entry's files, or `import "ctxpack/<name>"` finds nothing.
if (JSON.stringify(packageJson.exports) !== JSON.stringify(packageExports())) {
  throw new Error('package.json "exports" is not what scripts/entries.mjs gives: run `node scripts/write-exports.mjs`');
}
if (only.length === 0) rmSync(pkg, { recursive: true, force: true });
for (const entry of ENTRIES) {
  if (only.length > 0 && !only.includes(entry.name)) continue;
  // The package must name the entry, or `import "ctxpack/<name>"` finds nothing.
  if (!packageJson.files.includes(entry.dir === "" ? "pkg/node/" : `pkg/${entry.dir}/`)) throw new Error(`package.json "files" lacks the directory of ${entry.subpath}`);
  buildEntry(entry);
}

"use strict";
// Node's entries (require, and import through index.mjs, so both share one instance): the same
// glue as every other entry, given its wasm synchronously. Requiring the glue, an ES module, needs
// Node 20.19 or 22.12 (require of ES modules without a flag); Bun and Deno have it.
const { entryExports } = require("./exports.js");

/**
 * @param {string} dir the entry's directory (its `__dirname`)
 * @param {Record<string, any>} generated its glue
 * @param {import("./exports.js").Glue} glue its copy of glue.js
 * @param {() => string} inline its wasm as base64, required only when the file cannot be read
 * @param {import("./exports.js").EntryClasses} classes
 */
module.exports = function nodeExports(dir, generated, glue, inline, classes) {
  generated.initSync({ module: readWasm(`${dir}/web/ctxpack_bg.wasm`, inline) });
  return entryExports(generated, glue, classes);
};

// The package's file when it is there, else the base64 copy. Bundlers that pack a server (Next.js
// with webpack or Turbopack, esbuild) neither copy a file read with fs nor keep `__dirname`
// pointing into the package, but they follow a `require`, and a bundle carries the base64. Plain
// Node reads the file, because parsing the base64 module costs ~6 ms a MB (the tokenizer's
// 8.7 MB: +50 ms; bench/startup.mjs).
function readWasm(file, inline) {
  // Deno stops to ask the terminal before a read it was not granted; the base64 copy needs none.
  const ask = typeof Deno === "object" && Deno.permissions?.querySync?.({ name: "read", path: file }).state !== "granted";
  if (!ask) {
    try {
      return require("fs").readFileSync(file);
    } catch {}
  }
  return Buffer.from(inline(), "base64");
}

// The build edits nothing wasm-bindgen writes: each entry's web/ holds wasm-bindgen's output
// byte for byte (its .wasm then optimized by wasm-opt), plus the base64 copy the build adds.
// Run after `node scripts/build.mjs`, which keeps the wasm it gave wasm-bindgen per entry; this
// test runs wasm-bindgen on it again, with the build's flags, and compares.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ENTRIES, WASM_BINDGEN_FLAGS, bindgenInput } from "../../scripts/entries.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const WASM = "ctxpack_bg.wasm";
// What the build adds next to wasm-bindgen's files (scripts/build.mjs).
const ADDED = ["wasm-inline.js"];

/** Every file under `dir`, as paths relative to it. */
const files = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();

/** How `shipped` differs from wasm-bindgen's output `fresh`: files missing, added, or changed. */
function differences(fresh, shipped) {
  const want = files(fresh);
  const have = files(shipped);
  const out = [];
  for (const f of want) if (!have.includes(f)) out.push(`${f} missing`);
  for (const f of have) if (!want.includes(f) && !ADDED.includes(f)) out.push(`${f} not written by wasm-bindgen`);
  for (const f of want) {
    if (f === WASM || !have.includes(f)) continue;
    if (!readFileSync(join(fresh, f)).equals(readFileSync(join(shipped, f)))) out.push(`${f} differs`);
  }
  // wasm-opt keeps what the glue and the module agree on: the names each imports and exports.
  if (have.includes(WASM)) {
    const names = (file) => {
      const m = new WebAssembly.Module(readFileSync(file));
      return JSON.stringify([WebAssembly.Module.imports(m), WebAssembly.Module.exports(m)]);
    };
    if (names(join(fresh, WASM)) !== names(join(shipped, WASM))) out.push(`${WASM} imports or exports differ`);
  }
  return out;
}

const work = mkdtempSync(join(tmpdir(), "ctxpack-untouched-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));
const bindgen = (name) => {
  const out = join(work, name);
  if (!existsSync(out)) execFileSync("wasm-bindgen", [...WASM_BINDGEN_FLAGS, "--out-dir", out, bindgenInput(root, name)], { stdio: "inherit" });
  return out;
};

for (const { name, dir } of ENTRIES) {
  test(`${name}: web/ is wasm-bindgen's output, unedited`, () => {
    assert.ok(existsSync(bindgenInput(root, name)), `${bindgenInput(root, name)} is missing: run node scripts/build.mjs`);
    assert.deepEqual(differences(bindgen(name), join(root, "pkg", dir, "web")), []);
  });
}

test("an edited, added or missing file is found", () => {
  const [{ name }] = ENTRIES;
  const fresh = bindgen(name);
  const shipped = join(work, "edited");
  cpSync(fresh, shipped, { recursive: true });
  assert.deepEqual(differences(fresh, shipped), []);
  appendFileSync(join(shipped, "ctxpack.js"), "\n");
  appendFileSync(join(shipped, "patched.cjs"), "");
  rmSync(join(shipped, "ctxpack.d.ts"));
  assert.deepEqual(differences(fresh, shipped), ["ctxpack.d.ts missing", "patched.cjs not written by wasm-bindgen", "ctxpack.js differs"]);
});

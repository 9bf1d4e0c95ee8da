// The files engine's half of preloading contents (src/wasm/files.rs is the Rust half): the
// contents glue.js's `hostValue` held apart (`apart`) written into wasm memory as UTF-8, and the
// block made of them again. Only the `ctxpack/files` entry's wasm imports it; the rest of the
// glue (src/wasm/glue.js) is engine-neutral.

const utf8 = new TextEncoder();

/**
 * Writes the contents `hostValue` held apart (`apart`) as UTF-8 into `view`, a view of wasm
 * memory the Rust side sized, from where the last call stopped; records each one's byte length
 * in `tape.heldBytes`. Returns the bytes written; `tape.done` says how many UTF-16 units are
 * encoded, so Rust knows whether to make room and call again (nothing allocates in wasm during
 * the call, so the view stays valid).
 *
 * @param {{ held: string[], heldBytes: Uint32Array, next: number, done: number }} tape
 * @param {Uint8Array} view
 * @returns {number}
 */
export function encodeApart(tape, view) {
  const { held, heldBytes } = tape;
  let at = 0;
  while (tape.next < held.length) {
    const s = held[tape.next];
    // Units of this string written by an earlier call (encodeInto never splits a pair).
    const from = tape.partial;
    const r = utf8.encodeInto(from === 0 ? s : s.slice(from), at === 0 ? view : view.subarray(at));
    at += r.written;
    heldBytes[tape.next] += r.written;
    tape.done += r.read;
    if (from + r.read < s.length) {
      tape.partial = from + r.read;
      return at;
    }
    tape.partial = 0;
    tape.next++;
  }
  return at;
}

/**
 * Sets `result.block`: `literals` cut at `cuts` (UTF-16 ends), and between each two the held
 * content `bodies[2k]` cut to its first `bodies[2k + 1]` units (the core drops a final newline).
 * Joined, as the block decoded from wasm memory would be one flat string.
 *
 * @param {{ block: string }} result
 * @param {{ held: string[] }} tape
 * @param {string} literals
 * @param {Uint32Array} cuts
 * @param {Uint32Array} bodies
 */
export function fillBlock(result, tape, literals, cuts, bodies) {
  const parts = new Array(cuts.length * 2 + 1);
  let from = 0;
  for (let k = 0; k < cuts.length; k++) {
    parts[2 * k] = literals.slice(from, cuts[k]);
    from = cuts[k];
    const s = tape.held[bodies[2 * k]];
    const units = bodies[2 * k + 1];
    parts[2 * k + 1] = s.length === units ? s : s.slice(0, units);
  }
  parts[cuts.length * 2] = literals.slice(from);
  result.block = parts.join("");
}

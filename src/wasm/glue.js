// The JavaScript half of ctxpack's binding layer; src/wasm/convert.rs is the Rust half.
// wasm-bindgen ships this file beside the glue it generates, so every build (Node, web, the
// browser tests) runs the same code.

/** The error every ctxpack export throws for bad input. */
export class CtxpackError extends Error {
  /**
   * @param {string} message for people
   * @param {string} code stable, for programs to branch on
   * @param {string} path JSON pointer to the offending field of the argument
   */
  constructor(message, code, path) {
    super(message);
    this.code = code;
    this.path = path;
  }

  toJSON() {
    return { name: this.name, code: this.code, path: this.path, message: this.message };
  }
}
Object.defineProperty(CtxpackError.prototype, "name", { value: "CtxpackError", writable: true, configurable: true });

/**
 * Reads what ranking needs from every document in one pass, so the metadata crosses into wasm
 * in a few large pieces instead of one call per field (each crossing costs more than the read).
 * Returns null when any document is not plainly well-formed: the Rust side then re-reads field
 * by field and reports the exact error. Bodies (`data`, `metadata`) are not touched beyond
 * checking they are present; they cross only for documents that are rendered.
 *
 * @param {unknown[]} docs
 * @returns {{ text: string, parts: number, created: Float64Array, flags: Uint8Array } | null}
 */
export function readMeta(docs) {
  const n = docs.length;
  const text = [];
  const created = new Float64Array(n);
  const flags = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const d = docs[i];
    if (d === null || typeof d !== "object" || Array.isArray(d)) return null;
    const { id, schema_type, origin_type, created_at, is_leaf, data, metadata } = d;
    if (typeof id !== "string" || typeof schema_type !== "string" || data === undefined) return null;
    let f;
    if (origin_type === "user_input") f = FLAG_USER_INPUT;
    else if (origin_type === "ai_generated") f = 0;
    else return null;
    text.push(id, schema_type);
    if (typeof created_at === "string") {
      f |= FLAG_CREATED_TEXT;
      text.push(created_at);
    } else if (typeof created_at === "number") created[i] = created_at;
    else return null;
    if (is_leaf === true) f |= FLAG_LEAF_GIVEN | FLAG_LEAF;
    else if (is_leaf === false) f |= FLAG_LEAF_GIVEN;
    else if (is_leaf !== undefined && is_leaf !== null) return null;
    if (metadata !== undefined && metadata !== null && (typeof metadata !== "object" || Array.isArray(metadata))) return null;
    flags[i] = f;
  }
  return { text: text.join("\u0000"), parts: text.length, created, flags };
}

// Keep in step with the FLAG_ constants in convert.rs.
const FLAG_USER_INPUT = 1;
const FLAG_LEAF_GIVEN = 2;
const FLAG_LEAF = 4;
const FLAG_CREATED_TEXT = 8;

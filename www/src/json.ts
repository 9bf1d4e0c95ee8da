// JSON text helpers for the editors: where a syntax error is (line and column), and where the
// field a CtxpackError's JSON pointer names sits in the text the user typed.
//
// JSON.parse does the parsing; this scanner only runs when something went wrong, because
// engines disagree on (or omit) the position in their syntax error messages.

export interface TextPosition {
  /** UTF-16 offset into the text. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 units like an editor's cursor. */
  column: number;
}

export type ParseOutcome = { ok: true; value: unknown } | { ok: false; message: string; position: TextPosition };

export function positionAt(text: string, offset: number): TextPosition {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < clamped; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { offset: clamped, line, column: clamped - lineStart + 1 };
}

/** JSON.parse, with the first syntax error located by line and column. */
export function parseJson(text: string): ParseOutcome {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    const error = scanError(text);
    return { ok: false, message: error.message, position: positionAt(text, error.offset) };
  }
}

class ScanError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

function describe(text: string, at: number): string {
  if (at >= text.length) return "unexpected end of the text";
  const ch = String.fromCodePoint(text.codePointAt(at) ?? 0);
  return ch.trim() === "" ? `unexpected U+${ch.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}` : `unexpected '${ch}'`;
}

/**
 * A strict JSON scanner (RFC 8259) over UTF-16 text. With a target pointer it records the offset
 * of the deepest value on the pointer's way, so a missing field can still be pointed near.
 */
class Scanner {
  pos = 0;
  depth = 0;
  /** Offsets of the values found along the target path, by depth (0 = the root value). */
  readonly found: number[] = [];

  constructor(
    readonly text: string,
    readonly target: string[] | null = null,
  ) {}

  fail(message: string): never {
    throw new ScanError(message, this.pos);
  }

  ws(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.pos++;
      else break;
    }
  }

  document(): void {
    this.ws();
    this.value(true, 0);
    this.ws();
    if (this.pos < this.text.length) this.fail(`${describe(this.text, this.pos)} after the JSON value`);
  }

  /** onPath: this value is on the target path at `level` segments deep. */
  value(onPath: boolean, level: number): void {
    if (onPath) this.found[level] = this.pos;
    const c = this.text[this.pos];
    if (++this.depth > 10_000) this.fail("nesting is too deep");
    if (c === "{") this.object(onPath, level);
    else if (c === "[") this.array(onPath, level);
    else if (c === '"') this.string();
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) this.number();
    else if (this.text.startsWith("true", this.pos)) this.pos += 4;
    else if (this.text.startsWith("false", this.pos)) this.pos += 5;
    else if (this.text.startsWith("null", this.pos)) this.pos += 4;
    else this.fail(`${describe(this.text, this.pos)}: expected a value`);
    this.depth--;
  }

  object(onPath: boolean, level: number): void {
    this.pos++;
    this.ws();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.text[this.pos] !== '"') this.fail(`${describe(this.text, this.pos)}: expected a property name in double quotes`);
      const keyStart = this.pos;
      this.string();
      const key: unknown = JSON.parse(this.text.slice(keyStart, this.pos));
      this.ws();
      if (this.text[this.pos] !== ":") this.fail(`${describe(this.text, this.pos)}: expected ':' after a property name`);
      this.pos++;
      this.ws();
      const next = onPath && this.target !== null && level < this.target.length && this.target[level] === key;
      this.value(next, level + 1);
      this.ws();
      const c = this.text[this.pos];
      if (c === ",") {
        this.pos++;
        continue;
      }
      if (c === "}") {
        this.pos++;
        return;
      }
      this.fail(`${describe(this.text, this.pos)}: expected ',' or '}' after a property value`);
    }
  }

  array(onPath: boolean, level: number): void {
    this.pos++;
    this.ws();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return;
    }
    for (let index = 0; ; index++) {
      this.ws();
      const next = onPath && this.target !== null && level < this.target.length && this.target[level] === String(index);
      this.value(next, level + 1);
      this.ws();
      const c = this.text[this.pos];
      if (c === ",") {
        this.pos++;
        continue;
      }
      if (c === "]") {
        this.pos++;
        return;
      }
      this.fail(`${describe(this.text, this.pos)}: expected ',' or ']' after an array element`);
    }
  }

  string(): void {
    const t = this.text;
    this.pos++;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === 34) {
        this.pos++;
        return;
      }
      if (c < 0x20) this.fail(`a control character (U+${c.toString(16).padStart(4, "0").toUpperCase()}) inside a string: escape it`);
      if (c === 92) {
        const e = t[this.pos + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(this.pos + 2, this.pos + 6))) {
            this.pos += 2;
            this.fail("a \\u escape needs four hex digits");
          }
          this.pos += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          this.pos += 2;
        } else {
          this.pos++;
          this.fail(`invalid escape ${JSON.stringify("\\" + (e ?? ""))}`);
        }
        continue;
      }
      this.pos++;
    }
    this.fail("unterminated string");
  }

  number(): void {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.pos, this.pos + 400));
    if (m === null) this.fail(`${describe(this.text, this.pos)}: invalid number`);
    this.pos += m[0].length;
  }
}

function scanError(text: string): ScanError {
  try {
    new Scanner(text).document();
  } catch (e) {
    if (e instanceof ScanError) return e;
    throw e;
  }
  // JSON.parse refused what the scanner accepts: should not happen; point at the start.
  return new ScanError("not valid JSON", 0);
}

/** Splits a JSON pointer (RFC 6901) into unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export interface PointerLocation extends TextPosition {
  /** The part of the pointer found in the text (all of it unless the field is missing). */
  found: string;
  exact: boolean;
}

/** Where the value a JSON pointer names starts in valid JSON text (or its deepest existing parent). */
export function locatePointer(text: string, pointer: string): PointerLocation | null {
  const segments = pointerSegments(pointer);
  const scanner = new Scanner(text, segments);
  try {
    scanner.document();
  } catch {
    return null;
  }
  let level = scanner.found.length - 1;
  while (level > 0 && scanner.found[level] === undefined) level--;
  const offset = scanner.found[level];
  if (offset === undefined) return null;
  const found = segments
    .slice(0, level)
    .map((s) => "/" + s.replace(/~/g, "~0").replace(/\//g, "~1"))
    .join("");
  return { ...positionAt(text, offset), found, exact: level === segments.length };
}

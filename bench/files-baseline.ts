// preloadFiles done in plain TypeScript, as an app would write it without ctxpack: the same rules
// in the same order (paths normalised and confined, duplicates, secret names, binary, lines,
// secret shapes in the content, the budget in order) and the same block, byte for byte when
// everything fits (bench/files.mjs checks it). Tokens either as chars / 4, rounded up (what an
// app would write), or by `OwnEstimate`, a line-for-line TypeScript port of ctxpack's o200k
// estimator (src/tokens/mod.rs), so that both sides do the same work and must agree on the
// total (bench/files.mjs checks that too).
// Type-checked strict and transpiled by bench/files.mjs; Node and the Chromium page run the same
// text.

export interface FileRef {
  path: string;
  source?: string | null;
}
export interface FileContent {
  path: string;
  content: string;
}
export interface PlainOptions {
  maxLines: number;
  maxTokens: number;
  fanout: number;
  /** "quarter": chars / 4; "estimate": the port of ctxpack's estimator. */
  tokens: "quarter" | "estimate";
}
export interface PlainRecord {
  path: string;
  id: string;
  source: string | null;
  action: "inlined" | "skipped" | "rejected" | "duplicate";
  reasonCode: string;
  bytes: number | null;
  lines: number | null;
  tokens: number | null;
  language: string | null;
  duplicateOf: number | null;
}
export interface PlainResult {
  block: string;
  records: PlainRecord[];
  totals: { inlined: number; chars: number; tokens: number; bytes: number; fanoutTokens: number };
}

const HEADING = "### Pre-loaded Files\n\nThese files are preloaded below with their current contents: use them as they are, and do not read them again.\n";

const LANGUAGES: Record<string, string> = {
  py: "python", pyi: "python", jsx: "jsx", tsx: "tsx", ts: "typescript", mts: "typescript", cts: "typescript",
  js: "javascript", mjs: "javascript", cjs: "javascript", css: "css", scss: "scss", sass: "sass", less: "less",
  html: "html", htm: "html", vue: "vue", svelte: "svelte", json: "json", jsonc: "jsonc", rs: "rust", go: "go",
  md: "markdown", mdx: "mdx", java: "java", kt: "kotlin", swift: "swift", rb: "ruby", php: "php", c: "c", h: "c",
  cc: "cpp", cpp: "cpp", hpp: "cpp", cs: "csharp", sh: "bash", bash: "bash", zsh: "bash", yml: "yaml", yaml: "yaml",
  toml: "toml", sql: "sql", xml: "xml", graphql: "graphql",
};
const NAMED: Record<string, string> = { Dockerfile: "dockerfile", Makefile: "makefile", "CMakeLists.txt": "cmake" };

// Control characters, look-alikes of / \ . : and invisible or bidirectional characters.
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u00ad\u2215\u2044\uff0f\u29f8\u2571\uff3c\ufe68\u2216\u29f5\u29f9\u2024\u2025\u2026\uff0e\ufe52\u3002\uff61\u2e31\uff1a\ufe55\u2236\u0337\u0338\u20e5\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/** The one spelling of a relative path, or null when it could leave the base. */
export function normalize(path: string): string | null {
  if (path === "" || path.startsWith("/") || path.startsWith("~") || path.includes(":") || path.includes("\\") || path.includes("%") || REFUSED.test(path)) return null;
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length === 0) return null;
      out.pop();
      continue;
    }
    if (/^[. ]+$/.test(segment)) return null;
    out.push(segment);
  }
  return out.length === 0 ? null : out.join("/");
}

const SECRET_NAMES = new Set([".env", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", ".netrc", "_netrc", ".npmrc", ".pypirc", ".pgpass", ".htpasswd", ".git-credentials", ".dockercfg", ".vault-token", "credentials", "credentials.json", "credentials.yml", "credentials.yaml", "secrets.json", "secrets.yml", "secrets.yaml", "terraform.tfstate"]);
const SECRET_EXTENSIONS = new Set(["pem", "key", "p12", "pfx", "jks", "keystore", "ppk", "tfvars", "kdbx"]);
const ENV_EXAMPLES = new Set([".env.example", ".env.sample", ".env.template", ".env.dist"]);

export function secretName(path: string): boolean {
  const segments = path.toLowerCase().split("/");
  const name = segments[segments.length - 1];
  if (segments.slice(0, -1).some((s) => s === ".ssh" || s === ".gnupg" || s === ".aws")) return true;
  if (SECRET_NAMES.has(name)) return true;
  if (name.startsWith(".env.") && !ENV_EXAMPLES.has(name)) return true;
  if (name.endsWith(".env")) return true;
  const dot = name.lastIndexOf(".");
  return dot > 0 && SECRET_EXTENSIONS.has(name.slice(dot + 1));
}

// The shapes of docs/FILES.md, each starting a word.
const SECRET_SHAPES =
  /-----BEGIN [A-Z ]*PRIVATE KEY|(?<![A-Za-z0-9])(?:(?:AKIA|ASIA)[A-Z0-9]{16}|gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_-]{60}|xox[bpars]-[A-Za-z0-9-]{10}|(?:sk_live|rk_live|sk_test)_[A-Za-z0-9]{20}|sk-ant-[A-Za-z0-9_-]{32}|AIza[A-Za-z0-9_-]{35}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10})|hooks\.slack\.com\/services\/[A-Za-z0-9\/]{20}/;
const OPENAI = /(?<![A-Za-z0-9])sk-([A-Za-z0-9_-]{32})/g;

export function secretContent(text: string): boolean {
  if (SECRET_SHAPES.test(text)) return true;
  for (const m of text.matchAll(OPENAI)) {
    const key = m[1];
    if ((key.match(/[A-Za-z]/g)?.length ?? 0) >= 3 && (key.match(/[0-9]/g)?.length ?? 0) >= 3) return true;
  }
  return false;
}

export function language(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (NAMED[name] !== undefined) return NAMED[name];
  const dot = name.lastIndexOf(".");
  return dot > 0 ? (LANGUAGES[name.slice(dot + 1)] ?? "") : "";
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return text === "" || text.endsWith("\n") ? n : n + 1;
}

function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return longest;
}

const plural = (n: number, what: string) => (n === 1 ? `1 ${what}` : `${n} ${what}s`);

/** A file's section as ctxpack writes it: the heading (lines, bytes, the body's tokens), the body, the tail. */
function section(path: string, lang: string, text: string, lines: number, bytes: number, tokens: number): { head: string; body: string; tail: string } {
  const fence = "`".repeat(Math.max(3, longestBacktickRun(text) + 1));
  const tick = "`".repeat(longestBacktickRun(path) + 1);
  const pad = path.startsWith("`") || path.endsWith("`") ? " " : "";
  const body = text.endsWith("\n") ? text.slice(0, -1) : text;
  const meta = `${plural(lines, "line")}, ${plural(bytes, "byte")}, ~${plural(tokens, "token")}`;
  return { head: `\n#### ${tick}${pad}${path}${pad}${tick} (${meta})\n${fence}${lang}\n`, body, tail: `\n${fence}\n` };
}


// --- ctxpack's o200k estimator, ported (src/tokens/mod.rs): a scan of character classes
// emitting weighed events, on a running count that continues from piece to piece.
const enum C { Ascii, Digit, Space, Newline, Punct, Han, WidePunct, KanaHangul, Letter, Script, Symbol, Rare }
const W = [549, 663, 31, 369, 1349, 385, 0, 1224, 1070, 0, 1046, 856, 280, 902, 395, 796, 345, 433, 1883];
const MARGIN = 1115;
const [WORD, WORD_FOREIGN, LETTER_2_8, LETTER_9, DIGITS, SPACE_JOINS, SPACE_OTHER, SPACE_RUN, NEWLINE, NEWLINE_MORE, INDENT, PUNCT, PUNCT_MORE, HAN, WIDE_PUNCT, KANA_HANGUL, LETTER, SCRIPT, SYMBOL] = W;

function classOf(c: number): C {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) return C.Ascii;
  if (c >= 48 && c <= 57) return C.Digit;
  if (c === 10 || c === 13) return C.Newline;
  if (c === 32 || c === 9 || c === 0x0b || c === 0x0c || c === 0x85 || c === 0xa0 || c === 0x1680) return C.Space;
  if ((c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e)) return C.Punct;
  if (c <= 0xbf) return C.Symbol;
  if ((c >= 0xc0 && c <= 0x36f) || (c >= 0x400 && c <= 0x52f) || (c >= 0x1e00 && c <= 0x1eff)) return C.Letter;
  if (c >= 0x1100 && c <= 0x11ff) return C.KanaHangul;
  if (c >= 0x370 && c <= 0x1fff) return C.Script;
  if ((c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000) return C.Space;
  if ((c >= 0x2010 && c <= 0x205e) || (c >= 0x3001 && c <= 0x303f) || (c >= 0xff00 && c <= 0xff65)) return C.WidePunct;
  if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x3130 && c <= 0x318f) || (c >= 0x31f0 && c <= 0x31ff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xff66 && c <= 0xff9f)) return C.KanaHangul;
  if (c >= 0x4e00 && c <= 0x9fff) return C.Han;
  if ((c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xa000 && c <= 0xa4cf) || (c >= 0xe000 && c <= 0xf8ff)) return C.Rare;
  if (c >= 0x1f000 && c <= 0x1faff) return C.Symbol;
  if (c >= 0x10000) return C.Rare;
  return C.Symbol;
}

// The bounds (src/tokens/bound.rs), o200k's column: thousandths of a token added after the margin.
function wideBlank(c: number, repeated: boolean): number {
  if (repeated && c === 0xa0) return 125;
  if (repeated && c === 0x3000) return 63;
  if (c === 0x85) return 2000;
  return 1000;
}
function blankCost(c: number, fresh: boolean, last: number, same: number): number {
  if (fresh) return c === 32 || c === 9 ? 0 : c === 0x0b || c === 0x0c ? 1000 : wideBlank(c, false);
  const repeated = last === c;
  const sw = repeated || last === 0 ? 0 : 1000;
  if (c === 32) return sw + (same > 16 ? 16 : 0);
  if (c === 9) return sw + (repeated ? 70 : 0);
  if (c === 0x0b || c === 0x0c) return sw + 1000;
  return sw + wideBlank(c, repeated);
}
function newlineCost(c: number, after: number, before: number, blankLine: boolean): number {
  if (after === 13 && c === 13) return 500;
  if (after === 10 && before === (c === 10 ? 13 : 10)) return 1000;
  if (after === c) return 70;
  if (after === 10 && c === 13) return 300;
  if (after !== 0) return 0;
  if (blankLine) return c === 13 ? 2000 : 1000;
  return 0;
}
function punctRun(c: number): number {
  const ch = String.fromCharCode(c);
  if ("#*-./=_".includes(ch)) return 16;
  if ("%+~".includes(ch)) return 32;
  if (";!:".includes(ch)) return 63;
  if ("<>?@^".includes(ch)) return 125;
  if ("$()\\|,\"'".includes(ch)) return 250;
  return 500;
}
function letterRepeated(c: number): number {
  const upper = c >= 65 && c <= 90;
  const code = (upper ? "11131133233113233333333013" : "11111132232223133223323113")[(c | 32) - 97];
  return code === "3" ? 500 : code === "0" ? 125 : 250;
}

export class OwnEstimate {
  prev = C.Space;
  run = 0;
  spaces = 0;
  broke = false;
  solid = C.Space;
  sinceLetter = Infinity;
  last = 32;
  rep = 0;
  blankLast = 0;
  blankSame = 0;
  nl = 0;
  nl2 = 0;
  milli = 0;
  bound = 0;

  clone(): OwnEstimate {
    return Object.assign(new OwnEstimate(), this);
  }

  /** The estimate of what was pushed since `earlier`, a count this one grew from. */
  since(earlier: OwnEstimate): number {
    return Math.ceil(((this.milli - earlier.milli) * MARGIN + (this.bound - earlier.bound) * 1000) / 1_000_000);
  }

  /** This count followed by what took `from` to `to`, when this one stands where `from` did. */
  splice(from: OwnEstimate, to: OwnEstimate): OwnEstimate | null {
    const keys = ["prev", "run", "spaces", "broke", "solid", "sinceLetter", "last", "rep", "blankLast", "blankSame", "nl", "nl2"] as const;
    if (!keys.every((k) => this[k] === from[k])) return null;
    const out = to.clone();
    out.milli = this.milli + (to.milli - from.milli);
    out.bound = this.bound + (to.bound - from.bound);
    return out;
  }

  tokens(): number {
    return Math.ceil((this.milli * MARGIN + this.bound * 1000) / 1_000_000);
  }

  push(text: string): void {
    let { prev, run, spaces, broke, solid, sinceLetter, last, rep, blankLast, blankSame, nl, nl2, milli, bound } = this;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      let c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      const k = classOf(c);
      sinceLetter = k === C.Letter ? 0 : sinceLetter + 1;
      if (k === C.Space) {
        const fresh = prev !== C.Space;
        const same = !fresh && blankLast === c ? blankSame + 1 : 1;
        bound += blankCost(c, fresh, blankLast, same);
        blankSame = same;
        blankLast = c;
        spaces++;
        prev = k;
        continue;
      }
      if (k === C.Newline) {
        const after = prev === C.Newline ? nl : 0;
        const before = after !== 0 ? nl2 : 0;
        bound += newlineCost(c, after, before, broke && spaces > 0);
        nl2 = after;
        nl = c;
        milli += broke || (solid === C.Punct && spaces === 0) ? NEWLINE_MORE : NEWLINE;
        broke = true;
        spaces = 0;
        prev = k;
        continue;
      }
      if (spaces > 0) {
        if (broke) {
          if (spaces >= 2) milli += INDENT;
        } else if (spaces >= 2) milli += SPACE_RUN;
        else if (k === C.Ascii || k === C.Punct) milli += SPACE_JOINS;
        else milli += SPACE_OTHER;
      }
      spaces = 0;
      broke = false;
      switch (k) {
        case C.Ascii: {
          const camel = c >= 65 && c <= 90 && last >= 97 && last <= 122;
          if (prev !== C.Ascii || camel) {
            run = 0;
            rep = 1;
            milli += sinceLetter < 64 ? WORD_FOREIGN : WORD;
          } else {
            run++;
            rep = c === last ? rep + 1 : 1;
            if (run < 8) milli += LETTER_2_8;
            else if (rep >= 3) bound += letterRepeated(c);
            else {
              milli += LETTER_9;
              if (run >= 16) bound += 150;
            }
          }
          break;
        }
        case C.Digit:
          run = prev === k ? run + 1 : 0;
          if (run % 3 === 0) milli += DIGITS;
          break;
        case C.Punct:
          if (prev === k) {
            rep = c === last ? rep + 1 : 1;
            if (rep >= 3) bound += punctRun(c);
            else milli += PUNCT_MORE;
          } else {
            rep = 1;
            milli += PUNCT;
          }
          break;
        case C.Rare:
          bound += c >= 0x10000 ? 4000 : 3000;
          break;
        case C.Han:
          milli += HAN;
          break;
        case C.WidePunct:
          milli += WIDE_PUNCT;
          break;
        case C.KanaHangul:
          milli += KANA_HANGUL;
          break;
        case C.Letter:
          milli += LETTER;
          break;
        case C.Script:
          milli += SCRIPT;
          break;
        default:
          milli += SYMBOL;
      }
      solid = k;
      prev = k;
      last = c;
    }
    Object.assign(this, { prev, run, spaces, broke, solid, sinceLetter, last, rep, blankLast, blankSame, nl, nl2, milli, bound });
  }
}

const tokensOf = (text: string) => Math.ceil(text.length / 4);

export function preloadPlain(references: FileRef[], contents: FileContent[], options: PlainOptions): PlainResult {
  const byPath = new Map<string, string>();
  for (const c of contents) {
    const p = normalize(c.path);
    if (p !== null && !byPath.has(p)) byPath.set(p, c.content);
  }
  const seen = new Map<string, number>();
  const records: PlainRecord[] = [];
  const pieces: string[] = [];
  let tokens = 0;
  let chars = 0;
  let bytes = 0;
  // With the estimator, a running count over the block as it grows (the heading first), as
  // ctxpack counts it; with chars / 4, each piece on its own.
  let running = new OwnEstimate();
  running.push(HEADING);
  const headingTokens = options.tokens === "estimate" ? running.tokens() : tokensOf(HEADING);
  references.forEach((ref, index) => {
    const id = normalize(ref.path);
    const rec: PlainRecord = { path: ref.path, id: id ?? ref.path, source: ref.source ?? null, action: "rejected", reasonCode: "path_escape", bytes: null, lines: null, tokens: null, language: null, duplicateOf: null };
    records.push(rec);
    if (id === null) return;
    const first = seen.get(id);
    if (first !== undefined) {
      rec.action = "duplicate";
      rec.reasonCode = "duplicate";
      rec.duplicateOf = first;
      return;
    }
    seen.set(id, index);
    if (secretName(id)) return void (rec.reasonCode = "secret");
    const text = byPath.get(id);
    if (text === undefined) {
      rec.action = "skipped";
      rec.reasonCode = "missing";
      return;
    }
    rec.bytes = utf8Bytes(text);
    if (text.includes("\u0000")) return void (rec.reasonCode = "binary");
    rec.lines = lineCount(text);
    if (rec.lines > options.maxLines) {
      rec.action = "skipped";
      rec.reasonCode = "too_many_lines";
      return;
    }
    if (secretContent(text)) return void (rec.reasonCode = "secret");
    rec.language = language(id);
    let piece: string;
    let trial: OwnEstimate | null = null;
    let total: number;
    if (options.tokens === "estimate") {
      // As ctxpack: the heading's figure is the body's count after the heading, the body
      // scanned once and its count spliced after the final heading.
      let guess = Math.floor(rec.bytes / 4);
      let last: [OwnEstimate, OwnEstimate] | null = null;
      let parts = section(id, rec.language, text, rec.lines, rec.bytes, guess);
      for (let round = 0; round < 4; round++) {
        parts = section(id, rec.language, text, rec.lines, rec.bytes, guess);
        const head = running.clone();
        head.push(parts.head);
        let body: OwnEstimate | null = last === null ? null : head.splice(last[0], last[1]);
        if (body === null) {
          body = head.clone();
          body.push(parts.body);
        }
        const figure = body.since(head);
        last = [head, body];
        if (figure === guess || round === 3) break;
        guess = figure;
      }
      trial = last![1];
      trial.push(parts.tail);
      piece = parts.head + parts.body + parts.tail;
      rec.tokens = trial.tokens() - running.tokens();
      total = trial.tokens();
    } else {
      const parts = section(id, rec.language, text, rec.lines, rec.bytes, Math.ceil(text.length / 4));
      piece = parts.head + parts.body + parts.tail;
      rec.tokens = tokensOf(piece);
      total = tokens + rec.tokens + (pieces.length === 0 ? headingTokens : 0);
    }
    if (total > options.maxTokens) {
      rec.action = "skipped";
      rec.reasonCode = "budget";
      return;
    }
    if (trial !== null) running = trial;
    tokens = total;
    chars += piece.length + (pieces.length === 0 ? HEADING.length : 0);
    bytes += rec.bytes;
    pieces.push(piece);
    rec.action = "inlined";
    rec.reasonCode = "inlined";
  });
  const block = pieces.length === 0 ? "" : HEADING + pieces.join("");
  return { block, records, totals: { inlined: pieces.length, chars, tokens, bytes, fanoutTokens: tokens * options.fanout } };
}

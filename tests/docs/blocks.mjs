// The code blocks of the docs, read as CommonMark reads fences, and what each claims to be.
// tests/docs/run.mjs runs them; tests/node/docs-blocks.test.mjs checks the markdown alone.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The documents whose blocks a user would copy. */
export function docFiles(root) {
  const docs = readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`);
  return ["README.md", ...docs, "www/README.md", "examples/server/README.md"];
}

// Languages a user runs. A block of one of these is run (Node) or type-checked (tsc --strict)
// unless its info string says `fragment`; `check` type-checks without running (browser code).
export const CODE = new Set(["js", "mjs", "ts", "tsx", "jsx"]);
export const SHELL = new Set(["sh", "bash", "shell", "console"]);
export const FLAGS = new Set(["fragment", "check", "profile"]);

/**
 * Every fenced block of `text`: { lang, flags, line (1-based, the opening fence), code, given,
 * output }. `given` is the body of an `<!-- given: … -->` comment right above the fence — setup a
 * rendered page does not show (a reader sees the block alone) — and `output` the text of a
 * ```text block that follows with only blank lines between: what the block prints.
 * Throws on what renders wrongly: an unclosed fence, or a fence opened inside another with the
 * same marker (CommonMark takes it for text and closes the outer block early).
 */
export function parseBlocks(text, file = "<doc>") {
  const lines = text.split("\n");
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i].match(/^( {0,3})(`{3,}|~{3,})\s*([^`]*)$/);
    if (!open) continue;
    const [, indent, fence, info] = open;
    const words = info.trim().split(/\s+/).filter(Boolean);
    const lang = (words[0] ?? "").toLowerCase();
    const flags = words.slice(1);
    const body = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j];
      const close = line.match(/^ {0,3}(`{3,}|~{3,})\s*$/);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) break;
      const inner = line.match(/^ {0,3}(`{3,}|~{3,})\s*\S/);
      if (inner && inner[1][0] === fence[0] && inner[1].length >= fence.length) {
        throw new Error(`${file}:${j + 1}: a fence opened inside the block of line ${i + 1}: give the outer block a longer fence (${fence[0].repeat(fence.length + 1)})`);
      }
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    if (j === lines.length) throw new Error(`${file}:${i + 1}: the fence is never closed`);
    blocks.push({ file, lang, flags, line: i + 1, end: j + 1, code: body.join("\n"), given: givenAbove(lines, i), output: null });
    i = j;
  }
  // A ```text block right after a code block is what that block prints.
  for (let k = 1; k < blocks.length; k++) {
    const prev = blocks[k - 1];
    const cur = blocks[k];
    const between = lines.slice(prev.end, cur.line - 1);
    if (cur.lang === "text" && CODE.has(prev.lang) && between.every((l) => l.trim() === "")) {
      prev.output = cur.code;
      cur.isOutput = true;
    }
  }
  for (const b of blocks) {
    const unknown = b.flags.filter((f) => !FLAGS.has(f));
    if ((CODE.has(b.lang) || SHELL.has(b.lang)) && unknown.length) throw new Error(`${file}:${b.line}: unknown flag ${unknown.join(", ")} (known: ${[...FLAGS].join(", ")})`);
  }
  return blocks;
}

function givenAbove(lines, i) {
  let k = i - 1;
  if (k < 0 || !lines[k].trimEnd().endsWith("-->")) return "";
  const end = k;
  while (k >= 0 && !lines[k].includes("<!--")) k--;
  const comment = lines.slice(k, end + 1).join("\n");
  const m = comment.match(/<!--\s*given:\s*([\s\S]*?)-->\s*$/);
  return m ? m[1].trim() : "";
}

/** What the test does with a block: "run", "check", "profile", "fragment" or null (not code). */
export function kindOf(block) {
  if (block.flags.includes("fragment")) return "fragment";
  if (CODE.has(block.lang)) return block.flags.includes("check") ? "check" : "run";
  if ((block.lang === "json" || block.lang === "jsonc") && block.flags.includes("profile")) return "profile";
  if (SHELL.has(block.lang)) return "shell";
  return null;
}

/** Every block of every document, read from `root`. */
export function allBlocks(root) {
  return docFiles(root).flatMap((file) => parseBlocks(readFileSync(join(root, file), "utf8"), file));
}

/** JSON with comments as in docs/PROFILE.md: `//` to the end of a line, outside strings. */
export function stripJsonComments(text) {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i] ?? "";
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else out += c;
  }
  return out;
}

/** Whether `actual` printed output matches the doc's `expected`, where `…` stands for any text. */
export function outputMatches(expected, actual) {
  const norm = (s) => s.replace(/\s+$/, "");
  const parts = norm(expected).split("…").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[\\s\\S]*?")}$`).test(norm(actual));
}

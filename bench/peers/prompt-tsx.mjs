// @vscode/prompt-tsx: the documents as prioritized <TextChunk> children of one <UserMessage>.
// As with Priompt, filtering, scoring, sorting and the trim ladder are the plain-TypeScript
// reference's own code (prompt-tsx has none of them); prompt-tsx does the cap: it prunes the
// lowest-priority chunks until the message fits the token budget. Written without JSX
// (`vscpp` is what the TSX compiles to), rendered in Raw output mode, no VS Code needed.
import tsx from "@vscode/prompt-tsx";

const { PromptElement, PromptRenderer, UserMessage, TextChunk, OutputMode, Raw } = tsx;
const vscpp = globalThis.vscpp;

/** A tokenizer whose "tokens" are UTF-16 code units, with no per-message overhead. */
export const charTokenizer = {
  mode: OutputMode.Raw,
  tokenLength: (part) => (part.type === Raw.ChatCompletionContentPartKind.Text ? part.text.length : 0),
  countMessageTokens: (message) => message.content.reduce((n, part) => n + (part.type === Raw.ChatCompletionContentPartKind.Text ? part.text.length : 0), 0),
};

class Context extends PromptElement {
  render() {
    const { blocks } = this.props;
    return vscpp(UserMessage, {}, ...blocks.map((b, i) => vscpp(TextChunk, { priority: blocks.length - i }, b)));
  }
}

/** @param {typeof import("../baseline.ts")} baseline */
export function promptTsx(baseline) {
  return async function assemble(docs, request, profile, maxChars) {
    const ranked = baseline.rank(docs, profile, baseline.inferIntent(request, profile));
    const n = ranked.length;
    // prompt-tsx puts a line break between the chunks of a message: each chunk after the first
    // brings the rest of the separator.
    const blocks = ranked.map((r, i) => (i > 0 ? baseline.SEPARATOR.slice(1) : "") + baseline.render(r.doc, i, n));
    const renderer = new PromptRenderer({ modelMaxPromptTokens: maxChars }, Context, { blocks }, charTokenizer);
    const { messages } = await renderer.render();
    const context = messages.flatMap((m) => m.content).map((p) => p.text ?? "").join("");
    return { context };
  };
}

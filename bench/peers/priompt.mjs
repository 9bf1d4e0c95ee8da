// Priompt (@impowering/priompt, the maintained fork of @anysphere/priompt, which is no longer on
// npm): the documents as prioritized <scope> elements. A team using Priompt still filters,
// scores, sorts and trims by rank itself (Priompt has no intents, types or trim ladder): that
// part is the plain-TypeScript reference's own code. Priompt then does the cap: it keeps the
// highest priorities whose total fits the token limit. Node only: importing Priompt loads a
// native tokenizer (@anysphere/tiktoken-node) and a StatsD client (node:dgram).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Priompt = require("@impowering/priompt");
// Priompt reports timings to a StatsD agent on 127.0.0.1:8125 on every render; there is no
// option to turn that off, so the metric calls are made no-ops (and its socket closed) here.
const { statsd } = require("@impowering/priompt/dist/statsd.js");
for (const m of ["distribution", "increment", "decrement", "timing", "gauge", "histogram", "set", "event"]) statsd[m] = () => {};
statsd.close?.(() => {});

/** A tokenizer whose "tokens" are UTF-16 code units, so the token limit is ctxpack's maxChars. */
export const charTokenizer = {
  name: "utf16-code-units",
  encodeTokens: async (t) => Array.from(t, (c) => c.charCodeAt(0)),
  decodeTokens: async (ts) => String.fromCharCode(...ts),
  numTokens: async (t) => t.length,
  estimateNumTokensFast_SYNCHRONOUS_BE_CAREFUL: (t) => t.length,
  estimateNumTokensFast: async (t) => t.length,
  estimateTokensUsingCharCount: (t) => [t.length, t.length],
  getHeaderStringForMessage: () => "",
  getHeaderTokensForMessage: async () => [],
  getEosTokenId: () => 0,
  getEosToken: () => "",
  applyChatTemplate: (messages) => messages.map((m) => [].concat(m.content).join("")).join(""),
  applyChatTemplateTokens: async () => [],
  shouldAddEosTokenToEachMessage: false,
};

/** @param {typeof import("../baseline.ts")} baseline */
export function priompt(baseline) {
  return async function assemble(docs, request, profile, maxChars) {
    const ranked = baseline.rank(docs, profile, baseline.inferIntent(request, profile));
    const n = ranked.length;
    // Rank r gets priority n - r; the separator travels with the document after it, so the
    // kept prefix renders exactly as the reference's context.
    const scopes = ranked.map((r, i) => Priompt.createElement("scope", { p: n - i }, (i > 0 ? baseline.SEPARATOR : "") + baseline.render(r.doc, i, n)));
    const out = await Priompt.render(Priompt.createElement(Priompt.Fragment, null, ...scopes), { tokenLimit: maxChars, tokenizer: charTokenizer });
    const context = typeof out.prompt === "string" ? out.prompt : Priompt.promptToString_VULNERABLE_TO_PROMPT_INJECTION(out.prompt, charTokenizer);
    return { context, priorityCutoff: out.priorityCutoff };
  };
}

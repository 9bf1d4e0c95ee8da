// The same kind of edge function counting exact tokens with one vocabulary
// (ctxpack/tokenizer/o200k); the other vocabulary is refused.
import { countTokens, version } from "ctxpack/tokenizer/o200k";
import { tokenText } from "./shared/tokens.js";

addEventListener("fetch", (event) => {
  let other = null;
  try {
    countTokens("hi", "cl100k");
  } catch (e) {
    other = e.code ?? String(e);
  }
  event.respondWith(Response.json({ version: version(), count: countTokens(tokenText()), other }));
});

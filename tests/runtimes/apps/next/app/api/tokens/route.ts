// An edge route that counts exact tokens with one vocabulary: ctxpack/tokenizer/o200k, the entry
// sized for an edge function's limit. The matrix holds its answer to Node's and reports the size
// of the function Next builds for it.
import { countTokens, version } from "ctxpack/tokenizer/o200k";
import { tokenText } from "../../../shared/tokens.js";

export const runtime = "edge";
export const dynamic = "force-dynamic";

export function GET() {
  let other = null;
  try {
    countTokens("hi", "cl100k");
  } catch (e) {
    other = (e as { code?: string }).code ?? String(e);
  }
  return Response.json({ version: version(), count: countTokens(tokenText()), other });
}

// Rows as an app holds them: an idea, an episode plan, a script, and a request.
import type { JsondocInput } from "ctxpack";

export const documents: JsondocInput[] = [
  { id: "idea-1", schema_type: "灵感创意", origin_type: "user_input", created_at: "2026-01-05T10:00:00Z", data: { title: "逆光律师", logline: "A lawyer out of prison takes on her old firm." } },
  { id: "plan-1", schema_type: "分集结构", origin_type: "ai_generated", created_at: "2026-01-06T10:00:00Z", data: { totalEpisodes: 24, arcs: ["release", "the old firm", "the retrial"] } },
  { id: "script-3", schema_type: "单集剧本", origin_type: "ai_generated", created_at: "2026-01-07T10:00:00Z", data: { episode: 3, text: "INT. COURT – DAY" } },
];
export const rows = documents;
export const docs = documents;
export const request = "generate episodes 7-12";

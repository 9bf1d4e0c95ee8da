// The reference algorithm written the straightforward way in TypeScript — what a team would
// write without ctxpack (seed 004's sketch, with recency favouring newer documents as ctxpack
// does): filter, score, sort, trim by rank with JSON.parse(JSON.stringify()) clones, cap by
// stopping at the first document that does not fit. No manifest.

export interface Doc {
  id: string;
  schema_type: string;
  origin_type: "user_input" | "ai_generated";
  created_at: string | number;
  data: unknown;
  is_leaf?: boolean;
  metadata?: Record<string, unknown>;
}

const HALF_LIFE = 7 * 24 * 3600 * 1000;
const time = (t: string | number): number => (typeof t === "number" ? t : Date.parse(t));

function trim(doc: Doc, rank: number, total: number): Doc {
  if (rank < 4) return doc;
  const trimmed: Doc = JSON.parse(JSON.stringify(doc));
  const data = (typeof trimmed.data === "string" ? JSON.parse(trimmed.data) : trimmed.data) as Record<string, unknown>;
  if (rank < total / 2) {
    for (const key in data) {
      const v = data[key];
      if (typeof v === "string" && v.length > 500) data[key] = v.substring(0, 500) + " [truncated]";
    }
  } else {
    for (const key in data) {
      const v = data[key];
      if (v !== null && typeof v === "object") data[key] = { summary: `Original had ${Object.keys(v).length} items` };
      else if (typeof v === "string") data[key] = v.substring(0, 100) + " [summarized]";
    }
  }
  trimmed.data = data;
  trimmed.metadata = { ...trimmed.metadata, trimmed: true };
  return trimmed;
}

export function assemble(docs: Doc[], required: string[], maxChars = 16000): { context: string; included: string[] } {
  const now = Math.max(...docs.map((d) => time(d.created_at)));
  const ranked = docs
    .filter((d) => required.includes(d.schema_type))
    .map((d) => {
      let score = 10;
      if (d.is_leaf) score += 5;
      if (d.origin_type === "user_input") score += 3;
      score += HALF_LIFE / (HALF_LIFE + Math.max(0, now - time(d.created_at)));
      return { d, score };
    })
    .sort((a, b) => b.score - a.score)
    .map((s) => s.d);
  let context = "";
  const included: string[] = [];
  for (const doc of ranked) {
    const t = trim(doc, included.length, ranked.length);
    const data = typeof t.data === "string" ? JSON.parse(t.data) : t.data;
    const addition = (context ? "\n\n" : "") + `## ${t.schema_type} (${t.id})\n` + JSON.stringify(data);
    if (context.length + addition.length > maxChars) break;
    context += addition;
    included.push(doc.id);
  }
  return { context, included };
}

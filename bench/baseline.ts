// The reference algorithm written the straightforward way in TypeScript — what a team would
// write without ctxpack: pick the intent and its params, filter to its types (a param match reading
// the field it compares from each body of the types it names), score, sort, trim by rank with
// JSON.parse(JSON.stringify()) clones, render, and cap by stopping at the first document that
// does not fit. It follows the same profile (profiles/writing-app.json) and the trim rules of
// docs/PROFILE.md, so its context is byte-identical to ctxpack's; it produces no manifest.
// Type-checked and transpiled with the project's `typescript` by bench/contenders.mjs.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Doc {
  id: string;
  schema_type: string;
  origin_type: "user_input" | "ai_generated";
  created_at: string | number;
  data: Json;
  metadata?: { [key: string]: Json } | null;
  is_leaf?: boolean;
}

export interface ParamMatch {
  types: string[];
  field: string;
  equals?: string;
  between?: [string, string];
  otherwise?: "exclude" | "keep";
}

export interface IntentSpec {
  required?: string[];
  optional?: string[];
  excluded?: string[];
  others?: "include" | "exclude";
  paramMatch?: ParamMatch[];
}

export interface Profile {
  defaultIntent?: string;
  typeAliases?: { [type: string]: string };
  intents: { [name: string]: IntentSpec };
  weights?: { params?: number };
}

export type Params = { [name: string]: number };

const HALF_LIFE = 7 * 24 * 3600 * 1000;
const FULL_RANKS = 4;
const time = (t: string | number): number => (typeof t === "number" ? t : Date.parse(t));

const RANGE = "\\s*#?\\s*(\\d+)\\s*(?:-|–|—|~|to|through)\\s*(\\d+)";

/**
 * The rules the benchmark's requests need, in the profile's order: a script for a range of
 * episodes or for one ("write the script for episode 3"), then synopses for a range ("generate
 * episodes 7-12"); else the default intent.
 */
export function inferIntent(request: string, profile: Profile): { intent: string; params: Params } {
  let m = new RegExp(`\\bscripts?\\b.*?\\bepisodes?${RANGE}`, "i").exec(request);
  if (m) return { intent: "generate_episode_script", params: { episodeStart: Number(m[1]), episodeEnd: Number(m[2]) } };
  m = /\bscripts?\b.*?\bepisode\s*#?\s*(\d+)/i.exec(request);
  if (m) return { intent: "generate_episode_script", params: { episode: Number(m[1]) } };
  if (new RegExp(`\\bepisodes?${RANGE}`, "i").test(request)) return { intent: "generate_episode_synopsis", params: {} };
  return { intent: profile.defaultIntent ?? "default", params: {} };
}

/** What a JSON pointer names in a document's data (JSON text parsed), or undefined. */
function at(data: Json, pointer: string): Json | undefined {
  let v: Json | undefined = typeof data === "string" ? JSON.parse(data) : data;
  for (const key of pointer.split("/").slice(1)) {
    if (v === null || typeof v !== "object") return undefined;
    v = Array.isArray(v) ? v[Number(key)] : v[key];
  }
  return v;
}

/** A number, or a string spelling one in plain decimal ("3", "7.5"), as that number. */
const numeric = (v: Json | undefined): number | undefined =>
  typeof v === "number" ? v : typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;

/** Whether a param match applies (the request has its params) and, if so, whether `doc` matches. */
function matches(m: ParamMatch, doc: Doc, params: Params): boolean | undefined {
  if (m.equals !== undefined) {
    if (!(m.equals in params)) return undefined;
    const v = at(doc.data, m.field);
    const [a, b] = [numeric(v), numeric(params[m.equals])];
    return a !== undefined && b !== undefined ? a === b : v === params[m.equals];
  }
  const [lo, hi] = m.between ?? ["", ""];
  if (!(lo in params) || !(hi in params)) return undefined;
  const [x, l, h] = [numeric(at(doc.data, m.field)), numeric(params[lo]), numeric(params[hi])];
  return x !== undefined && l !== undefined && h !== undefined && x >= l && x <= h;
}

export interface Ranked {
  doc: Doc;
  score: number;
}

/** Filter to the intent's types and sort by score, best first (Array.prototype.sort is stable). */
export function rank(docs: Doc[], profile: Profile, { intent, params }: { intent: string; params: Params }): Ranked[] {
  const spec = profile.intents[intent] ?? { others: "include" };
  const aliases = profile.typeAliases ?? {};
  const paramWeight = profile.weights?.params ?? 5;
  const now = Math.max(...docs.map((d) => time(d.created_at)));
  const ranked: Ranked[] = [];
  for (const d of docs) {
    const type = aliases[d.schema_type] ?? d.schema_type;
    // A document a param match applies to: required if any matches, else as `otherwise` says.
    let matched = false;
    let mismatched = false;
    for (const m of spec.paramMatch ?? []) {
      if (!m.types.includes(type)) continue;
      const hit = matches(m, d, params);
      if (hit === true) matched = true;
      else if (hit === false && (m.otherwise ?? "exclude") === "exclude") mismatched = true;
    }
    if (mismatched && !matched) continue;
    const required = matched || (spec.required?.includes(type) ?? false);
    const optional = !required && (spec.optional?.includes(type) ?? false);
    if (!required && !optional && (spec.excluded?.includes(type) || spec.others !== "include")) continue;
    const score = (required ? 10 : 0) + (matched ? paramWeight : 0) + (d.is_leaf ? 5 : 0) + (d.origin_type === "user_input" ? 3 : 0) + HALF_LIFE / (HALF_LIFE + Math.max(0, now - time(d.created_at)));
    ranked.push({ doc: d, score });
  }
  return ranked.sort((a, b) => b.score - a.score);
}

export type Level = "full" | "truncated" | "summarized";

export function levelFor(rank: number, total: number): Level {
  if (rank < FULL_RANKS) return "full";
  return rank < total * 0.5 ? "truncated" : "summarized";
}

/** `s` cut to `at` UTF-16 units plus `marker`, never splitting a surrogate pair, and only if shorter. */
function cut(s: string, at: number, marker: string): string {
  if (s.length <= at + marker.length) return s;
  const c = s.charCodeAt(at - 1);
  const end = c >= 0xd800 && c <= 0xdbff ? at - 1 : at;
  return s.substring(0, end) + marker;
}

function truncate(v: Json): Json {
  if (typeof v === "string") return cut(v, 500, " [truncated]");
  if (Array.isArray(v)) return v.map(truncate);
  if (v !== null && typeof v === "object") {
    for (const key in v) v[key] = truncate(v[key]);
  }
  return v;
}

function summarizeMember(v: Json): Json {
  if (typeof v === "string") return cut(v, 100, " [summarized]");
  if (v !== null && typeof v === "object") {
    const summary = { summary: `Original had ${Array.isArray(v) ? v.length : Object.keys(v).length} items` };
    return JSON.stringify(summary).length < JSON.stringify(v).length ? summary : v;
  }
  return v;
}

function summarize(v: Json): Json {
  if (typeof v === "string") return cut(v, 100, " [summarized]");
  if (Array.isArray(v)) return v.map(summarizeMember);
  if (v !== null && typeof v === "object") {
    for (const key in v) v[key] = summarizeMember(v[key]);
  }
  return v;
}

/** The document's data at a level of the ladder, on a deep copy (the input is never touched). */
export function trimmedData(doc: Doc, level: Level): Json {
  const copy: Doc = level === "full" ? doc : JSON.parse(JSON.stringify(doc));
  let data = copy.data;
  if (typeof data === "string") {
    try {
      data = JSON.parse(data) as Json;
    } catch {
      // not JSON text: sent as the string it is
    }
  }
  if (level === "truncated") data = truncate(data);
  else if (level === "summarized") data = summarize(data);
  return data;
}

/** `## type (id)` then the JSON, as ctxpack's default render writes it. */
export function render(doc: Doc, rank: number, total: number): string {
  return `## ${doc.schema_type} (${doc.id})\n` + JSON.stringify(trimmedData(doc, levelFor(rank, total)));
}

export const SEPARATOR = "\n\n";

export function assemble(docs: Doc[], request: string, profile: Profile, maxChars = 16000): { context: string; included: string[] } {
  const ranked = rank(docs, profile, inferIntent(request, profile));
  let context = "";
  const included: string[] = [];
  for (let r = 0; r < ranked.length; r++) {
    const doc = ranked[r].doc;
    const addition = (r > 0 ? SEPARATOR : "") + render(doc, r, ranked.length);
    if (context.length + addition.length > maxChars) break;
    context += addition;
    included.push(doc.id);
  }
  return { context, included };
}

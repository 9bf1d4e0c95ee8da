// Deterministic workloads in the shapes of the writing app's jsondocs (samples/writing-project.json):
// projects, each with brainstorm ideas (one chosen and edited by the user), story settings with ten
// characters (an old 剧本设定 version in some projects), chronicles with stages, an episode plan,
// one synopsis per episode written so far and a few scripts. The same seed gives the same
// documents on every machine and in every runtime (Node, Chromium): no Math.random, no clock.

/** mulberry32: a small seeded PRNG, identical in every JavaScript engine. */
export function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Fragments of the sample project's prose, mixed Chinese and English as the app's rows are.
const FRAGMENTS = [
  "林晚", "陆承泽", "沈知意", "周启明", "小满", "赵姐", "林建国", "何东", "律师", "检察官", "出狱", "法庭", "证据",
  "真相", "复仇", "援助站", "城中村", "转账记录", "录音", "再审", "律协", "竞选", "雨中的伞", "看守所", "并购案",
  "她拒绝了他的伞", "父亲中风住院", "以案养案、步步为营", "第二次庭审", "拆迁", "欠薪", "租房押金", "工伤案",
  "the verdict", "a forged transfer", "prison gate", "the prosecutor", "evidence", "trial", "witness", "betrayal",
  "the mentor who framed her", "one small case at a time", "cold open", "cliffhanger", "⚖️", "🔥",
];

function text(r, chars) {
  let s = "";
  while (s.length < chars) {
    s += FRAGMENTS[Math.floor(r() * FRAGMENTS.length)];
    const p = r();
    s += p < 0.12 ? "。" : p < 0.2 ? "，" : p < 0.26 ? " " : "";
  }
  // Never end on half of a surrogate pair (the emoji): keep the text well-formed.
  let end = Math.min(chars, s.length);
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end -= 1;
  return s.slice(0, end);
}

const list = (n, f) => Array.from({ length: n }, (_, i) => f(i));

/** Body shapes; `t(n)` is text of n × bodyScale characters, so the ×10 variant scales every string. */
const SHAPES = {
  灵感创意: (t, r) => ({ title: t(12), body: t(160), genre: t(14), platform: "抖音 / 红果短剧（竖屏）" }),
  故事设定: (t, r) => ({
    title: t(10),
    synopsis: t(130),
    setting: t(180),
    characters: list(10, (i) => ({
      name: t(3),
      type: i === 0 ? "protagonist" : i < 3 ? "antagonist" : "supporting",
      age: 18 + Math.floor(r() * 50),
      gender: r() < 0.5 ? "female" : "male",
      occupation: t(14),
      personality_traits: list(4, () => t(3)),
      character_arc: t(90),
      relationships: { 林晚: t(12), 陆承泽: t(8), 周启明: t(6) },
      key_scenes: list(4, () => t(14)),
    })),
    selling_points: list(5, () => t(20)),
    satisfaction_points: list(3, () => t(14)),
  }),
  chronicles: (t, r) => ({
    stages: list(7, () => ({
      title: t(6),
      stageSynopsis: t(150),
      event: t(30),
      emotionArcs: list(3, () => t(15)),
      relationshipDevelopments: list(2, () => t(17)),
      insights: list(2, () => t(20)),
    })),
  }),
  分集结构: (t, r) => ({
    totalEpisodes: 24,
    episodeGroups: list(4, (g) => ({
      groupTitle: t(4),
      episodes: `${g * 6 + 1}-${g * 6 + 6}`,
      plotDescription: t(160),
      keyEvents: list(7, () => t(8)),
      hooks: list(2, () => t(24)),
      emotionBeats: list(2, () => t(9)),
    })),
    overallStrategy: t(100),
  }),
  单集大纲: (t, r, episode) => ({
    episodeNumber: episode,
    title: t(4),
    openingHook: t(30),
    mainPlot: t(240),
    emotionalClimax: t(20),
    cliffhanger: t(30),
    suspenseElements: list(4, () => t(10)),
    scriptContent: t(320),
  }),
  单集剧本: (t, r, episode) => ({ episodeNumber: episode, title: t(4), scriptContent: t(1400) }),
};
export const TYPES = [...Object.keys(SHAPES), "剧本设定"];

/**
 * `n` documents from `seed`, project after project. `bodyScale` multiplies the length of every
 * string in every body without touching ids, types, origins, dates, leaves or metadata, so the
 * selected set and the ranking are the same at every scale (only what fits the budget changes).
 * Most bodies are JSON text strings, as the app's rows hold them (`textShare`).
 */
export function documents(n, { seed = 7, bodyScale = 1, textShare = 0.6 } = {}) {
  const meta = rng(seed);
  const out = [];
  const start = Date.UTC(2026, 0, 1);
  for (let p = 0; out.length < n; p++) {
    const project = `proj-${p}`;
    let t = start + Math.floor(meta() * 86_400_000 * 60);
    const step = () => (t += Math.floor(meta() * 3_600_000 * 6));
    const episodes = Math.floor(meta() * 25); // synopses written so far: 0..24
    const scripts = Math.min(episodes, Math.floor(meta() * 3));
    const oldSettings = meta() < 0.4; // an old 剧本设定 version before the rename
    const plan = episodes > 0 || meta() < 0.5;
    const rows = [];
    // [type, id suffix, origin, is_leaf, episode]
    rows.push(["灵感创意", "idea-1", "ai_generated", true], ["灵感创意", "idea-2", "ai_generated", true], ["灵感创意", "idea-3", "ai_generated", false]);
    rows.push(["灵感创意", "idea-3-edit", "user_input", false]);
    if (oldSettings) rows.push(["剧本设定", "settings-old", "ai_generated", false]);
    rows.push(["故事设定", "settings", meta() < 0.5 ? "user_input" : "ai_generated", false]);
    rows.push(["chronicles", "chronicles", "ai_generated", !plan]);
    if (plan) rows.push(["分集结构", "plan", meta() < 0.3 ? "user_input" : "ai_generated", episodes === 0]);
    for (let e = 1; e <= episodes; e++) rows.push(["单集大纲", `ep-${e}`, meta() < 0.15 ? "user_input" : "ai_generated", e > scripts, e]);
    for (let e = 1; e <= scripts; e++) rows.push(["单集剧本", `script-${e}`, "ai_generated", true, e]);
    for (const [type, suffix, origin, isLeaf, episode] of rows) {
      if (out.length >= n) break;
      const i = out.length;
      const body = rng(seed * 1_000_003 + i);
      const shape = SHAPES[type === "剧本设定" ? "故事设定" : type];
      const data = shape((chars) => text(body, Math.round(chars * bodyScale)), body, episode ?? 0);
      const created = step();
      out.push({
        id: `${project}-${suffix}`,
        schema_type: type,
        origin_type: origin,
        // Mostly ISO text (what the app stores); some rows carry epoch milliseconds.
        created_at: meta() < 0.9 ? new Date(created).toISOString() : created,
        data: meta() < textShare ? JSON.stringify(data) : data,
        metadata: { project_id: project, schema_version: "v1", model: origin === "user_input" ? null : "qwen-max", batch: `${type}-${p}` },
        is_leaf: isLeaf,
      });
    }
  }
  return out;
}

/** The writing app's profile (profiles/writing-app.json) is what every contender follows. */
export const request = "generate episodes 7-12";
/** A request whose params choose documents (docs/PROFILE.md "Params in selection"): every synopsis's body is read. */
export const paramRequest = "write the script for episode 3";
/** The reference cap: stop at the first document that does not fit, 16,000 characters. */
export const options = { cap: "stop", maxChars: 16_000 };

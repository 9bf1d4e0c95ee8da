// Deterministic workloads in the shapes of the writing app's jsondocs: story settings with ten
// characters, chronicles with stages, episode plans, one synopsis per episode, brainstorm ideas.
// The same seed gives the same documents on every machine.

/** mulberry32 */
export function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = "林晚 陆承泽 沈知意 周启明 律师 检察官 出狱 法庭 证据 真相 复仇 援助站 城中村 转账 录音 再审 the verdict lawyer prison evidence truth trial umbrella rain witness secret betrayal".split(" ");

function text(r, chars) {
  let s = "";
  while (s.length < chars) s += WORDS[Math.floor(r() * WORDS.length)] + (r() < 0.15 ? "。" : " ");
  return s.slice(0, chars);
}

const SHAPES = {
  灵感创意: (r, k) => ({ title: text(r, 12), body: text(r, 380 * k), genre: text(r, 16), platform: "红果短剧" }),
  故事设定: (r, k) => ({
    title: text(r, 10),
    synopsis: text(r, 200 * k),
    setting: text(r, 80 * k),
    characters: Array.from({ length: 10 }, () => ({ name: text(r, 3), type: "supporting", age: 20 + Math.floor(r() * 40), personality_traits: [text(r, 4), text(r, 4)], character_arc: text(r, 90 * k), key_scenes: [text(r, 30 * k), text(r, 30 * k)] })),
    selling_points: [text(r, 20), text(r, 20), text(r, 20)],
  }),
  chronicles: (r, k) => ({ stages: Array.from({ length: 6 }, () => ({ title: text(r, 10), stageSynopsis: text(r, 150 * k), event: text(r, 40 * k), emotionArcs: [text(r, 20), text(r, 20)] })) }),
  分集结构: (r, k) => ({ totalEpisodes: 24, episodeGroups: Array.from({ length: 4 }, (_, g) => ({ groupTitle: text(r, 8), episodes: `${g * 6 + 1}-${g * 6 + 6}`, plotDescription: text(r, 200 * k), keyEvents: [text(r, 40 * k), text(r, 40 * k)] })) }),
  单集大纲: (r, k, i) => ({ episodeNumber: i, title: text(r, 10), openingHook: text(r, 120 * k), mainPlot: text(r, 500 * k), cliffhanger: text(r, 120 * k), suspenseElements: [text(r, 30), text(r, 30)] }),
};
export const TYPES = Object.keys(SHAPES);

/**
 * `n` documents from `seed`; `bodyScale` multiplies every body's size without changing any
 * metadata, so which documents are selected and rendered stays the same.
 * A fifth of the bodies are JSON text strings, as the app's rows hold them.
 */
export function documents(n, { seed = 7, bodyScale = 1 } = {}) {
  const meta = rng(seed);
  const out = new Array(n);
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const type = TYPES[Math.floor(meta() * TYPES.length)];
    const body = rng(seed * 1_000_003 + i);
    // 1.5 brings the average document to ~2.5 KB of JSON, the size the issue measured at.
    const data = SHAPES[type](body, 1.5 * bodyScale, i);
    out[i] = {
      id: `jd-${i}`,
      schema_type: type,
      origin_type: meta() < 0.3 ? "user_input" : "ai_generated",
      created_at: new Date(start + Math.floor(meta() * 86_400_000 * 60)).toISOString(),
      data: i % 5 === 0 ? JSON.stringify(data) : data,
      is_leaf: meta() < 0.4,
    };
  }
  return out;
}

/** The profile every contender follows: the synopsis request of the writing app. */
export const profile = {
  defaultIntent: "generate_episode_synopsis",
  intents: { generate_episode_synopsis: { required: ["灵感创意", "故事设定", "chronicles", "分集结构"], excluded: ["单集大纲"] } },
  cap: "stop",
};

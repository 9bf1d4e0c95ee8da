// A large writing project generated deterministically from a seed: the same seed gives the same
// documents, byte for byte, on every machine. Shapes follow samples/writing-project.json (ideas,
// settings under their old and new type names, chronicles, episode plans, synopses, scripts),
// most bodies stored as JSON text like the app's rows, a few edited by the user, linked by edges.
import type { Edge, JsondocInput, JsonValue } from "ctxpack";

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ["林晚", "陆承泽", "沈知意", "周启明", "小满", "赵姐", "何东", "顾言", "陈曼", "林建国", "老马", "苏禾"];
const PLACES = ["看守所门口", "法律援助站", "启明律所", "检察院档案室", "城中村楼道", "医院走廊", "律协礼堂", "麻辣烫店", "地下停车场", "天台"];
const ACTIONS = ["拒绝了那把伞", "翻出一份旧卷宗", "当众揭穿了伪证", "在雨里等了一夜", "接下一桩讨薪案", "撕毁了会议记录", "把录音笔放在桌上", "第一次说了谢谢", "拦住了何东的车", "在直播里替街坊维权"];
const FEELINGS = ["冷静", "愤怒", "动摇", "释然", "心动", "愧疚", "坚定", "疲惫"];
const EN = [
  "The cold open lands a reversal in the first three seconds.",
  "Every small case plants one clue for the main mystery.",
  "The umbrella returns as the visual motif.",
  "She wins the hearing but loses the room.",
  "He finally admits the evidence was forged.",
  "The mentor smiles for the cameras and threatens in private.",
  "Cut on the hook: a text message nobody expected.",
  "A quiet beat in the stairwell before the storm.",
];
const GENRES = ["女频 · 复仇逆袭 + 甜宠", "Revenge / romance / legal", "都市 · 职场 · 悬疑", "Romantic comedy / hidden identity"];
const PLATFORMS = ["抖音 / 红果短剧（竖屏）", "ReelShort (vertical, overseas)", "快手短剧", "DramaBox"];

export interface LargeProject {
  documents: JsondocInput[];
  edges: Edge[];
}

export function generateLargeProject(seed: number, count: number): LargeProject {
  const rand = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  const sentence = (): string => `${pick(NAMES)}在${pick(PLACES)}${pick(ACTIONS)}，${pick(FEELINGS)}地看着${pick(NAMES)}。`;
  const paragraph = (minChars: number): string => {
    let s = "";
    while (s.length < minChars) s += rand() < 0.2 ? `${pick(EN)} ` : sentence();
    return s;
  };

  const documents: JsondocInput[] = [];
  const edges: Edge[] = [];
  let clock = Date.UTC(2026, 0, 5, 1, 0, 0);
  const push = (id: string, schemaType: string, data: { [key: string]: JsonValue }, from: string | null): void => {
    clock += int(1, 90) * 60_000;
    const user = rand() < 0.15;
    documents.push({
      id,
      schema_type: schemaType,
      origin_type: user ? "user_input" : "ai_generated",
      created_at: new Date(clock).toISOString(),
      // Most of the app's rows hold data as JSON text.
      data: rand() < 0.6 ? JSON.stringify(data) : data,
      metadata: user
        ? { project_id: `proj-large-${seed}`, schema_version: "v1", edited_by: "user", edited_fields: ["body"] }
        : { project_id: `proj-large-${seed}`, schema_version: "v1", model: pick(["qwen-max", "deepseek-v3", "gpt-4.1"]), batch: `batch-${Math.floor(documents.length / 50)}` },
    });
    if (from !== null) edges.push({ from, to: id });
  };

  const n = Math.max(6, Math.floor(count));
  const ideas = Math.max(1, Math.round(n * 0.01));
  const settings = Math.max(1, Math.round(n * 0.005));
  const chronicles = Math.max(1, Math.round(n * 0.005));
  const plans = Math.max(1, Math.round(n * 0.01));
  const scripts = Math.max(1, Math.round(n * 0.2));
  const synopses = Math.max(1, n - ideas - settings - chronicles - plans - scripts);
  const last: { [type: string]: string[] } = { idea: [], settings: [], chronicles: [], plan: [], synopsis: [] };
  const parent = (kind: string): string | null => {
    const list = last[kind] ?? [];
    return list.length === 0 ? null : (list[Math.floor(rand() * list.length)] ?? null);
  };

  for (let i = 0; i < ideas; i++) {
    const id = `lg-idea-${i + 1}`;
    push(id, rand() < 0.2 ? "brainstorm_idea" : "灵感创意", { title: `${pick(NAMES)}的第${i + 1}个故事`, body: paragraph(int(150, 420)), genre: pick(GENRES), platform: pick(PLATFORMS) }, null);
    last.idea?.push(id);
  }
  for (let i = 0; i < settings; i++) {
    const id = `lg-settings-${i + 1}`;
    const characters: JsonValue[] = [];
    for (let c = 0; c < int(3, 6); c++) {
      characters.push({
        name: pick(NAMES),
        type: pick(["protagonist", "male_lead", "antagonist", "supporting"]),
        age: int(18, 60),
        personality_traits: [pick(FEELINGS), pick(FEELINGS), pick(FEELINGS)],
        character_arc: paragraph(int(80, 220)),
        key_scenes: [sentence(), sentence(), sentence()],
      });
    }
    push(id, pick(["故事设定", "故事设定", "剧本设定", "outline_settings"]), { title: "逆光律师", synopsis: paragraph(int(120, 260)), setting: paragraph(int(100, 300)), characters }, parent("idea"));
    last.settings?.push(id);
  }
  for (let i = 0; i < chronicles; i++) {
    const id = `lg-chronicles-${i + 1}`;
    const stages: JsonValue[] = [];
    for (let s = 0; s < int(5, 8); s++) {
      stages.push({ title: `第${s + 1}阶段`, stageSynopsis: paragraph(int(150, 320)), event: sentence(), emotionArcs: [sentence(), sentence()], insights: [pick(EN)] });
    }
    push(id, "chronicles", { stages }, parent("settings"));
    last.chronicles?.push(id);
  }
  for (let i = 0; i < plans; i++) {
    const id = `lg-plan-${i + 1}`;
    const episodeGroups: JsonValue[] = [];
    for (let g = 0; g < 4; g++) {
      episodeGroups.push({ groupTitle: pick(["出狱归来", "以案养案", "竞选前夜", "第二次庭审"]), episodes: `${g * 6 + 1}-${g * 6 + 6}`, plotDescription: paragraph(int(120, 260)), keyEvents: [sentence(), sentence(), sentence()], hooks: [sentence()] });
    }
    push(id, "分集结构", { totalEpisodes: 24, episodeGroups, overallStrategy: pick(EN) }, parent("chronicles"));
    last.plan?.push(id);
  }
  // Synopses and scripts interleave, as episodes are written and regenerated over time.
  let madeSynopses = 0;
  let madeScripts = 0;
  while (madeSynopses < synopses || madeScripts < scripts) {
    const writeScript = madeScripts < scripts && (madeSynopses >= synopses || rand() < scripts / (scripts + synopses));
    const episode = int(1, 80);
    if (writeScript) {
      madeScripts++;
      let scriptContent = "";
      const length = int(600, 1400);
      for (let scene = 1; scriptContent.length < length; scene++) scriptContent += `【场${scene}】${pick(PLACES)} ${pick(["日", "夜"])} ${pick(["内", "外"])}\n${pick(NAMES)}：${sentence()}\n`;
      push(`lg-script-${madeScripts}`, "单集剧本", { episodeNumber: episode, title: `第${episode}集`, scriptContent }, parent("synopsis"));
    } else {
      madeSynopses++;
      const id = `lg-synopsis-${madeSynopses}`;
      push(id, "单集大纲", { episodeNumber: episode, title: `第${episode}集`, openingHook: sentence(), mainPlot: paragraph(int(150, 360)), emotionalClimax: sentence(), cliffhanger: sentence(), suspenseElements: [sentence(), sentence()] }, parent("plan"));
      last.synopsis?.push(id);
      if ((last.synopsis?.length ?? 0) > 200) last.synopsis?.shift();
    }
  }
  return { documents, edges };
}

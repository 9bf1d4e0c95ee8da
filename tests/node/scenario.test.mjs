// The writing app's failure, end to end through the package: synopses 1–6 exist, the request is
// "generate episodes 7-12" (or 生成第7-12集). The context holds the upstream documents, no earlier
// synopsis, and fits 16,000 characters — where sending everything did not.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { assembleContext, capContext, ContextAssembler } from "ctxpack";

const read = (path) => JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), "utf8"));
const project = read("samples/writing-project.json");
const profile = read("profiles/writing-app.json");
const canonical = (t) => profile.typeAliases?.[t] ?? t;
const UPSTREAM = ["灵感创意", "故事设定", "chronicles", "分集结构"];

test("sending every document in full would blow the budget", () => {
  const all = capContext({ documents: project.documents, maxChars: 2 ** 31 - 1 });
  assert.ok(all.context.length > 16000, `${all.context.length} chars`);
});

test("episodes 7-12, in English and in Chinese, get the upstream context and no earlier synopsis", () => {
  const assembler = new ContextAssembler(profile);
  const contexts = [];
  for (const request of ["generate episodes 7-12", "生成第7-12集"]) {
    const { context, manifest } = assembler.assemble({ documents: project.documents, edges: project.edges, request });
    assert.equal(manifest.intent.intent, "generate_episode_synopsis");
    assert.deepEqual(manifest.intent.params, { episodeEnd: 12, episodeStart: 7 });
    assert.ok(context.length <= 16000);
    assert.equal(manifest.documents.length, project.documents.length);
    for (const d of manifest.documents) {
      if (["单集大纲", "单集剧本"].includes(canonical(d.schemaType))) {
        assert.equal(d.action, "filtered_out", d.id);
        assert.ok(!context.includes(`(${d.id})`), d.id);
      }
    }
    for (const type of UPSTREAM) {
      assert.ok(manifest.documents.some((d) => canonical(d.schemaType) === type && ["full", "truncated", "summarized"].includes(d.action)), `no ${type}`);
    }
    for (const d of manifest.documents.filter((d) => d.offset !== null)) {
      assert.ok(context.slice(d.offset, d.offset + d.charsAfter).startsWith(`## ${d.schemaType} (${d.id})`), `${d.id} at its offset`);
    }
    contexts.push(context);
  }
  assert.equal(contexts[0], contexts[1]);
  assembler.free();
});

test("the server's JSON text and the client's objects decide the same", () => {
  const input = { documents: project.documents, edges: project.edges, request: "生成第7-12集", profile };
  const fromObjects = assembleContext(input);
  const fromText = assembleContext(JSON.stringify(input));
  assert.equal(fromText.context, fromObjects.context);
  assert.deepEqual(fromText.manifest, fromObjects.manifest);
});

// `npm start`'s main job: assemble the embedded sample project for a sample request with the
// built package, and print the context and a readable manifest.
//
//   node scripts/run-sample.mjs ["request text"] [maxChars]
import { readFileSync } from "node:fs";
import { assembleContext, version } from "ctxpack";

const root = new URL("../", import.meta.url);
const project = JSON.parse(readFileSync(new URL("samples/writing-project.json", root), "utf8"));
const profile = JSON.parse(readFileSync(new URL("profiles/writing-app.json", root), "utf8"));
const request = process.argv[2] ?? "generate episodes 7-12";
const maxChars = process.argv[3] === undefined ? undefined : Number(process.argv[3]);

const { context, manifest } = assembleContext({ documents: project.documents, edges: project.edges, request, profile, maxChars });

const rule = "─".repeat(78);
console.log(`ctxpack ${version()} — ${project.name}`);
console.log(`request: ${JSON.stringify(request)}\n${rule}`);
console.log(context);
console.log(rule);
const { intent, totals, cap } = manifest;
console.log(`intent  ${intent.intent} (${intent.source}${intent.rule ? ` ${intent.rule}` : ""}) params ${JSON.stringify(intent.params)}`);
console.log(`budget  ${totals.chars} / ${totals.maxChars} chars, cap ${cap.strategy}${cap.hit ? " — hit" : ""}`);
console.log(`totals  ${totals.documents} documents: ${totals.full} full, ${totals.truncated} truncated, ${totals.summarized} summarized, ${totals.discarded} discarded, ${totals.filteredOut} filtered out\n`);
const pad = (s, n) => String(s).padEnd(n);
console.log(`${pad("rank", 5)}${pad("action", 13)}${pad("id", 24)}${pad("type", 12)}${pad("score", 8)}${pad("chars", 14)}reason`);
for (const d of manifest.documents) {
  const chars = d.charsBefore === null ? "—" : `${d.charsBefore} → ${d.charsAfter}`;
  const score = d.score === null ? "" : d.score.toFixed(2);
  console.log(`${pad(d.rank ?? "", 5)}${pad(d.action, 13)}${pad(d.id, 24)}${pad(d.schemaType, 12)}${pad(score, 8)}${pad(chars, 14)}${d.reason}`);
}
console.log(`\n${manifest.log.join("\n")}`);

// Regenerates the seed files derived from the shared vectors (tests/vectors/inputs) and the
// example profile: `node fuzz/seeds.mjs`. Hand-written seeds (no `vector-` prefix) are left
// alone. Vectors are `{description, documents, request, profile, options}`; an assemble input
// is `{documents, request, profile, ...options}`.
import { readFileSync, readdirSync, writeFileSync, mkdirSync, rmSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const vectors = join(root, "tests/vectors/inputs");
const corpus = join(root, "fuzz/corpus");

function reset(target) {
  const dir = join(corpus, target);
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(dir)) if (f.startsWith("vector-")) rmSync(join(dir, f));
  return dir;
}

const assemble = reset("assemble_json_input");
const profiles = reset("profile");
const json = reset("json_parse_stringify");
const seenProfiles = new Set();
for (const file of readdirSync(vectors).filter((f) => f.endsWith(".json")).sort()) {
  const name = file.replace(/\.json$/, "");
  const v = JSON.parse(readFileSync(join(vectors, file), "utf8"));
  const input = { documents: v.documents };
  if ("request" in v) input.request = v.request;
  if ("profile" in v) input.profile = v.profile;
  Object.assign(input, v.options ?? {});
  writeFileSync(join(assemble, `vector-${name}.json`), JSON.stringify(input));
  writeFileSync(join(json, `vector-${name}.json`), JSON.stringify(v.documents));
  const p = JSON.stringify(v.profile ?? {});
  if (!seenProfiles.has(p)) {
    seenProfiles.add(p);
    writeFileSync(join(profiles, `vector-${name}.json`), p);
  }
}
writeFileSync(
  join(profiles, "vector-writing-app.json"),
  JSON.stringify(JSON.parse(readFileSync(join(root, "profiles/writing-app.json"), "utf8"))),
);

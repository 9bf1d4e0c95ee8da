// Writes the benchmark's documents (bench/workload.mjs) as JSON text, for the native scanner
// benchmark (examples/scan_speed.rs): 10k.json (10,000 documents) and 10k-x10.json (bodies ×10).
//
//   node bench/scan-texts.mjs <dir>
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { documents } from "./workload.mjs";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node bench/scan-texts.mjs <dir>");
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
for (const [name, bodyScale] of [["10k", 1], ["10k-x10", 10]]) {
  const text = JSON.stringify(documents(10_000, { bodyScale }));
  writeFileSync(join(dir, `${name}.json`), text);
  console.log(`${join(dir, `${name}.json`)}: ${Buffer.byteLength(text)} bytes`);
}

// Writes package.json "exports" as scripts/entries.mjs gives it (packageExports): run after adding
// an entry. scripts/build.mjs refuses a package.json whose exports differ.
import { readFileSync, writeFileSync } from "node:fs";
import { packageExports } from "./entries.mjs";

const path = new URL("../package.json", import.meta.url);
const json = JSON.parse(readFileSync(path, "utf8"));
json.exports = packageExports();
writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
console.log("package.json exports written");

// Writes package.json "exports" and "files" as scripts/entries.mjs gives them (packageExports,
// packageFiles): run after adding an entry. scripts/build.mjs refuses a package.json that differs.
import { readFileSync, writeFileSync } from "node:fs";
import { packageExports, packageFiles } from "./entries.mjs";

const path = new URL("../package.json", import.meta.url);
const json = JSON.parse(readFileSync(path, "utf8"));
json.exports = packageExports();
json.files = packageFiles();
writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
console.log("package.json exports and files written");

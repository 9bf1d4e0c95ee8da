// Installs the benchmark's peer libraries (bench/package.json: Priompt, prompt-tsx) into
// bench/node_modules, when it is missing or older than bench/package.json or its lock file.
// Run by `npm run bench` and by the bench smoke step of `npm test`:  node bench/deps.mjs
//
// They live apart from the root package so that the root's `npm ci` works: Priompt's native
// tokenizer (@anysphere/tiktoken-node) lists per-platform optional packages that were never
// published, and `npm ci` then calls any lock file holding it out of sync. `npm install` with the
// lock file installs exactly the locked versions all the same, so bench/ uses it.
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const bench = dirname(fileURLToPath(import.meta.url));
const marker = join(bench, "node_modules", ".package-lock.json");
const newest = Math.max(...["package.json", "package-lock.json"].map((f) => statSync(join(bench, f)).mtimeMs));
if (!existsSync(marker) || statSync(marker).mtimeMs < newest) {
  console.error("bench: installing the peer libraries (npm install --prefix bench)");
  execFileSync("npm", ["install", "--prefix", bench, "--no-audit", "--no-fund", "--loglevel", "error"], { stdio: "inherit" });
}

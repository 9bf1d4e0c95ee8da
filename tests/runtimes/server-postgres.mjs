// examples/server against a real PostgreSQL (part of `npm run test:runtimes`): Debian's
// postgresql, installed with apt-get when missing (as scripts/ensure-tools.sh installs Chromium),
// a cluster made with initdb in a temporary directory, started on a free port. Then:
// - tests/node/server-service.test.mjs, the tests `npm test` runs on PGlite, with DATABASE_URL;
// - the database stopped under a running service: 503 DATABASE_UNAVAILABLE naming it, /api/ready
//   503, and once it is back, the refused write left no row and the service serves again.
//
//   node tests/runtimes/server-postgres.mjs
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import assert from "node:assert/strict";
import { fileURLToPath, pathToFileURL } from "node:url";
import { freePort } from "../support/server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const say = (s) => process.stderr.write(`[server-postgres] ${s}\n`);

/** The newest installed PostgreSQL's bin directory, installing Debian's package when there is none. */
function postgresBin() {
  const find = () => {
    const base = "/usr/lib/postgresql";
    const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, "bin", "initdb"))) : [];
    versions.sort((a, b) => Number(b) - Number(a));
    return versions.length === 0 ? null : join(base, versions[0], "bin");
  };
  let bin = find();
  if (bin === null) {
    say("installing Debian's postgresql");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "postgresql"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    bin = find();
  }
  if (bin === null) throw new Error("postgresql is not installed and apt-get did not install it");
  return bin;
}

/** Postgres refuses to run as root: as root, its commands run as the `postgres` user. */
const asRoot = process.getuid?.() === 0;
function pg(bin, tool, args, { check = true } = {}) {
  const command = asRoot ? "runuser" : join(bin, tool);
  const argv = asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args;
  const result = spawnSync(command, argv, { encoding: "utf8" });
  if (check && result.status !== 0) throw new Error(`${tool} ${args.join(" ")}: exit ${result.status}\n${result.stdout}\n${result.stderr}`);
  return result;
}

const bin = postgresBin();
const dir = mkdtempSync(join(tmpdir(), "ctxpack-pg-"));
chmodSync(dir, 0o777);
const data = join(dir, "data");
const port = await freePort();
const start = () => pg(bin, "pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -h 127.0.0.1`, "start"]);
const stop = (check = true) => pg(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"], { check });
let failed = false;
try {
  pg(bin, "initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"]);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  say(`PostgreSQL (${bin}) on ${url}`);

  const tests = spawnSync(process.execPath, ["--test", join(root, "tests", "node", "server-service.test.mjs")], { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } });
  if (tests.status !== 0) throw new Error(`server-service.test.mjs on PostgreSQL: exit ${tests.status}`);

  say("the database stopped under a running service");
  const { startServer } = await import(pathToFileURL(join(root, "examples", "server", "server.mjs")).href);
  const service = await startServer({ port: 0, databaseUrl: url, seed: false, poolSize: 1, logger: false });
  try {
    const post = (body) => fetch(`${service.url}/api/projects`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    assert.equal((await fetch(`${service.url}/api/ready`)).status, 200);
    stop();
    const documents = Array.from({ length: 800 }, (_, i) => ({ id: `d${i}`, schema_type: "x", origin_type: "y" }));
    for (const res of [await post({ id: "while-down", documents }), await fetch(`${service.url}/api/ready`), await fetch(`${service.url}/api/projects`)]) {
      assert.equal(res.status, 503);
      const { error } = await res.json();
      assert.equal(error.code, "DATABASE_UNAVAILABLE");
      assert.ok(error.message.includes(`PostgreSQL at ${url}`), error.message);
    }
    start();
    assert.equal((await fetch(`${service.url}/api/ready`)).status, 200, "ready again once the database is back");
    assert.equal((await fetch(`${service.url}/api/projects/while-down`)).status, 404, "the refused write left no project");
    const { rows } = await service.db.query("SELECT count(*)::int AS n FROM jsondocs WHERE project_id = 'while-down'");
    assert.equal(rows[0].n, 0, "and no document");
    say("ok: 503 naming the database while it was down, no row written, served again after");
  } finally {
    await service.shutdown({ deadlineMs: 1000 });
  }
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  stop(false);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

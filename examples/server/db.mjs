// The database: PGlite (Postgres compiled to wasm, in this process, persisted in a directory) by
// default, a real PostgreSQL through node-postgres when DATABASE_URL is set. Both run the same
// SQL; this file gives them one shape: exec(sql), query(sql, params) -> {rows}, transaction(fn),
// close().
import { mkdirSync } from "node:fs";

/** The database could not be reached or has gone: the service answers 503 naming it. */
export class DatabaseUnavailable extends Error {
  constructor(name, cause) {
    super(`the database ${name} is unavailable: ${cause?.message ?? cause}`);
    this.database = name;
  }
}

/** SQLSTATE classes of a database that is down or going away, and node-postgres's socket errors. */
const UNAVAILABLE_STATES = /^(08|57P0[1-3]|53)/;
const UNAVAILABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE", "EHOSTUNREACH"]);
const isUnavailable = (e) =>
  (typeof e?.code === "string" && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_ERRNOS.has(e.code))) ||
  /PGlite is closed|Connection terminated|connection error|Client was closed|Cannot use a pool after calling end/i.test(String(e?.message));

/** The URL without its password, for logs and for the 503's message. */
export function redactUrl(url) {
  try {
    const u = new URL(url);
    if (u.password !== "") u.password = "***";
    return u.toString();
  } catch {
    return "postgres (DATABASE_URL)";
  }
}

/**
 * Opens the database. `url` (postgres://…): node-postgres. Otherwise PGlite in `dataDir`
 * (created if missing), or in memory when `dataDir` is "memory://".
 */
export async function openDatabase({ url, dataDir, poolSize = 10 } = {}) {
  const db = url ? await openPostgres(url, poolSize) : await openPglite(dataDir ?? "memory://");
  await db.exec(SCHEMA);
  return db;
}

function guarded(name, fn) {
  return async (...args) => {
    try {
      return await fn(...args);
    } catch (e) {
      throw isUnavailable(e) ? new DatabaseUnavailable(name, e) : e;
    }
  };
}

async function openPglite(dataDir) {
  const { PGlite } = await import("@electric-sql/pglite");
  if (dataDir !== "memory://") mkdirSync(dataDir, { recursive: true });
  const name = dataDir === "memory://" ? "PGlite (in memory)" : `PGlite at ${dataDir}`;
  const pg = await PGlite.create(dataDir);
  // PGlite runs one statement at a time; its transaction() holds it for the whole callback.
  return {
    kind: "pglite",
    name,
    exec: guarded(name, (sql) => pg.exec(sql)),
    query: guarded(name, (sql, params) => pg.query(sql, params)),
    transaction: guarded(name, (fn) => pg.transaction((tx) => fn({ query: (sql, params) => tx.query(sql, params) }))),
    close: () => (pg.closed ? undefined : pg.close()),
  };
}

async function openPostgres(url, poolSize) {
  const { default: pg } = await import("pg");
  const name = `PostgreSQL at ${redactUrl(url)}`;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client's error (the server restarted) must not crash the process: the next query reports it.
  pool.on("error", () => {});
  let closed = false;
  return {
    kind: "postgres",
    name,
    exec: guarded(name, (sql) => pool.query(sql)),
    query: guarded(name, (sql, params) => pool.query(sql, params)),
    transaction: guarded(name, async (fn) => {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query("BEGIN");
        const result = await fn({ query: (sql, params) => client.query(sql, params) });
        await client.query("COMMIT");
        return result;
      } catch (e) {
        await client.query("ROLLBACK").catch(() => (broken = true));
        throw e;
      } finally {
        client.release(broken);
      }
    }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * The tables, shaped like the writing app's: a jsondoc row with its project, schema and origin
 * types, creation time, data and metadata; a lineage edge from one document to another.
 * `version` counts a document's edits (the optimistic check of PUT); a project's `revision` is
 * drawn anew from one sequence by every write to its documents or edges (what the assembly
 * caches are keyed on: never the same for two states, even of a project deleted and made again). `profile` is `json`, not
 * `jsonb`, so the profile's own key order (its rules' order) is kept.
 */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS projects (
  id text PRIMARY KEY,
  name text NOT NULL DEFAULT '',
  profile json,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE IF NOT EXISTS revisions;
ALTER TABLE projects ADD COLUMN IF NOT EXISTS revision bigint NOT NULL DEFAULT nextval('revisions');
CREATE TABLE IF NOT EXISTS jsondocs (
  project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  id text NOT NULL,
  schema_type text NOT NULL,
  origin_type text NOT NULL,
  created_at timestamptz NOT NULL,
  data jsonb,
  metadata jsonb NOT NULL DEFAULT '{}',
  version integer NOT NULL DEFAULT 1,
  PRIMARY KEY (project_id, id)
);
CREATE TABLE IF NOT EXISTS lineage (
  project_id text NOT NULL,
  "from" text NOT NULL,
  "to" text NOT NULL,
  PRIMARY KEY (project_id, "from", "to"),
  FOREIGN KEY (project_id, "from") REFERENCES jsondocs (project_id, id) ON DELETE CASCADE,
  FOREIGN KEY (project_id, "to") REFERENCES jsondocs (project_id, id) ON DELETE CASCADE
);
`;

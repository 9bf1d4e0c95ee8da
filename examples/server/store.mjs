// The SQL of the service: projects, their jsondocs and lineage edges. Every write that touches
// more than one row runs in one transaction, so a failure (a bad row, the database going away)
// leaves nothing half-written. Reads for an assembly return JSON text built by the database,
// handed to a pool thread as it is, and kept until the project's revision changes.
import { isObject, Refusal } from "./assembly.mjs";

/** A document's `created_at` as `Date.prototype.toISOString` writes it, in SQL. */
const ISO = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** One row as the jsondoc ctxpack reads (and the page edits). */
const DOCUMENT_JSON = `json_build_object('id', id, 'schema_type', schema_type, 'origin_type', origin_type, 'created_at', ${ISO}, 'data', data, 'metadata', metadata)`;
const DOCUMENTS_SQL = `SELECT coalesce(json_agg(${DOCUMENT_JSON} ORDER BY created_at, id), '[]')::text AS documents FROM jsondocs WHERE project_id = $1`;
const EDGES_SQL = `SELECT coalesce(json_agg(json_build_object('from', "from", 'to', "to") ORDER BY "from", "to"), '[]')::text AS edges FROM lineage WHERE project_id = $1`;
const DOCUMENT_FIELDS = ["id", "schema_type", "origin_type", "created_at", "data", "metadata"];
const EDIT_FIELDS = ["schema_type", "origin_type", "created_at", "data", "metadata", "version"];

/** An id in a path or a body: 1–200 characters, no control characters, no slash. */
export function checkId(id, path) {
  // eslint-disable-next-line no-control-regex
  if (typeof id !== "string" || id.length === 0 || id.length > 200 || /[\u0000-\u001f\u007f/]/.test(id)) {
    throw new Refusal(400, "INVALID_ID", path, `${JSON.stringify(id)} is not an id: 1 to 200 characters, no control characters and no slash`);
  }
  return id;
}

const notFound = (path, what) => new Refusal(404, "NOT_FOUND", path, `no ${what}`);

function checkString(value, path, field) {
  if (typeof value !== "string" || value.length === 0) throw new Refusal(400, "INVALID_INPUT", path, `\`${field}\` must be a non-empty string`);
  return value;
}

/** ISO-8601 text or epoch milliseconds, as ctxpack reads `created_at`; stored as a timestamptz. */
function checkTime(value, path) {
  const ms = typeof value === "number" ? value : typeof value === "string" ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) throw new Refusal(400, "INVALID_TIMESTAMP", path, "`created_at` must be an ISO-8601 date and time or epoch milliseconds");
  return new Date(ms).toISOString();
}

/** A document of a create, checked: its row's values. */
function documentRow(doc, path) {
  if (!isObject(doc)) throw new Refusal(400, "INVALID_INPUT", path, "a document must be a JSON object");
  for (const key of Object.keys(doc)) {
    if (!DOCUMENT_FIELDS.includes(key)) throw new Refusal(400, "INVALID_INPUT", `${path}/${key}`, `unknown field \`${key}\`, expected one of ${DOCUMENT_FIELDS.join(", ")}`);
  }
  if (doc.metadata !== undefined && !isObject(doc.metadata)) throw new Refusal(400, "INVALID_INPUT", `${path}/metadata`, "`metadata` must be an object");
  return [
    checkId(doc.id, `${path}/id`),
    checkString(doc.schema_type, `${path}/schema_type`, "schema_type"),
    checkString(doc.origin_type, `${path}/origin_type`, "origin_type"),
    doc.created_at === undefined ? new Date().toISOString() : checkTime(doc.created_at, `${path}/created_at`),
    JSON.stringify(doc.data ?? null),
    JSON.stringify(doc.metadata ?? {}),
  ];
}

function edgeOf(edge, path) {
  if (!isObject(edge)) throw new Refusal(400, "INVALID_INPUT", path, "an edge must be an object `{from, to}`");
  return [checkId(edge.from, `${path}/from`), checkId(edge.to, `${path}/to`)];
}

/** Postgres's refusals of a write, as the service's: a duplicate id, an edge to no document. */
function refusalOf(e, path) {
  if (e?.code === "23505") return new Refusal(409, "DUPLICATE_ID", path, `already stored: ${e.detail ?? e.message}`);
  if (e?.code === "23503") return new Refusal(404, "NOT_FOUND", path, `no such document: ${e.detail ?? e.message}`);
  // A data exception (a date Postgres cannot hold, a text it cannot store): the input's fault.
  if (typeof e?.code === "string" && e.code.startsWith("22")) return new Refusal(400, "INVALID_INPUT", path, `the database refused a value: ${e.message}`);
  return e;
}

async function requireProject(q, projectId) {
  const { rows } = await q.query("SELECT 1 FROM projects WHERE id = $1", [projectId]);
  if (rows.length === 0) throw notFound("", `project ${JSON.stringify(projectId)}`);
}

/** The rows of an assembly in one statement (one snapshot): the revision they are of, with them. */
const ASSEMBLY_SQL = `SELECT p.revision::text AS revision, p.profile::text AS profile, (${DOCUMENTS_SQL.replace("$1", "p.id")}) AS documents, (${EDGES_SQL.replace("$1", "p.id")}) AS edges FROM projects p WHERE p.id = $1`;
/** Projects whose rows stay cached as JSON text (the 10,000-document one is ~14 MB). */
const CACHED_PROJECTS = 8;

/**
 * Every write to a project's documents or edges starts by drawing it a new revision: it takes the
 * project's row lock (the project's writes are serialized, so never deadlock), makes the
 * revision a cache key that changes in the same transaction as the rows, and is the 404 of a
 * project that is not there.
 */
async function bump(tx, projectId) {
  const { rows } = await tx.query("UPDATE projects SET revision = nextval('revisions') WHERE id = $1 RETURNING revision", [projectId]);
  if (rows.length === 0) throw notFound("", `project ${JSON.stringify(projectId)}`);
}

export function createStore(db) {
  /** projectId -> the rows of its last-read revision, as JSON text; least recently used first. */
  const cache = new Map();
  const store = {
    async listProjects() {
      const { rows } = await db.query(`SELECT p.id, p.name, (SELECT count(*)::int FROM jsondocs d WHERE d.project_id = p.id) AS documents FROM projects p ORDER BY p.id`);
      return rows;
    },

    /** A project with its documents and edges, or with none of them. */
    async createProject(body) {
      if (!isObject(body)) throw new Refusal(400, "INVALID_INPUT", "", "the body must be a JSON object");
      for (const key of Object.keys(body)) {
        if (!["id", "name", "profile", "documents", "edges"].includes(key)) throw new Refusal(400, "INVALID_INPUT", `/${key}`, `unknown field \`${key}\`, expected one of id, name, profile, documents, edges`);
      }
      const id = checkId(body.id, "/id");
      if (body.name !== undefined && typeof body.name !== "string") throw new Refusal(400, "INVALID_INPUT", "/name", "`name` must be a string");
      if (body.profile !== undefined && body.profile !== null && !isObject(body.profile)) throw new Refusal(400, "INVALID_INPUT", "/profile", "`profile` must be an object");
      const documents = body.documents ?? [];
      const edges = body.edges ?? [];
      if (!Array.isArray(documents)) throw new Refusal(400, "INVALID_INPUT", "/documents", "`documents` must be an array");
      if (!Array.isArray(edges)) throw new Refusal(400, "INVALID_INPUT", "/edges", "`edges` must be an array");
      const rows = documents.map((d, i) => documentRow(d, `/documents/${i}`));
      const pairs = edges.map((e, i) => edgeOf(e, `/edges/${i}`));
      await db.transaction(async (tx) => {
        try {
          await tx.query("INSERT INTO projects (id, name, profile) VALUES ($1, $2, $3)", [id, body.name ?? "", body.profile == null ? null : JSON.stringify(body.profile)]);
        } catch (e) {
          throw refusalOf(e, "/id");
        }
        await insertDocuments(tx, id, rows, "/documents");
        await insertEdges(tx, id, pairs, "/edges");
      });
      return { id, name: body.name ?? "", documents: rows.length, edges: pairs.length };
    },

    async deleteProject(projectId) {
      const { rows } = await db.query("DELETE FROM projects WHERE id = $1 RETURNING id", [projectId]);
      if (rows.length === 0) throw notFound("", `project ${JSON.stringify(projectId)}`);
    },

    /** The project as JSON text: `{id, name, profile, documents, edges}`, what the page opens. */
    async projectJson(projectId) {
      return db.transaction(async (tx) => {
        const { rows } = await tx.query("SELECT id, name, profile::text AS profile FROM projects WHERE id = $1", [projectId]);
        const project = rows[0];
        if (project === undefined) throw notFound("", `project ${JSON.stringify(projectId)}`);
        const documents = (await tx.query(DOCUMENTS_SQL, [projectId])).rows[0].documents;
        const edges = (await tx.query(EDGES_SQL, [projectId])).rows[0].edges;
        return `{"id":${JSON.stringify(project.id)},"name":${JSON.stringify(project.name)},"profile":${project.profile ?? "null"},"documents":${documents},"edges":${edges}}`;
      });
    },

    /**
     * What an assembly reads, as JSON texts: `{key, documents, edges, profile, cached}`. The
     * project's revision is read first; when it is the cached one the rows are not read again
     * (`cached: true`), else one statement reads them with their revision. `key`
     * (`id@revision`) names these rows for the pool's threads, which keep them parsed.
     */
    async assemblyRows(projectId) {
      const { rows } = await db.query("SELECT revision::text AS revision FROM projects WHERE id = $1", [projectId]);
      if (rows[0] === undefined) throw notFound("", `project ${JSON.stringify(projectId)}`);
      const hit = cache.get(projectId);
      if (hit !== undefined && hit.revision === rows[0].revision) {
        cache.delete(projectId);
        cache.set(projectId, hit);
        return { ...hit.rows, cached: true };
      }
      const read = (await db.query(ASSEMBLY_SQL, [projectId])).rows[0];
      if (read === undefined) throw notFound("", `project ${JSON.stringify(projectId)}`);
      const entry = { revision: read.revision, rows: { key: `${projectId}@${read.revision}`, documents: read.documents, edges: read.edges, profile: read.profile ?? null } };
      cache.delete(projectId);
      cache.set(projectId, entry);
      if (cache.size > CACHED_PROJECTS) cache.delete(cache.keys().next().value);
      return { ...entry.rows, cached: false };
    },

    async documentsJson(projectId) {
      return db.transaction(async (tx) => {
        await requireProject(tx, projectId);
        return (await tx.query(DOCUMENTS_SQL, [projectId])).rows[0].documents;
      });
    },

    async getDocument(projectId, docId) {
      const { rows } = await db.query(`SELECT ${DOCUMENT_JSON}::text AS document, version FROM jsondocs WHERE project_id = $1 AND id = $2`, [projectId, docId]);
      if (rows[0] === undefined) throw notFound("", `document ${JSON.stringify(docId)} in project ${JSON.stringify(projectId)}`);
      return { document: rows[0].document, version: rows[0].version };
    },

    /** One document or an array of them, all or none. */
    createDocuments: (projectId, body) => createAll(db, projectId, body, documentRow, insertDocuments),

    /**
     * An edit: the fields given replace the stored ones, in one UPDATE. With `version`, only if
     * the row is still at that version (409 otherwise): of concurrent edits from one version,
     * one is kept whole and the others are told.
     */
    async editDocument(projectId, docId, body) {
      if (!isObject(body)) throw new Refusal(400, "INVALID_INPUT", "", "the body must be a JSON object");
      for (const key of Object.keys(body)) {
        if (!EDIT_FIELDS.includes(key)) throw new Refusal(400, "INVALID_INPUT", `/${key}`, `unknown field \`${key}\`, expected one of ${EDIT_FIELDS.join(", ")}`);
      }
      const sets = [];
      const params = [projectId, docId];
      const set = (column, value, cast = "") => {
        params.push(value);
        sets.push(`${column} = $${params.length}${cast}`);
      };
      if (body.schema_type !== undefined) set("schema_type", checkString(body.schema_type, "/schema_type", "schema_type"));
      if (body.origin_type !== undefined) set("origin_type", checkString(body.origin_type, "/origin_type", "origin_type"));
      if (body.created_at !== undefined) set("created_at", checkTime(body.created_at, "/created_at"));
      if (body.data !== undefined) set("data", JSON.stringify(body.data), "::jsonb");
      if (body.metadata !== undefined) {
        if (!isObject(body.metadata)) throw new Refusal(400, "INVALID_INPUT", "/metadata", "`metadata` must be an object");
        set("metadata", JSON.stringify(body.metadata), "::jsonb");
      }
      let guard = "";
      if (body.version !== undefined) {
        if (!Number.isInteger(body.version)) throw new Refusal(400, "INVALID_INPUT", "/version", "`version` must be an integer");
        params.push(body.version);
        guard = ` AND version = $${params.length}`;
      }
      sets.push("version = version + 1");
      return db.transaction(async (tx) => {
        await bump(tx, projectId);
        const { rows } = await tx.query(`UPDATE jsondocs SET ${sets.join(", ")} WHERE project_id = $1 AND id = $2${guard} RETURNING ${DOCUMENT_JSON}::text AS document, version`, params).catch((e) => {
          throw refusalOf(e, "");
        });
        if (rows[0] !== undefined) return { document: rows[0].document, version: rows[0].version };
        // No row: gone, or edited since `version` (the throw rolls the revision back).
        const current = await tx.query("SELECT version FROM jsondocs WHERE project_id = $1 AND id = $2", [projectId, docId]);
        if (current.rows[0] === undefined) throw notFound("", `document ${JSON.stringify(docId)} in project ${JSON.stringify(projectId)}`);
        throw new Refusal(409, "VERSION_CONFLICT", "/version", `the document is at version ${current.rows[0].version}, not ${body.version}: it was edited since; read it again`);
      });
    },

    /** A document and its edges (the foreign keys cascade). */
    async deleteDocument(projectId, docId) {
      await db.transaction(async (tx) => {
        await bump(tx, projectId);
        const { rows } = await tx.query("DELETE FROM jsondocs WHERE project_id = $1 AND id = $2 RETURNING id", [projectId, docId]);
        if (rows.length === 0) throw notFound("", `document ${JSON.stringify(docId)} in project ${JSON.stringify(projectId)}`);
      });
    },

    async edgesJson(projectId) {
      return db.transaction(async (tx) => {
        await requireProject(tx, projectId);
        return (await tx.query(EDGES_SQL, [projectId])).rows[0].edges;
      });
    },

    /** One edge or an array of them, all or none. */
    createEdges: (projectId, body) => createAll(db, projectId, body, edgeOf, insertEdges),

    async deleteEdge(projectId, from, to) {
      await db.transaction(async (tx) => {
        await bump(tx, projectId);
        const { rows } = await tx.query(`DELETE FROM lineage WHERE project_id = $1 AND "from" = $2 AND "to" = $3 RETURNING 1`, [projectId, from, to]);
        if (rows.length === 0) throw notFound("", `edge ${JSON.stringify(from)} -> ${JSON.stringify(to)}`);
      });
    },
  };
  return store;
}

/** One item or an array of them, checked by `check`, inserted by `insert` in one transaction. */
async function createAll(db, projectId, body, check, insert) {
  const rows = Array.isArray(body) ? body.map((item, i) => check(item, `/${i}`)) : [check(body, "")];
  await db.transaction(async (tx) => {
    await bump(tx, projectId);
    await insert(tx, projectId, rows, "");
  });
  return rows.length;
}

/** Rows in batches of 500 (Postgres's 65,535 parameters bound one statement). */
async function insertDocuments(tx, projectId, rows, path) {
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    const values = batch.map((_, i) => `($1, $${i * 6 + 2}, $${i * 6 + 3}, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6}::jsonb, $${i * 6 + 7}::jsonb)`).join(", ");
    try {
      await tx.query(`INSERT INTO jsondocs (project_id, id, schema_type, origin_type, created_at, data, metadata) VALUES ${values}`, [projectId, ...batch.flat()]);
    } catch (e) {
      throw refusalOf(e, path);
    }
  }
}

async function insertEdges(tx, projectId, pairs, path) {
  for (let start = 0; start < pairs.length; start += 1000) {
    const batch = pairs.slice(start, start + 1000);
    const values = batch.map((_, i) => `($1, $${i * 2 + 2}, $${i * 2 + 3})`).join(", ");
    try {
      await tx.query(`INSERT INTO lineage (project_id, "from", "to") VALUES ${values} ON CONFLICT DO NOTHING`, [projectId, ...batch.flat()]);
    } catch (e) {
      throw refusalOf(e, path);
    }
  }
}

/** Seeds the sample project when the database holds no project yet. Returns its id, or null. */
export async function seedIfEmpty(store, { project, profile }) {
  if ((await store.listProjects()).length > 0) return null;
  const id = project.documents[0]?.metadata?.project_id ?? "sample";
  await store.createProject({ id, name: project.name, profile, documents: project.documents, edges: project.edges });
  return id;
}

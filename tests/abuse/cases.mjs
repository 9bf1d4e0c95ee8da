// Boundary abuse: every export and ContextAssembler method fed hostile JavaScript values.
//
// Shared by tests/abuse/node.test.mjs (Node) and tests/abuse/browser.mjs (headless Chromium, which
// serves this file and cases/ to a page): plain ES modules, no Node-only APIs. The ctxpack module
// is a parameter; results are plain JSON records, compared between the runtimes field by field
// (see COMPARED).
//
// The cases live in cases/, one file per group (cases/common.mjs: the fixtures and how a case is
// run and judged); this file puts the groups in order and runs them. See docs/ROBUSTNESS.md for
// the findings, and the history of the fixed bugs the `regression` cases guard.
import { fingerprint, isOpenBug, now, REGRESSION, runCase, setup, wasmFigures } from "./cases/common.mjs";
import { numberCases } from "./cases/numbers.mjs";
import { surrogateCases } from "./cases/surrogates.mjs";
import { protoCases, protoSnapshot } from "./cases/proto.mjs";
import { deepCases } from "./cases/deep.mjs";
import { lifecycleCases } from "./cases/lifecycle.mjs";
import { resourceCases } from "./cases/resources.mjs";
import { hugeCases } from "./cases/huge.mjs";
import { millionCases } from "./cases/million.mjs";
import { typeCases } from "./cases/types.mjs";

export { CODES, COMPARED, REGRESSION, OPEN_BUGS, isOpenBug, fingerprint, PROFILE } from "./cases/common.mjs";
export { ISOLATED, runIsolated } from "./cases/isolated.mjs";

/**
 * Groups in the order they run: resources before the huge ones grow memory; types last (its host
 * exceptions once poisoned the instance: bug 1). The order is part of the records' identity.
 */
export const GROUPS = {
  numbers: numberCases,
  surrogates: surrogateCases,
  proto: protoCases,
  deep: deepCases,
  lifecycle: lifecycleCases,
  resources: resourceCases,
  huge: hugeCases,
  million: millionCases,
  types: typeCases,
};

/**
 * Starts a run against `ctxpack`: computes the reference answers (before any abuse) and returns
 * `{ reference, group(name) → records, finish() → { records, figures } }`.
 * `env`: `{ wasm?() → wasm exports, memory?() → numbers, gc?() }` — all optional.
 */
export function start(ctxpack, env = {}) {
  const ctx = setup(ctxpack, env);
  ctx.figures = { timings: {} };
  ctx.proto = protoSnapshot();
  const reference = {};
  for (const [door, text] of Object.entries(ctx.ref)) reference[door] = fingerprint(text);
  const all = [{ group: "reference", door: "all exports", input: "reference answers before any abuse", outcome: "ok", afterOk: true, value: reference, pass: true }];
  return {
    reference,
    group(name) {
      const t0 = now();
      const records = GROUPS[name]().map((spec) => runCase(ctx, name, spec));
      ctx.figures.timings[name] = Math.round(now() - t0);
      all.push(...records);
      return records;
    },
    finish() {
      const protoOk = protoSnapshot() === ctx.proto;
      const last = [{ group: "proto", door: "all exports", input: "Object.prototype, Array.prototype, Function.prototype untouched after every case", outcome: "ok", afterOk: true, pass: protoOk, ...(protoOk ? {} : { why: "a prototype changed" }) }];
      ctx.figures.wasm = wasmFigures(env);
      last.push(runCase(ctx, "lifecycle", { door: "ContextAssembler#free", input: "the assembler shared by every case can be freed at the end", run: (c) => c.asm.free(), expect: ["ok"], regression: REGRESSION.rawThrow + " — a raw exception through one of its methods left its borrow flag set", skipAfter: true }));
      all.push(...last);
      return { records: all, figures: ctx.figures, last };
    },
  };
}

/** Every group in order, then the final prototype check: `{ records, figures }`, plain JSON. */
export function runAll(ctxpack, env = {}, only) {
  const run = start(ctxpack, env);
  for (const name of Object.keys(GROUPS)) if (!only || only.includes(name)) run.group(name);
  const { records, figures } = run.finish();
  return { records, figures };
}

/** What a record's case is known for: an open bug's text, or the fixed bug it guards. */
export const noteOf = (r) => r.bug ?? r.regression;

/** The tag of a failing line whose case has a note (printed once below the lines). */
export const tagOf = (r) => (r.bug ? " (open bug, see below)" : r.regression ? " (a regression, see below)" : "");

/** Readable lines for failing records, then each note (open bug or regression) once with its count. */
export function describeFailures(records) {
  const failing = records.filter((r) => !r.pass && !isOpenBug(r));
  const lines = failing.map((r) => `not ok - [${r.group}] ${r.door}: ${r.input} — ${r.why}${tagOf(r)}`);
  const notes = new Map();
  for (const r of failing) if (noteOf(r)) notes.set(noteOf(r), (notes.get(noteOf(r)) ?? 0) + 1);
  for (const [note, n] of notes) lines.push(`${note} [${n} case${n > 1 ? "s" : ""}]`);
  return lines.join("\n");
}

/** The failing records of open bugs, described for the log. */
export function describeOpenBugs(records) {
  const open = records.filter(isOpenBug);
  const lines = open.map((r) => `skipped (open bug) - [${r.group}] ${r.door}: ${r.input} — ${r.why}`);
  for (const bug of new Set(open.map((r) => r.bug))) lines.push(bug);
  return lines.join("\n");
}

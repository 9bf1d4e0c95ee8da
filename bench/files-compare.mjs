// One timed comparison of the preload benchmark, the same in Node and in the Chromium page:
// ctxpack's preloadFiles against bench/files-baseline.ts on one input, alternating call by call
// (bench/harness.mjs), after checking that both render the same block. ctxpack runs three ways:
// under a token budget (its estimator counts every inlined section), under a chars budget (no
// token count, as the plain version's chars / 4 nearly is), and with maxBytes 1 — every file
// crosses into wasm and is refused by size, nothing is scanned or rendered: what the crossing
// alone costs. The plain version runs twice: with chars / 4 and with its port of ctxpack's
// estimator, which must give the same tokens, file by file.
import { stats, timeContenders } from "./harness.mjs";
import { LINES, MAX_TOKENS, workload } from "./files-workload.mjs";

export async function compare({ preloadFiles, preloadPlain, n, warmup, rounds }) {
  const { references, contents } = workload(n);
  const inputs = {
    "ctxpack, maxTokens": { references, contents, maxTokens: MAX_TOKENS },
    "ctxpack, maxChars": { references, contents, maxChars: 2_000_000_000 },
    "ctxpack, crossing only": { references, contents, maxChars: 2_000_000_000, maxBytes: 1 },
  };
  const options = { maxLines: LINES, maxTokens: MAX_TOKENS, fanout: 1, tokens: "quarter" };
  const estimating = { ...options, tokens: "estimate" };
  const theirs = preloadPlain(references, contents, options);
  const theirsEstimated = preloadPlain(references, contents, estimating);
  // The same work: the same files inlined and the same block, byte for byte but for the
  // headings' token figures, which chars / 4 gives otherwise.
  const results = Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, preloadFiles(input)]));
  const figures = (block) => block.replace(/, ~\d+ tokens?\)\n/g, ")\n");
  const same = ["ctxpack, maxTokens", "ctxpack, maxChars"].every((k) => figures(results[k].block) === figures(theirs.block) && results[k].manifest.totals.inlined === n) && theirs.totals.inlined === n;
  const crossed = results["ctxpack, crossing only"].manifest.totals.skipped === n;
  // The port of the estimator counts what ctxpack counts, file by file.
  const ours = results["ctxpack, maxTokens"];
  const sameTokens =
    theirsEstimated.block === ours.block &&
    theirsEstimated.totals.tokens === ours.manifest.totals.tokens &&
    theirsEstimated.records.every((r, i) => r.tokens === ours.manifest.files[i].tokens);
  const contenders = [
    ...Object.entries(inputs).map(([name, input]) => ({ name, run: () => preloadFiles(input) })),
    { name: "plain TS", run: () => preloadPlain(references, contents, options) },
    { name: "plain TS, ctxpack's estimator", run: () => preloadPlain(references, contents, estimating) },
  ];
  const plan = Object.fromEntries(contenders.map((c) => [c.name, { warmup, rounds }]));
  const samples = await timeContenders(contenders, null, null, plan);
  const times = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)]));
  return {
    n,
    same,
    crossed,
    sameTokens,
    inlined: ours.manifest.totals.inlined,
    bytes: ours.manifest.totals.bytes,
    blockChars: ours.block.length,
    tokens: { ctxpack: ours.manifest.totals.tokens, plain: theirs.totals.tokens, plainEstimated: theirsEstimated.totals.tokens },
    times,
    ratio: {
      maxTokens: times["ctxpack, maxTokens"].median / times["plain TS"].median,
      maxChars: times["ctxpack, maxChars"].median / times["plain TS"].median,
      crossing: times["ctxpack, crossing only"].median / times["plain TS"].median,
      sameEstimator: times["ctxpack, maxTokens"].median / times["plain TS, ctxpack's estimator"].median,
    },
  };
}

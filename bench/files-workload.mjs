// The preload benchmark's input, the same in Node and in the Chromium page: `n` TypeScript
// files of 200 lines (~16 KB each, varied per file and line, a template literal with backticks
// every 25 lines, one non-ASCII comment in every tenth file), referenced in order, every tenth spelled with a leading `./`, with the
// contents handed in as text — what a host that read them passes to preloadFiles.

export const LINES = 200;
/** Large enough that every file fits: both sides render the whole block. */
export const MAX_TOKENS = 50_000_000;

export function workload(n) {
  const references = [];
  const contents = [];
  for (let i = 0; i < n; i++) {
    const path = `src/feature${i % 20}/module${i}.ts`;
    references.push({ path: i % 10 === 0 ? `./${path}` : path, source: `contexts[${i}].sourceFile` });
    const lines = [];
    for (let j = 0; j < LINES; j++) {
      lines.push(
        j === 100 && i % 10 === 5
          ? `  // résumé: 測試 ✅ — module ${i} 😀\n`
          : j % 25 === 0
          ? `  const label${j} = \`item \${items[${j}]} of module ${i}\`;\n`
          : `  const value${j} = compute(items[${(i * 7 + j) % 97}], options.threshold${j % 5}); // step ${j} of module ${i}\n`,
      );
    }
    // Joined, so each content is one flat string, as a file read from a disk or a network is
    // (built with += it would be a rope that every pass over it walks again).
    contents.push({ path, content: lines.join("") });
  }
  return { references, contents };
}

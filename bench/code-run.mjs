// One timed pass of the class extractor over a corpus, shared by Node (bench/code.mjs) and the
// Chromium page it drives, so both runtimes run the same loop. Nothing here touches Node's APIs.

/**
 * `extractClasses(path, content)` on every file, in order: the strings cross into wasm and the
 * classes come back as objects, as an app's calls would. Returns the milliseconds and the number
 * of classes found (compared with the native count: every runtime must find the same classes).
 * @param {(path: string, content: string) => { classes: unknown[] }} extractClasses
 * @param {[string, string][]} files
 */
export function extractPass(extractClasses, files) {
  let classes = 0;
  const t = performance.now();
  for (const [path, content] of files) classes += extractClasses(path, content).classes.length;
  return { ms: performance.now() - t, classes };
}

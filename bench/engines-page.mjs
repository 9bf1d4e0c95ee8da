// A headless Chromium page for the engines' benchmarks (bench/code.mjs, bench/governor.mjs): the
// repository served on 127.0.0.1 (tests/support/server.mjs), cross-origin isolated so
// performance.now() has its fine resolution (5 µs, not 100 µs), and a module script that
// imports the browser entry under test (pkg/<entry>/index.js, the wasm inlined) and the bench's
// shared code. Debian's Chromium through playwright-core (tests/support/chromium.mjs).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launchChromium } from "../tests/support/chromium.mjs";
import { origin, serveFiles } from "../tests/support/server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Opens a page whose module script is `script`: it loads what it needs with dynamic `import()`
 * and sets `window.ready = true`; whatever it throws fails the opening.
 * Resolves to `{ tab, version, close }`; a page error or console error fails the next `call`.
 */
export async function openPage(script) {
  const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script type="module">\ntry {\n${script}\n} catch (e) { window.failed = String(e?.stack ?? e); }\n</script></body></html>`;
  const headers = { "cache-control": "no-store", "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
  const server = await serveFiles({ root, files: { "/__engines_bench__.html": html }, headers });
  // No time limits (timeout 0): a slow, loaded machine is not a failure.
  const browser = await launchChromium({ timeout: 0 });
  const close = async () => {
    await browser.close();
    server.close();
  };
  try {
    const tab = await browser.newPage();
    tab.setDefaultTimeout(0);
    const problems = [];
    tab.on("pageerror", (e) => problems.push(`page error: ${e}`));
    tab.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
    await tab.goto(`${origin(server)}/__engines_bench__.html`);
    await tab.waitForFunction(() => window.ready === true || window.failed);
    const check = () => {
      if (problems.length) throw new Error(`in the page: ${problems.join("; ")}`);
    };
    const failed = await tab.evaluate(() => window.failed);
    if (failed) throw new Error(`the page failed: ${failed}`);
    check();
    if (!(await tab.evaluate(() => self.crossOriginIsolated))) throw new Error("the page is not cross-origin isolated: its timer would be coarse");
    /** Evaluates `f(arg)` in the page, then fails on anything the page reported. */
    const call = async (f, arg) => {
      const r = await tab.evaluate(f, arg);
      check();
      return r;
    };
    return { call, version: `Chromium ${browser.version()}`, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * The file Node's `import "ctxpack/<subpath>"` loads, read from package.json's "exports" (bench/
 * has its own package.json, so the package cannot be imported by its name from here), as a URL.
 */
export function nodeEntry(subpath) {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const file = pkg.exports[`./${subpath}`]?.node?.import?.default;
  if (!file) throw new Error(`package.json exports no Node import for ./${subpath}`);
  return pathToFileURL(join(root, file)).href;
}

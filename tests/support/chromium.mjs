// Headless Chromium for every suite and the benchmarks (tests/e2e, tests/packaging,
// tests/abuse/browser.mjs, bench/browser.mjs), driven by playwright-core. Never a browser
// downloaded by playwright: Debian's /usr/bin/chromium (scripts/ensure-tools.sh installs it), or
// the executable CTXPACK_CHROMIUM names.
//
//   import { launchChromium } from "../support/chromium.mjs";
//   const browser = await launchChromium();            // playwright's launch timeout (30 s)
//   const browser = await launchChromium({ timeout: 0 }); // no limit: a slow machine is no failure
//
// Each launch gets a fresh temporary profile: playwright's launch() creates a new
// --user-data-dir under the system's temporary folder (playwright_chromiumdev_profile-*) and
// removes it when the browser closes. (It refuses a --user-data-dir among the arguments.)
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/** The Chromium executable: CTXPACK_CHROMIUM, else Debian's. */
export const CHROMIUM = process.env.CTXPACK_CHROMIUM || "/usr/bin/chromium";

/** Headless, no sandbox (the suites run as root in CI), and quiet: nothing talks to the network. */
export const FLAGS = Object.freeze([
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]);

/**
 * Launches Chromium with FLAGS (plus `args`); `options` go to playwright's `chromium.launch`
 * (`timeout`, `env`, …). Resolves to a playwright Browser: close it with `browser.close()`.
 * @param {{ args?: string[] } & Record<string, unknown>} [options]
 */
export async function launchChromium({ args = [], ...options } = {}) {
  if (!existsSync(CHROMIUM)) {
    const how = process.env.CTXPACK_CHROMIUM ? "CTXPACK_CHROMIUM names a file that does not exist" : "install Debian's chromium (bash scripts/ensure-tools.sh), or set CTXPACK_CHROMIUM to a Chromium executable";
    throw new Error(`no Chromium at ${CHROMIUM}: ${how}`);
  }
  return chromium.launch({ ...options, executablePath: CHROMIUM, args: [...FLAGS, ...args] });
}

// The worker instantiates the module the page compiled: no second download, no second compile.
import { init, assembleContext, version } from "ctxpack/web";

self.onmessage = async ({ data }) => {
  try {
    await init(data.module);
    self.postMessage({ version: version(), context: assembleContext(data.input).context });
  } catch (e) {
    self.postMessage({ error: String(e?.stack ?? e) });
  }
};

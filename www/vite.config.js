// Nothing ctxpack-specific here: the package needs no plugin, alias or wasm handling.

/** The chunk an entry of ctxpack (with its wasm) goes to: `ctxpack-<entry>` for pkg/<entry>/. */
const entryChunk = (entries) => (id) => {
  const entry = /[\\/]pkg[\\/]([a-z0-9-]+)[\\/]/.exec(id)?.[1];
  return entry !== undefined && entries.includes(entry) ? `ctxpack-${entry}` : undefined;
};

/** @type {import("vite").UserConfig} */
export default {
  // ctxpack is linked here (file:..), not installed: seen through the link, ctxpack/react finds
  // React in this folder's node_modules, as it would in an app that installed the package.
  resolve: { preserveSymlinks: true },
  build: {
    // Each bundle (page, worker) carries ctxpack's wasm inlined as base64 (~0.6 MB).
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // ctxpack/files (with its wasm) is shared by the Preloaded files and Prompt sections
        // tabs: one chunk under its own name, fetched when either tab first opens.
        // ctxpack/code and ctxpack/governor: one chunk each, fetched when their tab first opens.
        // ctxpack/tokenizer/o200k and /cl100k: ctxpack/react imports them on the page only when
        // its worker cannot start (its workers carry their own); named here to be told apart.
        manualChunks: entryChunk(["files", "code", "governor", "tokenizer-o200k", "tokenizer-cl100k"]),
      },
    },
  },
  server: {
    // The page imports the sample project and profile from the repository (../samples, ../profiles).
    fs: { allow: [".."] },
    // `npm run dev`: the page's server comparison (POST /api/assemble) reaches the example server
    // when one runs on its default port (`node examples/server/server.mjs`); otherwise the page
    // says "server unreachable".
    proxy: { "/api": "http://127.0.0.1:8787" },
  },
};

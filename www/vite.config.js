// Nothing ctxpack-specific here: the package needs no plugin, alias or wasm handling.
/** @type {import("vite").UserConfig} */
export default {
  build: {
    // Each bundle (page, worker) carries ctxpack's wasm inlined as base64 (~0.6 MB).
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // ctxpack/files (with its wasm) is shared by the Preloaded files and Prompt sections
        // tabs: one chunk under its own name, fetched when either tab first opens.
        manualChunks: (id) => (/[\\/]pkg[\\/]files[\\/]/.test(id) ? "ctxpack-files" : undefined),
      },
    },
  },
  server: {
    // The page imports the sample project and profile from the repository (../samples, ../profiles).
    fs: { allow: [".."] },
  },
};

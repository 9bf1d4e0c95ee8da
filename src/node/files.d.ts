// Types of src/node/files.cjs, the Node-only half of ctxpack/files. scripts/build.mjs appends
// them to the entry's Node declarations and replaces "ctxpack:glue" with the glue's path.
import type { CallOptions, FileRef, PreloadInput, PreloadResult } from "ctxpack:glue";

/** preloadFiles' options, plus the reader's byte limit. */
export type ReadContextFilesOptions = Omit<PreloadInput, "references" | "contents" | "base"> & {
    /**
     * A file with more bytes is refused from its size, before it is opened, and recorded as
     * `too_large` (default 1,048,576 — the reader never reads an unbounded file; with an
     * explicit budget, the larger of that and what the budget could hold: 3 bytes per
     * `maxChars` unit, 16 per `maxTokens` token, the smaller of the two when both are given).
     */
    maxBytes?: number | null;
};

/**
 * Reads the files `paths` name under `baseDir` and preloads them (docs/FILES.md). The core's
 * path rules first (normalised, de-duplicated, escapes and secret-looking names refused, the
 * disk untouched), then the disk's: the real path must stay under the real base (symlinks,
 * `..` through symlinked directories), directories, FIFOs, sockets and devices are refused,
 * and a file over `maxBytes` is refused before it is read. An absolute path is read when it
 * lies under `baseDir` (as given, resolved lexically), in its relative form. One file's error
 * never aborts the others: every path gets one record in `manifest.files`, in order.
 * `callOptions.tokenCounter` measures the budget instead of the estimator.
 *
 * Synchronous. Throws CtxpackError (`INVALID_INPUT`…) for bad options or a `baseDir` that is
 * not a readable directory, before any file is opened; `BUDGET_EXCEEDED` in strict mode.
 */
export declare function readContextFiles(
    baseDir: string,
    paths: ReadonlyArray<string | FileRef>,
    options?: ReadContextFilesOptions | null,
    callOptions?: CallOptions | null,
): PreloadResult;

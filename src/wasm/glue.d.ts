// Types of glue.js, the JavaScript half of the binding layer. The package's entry .d.ts
// includes this declaration beside the ones generated from the Rust types.

/** Thrown by every ctxpack export for bad input. The call that threw changed nothing. */
export declare class CtxpackError extends Error {
    constructor(message: string, code: CtxpackErrorCode, path: string, line?: number, column?: number);
    readonly name: "CtxpackError";
    /** Stable: branch on this. */
    readonly code: CtxpackErrorCode;
    /** JSON pointer to the offending field of the argument (`""` for the argument itself). */
    readonly path: string;
    /**
     * For a fault found while reading JSON text (`INVALID_JSON`, `TOO_DEEP` in text): the 1-based
     * line in the text `path` names. Absent otherwise.
     */
    readonly line?: number;
    /** With `line`: the 1-based column, in UTF-16 code units (a string index + 1 on that line). */
    readonly column?: number;
    toJSON(): { name: "CtxpackError"; code: CtxpackErrorCode; path: string; message: string; line?: number; column?: number };
}

/**
 * Gives this entry's WebAssembly memory back now: its instance is replaced by a fresh one of the
 * same compiled module (about a millisecond). Linear memory only grows, so without this a process
 * or page would keep its largest call's memory for good. The same happens by itself once the entry
 * has had no call for a second after one returned with more than 64 MiB of linear memory (a busy
 * server keeps the memory its calls reuse). A `ContextAssembler` lives on (it is made
 * again, from a copy of its constructor's arguments, at its next call); a live `RunGovernor`
 * keeps the instance, and nothing is given back while one exists. Returns the bytes given back
 * (0 if there was nothing to give, or it could not be done now: inside a call, or held).
 */
export declare function releaseMemory(): number;

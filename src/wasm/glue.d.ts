// Types of glue.js, the JavaScript half of the binding layer. The package's entry .d.ts
// includes this declaration beside the ones generated from the Rust types.

/** Thrown by every ctxpack export for bad input. The call that threw changed nothing. */
export declare class CtxpackError extends Error {
    constructor(message: string, code: CtxpackErrorCode, path: string);
    readonly name: "CtxpackError";
    /** Stable: branch on this. */
    readonly code: CtxpackErrorCode;
    /** JSON pointer to the offending field of the argument (`""` for the argument itself). */
    readonly path: string;
    toJSON(): { name: "CtxpackError"; code: CtxpackErrorCode; path: string; message: string };
}

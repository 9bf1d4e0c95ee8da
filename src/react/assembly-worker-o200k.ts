// The worker for `tokenizer: "o200k"`: a file of its own, so that only an app that asks for it
// fetches the vocabulary (imported statically: a worker bundled as one file inlines dynamic imports).
import { countTokens } from "ctxpack/tokenizer/o200k";
import { namedCounter } from "./counter.js";
import { serveAssemblies } from "./serve.js";

serveAssemblies(namedCounter("o200k", (text) => countTokens(text)));

// The worker for `tokenizer: "cl100k"`: a file of its own, so that only an app that asks for it
// fetches the vocabulary (imported statically: a worker bundled as one file inlines dynamic imports).
import { countTokens } from "ctxpack/tokenizer/cl100k";
import { namedCounter } from "./counter.js";
import { serveAssemblies } from "./serve.js";

serveAssemblies(namedCounter("cl100k", (text) => countTokens(text)));

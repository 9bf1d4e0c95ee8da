// The worker useAssembledContext starts with no `tokenizer`: ctxpack's estimator counts tokens.
import { serveAssemblies } from "./serve.js";

serveAssemblies(null);

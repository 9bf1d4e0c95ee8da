// Bun and Deno, ESM: the bare specifier resolved through node_modules.
import { assembleContext, version } from "ctxpack";
import input from "./input.json" with { type: "json" };

console.log(JSON.stringify({ version: version(), context: assembleContext(input).context }));

// Deno's own way to name a package: `npm:`, served from the node_modules folder the app has.
import { assembleContext, version } from "npm:ctxpack";
import input from "./input.json" with { type: "json" };

console.log(JSON.stringify({ version: version(), context: assembleContext(input).context }));

// The engine entries from Bun and Deno.
import { engineCalls } from "./shared/engines.js";
import { CALLS, MODULES } from "./shared/entries.js";

console.log(JSON.stringify(engineCalls(MODULES, CALLS)));

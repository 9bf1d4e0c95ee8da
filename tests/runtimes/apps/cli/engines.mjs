// The engine entries from Bun and Deno.
import { extractClasses } from "ctxpack/code";
import { RunGovernor } from "ctxpack/governor";
import { engineCalls } from "./shared/engines.js";

console.log(JSON.stringify(engineCalls({ extractClasses, RunGovernor })));

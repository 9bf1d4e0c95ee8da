// One app for esbuild and webpack, for the browser and for Node: the result goes to the page, or
// to stdout.
import { assembleContext, version } from "ctxpack";
import input from "./input.json";

const out = JSON.stringify({ version: version(), context: assembleContext(input).context });
if (typeof document === "undefined") console.log(out);
else document.getElementById("out").textContent = out;

// Runs one case of cases.mjs ISOLATED against a fresh ctxpack instance (this process) and prints
// its record as JSON. Used by node.test.mjs and browser.mjs: `node tests/abuse/isolated.mjs "<name>"`.
import { wasmExports } from "./wasm-probe.mjs";
import * as ctxpack from "ctxpack";
import { runIsolated } from "./cases.mjs";

process.stdout.write(JSON.stringify(runIsolated(ctxpack, process.argv[2], { wasm: wasmExports })));

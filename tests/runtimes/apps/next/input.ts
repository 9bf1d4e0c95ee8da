// The sample assembly every case runs; the harness writes input.json next to this file.
import type { assembleContext } from "ctxpack";
import json from "./input.json";

export const input = json as unknown as Parameters<typeof assembleContext>[0];

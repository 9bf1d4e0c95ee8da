// A Vercel edge function in the service-worker style edge-runtime evaluates.
import { assembleContext, version } from "ctxpack";
import input from "./input.json";

addEventListener("fetch", (event) => {
  event.respondWith(Response.json({ version: version(), context: assembleContext(input).context }));
});

// A module Worker that imports ctxpack at the top, as most Workers would.
import { assembleContext, version } from "ctxpack";
import input from "./input.json";

export default {
  fetch() {
    return Response.json({ version: version(), context: assembleContext(input).context });
  },
};

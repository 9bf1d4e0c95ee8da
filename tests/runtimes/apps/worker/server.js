// examples/server's Hono app (copied beside this file as server-app.mjs by run.mjs), unchanged, as
// a module Worker: the backend of the demo page on workerd, answering as its Node listener does.
import app from "./server-app.mjs";

export default app;

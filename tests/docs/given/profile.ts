// The example profile, as a user imports it from the package.
import writingApp from "ctxpack/profiles/writing-app.json" with { type: "json" };

export const profile = writingApp;

// The example profile as a typed module, so that `import profile from
// "ctxpack/profiles/writing-app.json" with { type: "json" }` is a Profile under `tsc --strict`
// (a JSON import alone would widen "degrade" to string).
import type { Profile } from "ctxpack";
declare const profile: Profile;
export default profile;

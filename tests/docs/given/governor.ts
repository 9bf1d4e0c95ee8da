// A run's state and its next event.
import { RunGovernor, type GovernorEvent } from "ctxpack/governor";

export const state0 = new RunGovernor({ profile: "strict", scope: "normal" }).state();
export const event: GovernorEvent = { type: "command", command: "npm test" };

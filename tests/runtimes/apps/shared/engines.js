// What every runtime asks of the engine entries (ctxpack/code, ctxpack/governor): a Python class
// with a nested one extracted, and a governor pushed past its command budget to a stop. The
// harness runs the same function on the repo's own Node build for the expected answer.
export function engineCalls({ extractClasses, RunGovernor }) {
  const found = extractClasses("app/models.py", "from dataclasses import dataclass\n\n@dataclass\nclass Task:\n    title: str\n\n    class Meta:\n        pass\n");
  const run = new RunGovernor({ profile: "fast", scope: "tiny", limits: { commands: 2 } });
  const decisions = [
    run.push({ type: "command", command: "npm test" }),
    run.push({ type: "tests_result", passed: true }),
    run.push({ type: "command", command: "ls src" }),
    run.push({ type: "command", command: "git status" }),
  ].map((d) => [d.decision, d.code, d.status]);
  run.free();
  return { classes: found.classes.map((c) => [c.name, c.startLine, c.endLine, c.parent]), decisions };
}

// What every runtime asks of the engine entries: every function of each, as its export table
// declares it, called with a vector's arguments (shared/entries.js, written by the harness:
// tests/runtimes/entry-calls.mjs); a Python class with a nested one extracted; and a governor
// pushed past its command budget to a stop. The harness runs the same function on the repo's own
// Node build for the expected answer.
export function engineCalls(modules, calls) {
  const answers = calls.map(({ spec, fn, args }) => {
    try {
      return [spec, fn, modules[spec][fn](...args)];
    } catch (e) {
      return [spec, fn, { error: e?.code ?? String(e) }];
    }
  });
  const { extractClasses } = modules["ctxpack/code"];
  const { RunGovernor } = modules["ctxpack/governor"];
  const found = extractClasses("app/models.py", "from dataclasses import dataclass\n\n@dataclass\nclass Task:\n    title: str\n\n    class Meta:\n        pass\n");
  const run = new RunGovernor({ profile: "fast", scope: "tiny", limits: { commands: 2 } });
  const decisions = [
    run.push({ type: "command", command: "npm test" }),
    run.push({ type: "tests_result", passed: true }),
    run.push({ type: "command", command: "ls src" }),
    run.push({ type: "command", command: "git status" }),
  ].map((d) => [d.decision, d.code, d.status]);
  run.free();
  return { answers, classes: found.classes.map((c) => [c.name, c.startLine, c.endLine, c.parent]), decisions };
}

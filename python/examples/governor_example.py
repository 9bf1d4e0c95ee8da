"""A run governor: each event counted against the run's budgets, the state persisted."""

import ctxpack

governor = ctxpack.RunGovernor({"profile": "strict"})
decision = governor.push({"type": "command", "command": "pytest -q"})
print(decision["decision"], ctxpack.to_json(governor.state())[:60])
resumed = ctxpack.RunGovernor.from_state(ctxpack.to_json(governor.state()))
print(resumed.report_markdown().splitlines()[0])

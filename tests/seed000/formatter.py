"""Seed 000's `_build_preloaded_files`, as a thin adapter over ctxpack's `readContextFiles`.

The paths are collected as the seed collects them (contexts[].sourceFile, then
backendMap.endpoints[].file and backendMap.models[].file, each with where it came from), and
the reading, confining, line limit, budget and rendering are ctxpack's: one `node` process on
the built package (`node scripts/build.mjs` first), with ctxpack's defaults (200 lines, 5,000
tokens). CTXPACK_ROOT names the package's directory (default: this repository).
"""

import json
import os
import subprocess
from pathlib import Path

ROOT = Path(os.environ.get("CTXPACK_ROOT", Path(__file__).resolve().parents[2]))

_READ = """
import { readContextFiles } from "ctxpack/files";
let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
const { base, references } = JSON.parse(input);
// The seed's prompt names only what it inlined (its test_respects_token_budget asserts that a
// file left out of the budget is absent), so the list of what was not inlined is turned off.
process.stdout.write(readContextFiles(base, references, { listNotInlined: false }).block);
"""


def _references(contexts, backend_map):
    refs = []
    for i, ctx in enumerate(contexts or []):
        if ctx.get("sourceFile"):
            refs.append({"path": ctx["sourceFile"], "source": f"contexts[{i}].sourceFile"})
    for kind in ("endpoints", "models"):
        for i, item in enumerate((backend_map or {}).get(kind, [])):
            if item.get("file"):
                refs.append({"path": item["file"], "source": f"backendMap.{kind}[{i}].file"})
    return refs


def _build_preloaded_files(contexts, backend_map):
    refs = _references(contexts, backend_map)
    if not refs:
        return ""
    base = os.getenv("VCI_OUTPUT_DIR", "/output")
    done = subprocess.run(
        ["node", "--input-type=module", "-e", _READ],
        input=json.dumps({"base": base, "references": refs}),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return done.stdout

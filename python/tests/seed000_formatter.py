"""Seed 000's `_build_preloaded_files`, as a thin adapter over ctxpack's `read_context_files`.

The paths are collected as the seed collects them (contexts[].sourceFile, then
backendMap.endpoints[].file and backendMap.models[].file, each with where it came from); the
reading, confining, line limit, budget and rendering are ctxpack's, with its defaults (200
lines, 5,000 tokens). The same adapter as tests/seed000/formatter.py, in process.
"""

from __future__ import annotations

import os
from typing import Any

from ctxpack import read_context_files


def _references(contexts: Any, backend_map: Any) -> list[dict[str, str]]:
    refs = []
    for i, ctx in enumerate(contexts or []):
        if ctx.get("sourceFile"):
            refs.append({"path": ctx["sourceFile"], "source": f"contexts[{i}].sourceFile"})
    for kind in ("endpoints", "models"):
        for i, item in enumerate((backend_map or {}).get(kind, [])):
            if item.get("file"):
                refs.append({"path": item["file"], "source": f"backendMap.{kind}[{i}].file"})
    return refs


def _build_preloaded_files(
    contexts: Any, backend_map: Any, *, list_not_inlined: bool = False
) -> str:
    """The seed's prompt names only what it inlined (its test_respects_token_budget asserts
    that a file left out of the budget is absent), so ctxpack's list of what was not inlined is
    an option, off here."""
    refs = _references(contexts, backend_map)
    if not refs:
        return ""
    base = os.getenv("VCI_OUTPUT_DIR", "/output")
    result = read_context_files(base, refs, {"listNotInlined": list_not_inlined})
    block: str = result["block"]
    return block

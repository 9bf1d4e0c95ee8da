"""Seed 000's `_build_preloaded_files`, as a thin adapter over ctxpack's `read_context_files`.

The paths are collected as the seed collects them (contexts[].sourceFile, then
backendMap.endpoints[].file and backendMap.models[].file); the reading, confining, line limit,
budget and rendering are ctxpack's, with its defaults (200 lines, 5,000 tokens). The Python
twin of tests/seed000/formatter.py, in process.
"""

from __future__ import annotations

import importlib.util
import os
from typing import Any

from conftest import REPO
from ctxpack import read_context_files

# The paths as the seed collects them, each with where it came from: the Node adapter's own
# function (tests/seed000/formatter.py), so both adapters read the same references.
_spec = importlib.util.spec_from_file_location("seed000_node_formatter", REPO / "tests" / "seed000" / "formatter.py")
assert _spec is not None and _spec.loader is not None
_node_adapter = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_node_adapter)
_references = _node_adapter._references


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

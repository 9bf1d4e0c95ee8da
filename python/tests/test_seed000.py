"""Seed 000's Task 1 tests (TestBuildPreloadedFiles), the one copy of them in
tests/seed000/test_formatter.py, run in process against ctxpack's read_context_files: their
`from formatter import _build_preloaded_files` gets the thin adapter in seed000_formatter.py
(scripts/seed000.sh runs the same file against the Node reader)."""

from __future__ import annotations

import importlib.util
import sys

import seed000_formatter
from conftest import REPO

sys.modules["formatter"] = seed000_formatter
_spec = importlib.util.spec_from_file_location("seed000_tests", REPO / "tests" / "seed000" / "test_formatter.py")
assert _spec is not None and _spec.loader is not None
_seed = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_seed)
del sys.modules["formatter"]

TestBuildPreloadedFiles = _seed.TestBuildPreloadedFiles

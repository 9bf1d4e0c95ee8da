"""Every example in python/examples runs against the installed package (scripts/test-python.sh
also type-checks them with mypy --strict)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO

EXAMPLES = sorted((REPO / "python" / "examples").glob("*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(path: object) -> None:
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() != ""

"""Where the repository is: its shared vectors and seeds are read from there, while the
package under test is the installed wheel (scripts/test-python.sh sets CTXPACK_REPO)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

REPO = Path(os.environ.get("CTXPACK_REPO", Path(__file__).resolve().parents[2]))
VECTORS = REPO / "tests" / "vectors"

# The adapters beside the tests (seed000_formatter.py, seed001_registry.py) import as modules.
sys.path.insert(0, str(Path(__file__).resolve().parent))

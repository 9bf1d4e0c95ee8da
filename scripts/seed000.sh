#!/usr/bin/env bash
# Seed 000's Task 1 tests, as the seed writes them, against readContextFiles through
# tests/seed000/formatter.py. Needs the built package (node scripts/build.mjs). pytest comes
# from PyPI into a venv under target/ the first time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/target/seed000-venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import pytest" 2>/dev/null; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "pytest>=8,<9"
fi
cd "$root/tests/seed000"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider test_formatter.py "$@"

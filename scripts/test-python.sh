#!/usr/bin/env bash
# The Python package (python/): builds the wheel with maturin, installs it into a fresh
# virtualenv and runs its pytest suite (the shared vectors byte for byte, the error vectors,
# seeds 000 and 001 through thin adapters, abuse, threads) and mypy --strict on the examples.
#
# Installs itself: maturin, pytest and mypy come from PyPI into a tool virtualenv under
# target/ (never the system's pip); the machine's python3 (CPython 3.11+) is all it needs.
# The wheel is abi3 (one wheel for CPython 3.11 and later).
#
#   bash scripts/test-python.sh            build, install fresh, test
#   bash scripts/test-python.sh -k vectors extra arguments go to pytest
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/target/python-tools"
fresh="$root/target/python-fresh"
wheels="$root/target/python-wheels"
pip_quiet=(--quiet --disable-pip-version-check --no-input)

if [ ! -x "$tools/bin/python" ]; then
  python3 -m venv "$tools"
fi
# Pinned: the build is reproducible, and a new release cannot turn the suite red overnight.
if ! "$tools/bin/python" -c "import maturin, pytest, mypy" 2>/dev/null; then
  "$tools/bin/python" -m pip install "${pip_quiet[@]}" -r "$root/python/requirements-dev.txt"
fi

started=$SECONDS
rm -rf "$wheels"
(cd "$root/python" && "$tools/bin/maturin" build --quiet --out "$wheels" --interpreter "$tools/bin/python")
wheel=$(ls "$wheels"/ctxpack-*.whl)
echo "wheel: $(basename "$wheel"), $(stat -c %s "$wheel") bytes, built in $((SECONDS - started)) s"

# A fresh virtualenv: the wheel as a user installs it, nothing of the source tree importable.
python3 -m venv --clear "$fresh"
"$fresh/bin/python" -m pip install "${pip_quiet[@]}" "$wheel" -r "$root/python/requirements-test.txt"

cd "$root/python/tests"
CTXPACK_REPO="$root" "$fresh/bin/python" -m pytest -q -p no:cacheprovider "$@"
# The stubs as a user's type checker sees them: the examples type-check strictly against the
# installed package.
"$tools/bin/python" -m mypy --strict --no-incremental --python-executable "$fresh/bin/python" "$root/python/examples"

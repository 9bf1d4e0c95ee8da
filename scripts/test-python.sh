#!/usr/bin/env bash
# The Python package (python/, and python-tokenizer/ for the extra ctxpack[tokenizer]): builds
# both wheels with maturin, installs them into a fresh virtualenv and runs the pytest suite (the
# shared vectors byte for byte, the error vectors, seeds 000 and 001 through thin adapters,
# abuse, threads, a FastAPI app) and mypy --strict on the examples.
#
# Installs itself: maturin, pytest and mypy come from PyPI into a tool virtualenv under
# target/ (never the system's pip); the machine's python3 (CPython 3.11+) is all it needs.
# The wheels are abi3 (one wheel for CPython 3.11 and later).
#
#   bash scripts/test-python.sh            build, install fresh, test
#   bash scripts/test-python.sh -k vectors extra arguments go to pytest
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/target/python-tools"
fresh="$root/target/python-fresh"
wheels="$root/target/python-wheels"
pip_quiet=(--quiet --disable-pip-version-check --no-input)

# The core stays free of Python: PyO3 is in the build only with the python features.
if (cd "$root" && cargo tree -e normal --prefix none) | grep -q '^pyo3'; then
  echo "test-python.sh: pyo3 is a dependency of the default build" >&2
  exit 1
fi

if [ ! -x "$tools/bin/python" ]; then
  python3 -m venv "$tools"
fi
# Pinned: the build is reproducible, and a new release cannot turn the suite red overnight.
if ! "$tools/bin/python" -c "import maturin, pytest, mypy" 2>/dev/null; then
  "$tools/bin/python" -m pip install "${pip_quiet[@]}" -r "$root/python/requirements-dev.txt"
fi

rm -rf "$wheels"
# Two wheels from the one crate: the engines (python/) and the exact counts' vocabularies
# (python-tokenizer/, the extra ctxpack[tokenizer]).
for package in python python-tokenizer; do
  started=$SECONDS
  (cd "$root/$package" && "$tools/bin/maturin" build --quiet --out "$wheels" --interpreter "$tools/bin/python")
  echo "$package: built in $((SECONDS - started)) s"
done
for wheel in "$wheels"/*.whl; do echo "wheel: $(basename "$wheel"), $(stat -c %s "$wheel") bytes"; done

# A fresh virtualenv: the wheels as a user installs them, nothing of the source tree importable.
python3 -m venv --clear "$fresh"
"$fresh/bin/python" -m pip install "${pip_quiet[@]}" "$wheels"/*.whl -r "$root/python/requirements-test.txt"

cd "$root/python/tests"
CTXPACK_REPO="$root" "$fresh/bin/python" -m pytest -q -p no:cacheprovider "$@"
# The stubs as a user's type checker sees them: the examples type-check strictly against the
# installed package.
"$tools/bin/python" -m mypy --strict --no-incremental --cache-dir=/dev/null --python-executable "$fresh/bin/python" "$root/python/examples"

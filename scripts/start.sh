#!/usr/bin/env bash
# npm start: build the package, then run the main job on the embedded sample project.
set -euo pipefail
cd "$(dirname "$0")/.."
# cargo install puts the tools here; a fresh shell may not have it on PATH yet.
case ":$PATH:" in *":${CARGO_HOME:-$HOME/.cargo}/bin:"*) ;; *) export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH" ;; esac
bash scripts/ensure-tools.sh
node scripts/build.mjs
node scripts/run-sample.mjs "$@"

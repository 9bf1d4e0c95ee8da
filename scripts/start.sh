#!/usr/bin/env bash
# npm start: build the package, then run the main job on the embedded sample project.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-tools.sh
node scripts/build.mjs
node scripts/run-sample.mjs "$@"

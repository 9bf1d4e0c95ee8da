#!/usr/bin/env bash
# npm start: build the package, run the main job on the embedded sample project (the context
# and manifest for a sample request, printed), then serve the demo page on localhost with the
# example server (examples/server) beside it: www/serve.mjs installs the server's dependencies
# when missing, runs it in the same process and proxies the page's /api/* to it; Ctrl+C stops both.
# `npm run sample -- "request" [maxChars]` runs the terminal job alone.
set -euo pipefail
cd "$(dirname "$0")/.."
# cargo install puts the tools here; a fresh shell may not have it on PATH yet.
case ":$PATH:" in *":${CARGO_HOME:-$HOME/.cargo}/bin:"*) ;; *) export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH" ;; esac
bash scripts/ensure-tools.sh
node scripts/build.mjs
node scripts/run-sample.mjs
node www/serve.mjs "$@"

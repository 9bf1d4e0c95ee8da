#!/usr/bin/env bash
# npm test: every suite, failing fast. Installs what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."

section() { printf '\n=== %s\n' "$*"; }

section "tools"
bash scripts/ensure-tools.sh

section "format and lints (host and wasm32)"
cargo fmt --check
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings

section "native: units, properties, vectors, scenario"
cargo test

section "build the package"
node scripts/build.mjs

section "Node: vectors, API, JSON.stringify corpus (against the built package)"
node --test tests/node/

section "bench smoke: every contender agrees on 200 documents (no timing)"
node bench/smoke.mjs

section "Chromium: vectors and the boundary (wasm-bindgen-test)"
CHROMEDRIVER=/usr/bin/chromedriver wasm-pack test --headless --chrome

section "packaging: the packed tarball in Node ESM, CJS, TypeScript, Vite build and dev, a Worker"
node tests/packaging/run.mjs

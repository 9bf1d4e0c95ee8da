#!/usr/bin/env bash
# npm test: every suite, failing fast. Installs what is missing first. Each section prints how
# long it took, and a summary of all of them closes a good run.
#
#   bash scripts/test.sh           npm test: everything below
#   bash scripts/test.sh --quick   npm run test:quick: formatting, clippy on the host, the native
#                                  tests, the build, the Node suites (tests/node, abuse in Node);
#                                  no Chromium, no apt-get, no wasm32 clippy, no benchmark peers,
#                                  no fuzzing
set -euo pipefail
cd "$(dirname "$0")/.."
quick=no
for arg in "$@"; do
  case "$arg" in
    --quick) quick=yes ;;
    *) echo "test.sh: unknown argument $arg (only --quick)" >&2; exit 2 ;;
  esac
done
# cargo install puts the tools here; a fresh shell may not have it on PATH yet.
case ":$PATH:" in *":${CARGO_HOME:-$HOME/.cargo}/bin:"*) ;; *) export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH" ;; esac

timings=()
current=""
started=0
finish() {
  if [ -n "$current" ]; then
    local took=$((SECONDS - started))
    timings+=("$(printf '%5ds  %s' "$took" "$current")")
    printf -- '--- %s: %ds\n' "$current" "$took"
  fi
}
section() {
  finish
  current="$*"
  started=$SECONDS
  printf '\n=== %s\n' "$current"
}
# Closes a good run: the last section's time, the total, and every section's time.
summary() {
  finish
  printf '\n=== all %s passed in %ds\n' "$1" "$SECONDS"
  printf '%s\n' "${timings[@]}"
  printf 'suites: %d passed, 0 failed\n' "${#timings[@]}"
}
trap 'status=$?; if [ $status -ne 0 ]; then printf "\nFAILED in: %s (exit %d)\n" "$current" "$status"; fi' EXIT

if [ "$quick" = yes ]; then
  section "tools (no Chromium, no wasm-pack)"
  bash scripts/ensure-tools.sh --quick

  section "format and lints (host)"
  cargo fmt --all --check
  cargo clippy --workspace --all-targets -- -D warnings
else
  section "tools"
  bash scripts/ensure-tools.sh

  section "format and lints (host, the serde feature, wasm32)"
  cargo fmt --all --check
  cargo clippy --workspace --all-targets -- -D warnings
  cargo clippy --all-targets --features serde,tokenizer -- -D warnings
  # The Python binding (src/python/, built by scripts/test-python.sh below).
  cargo clippy --all-targets --features python -- -D warnings
  cargo clippy --all-targets --features python-tokenizer -- -D warnings
  cargo clippy --all-targets --target wasm32-unknown-unknown -- -D warnings
  # Each entry's wasm is built with its feature alone: it must compile clean that way too.
  for feature in $(node -e 'import("./scripts/entries.mjs").then(m => console.log(m.ENTRIES.map(e => e.feature).join(" ")))'); do
    cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features "$feature" -- -D warnings
  done
  # Every export at once: the one build where what only the binding calls is used, so the one
  # that reports dead code (src/lib.rs).
  cargo clippy --lib --target wasm32-unknown-unknown --features jsondoc,files,code,governor,tokenizer -- -D warnings
  # The Rust API: documented without a broken or private link.
  RUSTDOCFLAGS=-Dwarnings cargo doc --no-deps --features tokenizer,serde
fi

section "native: units, properties, vectors, error vectors, scenario, the serde feature, exact counts"
cargo test --workspace
cargo test --features serde --lib serde_feature
# The tokenizer feature's crates are optimized even in test builds (Cargo.toml): seconds, not minutes.
cargo test --features tokenizer --lib tokenizer
cargo test --features tokenizer --test tokenizer
# The estimator against the exact counts on generated text, a class at a time.
cargo test --features tokenizer --test token_bound
# The entries of one vocabulary: each counts in its own and refuses the other by name.
cargo test --lib --no-default-features --features tokenizer-o200k tokenizer::one_vocabulary
cargo test --lib --no-default-features --features tokenizer-cl100k tokenizer::one_vocabulary

section "build the package"
node scripts/build.mjs

shopt -s nullglob
node_tests=(tests/node/*.test.mjs)
shopt -u nullglob
if [ ${#node_tests[@]} -gt 0 ]; then
  section "Node: vectors, API, JSON.stringify corpus (against the built package), the test server"
  # examples/server's dependencies (PGlite, pg, pino…) once, before its test files run in parallel.
  node -e 'import("./www/serve.mjs").then((m) => m.ensureServerDependencies({ quiet: true }))'
  node --test "${node_tests[@]}"
fi

section "seed 000: its Task 1 tests as written, through readContextFiles (pytest in a venv)"
bash scripts/seed000.sh

section "abuse: hostile input at every export, Node"
node --test tests/abuse/

if [ "$quick" = yes ]; then
  section "Python: the wheel built, installed fresh, its pytest suite and mypy --strict"
  bash scripts/test-python.sh
  summary "quick suites (npm test adds wasm32 clippy, Chromium, packaging, e2e, bench smoke, fuzzing)"
  exit 0
fi

section "abuse: the same in headless Chromium, compared with Node"
node tests/abuse/browser.mjs

section "engines: their shared vectors in headless Chromium, each through its entry's browser build"
node tests/engines/browser.mjs

section "tokens: docs/TOKENS.md, counts.json and the estimator's weights are what the corpus gives; exact counts equal gpt-tokenizer's"
node scripts/tokens-report.mjs --check
node scripts/tokenizer-check.mjs --check
node scripts/tokenizer-check.mjs pkg/tokenizer/index.mjs

section "bench smoke: every contender agrees on 200 documents (no timing)"
node bench/deps.mjs # the peer libraries, bench/'s own npm package
node bench/smoke.mjs
node bench/secrets.mjs --check # ctxpack's secret scan against secretlint's preset, no timing

section "Chromium: vectors and the boundary (wasm-bindgen-test)"
# Debian's chromedriver, not a download. Chromium comes up headless with --no-sandbox (needed
# as root) without help; webdriver.json at the repo root adds the quieting flags.
CHROMEDRIVER=/usr/bin/chromedriver wasm-pack test --headless --chrome

section "packaging: the packed tarball in Node ESM, CJS, TypeScript, Vite build and dev, a Worker"
node tests/packaging/run.mjs

section "ctxpack/react: the hook's worker, its fallback, SSR hydration and axe-core, in a Vite app in Chromium"
node tests/react/run.mjs

section "docs: every JS/TS block of README, docs/, www/ and examples/server run or type-checked (tsc --strict) from the packed tarball, printing what the docs say"
node tests/docs/run.mjs
node scripts/doc-numbers.mjs --check # sizes and speed in README are what the build and bench/results give

section "browser e2e: the www demo page in Chromium"
node tests/e2e/run.mjs
node scripts/doc-numbers.mjs --check www # www/README's chunk sizes are those of the page just built

section "fuzz: every cargo-fuzz target for 30 s, fixed seed (nightly; installs cargo-fuzz if missing)"
FUZZ_SEED=1 bash fuzz/run.sh 30

section "Python: the wheel built (maturin), installed into a fresh venv, pytest (vectors, seeds, abuse), mypy --strict"
bash scripts/test-python.sh

summary "suites"

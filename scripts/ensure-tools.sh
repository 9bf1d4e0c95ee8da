#!/usr/bin/env bash
# Installs what building and testing ctxpack needs, if missing. Idempotent and quiet when all is
# there, so `npm start` and `npm test` can call it first on a fresh machine (which needs only
# Rust via rustup, Node 20 and npm; root for apt-get).
#
#   bash scripts/ensure-tools.sh          everything
#   bash scripts/ensure-tools.sh --quick  what `npm run test:quick` needs: no Chromium, no
#                                         chromedriver (so no apt-get), no wasm-pack
set -euo pipefail
cd "$(dirname "$0")/.."
quick=no
for arg in "$@"; do
  case "$arg" in
    --quick) quick=yes ;;
    *) echo "ensure-tools: unknown argument $arg" >&2; exit 2 ;;
  esac
done

say() { echo "ensure-tools: $*"; }
# cargo install puts the tools here; a fresh shell may not have it on PATH yet.
case ":$PATH:" in *":${CARGO_HOME:-$HOME/.cargo}/bin:"*) ;; *) export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH" ;; esac
for tool in rustup cargo node npm; do
  command -v "$tool" >/dev/null 2>&1 || { say "$tool is not on PATH; install Rust with rustup, and Node 20 with npm"; exit 1; }
done

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# wasm-pack runs the wasm-bindgen tests in Chromium (`wasm-pack test --headless --chrome`).
# The version known to work here; any installed version is left alone.
if [ "$quick" = no ] && ! command -v wasm-pack >/dev/null 2>&1; then
  say "installing wasm-pack 0.15.1"
  cargo install wasm-pack --version 0.15.1
fi

# wasm-bindgen's CLI (and its wasm-bindgen-test-runner) must match the wasm-bindgen crate in
# Cargo.lock exactly. (wasm-pack's own download of it fails without internet; the one on PATH is
# used.) Not --locked: one of its locked dependencies (webpki-roots 1.0.11) is not on the registry.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$want" ]; then
  say "no wasm-bindgen in Cargo.lock"
  exit 1
fi
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (found: ${have:-none})"
  cargo install wasm-bindgen-cli --version "$want" --force
fi

# Debian's chromium and its matching chromedriver: the browser of the wasm-bindgen tests and the
# playwright-driven suites (never a browser downloaded by playwright). CTXPACK_CHROMIUM may point
# those suites at another build (tests/support/chromium.mjs); Debian's is installed all the same,
# since the wasm-bindgen tests drive it through chromedriver.
if [ "$quick" = no ] && { [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; }; then
  say "installing Debian's chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# npm dependencies, when node_modules is missing or older than the lock file. (The benchmark's
# peer libraries are bench/'s own package, installed by `node bench/deps.mjs`.)
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi

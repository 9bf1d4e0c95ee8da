#!/usr/bin/env bash
# Installs what building and testing ctxpack needs, if missing. Idempotent and quiet when all is
# there, so `npm start` and `npm test` can call it first on a fresh machine (which needs only
# Rust via rustup, Node 20 and npm; root for apt-get).
set -euo pipefail
cd "$(dirname "$0")/.."

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
if ! command -v wasm-pack >/dev/null 2>&1; then
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
# packaging tests (never a browser downloaded by playwright).
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  say "installing Debian's chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# npm dependencies, when node_modules is missing or older than the lock file.
if [ ! -f package-lock.json ]; then
  if [ ! -d node_modules ]; then
    say "installing npm dependencies (no package-lock.json: npm install)"
    npm install --no-audit --no-fund
  fi
elif [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies (npm ci)"
  # npm ci refuses this lock file: @impowering/priompt's native tokenizer lists per-platform
  # optional packages that are not published, and npm then calls the lock out of sync even when
  # `npm install` has just written it. `npm install` installs the locked versions all the same.
  npm ci --no-audit --no-fund || { say "npm ci refused the lock file; npm install instead"; npm install --no-audit --no-fund; }
fi

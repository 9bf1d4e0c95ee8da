#!/usr/bin/env bash
# Installs what building and testing ctxpack needs, if missing. Idempotent and quiet when all is
# there, so `npm start` and `npm test` can call it first on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "ensure-tools: $*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! command -v wasm-pack >/dev/null 2>&1; then
  say "installing wasm-pack"
  cargo install wasm-pack
fi

# wasm-bindgen's CLI must match the wasm-bindgen crate in Cargo.lock exactly. (wasm-pack's own
# download of it fails without internet; the one on PATH is used.) Not --locked: one of its
# locked dependencies (webpki-roots 1.0.11) is not on the registry.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (found: ${have:-none})"
  cargo install wasm-bindgen-cli --version "$want" --force
fi

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
  say "installing Debian's chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# npm dependencies, when node_modules is missing or older than the lock file.
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies"
  npm ci --no-audit --no-fund
fi

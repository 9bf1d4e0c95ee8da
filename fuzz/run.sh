#!/usr/bin/env bash
# Runs every fuzz target for a bounded time and fails if any of them finds a crash.
#
#   bash fuzz/run.sh [seconds_per_target] [target...]      (default: 30 s, every target)
#
# Needs the nightly toolchain (cargo-fuzz builds with -Zsanitizer); installs cargo-fuzz if it is
# missing. The committed seeds in fuzz/corpus/<target>/ are read, never written: what the
# fuzzer finds goes to fuzz/target/corpus/<target>/ (git-ignored, kept between runs so later
# runs start from there). Crashes are saved to fuzz/artifacts/<target>/ (git-ignored).
# FUZZ_SANITIZER=address|none (default address) picks the sanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-30}"
shift || true
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: bash fuzz/run.sh [seconds_per_target] [target...]" >&2
  exit 2
fi
all_targets=(assemble_json_input assemble_structured json_parse_stringify trim infer_intent profile json_serde_oracle)
if [ "$#" -gt 0 ]; then targets=("$@"); else targets=("${all_targets[@]}"); fi
sanitizer="${FUZZ_SANITIZER:-address}"

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz: the nightly toolchain is missing (rustup toolchain install nightly)" >&2
  exit 1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "fuzz: installing cargo-fuzz"
  cargo install --locked cargo-fuzz
fi

# One build for every target; `run` below reuses it (same flags).
build_flags=(--sanitizer "$sanitizer")
echo "fuzz: building the targets (sanitizer: $sanitizer)"
cargo +nightly fuzz build "${build_flags[@]}"

logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
failed=()
printf '\n%-22s %8s %14s  %s\n' target seconds executions result
for t in "${targets[@]}"; do
  work="fuzz/target/corpus/$t"
  mkdir -p "$work" "fuzz/artifacts/$t"
  seeds="fuzz/corpus/$t"
  [ -d "$seeds" ] || seeds=""
  log="$logs/$t.log"
  status=0
  # First corpus directory: where libFuzzer writes new inputs. Second: the seeds, read only.
  # -timeout only catches a hang (an input running for minutes); FUZZ_SEED fixes the sequence
  # (npm test uses one, so a run is reproducible; `npm run fuzz` explores).
  cargo +nightly fuzz run "${build_flags[@]}" "$t" "$work" ${seeds:+"$seeds"} -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=300 -print_final_stats=1 ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
    >"$log" 2>&1 || status=$?
  execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)"
  if [ "$status" -eq 0 ]; then
    printf '%-22s %8s %14s  %s\n' "$t" "$seconds" "${execs:-?}" ok
  else
    printf '%-22s %8s %14s  %s\n' "$t" "$seconds" "${execs:-?}" "CRASH (exit $status)"
    failed+=("$t")
    echo "----- $t: end of the libFuzzer log"
    grep -E -A4 "panicked at" "$log" | head -30 || true
    grep -E "Test unit written to" "$log" || true
    tail -40 "$log" | cut -c1-300
    echo "----- reproduce: cargo +nightly fuzz run $t fuzz/artifacts/$t/<file>"
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: crashes in: ${failed[*]} (inputs in fuzz/artifacts/)" >&2
  exit 1
fi
echo "fuzz: no crash in ${#targets[@]} targets"

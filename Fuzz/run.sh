#!/usr/bin/env bash
# Builds the scene fuzzer with libFuzzer and AddressSanitizer and runs it for
# a bounded time on a copy of Fuzz/corpus.
#
# USAGE: Fuzz/run.sh [seconds]      (default 60)
#
# Exits 0 when the time ran out without a finding, non-zero on a crash, a
# contract violation (the target traps), a leak, a timeout (10 s for one
# input) or running out of memory (2 GB). The input that failed is kept in
# fuzz-artifacts/; replay it with a plain `swift build` and
# `.build/debug/scene-fuzzer fuzz-artifacts/crash-...`, minimise it with
# `-minimize_crash=1`, and add it to Tests/EffectHostTests/SceneLoader+*Tests.swift.
set -euo pipefail

seconds="${1:-60}"
case "$seconds" in
  '' | *[!0-9]*) echo "USAGE: Fuzz/run.sh [seconds]" >&2; exit 64 ;;
esac

root="$(cd "$(dirname "$0")/.." && pwd)"
# A scratch path of its own, so the sanitized build never replaces the
# release build in .build.
scratch="$root/.build/fuzz"

swift build --package-path "$root" --scratch-path "$scratch" -c release \
  --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLIBFUZZER \
  --product scene-fuzzer
fuzzer="$(swift build --package-path "$root" --scratch-path "$scratch" -c release \
  --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLIBFUZZER \
  --product scene-fuzzer --show-bin-path)/scene-fuzzer"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$root/Fuzz/corpus" "$work/corpus"
artifacts="$root/fuzz-artifacts"
mkdir -p "$artifacts"

echo "Fuzzing for ${seconds} s (log: $work/fuzz.log while running)"
status=0
# The Swift runtime's backtracer would catch the trap before libFuzzer does.
SWIFT_BACKTRACE=enable=no "$fuzzer" \
  -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=65536 \
  -dict="$root/Fuzz/scene.dict" -use_value_profile=1 -print_final_stats=1 \
  -artifact_prefix="$artifacts/" "$work/corpus" >"$work/fuzz.log" 2>&1 || status=$?

executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log" | tail -n 1)"
if [ "$status" -ne 0 ]; then
  tail -n 60 "$work/fuzz.log" >&2
  echo "error: the fuzzer failed (exit $status) after ${executions:-an unknown number of} executions;" \
    "the input is in $artifacts/" >&2
  exit 1
fi
grep -E '^(#[0-9]+ +DONE|Done )' "$work/fuzz.log" || true
# A run that executed nothing (not a libFuzzer binary, no statistics) is no pass.
if ! [ "${executions:-0}" -gt 0 ] 2>/dev/null; then
  tail -n 20 "$work/fuzz.log" >&2
  echo "error: the fuzzer reported no executions" >&2
  exit 1
fi
echo "Fuzzing passed: ${executions:-?} executions in ${seconds} s, no crash."

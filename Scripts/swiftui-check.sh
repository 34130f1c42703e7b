#!/usr/bin/env bash
# The check Linux allows for ScrollEffectsSwiftUI (Docs/SwiftUI.md): its own
# source files built against a stand-in SwiftUI module transcribed from
# Apple's documentation, in the package Tests/SwiftUIAdapterCheck (its own
# .build), with the README's first Swift example; then the tests of the
# adapter's glue. Fails on an error, a failing test, or a warning anywhere
# but in the stand-in itself (which warns that Foundation, which it
# re-exports, was not built with library evolution).
set -euo pipefail
cd "$(dirname "$0")/../Tests/SwiftUIAdapterCheck"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
if grep -E "warning:" "$log" | grep -v "/Sources/SwiftUI/" \
  | grep -v "module 'Foundation' was not compiled with library evolution support"; then
  echo "error: the adapter, its example or its tests build with warnings" >&2
  exit 1
fi
swift test 2>&1 | tail -3

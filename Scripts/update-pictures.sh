#!/usr/bin/env bash
# Regenerates the README's pictures in Docs/images/ with effectctl. The test
# PictureCommandTests/readmePicturesAreUpToDate runs the same commands in
# process and fails when a committed file differs; keep the two lists equal.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product effectctl
effectctl=$(swift build --show-bin-path)/effectctl
"$effectctl" filmstrip Configs/collapsing-app-bar.json --offsets -60,0,52,104,200 \
  -o Docs/images/collapsing-app-bar-filmstrip.svg
"$effectctl" plot Configs/collapsing-app-bar.json --offsets -100:300:2 \
  -o Docs/images/collapsing-app-bar-plot.svg

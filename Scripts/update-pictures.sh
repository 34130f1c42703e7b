#!/usr/bin/env bash
# Regenerates the pictures in Docs/images/ (the README's and the carousel's
# of Docs/Pictures.md) with effectctl. The test
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
"$effectctl" filmstrip Configs/carousel.json --offsets -100,0,128,256,2400 \
  -o Docs/images/carousel-filmstrip.svg

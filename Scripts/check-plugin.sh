#!/usr/bin/env bash
# Loads the example plugin (built by Scripts/build-plugin-fixtures.sh) into
# effectctl and checks what it prints: `effects` lists wobble and tick,
# `validate` passes its scene, `eval` prints the rows of
# Examples/WobbleEffects/wobble-header.expected.csv, worked out by hand from
# the effects' formulas, and `effects --check` finds that every worked
# example, the plugin's as the built-ins', holds.
#
#   bash Scripts/check-plugin.sh [path/to/effectctl ...]   (default: swift run)
set -euo pipefail
cd "$(dirname "$0")/.."
plugin=Examples/WobbleEffects/.build/release/libWobbleEffects.so
scene=Examples/WobbleEffects/wobble-header.json
if [ "$#" -eq 0 ]; then set -- "swift run effectctl"; fi
for tool in "$@"; do
  echo "checking the plugin with: $tool"
  builtins=$($tool effects | cut -d' ' -f1 | tr '\n' ' ')
  listed=$($tool --plugin "$plugin" effects | cut -d' ' -f1 | tr '\n' ' ')
  if [ "$listed" != "${builtins}wobble tick " ]; then
    echo "error: effects listed: $listed; expected the built-ins ($builtins) then wobble tick" >&2
    exit 1
  fi
  $tool --plugin "$plugin" validate "$scene"
  $tool --plugin "$plugin" eval "$scene" --offsets 0,25,75 --format csv \
    | diff -u Examples/WobbleEffects/wobble-header.expected.csv -
  $tool --plugin "$plugin" effects --check
done
echo "the plugin loads and evaluates as its tests expect"

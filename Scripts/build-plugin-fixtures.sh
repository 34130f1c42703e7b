#!/usr/bin/env bash
# Builds the plugins the tests load: the example package
# Examples/WobbleEffects, the plugin that carries its own copy of
# EffectProtocol (Tests/Fixtures/OwnCopyPlugin), the one whose worked
# examples are wrong (Tests/Fixtures/WrongExamplePlugin) and the one whose
# effect has a parameter named "reducedMotion"
# (Tests/Fixtures/ReservedKeyPlugin), in release, and the
# example once more with a signature that is not this checkout's
# (Examples/WobbleEffects/.build-stale). Each is a
# package of its own that depends on this checkout by path; a first build takes
# about 30 s a package. The tests that need them are skipped until this ran.
#
#   bash Scripts/build-plugin-fixtures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
for package in Examples/WobbleEffects Tests/Fixtures/OwnCopyPlugin \
  Tests/Fixtures/WrongExamplePlugin Tests/Fixtures/ReservedKeyPlugin; do
  echo "building $package"
  (cd "$package" && swift build -c release 2>&1 | tee /tmp/scrolleffects-plugin-build.log | tail -1)
  if grep -E "warning:" /tmp/scrolleffects-plugin-build.log; then
    echo "error: $package has compiler warnings" >&2
    exit 1
  fi
done
# The example again, as a plugin built against other libraries would be: its
# signature (compiled into the plugin) is not this checkout's.
echo "building Examples/WobbleEffects with a stale signature"
(cd Examples/WobbleEffects && swift build -c release --scratch-path .build-stale \
  -Xswiftc -DSCROLL_EFFECTS_STALE_PLUGIN 2>&1 | tee /tmp/scrolleffects-plugin-build.log | tail -1)
if grep -E "warning:" /tmp/scrolleffects-plugin-build.log; then
  echo "error: the stale plugin has compiler warnings" >&2
  exit 1
fi

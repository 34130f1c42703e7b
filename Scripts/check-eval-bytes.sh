#!/usr/bin/env bash
# Checks that `effectctl eval` prints, byte for byte, what it printed when
# Tests/Fixtures/eval-golden.sha256 was last recorded (that file's log says
# when and why): every Config in every format at --offsets -300:2500:7.
#
#   bash Scripts/check-eval-bytes.sh [path/to/effectctl]
#
# With no argument it builds and uses the release effectctl. To re-record after
# an intended change of output, run it with RECORD=1 and say why in the commit.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-}
if [ -z "$tool" ]; then
  swift build -c release --product effectctl >/dev/null
  tool=.build/release/effectctl
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for config in Configs/*.json; do
  for format in table json ndjson csv; do
    "$tool" eval "$config" --offsets -300:2500:7 --format "$format" \
      > "$out/$(basename "$config" .json).$format"
  done
done
if [ "${RECORD:-0}" = 1 ]; then
  (cd "$out" && sha256sum -- *) > Tests/Fixtures/eval-golden.sha256
  echo "recorded $(wc -l < Tests/Fixtures/eval-golden.sha256) outputs"
  exit 0
fi
# Every output has its recorded hash: sha256sum -c checks only those listed,
# so an output of a Config added since would otherwise go unchecked.
recorded=$(awk '{print $2}' Tests/Fixtures/eval-golden.sha256 | sed 's/^\*//' | sort)
produced=$(cd "$out" && ls | sort)
if [ "$recorded" != "$produced" ]; then
  echo "error: the outputs and Tests/Fixtures/eval-golden.sha256 name different files" \
    "(RECORD=1 records them):" >&2
  diff <(echo "$recorded") <(echo "$produced") >&2 || true
  exit 1
fi
if (cd "$out" && sha256sum --quiet -c "$OLDPWD/Tests/Fixtures/eval-golden.sha256"); then
  echo "eval bytes: $(wc -l < Tests/Fixtures/eval-golden.sha256) outputs (every Config x table, json, ndjson, csv) equal the recorded ones"
else
  echo "error: effectctl eval output differs from Tests/Fixtures/eval-golden.sha256" >&2
  exit 1
fi

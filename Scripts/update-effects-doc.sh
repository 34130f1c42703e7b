#!/usr/bin/env bash
# Rewrites the per-effect part of Docs/Effects.md (between its BEGIN and END
# lines) with what `effectctl effects --markdown` writes from the effects'
# descriptors. The rest of the file is written by hand. DocsTests fails, naming
# this script, when the file is not what it writes.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product effectctl >/dev/null
generated=$(mktemp)
trap 'rm -f "$generated" "$generated.md"' EXIT
.build/debug/effectctl effects --markdown >"$generated"
awk -v generated="$generated" '
  /^<!-- Written by `effectctl effects --markdown`/ { print; while ((getline line < generated) > 0) print line; skipping = 1; next }
  /^<!-- END effectctl effects --markdown -->/ { skipping = 0 }
  !skipping { print }
' Docs/Effects.md >"$generated.md"
grep -q '^<!-- END effectctl effects --markdown -->' "$generated.md" || {
  echo "Docs/Effects.md has no BEGIN and END lines of the generated part" >&2
  exit 1
}
mv "$generated.md" Docs/Effects.md
echo "Docs/Effects.md: the effects' sections rewritten"

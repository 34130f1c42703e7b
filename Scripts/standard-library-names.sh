#!/usr/bin/env bash
# The standard library's top-level type, protocol, function and variable
# names, which an exported scene's struct must not take (it would hide them
# in the app that adds the file: with a struct `print` there, `print("...")`
# calls its initialiser): read from the toolchain's own symbol graphs of
# `Swift` and the modules every Swift file imports implicitly
# (`_Concurrency`, `_StringProcessing`), public names not starting with `_`
# (a function's without its arguments, operators left out), one a line,
# sorted.
#
#   bash Scripts/standard-library-names.sh            # print the names
#   bash Scripts/standard-library-names.sh --check    # exit 1 unless
#       SwiftExport.standardLibraryNames (types) and
#       SwiftExport.standardLibraryFunctionNames list every one of them
#
# Needs swift-symbolgraph-extract (in the toolchain) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
for module in Swift _Concurrency _StringProcessing; do
  swift-symbolgraph-extract -module-name "$module" -target "$triple" \
    -minimum-access-level public -output-dir "$work" > /dev/null
done
python3 - "$work" > "$work/names" <<'PY'
import glob, json, re, sys
# No macros: a macro (`line`, `file`) is used with `#` or `@` and no type hides it.
kinds = {"swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias",
         "swift.actor", "swift.func", "swift.var"}
names = set()
for path in glob.glob(sys.argv[1] + "/*.symbols.json"):
    for symbol in json.load(open(path))["symbols"]:
        components = symbol["pathComponents"]
        # A function's component is `print(_:separator:terminator:)`.
        name = components[0].split("(")[0]
        if len(components) == 1 and symbol["kind"]["identifier"] in kinds \
                and re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            names.add(name)
print("\n".join(sorted(names)))
PY
if [ "${1:-}" != "--check" ]; then
  cat "$work/names"
  exit 0
fi
listed=Sources/EffectHost/SwiftExport/StandardLibraryNames.swift
missing=$(while read -r name; do
  grep -q "\"$name\"" "$listed" || echo "$name"
done < "$work/names")
if [ -n "$missing" ]; then
  echo "standard-library-names: $listed lacks names the toolchain's standard library declares:" >&2
  echo "$missing" | sed 's/^/  /' >&2
  exit 1
fi
echo "standard-library-names: all $(wc -l < "$work/names") of the toolchain's names are listed"

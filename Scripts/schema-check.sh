#!/usr/bin/env bash
# Validates scene files against `effectctl schema` with a JSON Schema
# validator from PyPI (`jsonschema`, installed when missing): every Config,
# the benchmarks' scenes, the fuzz corpus's valid scenes and the fixture
# scenes under Tests/Fixtures/scenes/valid must validate; every one under
# Tests/Fixtures/scenes/invalid must be refused, and validate once the fix
# that Tests/Fixtures/scenes/invalid-reasons.json gives it is made, so that
# each is refused for the reason it was written for. The example plugin's scene
# is validated against the schema with the plugin when the plugin is built
# (Scripts/build-plugin-fixtures.sh).
#
#   bash Scripts/schema-check.sh [path/to/effectctl]   (default: swift run)
set -euo pipefail
cd "$(dirname "$0")/.."
tool=${1:-"swift run effectctl"}

if ! python3 -c "import jsonschema" 2>/dev/null; then
  echo "installing jsonschema from PyPI"
  timeout 300 python3 -m pip install --quiet --break-system-packages jsonschema \
    || timeout 300 python3 -m pip install --quiet jsonschema
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
$tool schema > "$work/schema.json"

plugin=Examples/WobbleEffects/.build/release/libWobbleEffects.so
plugin_scenes=()
if [ -f "$plugin" ]; then
  $tool --plugin "$plugin" schema > "$work/plugin-schema.json"
  plugin_scenes=(Examples/WobbleEffects/*.json)
elif [ "${CI:-}" = true ]; then
  # .ci/run builds the plugin first: a missing one is a broken run, not a skip.
  echo "error: $plugin is not built; .ci/run builds it before this check" >&2
  exit 1
else
  echo "note: $plugin is not built; its scene is not checked"
fi

shopt -s nullglob
python3 - "$work" "${#plugin_scenes[@]}" "${plugin_scenes[@]}" <<'PY'
import glob
import json
import sys

import jsonschema

work, plugin_count = sys.argv[1], int(sys.argv[2])
plugin_scenes = sys.argv[3:3 + plugin_count]


def validator(path):
    with open(path, encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def load(path):
    # utf-8-sig: a scene may start with a byte order mark, as the loader allows.
    with open(path, encoding="utf-8-sig") as file:
        return json.load(file)


built_ins = validator(f"{work}/schema.json")
sources = ["Configs/*.json", "Benchmarks/*.json", "Fuzz/corpus/valid-*.json",
           "Fuzz/corpus/config-*.json", "Tests/Fixtures/scenes/valid/*.json"]
valid = []
for pattern in sources:
    found = glob.glob(pattern)
    if not found:
        print(f"error: {pattern} matches no scene", file=sys.stderr)
        sys.exit(1)
    valid += found
valid = sorted(set(valid + glob.glob("Benchmarks/**/*.json", recursive=True)))
invalid = sorted(glob.glob("Tests/Fixtures/scenes/invalid/*.json"))
checks = [(path, built_ins) for path in valid]
if plugin_scenes:
    with_plugin = validator(f"{work}/plugin-schema.json")
    checks += [(path, with_plugin) for path in plugin_scenes]

failures = 0
for path, schema in checks:
    errors = sorted(schema.iter_errors(load(path)), key=lambda error: list(error.absolute_path))
    for error in errors[:5]:
        where = "/".join(str(part) for part in error.absolute_path) or "top level"
        print(f"error: {path}: {where}: {error.message}", file=sys.stderr)
    failures += bool(errors)


def fixed(scene, reason):
    # The fix the reasons file gives: a key or item removed, or a value set.
    at = reason.get("remove") or reason["set"]
    node = scene
    for part in at[:-1]:
        node = node[part]
    if "remove" in reason:
        del node[at[-1]]
    else:
        node[at[-1]] = reason["to"]
    return scene


with open("Tests/Fixtures/scenes/invalid-reasons.json", encoding="utf-8") as file:
    reasons = json.load(file)["fixtures"]
names = {path.rsplit("/", 1)[-1]: path for path in invalid}
for name in sorted(set(names) ^ set(reasons)):
    where = "has no reason in invalid-reasons.json" if name in names else "is not a fixture"
    print(f"error: invalid/{name} {where}", file=sys.stderr)
    failures += 1
for name, path in names.items():
    if built_ins.is_valid(load(path)):
        print(f"error: {path}: the schema accepts it; expected it refused", file=sys.stderr)
        failures += 1
    elif name in reasons:
        errors = list(built_ins.iter_errors(fixed(load(path), reasons[name])))
        for error in errors[:5]:
            where = "/".join(str(part) for part in error.absolute_path) or "top level"
            print(f"error: {path}, fixed as invalid-reasons.json says: {where}: {error.message}",
                  file=sys.stderr)
        failures += bool(errors)
if len(invalid) < 6 or not valid:
    print("error: too few scenes found to check", file=sys.stderr)
    failures += 1
print(f"{len(checks)} scenes validate against the schema, {len(invalid)} invalid ones are refused"
      " and validate once fixed"
      if not failures else f"{failures} scenes disagree with the schema")
sys.exit(1 if failures else 0)
PY

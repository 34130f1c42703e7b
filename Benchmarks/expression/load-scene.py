"""Prints a scene of 10,000 chains for the load benchmark of BENCHMARKS.md:
`builtin` alternates parallax and a two-stop opacity interpolate, `expression`
the same two effects written as expressions.

    python3 Benchmarks/expression/load-scene.py builtin > /tmp/load-builtin.json
"""
import json
import sys

kind = sys.argv[1]
effects = {
    "builtin": [
        {"type": "parallax", "rate": 0.5},
        {"type": "interpolate", "property": "opacity", "stops": [[0, 1], [300, 0]]},
    ],
    "expression": [
        {"type": "expression", "y": "y + 0.5 * max(0, offset)"},
        {"type": "expression", "opacity": "opacity * clamp(1 - offset / 300, 0, 1)"},
    ],
}[kind]
chains = [
    {"name": "c%d" % i, "frame": {"y": i * 10, "height": 80}, "effects": [effects[i % 2]]}
    for i in range(10000)
]
print(json.dumps({"version": 1, "chains": chains}))

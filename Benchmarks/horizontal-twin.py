#!/usr/bin/env python3
"""Writes the horizontal twin of a vertical scene file: every axis-bearing
key and value swapped (viewport, insets, contentHeight, frames, edges,
collapse's minHeight, translate's axis, interpolate's properties and
inputs), as Docs/Scenes.md's "Horizontal scenes" reads them. A horizontal
scene evaluates as its vertical twin, so the pair measures what the
mapping to the screen's axes costs.

    python3 Benchmarks/horizontal-twin.py Benchmarks/bench-scene.json > Benchmarks/bench-horizontal.json
"""
import json
import sys

SWAP = {"x": "y", "y": "x", "width": "height", "height": "width",
        "scaleX": "scaleY", "scaleY": "scaleX", "translateX": "translateY",
        "translateY": "translateX", "minY": "minX"}
SIDES = {"top": "left", "bottom": "right", "left": "top", "right": "bottom"}


def swapped_keys(value, names):
    return {names.get(key, key): item for key, item in value.items()}


def effect(value):
    value = dict(value)
    kind = value["type"]
    if kind in ("stretch", "pin"):
        value["edge"] = {"top": "leading", "bottom": "trailing"}[value.get("edge", "top")]
    if kind == "collapse" and "minHeight" in value:
        value["minWidth"] = value.pop("minHeight")
    if kind == "translate" and "axis" in value:
        value["axis"] = SWAP[value["axis"]]
    if kind == "interpolate":
        for key in ("property", "input"):
            if key in value:
                value[key] = SWAP.get(value[key], value[key])
    if kind == "expression":
        raise SystemExit("expression: rename its names by hand")
    return value


def chain(value):
    value = dict(value)
    value["frame"] = swapped_keys(value["frame"], SWAP)
    value["effects"] = [effect(item) for item in value.get("effects", [])]
    return value


def twin(scene):
    result = {"axis": "horizontal"}
    for key, value in scene.items():
        if key == "description":
            result[key] = "The horizontal twin of a vertical scene: " + value
        elif key == "viewport":
            result[key] = swapped_keys(value, SWAP)
        elif key == "contentInsets":
            result[key] = swapped_keys(value, SIDES)
        elif key == "contentHeight":
            result["contentWidth"] = value
        elif key == "chains":
            result[key] = [chain(item) for item in value]
        else:
            result[key] = value
    return result


with open(sys.argv[1]) as file:
    json.dump(twin(json.load(file)), sys.stdout, indent=1)
print()

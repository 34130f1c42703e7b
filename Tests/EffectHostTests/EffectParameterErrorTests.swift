import EffectHost
import EffectProtocol
import Foundation
import Testing

/// A bad parameter of a built-in effect: refused with its JSON path, what
/// was expected and what was found.
@Suite struct EffectParameterErrorTests: HostileInputSuite {
  static let effectParameters: [Case] = [
    Case(
      "footerPin.mode unknown", effect("footerPin", #""mode": "slide""#),
      [
        #"scene.json: chains[0].effects[0].mode: expected "stretch" or "move", found the string "slide""#
      ]),
    Case(
      "pin.edge unknown and pin.until a string", effect("pin", #""edge": "left", "until": "end""#),
      [
        #"scene.json: chains[0].effects[0].edge: expected "top" or "bottom" (or "leading" or "trailing", the same edges in a vertical scene), found the string "left""#,
        #"scene.json: chains[0].effects[0].until: expected a content y (a number from -1e9 to 1e9), {"chain": NAME}, "next" or null, found the string "end""#,
      ]),
    Case(
      "pin.inset beyond the limit", effect("pin", #""inset": 1e10"#),
      [
        "scene.json: chains[0].effects[0].inset: expected a number from -1e9 to 1e9, found the number 10000000000"
      ]),
    Case(
      "parallax.rate null", effect("parallax", #""rate": null"#),
      ["scene.json: chains[0].effects[0].rate: expected a number from -1e9 to 1e9, found null"]),
    Case(
      "parallax.rate NaN as a string", effect("parallax", #""rate": "NaN""#),
      [
        #"scene.json: chains[0].effects[0].rate: expected a number from -1e9 to 1e9, found the string "NaN""#
      ]),
    Case(
      "translate.axis unknown and from after to",
      effect("translate", #""axis": "z", "from": 5, "to": 1"#),
      [
        #"scene.json: chains[0].effects[0].axis: expected "x" or "y", found the string "z""#,
        #"scene.json: chains[0].effects[0].from: expected a number not greater than "to" (1), found the number 5"#,
      ]),
    Case(
      "collapse.minHeight negative and pinned a string",
      effect("collapse", #""minHeight": -1, "pinned": "yes""#),
      [
        "scene.json: chains[0].effects[0].minHeight: expected a number from 0 to 1e9, found the number -1",
        #"scene.json: chains[0].effects[0].pinned: expected true or false, found the string "yes""#,
      ]),
    Case(
      "interpolate without property and stops", effect("interpolate", #""input": "offset""#),
      [
        "scene.json: chains[0].effects[0].property: missing required key; expected "
          + #""opacity", "scale", "scaleX", "scaleY", "blur", "rotation", "translateX", "translateY", "width", "height" or "zIndex""#,
        "scene.json: chains[0].effects[0].stops: missing required key; expected an array of at least 2 [input, output] pairs",
      ]),
  ]

  @Test(
    "a bad parameter of any built-in effect is refused with its path", arguments: effectParameters)
  func badEffectParameter(_ row: Case) {
    #expect(Self.invalidLines(row.bytes) == row.lines)
  }
}

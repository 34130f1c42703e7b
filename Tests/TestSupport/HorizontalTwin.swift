import EffectHost
import EffectProtocol

/// The horizontal scene of a vertical scene file, written as a person would
/// write it (every axis-bearing key and value swapped), and the screen's
/// transforms it must give: the vertical ones with the axes swapped, and for
/// a right-to-left scene their mirror image. Written here from the contract,
/// not by calling the loader's own reading of the axes.
public enum HorizontalTwin {
  static let swappedKeys = [
    "x": "y", "y": "x", "width": "height", "height": "width", "scaleX": "scaleY",
    "scaleY": "scaleX", "anchorX": "anchorY", "anchorY": "anchorX", "minHeight": "minWidth",
  ]
  static let swappedNames = [
    "x": "y", "y": "x", "width": "height", "height": "width", "minY": "minX", "minX": "minY",
    "naturalX": "naturalY", "naturalY": "naturalX", "naturalWidth": "naturalHeight",
    "naturalHeight": "naturalWidth", "translateX": "translateY", "translateY": "translateX",
    "scaleX": "scaleY", "scaleY": "scaleX", "anchorX": "anchorY", "anchorY": "anchorX",
    "viewportWidth": "viewportHeight", "viewportHeight": "viewportWidth",
  ]
  static let edges = [
    "top": "leading", "leading": "leading", "bottom": "trailing", "trailing": "trailing",
  ]

  /// The horizontal scene of the vertical scene `scene`. With
  /// `rightToLeft`, the right-to-left scene whose left-to-right twin is that
  /// horizontal scene: its left and right insets trade places. The
  /// viewport's keys are written out, defaults included: every scene's
  /// default is a phone in portrait, 390 x 844, which swapped is not.
  public static func transposed(_ scene: JSONValue, rightToLeft: Bool = false) -> JSONValue {
    guard case .object(let object) = scene else { return scene }
    let isSingleChain = object["chains"] == nil && object["effects"] != nil
    var members = [JSONObject.Member(key: "axis", value: .string("horizontal"))]
    if rightToLeft {
      members.append(JSONObject.Member(key: "layoutDirection", value: .string("rightToLeft")))
    }
    for member in object.members {
      switch member.key {
      case "viewport":
        members.append(
          .init(key: "viewport", value: renamed(completedViewport(member.value), swappedKeys)))
      case "contentInsets":
        let sides =
          rightToLeft
          ? ["top": "right", "bottom": "left", "left": "top", "right": "bottom"]
          : ["top": "left", "bottom": "right", "left": "top", "right": "bottom"]
        members.append(.init(key: "contentInsets", value: renamed(member.value, sides)))
      case "contentHeight":
        members.append(.init(key: "contentWidth", value: member.value))
      case "chains":
        guard case .array(let chains) = member.value else { return scene }
        members.append(.init(key: "chains", value: .array(chains.map(transposedChain))))
      case "axis": continue
      case "frame" where isSingleChain, "effects" where isSingleChain,
        "events" where isSingleChain:
        members.append(chainMember(member))
      default: members.append(member)
      }
    }
    if object["viewport"] == nil {
      let viewport = completedViewport(.object(JSONObject([])))
      members.append(.init(key: "viewport", value: renamed(viewport, swappedKeys)))
    }
    return .object(JSONObject(members))
  }

  /// A viewport object with the keys it leaves out at their defaults, 390
  /// wide and 844 tall; anything else as it is.
  static func completedViewport(_ value: JSONValue) -> JSONValue {
    guard case .object(let object) = value else { return value }
    var members = object.members
    if object["width"] == nil { members.append(.init(key: "width", value: .number(390))) }
    if object["height"] == nil { members.append(.init(key: "height", value: .number(844))) }
    return .object(JSONObject(members))
  }

  static func transposedChain(_ chain: JSONValue) -> JSONValue {
    guard case .object(let object) = chain else { return chain }
    return .object(JSONObject(object.members.map(chainMember)))
  }

  static func chainMember(_ member: JSONObject.Member) -> JSONObject.Member {
    switch (member.key, member.value) {
    case ("frame", _): return .init(key: "frame", value: renamed(member.value, swappedKeys))
    case ("effects", .array(let effects)):
      return .init(key: "effects", value: .array(effects.map(transposedEffect)))
    case ("events", .array(let events)):
      return .init(
        key: "events",
        value: .array(
          events.map { event in
            guard case .object(let object) = event else { return event }
            return .object(
              JSONObject(
                object.members.map { member in
                  guard member.key == "input", case .string(let name) = member.value else {
                    return member
                  }
                  return .init(key: "input", value: .string(swappedNames[name] ?? name))
                }))
          }))
    default: return member
    }
  }

  static func transposedEffect(_ effect: JSONValue) -> JSONValue {
    guard case .object(let object) = effect, case .string(let type) = object["type"] else {
      return effect
    }
    var members: [JSONObject.Member] = []
    for member in object.members {
      var key = member.key
      var value = member.value
      switch (type, member.key, member.value) {
      case ("stretch", "edge", .string(let edge)), ("pin", "edge", .string(let edge)):
        value = .string(edges[edge] ?? edge)
      case ("translate", "axis", .string(let axis)): value = .string(axis == "x" ? "y" : "x")
      case ("interpolate", "property", .string(let name)),
        ("interpolate", "input", .string(let name)):
        value = .string(swappedNames[name] ?? name)
      case ("expression", _, .string(let text)):
        key = swappedKeys[key] ?? key
        value = .string(renamingWords(text))
      case ("collapse", "minHeight", _): key = "minWidth"
      default: break
      }
      members.append(.init(key: key, value: value))
    }
    return .object(JSONObject(members))
  }

  static func renamed(_ value: JSONValue, _ names: [String: String]) -> JSONValue {
    guard case .object(let object) = value else { return value }
    return .object(
      JSONObject(object.members.map { .init(key: names[$0.key] ?? $0.key, value: $0.value) }))
  }

  /// `text` with each name of ``swappedNames`` swapped, word by word.
  static func renamingWords(_ text: String) -> String {
    var output = ""
    var word = ""
    for character in text + " " {
      if character.isLetter || character == "_" || (!word.isEmpty && character.isNumber) {
        word.append(character)
        continue
      }
      output += swappedNames[word] ?? word
      word = ""
      output.append(character)
    }
    return String(output.dropLast())
  }

  /// `view` with the axes swapped; rotation, a scalar, stays.
  public static func swapped(_ view: ViewTransform) -> ViewTransform {
    var result = view
    (result.x, result.y, result.width, result.height) = (view.y, view.x, view.height, view.width)
    (result.scaleX, result.scaleY) = (view.scaleY, view.scaleX)
    (result.anchorX, result.anchorY) = (view.anchorY, view.anchorX)
    return result
  }

  /// The mirror image of `view` in a viewport `width` wide.
  public static func mirrored(_ view: ViewTransform, width: Double) -> ViewTransform {
    var result = view
    result.x = width - view.x - view.width
    result.anchorX = 1 - view.anchorX
    result.rotation = -view.rotation
    return result
  }

  /// `value` as compact JSON text, members in order.
  public static func text(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number): "\(number)"
    case .string(let string): "\"" + JSONString.escaped(string) + "\""
    case .array(let items): "[" + items.map(text).joined(separator: ", ") + "]"
    case .object(let object):
      "{"
        + object.members.map { "\"\(JSONString.escaped($0.key))\": " + text($0.value) }
        .joined(separator: ", ") + "}"
    }
  }
}

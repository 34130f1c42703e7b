import EffectHost
import EffectProtocol
import ScrollEffectsTestSupport
import Testing

/// A horizontal scene is its vertical twin with the axes swapped, and a
/// right-to-left one the mirror image of its left-to-right twin: random
/// scenes of every built-in, each written vertically and then transposed by
/// this file's own rewriting of the JSON, evaluated at random offsets and
/// compared view for view, column for column, bit for bit.
@Suite struct SceneTwinTests {
  // MARK: - The test's own transposition of a vertical scene file

  static let swappedKeys = [
    "x": "y", "y": "x", "width": "height", "height": "width", "scaleX": "scaleY",
    "scaleY": "scaleX", "anchorX": "anchorY", "anchorY": "anchorX", "minHeight": "minWidth",
  ]
  static let swappedNames = [
    "x": "y", "y": "x", "width": "height", "height": "width", "minY": "minX",
    "naturalX": "naturalY", "naturalY": "naturalX", "naturalWidth": "naturalHeight",
    "naturalHeight": "naturalWidth", "translateX": "translateY", "translateY": "translateX",
    "scaleX": "scaleY", "scaleY": "scaleX", "anchorX": "anchorY", "anchorY": "anchorX",
    "viewportWidth": "viewportHeight", "viewportHeight": "viewportWidth",
  ]

  /// The horizontal scene of the vertical scene `scene`, written as a person
  /// would write it: every axis-bearing key and value swapped. With
  /// `rightToLeft`, the scene is the right-to-left one whose left-to-right
  /// twin is that horizontal scene: its left and right insets trade places.
  static func transposed(_ scene: JSONValue, rightToLeft: Bool = false) -> JSONValue {
    guard case .object(let object) = scene else { return scene }
    var members = [JSONObject.Member(key: "axis", value: .string("horizontal"))]
    if rightToLeft {
      members.append(JSONObject.Member(key: "layoutDirection", value: .string("rightToLeft")))
    }
    for member in object.members {
      switch member.key {
      case "viewport":
        members.append(.init(key: "viewport", value: renamed(member.value, swappedKeys)))
      case "contentInsets":
        let sides =
          rightToLeft
          ? ["top": "right", "bottom": "left", "left": "top", "right": "bottom"]
          : ["top": "left", "bottom": "right", "left": "top", "right": "bottom"]
        members.append(.init(key: "contentInsets", value: renamed(member.value, sides)))
      case "contentHeight":
        members.append(.init(key: "contentWidth", value: member.value))
      case "chains":
        guard case .array(let chains) = member.value else { fatalError("chains") }
        members.append(.init(key: "chains", value: .array(chains.map(transposedChain))))
      default: members.append(member)
      }
    }
    return .object(JSONObject(members))
  }

  static func transposedChain(_ chain: JSONValue) -> JSONValue {
    guard case .object(var object) = chain else { fatalError("chain") }
    for index in object.members.indices {
      switch object.members[index].key {
      case "frame": object.members[index].value = renamed(object.members[index].value, swappedKeys)
      case "effects":
        guard case .array(let effects) = object.members[index].value else { fatalError("effects") }
        object.members[index].value = .array(effects.map(transposedEffect))
      default: break
      }
    }
    return .object(object)
  }

  static func transposedEffect(_ effect: JSONValue) -> JSONValue {
    guard case .object(let object) = effect, case .string(let type) = object["type"] else {
      fatalError("effect")
    }
    var members: [JSONObject.Member] = []
    for member in object.members {
      var key = member.key
      var value = member.value
      switch (type, member.key, member.value) {
      case ("stretch", "edge", .string(let edge)), ("pin", "edge", .string(let edge)):
        value = .string(edge == "top" ? "leading" : "trailing")
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

  // MARK: - The screen's transform of a vertical one, written again here

  /// `view` with the axes swapped; rotation, a scalar, stays.
  static func swapped(_ view: ViewTransform) -> ViewTransform {
    var result = view
    (result.x, result.y, result.width, result.height) = (view.y, view.x, view.height, view.width)
    (result.scaleX, result.scaleY) = (view.scaleY, view.scaleX)
    (result.anchorX, result.anchorY) = (view.anchorY, view.anchorX)
    return result
  }

  /// The mirror image of `view` in a viewport `width` wide.
  static func mirrored(_ view: ViewTransform, width: Double) -> ViewTransform {
    var result = view
    result.x = width - view.x - view.width
    result.anchorX = 1 - view.anchorX
    result.rotation = -view.rotation
    return result
  }

  static func load(_ value: JSONValue) throws -> Scene {
    try SceneLoader().scene(from: value).get()
  }

  static func parse(_ json: String) throws -> JSONValue {
    try JSONParser.parse(Array(json.utf8))
  }

  static func views(_ host: SceneHost) -> [ViewTransform] {
    host.withTransforms { Array($0) }
  }

  // MARK: - Tests

  @Test(arguments: 0..<60)
  func horizontalSceneIsItsVerticalTwinTransposed(seed: UInt64) throws {
    var generator = RandomScene(seed: 0x7A15 &+ seed)
    let json = seed % 2 == 0 ? generator.layoutSceneJSON() : generator.sceneJSON()
    let vertical = try Self.load(Self.parse(json))
    let horizontal = try Self.load(Self.transposed(Self.parse(json)))
    #expect(horizontal.axis == .horizontal)
    var verticalHost = SceneHost(scene: vertical)
    var horizontalHost = SceneHost(scene: horizontal)
    var random = SplitMix64(seed: seed)
    for _ in 0..<12 {
      let offset = Double(random.next(in: -1200...6000)) / 2
      verticalHost.evaluate(offset: offset)
      horizontalHost.evaluate(offset: offset)
      let expected = Self.views(verticalHost).map(Self.swapped)
      let difference = firstBitwiseDifference(
        Self.views(horizontalHost), expected, actualName: "horizontal",
        expectedName: "vertical swapped")
      #expect(difference == nil, "offset \(offset): \(difference ?? "")\n\(json)")
      for (index, chain) in verticalHost.chains.enumerated() where chain.viewRange.count > 0 {
        let natural = verticalHost.naturalFrame(chain: index, copy: 0)
        let swappedNatural = Rect(
          x: natural.y, y: natural.x, width: natural.height, height: natural.width)
        #expect(horizontalHost.naturalFrame(chain: index, copy: 0) == swappedNatural)
      }
      if difference != nil { return }
    }
  }

  @Test(arguments: 0..<40)
  func rightToLeftSceneIsTheMirrorOfItsLeftToRightTwin(seed: UInt64) throws {
    var generator = RandomScene(seed: 0x2710 &+ seed)
    let json = seed % 2 == 0 ? generator.layoutSceneJSON() : generator.sceneJSON()
    let leftToRight = try Self.load(Self.transposed(Self.parse(json)))
    let rightToLeft = try Self.load(Self.transposed(Self.parse(json), rightToLeft: true))
    #expect(rightToLeft.layoutDirection == .rightToLeft)
    var ltrHost = SceneHost(scene: leftToRight)
    var rtlHost = SceneHost(scene: rightToLeft)
    // The screen's width: the vertical scene's viewport height.
    guard case .object(let file) = try Self.parse(json),
      case .object(let viewport) = file["viewport"], case .number(let width) = viewport["height"]
    else { fatalError("viewport") }
    var random = SplitMix64(seed: seed)
    for _ in 0..<12 {
      let offset = Double(random.next(in: -1200...6000)) / 2
      ltrHost.evaluate(offset: offset)
      rtlHost.evaluate(offset: offset)
      let expected = Self.views(ltrHost).map { Self.mirrored($0, width: width) }
      let difference = firstBitwiseDifference(
        Self.views(rtlHost), expected, actualName: "right to left",
        expectedName: "left to right mirrored")
      #expect(difference == nil, "offset \(offset): \(difference ?? "")\n\(json)")
      for (index, chain) in ltrHost.chains.enumerated() where chain.viewRange.count > 0 {
        let ltr = try #require(ltrHost.view(named: chain.name))
        let rtl = try #require(rtlHost.view(named: chain.name))
        // The leading (right) edge's move: the same to rounding.
        #expect(abs(rtl.translateX + ltr.translateX) <= 1e-9 * max(1, width + abs(offset)))
        #expect(rtl.translateY.bitPattern == ltr.translateY.bitPattern)
        let natural = ltrHost.naturalFrame(chain: index, copy: 0)
        #expect(rtlHost.naturalFrame(chain: index, copy: 0).x == width - natural.x - natural.width)
      }
      if difference != nil { return }
    }
  }
}

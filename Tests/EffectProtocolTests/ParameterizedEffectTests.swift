import EffectProtocol
import Foundation
import ScrollEffectsTestSupport
import Testing

/// An effect written against ``ParameterizedEffect``: its parameters are its
/// stored properties, each declared once and listed with the memberwise init.
private struct ShiftEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  enum Side: String, Sendable, CaseIterable { case up, down }

  var distance: Double
  static let distance = EffectParameter.number(
    "distance", default: 10, in: .nonNegative, unit: .points, summary: "how far")

  var side: Side
  static let side = EffectParameter.choice("side", default: Side.up, summary: "which way")

  var limit: Double?
  static let limit = EffectParameter.optionalNumber(
    "limit", in: .finite, unit: .points, summary: "the farthest; null for none")

  init(
    distance: Double = Self.distance.defaultValue, side: Side = Self.side.defaultValue,
    limit: Double? = Self.limit.defaultValue
  ) {
    self.distance = distance
    self.side = side
    self.limit = limit
  }

  static let parameterList = ParameterList(Self.init(distance:side:limit:), distance, side, limit)

  static let descriptor = EffectDescriptor(
    typeName: "shift", summary: "Moves a view.", discussion: "",
    parameters: parameterList.descriptors,
    examples: [])

  func apply(to views: inout ViewBatch) {
    let shift = side == .up ? -distance : distance
    views.modifyEach { view in view.y += shift }
  }
}

/// An effect of five parameters: its list is read through the parameter pack
/// init, which the overloads for one to four parameters leave to longer lists.
private struct BoxEffect: ParameterizedEffect, StatelessScrollEffect, Equatable {
  var x: Double
  static let x = EffectParameter.number(
    "x", default: 1, in: .finite, unit: .points, summary: "the left")
  var y: Double
  static let y = EffectParameter.number(
    "y", default: 2, in: .finite, unit: .points, summary: "the top")
  var width: Double
  static let width = EffectParameter.number(
    "width", default: 3, in: .nonNegative, unit: .points, summary: "the width")
  var clip: Bool
  static let clip = EffectParameter.bool("clip", default: false, summary: "whether it clips")
  var limit: Double?
  static let limit = EffectParameter.optionalNumber(
    "limit", in: .finite, unit: .points, summary: "the farthest; null for none")

  init(
    x: Double = Self.x.defaultValue, y: Double = Self.y.defaultValue,
    width: Double = Self.width.defaultValue, clip: Bool = Self.clip.defaultValue,
    limit: Double? = Self.limit.defaultValue
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.clip = clip
    self.limit = limit
  }

  static let parameterList = ParameterList(
    Self.init(x:y:width:clip:limit:), x, y, width, clip, limit)
  static let descriptor = EffectDescriptor(
    typeName: "box", summary: "Moves a view.", discussion: "",
    parameters: parameterList.descriptors, examples: [])

  func apply(to views: inout ViewBatch) {}
}

@Suite struct ParameterizedEffectTests {
  @Test("a list of five: read in order through the pack, defaults from the declarations")
  func packList() throws {
    #expect(BoxEffect.parameterList.defaults == BoxEffect(x: 1, y: 2, width: 3, clip: false))
    #expect(try BoxEffect.decode(json: "{}") == BoxEffect(x: 1, y: 2, width: 3, clip: false))
    #expect(
      try BoxEffect.decode(json: #"{"limit": 9, "clip": true, "width": 7, "y": -5, "x": 4}"#)
        == BoxEffect(x: 4, y: -5, width: 7, clip: true, limit: 9))
    #expect(BoxEffect.descriptor.parameters.map(\.name) == ["x", "y", "width", "clip", "limit"])
    let error = #expect(throws: SceneDiagnostics.self) {
      try BoxEffect.decode(json: #"{"limit": "far", "width": -1, "x": true}"#)
    }
    // In the list's order, not the object's.
    #expect(
      error?.diagnostics.map(\.description) == [
        "x: expected a number from -1e9 to 1e9, found true",
        "width: expected a number from 0 to 1e9, found the number -1",
        #"limit: expected a number from -1e9 to 1e9 or null, found the string "far""#,
      ])
  }

  @Test("the defaults of a list: the memberwise init given every declared default")
  func defaults() {
    #expect(ShiftEffect.parameterList.defaults == ShiftEffect(distance: 10, side: .up, limit: nil))
  }

  @Test("each field's value is read into its property; absent keys keep the declared defaults")
  func readsFields() throws {
    #expect(try ShiftEffect.decode(json: "{}") == ShiftEffect(distance: 10, side: .up))
    let effect = try ShiftEffect.decode(json: #"{"side": "down", "limit": -4}"#)
    #expect(effect.distance == 10)
    #expect(effect.side == .down)
    #expect(effect.limit == -4)
  }

  @Test("every field reports its own problem, in field order, and unknown keys list the fields")
  func reportsProblems() {
    do {
      _ = try ShiftEffect.decode(json: #"{"distance": -1, "side": "left", "limt": 3}"#)
      Issue.record("expected an error")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "distance: expected a number from 0 to 1e9, found the number -1",
          #"side: expected "up" or "down", found the string "left""#,
          #"limt: unknown key for effect "shift"; did you mean "limit"? (valid keys: type, distance, side, limit)"#,
        ])
    }
  }

  @Test("the descriptor lists the fields' declarations in order")
  func descriptorFromFields() {
    #expect(
      ShiftEffect.descriptor.parameters == [
        ParameterDescriptor(
          name: "distance", values: "points, 0 or more", defaultValue: "10", summary: "how far",
          domain: .number(.nonNegative, unit: .points)),
        ParameterDescriptor(
          name: "side", values: #""up" or "down""#, defaultValue: #""up""#, summary: "which way",
          domain: .choice(["up", "down"])),
        ParameterDescriptor(
          name: "limit", values: "points, any from -1e9 to 1e9, or null", defaultValue: "null",
          summary: "the farthest; null for none", domain: .optionalNumber(.finite, unit: .points)),
      ])
  }

  @Test("the effect is its own Parameters: init(parameters:) and parameters, read and written")
  func parametersSpelling() {
    var effect = ShiftEffect(parameters: .init(distance: 3))
    #expect(effect == ShiftEffect(distance: 3, side: .up))
    effect.parameters.side = .down
    #expect(effect.side == .down)
    #expect(effect.parameters == ShiftEffect.Parameters(distance: 3, side: .down))
  }

  /// An effect author's file: a parameterised effect with a property
  /// without a default, and `parameterList` when `declaresList`.
  static func authorsEffect(declaresList: Bool) -> String {
    """
    import EffectProtocol

    struct Nudge: ParameterizedEffect, StatelessScrollEffect {
      var distance: Double
      static let distance = EffectParameter.number(
        "distance", default: 10, in: .finite, unit: .points, summary: "how far")
      \(declaresList ? "static let parameterList = ParameterList(Self.init(distance:), distance)" : "")
      static let descriptor = EffectDescriptor(
        typeName: "nudge", summary: "Moves a view.", discussion: "",
        parameters: [], examples: [])
      func apply(to views: inout ViewBatch) {}
    }
    """
  }

  /// The exit status and errors of `swiftc -typecheck` on `source`,
  /// against the modules of the build that runs the tests: beside the test
  /// executable (`swift test --build-path DIR` puts it in `DIR/debug`), else
  /// in `.build/debug`.
  static func typecheck(_ source: String) throws -> (status: Int32, errors: String) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("Modules"),
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("Modules"),
      root.appendingPathComponent(".build/debug/Modules"),
    ]
    let modules =
      candidates.first {
        FileManager.default.fileExists(
          atPath: $0.appendingPathComponent("EffectProtocol.swiftmodule").path)
      } ?? candidates[candidates.count - 1]
    try #require(
      FileManager.default.fileExists(
        atPath: modules.appendingPathComponent("EffectProtocol.swiftmodule").path),
      "the debug build's modules are not at \(modules.path)")
    let file = Scratch.root
      .appendingPathComponent("nudge-\(UUID().uuidString).swift")
    try source.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let errors = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path,
    ]
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test("an effect that forgets parameterList does not compile; with it, it does")
  func parameterListIsRequired() throws {
    let forgets = try Self.typecheck(Self.authorsEffect(declaresList: false))
    #expect(forgets.status != 0)
    #expect(forgets.errors.contains("does not conform to protocol 'ParameterizedEffect'"))
    let declares = try Self.typecheck(Self.authorsEffect(declaresList: true))
    #expect(declares.status == 0, "\(declares.errors)")
  }
}

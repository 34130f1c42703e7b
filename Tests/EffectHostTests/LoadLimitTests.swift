import EffectHost
import EffectProtocol
import Foundation
import Testing

/// The loader's limits (views, nesting, problems, bytes): input past them
/// is refused quickly with a message, input at them loads.
@Suite struct LoadLimitTests: HostileInputSuite {
  @Test("a scene of more views than the limit is refused, copies counted")
  func tooManyViews() {
    let chains = (0..<11).map {
      #"{"name": "c\#($0)", "frame": {"height": 1}, "repeat": {"count": 1000000}}"#
    }
    let json = #"{"chains": [\#(chains.joined(separator: ", "))]}"#
    #expect(
      Self.invalidLines(Array(json.utf8)) == [
        "scene.json: chains: expected at most 10000000 views in a scene, found 11000000 (copies of repeated chains included)"
      ])
  }

  @Test("a scene at the view limit loads")
  func viewLimit() throws {
    let chains = (0..<10).map {
      #"{"name": "c\#($0)", "frame": {"height": 1}, "repeat": {"count": 1000000}}"#
    }
    let scene = try SceneLoader().load(json: #"{"chains": [\#(chains.joined(separator: ", "))]}"#)
    #expect(scene.viewCount == 10_000_000)
  }

  @Test("JSON nested 200,000 levels deep is refused at level 513 without overflowing the stack")
  func deepNesting() {
    let arrays = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
    #expect(
      Self.invalidLines(Array(arrays.utf8)) == [
        "scene.json:1:513: malformed JSON: arrays and objects are nested more than 512 levels deep"
      ])
    let objects = String(repeating: #"{"a":"#, count: 200_000)
    #expect(
      Self.invalidLines(Array(objects.utf8)) == [
        "scene.json:1:2561: malformed JSON: arrays and objects are nested more than 512 levels deep"
      ])
  }

  @Test("JSON nested 512 levels deep is parsed, and refused as a scene only for its shape")
  func nestingLimit() {
    let json =
      #"{"chains": [{"name": "a", "frame": {"height": 1}}], "description": "#
      + String(repeating: "[", count: 510) + String(repeating: "]", count: 510) + "}"
    #expect(
      Self.invalidLines(Array(json.utf8)) == [
        "scene.json: description: expected a string, found an array"
      ])
  }

  @Test("millions of problems stop after the first 1000, quickly")
  func problemLimit() {
    let json =
      #"{"chains": ["# + Array(repeating: "{}", count: 1_000_000).joined(separator: ",")
      + "]}"
    let lines = Self.invalidLines(Array(json.utf8))
    #expect(lines.count == 1001)
    #expect(
      lines.first
        == "scene.json: chains[0].name: missing required key; expected a chain name (a non-empty string)"
    )
    #expect(
      lines.dropLast().last
        == "scene.json: chains[499].frame: missing required key; expected an object")
    #expect(lines.last == "scene.json: more than 1000 problems; stopped after the first 1000")
  }

  @Test("exactly 1000 problems are all reported, with no note")
  func problemLimitExactly() {
    let json = #"{"chains": ["# + Array(repeating: "{}", count: 500).joined(separator: ",") + "]}"
    let lines = Self.invalidLines(Array(json.utf8))
    #expect(lines.count == 1000)
    #expect(lines.last == "scene.json: chains[499].frame: missing required key; expected an object")
  }

  @Test("an object of many unknown keys stops after the first 1000")
  func unknownKeyLimit() {
    let keys = (0..<5000).map { #""k\#($0)": 0"# }.joined(separator: ", ")
    let json = #"{"chains": [{"name": "a", "frame": {"height": 1, \#(keys)}}]}"#
    let lines = Self.invalidLines(Array(json.utf8))
    #expect(lines.count == 1001)
    #expect(
      lines.first
        == "scene.json: chains[0].frame.k0: unknown key for a frame (valid keys: x, y, width, height)"
    )
    #expect(lines.last == "scene.json: more than 1000 problems; stopped after the first 1000")
  }

  @Test("more than 32 MiB of bytes is refused before parsing")
  func oversizedBytes() {
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 50 << 20)
    #expect(
      Self.invalidLines(bytes) == [
        "scene.json: expected a scene file of at most 33554432 bytes (32 MiB), found 52428800 bytes"
      ])
  }

  @Test("a scene of 30 MB loads: below the size limit nothing is refused for its size")
  func largeValidScene() throws {
    // 30 MB, most of it in one string, with 20,000 chains: big enough to
    // cross every buffer size, small enough to keep the suite fast.
    let chains = (0..<20_000).map {
      #"{"name": "row\#($0)", "frame": {"y": \#($0 * 10), "height": 10}, "effects": [{"type": "stretch", "maxStretch": 50}]}"#
    }
    let head = #"{"chains": [\#(chains.joined(separator: ",\n"))], "description": ""#
    let padding = 30_000_000 - head.utf8.count - 2
    // Bytes, not a String: String(repeating:count:) appends character by character.
    let bytes =
      Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: padding)
      + Array(#""}"#.utf8)
    #expect(bytes.count == 30_000_000)
    let scene = try SceneLoader().load(bytes, file: "scene.json")
    #expect(scene.chains.count == 20_000)
    #expect(scene.description?.count == padding)
    var host = SceneHost(scene: scene)
    host.evaluate(offset: -100)
    #expect(host.transform(at: 19_999).height == 60)
  }
}

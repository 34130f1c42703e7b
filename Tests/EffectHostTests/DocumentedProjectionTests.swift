import Foundation
import Testing

@testable import EffectHost

/// The projected resting points and physics constants the documents quote
/// are the physics' own: each release is taken from the frames `simulate`
/// plays (`MotionFrames`), projected by the physics `ScrollSimulator` uses,
/// and compared with the number in the document's text, to its decimals;
/// the constants Motion.md gives are the ones the physics use.
@Suite struct DocumentedProjectionTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `document`'s text, every run of white space one space.
  static func prose(_ document: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The numbers `#` stands for in `phrase`, as `document` gives them.
  static func quoted(_ phrase: String, in document: String) throws -> [String] {
    let number = #"(-?[0-9][0-9,]*(?:\.[0-9]+)?)"#
    let pattern = phrase.components(separatedBy: "#")
      .map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: number)
    let text = try prose(document)
    let match = try #require(
      try NSRegularExpression(pattern: pattern).firstMatch(
        in: text, range: NSRange(text.startIndex..., in: text)),
      "\(document) lacks \"\(phrase)\"")
    return (1..<match.numberOfRanges).compactMap {
      Range(match.range(at: $0), in: text).map { String(text[$0]) }
    }
  }

  /// Whether `text`, a number as a document writes it, is `value` rounded to
  /// its decimals.
  static func same(_ text: String, _ value: Double) -> Bool {
    let plain = text.replacing(",", with: "")
    let decimals = plain.split(separator: ".").dropFirst().first?.count ?? 0
    let scale = pow(10, Double(decimals))
    return Double(plain) == (value * scale).rounded() / scale
  }

  /// The release of `gesture` on `scene`: the first frame with the finger up.
  static func release(_ gesture: String, on scene: String, physics: ScrollPhysics = .ios) throws
    -> MotionFrame
  {
    let loaded = try SceneLoader().load(
      contentsOf: root.appendingPathComponent("Configs/\(scene)").path)
    let frames = try MotionFrames(
      gesture: Gesture(parsing: gesture), scene: loaded, physics: physics)
    return try #require(frames.first { $0.phase != .interacting })
  }

  /// Where the physics' free motion from `release` would come to rest.
  static func projection(_ release: MotionFrame, physics: ScrollPhysics) -> Double {
    switch physics {
    case .ios:
      release.offset - release.velocity / Deceleration.naturalExponent
    case .android:
      AndroidFling(start: release.offset, velocity: release.velocity).restingPoint
    }
  }

  @Test(
    "Configs/README.md's projections P of the snapping app bar's and the paging list's releases",
    arguments: [
      (
        "Released at # with # points/s (P = 40 - 100 / (1000 ln 0.998) = #) it rests",
        "snapping-app-bar.json", "drag:40:400,release", ScrollPhysics.ios
      ),
      (
        "released at # with # points/s (P = #) it is left to decelerate",
        "snapping-app-bar.json", "drag:100:200,release", .ios
      ),
      (
        "Released at # with # points/s (P = #) the list rests at 688", "paging-list.json",
        "drag:200:200,release", .ios
      ),
      (
        "with `android` physics (P = #) at 344", "paging-list.json", "drag:200:200,release",
        .android
      ),
      ("Flung at # points/s (P = #), it slows", "paging-list.json", "fling:3000", .ios),
      ("with `android` (P = #) card 8", "paging-list.json", "fling:3000", .android),
    ])
  func projections(phrase: String, scene: String, gesture: String, physics: ScrollPhysics) throws {
    let release = try Self.release(gesture, on: scene, physics: physics)
    let projected = Self.projection(release, physics: physics)
    var values = [release.offset, release.velocity, projected]
    if release.offset == 0 { values.removeFirst() }  // a fling from rest gives no offset
    // A phrase quotes the last of the release's offset, velocity and P, one
    // `#` each: P alone, or all three.
    let quoted = try Self.quoted(phrase, in: "Configs/README.md")
    #expect(!quoted.isEmpty && quoted.count <= values.count, "\(phrase)")
    let compared = Array(values.suffix(quoted.count))
    for (text, value) in zip(quoted, compared) {
      #expect(Self.same(text, value), "Configs/README.md quotes \(text); the physics give \(value)")
    }
  }

  @Test("Motion.md's D and vRef of the android fling are the physics' constants")
  func androidConstants() throws {
    let quoted = try Self.quoted(
      "D = ln 0.78 / ln 0.9 = #, vRef = 0.015 * 9.80665 * 39.37 * 160 * 0.84 / 0.35 = # points/s",
      in: "Docs/Motion.md")
    #expect(quoted.count == 2)
    #expect(Self.same(quoted[0], AndroidFling.exponent))
    #expect(Self.same(quoted[1], AndroidFling.referenceVelocity))
  }
  @Test(
    "Motion.md's constants of the band, the deceleration and the spring are the physics' own",
    arguments: [
      ("(# is UIScrollView's coefficient", [RubberBand.coefficient]),
      ("decelerates at r = # per millisecond", [Deceleration.rate]),
      ("it rests at the first frame whose speed is below # points/s", [Deceleration.restingSpeed]),
      (
        "mass #, stiffness #, damping ratio # (overdamped)",
        [ScrollSpring.mass, ScrollSpring.stiffness, ScrollSpring.dampingRatio]
      ),
      (
        "within # points of the target with speed at most # points/s",
        [ScrollSpring.restingDistance, ScrollSpring.restingSpeed]
      ),
    ])
  func motionConstants(phrase: String, values: [Double]) throws {
    let quoted = try Self.quoted(phrase, in: "Docs/Motion.md")
    #expect(quoted.count == values.count)
    for (text, value) in zip(quoted, values) {
      #expect(
        Self.same(text, value),
        "Motion.md quotes \(text) in \"\(phrase)\"; the physics use \(value)")
    }
  }
}

import EffectProtocol
import Effects
import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import EffectHost

/// Every example scene in Configs/ loads, and each shows what Configs/README.md
/// says it shows.
@Suite struct ConfigsTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Configs")

  static let files: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  static func host(_ name: String) throws -> SceneHost {
    SceneHost(
      scene: try SceneLoader().load(contentsOf: directory.appendingPathComponent(name).path))
  }

  /// The transform of the view named `name` at `offset`, and its natural frame.
  static func view(_ name: String, in host: inout SceneHost, at offset: Double) throws -> (
    ViewTransform, Rect
  ) {
    host.evaluate(offset: offset)
    for (chainIndex, chain) in host.chains.enumerated() {
      for copy in 0..<chain.viewRange.count where chain.viewName(copy: copy) == name {
        return (
          host.transform(at: chain.viewRange.lowerBound + copy),
          host.naturalFrame(chain: chainIndex, copy: copy)
        )
      }
    }
    throw ConfigError(message: "no view named \(name)")
  }

  struct ConfigError: Error {
    var message: String
  }

  @Test("there are at least seven example scenes and each is documented in Configs/README.md")
  func documented() throws {
    #expect(Self.files.count >= 7)
    let readme = try String(
      contentsOf: Self.directory.appendingPathComponent("README.md"), encoding: .utf8)
    for file in Self.files {
      #expect(
        readme.contains("Configs/\(file) --offsets"), "\(file) has no eval command in the README")
    }
  }

  /// A scene that cannot scroll reaches its effects' offsets only by a pull
  /// past its end: on a screen, in `simulate` and in `preview` it shows none
  /// of what its README entry describes.
  @Test("every example scene's content is longer than its viewport", arguments: files)
  func scrolls(file: String) throws {
    #expect(try Self.scrollLength(file) > 0)
  }

  /// How far `file`'s content scrolls: its length and insets past the
  /// viewport's (a horizontal scene is held as its vertical twin).
  static func scrollLength(_ file: String) throws -> Double {
    let scene = try SceneLoader().load(contentsOf: directory.appendingPathComponent(file).path)
    return scene.contentHeight + scene.contentInsets.top + scene.contentInsets.bottom
      - scene.viewport.height
  }

  @Test("every example scene loads and evaluates to valid transforms", arguments: files)
  func loadsAndEvaluates(file: String) throws {
    var host = try Self.host(file)
    #expect(host.viewCount > 0)
    for offset in stride(from: -400.0, through: 3000, by: 3.5) {
      host.evaluate(offset: offset)
      host.withTransforms { views in
        for view in views {
          #expect(
            view.x.isFinite && view.y.isFinite && view.scaleX.isFinite && view.scaleY.isFinite)
          #expect(view.width >= 0 && view.height >= 0 && view.blur >= 0)
          #expect((0...1).contains(view.opacity))
        }
      }
    }
  }

  @Test("stretchy-header: pulled down 100 the header fills the gap; scrolled it leaves unchanged")
  func stretchyHeader() throws {
    var host = try Self.host("stretchy-header.json")
    var (header, natural) = try Self.view("header", in: &host, at: -100)
    #expect((header.y, header.height, header.y - natural.y) == (0, 400, -100))
    (header, natural) = try Self.view("header", in: &host, at: 150)
    #expect((header.y, header.height, header.y - natural.y) == (-150, 300, 0))
  }

  @Test("stretchy-footer: 50 past the bottom the footer stretches to the viewport's bottom edge")
  func stretchyFooter() throws {
    var host = try Self.host("stretchy-footer.json")
    #expect(host.scene.contentHeight == 1328)
    var (footer, _) = try Self.view("footer", in: &host, at: 484 + 50)
    #expect((footer.y, footer.height) == (1148 - 534, 230))
    #expect(footer.y + footer.height == 844)
    (footer, _) = try Self.view("footer", in: &host, at: 0)
    #expect((footer.y, footer.height) == (1148, 180))
  }

  @Test("sticky-sections: each header pinned until the next pushes it off")
  func stickySections() throws {
    var host = try Self.host("sticky-sections.json")
    for copy in 0..<8 {
      let (section, _) = try Self.view("section[\(copy)]", in: &host, at: 0)
      #expect(section.y == 47 + 292 * Double(copy))
      #expect(section.zIndex == 1)
    }
    // section[2]'s natural top: 47 + 584 - 600 = 31, above the line: held.
    var (section, _) = try Self.view("section[2]", in: &host, at: 600)
    #expect(section.y == 47)
    // section[1] is pushed up by section[2]'s natural top: 31 - 28.
    (section, _) = try Self.view("section[1]", in: &host, at: 600)
    #expect(section.y == 3)
  }

  @Test("article: chains placed after each other, the title pinned until the comments")
  func article() throws {
    var host = try Self.host("article.json")
    // 300 + 16; + 60 + 8; + 900; + 7 * 128 + 120 + 24.
    for (name, y) in [("title", 316.0), ("body", 384), ("comments[0]", 1284), ("footer", 2324)] {
      let (view, _) = try Self.view(name, in: &host, at: 0)
      #expect(view.y == y, "\(name)")
    }
    #expect(host.scene.contentHeight == 2324 + 80)
    let (title, _) = try Self.view("title", in: &host, at: 1254)
    // The comments' top at 1284 - 1254 = 30 holds the title's bottom.
    #expect(title.y == 30 - 60)
  }

  @Test("sticky-stretchy-header: the Stack Overflow first answer's worked numbers")
  func stickyStretchyHeader() throws {
    var host = try Self.host("sticky-stretchy-header.json")
    for (offset, height) in [(-50.0, 350.0), (120, 180), (400, 0)] {
      let (header, _) = try Self.view("header", in: &host, at: offset)
      #expect((header.y, header.height) == (0, height), "offset \(offset)")
    }
  }

  @Test("zoom-header: the picture keeps its frame and zooms from its top edge")
  func zoomHeader() throws {
    var host = try Self.host("zoom-header.json")
    let (picture, _) = try Self.view("picture", in: &host, at: -100)
    #expect((picture.y, picture.height, picture.anchorY) == (0, 280, 0))
    #expect(picture.scaleX == 380.0 / 280.0 && picture.scaleY == 380.0 / 280.0)
  }

  @Test("overlay-header: the viewport-attached image grows when pulled and moves up when scrolled")
  func overlayHeader() throws {
    var host = try Self.host("overlay-header.json")
    var (image, _) = try Self.view("image", in: &host, at: -100)
    #expect((image.y, image.height) == (0, 400))
    (image, _) = try Self.view("image", in: &host, at: 150)
    #expect((image.y, image.height) == (-150, 300))
    let (item, _) = try Self.view("item[0]", in: &host, at: 0)
    #expect(item.y == 47 + 253)
  }

  @Test("parallax-header: the hero scrolls at half speed under rows drawn above it")
  func parallaxHeader() throws {
    var host = try Self.host("parallax-header.json")
    let (hero, _) = try Self.view("hero", in: &host, at: 100)
    #expect((hero.y, hero.height, hero.zIndex) == (-50, 320, 0))
    let (row, _) = try Self.view("row[0]", in: &host, at: 100)
    #expect((row.y, row.zIndex) == (220, 1))
  }

  @Test(
    "collapsing-app-bar: the bar collapses to 96 points, its background fades and blurs, the title pins and shrinks"
  )
  func collapsingAppBar() throws {
    var host = try Self.host("collapsing-app-bar.json")
    var (background, _) = try Self.view("background", in: &host, at: 0)
    #expect(
      (background.y, background.height, background.opacity, background.blur) == (47, 200, 1, 0))
    (background, _) = try Self.view("background", in: &host, at: 104)
    #expect(
      (background.y, background.height, background.opacity, background.blur) == (47, 96, 0.35, 12))
    (background, _) = try Self.view("background", in: &host, at: 600)
    #expect((background.y, background.height) == (47, 96))
    var (title, _) = try Self.view("title", in: &host, at: 0)
    #expect((title.y, title.scaleX, title.zIndex) == (187, 1, 2))
    (title, _) = try Self.view("title", in: &host, at: 92)
    #expect((title.y, title.scaleX, title.scaleY) == (95, 0.6, 0.6))
    (title, _) = try Self.view("title", in: &host, at: 500)
    #expect(title.y == 95)
  }

  @Test("fade-in-list: a card entering at the bottom edge is faded and scaled by its view progress")
  func fadeInList() throws {
    var host = try Self.host("fade-in-list.json")
    let (card, _) = try Self.view("card[6]", in: &host, at: 0)
    #expect(card.y == 16 + 6 * 136)
    let progress = (844 - card.y) / (844 + 120)
    #expect(abs(card.opacity - progress / 0.15) < 1e-12)
    // scale = 0.85 + 0.15 y, with y CSS's ease-out (0, 0, 0.58, 1) at u =
    // progress / 0.15 = 0.0829876: x(t) = 1.74 t² (1 - t) + t³ = u at t =
    // 0.229920, y(t) = 3 t² - 2 t³ = 0.134281, so the scale is 0.870142.
    let easeOut = Easing.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    let scale = 0.85 + 0.15 * EasingReference.value(easeOut, at: progress / 0.15)
    #expect(abs(scale - 0.870142) < 5e-7)
    #expect(abs(card.scaleX - scale) < 1e-9)
    let (first, _) = try Self.view("card[0]", in: &host, at: 0)
    #expect((first.opacity, first.scaleX) == (1, 1))
  }

  @Test("tab-bar-feed: a card fades in over entry and out over exit, measured above the tab bar")
  func tabBarFeed() throws {
    var host = try Self.host("tab-bar-feed.json")
    // Card 6: content y 16 + 6 * 136 = 832, 120 tall; the inset viewport
    // ends at 844 - 49 = 795. Entry: its top at 795 (offset 37) to its
    // bottom at 795 (157); exit: its top at 0 (832) to its bottom at 0 (952).
    for (offset, opacity) in [
      (0.0, 0.0), (37, 0), (67, 0.25), (97, 0.5), (127, 0.75), (157, 1), (500, 1), (832, 1),
      (862, 0.75), (892, 0.5), (922, 0.25), (952, 0), (1000, 0),
    ] {
      let (card, _) = try Self.view("card[6]", in: &host, at: offset)
      #expect(card.y == 832 - offset)
      #expect(abs(card.opacity - opacity) < 1e-12, "offset \(offset): \(card.opacity)")
    }
  }

  @Test("stepped-title: the title's opacity steps through steps(4) over the first 120 points")
  func steppedTitle() throws {
    // Reached by scrolling, not only by a pull past the end.
    #expect(try Self.scrollLength("stepped-title.json") >= 120)
    var host = try Self.host("stepped-title.json")
    // steps(4), jump-end: floor(4 p) / 4 of the way from 1 to 0, p = offset / 120.
    for (offset, opacity) in [
      (-50.0, 1.0), (0, 1), (29.5, 1), (30, 0.75), (59.9, 0.75), (60, 0.5), (90, 0.25),
      (119.9, 0.25), (120, 0), (300, 0),
    ] {
      let (title, _) = try Self.view("title", in: &host, at: offset)
      #expect(title.opacity == opacity, "offset \(offset)")
    }
  }

  /// The last frame of `spec` on the scene `name`, at 120 fps.
  static func rest(_ spec: String, on name: String, physics: ScrollPhysics = .ios) throws
    -> MotionFrame
  {
    let scene = try SceneLoader().load(contentsOf: directory.appendingPathComponent(name).path)
    var last: MotionFrame?
    for frame in try MotionFrames(gesture: Gesture(parsing: spec), scene: scene, physics: physics) {
      last = frame
    }
    return try #require(last)
  }

  /// Every frame of `spec` on the scene `name`, at 120 fps.
  static func frames(_ spec: String, on name: String, physics: ScrollPhysics = .ios) throws
    -> [MotionFrame]
  {
    let scene = try SceneLoader().load(contentsOf: directory.appendingPathComponent(name).path)
    return Array(
      try MotionFrames(gesture: Gesture(parsing: spec), scene: scene, physics: physics))
  }

  @Test(
    "stretchy-header and pull-to-refresh: let go past the top, the spring leaves at the speed the band showed; the README's frames and overshoots"
  )
  func pullAndRelease() throws {
    // (scene, gesture, the drag's distance and milliseconds, the release frame,
    // the spring's peak and the resting frame worked out for the README).
    let cases: [(String, String, Double, Double, Int, Double, Int)] = [
      ("stretchy-header.json", "drag:-200:300,release", 200, 300, 36, -98.94, 115),
      ("stretchy-header.json", "drag:-2000:100,release", 2000, 100, 12, -493.10, 113),
      ("pull-to-refresh.json", "drag:-200:100,release", 200, 100, 12, -107.27, 94),
    ]
    for (name, spec, distance, ms, releaseFrame, worked, workedRest) in cases {
      let frames = try Self.frames(spec, on: name)
      // Released at -b(D), at the finger's speed times b'(D).
      let x0 = -MotionPhysicsTests.band(distance)
      let v0 = -distance / ms * 1000 * MotionPhysicsTests.slope(distance)
      let release = frames[releaseFrame]
      #expect(abs(release.offset - x0) < 1e-9 && abs(release.velocity - v0) < 1e-9, "\(spec)")
      let peak = MotionPhysicsTests.springPeak(x0: x0, v0: v0)
      #expect(abs(peak.x - worked) < 0.005, "\(spec): \(peak.x)")
      let lowest = try #require(frames.map(\.offset).min())
      #expect(lowest >= peak.x && lowest - peak.x < 0.2, "\(spec)")
      // At rest at the first frame within 0.5 points of 0, at most 10 points/s.
      var rest = releaseFrame
      while true {
        let s = MotionPhysicsTests.spring(
          x0: x0, v0: v0, t: Double(rest - releaseFrame) / 120)
        if abs(s.x) <= 0.5, abs(s.v) <= 10 { break }
        rest += 1
      }
      #expect(rest == workedRest, "\(spec)")
      #expect(frames.last?.index == rest && frames.last?.offset == 0, "\(spec)")
    }
    // The README's pull to refresh: the spring's first frame (13) is past 100,
    // its deepest frame the third (15).
    let x0 = -MotionPhysicsTests.band(200)
    let v0 = -2000 * MotionPhysicsTests.slope(200)
    let first = MotionPhysicsTests.spring(x0: x0, v0: v0, t: 1.0 / 120).x
    #expect(abs(first - -103.00) < 0.005)
    // The deepest frames the README quotes beside the peaks: the spring's
    // third frame after the pull to refresh's release (15), the first after
    // the stretchy header's (37); the drag's distance and milliseconds.
    for (name, spec, distance, ms, deepest, afterRelease, worked) in [
      ("pull-to-refresh.json", "drag:-200:100,release", 200.0, 100.0, 15, 3.0, -107.25),
      ("stretchy-header.json", "drag:-200:300,release", 200, 300, 37, 1, -98.80),
    ] {
      let spring = MotionPhysicsTests.spring(
        x0: -MotionPhysicsTests.band(distance),
        v0: -distance / ms * 1000 * MotionPhysicsTests.slope(distance), t: afterRelease / 120)
      let lowest = try #require(Self.frames(spec, on: name).min { $0.offset < $1.offset })
      #expect(lowest.index == deepest, "\(name)")
      #expect(abs(spring.x - worked) < 0.005 && abs(lowest.offset - worked) < 0.005, "\(name)")
    }
    #expect(abs(x0 - -97.32) < 0.005)
    #expect(abs(v0 - -861) < 0.5)
    // The band's slopes and the speeds the README quotes.
    #expect(abs(MotionPhysicsTests.slope(200) - 0.430) < 0.0005)
    #expect(abs(MotionPhysicsTests.slope(2000) - 0.104) < 0.0005)
    #expect(abs(200 / 0.3 * MotionPhysicsTests.slope(200) - 287) < 0.5)
    #expect(abs(20_000 * MotionPhysicsTests.slope(2000) - 2073) < 0.5)
    #expect(abs(MotionPhysicsTests.band(2000) - 477.57) < 0.005)
  }

  @Test("Configs/README.md quotes the simulate figures the tests above work out")
  func readmeMotionFigures() throws {
    let readme = try String(
      contentsOf: Self.directory.appendingPathComponent("README.md"), encoding: .utf8
    ).replacingOccurrences(of: "\n", with: " ")
    for phrase in [
      "b'(200) = 0.430", "header moving at 287", "peaks at -98.94 between two frames",
      "the deepest frame is 37, at -98.80", "rests at 0 at frame 115",
      "header at -477.57", "moving at 2,073 points/s (b'(2000) = 0.104)", "on to -493.10",
      "rests at 0 at frame 113", "is at rest at frame 455", "(offset 688) at frame 470",
      "(344, at frame 65)", "(P = 1498.5)", "card 9 (1548) and rests at frame 539",
      "(P = 1308.9) card 8 (1376) at frame 130", "card 1 at `y 219`", "the 861 points/s",
      "103.00 at frame 13", "peaks at 107.27", "the deepest frame is 15, at 107.25",
      "rests at frame 94",
    ] {
      let quoted = readme.contains(phrase)
      #expect(quoted, "Configs/README.md lacks \"\(phrase)\"")
    }
  }

  @Test(
    "paging-list: a release slows to its card, never faster than released (not 2,409 or 7,626 points/s), both physics"
  )
  func pagingListMotion() throws {
    let targets = (0...25).map { 172 * Double($0) } + [4385]
    let k = 1000 * log(0.998)
    let dExponent = log(0.78) / log(0.9)
    let vRef = 0.015 * 9.80665 * 39.37 * 160 * 0.84 / 0.35
    // (gesture, physics, release frame, offset and velocity, the card top and
    // the resting frame worked out for the README).
    let cases: [(String, ScrollPhysics, Int, Double, Double, Double, Int)] = [
      ("drag:200:200,release", .ios, 24, 200, 1000, 688, 470),
      ("fling:3000", .ios, 0, 0, 3000, 1548, 539),
      ("drag:200:200,release", .android, 24, 200, 1000, 344, 65),
      ("fling:3000", .android, 0, 0, 3000, 1376, 130),
    ]
    for (spec, physics, releaseFrame, o0, v0, card, workedRest) in cases {
      let label = "\(spec) \(physics)"
      let frames = try Self.frames(spec, on: "paging-list.json", physics: physics)
      let duration = dExponent * 0.35 * pow(v0 / vRef, 1 / (dExponent - 1))
      let p = physics == .ios ? o0 - v0 / k : o0 + v0 * duration / dExponent
      let nearest = targets.min { abs($0 - p) < abs($1 - p) }
      #expect(nearest == card, "\(label)")
      if spec == "fling:3000" { #expect(abs(p - (physics == .ios ? 1498.5 : 1308.9)) < 0.05) }
      // Ahead of the release: the bent curve. ios at rest below 0.5 points/s with
      // v(t) = v0 e^(-v0 t / (T - o0)); android at T' = D (T - o0) / v0.
      var rest = releaseFrame
      while true {
        let t = Double(rest - releaseFrame) / 120
        let done =
          physics == .ios
          ? v0 * exp(-v0 / (card - o0) * t) < 0.5 : t >= dExponent * (card - o0) / v0
        if done { break }
        rest += 1
      }
      #expect(rest == workedRest, "\(label)")
      #expect(frames.last?.index == rest && frames.last?.offset == card, "\(label)")
      #expect(frames.last?.phase == .idle)
      let after = frames[releaseFrame...]
      #expect(after.first?.offset == o0 && after.first?.velocity == v0, "\(label)")
      #expect(after.allSatisfy { abs($0.velocity) <= v0 }, "\(label)")
      let moving = after.dropLast()
      for (a, b) in zip(moving, moving.dropFirst()) {
        #expect(b.offset - a.offset >= 0 && b.offset - a.offset <= v0 / 120, "\(label)")
      }
    }
  }

  @Test(
    "snapping-app-bar: the collapsing app bar's frames, and a release near the bar's range rests expanded or collapsed"
  )
  func snappingAppBar() throws {
    let scene = try SceneLoader().load(
      contentsOf: Self.directory.appendingPathComponent("snapping-app-bar.json").path)
    #expect(scene.snap == ScrollSnap(points: .offsets([0, 104]), mode: .proximity, proximity: 52))
    var host = try Self.host("snapping-app-bar.json")
    let (background, _) = try Self.view("background", in: &host, at: 104)
    #expect(
      (background.y, background.height, background.opacity, background.blur) == (47, 96, 0.35, 12))
    // Released at 40 with 100 points/s: P = 40 - 100 / (1000 ln 0.998) = 89.95, within
    // 52 of 104. Released at 70 with -200 points/s: P = -29.9, within 52 of 0. Released
    // at 100 with 500 points/s: P = 349.75, near neither: no snap.
    let collapsed = try Self.rest("drag:40:400,release", on: "snapping-app-bar.json")
    #expect(collapsed.offset == 104)
    // 104 lies ahead of the release (frame 48): the curve bent to end there, v(t) =
    // 100 e^(-100 t / 64), at rest at the first frame below 0.5 points/s.
    let restTime = log(100 / 0.5) * 64 / 100
    #expect(abs(restTime - 3.39) < 0.005)
    #expect(collapsed.index == Int(((0.4 + restTime) * 120).rounded(.up)))
    #expect(collapsed.index == 455)
    #expect(
      try Self.rest("drag:80:100,hold:50,drag:-10:50,release", on: "snapping-app-bar.json").offset
        == 0)
    let free = try Self.rest("drag:100:200,release", on: "snapping-app-bar.json").offset
    #expect(abs(free - (100 + 500 / -(1000 * log(0.998)))) < 0.3)
  }

  @Test("paging-list: every card's top rests on the safe area's top; flings land on a card")
  func pagingList() throws {
    let scene = try SceneLoader().load(
      contentsOf: Self.directory.appendingPathComponent("paging-list.json").path)
    #expect(scene.snap == ScrollSnap(points: .chain("card", align: .start), mode: .mandatory))
    // C = 30 * 172 - 12 = 5148, maxOffset = 5148 + 47 + 34 - 844 = 4385.
    let targets = try #require(scene.snap).targets(in: scene)
    #expect(targets.offsets == (0...25).map { Double($0) * 172 } + [4385])
    var host = try Self.host("paging-list.json")
    let (card, _) = try Self.view("card[4]", in: &host, at: 688)
    #expect((card.y, card.opacity) == (47, 1))
    // Released at 200 with 1000 points/s: P = 699.5, nearest card top 688 (card 4).
    #expect(try Self.rest("drag:200:200,release", on: "paging-list.json").offset == 688)
    // Android: P = 200 + 194.3; nearest 344 (card 2).
    #expect(
      try Self.rest("drag:200:200,release", on: "paging-list.json", physics: .android).offset
        == 344)
    #expect(try Self.rest("fling:-20000", on: "paging-list.json").offset == 0)
  }

  @Test(
    "expression-title: the large title fades out and shrinks, the bar title fades in and slides up, by smoothstep"
  )
  func expressionTitle() throws {
    var host = try Self.host("expression-title.json")
    // smoothstep(e0, e1, x) = t * t * (3 - 2 t), t = (x - e0) / (e1 - e0) in 0...1.
    func smooth(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
      let t = min(max((x - e0) / (e1 - e0), 0), 1)
      return t * t * (3 - 2 * t)
    }
    for offset in [0.0, 19, 38, 57, 76, 95, 114, 133, 152, 300] {
      let (large, largeNatural) = try Self.view("largeTitle", in: &host, at: offset)
      let fade = smooth(0, 76, offset)
      #expect(abs(large.opacity - (1 - fade)) < 1e-12, "largeTitle opacity at \(offset)")
      #expect(abs(large.scaleX - (1 - 0.2 * fade)) < 1e-12 && large.scaleY == large.scaleX)
      #expect((large.anchorX, large.y, large.zIndex) == (0, largeNatural.y, 2))
      let (bar, _) = try Self.view("barTitle", in: &host, at: offset)
      let rise = smooth(76, 152, offset)
      #expect(abs(bar.opacity - rise) < 1e-12, "barTitle opacity at \(offset)")
      #expect(abs(bar.y - (47 + 12 * (1 - rise))) < 1e-12, "barTitle y at \(offset)")
    }
    // Worked numbers: halfway through each half, smoothstep is 0.5.
    let (large, _) = try Self.view("largeTitle", in: &host, at: 38)
    #expect((large.opacity, large.scaleX, large.y) == (0.5, 0.9, 47 + 170 - 38))
    let (bar, _) = try Self.view("barTitle", in: &host, at: 114)
    #expect((bar.opacity, bar.y) == (0.5, 53))
    let (header, _) = try Self.view("header", in: &host, at: 152)
    #expect((header.y, header.height) == (47, 88))
  }
  /// The events of `host`'s frames at `offsets`, as (offset, name, direction).
  static func events(_ host: inout SceneHost, at offsets: [Double]) -> [String] {
    var result: [String] = []
    for offset in offsets {
      host.evaluate(offset: offset)
      host.withEvents { events in
        for event in events {
          result.append(
            "\(offset) \(host.eventDeclaration(of: event).name) \(event.direction.rawValue) \(event.value)"
          )
        }
      }
    }
    return result
  }

  @Test("quick-return-header: the bar hides as the list scrolls up and returns as it scrolls down")
  func quickReturnHeader() throws {
    var host = try Self.host("quick-return-header.json")
    // h = clamp(h + delta, 0, 56); y = max(47 - o, 47 - h).
    for (offset, y) in [(0.0, 47.0), (100, -9), (300, -9), (260, 31), (250, 41), (200, 47)] {
      #expect(try Self.view("header", in: &host, at: offset).0.y == y, "offset \(offset)")
    }
  }

  @Test("pull-to-refresh: refresh fires once the pull reaches 100, not on the way back")
  func pullToRefresh() throws {
    var host = try Self.host("pull-to-refresh.json")
    #expect(
      Self.events(&host, at: [0, -50, -100, -150, -100, -50, 0, -120])
        == ["-100.0 refresh increasing 100.0", "-120.0 refresh increasing 120.0"])
  }

  @Test("app-bar-events: collapsed at offset 104 (height 96), expanded back at 200")
  func appBarEvents() throws {
    var host = try Self.host("app-bar-events.json")
    #expect(
      Self.events(&host, at: [0, 50, 104, 120, 60, 0, -20])
        == ["104.0 collapsed decreasing 96.0", "0.0 expanded increasing 200.0"])
  }
}

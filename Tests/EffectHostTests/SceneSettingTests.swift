import EffectHost
import EffectProtocol
import ScrollEffectsTestSupport
import Testing

/// `SceneSetting`: read from `KEY=VALUE`, set in a scene file's JSON as if
/// the file said it, and set on a live host, which then gives bit for bit
/// the frames of a host built from the file edited the same way.
@Suite struct SceneSettingTests {
  @Test("keys read as --set spells them, a chain name with dots included")
  func parsing() throws {
    let cases: [(String, SceneSetting.Key, Double)] = [
      ("viewport.width=320", .viewportWidth, 320),
      ("viewport.height=1e3", .viewportHeight, 1000),
      ("contentInsets.left=59", .contentInsetLeft, 59),
      ("contentHeight=0", .contentHeight, 0),
      ("contentWidth=10", .contentWidth, 10),
      ("header.frame.y=-0.5", .frameY(chain: "header"), -0.5),
      ("my.header.frame.width=100", .frameWidth(chain: "my.header"), 100),
      ("row.repeat.count=12", .repeatCount(chain: "row"), 12),
    ]
    for (text, key, value) in cases {
      let setting = try SceneSetting(parsing: text)
      #expect(setting == SceneSetting(key: key, value: value), "\(text)")
      #expect(setting.key.description == String(text.prefix { $0 != "=" }))
    }
    // A chain's name may hold '=' (only '[' and ']' are kept out): the key
    // ends at the first '=' that leaves a key before it.
    #expect(
      try SceneSetting(parsing: "a=b.repeat.spacing=4")
        == SceneSetting(key: .repeatSpacing(chain: "a=b"), value: 4))
    #expect(
      try SceneSetting(parsing: "=.frame.y=-2") == SceneSetting(key: .frameY(chain: "="), value: -2)
    )
    #expect(
      try SceneSetting(parsing: "a==b.frame.x=1e1")
        == SceneSetting(key: .frameX(chain: "a==b"), value: 10))
    // A key and a value that is no number: refused as the first '=' splits
    // it, the value named as written; a key of none of the forms likewise.
    #expect(throws: SceneSettingError.notANumber(key: "header.frame.y", found: "5=6")) {
      try SceneSetting(parsing: "header.frame.y=5=6")
    }
    do {
      let setting = try SceneSetting(parsing: "a=b.repeat.spacin=4")
      Issue.record("a=b.repeat.spacin=4 read as \(setting)")
    } catch {
      guard case .unknownKey("a", _) = error else {
        Issue.record("a=b.repeat.spacin=4: \(error)")
        return
      }
    }
    for value in ["+1", ".5", "1.", "0x10", "nan", "inf", " 1", "1 ", "", "01"] {
      #expect(
        throws: SceneSettingError.notANumber(key: "contentHeight", found: value),
        "\(value)"
      ) { try SceneSetting(parsing: "contentHeight=" + value) }
    }
  }

  static let scene = #"""
    {"chains": [
      {"name": "header", "frame": {"height": 300}, "effects": [{"type": "stretch"}]},
      {"name": "section", "after": "header", "frame": {"height": 40}, "repeat": {"count": 3, "spacing": 200},
       "effects": [{"type": "pin", "until": "next"}]},
      {"name": "bar", "frame": {"height": 60}, "attachment": "viewport",
       "effects": [{"type": "interpolate", "property": "opacity", "input": "offset",
                    "stops": [[0, 0], [200, 1]]}]},
      {"name": "badge", "frame": {"x": 20, "y": 10, "width": 40, "height": 20}}]}
    """#

  /// Every key but `contentWidth`, with a value the scene takes.
  static let settings = [
    "viewport.width=320", "viewport.height=700", "contentInsets.top=47", "contentInsets.bottom=34",
    "contentInsets.left=59", "contentInsets.right=59", "contentHeight=5000",
    "header.frame.height=420", "header.frame.x=5", "header.frame.width=300", "section.frame.y=16",
    "section.repeat.count=5", "section.repeat.spacing=120", "badge.repeat.count=3",
    "bar.frame.y=20", "badge.frame.height=25",
  ]

  @Test(
    "a setting on a live host gives the frames of a host of the file edited the same way",
    arguments: settings)
  func liveHostIsTheEditedFile(text: String) throws {
    let setting = try SceneSetting(parsing: text)
    let loader = SceneLoader()
    let original = try JSONParser.parse(Self.scene)
    var edited = original
    try setting.apply(to: &edited)
    var host = SceneHost(scene: try loader.scene(from: original).get())
    let offsets: [Double] = [-100, 0, 150, 420, 900]
    host.evaluate(offset: offsets[0])
    try setting.apply(to: &host)
    Self.expectSameFrames(
      &host, SceneHost(scene: try loader.scene(from: edited).get()), at: offsets, text)
  }

  /// Evaluates `host` and `fresh` at each of `offsets` and expects the same
  /// views, bit for bit.
  static func expectSameFrames(
    _ host: inout SceneHost, _ fresh: SceneHost, at offsets: [Double], _ label: String
  ) {
    var fresh = fresh
    #expect(host.viewCount == fresh.viewCount, "\(label)")
    for offset in offsets {
      host.evaluate(offset: offset)
      fresh.evaluate(offset: offset)
      for index in 0..<min(host.viewCount, fresh.viewCount) {
        #expect(
          host.transform(at: index).isBitwiseEqual(to: fresh.transform(at: index)),
          "\(label), offset \(offset), view \(index)")
      }
    }
  }

  @Test("a host changed to the scene every setting leaves gives that scene's frames")
  func changeLayoutToScene() throws {
    let loader = SceneLoader()
    var document = try JSONParser.parse(Self.scene)
    var host = SceneHost(scene: try loader.scene(from: document).get())
    host.evaluate(offset: 300)
    for text in Self.settings {
      try SceneSetting(parsing: text).apply(to: &document)
    }
    let changed = try loader.scene(from: document).get()
    host.changeLayout(to: changed)
    Self.expectSameFrames(&host, SceneHost(scene: changed), at: [-50, 0, 333, 1200], "all")
  }

  @Test(
    "3,000 settings on 3,000 chains: each chain as its own setting left it, the rest as they were")
  func manySettings() throws {
    let count = 3000
    let chains = (0..<count).map {
      #"{"name": "c\#($0)", "frame": {"y": \#($0 * 10), "height": 10}}"#
    }
    var document = try JSONParser.parse(#"{"chains": ["# + chains.joined(separator: ",") + "]}")
    // Every other chain is set to a height of its own, the last first.
    for index in stride(from: count - 1, through: 0, by: -2) {
      try SceneSetting(parsing: "c\(index).frame.height=\(index % 7 + 1)").apply(to: &document)
    }
    let scene = try SceneLoader().scene(from: document).get()
    for index in 0..<count {
      #expect(scene.chains[index].frame.height == (index % 2 == 1 ? Double(index % 7 + 1) : 10))
      #expect(scene.chains[index].frame.y == Double(index * 10))
    }
  }

  @Test("header.frame.height=420 moves the chain placed after it by 120")
  func afterFollows() throws {
    var document = try JSONParser.parse(Self.scene)
    try SceneSetting(parsing: "header.frame.height=420").apply(to: &document)
    let scene = try SceneLoader().scene(from: document).get()
    // section is `after` header with a gap of 0: its top at header's bottom.
    #expect(scene.layout.frames[1].y == 420)
    var host = SceneHost(scene: try SceneLoader().scene(from: Self.scene.json).get())
    try SceneSetting(parsing: "header.frame.height=420").apply(to: &host)
    #expect(host.chains[1].frame.y == 420)
  }

  /// Settings a live host refuses, each with its error; the host is left
  /// as it was.
  static let refusals: [(String, SceneSettingError)] = [
    (
      "viewport.width=0",
      .refused(
        setting: "viewport.width=0", expected: "a number greater than 0 (at most 1e9)", found: 0)
    ),
    (
      "contentInsets.top=-1",
      .refused(setting: "contentInsets.top=-1", expected: "a number from 0 to 1e9", found: -1)
    ),
    (
      "header.frame.y=2e9",
      .refused(
        setting: "header.frame.y=2000000000", expected: "a number from -1e9 to 1e9", found: 2e9)
    ),
    (
      "section.repeat.count=2.5",
      .refused(
        setting: "section.repeat.count=2.5", expected: "a whole number from 0 to 1000000",
        found: 2.5)
    ),
    (
      "contentWidth=500",
      .refused(
        setting: "contentWidth=500",
        expected: "contentHeight (a vertical scene has no contentWidth)", found: 500)
    ),
    ("header.repeat.spacing=4", .notRepeated(setting: "header.repeat.spacing=4", chain: "header")),
    (
      "heder.frame.y=4",
      .unknownChain(
        "heder", suggestion: "header", chains: ["header", "section", "bar", "badge"])
    ),
  ]

  @Test("a value the host cannot take is refused and changes nothing", arguments: refusals)
  func refusal(text: String, error: SceneSettingError) throws {
    var host = SceneHost(scene: try SceneLoader().scene(from: Self.scene.json).get())
    host.evaluate(offset: 150)
    let before = (0..<host.viewCount).map { host.transform(at: $0) }
    #expect(throws: error) { try SceneSetting(parsing: text).apply(to: &host) }
    #expect(error.isUsageError == text.hasPrefix("heder"))
    host.evaluate(offset: 150)
    #expect((0..<host.viewCount).map { host.transform(at: $0) } == before)
    #expect(host.scene.viewport == Size.phone)
  }

  @Test("a JSON path for every key, objects the file leaves out added")
  func jsonPaths() throws {
    var document = try JSONParser.parse(#"{"chains": [{"name": "a", "frame": {"height": 1}}]}"#)
    let paths = try ["viewport.width=2", "contentInsets.top=3", "a.repeat.count=4"].map {
      try SceneSetting(parsing: $0).apply(to: &document)
    }
    #expect(
      paths.map(\.description) == ["viewport.width", "contentInsets.top", "chains[0].repeat.count"])
    #expect(
      document
        == (try JSONParser.parse(
          #"{"chains": [{"name": "a", "frame": {"height": 1}, "repeat": {"count": 4}}], "#
            + #""viewport": {"width": 2}, "contentInsets": {"top": 3}}"#)))
    // A value on the way that is not an object is left for the loader.
    var odd = try JSONParser.parse(#"{"viewport": 5, "chains": []}"#)
    try SceneSetting(parsing: "viewport.width=2").apply(to: &odd)
    #expect(odd == (try JSONParser.parse(#"{"viewport": 5, "chains": []}"#)))
  }
}

extension String {
  /// The JSON value of this text.
  fileprivate var json: JSONValue {
    get throws { try JSONParser.parse(self) }
  }
}

extension SceneSettingTests {
  @Test("a horizontal host refuses contentHeight and takes contentWidth")
  func horizontalContentLength() throws {
    let horizontal = #"""
      {"axis": "horizontal", "chains": [{"name": "card", "frame": {"width": 200},
        "repeat": {"count": 3, "spacing": 10}}]}
      """#
    var host = SceneHost(scene: try SceneLoader().scene(from: horizontal.json).get())
    host.evaluate(offset: 40)
    let before = (0..<host.viewCount).map { host.transform(at: $0) }
    #expect(
      throws: SceneSettingError.refused(
        setting: "contentHeight=500",
        expected: "contentWidth (a horizontal scene has no contentHeight)", found: 500)
    ) { try SceneSetting(parsing: "contentHeight=500").apply(to: &host) }
    host.evaluate(offset: 40)
    #expect((0..<host.viewCount).map { host.transform(at: $0) } == before)
    // Its own key, contentWidth, is taken: 3 cards of 200 and 2 gaps of 10
    // are 620 points; at 5000 the content scrolls 5000 - 390 points.
    try SceneSetting(parsing: "contentWidth=5000").apply(to: &host)
    host.evaluate(offset: 40)
    #expect(host.scene.geometry(offset: 0).maxOffset == 5000 - 390)
  }

  @Test("no copies of the chain whose copies are the snap targets: refused live as in the file")
  func snapChainKeepsACopy() throws {
    let text = try String(
      contentsOf: ConfigsTests.directory.appendingPathComponent("carousel-rtl.json"),
      encoding: .utf8)
    var document = try JSONParser.parse(text)
    let setting = try SceneSetting(parsing: "card.repeat.count=0")
    try setting.apply(to: &document)
    // The file is refused...
    guard case .failure = SceneLoader().scene(from: document) else {
      Issue.record("a snap chain of no copies was loaded")
      return
    }
    // ...and the live host too, unchanged.
    var host = SceneHost(scene: try SceneLoader().scene(from: JSONParser.parse(text)).get())
    let count = host.viewCount
    #expect(
      throws: SceneSettingError.refused(
        setting: "card.repeat.count=0",
        expected:
          #"a count of 1 or more: snap.chain names "card", whose copies are the snap targets"#,
        found: 0)
    ) { try setting.apply(to: &host) }
    #expect(host.viewCount == count)
  }
}

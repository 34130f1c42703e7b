import EffectHost
import EffectProtocol
import Foundation

/// Checks `effectctl export --swift` against the host: many scenes exported
/// into one program, built by `swiftc` (Swift 6 language mode, `-O` unless
/// told otherwise), run, and each frame's values compared with the host's,
/// as bits.
///
/// The program prints one FNV-1a hash a frame of every column of every view
/// (or of the views `evaluate(offset:visibleOnly:)` evaluated) and of the
/// frame's events; the host's frames are hashed the same way here. A
/// frame whose hashes differ names its scene and offset. Between frames the
/// program keeps, in turn, the columns a reader read or a copy of the whole
/// struct: a frame that changes what was kept (a column written without
/// being made unique) differs too.
public struct ExportedSceneCheck {
  /// One scene to export and the offsets to evaluate it at, in order.
  public struct Case {
    public var name: String
    public var scene: Scene
    public var reducesMotion: Bool
    public var offsets: [Double]

    public init(name: String, scene: Scene, reducesMotion: Bool = false, offsets: [Double]) {
      self.name = name
      self.scene = scene
      self.reducesMotion = reducesMotion
      self.offsets = offsets
    }
  }

  /// What went wrong, if anything.
  public struct Outcome {
    /// `swiftc`'s warnings and errors, empty for a clean build.
    public var compilerOutput: String
    /// The frames that differ: scene, pass and offset.
    public var differences: [String]
    /// The frames compared.
    public var frames: Int
  }

  public var cases: [Case]
  /// `swiftc`'s optimisation flag: `-O`, what users build exports with, or
  /// `-Onone`, which builds in under half the time and checks the same
  /// source, warnings and values without the optimiser's rewrites.
  public var optimization: String

  public init(cases: [Case], optimization: String = "-O") {
    self.cases = cases
    self.optimization = optimization
  }

  /// `count` offsets for `scene`: a sweep from 300 above the top to 300
  /// past the bottom, then random ones (on the half-point grid) in any
  /// order, so that stateful effects and events see the scroll turn back.
  public static func offsets(for scene: Scene, count: Int = 100, seed: UInt64) -> [Double] {
    let maxOffset = scene.geometry(offset: 0).maxOffset
    let sweep = count * 3 / 5
    var offsets = (0..<sweep).map { index in
      ((-300 + (maxOffset + 600) * Double(index) / Double(max(1, sweep - 1))) * 2).rounded() / 2
    }
    var random = SplitMix64(seed: seed)
    while offsets.count < count {
      offsets.append((Double(random.int(0..<Int(2 * (maxOffset + 800)))) / 2) - 400)
    }
    return offsets
  }

  /// Exports every case, builds and runs the program in `directory`, and
  /// compares its frames with the host's.
  public func run(in directory: URL) throws -> Outcome {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var files: [String] = []
    var main = Self.mainPrelude
    var expected: [String] = []
    var labels: [String] = []
    for (index, check) in cases.enumerated() {
      let host = SceneHost(scene: check.scene, reducesMotion: check.reducesMotion)
      let typeName = "Export\(index)"
      let source = try SwiftExport(typeName: typeName, sourceName: check.name).source(of: host)
      let file = directory.appendingPathComponent("\(typeName).swift")
      try source.write(to: file, atomically: true, encoding: .utf8)
      files.append(file.path)
      let windowed = source.contains("func evaluate(offset: Double, visibleOnly: Bool)")
      main += "extension \(typeName): Exported {\n"
      main += "  var columns: [[Double]] { [\(Self.columnList)] }\n"
      main += "  var eventWords: [UInt64] { events.flatMap { words($0.row, $0.name, "
      main += "$0.direction == .increasing, $0.value) } }\n"
      if windowed {
        main += "  mutating func evaluateVisible(offset: Double) -> [Range<Int>] {\n"
        main += "    evaluate(offset: offset, visibleOnly: true)\n"
        main += "    return evaluatedRows\n  }\n"
        main += "  mutating func evaluateAll(offset: Double) -> [Range<Int>] {\n"
        main += "    evaluate(offset: offset)\n"
        main += "    return evaluatedRows\n  }\n"
      }
      main += "}\n"
      let offsets = check.offsets.map { "\($0)" }.joined(separator: ", ")
      main += "run(\(typeName).self, [\(offsets)], visible: \(windowed))\n"
      var full = host
      for offset in check.offsets {
        full.evaluate(offset: offset)
        expected.append(String(Self.hash(full, visible: false)))
        labels.append("\(check.name) at offset \(offset)")
      }
      if windowed {
        var visible = host
        for offset in check.offsets {
          visible.evaluate(offset: offset, visibleOnly: true)
          expected.append(String(Self.hash(visible, visible: true)))
          labels.append("\(check.name) at offset \(offset), visible only")
        }
        // A full frame after them: every row evaluated, and said to be.
        if let last = check.offsets.last {
          visible.evaluate(offset: last)
          expected.append(String(Self.hash(visible, visible: true)))
          labels.append("\(check.name) at offset \(last), a full frame after visible ones")
        }
      }
    }
    let mainFile = directory.appendingPathComponent("main.swift")
    try main.write(to: mainFile, atomically: true, encoding: .utf8)
    let program = directory.appendingPathComponent("export-check").path
    let build = try Self.execute(
      "/usr/bin/env",
      ["swiftc", optimization, "-swift-version", "6", "-module-name", "ExportCheck", "-o", program]
        + [mainFile.path] + files)
    guard build.status == 0 else {
      return Outcome(compilerOutput: build.output, differences: ["the build failed"], frames: 0)
    }
    let ran = try Self.execute(program, [])
    let printed = ran.output.split(separator: "\n").map(String.init)
    var differences: [String] = []
    if ran.status != 0 { differences.append("the program exited \(ran.status)") }
    for (index, label) in labels.enumerated() {
      let actual = index < printed.count ? printed[index] : "nothing"
      if actual != expected[index] {
        differences.append(label)
        // The first few tell enough.
        if differences.count == 20 { break }
      }
    }
    return Outcome(
      compilerOutput: build.output, differences: differences, frames: expected.count)
  }

  static let columnList = TransformColumn.allCases.map(\.rawValue).joined(separator: ", ")

  /// The hash of a frame of `host`: every column of the views it evaluated
  /// (every view, or each chain's visible range), then the frame's events.
  static func hash(_ host: SceneHost, visible: Bool) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ word: UInt64) { hash = (hash ^ word) &* 0x100_0000_01b3 }
    for (chainIndex, chain) in host.chains.enumerated() {
      let copies = visible ? host.visibleRange(ofChain: chainIndex) : 0..<chain.viewRange.count
      for copy in copies {
        let transform = host.transform(at: chain.viewRange.lowerBound + copy)
        // The origin of the translations as `eval` prints them: a
        // right-to-left scene's translateX moves the leading (right) edge.
        let natural = host.screenMapping.translationOrigin(
          of: transform, natural: host.naturalFrame(chain: chainIndex, copy: copy))
        for column in TransformColumn.allCases {
          add(column.value(of: transform, naturalX: natural.x, naturalY: natural.y).bitPattern)
        }
      }
    }
    for event in host.eventsOfLastFrame {
      let row = host.chains[event.chain].viewRange.lowerBound + event.copy
      add(UInt64(row))
      for byte in host.eventDeclaration(of: event).name.utf8 { add(UInt64(byte)) }
      add(event.direction == .increasing ? 1 : 2)
      add(event.value.bitPattern)
    }
    return hash
  }

  /// The program's own code: the same hash over an export's columns.
  static let mainPrelude = """
    protocol Exported {
      init()
      mutating func evaluate(offset: Double)
      var columns: [[Double]] { get }
      var eventWords: [UInt64] { get }
      mutating func evaluateVisible(offset: Double) -> [Range<Int>]
      mutating func evaluateAll(offset: Double) -> [Range<Int>]
    }

    extension Exported {
      mutating func evaluateVisible(offset: Double) -> [Range<Int>] { [] }
      mutating func evaluateAll(offset: Double) -> [Range<Int>] { [] }
    }

    func words(_ row: Int, _ name: String, _ increasing: Bool, _ value: Double) -> [UInt64] {
      [UInt64(row)] + name.utf8.map { UInt64($0) } + [increasing ? 1 : 2, value.bitPattern]
    }

    func hash(_ columns: [[Double]], rows: [Range<Int>], events: [UInt64]) -> UInt64 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for range in rows {
        for row in range {
          for column in columns { hash = (hash ^ column[row].bitPattern) &* 0x100_0000_01b3 }
        }
      }
      for word in events { hash = (hash ^ word) &* 0x100_0000_01b3 }
      return hash
    }

    // A frame's line is its hash, or a note when what a reader kept of the
    // frame before changed: every third frame keeps the columns, the next a
    // copy of the whole struct, the third nothing (its columns unshared).
    func run<Scene: Exported>(_: Scene.Type, _ offsets: [Double], visible: Bool) {
      var scene = Scene()
      var keptColumns: [[Double]] = []
      var keptScene: Scene? = nil
      var keptHash: UInt64 = 0
      for (index, offset) in offsets.enumerated() {
        scene.evaluate(offset: offset)
        let columns = scene.columns
        let rows = [0..<columns[0].count]
        let frame = hash(columns, rows: rows, events: scene.eventWords)
        let keptChanged =
          (!keptColumns.isEmpty && hash(keptColumns, rows: rows, events: []) != keptHash)
          || keptScene.map { hash($0.columns, rows: rows, events: []) != keptHash } ?? false
        print(keptChanged ? "a copy kept from the frame before changed" : String(frame))
        keptColumns = index % 3 == 0 ? columns : []
        keptScene = index % 3 == 1 ? scene : nil
        keptHash = hash(columns, rows: rows, events: [])
      }
      guard visible else { return }
      var windowed = Scene()
      for offset in offsets {
        let rows = windowed.evaluateVisible(offset: offset)
        print(hash(windowed.columns, rows: rows, events: windowed.eventWords))
      }
      if let last = offsets.last {
        let rows = windowed.evaluateAll(offset: last)
        print(hash(windowed.columns, rows: rows, events: windowed.eventWords))
      }
    }


    """

  /// Runs `executable` with `arguments`: its standard output and error, and
  /// its exit status.
  static func execute(_ executable: String, _ arguments: [String]) throws -> (
    output: String, status: Int32
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    // One pipe for both: read to its end before waiting, as a full pipe
    // would stop the child.
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    return (text, process.terminationStatus)
  }
}

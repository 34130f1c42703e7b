import EffectCommandLine
import EffectHost
import Testing

/// `Simulation.text()` and `eventsText()`, the library's way to get a
/// short simulation's rows as a string: the bytes `write(to:)` and
/// `writeEvents(to:)` hand over, however small the chunks.
@Suite struct SimulationTextTests {
  /// A bar at y 100 on content 2000 high, with an event where the offset
  /// crosses 12.
  static let scene = #"""
    {"contentHeight": 2000, "chains": [{"name": "bar", "frame": {"y": 100, "height": 50},
      "events": [{"name": "past", "crosses": 12}]}]}
    """#

  /// A simulation of a 40-point drag over 100 ms at 120 frames a second,
  /// handing over `chunkSize` bytes at a time.
  static func simulation(chunkSize: Int) throws -> Simulation {
    let scene = try SceneLoader().load(json: Self.scene)
    let frames = try MotionFrames(
      gesture: Gesture(parsing: "drag:40:100"), scene: scene, physics: .ios, fps: 120)
    var simulation = Simulation(host: SceneHost(scene: scene), frames: frames, format: .csv)
    simulation.chunkSize = chunkSize
    return simulation
  }

  /// The rows of the text `whole` gives of a simulation, split into cells;
  /// expects `write` to hand over the same bytes from a simulation of
  /// chunks of 7 bytes, in more than `least` chunks.
  static func texts(
    _ whole: (inout Simulation) -> String,
    _ write: (inout Simulation, (UnsafeRawBufferPointer) -> Void) -> Void, chunks least: Int
  ) throws -> [[String]] {
    var simulation = try Self.simulation(chunkSize: 1 << 18)
    let text = whole(&simulation)
    var small = try Self.simulation(chunkSize: 7)
    var bytes: [UInt8] = []
    var chunks = 0
    write(&small) { chunk in
      bytes.append(contentsOf: chunk)
      chunks += 1
    }
    #expect(String(decoding: bytes, as: UTF8.self) == text)
    #expect(chunks > least)
    return text.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
  }

  @Test("text() is the rows write(to:) hands over in chunks of 7 bytes, and the frames worked out")
  func text() throws {
    let lines = try Self.texts({ $0.text() }, { $0.write(to: $1) }, chunks: 20)
    // Frames 0 to 12 are the drag's: it moves the offset 40 / 12 a frame,
    // within the content (maxOffset 2000 - 844), so the bar's y is
    // 100 - 40 n / 12. The content moves on after it, the finger lifted.
    #expect(lines.count > 14)
    #expect(lines.first?[0...6] == ["frame", "time", "phase", "offset", "chain", "x", "y"])
    for (frame, cells) in lines.dropFirst().prefix(13).enumerated() {
      let offset = 40 * Double(frame) / 12
      #expect(cells[0] == String(frame))
      #expect(abs((Double(cells[3]) ?? .nan) - offset) < 1e-9, "frame \(frame)")
      #expect(abs((Double(cells[6]) ?? .nan) - (100 - offset)) < 1e-9, "frame \(frame)")
    }
  }

  @Test("eventsText() is the rows writeEvents(to:) hands over: the crossing of 12 at frame 4")
  func eventsText() throws {
    let lines = try Self.texts({ $0.eventsText() }, { $0.writeEvents(to: $1) }, chunks: 0)
    // Frame 3 is at 10, frame 4 at 13.33: the offset passes 12 going up.
    #expect(lines.count == 2)
    #expect(
      lines.first == ["frame", "time", "phase", "offset", "chain", "event", "direction", "value"])
    let cells = lines.last ?? []
    #expect(cells.count == 8)
    #expect(cells.first == "4")
    #expect(Array(cells.dropFirst(4).prefix(3)) == ["bar", "past", "increasing"])
    #expect(abs((Double(cells.last ?? "") ?? .nan) - 40 * 4 / 12) < 1e-9)
  }
}

import Foundation
import Testing

@Suite struct BenchCommandTests {
  /// The sum of every column of both views of `Configs/stretchy-header.json` at `offset`,
  /// in closed form. Each view's constant columns add 0 + 1 + 1 + 0.5 + 0.5 + 1 + 0 + 0 + 0
  /// + 0 = 4 (translateX, scales, anchors, opacity, blur, rotation, zIndex) and width 390.
  /// Pulled down (offset o < 0): the header's y 0, height 300 - o and translateY o give
  /// 0 + 390 + 300 - o + o + 4 = 694; the body's y 300 - o, height 1700, translateY 0 give
  /// 2394 - o; in all 3088 - o. Scrolled (o >= 0): the header's y -o, height 300 give
  /// 694 - o, the body 2394 - o; in all 3088 - 2o.
  static func frameTotal(_ offset: Int) -> Int {
    offset < 0 ? 3088 - offset : 3088 - 2 * offset
  }

  /// The checksum of `frames` frames cycling through -100...300, frame `i` at -100 + i % 401.
  static func checksum(frames: Int) -> Int {
    let offsets = Array(-100...300)
    return (0..<frames).reduce(0) { sum, frame in
      sum + frameTotal(offsets[frame % offsets.count])
    }
  }

  @Test("prints frames, views, time, time per frame and the checksum of the frames' columns")
  func bench() throws {
    let output = try Effectctl.run([
      "bench", Effectctl.stretchyHeader, "--frames", "1000", "--offsets", "-100:300",
    ])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    let lines = output.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    #expect(lines[0] == "frames:    1000")
    #expect(lines[1] == "views:     2")
    #expect(lines[2].hasPrefix("time:      ") && lines[2].hasSuffix(" s"))
    #expect(lines[3].hasPrefix("per frame: ") && lines[3].hasSuffix(" ns"))
    // 1000 frames = 2 * 401 + 198: twice through -100...300, then -100...97. A whole pass
    // sums 100 * 3088 + (1 + ... + 100) = 313,850 below 0 and 301 * 3088 - 2 * (0 + ... +
    // 300) = 839,188 from 0, 1,153,038; -100...97 sums 313,850 + 98 * 3088 - 2 * (0 + ...
    // + 97) = 606,968. 2 * 1,153,038 + 606,968 = 2,913,044, as Docs/CommandLine.md prints.
    #expect(Self.checksum(frames: 401) == 1_153_038)
    #expect(Self.checksum(frames: 1000) == 2_913_044)
    #expect(lines[4] == "checksum:  \(Self.checksum(frames: 1000))")
  }

  @Test("the offsets default to -100:300")
  func defaultOffsets() throws {
    let output = try Effectctl.run(["bench", Effectctl.stretchyHeader, "--frames=401"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    // One pass over -100...300: 1,153,038 (see `bench`).
    #expect(output.stdout.hasSuffix("\nchecksum:  \(Self.checksum(frames: 401))\n"))
  }

  @Test("an invalid scene: status 65")
  func invalid() throws {
    let output = try Effectctl.run(["bench", "-", "--frames", "1"], input: "[]")
    #expect(output.status == 65)
    #expect(output.stdout == "")
    // FILE: PATH: expected ..., found ...; the path of the document itself is `top level`.
    #expect(
      output.stderr == "error: <stdin>: top level: expected a scene object, found an empty array\n"
    )
  }
}

import EffectCommandLine
import EffectHost
import EffectProtocol
import Effects
import Foundation
import Testing

@Suite struct BenchCommandTests {
  @Test("prints frames, views, time, time per frame and the library's checksum")
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
    var host = SceneHost(scene: try SceneLoader().load(contentsOf: Effectctl.stretchyHeader))
    let checksum = Benchmark.checksum(
      host: &host, offsets: try OffsetSpec(parsing: "-100:300"), frames: 1000)
    #expect(lines[4] == "checksum:  \(MessageText.number(checksum))")
  }

  @Test("the offsets default to -100:300")
  func defaultOffsets() throws {
    let output = try Effectctl.run(["bench", Effectctl.stretchyHeader, "--frames=401"])
    var host = SceneHost(scene: try SceneLoader().load(contentsOf: Effectctl.stretchyHeader))
    let checksum = Benchmark.checksum(
      host: &host, offsets: try OffsetSpec(parsing: "-100:300"), frames: 401)
    #expect(output.status == 0)
    #expect(output.stdout.hasSuffix("checksum:  \(MessageText.number(checksum))\n"))
  }

  @Test("an invalid scene: status 65")
  func invalid() throws {
    let output = try Effectctl.run(["bench", "-", "--frames", "1"], input: "[]")
    #expect(output.status == 65)
    #expect(output.stdout == "")
    #expect(output.stderr.hasPrefix("error: <stdin>: "))
  }
}

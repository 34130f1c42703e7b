import Foundation
import ScrollEffectsTestSupport
import Testing

/// The built `effectctl simulate`: exit codes, messages and rows as a user
/// sees them, and flat memory for the longest gesture.
@Suite struct SimulateCommandTests {
  let scene = Effectctl.stretchyHeader

  @Test("csv: the exact header, frame n at n / 120, the pull's release frame at -b(200)")
  func csv() throws {
    let output = try Effectctl.run(
      [
        "simulate", scene, "--gesture", "drag:-200:300,release", "--format", "csv", "--chain",
        "header",
      ])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    let lines = output.stdout.split(separator: "\n")
    #expect(
      lines.first
        == "frame,time,phase,offset,chain,x,y,width,height,translateX,translateY,scaleX,scaleY,anchorX,anchorY,opacity,blur,rotation,zIndex"
    )
    let rows = lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
    for (n, row) in rows.enumerated() {
      #expect(row[0] == String(n))
      #expect(Double(row[1]) == Double(n) / 120)
    }
    let b = 200 * 0.55 * 844 / (844 + 0.55 * 200)
    #expect(rows[36][2] == "decelerating")
    #expect(abs((Double(rows[36][3]) ?? 0) + b) < 1e-9)
    #expect(rows.last?[2] == "idle")
    #expect(rows.last?[3] == "0")
  }

  @Test(
    "--events: pull to refresh fires refresh once, at frame 13, when the release carries the pull past 100"
  )
  func events() throws {
    let config = Effectctl.root.appendingPathComponent("Configs/pull-to-refresh.json").path
    let output = try Effectctl.run(
      ["simulate", config, "--gesture", "drag:-200:100,release", "--events", "--format", "csv"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    let lines = output.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first == "frame,time,phase,offset,chain,event,direction,value")
    let row = lines.last?.split(separator: ",").map(String.init) ?? []
    #expect(row.count == 8)
    #expect(row.prefix(3) == ["13", String(13.0 / 120), "decelerating"])
    #expect(row.suffix(4).prefix(3) == ["header", "refresh", "increasing"])
    // Past the drag's b(200) = 97.32, within the spring's first frame.
    let value = Double(row.last ?? "") ?? 0
    #expect(value > 100 && value < 104)
    #expect(Double(row[3]) == -value)
  }

  @Test(
    "refusals: exit 64 with the message, nothing on stdout",
    arguments: [
      (
        ["--gesture", "drag:1"],
        #"The value 'drag:1' is invalid for '--gesture <spec>': step 1 "drag:1": expected drag:D:MS (a distance D in points and a duration MS in milliseconds), found 1 value"#
      ),
      (
        ["--gesture", "fling:5,release"],
        #"The value 'fling:5,release' is invalid for '--gesture <spec>': step 2 "release": the finger is up; expected release only while it is down (after drag or hold)"#
      ),
      (
        ["--gesture", "wait:600001"],
        #"The value 'wait:600001' is invalid for '--gesture <spec>': step 1 "wait:600001": expected MS, milliseconds, greater than 0 and at most 600000, found 600001"#
      ),
      (
        ["--gesture", "fling:1", "--fps", "0"],
        "The value '0' is invalid for '--fps <n>': expected a whole number of frames per second from 1 to 1000"
      ),
      (
        ["--gesture", "fling:1", "--physics", "androd"],
        "The value 'androd' is invalid for '--physics <physics>'. Did you mean 'android'? Expected one of 'ios' or 'android'"
      ),
      (
        ["--gesture", "fling:1", "--start", "5000"],
        "The value '5000' is invalid for '--start <offset>': expected a start offset from 0 to 1156 (the largest resting offset), found 5000"
      ),
    ])
  func refusals(options: [String], message: String) throws {
    let output = try Effectctl.run(["simulate", scene] + options)
    #expect(output.status == 64)
    #expect(output.stdout == "")
    #expect(output.stderr.hasPrefix("Error: \(message)\nUsage: effectctl simulate <scene>"))
  }

  @Test("- reads the scene from standard input; a missing scene is 66")
  func standardInputAndMissing() throws {
    let text = try String(contentsOfFile: scene, encoding: .utf8)
    let piped = try Effectctl.run(
      ["simulate", "-", "--gesture", "fling:10", "--fps", "1", "--format", "csv"], input: text)
    #expect(piped.status == 0)
    // At rest at the first whole second whose speed 10 * 0.998^(1000 t) is below 0.5.
    let rest = try #require((0...10).first { 10 * pow(0.998, 1000 * Double($0)) < 0.5 })
    #expect(rest == 2)
    #expect(piped.stdout.split(separator: "\n").count == 1 + (rest + 1) * 2)
    let missing = try Effectctl.run(["simulate", "/nonexistent.json", "--gesture", "fling:1"])
    #expect(missing.status == 66)
    #expect(missing.stdout == "")
    #expect(missing.stderr == "error: /nonexistent.json: no such file\n")
  }

  @Test(
    "a 600 s gesture at 1000 fps streams to /dev/null in a 48 MB address space",
    .enabled(if: SlowTests.enabled, Comment(rawValue: SlowTests.reason)))
  func flatMemory() throws {
    // 600,000 frames of the header: about 59 MB of csv, more than the whole
    // address space allowed; the run only fits if rows stream.
    let executable = try #require(Effectctl.executable, "effectctl was not built").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "-c", "ulimit -v 49152 && exec \"$0\" \"$@\" > /dev/null", executable, "simulate", scene,
      "--gesture", "drag:3000:600000,release", "--fps", "1000", "--format", "csv", "--chain",
      "header",
    ]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}

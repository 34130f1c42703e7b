import EffectCommandLine
import EffectHost
import Effects
import Testing

/// `effectctl eval` run in process: rows, --chain, errors and output failures.
@Suite struct EvalCommandTests {
  static let scene = InProcess.stretchyHeader

  @Test(
    "eval: the stretchy header's worked numbers, as CSV (o = -100: y 0, height 400; o = 150: y -150)"
  )
  func csv() {
    let result = InProcess(["eval", Self.scene, "--offsets=-100,150", "--format", "csv"])
    #expect(result.status == .success)
    #expect(result.stderr == "")
    let identity = "1,1,0.5,0.5,1,0,0,0"
    #expect(
      result.stdout == """
        offset,chain,x,y,width,height,translateX,translateY,scaleX,scaleY,anchorX,anchorY,opacity,blur,rotation,zIndex
        -100,header,0,0,390,400,0,-100,\(identity)
        -100,body,0,400,390,1700,0,0,\(identity)
        150,header,0,-150,390,300,0,0,\(identity)
        150,body,0,150,390,1700,0,0,\(identity)

        """)
  }

  @Test("eval --chain keeps that chain; a wrong name is a usage error found after loading")
  func chain() {
    let kept = InProcess([
      "eval", Self.scene, "--offsets", "-100", "--chain", "body", "--format", "ndjson",
    ])
    #expect(kept.status == .success)
    #expect(kept.stdout.hasPrefix("{\"offset\":-100,\"chain\":\"body\",\"x\":0,\"y\":400,"))
    #expect(kept.stdout.split(separator: "\n").count == 1)
    let wrong = InProcess(["eval", Self.scene, "--offsets", "0", "--chain", "heder"])
    #expect(wrong.status == .usage)
    #expect(
      wrong.stderr
        == InProcess.usageError(
          "The value 'heder' is invalid for '--chain <name> ...': no chain is named 'heder'. Did you mean 'header'? The chains are: header, body",
          usage:
            "effectctl eval <scene> --offsets <spec> [--format <format>] [--chain <name> ...] [--events] [--visible] [--columns <names>] [--reduce-motion] [--device <name>] [--set <key=value> ...]",
          command: "eval"))
  }

  @Test("eval: a bad offset is reported before the scene is read; a missing scene is 66")
  func errors() {
    let offsets = InProcess(["eval", "/no/such.json", "--offsets", "x"])
    #expect(offsets.status == .usage)
    #expect(offsets.stderr.hasPrefix("Error: The value 'x' is invalid for '--offsets <spec>': "))
    let missing = InProcess(["eval", "/no/such.json", "--offsets", "0"])
    #expect(missing.status == .unreadableScene)
    #expect(missing.stdout == "")
    #expect(missing.stderr.hasPrefix("error: /no/such.json: "))
  }

  @Test("eval: a reader that goes away ends it with 0; any other write failure is 1")
  func outputFailures() {
    for (failure, status) in [
      (OutputError.closed, ExitCode.success), (.failed(reason: "disk full"), .failure),
    ] {
      let output = CapturedOutput()
      output.failure = failure
      let error = CapturedOutput()
      let tool = Effectctl.tool
      let result = tool.run(
        ["eval", Self.scene, "--offsets", "0"], console: Console(output: output, error: error))
      #expect(result == status)
      #expect(output.bytes.isEmpty)
      #expect(
        error.text == (status == .failure ? "error: cannot write the output: disk full\n" : ""))
    }
  }
}

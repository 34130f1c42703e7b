import Foundation
import Testing

/// Through the built binary: no text from the command line reaches the
/// terminal raw.
@Suite struct EscapingTests {
  @Test("a file name with a newline cannot forge a line")
  func forgedLine() throws {
    let output = try Effectctl.run(["validate", "bad\nerror: all good.json"])
    #expect(output.status == 66)
    #expect(output.stdout == "")
    #expect(output.stderr == "error: bad\\nerror: all good.json: no such file\n")
  }

  @Test("an ESC in --chain and --offsets values is shown as \\u001B")
  func escape() throws {
    let chain = try Effectctl.run([
      "eval", Effectctl.stretchyHeader, "--offsets", "0", "--chain", "\u{1B}[31mRED",
    ])
    #expect(chain.status == 64)
    #expect(
      chain.stderr
        == Effectctl.usageError(
          "The value '\\u001B[31mRED' is invalid for '--chain <name> ...': no chain is named "
            + "'\\u001B[31mRED'. The chains are: header, body", command: "eval"))
    let offsets = try Effectctl.run([
      "eval", Effectctl.stretchyHeader, "--offsets", "\u{1B}[31m1",
    ])
    #expect(offsets.status == 64)
    #expect(
      offsets.stderr
        == Effectctl.usageError(
          "The value '\\u001B[31m1' is invalid for '--offsets <spec>': '\\u001B[31m1' is not a "
            + "number; expected a decimal number such as -100 or 0.5", command: "eval"))
  }
}

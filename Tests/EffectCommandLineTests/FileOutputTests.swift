import EffectCommandLine
import EffectHost
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct FileOutputTests {
  func makePipe() throws -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    try #require(pipe(&descriptors) == 0)
    return (descriptors[0], descriptors[1])
  }

  @Test("writes every byte")
  func writes() throws {
    let (readEnd, writeEnd) = try makePipe()
    defer { close(readEnd) }
    try FileOutput(descriptor: writeEnd).write("héllo\n")
    close(writeEnd)
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(readEnd, &bytes, bytes.count)
    #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == "héllo\n")
  }

  @Test("a pipe whose reader has gone is reported as closed, not as a failure")
  func closedPipe() throws {
    // As effectctl does: without this, the write would kill the process.
    signal(SIGPIPE, SIG_IGN)
    let (readEnd, writeEnd) = try makePipe()
    close(readEnd)
    defer { close(writeEnd) }
    #expect(throws: OutputError.closed) { try FileOutput(descriptor: writeEnd).write("x") }
  }

  @Test("any other failure carries the system's reason")
  func failure() {
    #expect(throws: OutputError.failed(reason: "bad file descriptor")) {
      try FileOutput(descriptor: -1).write("x")
    }
  }
}

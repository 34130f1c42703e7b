import EffectHost
import EffectProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The benchmark program of BENCHMARKS.md: frames of the pipeline and of its
/// hand-written floor, scene loading against Foundation's JSONDecoder, and
/// the generator of large scenes. `Benchmarks/run.sh` drives it.
let usage = """
  USAGE: effect-bench <command> ...

  COMMANDS:
    pipeline <scene.json> <frames> [--checksum every|last]
                            evaluate a scene with SceneHost, <frames> frames
    handwritten bench|header|feed|list|one-effect <frames> [--checksum every|last]
                            the same frames of Benchmarks/bench-scene.json,
                            Configs/stretchy-header.json or Benchmarks/feed-scene.json,
                            list-scene.json, one-effect-scene.json, written out by hand
    load <scene.json> [<repeats>]
                            load a scene with SceneLoader <repeats> times (default 1)
    decode <scene.json> [<repeats>]
                            decode it with JSONDecoder into plain Decodable structs
    generate <chains> [--seed <n>]
                            print a scene of <chains> chains of every built-in type

  Frames cycle through offsets from -100 to 100 past the largest resting
  offset by 7.3 points. --checksum every (the default) sums every column of
  every view of every frame; --checksum last only of the last frame.
  """

struct UsageError: Error {
  var message: String
}

func fail(_ message: String, code: Int32) -> Never {
  var standardError = StandardError()
  print("Error: \(message)", to: &standardError)
  if code == 64 { print("\n" + usage, to: &standardError) }
  exit(code)
}

struct StandardError: TextOutputStream {
  mutating func write(_ text: String) {
    writeToStandardError(text)
  }
}

func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

func wholeNumber(_ text: String, _ what: String) throws(UsageError) -> Int {
  guard let value = Int(text), value >= 0 else {
    throw UsageError(message: "expected \(what) (a whole number, 0 or more), found \"\(text)\"")
  }
  return value
}

/// The positional arguments and the value of each `--name value` option.
func split(_ arguments: ArraySlice<String>, options: Set<String>) throws(UsageError) -> (
  [String], [String: String]
) {
  var positional: [String] = []
  var values: [String: String] = [:]
  var rest = arguments[...]
  while let argument = rest.popFirst() {
    if argument.hasPrefix("--") {
      let name = String(argument.dropFirst(2))
      guard options.contains(name) else { throw UsageError(message: "unknown option \(argument)") }
      guard let value = rest.popFirst() else {
        throw UsageError(message: "expected a value after \(argument)")
      }
      values[name] = value
    } else {
      positional.append(argument)
    }
  }
  return (positional, values)
}

func checksumPolicy(_ values: [String: String]) throws(UsageError) -> ChecksumPolicy {
  guard let text = values["checksum"] else { return .every }
  guard let policy = ChecksumPolicy(rawValue: text) else {
    throw UsageError(message: "expected --checksum every or last, found \"\(text)\"")
  }
  return policy
}

func readBytes(_ path: String) -> [UInt8] {
  do {
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  } catch {
    fail("\(path): cannot read the file (\(error))", code: 66)
  }
}

func run(_ arguments: ArraySlice<String>) throws(UsageError) {
  guard let command = arguments.first else { throw UsageError(message: "expected a command") }
  let rest = arguments.dropFirst()
  switch command {
  case "pipeline":
    let (positional, values) = try split(rest, options: ["checksum"])
    guard positional.count == 2 else {
      throw UsageError(message: "pipeline takes <scene.json> <frames>")
    }
    let frames = try wholeNumber(positional[1], "a number of frames")
    let scene: Scene
    do {
      scene = try SceneLoader().load(contentsOf: positional[0])
    } catch {
      var standardError = StandardError()
      print(error.description, to: &standardError)
      if case .unreadable = error { exit(66) }
      exit(65)
    }
    let report = runPipeline(
      scene: scene, name: positional[0], frames: frames, checksum: try checksumPolicy(values))
    print(report.lines.joined(separator: "\n"))
  case "handwritten":
    let (positional, values) = try split(rest, options: ["checksum"])
    guard positional.count == 2 else {
      throw UsageError(message: "handwritten takes bench|header|feed|list|one-effect <frames>")
    }
    let frames = try wholeNumber(positional[1], "a number of frames")
    let policy = try checksumPolicy(values)
    guard let runFloor = HandwrittenScenes.all[positional[0]] else {
      throw UsageError(
        message: "expected \(HandwrittenScenes.names), found \"\(positional[0])\"")
    }
    let report = runFloor(frames, policy)
    print(report.lines.joined(separator: "\n"))
  case "load", "decode":
    let (positional, _) = try split(rest, options: [])
    guard positional.count == 1 || positional.count == 2 else {
      throw UsageError(message: "\(command) takes <scene.json> [<repeats>]")
    }
    let repeats = positional.count == 2 ? try wholeNumber(positional[1], "a number of repeats") : 1
    let bytes = readBytes(positional[0])
    do {
      let report =
        command == "load"
        ? try runLoad(bytes, file: positional[0], repeats: repeats)
        : try runDecode(bytes, file: positional[0], repeats: repeats)
      print(report.lines.joined(separator: "\n"))
    } catch {
      fail("\(error)", code: 65)
    }
  case "generate":
    let (positional, values) = try split(rest, options: ["seed"])
    guard positional.count == 1 else { throw UsageError(message: "generate takes <chains>") }
    let chains = try wholeNumber(positional[0], "a number of chains")
    guard chains > 0 else { throw UsageError(message: "expected at least 1 chain, found 0") }
    let seed = try values["seed"].map { text throws(UsageError) in
      UInt64(try wholeNumber(text, "a seed"))
    }
    print(SceneGenerator(chains: chains, seed: seed ?? 1).generate(), terminator: "")
  case "-h", "--help":
    print(usage)
  default:
    throw UsageError(message: "unknown command \"\(command)\"")
  }
}

do {
  try run(CommandLine.arguments.dropFirst())
} catch {
  fail(error.message, code: 64)
}

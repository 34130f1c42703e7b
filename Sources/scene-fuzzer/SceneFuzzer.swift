import EffectCommandLine
import EffectHost
import EffectProtocol
import ScrollEffectsTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The libFuzzer entry point: loads the bytes as a scene and, when it is
/// valid, evaluates it and checks the contract; traps on any violation so
/// that the fuzzer reports the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  SceneFuzzCheck.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}

/// What one input must satisfy.
enum SceneFuzzCheck {
  /// Scenes with more views are evaluated on a sample of their copies (the
  /// first and the last of each long repeated chain), to keep each input fast.
  static let maximumEvaluatedViews = 20_000
  static let sampledCopies = 500

  /// Offsets every valid scene is evaluated at, besides some of its own.
  static let fixedOffsets: [Double] = [
    0, -1, 1, -100, 150, -1e12, 1e12, -1e15, 1e15, -1e300, 1e300, -.infinity, .infinity,
  ]

  enum Outcome {
    case loaded(views: Int)
    case refused(lines: Int)
  }

  @discardableResult
  static func run(_ bytes: [UInt8]) -> Outcome {
    let scene: Scene
    do {
      scene = try SceneLoader().load(bytes, file: "input.json")
    } catch {
      checkRefusal(error)
      return .refused(lines: error.lines.count)
    }
    let evaluated = sample(of: scene)
    var offsets = fixedOffsets
    let maxOffset = scene.geometry(offset: 0).maxOffset
    offsets += [maxOffset, maxOffset + 50, maxOffset - 0.5]
    offsets += scene.chains.prefix(8).flatMap { [$0.frame.y, $0.frame.y - 1, -$0.frame.y] }
    var host = SceneHost(scene: evaluated)
    var twin = evaluated.viewCount <= 1000 ? SceneHost(scene: evaluated) : nil
    // Visible only, over the same frames in the same order: its states (a
    // chain with state is evaluated whole) follow the full host's.
    var visible = SceneHost(scene: evaluated)
    // The eager evaluation carries stateful effects' states over the same
    // frames as the host.
    var eager = ViewAloneReference.Session(scene: evaluated, everyChainWhole: true)
    for offset in offsets {
      host.evaluate(offset: offset)
      host.withTransforms { transforms in
        for (index, transform) in transforms.enumerated() {
          if let violation = transform.contractViolation {
            fatalError("offset \(offset), view \(index): \(violation); \(transform)")
          }
        }
      }
      visible.evaluate(offset: offset, visibleOnly: true)
      checkVisible(visible, against: host, offset: offset)
      guard var other = twin else { continue }
      other.evaluate(offset: offset)
      let same = host.withTransforms { first in
        other.withTransforms { second in
          first.elementsEqual(second) { $0.isBitwiseEqual(to: $1) }
        }
      }
      if !same { fatalError("offset \(offset): two hosts of one scene disagree") }
      twin = other
      // The eager evaluation is of a horizontal scene's vertical twin.
      let mapping = host.screenMapping
      let expected = eager.transforms(host.geometry).map(mapping.transform)
      host.withTransforms { transforms in
        for (index, transform) in transforms.enumerated()
        where !transform.isBitwiseEqual(to: expected[index]) {
          fatalError(
            "offset \(offset), view \(index): host \(transform), eager \(expected[index])")
        }
      }
    }
    if scene.viewCount <= maximumFormattedViews { checkRows(of: scene, at: offsets.prefix(8)) }
    if evaluated.viewCount <= 1000 { checkLayoutChanges(of: evaluated, seed: bytes) }
    if scene.axis == .vertical && scene.viewCount <= 1000 {
      checkHorizontalTwins(of: bytes, scene: scene, at: offsets)
    }
    return .loaded(views: scene.viewCount)
  }

  /// The horizontal scene written from a vertical one (every axis-bearing
  /// key and value swapped, ``HorizontalTwin``) must load and give its
  /// views with the axes swapped, bit for bit; the right-to-left one, their
  /// mirror image.
  static func checkHorizontalTwins(of bytes: [UInt8], scene: Scene, at offsets: [Double]) {
    guard let document = try? JSONParser.parse(bytes) else { return }
    var vertical = SceneHost(scene: scene)
    for rightToLeft in [false, true] {
      let twin = HorizontalTwin.transposed(document, rightToLeft: rightToLeft)
      let horizontal: Scene
      switch SceneLoader().scene(from: twin) {
      case .success(let loaded): horizontal = loaded
      case .failure(let problems):
        fatalError("the horizontal twin of a valid scene is refused: \(problems.diagnostics)")
      }
      var host = SceneHost(scene: horizontal)
      let width = scene.viewport.height
      for offset in offsets {
        vertical.evaluate(offset: offset)
        host.evaluate(offset: offset)
        for index in 0..<host.viewCount {
          var expected = HorizontalTwin.swapped(vertical.transform(at: index))
          if rightToLeft { expected = HorizontalTwin.mirrored(expected, width: width) }
          let seen = host.transform(at: index)
          if !seen.isBitwiseEqual(to: expected) {
            fatalError(
              "offset \(offset), view \(index), rightToLeft \(rightToLeft): horizontal \(seen), "
                + "vertical swapped \(expected)")
          }
        }
      }
      vertical.resetState()
    }
  }

  /// Random layout changes between frames, drawn from a seed made of the
  /// input's bytes: after each, a live host's chains without state must
  /// equal, bit for bit, those of a host built afresh from the changed
  /// scene, and every view must keep the contract.
  static func checkLayoutChanges(of scene: Scene, seed bytes: [UInt8]) {
    var seed: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var random = SplitMix64(seed: seed)
    var mirror = scene
    var host = SceneHost(scene: scene)
    let stateless = scene.chains.indices.filter { index in
      !scene.chains[index].effects.contains(where: ViewAloneReference.isStateful)
    }
    for step in 0..<6 {
      let change = LayoutChange.random(&random, in: mirror)
      change.apply(to: &host)
      change.apply(to: &mirror)
      let offset = Double(random.next(in: -2000...8000)) / 2
      host.evaluate(offset: offset, visibleOnly: step.isMultiple(of: 2))
      var fresh = SceneHost(scene: mirror)
      fresh.evaluate(offset: offset)
      for index in stateless {
        let first = fresh.chains[index].viewRange.lowerBound
        for copy in host.visibleRange(ofChain: index) {
          let live = host.transform(at: first + copy)
          if let violation = live.contractViolation {
            fatalError("after \(change), offset \(offset): \(violation); \(live)")
          }
          guard live.isBitwiseEqual(to: fresh.transform(at: first + copy)) else {
            fatalError(
              "after \(change), offset \(offset), chain \(index) copy \(copy): live \(live), "
                + "fresh \(fresh.transform(at: first + copy))")
          }
        }
      }
    }
  }

  /// `visible` (evaluated with `visibleOnly`) must give each chain's
  /// evaluated copies the full host's transforms, bit for bit, and evaluate
  /// exactly the copies whose natural frames meet `-V...2V` when it does not
  /// evaluate a chain whole.
  static func checkVisible(_ visible: SceneHost, against host: SceneHost, offset: Double) {
    // Along the scroll axis: a horizontal scene's geometry is its twin's.
    let height = visible.geometry.viewport.height
    let horizontal = visible.scene.axis == .horizontal
    func meets(_ chain: Int, _ copy: Int) -> Bool {
      let frame = visible.naturalFrame(chain: chain, copy: copy)
      let (start, length) = horizontal ? (frame.x, frame.width) : (frame.y, frame.height)
      return start <= 2 * height && start + length >= -height
    }
    for (index, chain) in visible.chains.enumerated() {
      let range = visible.visibleRange(ofChain: index)
      let count = chain.viewRange.count
      guard range.lowerBound >= 0, range.upperBound <= count else {
        fatalError("offset \(offset), chain \(index): visible range \(range) of \(count)")
      }
      if range.count != count {
        let outside = [range.lowerBound - 1, range.upperBound].filter { (0..<count).contains($0) }
        if range.contains(where: { !meets(index, $0) })
          || outside.contains(where: { meets(index, $0) })
        {
          fatalError("offset \(offset), chain \(index): visible range \(range) is not -V...2V")
        }
      }
      let first = chain.viewRange.lowerBound
      for copy in range {
        let (seen, expected) = (
          visible.transform(at: first + copy), host.transform(at: first + copy)
        )
        if !seen.isBitwiseEqual(to: expected) {
          fatalError(
            "offset \(offset), chain \(index) copy \(copy): visible \(seen), full \(expected)")
        }
      }
    }
  }

  /// Scenes of at most this many views also have their rows formatted.
  static let maximumFormattedViews = 100

  /// `effectctl eval --format json` of `scene` must read back as JSON: one
  /// object a view and offset, the contract's columns in order, the chain
  /// names (escaped in the text) as loaded, every number finite.
  static func checkRows(of scene: Scene, at offsets: ArraySlice<Double>) {
    let finite = offsets.filter(\.isFinite).map {
      min(max($0, -SceneHost.offsetLimit), SceneHost.offsetLimit)
    }
    var evaluation = Evaluation(host: SceneHost(scene: scene), format: .json)
    let text = evaluation.text(offsets: OffsetSpec(finite))
    let rows: JSONValue
    do {
      rows = try JSONParser.parse(text)
    } catch {
      fatalError("json rows do not parse: \(error)\n\(text.prefix(2000))")
    }
    guard case .array(let elements) = rows, elements.count == finite.count * scene.viewCount else {
      fatalError("json rows: expected \(finite.count * scene.viewCount) rows\n\(text.prefix(2000))")
    }
    let names = scene.chains.flatMap { chain in
      (0..<chain.viewCount).map { chain.viewName(copy: $0) }
    }
    for (index, element) in elements.enumerated() {
      guard case .object(let row) = element, row.keys == RowFormat.columns,
        row["chain"] == .string(names[index % names.count])
      else {
        fatalError("json row \(index) is not \(names[index % names.count]): \(element)")
      }
    }
  }

  /// An error must say something, one problem a line, each line short and
  /// naming the file.
  static func checkRefusal(_ error: SceneLoadError) {
    guard case .invalid(let file, let diagnostics) = error else {
      fatalError("bytes in memory refused as unreadable: \(error)")
    }
    let lines = error.lines
    if file != "input.json" || lines.isEmpty || diagnostics.isEmpty {
      fatalError("refused without a message: \(error)")
    }
    if lines.count > ParameterReader.maximumDiagnosticCount + 1 {
      fatalError("\(lines.count) lines, more than the limit")
    }
    for line in lines {
      if !line.hasPrefix("input.json:") { fatalError("a line without the file: \(line)") }
      if line.utf8.count > 1000 {
        fatalError("a line of \(line.utf8.count) bytes: \(line.prefix(200))")
      }
      if line.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        fatalError("a control character in a line: \(line.debugDescription)")
      }
    }
  }

  /// `scene`, or when it has too many views, one whose long repeated chains
  /// keep only their first and last copies, at the same places and in the
  /// same content height.
  static func sample(of scene: Scene) -> Scene {
    guard scene.viewCount > maximumEvaluatedViews else { return scene }
    var chains: [Chain] = []
    for (index, var chain) in scene.chains.enumerated() {
      // At the places the scene gives them, which the split keeps.
      chain.frame = scene.layout.frames[index]
      chain.after = nil
      chain.automaticFrame = []
      guard let repetition = chain.repetition, repetition.count > 2 * sampledCopies else {
        chains.append(chain)
        continue
      }
      var head = chain
      head.repetition?.count = sampledCopies
      var tail = head
      tail.frame.y += Double(repetition.count - sampledCopies) * chain.stride
      tail.name += "-tail"
      chains += [head, tail]
    }
    return Scene(
      description: scene.description, viewport: scene.viewport,
      contentInsets: scene.contentInsets, contentHeight: scene.contentHeight, chains: chains)
  }
}

#if !LIBFUZZER
  /// Without libFuzzer (a plain `swift build`), the fuzzer runs the inputs
  /// named on the command line, e.g. to replay a crash without sanitizers.
  /// Built for fuzzing, with `-Xswiftc -DLIBFUZZER`, libFuzzer supplies `main`.
  @main enum ReplayInputs {
    static func main() {
      let paths = CommandLine.arguments.dropFirst()
      if paths.isEmpty || paths.contains("-h") || paths.contains("--help") {
        emit(
          paths.isEmpty ? STDERR_FILENO : STDOUT_FILENO,
          """
          USAGE: scene-fuzzer <input>...

          Loads each input as a scene and, when valid, evaluates it and checks
          every output; traps on a violation. Built with -Xswiftc -DLIBFUZZER and
          -sanitize=fuzzer it is a libFuzzer target instead (see Fuzz/run.sh).

          """)
        exit(paths.isEmpty ? 64 : 0)
      }
      for path in paths {
        guard let bytes = readFile(path) else {
          emit(STDERR_FILENO, "\(path): cannot read: \(String(cString: strerror(errno)))\n")
          exit(66)
        }
        switch SceneFuzzCheck.run(bytes) {
        case .loaded(let views): print("\(path): loaded (\(views) views), evaluated and checked")
        case .refused(let lines): print("\(path): refused (\(lines) problem lines), checked")
        }
      }
    }

    static func emit(_ descriptor: Int32, _ text: String) {
      var text = text
      text.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
    }

    static func readFile(_ path: String) -> [UInt8]? {
      guard let file = fopen(path, "rb") else { return nil }
      defer { fclose(file) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = fread(&chunk, 1, chunk.count, file)
        bytes += chunk[0..<count]
        if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
      }
    }
  }
#endif

import EffectProtocol
import Effects

// What the chains of a scene say of each other's places: `after`, and pin's
// `until` naming a chain or "next". Checked once every chain is read.
extension SceneLoader {
  /// Reports every `after` that does not name an earlier content-attached
  /// chain (or stands on a viewport-attached chain), every pin `until` that
  /// names no content-attached chain, and every `"until": "next"` on a
  /// chain that does not repeat. `paths` are the chains' paths.
  /// `unreadNames` are the chains the file declares but whose own problems
  /// kept them from being read, at their places in the file: an `after`
  /// naming an earlier one, or an `until` naming one, is not reported, as
  /// whether it suits is not known until the chain is mended (its problems
  /// are reported already); an `after` naming a later one is.
  func checkPlacements(
    _ chains: [Chain], paths: [JSONPath], unreadNames: [String: Int] = [:],
    in reader: inout ParameterReader
  ) {
    var problems: [SceneDiagnostic] = []
    // Where each name first and last stands, so that each `after` and
    // `until` is checked in one step: a scene of thousands of chains, each
    // after the one before it, took the square of their number. A problem's
    // message lists names, and is written only while the reader has room.
    var firstContent: [String: Int] = [:]
    var firstInViewport: [String: Int] = [:]
    var last: [String: Int] = [:]
    for (index, chain) in chains.enumerated() {
      if chain.attachment == .content {
        if firstContent[chain.name] == nil { firstContent[chain.name] = index }
      } else if firstInViewport[chain.name] == nil {
        firstInViewport[chain.name] = index
      }
      last[chain.name] = index
    }
    var room: Int { ParameterReader.maximumDiagnosticCount + 1 - reader.diagnostics.count }
    let contentNames = chains.filter { $0.attachment == .content }.map(\.name)
    // The content-attached chains before the one read, gathered as the loop
    // goes; and how many more names the "did you mean"s may compare, which
    // cost a comparison a chain each: a thousand wrong names among 100,000
    // chains took a minute.
    var earlier: [String] = []
    var hintCandidates = Self.hintCandidates
    for (index, chain) in chains.enumerated() {
      guard problems.count < room else { break }
      let path = paths[index]
      // The chain's place in the file (a one-chain file's is 0).
      var position = 0
      if case .index(let place)? = path.components.last { position = place }
      if let name = chain.after, unreadNames[name].map({ $0 > position }) ?? true,
        chain.attachment != .content || firstContent[name].map({ $0 >= index }) ?? true
      {
        let isEarlierInViewport = firstInViewport[name].map { $0 < index } ?? false
        let isLater =
          last[name].map { $0 > index } ?? false
          || unreadNames[name].map { $0 > position } ?? false
        if let problem = Self.afterProblem(
          name, chain: chain, earlier: earlier, isEarlierInViewport: isEarlierInViewport,
          isLater: isLater, hintCandidates: &hintCandidates)
        {
          problems.append(SceneDiagnostic(path: path.appending("after"), problem: problem))
        }
      }
      for (position, effect) in chain.effects.enumerated() {
        guard let pin = effect as? PinEffect else { continue }
        let untilPath = path.appending("effects").appending(position).appending("until")
        if let name = pin.untilChain, firstContent[name] == nil, unreadNames[name] == nil {
          let isViewportAttached = firstInViewport[name] != nil
          let hints = !isViewportAttached && hintCandidates > 0
          if !isViewportAttached { hintCandidates -= contentNames.count }
          problems.append(
            SceneDiagnostic(
              path: untilPath.appending("chain"),
              problem: isViewportAttached
                ? .unsuitableChain(name, .viewportAttached)
                : Self.nameProblem(
                  expected: "the name of a content-attached chain ("
                    + Self.nameList(contentNames) + ")",
                  found: name, near: hints ? contentNames : [])))
        }
        if pin.untilNext && chain.repetition == nil {
          problems.append(
            SceneDiagnostic(
              path: untilPath,
              problem: .mismatch(
                expected:
                  "\"next\" only on a repeated chain (one with \"repeat\"), whose copies it pushes off one by one; \(MessageText.quoted(chain.name)) does not repeat",
                found: .string("next"))))
        }
      }
      if chain.attachment == .content { earlier.append(chain.name) }
    }
    reader.report(contentsOf: problems)
  }

  /// What is wrong with `"after": name` on `chain`, given the names of the
  /// earlier content-attached chains, whether an earlier viewport-attached
  /// chain has the name and whether a later chain has it; a name near the
  /// one given is offered while `hintCandidates` lasts, which the
  /// comparison takes the earlier names from.
  private static func afterProblem(
    _ name: String, chain: Chain, earlier: [String], isEarlierInViewport: Bool, isLater: Bool,
    hintCandidates: inout Int
  ) -> SceneDiagnostic.Problem? {
    if chain.attachment != .content {
      return .mismatch(
        expected:
          "\"after\" only on a content-attached chain; \(MessageText.quoted(chain.name)) is attached to the viewport and does not scroll",
        found: .string(name))
    }
    if earlier.contains(name) { return nil }
    let list = nameList(earlier)
    if isEarlierInViewport {
      return .mismatch(
        expected: "the name of an earlier content-attached chain (\(list)); "
          + "\(MessageText.quoted(name)) is attached to the viewport: it has no place in the "
          + "content to follow",
        found: .string(name))
    }
    if name == chain.name || isLater {
      return .mismatch(
        expected: "the name of an earlier content-attached chain (\(list)); "
          + "\(MessageText.quoted(name)) does not come before this chain",
        found: .string(name))
    }
    let hints = hintCandidates > 0
    hintCandidates -= earlier.count
    return nameProblem(
      expected: "the name of an earlier content-attached chain (\(list))", found: name,
      near: hints ? earlier : [])
  }

  /// How many names the "did you mean"s of one file's `after`s and
  /// `until`s compare in all: every wrong name in a file of up to a
  /// thousand chains gets its hint, and a file of 100,000 chains its
  /// first ten or more.
  static let hintCandidates = 1_000_000

  /// `expected ..., found the string "NAME"`, and `; did you mean "NEAR"?`
  /// after it when one of `names` is near: the hint follows what was found,
  /// as it does for every other near miss.
  private static func nameProblem(expected: String, found name: String, near names: [String])
    -> SceneDiagnostic.Problem
  {
    guard let near = MessageText.nearestName(to: name, in: names) else {
      return .mismatch(expected: expected, found: .string(name))
    }
    // The near miss quotes the name as it quotes the one found: escaped, cut.
    return .nearMiss(expected: expected, found: .string(name), suggestion: near)
  }

  /// The names, a few and short, with what could break a line escaped (a
  /// file's chain names may hold anything).
  private static func nameList(_ names: [String]) -> String {
    names.isEmpty ? "there is none" : MessageText.names(names)
  }
}

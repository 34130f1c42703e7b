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
    let contentNames = chains.filter { $0.attachment == .content }.map(\.name)
    for (index, chain) in chains.enumerated() {
      let path = paths[index]
      // The chain's place in the file (a one-chain file's is 0).
      var position = 0
      if case .index(let place)? = path.components.last { position = place }
      if let name = chain.after, unreadNames[name].map({ $0 > position }) ?? true {
        let earlier = chains[..<index].filter { $0.attachment == .content }.map(\.name)
        let earlierInViewport = chains[..<index].filter { $0.attachment == .viewport }.map(\.name)
        let later =
          chains[(index + 1)...].map(\.name) + unreadNames.filter { $0.value > position }.keys
        if let problem = Self.afterProblem(
          name, chain: chain, earlier: earlier, earlierInViewport: earlierInViewport, later: later)
        {
          problems.append(SceneDiagnostic(path: path.appending("after"), problem: problem))
        }
      }
      for (position, effect) in chain.effects.enumerated() {
        guard let pin = effect as? PinEffect else { continue }
        let untilPath = path.appending("effects").appending(position).appending("until")
        if let name = pin.untilChain, !contentNames.contains(name), unreadNames[name] == nil {
          let isViewportAttached = chains.contains { $0.name == name }
          problems.append(
            SceneDiagnostic(
              path: untilPath.appending("chain"),
              problem: isViewportAttached
                ? .unsuitableChain(name, .viewportAttached)
                : Self.nameProblem(
                  expected: "the name of a content-attached chain ("
                    + Self.nameList(contentNames) + ")",
                  found: name, near: contentNames)))
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
    }
    reader.report(contentsOf: problems)
  }

  /// What is wrong with `"after": name` on `chain`, given the names of the
  /// earlier content-attached chains, of the earlier viewport-attached
  /// ones and of the later chains.
  private static func afterProblem(
    _ name: String, chain: Chain, earlier: [String], earlierInViewport: [String],
    later: [String]
  ) -> SceneDiagnostic.Problem? {
    if chain.attachment != .content {
      return .mismatch(
        expected:
          "\"after\" only on a content-attached chain; \(MessageText.quoted(chain.name)) is attached to the viewport and does not scroll",
        found: .string(name))
    }
    if earlier.contains(name) { return nil }
    let list = nameList(earlier)
    if earlierInViewport.contains(name) {
      return .mismatch(
        expected: "the name of an earlier content-attached chain (\(list)); "
          + "\(MessageText.quoted(name)) is attached to the viewport: it has no place in the "
          + "content to follow",
        found: .string(name))
    }
    if name == chain.name || later.contains(name) {
      return .mismatch(
        expected: "the name of an earlier content-attached chain (\(list)); "
          + "\(MessageText.quoted(name)) does not come before this chain",
        found: .string(name))
    }
    return nameProblem(
      expected: "the name of an earlier content-attached chain (\(list))", found: name,
      near: earlier)
  }

  /// `expected ..., found the string "NAME"`, and `; did you mean "NEAR"?`
  /// after it when one of `names` is near: the hint follows what was found,
  /// as it does for every other near miss.
  private static func nameProblem(expected: String, found name: String, near names: [String])
    -> SceneDiagnostic.Problem
  {
    guard let near = MessageText.nearestName(to: name, in: names) else {
      return .mismatch(expected: expected, found: .string(name))
    }
    // The near miss quotes its suggestion as it is: escape a chain name's
    // quotes and control characters first, as every message does.
    let escaped = String(MessageText.quoted(near, limit: .max).dropFirst().dropLast())
    return .nearMiss(expected: expected, found: .string(name), suggestion: escaped)
  }

  /// The names, a few and short, with what could break a line escaped (a
  /// file's chain names may hold anything).
  private static func nameList(_ names: [String]) -> String {
    names.isEmpty ? "there is none" : MessageText.names(names)
  }
}

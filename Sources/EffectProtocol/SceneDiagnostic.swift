/// One problem found in a scene file: where it is and what is wrong.
///
/// Every message says what was expected and what was found; ``description``
/// renders it as `chains[0].effects[1].rate: expected a number, found the
/// string "fast"`.
public struct SceneDiagnostic: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, with what an error message needs to say it.
  public enum Problem: Sendable, Equatable {
    /// The document is not JSON.
    case malformedJSON(JSONSyntaxError)
    /// A value of the wrong type or out of range.
    case mismatch(expected: String, found: JSONValue)
    /// A required key is absent.
    case missingKey(expected: String)
    /// A key that the object does not take; `suggestion` is the nearest valid one.
    case unknownKey(owner: String, suggestion: String?, valid: [String])
    /// A key that the object does not take and that is a word of another
    /// kind there, which `explanation` says: an `expression`'s `"offset"`
    /// is a name its columns' expressions read, not a column, and no
    /// spelling of a key is nearer to it.
    case unknownKeyExplained(owner: String, explanation: String, valid: [String])
    /// A key unknown where it stands that is a key of another object of the
    /// file, `place` (`a chain, beside "frame"`): `"repeat"` in a frame.
    case misplacedKey(owner: String, place: String, valid: [String])
    /// A key given twice in one object.
    case duplicateKey
    /// An effect type that the registry does not hold.
    case unknownEffectType(String, suggestion: String?, valid: [String])
    /// A chain name used before, at `first`.
    case duplicateName(String, first: JSONPath)
    /// An event name used before in the same chain, at `first`.
    case duplicateEventName(String, first: JSONPath)
    /// A file larger than `limit` bytes, refused before it is parsed; `size`
    /// is `nil` when only "more than `limit`" is known (standard input).
    case fileTooLarge(limit: Int, size: Int?)
    /// More than `limit` problems: the first `limit` are reported, then this.
    case tooManyProblems(limit: Int)
    /// An array of `count` elements where `expected` was: `expected an
    /// [input, output] pair of numbers, found an array of 3 values`.
    case wrongLength(expected: String, count: Int)
    /// A scene with more views than a host evaluates, `limit`; `found` counts
    /// the copies of repeated chains.
    case tooManyViews(limit: Int, found: Int)
    /// A value near one of the valid ones: `expected "grow" or "zoom", found
    /// the string "gorw"; did you mean "grow"?`. The suggestion is quoted
    /// as the value found is (``MessageText/quoted(_:limit:)``): escaped,
    /// and cut at 40 characters, so that the line stays short whatever
    /// text it was made from.
    case nearMiss(expected: String, found: JSONValue, suggestion: String)
    /// An object that takes exactly one of two keys, each given with what it
    /// holds (`"offsets"`, `an array of offsets`), got both or neither.
    case exclusiveKeys(
      first: String, firstHolds: String, second: String, secondHolds: String, owner: String,
      bothGiven: Bool)
    /// A key that goes only with another setting, given with `found` instead:
    /// `expected "align" only with "chain" (...), found it with "offsets"`.
    case keyOnlyWith(key: String, requirement: String, found: String)
    /// A chain `name` that a declaration cannot use, and why.
    case unsuitableChain(String, ChainProblem)
    /// An `expression` that does not parse: what is wrong at the 1-based
    /// `position` of the text (`unknown name \`ofset\`; did you mean ...`).
    case invalidExpression(position: Int, message: String)
    /// Two keys that set the same thing: `key` already sets what `other` does
    /// (`scale` sets `scaleX` and `scaleY`).
    case overlappingKeys(key: String, sets: String, other: String)
    /// An object that needs at least one of `valid` and has none.
    case noneOf(expected: String, valid: [String])
  }

  /// Why a named chain cannot serve where it is named (a snap declaration
  /// aligns the copies of a content-attached repeated chain).
  public enum ChainProblem: Sendable, Equatable {
    /// No chain has the name; `suggestion` is the nearest name, `repeated`
    /// the names of the chains that repeat.
    case unknown(suggestion: String?, repeated: [String])
    /// The chain does not repeat.
    case notRepeated(repeated: [String])
    /// The chain is attached to the viewport and does not scroll.
    case viewportAttached
    /// The chain repeats with no copies.
    case noCopies

    /// `repeated chains: row, card`, or that there is none.
    package static func list(_ repeated: [String]) -> String {
      repeated.isEmpty
        ? "the scene has no repeated chain"
        : "repeated chains: \(MessageText.names(repeated))"
    }
  }

  /// Where the problem is: the path of the value, or of the key that is missing, unknown or
  /// given twice; ``JSONPath/root`` for the file as a whole.
  public var path: JSONPath
  /// What is wrong there.
  public var problem: Problem

  /// Makes the diagnostic of `problem` at `path`.
  public init(path: JSONPath, problem: Problem) {
    self.path = path
    self.problem = problem
  }

  /// What is wrong, without the path.
  public var message: String {
    switch problem {
    case .malformedJSON(let error):
      return "malformed JSON at line \(error.line), column \(error.column): \(error.message)"
    case .mismatch(let expected, let found):
      return "expected \(expected), found \(found.errorDescription)"
    case .missingKey(let expected):
      return "missing required key; expected \(expected)"
    case .unknownKey(let owner, let suggestion, let valid):
      let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
      let list = valid.isEmpty ? "it takes no keys" : "valid keys: \(valid.joined(separator: ", "))"
      return "unknown key for \(owner)\(hint) (\(list))"
    case .unknownKeyExplained(let owner, let explanation, let valid):
      let list = valid.isEmpty ? "it takes no keys" : "valid keys: \(valid.joined(separator: ", "))"
      return "unknown key for \(owner); \(explanation) (\(list))"
    case .misplacedKey(let owner, let place, let valid):
      let list = valid.isEmpty ? "it takes no keys" : "valid keys: \(valid.joined(separator: ", "))"
      return "unknown key for \(owner); it is a key of \(place) (\(list))"
    case .duplicateKey:
      return "the key is given more than once; expected each key once"
    case .unknownEffectType(let name, let suggestion, let valid):
      let hint = suggestion.map { "; did you mean \"\($0)\"?" } ?? ""
      let list =
        valid.isEmpty
        ? "no effect types are registered" : "registered: \(valid.joined(separator: ", "))"
      return "unknown effect type \(MessageText.quoted(name))\(hint) (\(list))"
    case .duplicateName(let name, let first):
      return
        "expected a unique chain name, found \(MessageText.quoted(name)) again (first at \(first))"
    case .duplicateEventName(let name, let first):
      return
        "expected a unique event name in the chain, found \(MessageText.quoted(name)) again (first at \(first))"
    case .fileTooLarge(let limit, let size):
      let found = size.map { "\($0) bytes" } ?? "more than \(limit) bytes"
      return "expected a scene file of at most \(limit) bytes (\(limit >> 20) MiB), found \(found)"
    case .tooManyProblems(let limit):
      return "more than \(limit) problems; stopped after the first \(limit)"
    case .wrongLength(let expected, let count):
      return "expected \(expected), found an array of \(count) \(count == 1 ? "value" : "values")"
    case .tooManyViews(let limit, let found):
      return
        "expected at most \(limit) views in a scene, found \(found) (copies of repeated chains included)"
    case .nearMiss(let expected, let found, let suggestion):
      return
        "expected \(expected), found \(found.errorDescription); did you mean \(MessageText.quoted(suggestion))?"
    case .exclusiveKeys(let first, let firstHolds, let second, let secondHolds, let owner, let both):
      return both
        ? "expected either \"\(first)\" or \"\(second)\", found both (\(owner) takes one of them)"
        : "expected \"\(first)\" (\(firstHolds)) or \"\(second)\" (\(secondHolds)), found neither"
    case .keyOnlyWith(let key, let requirement, let found):
      return "expected \"\(key)\" only with \(requirement), found it with \(found)"
    case .invalidExpression(let position, let message):
      return "at \(position): \(message)"
    case .overlappingKeys(let key, let sets, let other):
      return "`\(key)` already assigns \(sets); expected `\(key)` or `\(other)`, found both"
    case .noneOf(let expected, let valid):
      return "expected at least one \(expected) (\(valid.joined(separator: ", "))), found none"
    case .unsuitableChain(let name, let problem):
      let found = "found \(MessageText.quoted(name))"
      switch problem {
      case .unknown(let suggestion, let repeated):
        let hint = suggestion.map { "; did you mean \(MessageText.quoted($0))?" } ?? ""
        return
          "expected the name of a repeated chain, \(found), which no chain has\(hint) (\(ChainProblem.list(repeated)))"
      case .notRepeated(let repeated):
        return
          "expected a repeated chain (one with \"repeat\"), \(found), which does not repeat (\(ChainProblem.list(repeated)))"
      case .viewportAttached:
        return
          "expected a content-attached chain, \(found), which is attached to the viewport and does not scroll"
      case .noCopies:
        return
          "expected a repeated chain with at least one copy, \(found), whose \"repeat\" has \"count\": 0"
      }
    }
  }

  /// Whether the problem concerns the whole file rather than a place in it
  /// (its path is not shown).
  public var isAboutWholeFile: Bool {
    switch problem {
    case .malformedJSON, .fileTooLarge, .tooManyProblems: true
    default: false
    }
  }

  /// `path: message`; for a problem about the whole file just the message
  /// (malformed JSON gives the line and column).
  public var description: String {
    if isAboutWholeFile { return message }
    return "\(path): \(message)"
  }
}

extension MessageText {
  /// The nearest of `candidates` to `word` by edit distance, if it is near
  /// enough to be a likely typo (case is ignored): at most a third of the
  /// longer name's letters rounded to the nearest whole number (`(n + 1) / 3`
  /// in whole numbers: 1 edit for 4 letters, 2 for 5), at least 1 and at
  /// most 3, and never all of them.
  ///
  /// At most 3 edits are accepted, so the distance is computed only within 3
  /// of the diagonal: linear in the length of the names, however long they are
  /// (a name of 120,000 characters takes milliseconds, not a minute).
  public static func nearestName(to word: String, in candidates: [String]) -> String? {
    // The distance is at least the difference in length: skip hopeless
    // candidates before lowering and comparing.
    let length = word.unicodeScalars.count
    guard candidates.contains(where: { abs($0.unicodeScalars.count - length) <= 3 }) else {
      return nil
    }
    let lowered = Array(word.lowercased().unicodeScalars)
    var best: (name: String, distance: Int)?
    for candidate in candidates where abs(candidate.unicodeScalars.count - length) <= 3 {
      let bound = min(3, (best?.distance ?? 4) - 1)
      guard bound >= 0,
        let distance = editDistance(
          lowered, Array(candidate.lowercased().unicodeScalars), atMost: bound)
      else { continue }
      best = (candidate, distance)
    }
    guard let best else { return nil }
    let longer = max(lowered.count, best.name.unicodeScalars.count)
    let limit = max(1, min(3, (longer + 1) / 3))
    // A name every letter of which is replaced is no nearer than any other
    // (`"z"` for `"x"` or `"y"`).
    return best.distance <= limit && best.distance < longer ? best.name : nil
  }

  /// The optimal-string-alignment distance of `a` and `b` (insertions,
  /// deletions, substitutions and swaps of neighbours, as `mdoe` for `mode`,
  /// cost one each), or `nil` when it is more than `limit`.
  ///
  /// A cell more than `limit` off the diagonal is more than `limit` edits
  /// away, so each row is computed only within `limit` of it and the rest
  /// stands at `limit + 1`: O(`limit` x length) instead of length².
  private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int)
    -> Int?
  {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    let beyond = limit + 1
    var beforePrevious = [Int](repeating: beyond, count: b.count + 1)
    var previous = [Int](repeating: beyond, count: b.count + 1)
    for j in 0...min(b.count, limit) { previous[j] = j }
    var current = [Int](repeating: beyond, count: b.count + 1)
    for i in 1...a.count {
      let low = max(1, i - limit)
      let high = min(b.count, i + limit)
      current[0] = min(i, beyond)
      // The cells beside the band hold older rows' values: mark them out of reach.
      current[low - 1] = low == 1 ? current[0] : beyond
      if high < b.count { current[high + 1] = beyond }
      var rowMinimum = current[low - 1]
      for j in low...high {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        var cell = min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          cell = min(cell, beforePrevious[j - 2] + 1)
        }
        current[j] = min(cell, beyond)
        rowMinimum = min(rowMinimum, current[j])
      }
      // A path that ends within the limit passes through every row within it
      // (a swap skips a row, but the cell it skips costs no more than the swap).
      if rowMinimum > limit { return nil }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}

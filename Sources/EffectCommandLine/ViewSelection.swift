import EffectHost
import EffectProtocol

/// The views whose rows are output: every view, or those that `--chain`
/// names. `row` keeps every copy of a repeated chain, `row[3]` one copy.
///
/// Rows keep the scene's order (chain by chain in file order, copies in
/// order) whatever the order of the names, and a view named twice is output
/// once.
public struct ViewSelection: Sendable, Equatable {
  /// Consecutive copies of one chain.
  public struct Segment: Sendable, Equatable {
    /// The chain's index in ``SceneHost/chains``.
    public var chain: Int
    /// The copies kept, `0..<1` for a chain that does not repeat.
    public var copies: Range<Int>

    public init(chain: Int, copies: Range<Int>) {
      self.chain = chain
      self.copies = copies
    }
  }

  /// The views kept, in output order.
  public let segments: [Segment]
  /// The number of views kept.
  var viewCount: Int { segments.reduce(0) { $0 + $1.copies.count } }
  /// The chains kept whole, with every copy they have however many that is
  /// (every chain, or one named without a copy): the rest keep the copies
  /// named.
  let wholeChains: Set<Int>

  /// Every view of `chains`.
  public init(all chains: [SceneHost.ChainLayout]) {
    self.init(
      segments: chains.indices.compactMap { index in
        let count = chains[index].viewRange.count
        return count > 0 ? Segment(chain: index, copies: 0..<count) : nil
      }, wholeChains: Set(chains.indices))
  }

  private init(segments: [Segment], wholeChains: Set<Int>) {
    self.segments = segments
    self.wholeChains = wholeChains
  }

  /// The same views after a layout change gave the chains `counts` copies
  /// each: a chain kept whole keeps every copy it has now, a copy named by
  /// itself stays while the chain has it.
  func following(counts: [Int]) -> ViewSelection {
    var kept: [Segment] = []
    for (index, count) in counts.enumerated() {
      if wholeChains.contains(index) {
        if count > 0 { kept.append(Segment(chain: index, copies: 0..<count)) }
        continue
      }
      for segment in segments where segment.chain == index {
        let copies = segment.copies.clamped(to: 0..<count)
        if !copies.isEmpty { kept.append(Segment(chain: index, copies: copies)) }
      }
    }
    return ViewSelection(segments: kept, wholeChains: wholeChains)
  }

  /// The views named by `names` (`header`, `row`, `row[3]`) in `chains`;
  /// every view when `names` is empty.
  public init(names: [String], in chains: [SceneHost.ChainLayout]) throws(ChainSelectionError) {
    if names.isEmpty {
      self.init(all: chains)
      return
    }
    var indexByName: [String: Int] = [:]
    for (index, chain) in chains.enumerated() { indexByName[chain.name] = index }
    var wholeChains = Set<Int>()
    var copiesByChain: [Int: Set<Int>] = [:]
    for name in names {
      let (base, copyText) = Self.split(name)
      guard let chainIndex = indexByName[base] else {
        // The nearest chain with the copy asked for when it has that copy,
        // else the nearest chain whole: never a name that is refused too.
        let suggestion = MessageText.nearestName(to: base, in: chains.map(\.name)).map {
          near -> String in
          guard let copyText, let index = indexByName[near] else { return near }
          let chain = chains[index]
          let isCopy =
            chain.isRepeated && copyText.allSatisfy { $0 >= "0" && $0 <= "9" }
            && (copyText == "0" || copyText.first != "0")
            && Int(copyText).map { $0 < chain.viewRange.count } == true
          return isCopy ? near + name.dropFirst(base.count) : near
        }
        throw .unknownChain(name, suggestion: suggestion, valid: chains.map(Self.describe))
      }
      let chain = chains[chainIndex]
      guard let copyText else {
        wholeChains.insert(chainIndex)
        continue
      }
      guard chain.isRepeated else { throw .notRepeated(name, chain: chain.name) }
      let count = chain.viewRange.count
      let isDigits = copyText.allSatisfy { $0 >= "0" && $0 <= "9" }
      // `row[03]` is not quietly `row[3]`: a view has one name.
      if isDigits && copyText.count > 1 && copyText.first == "0" {
        let stripped = copyText.drop { $0 == "0" }
        let copy = Int(stripped.isEmpty ? "0" : stripped)
        throw .leadingZeros(
          name, chain: chain.name, count: count,
          suggestion: copy.flatMap { $0 < count ? chain.viewName(copy: $0) : nil })
      }
      guard isDigits, let copy = Int(copyText), copy < count else {
        throw .copyOutOfRange(name, chain: chain.name, count: count)
      }
      copiesByChain[chainIndex, default: []].insert(copy)
    }
    var segments: [Segment] = []
    for index in chains.indices {
      let count = chains[index].viewRange.count
      if wholeChains.contains(index) {
        if count > 0 { segments.append(Segment(chain: index, copies: 0..<count)) }
      } else if let copies = copiesByChain[index] {
        for copy in copies.sorted() {
          if let last = segments.last, last.chain == index, last.copies.upperBound == copy {
            segments[segments.count - 1].copies = last.copies.lowerBound..<copy + 1
          } else {
            segments.append(Segment(chain: index, copies: copy..<copy + 1))
          }
        }
      }
    }
    self.init(segments: segments, wholeChains: wholeChains)
  }

  /// `row[3]` as (`row`, `3`); a name without a trailing `[...]` as (name, nil).
  private static func split(_ name: String) -> (base: String, copy: Substring?) {
    guard name.hasSuffix("]"), let open = name.lastIndex(of: "[") else { return (name, nil) }
    let copy = name[name.index(after: open)..<name.index(before: name.endIndex)]
    return (String(name[..<open]), copy)
  }

  /// `header`, `row (row[0] to row[999])`, `row (no copies)`: each name as
  /// the table shows it, so that no name passes for another.
  private static func describe(_ chain: SceneHost.ChainLayout) -> String {
    let name = RowEncoder.shownName(chain.name)
    guard chain.isRepeated else { return name }
    let count = chain.viewRange.count
    switch count {
    case 0: return "\(name) (no copies)"
    case 1: return "\(name) (\(name)[0])"
    default: return "\(name) (\(name)[0] to \(name)[\(count - 1)])"
    }
  }
}

/// Why a `--chain` name does not name views of the scene.
public enum ChainSelectionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No chain has this name; the nearest name, and every chain described.
  case unknownChain(String, suggestion: String?, valid: [String])
  /// `header[0]` for a chain that does not repeat.
  case notRepeated(String, chain: String)
  /// `row[N]` where `row` has `count` copies, or N is not a whole number.
  case copyOutOfRange(String, chain: String, count: Int)
  /// `row[03]`: a copy number with leading zeros; `suggestion` is the name
  /// without them when that copy exists.
  case leadingZeros(String, chain: String, count: Int, suggestion: String?)

  /// The `--chain` value refused.
  public var name: String {
    switch self {
    case .unknownChain(let name, _, _), .notRepeated(let name, _), .copyOutOfRange(let name, _, _),
      .leadingZeros(let name, _, _, _):
      name
    }
  }

  /// `has copies row[0] to row[3]`, `has one copy, row[0]`, `has no copies`.
  private static func copies(_ chain: String, _ count: Int) -> String {
    switch count {
    case 0: "has no copies"
    case 1: "has one copy, \(chain)[0]"
    default: "has copies \(chain)[0] to \(chain)[\(count - 1)]"
    }
  }

  /// At most this many chains are listed in a message.
  static let listedChains = 20

  /// What is wrong, with every scalar of the names that could break or
  /// disguise the line escaped (a scene's chain names are text from outside).
  public var description: String { MessageText.escapingUnsafe(unescapedDescription) }

  private var unescapedDescription: String {
    switch self {
    case .unknownChain(let name, let suggestion, let valid):
      var names = valid.prefix(Self.listedChains).joined(separator: ", ")
      if valid.count > Self.listedChains {
        names += ", and \(valid.count - Self.listedChains) more"
      }
      let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
      return "no chain is named '\(name)'.\(hint) The chains are: \(names)"
    case .notRepeated(let name, let chain):
      return "'\(chain)' does not repeat, so '\(name)' names no view; give '\(chain)'"
    case .copyOutOfRange(let name, let chain, let count):
      return "'\(name)' is not a copy of '\(chain)': it \(Self.copies(chain, count))"
    case .leadingZeros(let name, let chain, let count, let suggestion):
      let example = suggestion.map { ", e.g. '\($0)'" } ?? ""
      return
        "'\(name)' is not a copy of '\(chain)': expected a copy number without leading "
        + "zeros\(example); it \(Self.copies(chain, count))"
    }
  }
}

extension ViewSelection {
  /// The views a subcommand's `--chain NAME...` keeps, or `fallback` (every
  /// view by default) when none is given; an unknown name or copy is a usage
  /// error of `command` naming `option` (exit 64), the same in every
  /// subcommand.
  static func forCommand(
    names: [String], option: OptionSpec, command: CommandSpec,
    chains: [SceneHost.ChainLayout], default fallback: ViewSelection? = nil
  ) throws(CommandError) -> ViewSelection {
    if names.isEmpty, let fallback { return fallback }
    do {
      return try ViewSelection(names: names, in: chains)
    } catch {
      throw .usage(
        UsageError(
          message: "The value '\(error.name)' is invalid for '\(option.fullLabel)': "
            + error.description, command: command))
    }
  }
}

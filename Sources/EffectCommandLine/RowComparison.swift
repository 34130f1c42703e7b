import EffectHost
import EffectProtocol

/// Rows recorded in a golden csv file against the rows a command prints
/// now: what `effectctl check` reports.
///
/// Rows are paired by their key columns (`offset` and `chain` for `eval`'s
/// rows, `frame` and `chain` for `simulate`'s), in order: the n-th golden row
/// of a key with the n-th row of that key now. In a pair, text columns must
/// be equal and numbers within the tolerance (absolute; at the bound is
/// within). A row whose key the other side lacks is reported as on one side
/// only.
struct RowComparison {
  /// A value of a pair of rows that differs.
  struct Difference: Equatable {
    /// Where the row is: `offset 120, header`, or `frame 36, time 0.3,
    /// header`.
    var row: String
    var column: String
    var golden: String
    var now: String
    /// How far apart two numbers are; `nil` for text.
    var distance: Double?
  }

  /// The number of rows paired whose values are all alike.
  private(set) var matchingRows = 0
  /// The number of paired rows with a value that differs.
  private(set) var differingRows = 0
  private(set) var differences: [Difference] = []
  /// The rows found only in the golden file, and only now, by ``Difference/row``.
  private(set) var onlyGolden: [String] = []
  private(set) var onlyNow: [String] = []
  /// The golden header and the command's, when they differ: no rows are
  /// compared.
  private(set) var columnsDiffer: (golden: [String], now: [String])?

  /// The most differences, and rows on each side, a report lists.
  static let listed = 20

  /// The columns whose values are text.
  static let textColumns: Set<String> = ["chain", "phase"]

  /// Compares `golden` (a csv file's records, header first) with `now` (the
  /// command's csv, header first), numbers within `tolerance`.
  ///
  /// - Throws: a golden row with another number of values than the header,
  ///   or a number column whose value is not a number, with its line.
  init(golden: [CSVRows.Record], now: [CSVRows.Record], tolerance: Double) throws(CSVError) {
    let nowHeader = now.first?.cells ?? []
    guard let goldenHeader = golden.first else {
      throw CSVError(
        line: 1,
        reason: "the file is empty; expected the header line"
          + " \(nowHeader.joined(separator: ","))")
    }
    guard goldenHeader.cells == nowHeader else {
      columnsDiffer = (goldenHeader.cells, nowHeader)
      return
    }
    let keyNames = nowHeader.contains("frame") ? ["frame", "chain"] : ["offset", "chain"]
    let keys = keyNames.compactMap { nowHeader.firstIndex(of: $0) }
    let numbers = nowHeader.indices.filter { !Self.textColumns.contains(nowHeader[$0]) }
    for record in golden.dropFirst() {
      guard record.cells.count == nowHeader.count else {
        throw CSVError(
          line: record.line,
          reason:
            "expected \(nowHeader.count) values as the header has, found \(record.cells.count)")
      }
      for index in numbers {
        // eval and simulate print finite numbers only, in JSON's grammar: a
        // NaN or an infinity (`nan`, `inf`, `1e999`) or other text (`0x10`,
        // `+16`, `16\0junk`) is a damaged file, not a value to compare.
        let cell = record.cells[index]
        // A number as eval and simulate write one, in JSON's grammar.
        let value = JSONParser.number(cell)
        guard value?.isFinite != true else { continue }
        let infinite = value != nil || Double(cell).map { !$0.isFinite } == true
        throw CSVError(
          line: record.line,
          reason:
            "expected \(infinite ? "a finite" : "a") number in column \(nowHeader[index]), "
            + "found '\(MessageText.escapingUnsafe(cell))'"
        )
      }
    }
    // The rows of each key now, in order, still to be paired.
    var waiting: [[String]: [Int]] = [:]
    let nowRows = Array(now.dropFirst())
    for (index, record) in nowRows.enumerated() {
      waiting[keys.map { record.cells[$0] }, default: []].append(index)
    }
    var paired = [Bool](repeating: false, count: nowRows.count)
    for record in golden.dropFirst() {
      let key = keys.map { record.cells[$0] }
      guard let index = waiting[key]?.first else {
        onlyGolden.append(Self.place(of: record.cells, header: nowHeader))
        continue
      }
      waiting[key]?.removeFirst()
      paired[index] = true
      let place = Self.place(of: record.cells, header: nowHeader)
      var alike = true
      for column in nowHeader.indices {
        let old = record.cells[column]
        let new = nowRows[index].cells[column]
        if Self.textColumns.contains(nowHeader[column]) {
          guard old != new else { continue }
          differences.append(
            Difference(row: place, column: nowHeader[column], golden: old, now: new, distance: nil))
        } else {
          let a = Double(old) ?? .nan
          let b = Double(new) ?? .nan
          let distance = abs(b - a)
          guard !(a == b || (a.isNaN && b.isNaN) || distance <= tolerance) else { continue }
          differences.append(
            Difference(
              row: place, column: nowHeader[column], golden: old, now: new, distance: distance))
        }
        alike = false
      }
      if alike { matchingRows += 1 } else { differingRows += 1 }
    }
    for (index, record) in nowRows.enumerated() where !paired[index] {
      onlyNow.append(Self.place(of: record.cells, header: nowHeader))
    }
  }

  /// Whether every row is paired and alike.
  var matches: Bool {
    columnsDiffer == nil && differences.isEmpty && onlyGolden.isEmpty && onlyNow.isEmpty
  }

  /// Where a row is, for people: its `offset`, or its `frame` and `time`,
  /// then its chain.
  static func place(of cells: [String], header: [String]) -> String {
    var parts: [String] = []
    for name in ["frame", "time"] {
      if let index = header.firstIndex(of: name) { parts.append("\(name) \(cells[index])") }
    }
    if parts.isEmpty, let index = header.firstIndex(of: "offset") {
      parts.append("offset \(cells[index])")
    }
    if let index = header.firstIndex(of: "chain") {
      parts.append(MessageText.escapingUnsafe(cells[index]))
    }
    return parts.joined(separator: ", ")
  }

  /// The report: `N rows match FILE`, or what differs, a line each, the
  /// first ``listed`` differences and rows on each side.
  func report(file: String) -> String {
    let file = MessageText.escapingUnsafe(file)
    if let (golden, now) = columnsDiffer {
      let golden = MessageText.escapingUnsafe(golden.joined(separator: ","))
      return "the columns differ from \(file): golden \(golden); "
        + "now \(now.joined(separator: ","))\n"
    }
    guard !matches else {
      return
        "\(Self.count(matchingRows, "row")) \(matchingRows == 1 ? "matches" : "match") \(file)\n"
    }
    let rows = differingRows + onlyGolden.count + onlyNow.count
    var parts: [String] = []
    if differingRows > 0 {
      parts.append(
        "\(Self.count(differences.count, "value")) in \(Self.count(differingRows, "row"))")
    }
    if !onlyGolden.isEmpty {
      parts.append("\(Self.count(onlyGolden.count, "row")) only in \(file)")
    }
    if !onlyNow.isEmpty { parts.append("\(Self.count(onlyNow.count, "row")) only now") }
    var lines = [
      "\(Self.count(rows, "row")) \(rows == 1 ? "differs" : "differ") from \(file): "
        + parts.joined(separator: ", ")
    ]
    for difference in differences.prefix(Self.listed) {
      var line =
        "\(difference.row), \(difference.column): golden \(MessageText.escapingUnsafe(difference.golden)), "
        + "now \(MessageText.escapingUnsafe(difference.now))"
      if let distance = difference.distance {
        line += " (off by \(MessageText.number(distance)))"
      }
      lines.append(line)
    }
    if differences.count > Self.listed {
      lines.append("and \(Self.count(differences.count - Self.listed, "more value"))")
    }
    for (side, places) in [("only in \(file)", onlyGolden), ("only now", onlyNow)] {
      for place in places.prefix(Self.listed) { lines.append("\(side): \(place)") }
      if places.count > Self.listed {
        lines.append("and \(Self.count(places.count - Self.listed, "more row")) \(side)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `1 row`, `2 rows`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}

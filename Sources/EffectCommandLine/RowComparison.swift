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
  /// The number of values that differ in them.
  private(set) var differenceCount = 0
  /// The first ``listed`` values that differ.
  private(set) var differences: [Difference] = []
  /// The number of rows found only in the golden file, and only now.
  private(set) var onlyGoldenCount = 0
  private(set) var onlyNowCount = 0
  /// The first ``listed`` of those rows on each side, by ``Difference/row``.
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
  /// Rows in the same order on both sides (a file that matches, or matches
  /// up to a point) are paired as they are read, with no table of keys; a
  /// cell with the same bytes on both sides is alike without being read as
  /// a number.
  ///
  /// - Throws: a golden row with another number of values than the header,
  ///   or a number column whose value is not a number, with its line.
  init(golden: CSVRows, now: CSVRows, tolerance: Double) throws(CSVError) {
    let header = now.count > 0 ? now.texts(ofRecord: 0) : []
    guard golden.count > 0 else {
      // Blank lines are no records (CSVRows).
      let blank = golden.bytes.contains(UInt8(ascii: "\n"))
      throw CSVError(
        line: 1,
        reason: "the file \(blank ? "has only blank lines" : "is empty"); "
          + "expected the header line \(header.joined(separator: ","))")
    }
    let goldenHeader = golden.texts(ofRecord: 0)
    guard goldenHeader == header else {
      columnsDiffer = (goldenHeader, header)
      return
    }
    let keyNames = header.contains("frame") ? ["frame", "chain"] : ["offset", "chain"]
    let keys = keyNames.compactMap { header.firstIndex(of: $0) }
    let isText = header.map { Self.textColumns.contains($0) }
    var goldenCells: [Range<Int>] = []
    var nowCells: [Range<Int>] = []

    /// Reads golden record `record` into `goldenCells`; a row with another
    /// number of values than the header is a damaged file.
    func readGolden(_ record: Int) throws(CSVError) {
      golden.cells(ofRecord: record, into: &goldenCells)
      guard goldenCells.count == header.count else {
        throw CSVError(
          line: golden.line(ofRecord: record),
          reason: "expected \(header.count) values as the header has, found \(goldenCells.count)")
      }
    }

    /// The number golden record `record` holds in `column`, as eval and
    /// simulate write one: finite, in JSON's grammar.
    func goldenNumber(_ record: Int, _ column: Int) throws(CSVError) -> Double {
      let cell = golden.text(of: goldenCells[column])
      // A NaN or an infinity (`nan`, `inf`, `1e999`) or other text (`0x10`,
      // `+16`, `16\0junk`) is a damaged file, not a value to compare.
      let value = JSONParser.number(cell)
      if let value, value.isFinite { return value }
      let infinite = value != nil || Double(cell).map { !$0.isFinite } == true
      throw CSVError(
        line: golden.line(ofRecord: record),
        reason:
          "expected \(infinite ? "a finite" : "a") number in column \(header[column]), "
          + "found '\(MessageText.escapingUnsafe(cell))'")
    }

    /// Pairs golden record `record`, read, with the record `nowCells` holds.
    func pair(_ record: Int) throws(CSVError) {
      var alike = true
      for column in header.indices {
        let old = goldenCells[column]
        let new = nowCells[column]
        // The same bytes: the same text, and (a number the command wrote)
        // the same finite number.
        if golden.sameBytes(old, new, in: now) { continue }
        let newText = now.text(of: new)
        var distance: Double?
        if isText[column] {
          guard golden.text(of: old) != newText else { continue }
        } else {
          let a = try goldenNumber(record, column)
          let b = Double(newText) ?? .nan
          guard a != b else { continue }
          distance = abs(b - a)
          if Self.isWithin(a, b, tolerance: tolerance) { continue }
        }
        alike = false
        differenceCount += 1
        if differences.count < Self.listed {
          differences.append(
            Difference(
              row: Self.place(of: golden.texts(ofRecord: record), header: header),
              column: header[column], golden: golden.text(of: old), now: newText,
              distance: distance))
        }
      }
      if alike { matchingRows += 1 } else { differingRows += 1 }
    }

    /// A key cell as it pairs: a number (`offset`, `frame`) by its value,
    /// whatever its spelling (`-100.0`, `-1e2` and `-100` are one offset;
    /// `-0` is `0`), a name by its text.
    func keyText(_ text: String, column: Int) -> String {
      guard !isText[column], let value = JSONParser.number(text), value.isFinite else {
        return text
      }
      return value == 0 ? "0" : "\(value)"
    }

    /// Whether the golden record and the record now (read) have the same key.
    func sameKey() -> Bool {
      keys.allSatisfy { column in
        golden.sameBytes(goldenCells[column], nowCells[column], in: now)
          || keyText(golden.text(of: goldenCells[column]), column: column)
            == keyText(now.text(of: nowCells[column]), column: column)
      }
    }

    // Rows in the same order on both sides pair as they come.
    var record = 1
    var nowRecord = 1
    while record < golden.count && nowRecord < now.count {
      try readGolden(record)
      now.cells(ofRecord: nowRecord, into: &nowCells)
      guard sameKey() else { break }
      try pair(record)
      record += 1
      nowRecord += 1
    }
    guard record < golden.count || nowRecord < now.count else { return }

    // The rest: the rows now still to be paired, by a hash of their key and
    // in order within a hash. A pair of words a row, a byte for whether it
    // is paired and the sort's scratch of half the rows: a table of the
    // keys' texts would take over 200 bytes a row. Checked before it is
    // built, where running out of memory would end the process.
    let firstUnpaired = nowRecord
    let unpaired = now.count - firstUnpaired
    let bytesPerRow = MemoryLayout<(Int, Int)>.stride * 3 / 2 + 1
    if let message = MemoryRoom.shortfall(
      unpaired, times: bytesPerRow,
      for: "pairing \(unpaired) rows that are not in the golden file's order")
    {
      throw CSVError(line: nil, reason: message, isOutOfMemory: true)
    }
    func hash(_ key: [String]) -> Int {
      var hasher = Hasher()
      for text in key { hasher.combine(text) }
      return hasher.finalize()
    }
    func nowKey(_ row: Int) -> [String] {
      now.cells(ofRecord: row, into: &nowCells)
      return keys.map { keyText(now.text(of: nowCells[$0]), column: $0) }
    }
    var waiting: [(hash: Int, row: Int)] = []
    waiting.reserveCapacity(unpaired)
    for row in firstUnpaired..<now.count { waiting.append((hash(nowKey(row)), row)) }
    waiting.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.row < $1.row }
    var paired = [Bool](repeating: false, count: unpaired)
    // Where each hash's rows start being unpaired: every row of a hash
    // before it is paired, so a key repeated many times is not searched
    // from its first row again each time.
    var firstWaiting: [Int: Int] = [:]
    while record < golden.count {
      try readGolden(record)
      let key = keys.map { keyText(golden.text(of: goldenCells[$0]), column: $0) }
      let keyHash = hash(key)
      // The first row of that hash, by bisection.
      var low = 0
      var high = waiting.count
      while low < high {
        let middle = (low + high) / 2
        if waiting[middle].hash < keyHash { low = middle + 1 } else { high = middle }
      }
      var start = firstWaiting[low] ?? low
      while start < waiting.count && waiting[start].hash == keyHash
        && paired[waiting[start].row - firstUnpaired]
      {
        start += 1
      }
      // Kept only for a hash the rows now have: a golden file of rows
      // found only in it adds nothing.
      if start > low { firstWaiting[low] = start }
      // The first unpaired row of the key, in order (another key may share
      // the hash).
      var found: Int?
      var index = start
      while index < waiting.count && waiting[index].hash == keyHash {
        let row = waiting[index].row
        if !paired[row - firstUnpaired] && nowKey(row) == key {
          found = row
          break
        }
        index += 1
      }
      guard let row = found else {
        // Its numbers are read all the same: a damaged file is one anywhere.
        for column in header.indices where !isText[column] {
          _ = try goldenNumber(record, column)
        }
        onlyGoldenCount += 1
        if onlyGolden.count < Self.listed {
          onlyGolden.append(Self.place(of: golden.texts(ofRecord: record), header: header))
        }
        record += 1
        continue
      }
      paired[row - firstUnpaired] = true
      // `nowKey` has read the row's cells into `nowCells`.
      try pair(record)
      record += 1
    }
    for index in firstUnpaired..<now.count where !paired[index - firstUnpaired] {
      onlyNowCount += 1
      if onlyNow.count < Self.listed {
        onlyNow.append(Self.place(of: now.texts(ofRecord: index), header: header))
      }
    }
  }

  /// Whether every row is paired and alike.
  var matches: Bool {
    columnsDiffer == nil && differenceCount == 0 && onlyGoldenCount == 0 && onlyNowCount == 0
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
      // As the table shows it, so that no name passes for another.
      parts.append(RowEncoder.shownViewName(cells[index]))
    }
    return parts.joined(separator: ", ")
  }

  /// Whether a golden header of one cell is the header line of a table
  /// (eval's or simulate's default format, whatever its columns): a
  /// golden file recorded without `--format csv`. Its cells, apart by
  /// spaces, are column names, the first the one `now` starts with.
  static func isTableHeader(_ golden: [String], of now: [String]) -> Bool {
    guard golden.count == 1, let first = now.first else { return false }
    let cells = golden[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let names = Set(now + TransformColumn.allCases.map(\.rawValue))
    return cells.count > 1 && cells.first == first && cells.allSatisfy(names.contains)
  }

  /// The report: `N rows match FILE`, or what differs, a line each, the
  /// first ``listed`` differences and rows on each side.
  func report(file: String) -> String {
    let file = MessageText.escapingUnsafe(file)
    if let (golden, now) = columnsDiffer {
      var report =
        "the columns differ from \(file): golden "
        + "\(MessageText.escapingUnsafe(golden.joined(separator: ","))); "
        + "now \(now.joined(separator: ","))\n"
      if Self.isTableHeader(golden, of: now) {
        // The rows of simulate lead with its frame, eval's with the offset.
        let command = now.first == "frame" ? "simulate" : "eval"
        report +=
          "\(file) holds \(command)'s table, not csv: record it with check --update, "
          + "or with \(command) --format csv\n"
      }
      return report
    }
    guard !matches else {
      return
        "\(Self.count(matchingRows, "row")) \(matchingRows == 1 ? "matches" : "match") \(file)\n"
    }
    let rows = differingRows + onlyGoldenCount + onlyNowCount
    var parts: [String] = []
    if differingRows > 0 {
      parts.append(
        "\(Self.count(differenceCount, "value")) in \(Self.count(differingRows, "row"))")
    }
    if onlyGoldenCount > 0 {
      parts.append("\(Self.count(onlyGoldenCount, "row")) only in \(file)")
    }
    if onlyNowCount > 0 { parts.append("\(Self.count(onlyNowCount, "row")) only now") }
    var lines = [
      "\(Self.count(rows, "row")) \(rows == 1 ? "differs" : "differ") from \(file): "
        + parts.joined(separator: ", ")
    ]
    for difference in differences {
      var line =
        "\(difference.row), \(difference.column): golden \(MessageText.escapingUnsafe(difference.golden)), "
        + "now \(MessageText.escapingUnsafe(difference.now))"
      if let distance = difference.distance {
        line += " (off by \(MessageText.number(distance)))"
      }
      lines.append(line)
    }
    if differenceCount > differences.count {
      lines.append("and \(Self.count(differenceCount - differences.count, "more value"))")
    }
    for (side, places, count) in [
      ("only in \(file)", onlyGolden, onlyGoldenCount), ("only now", onlyNow, onlyNowCount),
    ] {
      for place in places { lines.append("\(side): \(place)") }
      if count > places.count {
        lines.append("and \(Self.count(count - places.count, "more row")) \(side)")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whether `a` and `b`, each the nearest Double to a decimal, are within
  /// `tolerance` as the decimals are: 390 and 390.1 are within 0.1, though
  /// their Doubles are 0.10000000000002274 apart. Reading each decimal (and
  /// the tolerance) rounds it by at most half an ulp, and the subtraction
  /// by at most half an ulp of the larger; an ulp of the larger and one of
  /// the tolerance bound all three.
  static func isWithin(_ a: Double, _ b: Double, tolerance: Double) -> Bool {
    abs(b - a) <= tolerance + Swift.max(abs(a), abs(b)).ulp + tolerance.ulp
  }

  /// `1 row`, `2 rows`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}

import EffectProtocol

extension ViewTransform {
  /// Every stored column with its name, in the order the type declares them.
  public static let storedColumns:
    [(name: String, keyPath: KeyPath<ViewTransform, Double> & Sendable)] = [
      ("x", \.x), ("y", \.y), ("width", \.width), ("height", \.height), ("scaleX", \.scaleX),
      ("scaleY", \.scaleY), ("anchorX", \.anchorX), ("anchorY", \.anchorY),
      ("opacity", \.opacity), ("blur", \.blur), ("rotation", \.rotation), ("zIndex", \.zIndex),
    ]

  /// Every stored column as its bit pattern: equal when two transforms are
  /// the same to the last bit, signs of zero and NaN payloads included,
  /// which `==` on `Double` does not tell apart.
  public var bitPatterns: [UInt64] {
    // Spelled out, not through `storedColumns`: the fuzzer compares every
    // view of every frame, and key paths are slow.
    [x, y, width, height, scaleX, scaleY, anchorX, anchorY, opacity, blur, rotation, zIndex]
      .map(\.bitPattern)
  }

  /// Whether `self` and `other` are the same to the last bit in every column.
  public func isBitwiseEqual(to other: ViewTransform) -> Bool {
    bitPatterns == other.bitPatterns
  }
}

/// Where two lists of transforms first differ in any bit, as a line for a
/// failure message, or `nil` when they are the same to the last bit.
///
/// The line names the view, both transforms (`actualName` and
/// `expectedName` say which is which) and every column that differs with both
/// values, so a failure reads without a debugger; a different count is
/// reported before any view.
public func firstBitwiseDifference(
  _ actual: [ViewTransform], _ expected: [ViewTransform], actualName: String = "actual",
  expectedName: String = "expected"
) -> String? {
  guard actual.count == expected.count else {
    return "\(actual.count) views (\(actualName)), \(expected.count) views (\(expectedName))"
  }
  guard let index = actual.indices.first(where: { !actual[$0].isBitwiseEqual(to: expected[$0]) })
  else { return nil }
  let a = actual[index]
  let b = expected[index]
  let columns = ViewTransform.storedColumns.filter {
    a[keyPath: $0.keyPath].bitPattern != b[keyPath: $0.keyPath].bitPattern
  }.map { "\($0.name) \(a[keyPath: $0.keyPath]) vs \(b[keyPath: $0.keyPath])" }
  return "view \(index): \(actualName) \(a), \(expectedName) \(b) (differs in "
    + columns.joined(separator: ", ") + ")"
}

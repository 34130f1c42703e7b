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
      .map { $0.bitPattern }
  }

  /// Whether `self` and `other` are the same to the last bit in every column.
  public func isBitwiseEqual(to other: ViewTransform) -> Bool {
    // Column by column, without arrays: tests compare millions of views.
    x.bitPattern == other.x.bitPattern && y.bitPattern == other.y.bitPattern
      && width.bitPattern == other.width.bitPattern
      && height.bitPattern == other.height.bitPattern
      && scaleX.bitPattern == other.scaleX.bitPattern
      && scaleY.bitPattern == other.scaleY.bitPattern
      && anchorX.bitPattern == other.anchorX.bitPattern
      && anchorY.bitPattern == other.anchorY.bitPattern
      && opacity.bitPattern == other.opacity.bitPattern
      && blur.bitPattern == other.blur.bitPattern
      && rotation.bitPattern == other.rotation.bitPattern
      && zIndex.bitPattern == other.zIndex.bitPattern
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
  var found: Int?
  for index in 0..<actual.count where !actual[index].isBitwiseEqual(to: expected[index]) {
    found = index
    break
  }
  guard let index = found else { return nil }
  let a = actual[index]
  let b = expected[index]
  let columns = ViewTransform.storedColumns.filter {
    a[keyPath: $0.keyPath].bitPattern != b[keyPath: $0.keyPath].bitPattern
  }.map { "\($0.name) \(a[keyPath: $0.keyPath]) vs \(b[keyPath: $0.keyPath])" }
  return "view \(index): \(actualName) \(a), \(expectedName) \(b) (differs in "
    + columns.joined(separator: ", ") + ")"
}

extension Substring {
  /// The text without the spaces before and after it: an item of a list as
  /// people write it (`"0, 50"`, `"drag:10:100, release"`).
  package var trimmingSpaces: Substring {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map(index(after:)) ?? start
    return self[start..<Swift.max(start, end)]
  }
}

import Foundation
import Testing

/// Reads back what the preview page embeds: its JSON, a column's breakpoints,
/// and the value between them.
enum PreviewPageData {
  /// The JSON the page embeds, parsed.
  static func embedded(_ html: String) throws -> [String: Any] {
    let start = try #require(html.range(of: "<script type=\"application/json\" id=\"frames\">"))
    let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
    let json = Data(html[start.upperBound..<end.lowerBound].utf8)
    return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
  }

  /// A column as `(offset, value)` breakpoints; a plain number is constant.
  static func breakpoints(_ column: Any) throws -> [(Double, Double)] {
    if let constant = column as? Double { return [(-Double.infinity, constant)] }
    let flat = try #require(column as? [Double])
    return stride(from: 0, to: flat.count, by: 2).map { (flat[$0], flat[$0 + 1]) }
  }

  /// Linear interpolation between the breakpoints around `offset`, found independently.
  static func interpolate(_ points: [(Double, Double)], at offset: Double) -> Double {
    if points.count == 1 || offset <= points[0].0 { return points[0].1 }
    if offset >= points[points.count - 1].0 { return points[points.count - 1].1 }
    // The first breakpoint at or after `offset`, by bisection (there can be thousands).
    var low = 0
    var after = points.count - 1
    while after - low > 1 {
      let middle = (low + after) / 2
      if points[middle].0 >= offset { after = middle } else { low = middle }
    }
    let (o0, v0) = points[after - 1]
    let (o1, v1) = points[after]
    return v0 + (v1 - v0) * (offset - o0) / (o1 - o0)
  }
}

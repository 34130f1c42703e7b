/// The inside of a JSON string literal, as every JSON this package writes
/// spells it: quotes, backslashes and control characters escaped (`\n`,
/// `\r`, `\t` by name, the others as `\u00XX`), every other scalar as it is.
package enum JSONString {
  /// `text` escaped for the inside of a JSON string.
  package static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

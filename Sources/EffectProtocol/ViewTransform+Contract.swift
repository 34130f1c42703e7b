extension ViewTransform {
  /// What in this transform breaks the promise every effect makes for finite
  /// input, or `nil` when nothing does: every field finite, `width`,
  /// `height` and `blur` not negative, `opacity` in 0...1.
  ///
  /// For tests, fuzzers and hosts that want to check an effect they did not
  /// write, e.g. `"opacity is 1.5, expected a number from 0 to 1"`.
  public var contractViolation: String? {
    let fields: KeyValuePairs<String, Double> = [
      "x": x, "y": y, "width": width, "height": height, "scaleX": scaleX, "scaleY": scaleY,
      "anchorX": anchorX, "anchorY": anchorY, "opacity": opacity, "blur": blur,
      "rotation": rotation, "zIndex": zIndex,
    ]
    for (name, value) in fields where !value.isFinite {
      return "\(name) is \(value), expected a finite number"
    }
    for (name, value) in [("width", width), ("height", height), ("blur", blur)] where value < 0 {
      return "\(name) is \(value), expected 0 or more"
    }
    if !(0...1).contains(opacity) {
      return "opacity is \(opacity), expected a number from 0 to 1"
    }
    return nil
  }
}

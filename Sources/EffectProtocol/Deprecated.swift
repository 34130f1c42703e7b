// The global spellings of the helpers that now live in namespaces, kept
// for effects written against them.

/// Deprecated: use ``MessageText/number(_:)``, which this calls.
@available(*, deprecated, renamed: "MessageText.number(_:)")
public func formatNumber(_ value: Double) -> String { MessageText.number(value) }

/// Deprecated: use ``MessageText/quoted(_:limit:)``, which this calls.
@available(*, deprecated, renamed: "MessageText.quoted(_:limit:)")
public func quotedForMessage(_ text: String, limit: Int = 40) -> String {
  MessageText.quoted(text, limit: limit)
}

/// Deprecated: use ``MessageText/nearestName(to:in:)``, which this calls.
@available(*, deprecated, renamed: "MessageText.nearestName(to:in:)")
public func nearestName(to word: String, in candidates: [String]) -> String? {
  MessageText.nearestName(to: word, in: candidates)
}

/// Deprecated: use ``Saturation/limit``, which this equals (1e15).
@available(*, deprecated, renamed: "Saturation.limit")
public let saturationLimit = Saturation.limit

/// Deprecated: use ``Saturation/clamp(_:)``, which this calls.
@available(*, deprecated, renamed: "Saturation.clamp(_:)")
@inlinable
public func saturated(_ value: Double) -> Double { Saturation.clamp(value) }

extension ParameterizedEffect {
  /// Deprecated: use ``init(parametersFrom:)``, which this calls.
  @available(*, deprecated, renamed: "init(parametersFrom:)")
  @inlinable public init(fieldsFrom reader: inout ParameterReader) {
    self.init(parametersFrom: &reader)
  }
}

// The global spellings of the helpers that now live in namespaces, kept
// for effects written against them.

@available(*, deprecated, renamed: "MessageText.number(_:)")
public func formatNumber(_ value: Double) -> String { MessageText.number(value) }

@available(*, deprecated, renamed: "MessageText.quoted(_:limit:)")
public func quotedForMessage(_ text: String, limit: Int = 40) -> String {
  MessageText.quoted(text, limit: limit)
}

@available(*, deprecated, renamed: "MessageText.nearestName(to:in:)")
public func nearestName(to word: String, in candidates: [String]) -> String? {
  MessageText.nearestName(to: word, in: candidates)
}

@available(*, deprecated, renamed: "Saturation.limit")
public let saturationLimit = Saturation.limit

@available(*, deprecated, renamed: "Saturation.clamp(_:)")
@inlinable
public func saturated(_ value: Double) -> Double { Saturation.clamp(value) }

extension ParameterizedEffect {
  @available(*, deprecated, renamed: "init(parametersFrom:)")
  @inlinable public init(fieldsFrom reader: inout ParameterReader) {
    self.init(parametersFrom: &reader)
  }
}

import EffectProtocol

/// An effect that says which fields of a view its Swift may change
/// (``SwiftChainCode/writes(_:)``, what ``SwiftExportable/writeSwift(to:)``
/// records), from its parameters alone: the host asks it of every chain at
/// load (which chains a right-to-left frame mirrors whole, which events'
/// inputs no effect changes), where writing the chain's Swift out to find it
/// costs far more than the answer is worth.
package protocol StatesWrittenFields: SwiftExportable {
  /// The fields ``SwiftExportable/writeSwift(to:)`` records as written, in
  /// any chain: exactly those, no more and no fewer.
  var writtenFields: SwiftChainCode.Fields { get }
}

extension SwiftChainCode {
  /// A set of ``Field``s in one word: made and tested without allocating.
  package struct Fields: OptionSet, Sendable {
    package let rawValue: UInt16

    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set of `field` alone.
    package init(_ field: Field) {
      let bit: UInt16 =
        switch field {
        case .x: 0
        case .y: 1
        case .width: 2
        case .height: 3
        case .scaleX: 4
        case .scaleY: 5
        case .anchorX: 6
        case .anchorY: 7
        case .opacity: 8
        case .blur: 9
        case .rotation: 10
        case .zIndex: 11
        }
      self.init(rawValue: 1 << bit)
    }

    /// The set of `fields`.
    package init(_ fields: some Sequence<Field>) {
      self.init()
      for field in fields { formUnion(Fields(field)) }
    }

    /// Whether the set holds `field`.
    package func contains(_ field: Field) -> Bool { contains(Fields(field)) }

    /// The fields of the set.
    package var fields: Set<Field> { Set(Field.allCases.filter(contains)) }
  }
}

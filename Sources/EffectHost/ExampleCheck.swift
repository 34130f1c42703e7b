import EffectProtocol

/// One worked example run: the type and example it belongs to, and what
/// does not hold, if anything.
///
/// Made by ``EffectRegistry/check(_:of:)``; its ``description`` is the line
/// `effectctl effects --check` prints for an example that does not hold:
/// `stretch: "pulled down 100: the header fills the gap": height expected
/// 400, got 401`.
public struct ExampleCheck: Sendable, Equatable, CustomStringConvertible {
  /// Why an example does not hold.
  public enum Problem: Sendable, Equatable {
    /// The example's parameters, or an effect it runs after, could not be
    /// read: every problem found, each at its place
    /// (`parameters.resistance`, `chainedAfter[0].type`).
    case decoding([SceneDiagnostic])
    /// The columns whose value is not the expected one, in column order.
    case columns([ColumnDifference])
    /// The expected transform breaks the rule every effect keeps
    /// (``ViewTransform/contractViolation``, e.g. `opacity is 1.5, expected
    /// a number from 0 to 1`): no effect may give it, whatever it gives.
    case expectsBrokenRule(String)
    /// The type's reader reads these keys, which its descriptor does not
    /// declare (``EffectRegistry/checkParametersDeclared(of:)``).
    case undeclaredParameters([String])
  }

  /// The type name of the effect whose example this is.
  public var typeName: String
  /// The example's title.
  public var title: String
  /// What does not hold; `nil` when the example holds.
  public var problem: Problem?

  /// The run of the example titled `title` of the effect type `typeName`; `problem` is `nil`
  /// when the example holds.
  public init(typeName: String, title: String, problem: Problem?) {
    self.typeName = typeName
    self.title = title
    self.problem = problem
  }

  /// Whether the example gives its expected transform.
  public var holds: Bool { problem == nil }

  /// `stretch: "pulled down 100: the header fills the gap": height expected
  /// 400, got 401`; `holds` after the title for an example that holds.
  public var description: String {
    let place = "\(typeName): \(MessageText.quoted(title, limit: 200)): "
    switch problem {
    case nil:
      return place + "holds"
    case .decoding(let diagnostics):
      return place + "does not decode: "
        + diagnostics.map { diagnostic in
          // A malformed object has no place inside it: name the object.
          diagnostic.isAboutWholeFile
            ? "\(diagnostic.path): \(diagnostic.message)" : diagnostic.description
        }.joined(separator: "; ")
    case .columns(let differences):
      return place + differences.map(\.description).joined(separator: "; ")
    case .expectsBrokenRule(let violation):
      return place + "expects what no effect may give: \(violation)"
    case .undeclaredParameters(let keys):
      let list = keys.map { MessageText.quoted($0) }.joined(separator: ", ")
      return place + "reads \(list), which the descriptor does not declare: the loader takes "
        + "\(keys.count == 1 ? "it" : "them") and the schema refuses \(keys.count == 1 ? "it" : "them")"
    }
  }
}

/// A column of an example's transform whose value is not the expected one.
public struct ColumnDifference: Sendable, Equatable, CustomStringConvertible {
  /// The column whose value differs.
  public var column: TransformColumn
  /// The value the example expects: the one it names, else the natural
  /// frame's or the identity visuals'.
  public var expected: Double
  /// The value the effects gave.
  public var actual: Double
  /// Whether the example names the column; one it does not name is expected
  /// to keep its natural or identity value.
  public var isNamed: Bool

  /// The difference of `column`: `expected` against the `actual` value, and whether the example
  /// names the column.
  public init(column: TransformColumn, expected: Double, actual: Double, isNamed: Bool) {
    self.column = column
    self.expected = expected
    self.actual = actual
    self.isNamed = isNamed
  }

  /// `height expected 400, got 401`, or `opacity expected 1 (unchanged), got
  /// 0.5` for a column the example does not name.
  public var description: String {
    "\(column.rawValue) expected \(MessageText.number(expected))\(isNamed ? "" : " (unchanged)"), "
      + "got \(MessageText.number(actual))"
  }
}

extension CommandParameter where Spec == OptionSpec {
  /// A required option: the command line gives it exactly once.
  public init(_ name: String, valueName: String, help: [String], reader: ValueReader<Value>) {
    self.init(name, valueName, help, isRequired: true, default: nil, reader: reader) { $0.first }
  }

  /// An option that may be left out, for `wrappedValue`.
  public init(
    wrappedValue: Value, _ name: String, valueName: String, help: [String],
    reader: ValueReader<Value>
  ) {
    self.init(name, valueName, help, default: wrappedValue, reader: reader) { $0.first }
  }

  /// An option that may be left out, for `nil`.
  public init<Wrapped>(
    _ name: String, valueName: String, help: [String], reader: ValueReader<Wrapped>
  ) where Value == Wrapped? {
    self.init(name, valueName, help, default: .some(nil), reader: reader) {
      $0.first.map { Optional($0) }
    }
  }

  /// A repeatable option: every value, in the order given.
  public init<Element>(
    _ name: String, valueName: String, help: [String], reader: ValueReader<Element>
  ) where Value == [Element] {
    self.init(name, valueName, help, isRepeatable: true, default: [], reader: reader) { $0 }
  }

  /// An option that may be left out, for `defaultText` read as its value:
  /// a default written as a user would write it (`-100:300`).
  public init(
    _ name: String, valueName: String, help: [String], defaultText: String,
    reader: ValueReader<Value>
  ) {
    self.init(name, valueName, help, default: nil, defaultText: defaultText, reader: reader) {
      $0.first
    }
  }

  private init<Element>(
    _ name: String, _ valueName: String, _ help: [String], isRequired: Bool = false,
    isRepeatable: Bool = false, default initial: Value?, defaultText: String? = nil,
    reader: ValueReader<Element>, value: @escaping ([Element]) -> Value?
  ) {
    let spec = OptionSpec(
      name: name, valueName: valueName, isRepeatable: isRepeatable, isRequired: isRequired,
      help: help)
    self.init(spec, .option(spec), default: initial) { (arguments) throws(UsageError) in
      var texts = arguments.texts(of: spec)
      if texts.isEmpty, let defaultText { texts = [defaultText] }
      return value(try arguments.read(texts, label: spec.fullLabel, with: reader))
    }
  }
}

extension CommandParameter where Spec == OptionSpec, Value: ArgumentValue {
  /// A required option read by the type's own reading.
  public init(_ name: String, valueName: String, help: [String]) {
    self.init(name, valueName: valueName, help: help, reader: .standard)
  }

  /// An option that may be left out, for `wrappedValue`, read by the type's
  /// own reading.
  public init(wrappedValue: Value, _ name: String, valueName: String, help: [String]) {
    self.init(wrappedValue: wrappedValue, name, valueName: valueName, help: help, reader: .standard)
  }

  /// An option that may be left out, for `defaultText` read as its value,
  /// read by the type's own reading.
  public init(_ name: String, valueName: String, help: [String], defaultText: String) {
    self.init(name, valueName: valueName, help: help, defaultText: defaultText, reader: .standard)
  }
}

extension CommandParameter where Spec == OptionSpec {
  /// An option that may be left out, for `nil`, read by the type's own
  /// reading.
  public init<Wrapped: ArgumentValue>(_ name: String, valueName: String, help: [String])
  where Value == Wrapped? {
    self.init(name, valueName: valueName, help: help, reader: ValueReader<Wrapped>.standard)
  }

  /// A repeatable option read by the type's own reading.
  public init<Element: ArgumentValue>(_ name: String, valueName: String, help: [String])
  where Value == [Element] {
    self.init(name, valueName: valueName, help: help, reader: ValueReader<Element>.standard)
  }
}

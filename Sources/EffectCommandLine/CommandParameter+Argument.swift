extension CommandParameter where Spec == ArgumentSpec {
  /// An argument the command line gives exactly once.
  public init(_ name: String, help: [String], reader: ValueReader<Value>) {
    self.init(name, help, count: .one, default: nil, reader: reader) { $0.first }
  }

  /// An argument that may be left out, for `wrappedValue`.
  public init(wrappedValue: Value, _ name: String, help: [String], reader: ValueReader<Value>) {
    self.init(name, help, count: .optional, default: wrappedValue, reader: reader) { $0.first }
  }

  /// An argument that may be left out, for `nil`.
  public init<Wrapped>(_ name: String, help: [String], reader: ValueReader<Wrapped>)
  where Value == Wrapped? {
    self.init(name, help, count: .optional, default: .some(nil), reader: reader) {
      $0.first.map { Optional($0) }
    }
  }

  /// One or more values: every positional value left.
  public init<Element>(_ name: String, help: [String], reader: ValueReader<Element>)
  where Value == [Element] {
    self.init(name, help, count: .oneOrMore, default: [], reader: reader) { $0 }
  }

  private init<Element>(
    _ name: String, _ help: [String], count: ArgumentSpec.Count, default initial: Value?,
    reader: ValueReader<Element>, value: @escaping ([Element]) -> Value?
  ) {
    let spec = ArgumentSpec(name: name, count: count, help: help)
    self.init(spec, .argument(spec), default: initial) { (arguments) throws(UsageError) in
      value(try arguments.read(arguments.texts(of: spec), label: spec.label, with: reader))
    }
  }
}

extension CommandParameter where Spec == ArgumentSpec, Value: ArgumentValue {
  /// An argument given exactly once, read by the type's own reading.
  public init(_ name: String, help: [String]) {
    self.init(name, help: help, reader: .standard)
  }

  /// An argument that may be left out, for `wrappedValue`, read by the
  /// type's own reading.
  public init(wrappedValue: Value, _ name: String, help: [String]) {
    self.init(wrappedValue: wrappedValue, name, help: help, reader: .standard)
  }
}

extension CommandParameter where Spec == ArgumentSpec {
  /// An argument that may be left out, for `nil`, read by the type's own
  /// reading.
  public init<Wrapped: ArgumentValue>(_ name: String, help: [String]) where Value == Wrapped? {
    self.init(name, help: help, reader: ValueReader<Wrapped>.standard)
  }

  /// One or more values read by the type's own reading.
  public init<Element: ArgumentValue>(_ name: String, help: [String]) where Value == [Element] {
    self.init(name, help: help, reader: ValueReader<Element>.standard)
  }
}

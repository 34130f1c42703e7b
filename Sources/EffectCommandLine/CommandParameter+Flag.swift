extension CommandParameter where Spec == OptionSpec, Value == Bool {
  /// A flag: `true` when the command line gives it.
  public init(_ name: String, help: [String]) {
    var spec = OptionSpec(name: name, valueName: "", help: help)
    spec.isFlag = true
    self.init(spec, .option(spec), default: false) { $0.isSet(spec) }
  }
}

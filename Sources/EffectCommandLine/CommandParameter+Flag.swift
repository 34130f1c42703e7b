extension CommandParameter where Spec == OptionSpec, Value == Bool {
  /// A flag: `true` when the command line gives it.
  public init(_ name: String, help: [String]) {
    var spec = OptionSpec(name: name, valueName: "", help: help)
    spec.isFlag = true
    self.init(spec, .option(spec), default: false) { $0.isSet(spec) }
  }

  /// A flag the subcommand needs (`export`'s `--swift`, the language to
  /// write): usage lines show it without brackets, and a command line
  /// without it is a usage error that says `missing`.
  public init(_ name: String, help: [String], missing: String) {
    var spec = OptionSpec(name: name, valueName: "", help: help)
    spec.isFlag = true
    spec.isRequired = true
    spec.missingMessage = missing
    self.init(spec, .option(spec), default: false) { $0.isSet(spec) }
  }
}

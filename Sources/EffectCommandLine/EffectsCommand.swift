import EffectHost

/// `effectctl effects`: the registered effect types, or one type's page.
public struct EffectsCommand: Subcommand {
  public static let configuration = CommandConfiguration(
    name: "effects", abstract: "List the registered effect types, or describe one.")

  /// The type to describe; every type is listed when `nil`.
  @Argument(
    "type",
    help: ["An effect type: shows its parameters, units, defaults", "and worked examples."])
  public var type: String?
  /// Whether `--markdown` asks for the Markdown sections.
  @Flag(
    "--markdown",
    help: [
      "Print every type's section of Docs/Effects.md (TYPE's alone",
      "when given) as Markdown.",
    ])
  public var markdown: Bool
  /// Whether `--check` asks for the worked examples to be run.
  @Flag(
    "--check",
    help: [
      "Run every type's worked examples (TYPE's alone when given)",
      "and name each that does not hold; exit 1 if any.",
    ])
  public var check: Bool

  public init() {}

  public func run(_ context: CommandContext) throws(CommandError) -> ExitCode {
    let console = context.console
    let registry = context.registry
    if check && markdown {
      throw .usage(
        UsageError(
          message: "'--check' and '--markdown' cannot be used together", command: Self.spec))
    }
    guard let name = type else {
      if check {
        return try Self.report(registry.checkExamples(), types: registry.types.count, console)
      }
      if markdown {
        try console.print(EffectDocumentation.markdown(registry.types.map { $0.descriptor }))
        return .success
      }
      try console.print(EffectDocumentation.list(registry))
      return .success
    }
    guard let type = registry.type(named: name) else {
      let names = registry.typeNames
      let hint = UsageError.suggestion(name, in: names).map { " " + $0 } ?? ""
      throw .usage(
        UsageError(
          message:
            "Unknown effect type '\(name)'.\(hint) The types are: \(names.joined(separator: ", ")).",
          command: Self.spec))
    }
    if check {
      let checks = type.descriptor.examples.map { registry.check($0, of: type) }
      return try Self.report(checks, types: 1, console)
    }
    let descriptor = type.descriptor
    try console.print(
      markdown
        ? EffectDocumentation.markdownSection(descriptor) : EffectDocumentation.page(descriptor))
    return .success
  }

  /// Prints a line for each example of `checks` (those of `types` types)
  /// that does not hold, then the count: success when every one holds, failure otherwise.
  static func report(
    _ checks: [ExampleCheck], types: Int, _ console: Console
  ) throws(CommandError) -> ExitCode {
    let failures = checks.filter { !$0.holds }
    try console.print(failures.map { "\($0)\n" }.joined() + summary(checks, types: types))
    return failures.isEmpty ? .success : .failure
  }

  /// `41 examples of 9 types hold`, or `2 of 41 examples do not hold`.
  static func summary(_ checks: [ExampleCheck], types: Int) -> String {
    let failures = checks.count { !$0.holds }
    let examples = checks.count == 1 ? "1 example" : "\(checks.count) examples"
    guard failures == 0 else {
      return "\(failures) of \(examples) \(failures == 1 ? "does" : "do") not hold\n"
    }
    return "\(examples) of \(types) \(types == 1 ? "type" : "types") "
      + "\(checks.count == 1 ? "holds" : "hold")\n"
  }
}

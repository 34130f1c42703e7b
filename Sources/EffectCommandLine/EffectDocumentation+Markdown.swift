import EffectProtocol

extension EffectDocumentation {
  /// The line before the part of `Docs/Effects.md` that ``markdown(_:)`` writes.
  public static let markdownBegin =
    "<!-- Written by `effectctl effects --markdown` from the effects' descriptors, up to the"
    + " END line: edit the descriptors, then run `bash Scripts/update-effects-doc.sh`. -->"
  /// The line after it.
  public static let markdownEnd = "<!-- END effectctl effects --markdown -->"

  /// The per-effect part of `Docs/Effects.md`: a table of the types, then a
  /// section for each, in registration order (``markdownSection(_:)``).
  public static func markdown(_ descriptors: [EffectDescriptor]) -> String {
    var text = "| type | what it is |\n| --- | --- |\n"
    for descriptor in descriptors {
      let anchor = descriptor.typeName.lowercased()
      text += "| [`\(descriptor.typeName)`](#\(anchor)) | \(cell(descriptor.summary)) |\n"
    }
    return text + descriptors.map { "\n" + markdownSection($0) }.joined()
  }

  /// A type's section: its heading, summary, a JSON object of it, the table
  /// of its parameters, what reduced motion does by default, the discussion, and the worked examples (each one
  /// executed by the tests), the same content as its `effectctl effects TYPE`
  /// page.
  public static func markdownSection(_ descriptor: EffectDescriptor) -> String {
    let name = descriptor.typeName
    var text = "## `\(name)`\n\n\(descriptor.summary)\n"
    if let object = sampleObject(descriptor) {
      text += "\n```json\n\(object)\n```\n"
    }
    if !descriptor.parameters.isEmpty {
      text += "\n| parameter | values | default | what it does |\n| --- | --- | --- | --- |\n"
      for parameter in descriptor.parameters {
        let isJSON = parameter.defaultValue != "required" && parameter.defaultValue != "unchanged"
        let defaultText = isJSON ? "`\(parameter.defaultValue)`" : parameter.defaultValue
        text += "| `\(parameter.name)` | \(cell(parameter.values)) | \(defaultText)"
        text += " | \(cell(parameter.summary)) |\n"
      }
    }
    text += "\nReduced motion (`\"reducedMotion\"`, which every effect takes): by default "
    text += "\(descriptor.defaultReducedMotion).\n"
    if !descriptor.discussion.isEmpty {
      text += "\n" + markdownParagraphs(descriptor.discussion)
    }
    if !descriptor.examples.isEmpty {
      // True of a plugin's type as of a built-in: `--check` runs either's.
      text += "\nWorked numbers (`effectctl effects \(name) --check` runs each one;"
      text += " `effectctl effects \(name)` prints them):\n\n"
      let earlier = descriptor.examples.contains { !$0.earlierOffsets.isEmpty }
      text += "| example | effect | setup |" + (earlier ? " earlier offsets |" : "")
      text += " offset | result |\n| --- | --- | --- |" + (earlier ? " --- |" : "")
      text += " --- | --- |\n"
      for example in descriptor.examples {
        let setup = setupDifferences(example.setup).joined(separator: ", ")
        let expected = example.expectedDescription
        text += "| \(cell(example.title)) | `\(cell(chainJSON(typeName: name, example: example)))`"
        text += " | \(setup.isEmpty ? "the header" : cell(setup)) |"
        if earlier {
          let offsets = example.earlierOffsets.map { MessageText.number($0) }
          text += " \(offsets.isEmpty ? "none" : offsets.joined(separator: ", ")) |"
        }
        text += " \(MessageText.number(example.offset))"
        text += " | \(expected.isEmpty ? "no change" : cell(expected)) |\n"
      }
    }
    return text
  }

  /// The effect with every parameter at its default, when every default is
  /// JSON; else the effect of its first example.
  static func sampleObject(_ descriptor: EffectDescriptor) -> String? {
    let defaults = descriptor.parameters.map(\.defaultValue)
    if !defaults.contains("required") && !defaults.contains("unchanged") {
      let members = descriptor.parameters.map { "\"\($0.name)\": \($0.defaultValue)" }
      return "{" + (["\"type\": \"\(descriptor.typeName)\""] + members).joined(separator: ", ")
        + "}"
    }
    return descriptor.examples.first.map {
      effectJSON(typeName: descriptor.typeName, parameters: $0.parameters)
    }
  }

  /// The discussion as Markdown: its paragraphs as they are, and each run of
  /// lines indented by two spaces (a table of names) as a block of text.
  static func markdownParagraphs(_ discussion: String) -> String {
    var text = ""
    var block: [Substring] = []
    func flush() {
      guard !block.isEmpty else { return }
      text += "```text\n" + block.map { $0.dropFirst(2) + "\n" }.joined() + "```\n"
      block = []
    }
    for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  ") {
        block.append(line)
        continue
      }
      flush()
      text += line + "\n"
    }
    flush()
    return text
  }

  /// `text` in a table cell: its bars escaped.
  static func cell(_ text: String) -> String {
    text.replacing("|", with: "\\|")
  }
}

import EffectHost
import EffectProtocol

/// The text of `effectctl effects`: the registered types, and one type's
/// parameters and worked examples.
public enum EffectDocumentation {
  /// One line a registered type, in registration order: the name padded to
  /// the longest name, then the summary.
  public static func list(_ registry: EffectRegistry) -> String {
    let descriptors = registry.types.map { $0.descriptor }
    let width = descriptors.map(\.typeName.count).max() ?? 0
    return descriptors.map { descriptor in
      padded(descriptor.typeName, to: width) + "  " + descriptor.summary + "\n"
    }.joined()
  }

  /// A type's page: name and summary, the discussion, each parameter (name,
  /// values and unit, default, summary), what reduced motion does by default
  /// and each worked example.
  public static func page(_ descriptor: EffectDescriptor) -> String {
    var text = "\(descriptor.typeName): \(descriptor.summary)\n"
    let discussion = descriptor.discussion.split(separator: "\n", omittingEmptySubsequences: false)
    if !descriptor.discussion.isEmpty {
      text += "\n" + discussion.map { $0.isEmpty ? "\n" : "  \($0)\n" }.joined()
    }
    if !descriptor.parameters.isEmpty {
      text += "\nPARAMETERS:\n"
      let width = descriptor.parameters.map(\.name.count).max() ?? 0
      let indent = String(repeating: " ", count: width + 4)
      for parameter in descriptor.parameters {
        text += "  \(padded(parameter.name, to: width))  \(parameter.values); "
        text += "default \(parameter.defaultValue)\n"
        text += "\(indent)\(parameter.summary)\n"
      }
    }
    text += "\nREDUCED MOTION (\"reducedMotion\": \"keep\" or \"skip\", which every effect "
    text += "takes):\n"
    text += "  default \(descriptor.defaultReducedMotion)\n"
    if !descriptor.examples.isEmpty {
      text += "\nEXAMPLES (a 300-point header at y 0, viewport 390 x 844, 2000 points of content, "
      text += "unless stated):\n"
      for example in descriptor.examples {
        text += "  \(example.title)\n"
        var parts = [chainJSON(typeName: descriptor.typeName, example: example)]
        parts += setupDifferences(example.setup)
        // An example whose view is left as it rests expects nothing: say so.
        let expected = example.expectedDescription.trimmingSpaces
        // A stateful effect's earlier frames lead: `after 0, 200: offset 150 -> ...`.
        let earlier =
          example.earlierOffsets.isEmpty
          ? ""
          : "after "
            + example.earlierOffsets.map { MessageText.number($0) }.joined(separator: ", ") + ": "
        parts.append(
          "\(earlier)offset \(MessageText.number(example.offset)) -> \(expected.isEmpty ? "no change" : expected)"
        )
        text += "    " + parts.joined(separator: ", ") + "\n"
      }
    }
    return text
  }

  /// `{"type": "stretch", "resistance": 0.5}` from the type name and the
  /// example's parameters object.
  static func effectJSON(typeName: String, parameters: String) -> String {
    let trimmed = parameters.trimmingSpaces
    guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}"), trimmed.count >= 2 else {
      return "{\"type\": \"\(typeName)\"} with \(parameters)"
    }
    let members = trimmed.dropFirst().dropLast().trimmingSpaces
    return "{\"type\": \"\(typeName)\"\(members.isEmpty ? "" : ", " + members)}"
  }

  /// The example's effect as JSON, or its chain, `[{"type": "stretch"},
  /// {"type": "collapse"}]`, when effects run before it.
  static func chainJSON(typeName: String, example: EffectExample) -> String {
    let effect = effectJSON(typeName: typeName, parameters: example.parameters)
    guard !example.chainedAfter.isEmpty else { return effect }
    return "[" + (example.chainedAfter + [effect]).joined(separator: ", ") + "]"
  }

  /// How an example's setup differs from ``ExampleSetup/header``.
  static func setupDifferences(_ setup: ExampleSetup) -> [String] {
    let standard = ExampleSetup.header
    var parts: [String] = []
    var frame: [String] = []
    if setup.frame.x != standard.frame.x { frame.append("x \(MessageText.number(setup.frame.x))") }
    if setup.frame.y != standard.frame.y { frame.append("y \(MessageText.number(setup.frame.y))") }
    if setup.frame.width != standard.frame.width {
      frame.append("width \(MessageText.number(setup.frame.width))")
    }
    if setup.frame.height != standard.frame.height {
      frame.append("height \(MessageText.number(setup.frame.height))")
    }
    if !frame.isEmpty { parts.append("view " + frame.joined(separator: " ")) }
    if setup.attachment != standard.attachment {
      parts.append("attachment \(setup.attachment.rawValue)")
    }
    if setup.viewport != standard.viewport {
      parts.append(
        "viewport \(MessageText.number(setup.viewport.width)) x \(MessageText.number(setup.viewport.height))"
      )
    }
    if setup.contentInsets != standard.contentInsets {
      let insets = setup.contentInsets
      parts.append(
        "insets top \(MessageText.number(insets.top)) bottom \(MessageText.number(insets.bottom)) "
          + "left \(MessageText.number(insets.left)) right \(MessageText.number(insets.right))")
    }
    if setup.contentHeight != standard.contentHeight {
      parts.append("content height \(MessageText.number(setup.contentHeight))")
    }
    return parts
  }

  private static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and line breaks.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0.isNewline || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

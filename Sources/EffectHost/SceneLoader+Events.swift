import EffectProtocol
import Effects

extension SceneLoader {
  /// Reads a chain's `events` key, when present: an array of `{"name",
  /// "input", "crosses", "direction", "range", "timelineInset"}` objects, names unique in the chain;
  /// every problem is reported with its path, what was expected and what was
  /// found.
  func readEvents(_ reader: inout ParameterReader) -> [ChainEvent] {
    guard let value = reader.value("events") else { return [] }
    guard case .array(let elements) = value else {
      reader.report(.mismatch(expected: "an array of events", found: value), at: "events")
      return []
    }
    var events: [ChainEvent] = []
    var firstPathByName: [String: JSONPath] = [:]
    let eventsPath = reader.path(of: "events")
    for (index, element) in elements.enumerated() {
      if reader.isFull { break }
      let path = eventsPath.appending(index)
      guard case .object(let object) = element else {
        reader.report(
          contentsOf: [
            SceneDiagnostic(
              path: path,
              problem: .mismatch(
                expected: "an event object (name, input, crosses, direction)", found: element))
          ])
        continue
      }
      var sub = ParameterReader(object: object, path: path, owner: "an event")
      let problemsBefore = sub.diagnostics.count
      var name = sub.string("name", required: true, expected: "an event name (a non-empty string)")
      if name == "" {
        sub.report(
          .mismatch(expected: "an event name (a non-empty string)", found: .string("")), at: "name")
        name = nil
      }
      let problemsBeforeInput = sub.diagnostics.count
      let input = sub.choice("input", default: ScrollInput.offset)
      let inputIsValid = sub.diagnostics.count == problemsBeforeInput
      let crosses = sub.requiredNumber("crosses", in: .finite)
      let direction = sub.choice("direction", default: ChainEvent.Direction.both)
      let timeline = ViewTimeline.read(
        &sub, input: inputIsValid ? input : nil, inputKey: "input")
      sub.finish()
      if let name {
        if let first = firstPathByName[name] {
          sub.report(.duplicateEventName(name, first: first), at: "name")
        } else {
          firstPathByName[name] = path.appending("name")
        }
      }
      reader.report(contentsOf: sub.diagnostics)
      guard let name, let crosses, sub.diagnostics.count == problemsBefore else { continue }
      events.append(
        ChainEvent(
          name: name, input: input, crosses: crosses, direction: direction,
          range: timeline.range, timelineInset: timeline.inset))
    }
    return events
  }
}

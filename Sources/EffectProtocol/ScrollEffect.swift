/// A mapping from one frame of scroll geometry to a change of a view's transform.
///
/// An effect is a value decoded from its JSON object (``init(from:)``) that
/// describes itself (``descriptor``). Each frame, a host calls
/// ``apply(to:state:)`` once per chain with every view of the chain, in order
/// of the chain's effects; the effect changes each view's current transform.
///
/// Most effects are stateless: conform to ``StatelessScrollEffect`` and write
/// ``StatelessScrollEffect/apply(to:)``. An effect that must remember earlier
/// frames (a quick-return header needs the previous offset) names a `State`
/// type; the host keeps one value of it per chain, made by ``makeState(viewCount:)``
/// and passed to every call. A stateless effect's state is `Void` and costs
/// nothing. To run effects outside a host (a test of an effect, a preview,
/// a tool), use ``EffectEvaluator``, which carries states the same way.
///
/// Implementation requirements:
/// - Deterministic: the same geometry, transforms and state give the same result.
/// - For finite input, every output is finite, `width`, `height` and `blur`
///   are never negative and `opacity` stays in 0...1. A host does not check
///   it (``ViewTransform/contractViolation`` does, for whoever wants to);
///   `effectctl` stops at the first value that breaks it.
/// - `State` is a value (a struct, an enum, an array of them), not a class:
///   a copy of a host, a tool's "play this from here", copies the states,
///   and copies of a class would share one.
/// - Do not keep the ``ViewBatch``; it is valid only during the call.
/// - Change views with ``ViewBatch/modifyEach(_:)``, or with
///   ``ViewBatch/modifyVisuals(_:)`` when only visual columns change, which
///   lets later effects of the chain count on natural frames. Read or write
///   a single view with the batch's subscript; a view's frame before any
///   effect is ``ViewBatch/naturalViewportFrame(at:)``.
/// - Validate parameters in ``init(from:)`` by reporting problems to the reader
///   (a range, a relation between parameters); never trap on bad input.
public protocol ScrollEffect: Sendable {
  /// What an effect carries from one frame to the next; `Void` for none. A
  /// value type: a copy of the host copies it.
  associatedtype State: Sendable = Void

  /// The effect's type name, summary, parameters and worked examples.
  static var descriptor: EffectDescriptor { get }

  /// Reads the effect's parameters from its JSON object. Report every problem
  /// to `reader` and return any value: when the reader holds problems the
  /// effect is discarded. Unknown keys are reported by the caller.
  init(from reader: inout ParameterReader)

  /// The state for a chain of `viewCount` views before its first frame.
  func makeState(viewCount: Int) -> State

  /// Changes the current transform of every view in `views` for this frame.
  func apply(to views: inout ViewBatch, state: inout State)

  /// Changes `state`, made for `oldCount` views, into the state of
  /// `newCount` views when a repeated chain's count changes while a host
  /// runs (a live layout change): the copies that stay keep theirs, new
  /// copies start as before their first frame, copies dropped lose theirs.
  ///
  /// The default implementation makes a fresh state when the count changes;
  /// an effect whose state holds one value per copy should keep the copies
  /// that stay. One that also keeps a value of the chain's (the last
  /// frame's offset) should remember which copies are new, as their next
  /// frame is their first: `float` keeps the first new copy's index
  /// (`FloatEffect.State.firstNewCopy`) and gives the new copies the first
  /// frame's delta, 0.
  func resizeState(_ state: inout State, from oldCount: Int, to newCount: Int)

  /// What reduced motion does with this effect when its scene does not say
  /// (the effect's `"reducedMotion"` key): ``ReducedMotion/skip`` for an
  /// effect that moves, scales or rotates views for decoration,
  /// ``ReducedMotion/keep`` otherwise. It may depend on the parameters.
  ///
  /// The default implementation returns ``ReducedMotion/keep``: an effect
  /// that does not say is kept. Say it in ``EffectDescriptor/defaultReducedMotion``
  /// too, for `effectctl effects TYPE`.
  var defaultReducedMotion: ReducedMotion { get }
}

extension ScrollEffect {
  /// Makes a fresh state when the count changes, and keeps the state when it
  /// does not.
  public func resizeState(_ state: inout State, from oldCount: Int, to newCount: Int) {
    if oldCount != newCount { state = makeState(viewCount: newCount) }
  }
}

/// An effect whose output depends only on the current frame.
public protocol StatelessScrollEffect: ScrollEffect where State == Void {
  /// Changes the current transform of every view in `views` for this frame.
  func apply(to views: inout ViewBatch)
}

extension StatelessScrollEffect {
  @inlinable public func makeState(viewCount: Int) {}

  @inlinable public func apply(to views: inout ViewBatch, state: inout Void) {
    apply(to: &views)
  }
}

extension ScrollEffect {
  /// The effect's type name in JSON, e.g. `"stretch"`.
  public static var typeName: String { descriptor.typeName }

  /// ``ReducedMotion/keep``: an effect is kept under reduced motion unless
  /// it says otherwise.
  public var defaultReducedMotion: ReducedMotion { .keep }
}

/// Why an effect or scene could not be read: every problem found.
public struct SceneDiagnostics: Error, Sendable, Equatable, CustomStringConvertible {
  /// Every problem found, one diagnostic each.
  public var diagnostics: [SceneDiagnostic]

  /// Makes the error of `diagnostics`.
  public init(_ diagnostics: [SceneDiagnostic]) {
    self.diagnostics = diagnostics
  }

  /// One problem a line.
  public var description: String {
    diagnostics.map(\.description).joined(separator: "\n")
  }
}

extension ScrollEffect {
  /// Reads an effect from its JSON object at `path` strictly: every problem,
  /// unknown keys included, is thrown together. A `type` key is allowed and
  /// not checked here.
  public static func decode(_ object: JSONObject, at path: JSONPath = .root)
    throws(SceneDiagnostics) -> Self
  {
    var reader = ParameterReader(
      object: object, path: path, owner: "effect \"\(descriptor.typeName)\"",
      alreadyRead: ["type"])
    let effect = Self(from: &reader)
    reader.finish()
    if reader.hasProblems { throw SceneDiagnostics(reader.diagnostics) }
    return effect
  }

  /// Reads an effect from JSON text such as `{"resistance": 0.5}`.
  public static func decode(json: String) throws(SceneDiagnostics) -> Self {
    let value: JSONValue
    do {
      value = try JSONParser.parse(json)
    } catch {
      throw SceneDiagnostics([SceneDiagnostic(path: .root, problem: .malformedJSON(error))])
    }
    guard case .object(let object) = value else {
      throw SceneDiagnostics([
        SceneDiagnostic(path: .root, problem: .mismatch(expected: "an object", found: value))
      ])
    }
    return try decode(object)
  }
}

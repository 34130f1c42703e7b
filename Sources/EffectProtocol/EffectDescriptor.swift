/// What an effect type is: its JSON name, a summary, its parameters and
/// worked examples.
///
/// The examples are executed by the tests and printed by `effectctl effects
/// TYPE`, so the documentation cannot drift from the math.
public struct EffectDescriptor: Sendable {
  /// The value of `type` in JSON, e.g. `"stretch"`.
  public var typeName: String
  /// One line for `effectctl effects`.
  public var summary: String
  /// The formula in words.
  public var discussion: String
  /// Every parameter, in the order the effect reads them.
  public var parameters: [ParameterDescriptor]
  /// Worked examples: offset in, expected transform out.
  public var examples: [EffectExample]
  /// What reduced motion does with the effect when its scene does not say,
  /// in words for `effectctl effects TYPE`: `keep` (the default), `skip`,
  /// or how it depends on the parameters. The effect's
  /// ``ScrollEffect/defaultReducedMotion`` is what the host goes by.
  public var defaultReducedMotion: String

  /// Makes a descriptor; `defaultReducedMotion` is `keep` unless given.
  public init(
    typeName: String, summary: String, discussion: String, parameters: [ParameterDescriptor],
    examples: [EffectExample], defaultReducedMotion: String = "keep"
  ) {
    self.typeName = typeName
    self.summary = summary
    self.discussion = discussion
    self.parameters = parameters
    self.examples = examples
    self.defaultReducedMotion = defaultReducedMotion
  }
}

/// One parameter of an effect.
public struct ParameterDescriptor: Sendable, Equatable {
  /// The JSON key.
  public var name: String
  /// The allowed values and unit: `points, 0 or more`, `"top" or "bottom"`.
  public var values: String
  /// The default as JSON text (`1`, `"top"`, `null`), or `required`.
  public var defaultValue: String
  /// What it does.
  public var summary: String
  /// The JSON values it takes, as its declaration states them; ``ParameterDomain/other``
  /// when only ``values`` says.
  public var domain: ParameterDomain

  /// Makes the descriptor of one parameter; `domain` is ``ParameterDomain/other`` unless given.
  public init(
    name: String, values: String, defaultValue: String, summary: String,
    domain: ParameterDomain = .other
  ) {
    self.name = name
    self.values = values
    self.defaultValue = defaultValue
    self.summary = summary
    self.domain = domain
  }
}

/// The view and scroll view an example is evaluated in.
public struct ExampleSetup: Sendable, Equatable {
  /// The view's natural frame, in the coordinates of ``attachment``; default 390 x 300 points
  /// at y 0.
  public var frame: Rect
  /// What ``frame`` is measured in; default ``Attachment/content``.
  public var attachment: Attachment
  /// The scroll view's size; default ``Size/phone``, 390 x 844 points.
  public var viewport: Size
  /// The scroll view's content insets; default none.
  public var contentInsets: EdgeInsets
  /// The content height, in points; default 2000.
  public var contentHeight: Double

  /// Makes a setup; each part left out takes its value in ``header``.
  public init(
    frame: Rect = Rect(y: 0, width: 390, height: 300), attachment: Attachment = .content,
    viewport: Size = .phone, contentInsets: EdgeInsets = .zero, contentHeight: Double = 2000
  ) {
    self.frame = frame
    self.attachment = attachment
    self.viewport = viewport
    self.contentInsets = contentInsets
    self.contentHeight = contentHeight
  }

  /// The articles' setup: a header of 300 points at content y 0, 390 x 844
  /// viewport, no insets, 2000 points of content.
  public static let header = ExampleSetup()

  /// The geometry of this setup at `offset`.
  public func geometry(offset: Double) -> ScrollGeometry {
    ScrollGeometry(
      offset: offset, viewport: viewport, contentInsets: contentInsets,
      contentHeight: contentHeight)
  }

  /// The natural frame in viewport coordinates at `offset`.
  public func naturalViewportFrame(offset: Double) -> Rect {
    var natural = frame
    natural.y = geometry(offset: offset).viewportY(ofNaturalY: frame.y, attachment: attachment)
    return natural
  }

  /// Evaluates `effects` in order on this setup's single view at `offset`,
  /// each from a fresh state: ``EffectEvaluator`` for one frame.
  public func evaluate(_ effects: [any ScrollEffect], offset: Double) -> ViewTransform {
    evaluate(effects, after: [], offset: offset)
  }

  /// Evaluates `effects` on this setup's single view at each offset of
  /// `earlier`, in order, then at `offset`, with one ``EffectEvaluator`` that
  /// carries the effects' states from frame to frame: the transform of the
  /// last frame.
  public func evaluate(_ effects: [any ScrollEffect], after earlier: [Double], offset: Double)
    -> ViewTransform
  {
    var evaluator = EffectEvaluator(effects, naturalFrame: frame, attachment: attachment)
    for earlierOffset in earlier { _ = evaluator.evaluate(geometry(offset: earlierOffset)) }
    return evaluator.evaluate(geometry(offset: offset))[0]
  }
}

/// A worked example: with these parameters, at this offset, the transform has
/// these values (every column not named keeps its natural or identity value).
///
/// A stateful effect's example names the earlier frames too: ``earlierOffsets``
/// are evaluated first, in order, by one evaluator that carries the state,
/// and ``expected`` is the transform of the frame at ``offset`` after them.
/// An example of the effect in a chain names the effects before it
/// (``chainedAfter``), which whoever evaluates the example decodes and runs
/// first.
public struct EffectExample: Sendable {
  /// What the example shows.
  public var title: String
  /// The effect's JSON object without `type`, e.g. `{"resistance": 0.5}`.
  public var parameters: String
  /// The JSON objects, `type` included, of the effects that run before this
  /// one in the example's chain, in order; empty (the default) for the
  /// effect alone.
  public var chainedAfter: [String]
  /// The view and scroll view the example is evaluated in; default
  /// ``ExampleSetup/header``.
  public var setup: ExampleSetup
  /// The offsets of the frames before the one shown, in order; empty (the
  /// default) when ``offset`` is the first frame.
  public var earlierOffsets: [Double]
  /// The scroll offset of the frame shown, in points.
  public var offset: Double
  /// The expected values of the columns that differ from the natural frame
  /// and identity visuals. `translateX` and `translateY` follow from `x`, `y`.
  public var expected: [TransformColumn: Double]

  /// Makes an example titled `title`: the effect of `parameters` (`{}` by default), after the
  /// effects of `chainedAfter`, in `setup`, evaluated at `earlierOffsets` and then at `offset`,
  /// expecting the columns of `expected`.
  public init(
    _ title: String, parameters: String = "{}", chainedAfter: [String] = [],
    setup: ExampleSetup = .header, after earlierOffsets: [Double] = [], offset: Double,
    expected: [TransformColumn: Double]
  ) {
    self.title = title
    self.parameters = parameters
    self.chainedAfter = chainedAfter
    self.setup = setup
    self.earlierOffsets = earlierOffsets
    self.offset = offset
    self.expected = expected
  }

  /// The transform that `effects` (those of ``chainedAfter``, then the
  /// example's effect) give in this example: the earlier frames, then the
  /// one at ``offset``, with states carried.
  public func evaluate(_ effects: [any ScrollEffect]) -> ViewTransform {
    setup.evaluate(effects, after: earlierOffsets, offset: offset)
  }

  /// The full expected transform: the natural frame and identity visuals,
  /// with ``expected`` applied.
  public var expectedTransform: ViewTransform {
    let natural = setup.naturalViewportFrame(offset: offset)
    var transform = ViewTransform(frame: natural)
    for (column, value) in expected {
      switch column {
      case .x: transform.x = value
      case .y: transform.y = value
      case .width: transform.width = value
      case .height: transform.height = value
      case .translateX: transform.x = natural.x + value
      case .translateY: transform.y = natural.y + value
      case .scaleX: transform.scaleX = value
      case .scaleY: transform.scaleY = value
      case .anchorX: transform.anchorX = value
      case .anchorY: transform.anchorY = value
      case .opacity: transform.opacity = value
      case .blur: transform.blur = value
      case .rotation: transform.rotation = value
      case .zIndex: transform.zIndex = value
      }
    }
    return transform
  }

  /// `y 0, height 400` in column order.
  public var expectedDescription: String {
    TransformColumn.allCases.compactMap { column in
      expected[column].map { "\(column.rawValue) \(MessageText.number($0))" }
    }.joined(separator: ", ")
  }
}

import EffectProtocol

/// `Benchmarks/feed-scene.json` written out by hand: the floor of the feed
/// benchmark.
///
/// 50 cards, each its own chain of `parallax` (its own rate), `interpolate`
/// on `minY` with `"extrapolate": "extend"` (two linear stops; opacity,
/// translateY or scale, every third card alike) and `pin` under the top
/// inset `until` the end of its section, 390 x 844, insets 47 and 34, 14816
/// points of content. The formulas are inlined, one loop for each property;
/// each card's constants come from a table (``Card``), which costs what the
/// constants written in the code would: on x86-64 a `Double` constant is an
/// operand in memory either way. No protocol, generic or dispatch. Each
/// expression keeps the effects' order of operations so that the results are
/// the same to the last bit; the saturations that cannot change a value of
/// this scene are left out, and so is the `linear` easing, which gives the
/// fraction itself strictly between the stops.
enum HandwrittenFeedScene: HandwrittenScene {
  /// One card's frame and its effects' parameters.
  struct Card {
    /// The card's view index: the order of the scene file.
    var index: Int
    /// The natural top in content coordinates and the height, points.
    var y: Double
    var height: Double
    /// `parallax`'s rate.
    var rate: Double
    /// `interpolate`'s two stops, and the span, change and slope it derives from them.
    var input0: Double
    var output0: Double
    var input1: Double
    var output1: Double
    var span: Double
    var change: Double
    var slope: Double
    /// `pin`'s `until`, a content y.
    var until: Double

    init(
      index: Int, y: Double, height: Double, rate: Double, input0: Double, output0: Double,
      input1: Double, output1: Double, until: Double
    ) {
      self.index = index
      self.y = y
      self.height = height
      self.rate = rate
      self.input0 = input0
      self.output0 = output0
      self.input1 = input1
      self.output1 = output1
      span = input1 - input0
      change = output1 - output0
      slope = change / span
      self.until = until
    }

    /// `interpolate`'s value at the card's top `y`: the straight line through
    /// the stops, extended past both.
    @inline(__always)
    func value(at y: Double) -> Double {
      y > input0
        ? (y < input1 ? output0 + change * ((y - input0) / span) : output1 + (y - input1) * slope)
        : output0 + (y - input0) * slope
    }
  }

  static let viewCount = 50
  /// 14816 + 47 + 34 - 844.
  static let maxOffset = 14053.0
  static let runs = (opacityCards + driftCards + scaleCards).sorted { $0.index < $1.index }.map {
    NaturalRun(
      viewRange: $0.index..<$0.index + 1, x: 16, y: $0.y, isContentAttached: true,
      stride: $0.height)
  }

  static func contentOrigin(offset: Double) -> Double { 47 - offset }

  @inline(never)
  static func evaluate(offset: Double, into views: UnsafeMutablePointer<ViewTransform>) {
    let origin = 47 - offset
    let scrolled = max(0, offset)
    opacityCards.withUnsafeBufferPointer { cards in
      for card in cards {
        var y = origin + card.y
        y += card.rate * scrolled
        let opacity = min(max(card.value(at: y), 0), 1)
        y = max(y, min(47, origin + card.until - card.height))
        views[card.index] = ViewTransform(
          x: 16, y: y, width: 358, height: card.height, scaleX: 1, scaleY: 1, anchorX: 0.5,
          anchorY: 0.5, opacity: opacity, blur: 0, rotation: 0, zIndex: 0)
      }
    }
    driftCards.withUnsafeBufferPointer { cards in
      for card in cards {
        var y = origin + card.y
        y += card.rate * scrolled
        y += card.value(at: y)
        y = max(y, min(47, origin + card.until - card.height))
        views[card.index] = ViewTransform(
          x: 16, y: y, width: 358, height: card.height, scaleX: 1, scaleY: 1, anchorX: 0.5,
          anchorY: 0.5, opacity: 1, blur: 0, rotation: 0, zIndex: 0)
      }
    }
    scaleCards.withUnsafeBufferPointer { cards in
      for card in cards {
        var y = origin + card.y
        y += card.rate * scrolled
        let scale = card.value(at: y)
        y = max(y, min(47, origin + card.until - card.height))
        views[card.index] = ViewTransform(
          x: 16, y: y, width: 358, height: card.height, scaleX: scale, scaleY: scale,
          anchorX: 0.5, anchorY: 0.5, opacity: 1, blur: 0, rotation: 0, zIndex: 0)
      }
    }
  }

  /// The cards that fade out by their top: `interpolate` on `opacity`.
  static let opacityCards: [Card] = [
    Card(
      index: 0, y: 16, height: 320, rate: 0.04, input0: -160, output0: 0, input1: 120, output1: 1,
      until: 456),
    Card(
      index: 3, y: 904, height: 200, rate: 0.03, input0: -100, output0: 0, input1: 180, output1: 1,
      until: 1224),
    Card(
      index: 6, y: 1832, height: 240, rate: -0.02, input0: -120, output0: 0, input1: 160,
      output1: 1, until: 2192),
    Card(
      index: 9, y: 2600, height: 360, rate: 0.025, input0: -180, output0: 0, input1: 140,
      output1: 1, until: 3080),
    Card(
      index: 12, y: 3568, height: 280, rate: 0.06, input0: -140, output0: 0, input1: 120,
      output1: 1, until: 3968),
    Card(
      index: 15, y: 4456, height: 320, rate: 0.01, input0: -160, output0: 0, input1: 180,
      output1: 1, until: 4896),
    Card(
      index: 18, y: 5344, height: 200, rate: 0.035, input0: -100, output0: 0, input1: 160,
      output1: 1, until: 5664),
    Card(
      index: 21, y: 6272, height: 240, rate: 0.02, input0: -120, output0: 0, input1: 140,
      output1: 1, until: 6632),
    Card(
      index: 24, y: 7040, height: 360, rate: 0.05, input0: -180, output0: 0, input1: 120,
      output1: 1, until: 7520),
    Card(
      index: 27, y: 8008, height: 280, rate: 0.08, input0: -140, output0: 0, input1: 180,
      output1: 1, until: 8408),
    Card(
      index: 30, y: 8896, height: 320, rate: 0.04, input0: -160, output0: 0, input1: 160,
      output1: 1, until: 9336),
    Card(
      index: 33, y: 9784, height: 200, rate: 0.03, input0: -100, output0: 0, input1: 140,
      output1: 1, until: 10104),
    Card(
      index: 36, y: 10712, height: 240, rate: -0.02, input0: -120, output0: 0, input1: 120,
      output1: 1, until: 11072),
    Card(
      index: 39, y: 11480, height: 360, rate: 0.025, input0: -180, output0: 0, input1: 180,
      output1: 1, until: 11960),
    Card(
      index: 42, y: 12448, height: 280, rate: 0.06, input0: -140, output0: 0, input1: 160,
      output1: 1, until: 12848),
    Card(
      index: 45, y: 13336, height: 320, rate: 0.01, input0: -160, output0: 0, input1: 140,
      output1: 1, until: 13776),
    Card(
      index: 48, y: 14224, height: 200, rate: 0.035, input0: -100, output0: 0, input1: 120,
      output1: 1, until: 14544),
  ]

  /// The cards that drift down by their top: `interpolate` on `translateY`.
  static let driftCards: [Card] = [
    Card(
      index: 1, y: 352, height: 240, rate: 0.02, input0: 47, output0: 0, input1: 810, output1: 48,
      until: 752),
    Card(
      index: 4, y: 1120, height: 360, rate: 0.05, input0: 47, output0: 0, input1: 810, output1: 72,
      until: 1640),
    Card(
      index: 7, y: 2088, height: 280, rate: 0.08, input0: 47, output0: 0, input1: 810, output1: 56,
      until: 2528),
    Card(
      index: 10, y: 2976, height: 320, rate: 0.04, input0: 47, output0: 0, input1: 810, output1: 40,
      until: 3456),
    Card(
      index: 13, y: 3864, height: 200, rate: 0.03, input0: 47, output0: 0, input1: 810, output1: 64,
      until: 4224),
    Card(
      index: 16, y: 4792, height: 240, rate: -0.02, input0: 47, output0: 0, input1: 810,
      output1: 48, until: 5192),
    Card(
      index: 19, y: 5560, height: 360, rate: 0.025, input0: 47, output0: 0, input1: 810,
      output1: 72, until: 6080),
    Card(
      index: 22, y: 6528, height: 280, rate: 0.06, input0: 47, output0: 0, input1: 810, output1: 56,
      until: 6968),
    Card(
      index: 25, y: 7416, height: 320, rate: 0.01, input0: 47, output0: 0, input1: 810, output1: 40,
      until: 7896),
    Card(
      index: 28, y: 8304, height: 200, rate: 0.035, input0: 47, output0: 0, input1: 810,
      output1: 64, until: 8664),
    Card(
      index: 31, y: 9232, height: 240, rate: 0.02, input0: 47, output0: 0, input1: 810, output1: 48,
      until: 9632),
    Card(
      index: 34, y: 10000, height: 360, rate: 0.05, input0: 47, output0: 0, input1: 810,
      output1: 72, until: 10520),
    Card(
      index: 37, y: 10968, height: 280, rate: 0.08, input0: 47, output0: 0, input1: 810,
      output1: 56, until: 11408),
    Card(
      index: 40, y: 11856, height: 320, rate: 0.04, input0: 47, output0: 0, input1: 810,
      output1: 40, until: 12336),
    Card(
      index: 43, y: 12744, height: 200, rate: 0.03, input0: 47, output0: 0, input1: 810,
      output1: 64, until: 13104),
    Card(
      index: 46, y: 13672, height: 240, rate: -0.02, input0: 47, output0: 0, input1: 810,
      output1: 48, until: 14072),
    Card(
      index: 49, y: 14440, height: 360, rate: 0.025, input0: 47, output0: 0, input1: 810,
      output1: 72, until: 14960),
  ]

  /// The cards that shrink by their top: `interpolate` on `scale`.
  static let scaleCards: [Card] = [
    Card(
      index: 2, y: 608, height: 280, rate: 0.06, input0: 600, output0: 1, input1: 844,
      output1: 0.94, until: 1088),
    Card(
      index: 5, y: 1496, height: 320, rate: 0.01, input0: 580, output0: 1, input1: 844,
      output1: 0.9, until: 2016),
    Card(
      index: 8, y: 2384, height: 200, rate: 0.035, input0: 560, output0: 1, input1: 844,
      output1: 0.95, until: 2784),
    Card(
      index: 11, y: 3312, height: 240, rate: 0.02, input0: 620, output0: 1, input1: 844,
      output1: 0.92, until: 3752),
    Card(
      index: 14, y: 4080, height: 360, rate: 0.05, input0: 600, output0: 1, input1: 844,
      output1: 0.96, until: 4640),
    Card(
      index: 17, y: 5048, height: 280, rate: 0.08, input0: 580, output0: 1, input1: 844,
      output1: 0.94, until: 5528),
    Card(
      index: 20, y: 5936, height: 320, rate: 0.04, input0: 560, output0: 1, input1: 844,
      output1: 0.9, until: 6456),
    Card(
      index: 23, y: 6824, height: 200, rate: 0.03, input0: 620, output0: 1, input1: 844,
      output1: 0.95, until: 7224),
    Card(
      index: 26, y: 7752, height: 240, rate: -0.02, input0: 600, output0: 1, input1: 844,
      output1: 0.92, until: 8192),
    Card(
      index: 29, y: 8520, height: 360, rate: 0.025, input0: 580, output0: 1, input1: 844,
      output1: 0.96, until: 9080),
    Card(
      index: 32, y: 9488, height: 280, rate: 0.06, input0: 560, output0: 1, input1: 844,
      output1: 0.94, until: 9968),
    Card(
      index: 35, y: 10376, height: 320, rate: 0.01, input0: 620, output0: 1, input1: 844,
      output1: 0.9, until: 10896),
    Card(
      index: 38, y: 11264, height: 200, rate: 0.035, input0: 600, output0: 1, input1: 844,
      output1: 0.95, until: 11664),
    Card(
      index: 41, y: 12192, height: 240, rate: 0.02, input0: 580, output0: 1, input1: 844,
      output1: 0.92, until: 12632),
    Card(
      index: 44, y: 12960, height: 360, rate: 0.05, input0: 560, output0: 1, input1: 844,
      output1: 0.96, until: 13520),
    Card(
      index: 47, y: 13928, height: 280, rate: 0.08, input0: 620, output0: 1, input1: 844,
      output1: 0.94, until: 14408),
  ]
}

import EffectCommandLine
import EffectHost
import EffectProtocol

/// The offsets a frame benchmark cycles through: from -100 (pulled down) to
/// 100 past `maxOffset` (pulled up past the bottom) by 7.3 points, a step that
/// lands on no frame edge or stop, so every branch of every effect is taken.
struct OffsetCycle {
  static let first = -100.0
  static let step = 7.3

  /// The number of distinct offsets before the cycle repeats.
  let count: Int

  init(maxOffset: Double) {
    count = Int((maxOffset + 100 - Self.first) / Self.step) + 1
  }

  /// The offset of frame `frame`.
  func offset(frame: Int) -> Double {
    Self.first + Double(frame % count) * Self.step
  }
}

/// Where the natural frames of a run of views (one chain) are, to derive
/// `translateX` and `translateY` from `x` and `y`.
struct NaturalRun {
  var viewRange: Range<Int>
  /// The natural frame of copy 0 in its own coordinates.
  var x: Double
  var y: Double
  var isContentAttached: Bool
  var stride: Double
}

/// The sum of each of the 14 output columns over every view of every frame
/// checksummed; ``total`` adds them in column order.
///
/// One accumulator a column keeps the sums independent, so checksumming costs
/// the same few instructions a view in every mode and no long chain of
/// dependent additions.
struct ColumnSums: Equatable {
  var x = 0.0, y = 0.0, width = 0.0, height = 0.0, translateX = 0.0, translateY = 0.0
  var scaleX = 0.0, scaleY = 0.0, anchorX = 0.0, anchorY = 0.0
  var opacity = 0.0, blur = 0.0, rotation = 0.0, zIndex = 0.0

  var total: Double {
    x + y + width + height + translateX + translateY + scaleX + scaleY + anchorX + anchorY
      + opacity + blur + rotation + zIndex
  }

  /// Adds every column of every view of one frame whose content origin (the
  /// viewport y of content y = 0, `It - offset`) is `contentOrigin`.
  @inline(never)
  mutating func add(
    _ views: UnsafeBufferPointer<ViewTransform>, runs: [NaturalRun], contentOrigin: Double
  ) {
    for run in runs {
      let top = run.isContentAttached ? contentOrigin + run.y : run.y
      for index in run.viewRange {
        let view = views[index]
        let naturalY = top + Double(index - run.viewRange.lowerBound) * run.stride
        x += view.x
        y += view.y
        width += view.width
        height += view.height
        translateX += view.x - run.x
        translateY += view.y - naturalY
        scaleX += view.scaleX
        scaleY += view.scaleY
        anchorX += view.anchorX
        anchorY += view.anchorY
        opacity += view.opacity
        blur += view.blur
        rotation += view.rotation
        zIndex += view.zIndex
      }
    }
  }
}

/// When a frame benchmark checksums the views.
enum ChecksumPolicy: String, ChoiceValue {
  /// After every frame: the figure the benchmark reports by default.
  case every
  /// After the last frame only: the cost of evaluation alone.
  case last

  var summary: String {
    switch self {
    case .every: "after every frame"
    case .last: "after the last frame only"
    }
  }
}

/// What a frame benchmark measured.
struct FrameReport {
  var mode: String
  var views: Int
  var frames: Int
  var checksum: Double
  var nanoseconds: Double

  var lines: [String] {
    let perFrame = frames > 0 ? nanoseconds / Double(frames) : 0
    return [
      "mode: \(mode)",
      "views: \(views)",
      "frames: \(frames)",
      "checksum: \(checksum)",
      "ns/frame: \(formatDecimal(perFrame, decimals: 1))",
    ]
  }
}

/// Evaluates `scene` with a ``SceneHost`` for `frames` frames.
func runPipeline(scene: Scene, name: String, frames: Int, checksum policy: ChecksumPolicy)
  -> FrameReport
{
  var host = SceneHost(scene: scene)
  let runs = host.chains.map { chain in
    NaturalRun(
      viewRange: chain.viewRange, x: chain.frame.x, y: chain.frame.y,
      isContentAttached: chain.attachment == .content, stride: chain.stride)
  }
  let cycle = OffsetCycle(maxOffset: host.geometry.maxOffset)
  var sums = ColumnSums()
  let elapsed = measure {
    for frame in 0..<frames {
      host.evaluate(offset: cycle.offset(frame: frame))
      if policy == .every || frame == frames - 1 {
        let origin = host.geometry.contentOrigin
        host.withTransforms { sums.add($0, runs: runs, contentOrigin: origin) }
      }
    }
  }
  return FrameReport(
    mode: "pipeline \(name)", views: host.viewCount, frames: frames, checksum: sums.total,
    nanoseconds: elapsed)
}

/// A scene evaluated by hand-written code: the floor the pipeline is measured against.
protocol HandwrittenScene {
  /// The number of views, in the order of the scene file.
  static var viewCount: Int { get }
  /// The scene's largest resting offset.
  static var maxOffset: Double { get }
  /// The natural frames, for the checksum.
  static var runs: [NaturalRun] { get }
  /// The viewport y of content y = 0 at `offset`.
  static func contentOrigin(offset: Double) -> Double
  /// Writes every view's transform at `offset` to `views`.
  static func evaluate(offset: Double, into views: UnsafeMutablePointer<ViewTransform>)
}

/// Evaluates the hand-written `Floor` for `frames` frames.
func runHandwritten<Floor: HandwrittenScene>(
  _ floor: Floor.Type, name: String, frames: Int, checksum policy: ChecksumPolicy
) -> FrameReport {
  let views = UnsafeMutableBufferPointer<ViewTransform>.allocate(capacity: Floor.viewCount)
  defer { views.deallocate() }
  views.initialize(repeating: ViewTransform(frame: Rect(y: 0, width: 0, height: 0)))
  let runs = Floor.runs
  let cycle = OffsetCycle(maxOffset: Floor.maxOffset)
  var sums = ColumnSums()
  let elapsed = measure {
    for frame in 0..<frames {
      let offset = cycle.offset(frame: frame)
      Floor.evaluate(offset: offset, into: views.baseAddress!)
      if policy == .every || frame == frames - 1 {
        sums.add(
          UnsafeBufferPointer(views), runs: runs, contentOrigin: Floor.contentOrigin(offset: offset)
        )
      }
    }
  }
  return FrameReport(
    mode: "handwritten \(name)", views: Floor.viewCount, frames: frames, checksum: sums.total,
    nanoseconds: elapsed)
}

/// The wall time of `body` in nanoseconds.
func measure(_ body: () -> Void) -> Double {
  let duration = ContinuousClock().measure(body)
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// `value`, not negative, with `decimals` digits after the point.
func formatDecimal(_ value: Double, decimals: Int) -> String {
  var scale = 1
  for _ in 0..<decimals { scale *= 10 }
  let scaled = Int((value * Double(scale)).rounded())
  let fraction = String(scaled % scale)
  return "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
}

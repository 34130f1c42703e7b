/// The views of one chain in one frame: every copy of a repeated chain, or
/// the single view of a plain one, handed to an effect at once.
///
/// An effect is called once per chain per frame and loops over the batch, so
/// the cost of calling it through `any ScrollEffect` is paid once per chain,
/// not once per view. A batch is only valid during the call it is passed to;
/// do not keep it.
public struct ViewBatch {
  /// The frame's scroll geometry.
  public let geometry: ScrollGeometry
  /// Whether the chain's natural frame is in content or viewport coordinates.
  public let attachment: Attachment
  /// The natural frame of copy 0 in its own coordinates (content or viewport).
  public let naturalFrame: Rect
  /// The distance between the tops of neighbouring copies: `height + spacing`.
  public let stride: Double
  @usableFromInline let base: UnsafeMutablePointer<ViewTransform>
  /// The number of views.
  public let count: Int

  /// Creates a batch over `count` transforms at `base`, which must stay valid
  /// and not be accessed otherwise while the batch is in use.
  @inlinable
  public init(
    geometry: ScrollGeometry, attachment: Attachment, naturalFrame: Rect, stride: Double,
    base: UnsafeMutablePointer<ViewTransform>, count: Int
  ) {
    self.geometry = geometry
    self.attachment = attachment
    self.naturalFrame = naturalFrame
    self.stride = stride
    self.base = base
    self.count = count
  }

  @inlinable public var indices: Range<Int> { 0..<count }

  /// The current transform of view `index`.
  @inlinable
  public subscript(index: Int) -> ViewTransform {
    get {
      precondition(index >= 0 && index < count, "view index out of range")
      return base[index]
    }
    nonmutating _modify {
      precondition(index >= 0 && index < count, "view index out of range")
      yield &base[index]
    }
    nonmutating set {
      precondition(index >= 0 && index < count, "view index out of range")
      base[index] = newValue
    }
  }

  /// The viewport y of copy 0's natural top in this frame:
  /// `It + y0 - offset` when content-attached, `y0` when viewport-attached.
  @inlinable public var naturalTop: Double {
    geometry.viewportY(ofNaturalY: naturalFrame.y, attachment: attachment)
  }

  /// The natural frame of view `index` in viewport coordinates in this frame.
  @inlinable
  public func naturalViewportFrame(at index: Int) -> Rect {
    Rect(
      x: naturalFrame.x, y: naturalTop + Double(index) * stride, width: naturalFrame.width,
      height: naturalFrame.height)
  }

  /// Runs `body` on every transform in order; the fast way to write a
  /// per-view effect.
  @inlinable
  public func modifyEach(_ body: (inout ViewTransform) -> Void) {
    // A pointer walk: no index to scale by the 96-byte stride at every view.
    var view = base
    let end = base + count
    while view != end {
      body(&view.pointee)
      view += 1
    }
  }
}

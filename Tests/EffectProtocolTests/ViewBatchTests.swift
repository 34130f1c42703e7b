import EffectProtocol
import ScrollEffectsTestSupport
import Testing

/// The public surface of ``ViewBatch``, as an effect outside the package sees it.
@Suite struct ViewBatchTests {
  /// The bench scene's rows: 358 x 72 at content y 232, every 80 points,
  /// under a 47-point inset.
  static let row = Rect(x: 16, y: 232, width: 358, height: 72)

  static func evaluate(
    offset: Double, attachment: EffectProtocol.Attachment = .content, count: Int = 4,
    _ body: @escaping @Sendable (inout ViewBatch) -> Void
  ) -> [ViewTransform] {
    var evaluator = EffectEvaluator(
      [BatchProbe(body)], naturalFrame: row, attachment: attachment, count: count, stride: 80)
    return evaluator.evaluate(
      ScrollGeometry(
        offset: offset, contentInsets: EdgeInsets(top: 47, bottom: 34), contentHeight: 4000))
  }

  @Test("a batch carries the chain's geometry, attachment, natural frame, stride and count")
  func describesItsChain() {
    let views = Self.evaluate(offset: 12.5, attachment: .viewport, count: 3) { batch in
      let geometry = batch.geometry.offset == 12.5 && batch.geometry.contentInsets.top == 47
      let chain = batch.attachment == .viewport && batch.naturalFrame == Self.row
      let views = batch.stride == 80 && batch.count == 3 && batch.indices == 0..<3
      let matches = geometry && chain && views
      batch.modifyVisuals { view in view.opacity = matches ? 1 : 0 }
    }
    #expect(views.map(\.opacity) == [1, 1, 1])
  }

  @Test("natural frames: content-attached views scroll, each stride below the last")
  func naturalFrames() {
    let views = Self.evaluate(offset: 100) { batch in
      // Copy 3: 47 - 100 + 232 + 3 * 80 = 419.
      let third = batch.naturalViewportFrame(at: 3)
      let expected = Rect(x: 16, y: 419, width: 358, height: 72)
      let reads = batch.indices.allSatisfy { batch[$0] == batch.naturalTransform(at: $0) }
      batch.modifyVisuals { view in
        view.zIndex = third == expected ? 1 : 0
        view.rotation = reads ? 1 : 0
      }
    }
    #expect(views.map(\.y) == [179, 259, 339, 419])
    #expect(views.allSatisfy { $0.zIndex == 1 && $0.rotation == 1 })
  }

  @Test("natural frames: viewport-attached views stay put")
  func viewportNaturalFrames() {
    let views = Self.evaluate(offset: 100, attachment: .viewport) { batch in
      let top = batch.naturalViewportFrame(at: 2).y
      batch.modifyVisuals { view in view.zIndex = top }
    }
    // 232 + 2 * 80 = 392, whatever the offset.
    #expect(views.map(\.zIndex) == [392, 392, 392, 392])
    #expect(views.map(\.y) == [232, 312, 392, 472])
  }

  @Test("writing one view through the subscript changes that view alone")
  func subscriptWrite() {
    let views = Self.evaluate(offset: 0) { batch in
      batch[2].opacity = 0.25
      batch[1] = ViewTransform(frame: Rect(x: 1, y: 2, width: 3, height: 4))
      // A read after the writes sees them.
      let height = batch[1].height
      batch[3].blur = height
    }
    #expect(views.map(\.opacity) == [1, 1, 0.25, 1])
    #expect(views[1] == ViewTransform(frame: Rect(x: 1, y: 2, width: 3, height: 4)))
    #expect(views.map(\.blur) == [0, 0, 0, 4])
    // 47 + 232 = 279, then every 80 points; view 1 as written.
    #expect(views.map(\.y) == [279, 2, 439, 519])
  }

  @Test("modifyEach runs its body on every view in order, from the views' current transforms")
  func modifyEach() {
    let views = Self.evaluate(offset: 250.5, count: 6) { batch in
      batch[0].x = 0
      var order = 0.0
      batch.modifyEach { view in
        view.zIndex = order
        order += 1
        view.x += view.y
      }
    }
    #expect(views.map(\.zIndex) == [0, 1, 2, 3, 4, 5])
    // Copy 5: 47 - 250.5 + 232 + 400 = 428.5; copy 0 moved to x 0 first.
    #expect(views[5].x == 16 + 428.5)
    #expect(views[0].x == 0 + 28.5)
  }

  @Test("modifyVisuals changes visuals and keeps every frame")
  func modifyVisuals() {
    let views = Self.evaluate(offset: -40) { batch in
      batch.modifyVisuals { view in
        view.scaleX = 2
        view.opacity *= 0.5
      }
    }
    // Pulled 40: 47 + 40 + 232 = 319, then every 80 points.
    #expect(views.map(\.y) == [319, 399, 479, 559])
    #expect(views.map(\.scaleX) == [2, 2, 2, 2])
    #expect(views.map(\.opacity) == [0.5, 0.5, 0.5, 0.5])
    #expect(views.map(\.height) == [72, 72, 72, 72])
  }
}

@Suite struct ViewTransformTests {
  @Test("frame reads and writes x, y, width and height, and leaves the visuals")
  func frame() {
    var transform = ViewTransform(frame: Rect(x: 1, y: 2, width: 3, height: 4))
    transform.opacity = 0.5
    transform.rotation = 30
    transform.frame = Rect(x: -10, y: 250, width: 390, height: 0)
    #expect([transform.x, transform.y, transform.width, transform.height] == [-10, 250, 390, 0])
    #expect(transform.frame == Rect(x: -10, y: 250, width: 390, height: 0))
    #expect(transform.opacity == 0.5 && transform.rotation == 30 && transform.scaleX == 1)
  }
}

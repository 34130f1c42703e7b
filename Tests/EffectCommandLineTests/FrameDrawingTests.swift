import EffectCommandLine
import EffectHost
import EffectProtocol
import Foundation
import Testing

/// What a picture refuses, with its message: `PictureLimits` and `PictureError`.
@Suite struct FrameDrawingTests {
  @Test("more than 100,000 offsets are refused before anything is evaluated")
  func tooManyOffsets() throws {
    let host = try PictureFixtures.host("Configs/stretchy-header.json")
    let spec = try OffsetSpec(parsing: "0:100000")
    #expect(spec.count == 100_001)
    #expect(throws: PictureError.tooManyOffsets(count: 100_001, limit: 100_000)) {
      try FrameDrawing.frames(of: host, at: spec)
    }
    #expect(throws: PictureError.tooManyOffsets(count: 100_001, limit: 100_000)) {
      try PreviewPage(host: host, offsets: spec)
    }
    #expect(
      PictureError.tooManyOffsets(count: 100_001, limit: 100_000).description
        == "the offsets give 100001 offsets; a picture draws at most 100000 (use a larger step)")
    try PictureLimits.check(OffsetSpec(parsing: "1:100000"))
  }

  @Test("an unknown column gets the nearest name and the list")
  func unknownColumn() {
    #expect(throws: PictureError.unknownColumn("heigth", suggestion: "height")) {
      try PictureError.columns(named: ["y", "heigth"])
    }
    #expect(
      PictureError.unknownColumn("heigth", suggestion: "height").description
        == "no column is named 'heigth'. Did you mean 'height'? The columns are: x, y, width, "
        + "height, translateX, translateY, scaleX, scaleY, anchorX, anchorY, opacity, blur, "
        + "rotation, zIndex")
    #expect(throws: PictureError.unknownColumn("banana", suggestion: nil)) {
      try PictureError.columns(named: ["banana"])
    }
  }

  @Test("columns keep the order given, each once")
  func columnsInOrder() throws {
    #expect(try PictureError.columns(named: ["opacity", "y", "opacity"]) == [.opacity, .y])
  }
}

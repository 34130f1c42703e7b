import EffectHost
import Foundation
import Testing

/// What a repeated chain's expressions compute once a frame in the export:
/// every part that reads no view's value, before the copies' loop, each
/// once however often it appears; what reads a view stays in the loop.
@Suite struct SwiftExportFrameTermsTests {
  /// A repeated chain whose expressions mix parts that are the same for
  /// every copy (the offset's C math, the viewport's sums) with parts that
  /// are not (`index`, `y`, `progress`), whose interpolations read the
  /// offset, the pull and the progress, and a plain chain with the same
  /// expression and an interpolation of the offset.
  static let scene = #"""
    {"viewport": {"width": 390, "height": 844}, "contentHeight": 3000,
     "chains": [
      {"name": "cards", "frame": {"y": 100, "height": 120}, "repeat": {"count": 6, "spacing": 10},
       "effects": [{"type": "parallax", "rate": 0.5},
                   {"type": "expression", "rotation": "sin(offset) * index + sin(offset)",
                    "zIndex": "pow(2, offset / 100) + y", "opacity": "1 - pull / viewportHeight",
                    "width": "index < 3 ? exp(-pull / 50) * 300 : naturalWidth"},
                   {"type": "expression", "blur": "sin(offset) * progress"},
                   {"type": "interpolate", "property": "translateX", "input": "offset",
                    "stops": [[0, 0], [300, 45], [900, 60]], "easing": "easeInOut"},
                   {"type": "interpolate", "property": "scale", "input": "pull",
                    "stops": [[0, 1], [100, 1.5]], "easing": "steps(4)"},
                   {"type": "interpolate", "property": "opacity", "input": "progress",
                    "stops": [[0, 0], [1, 1]], "easing": "ease"}]},
      {"name": "header", "frame": {"y": 0, "height": 90},
       "effects": [{"type": "expression", "rotation": "sin(offset) * index + sin(offset)"},
                   {"type": "interpolate", "property": "translateX", "input": "offset",
                    "stops": [[0, 0], [300, 45]], "easing": "easeInOut"}]}
     ]}
    """#

  static func source() throws -> String {
    let scene = try SceneLoader().load(json: scene, file: "terms.json")
    return try SwiftExport(typeName: "Terms", sourceName: "terms.json").source(
      of: SceneHost(scene: scene))
  }

  /// The code of the function that evaluates the chain named `name`, without
  /// comments, split where its copies' loop starts (all of it before, for a
  /// plain chain).
  static func chainFunction(_ name: String, in source: String) -> (frame: String, copy: String) {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(where: { $0.contains("/// \"\(name)\", row") }),
      let end = lines[start...].firstIndex(of: "  }")
    else { return ("", "") }
    // Without comments, which quote the expressions.
    let code = lines[start..<end].map { line in
      line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
    }
    let loop = code.firstIndex { $0.contains("for copy in") } ?? code.endIndex
    return (code[..<loop].joined(separator: "\n"), code[loop...].joined(separator: "\n"))
  }

  static func occurrences(of text: String, in source: String) -> Int {
    source.components(separatedBy: text).count - 1
  }

  @Test("a repeated chain computes each part that reads no view once a frame, before its copies")
  func partsComputedOnceAFrame() throws {
    let (frame, copy) = Self.chainFunction("cards", in: try Self.source())
    // sin(offset) appears three times in two effects: one call a frame.
    #expect(Self.occurrences(of: "sin(offset)", in: frame) == 1)
    #expect(Self.occurrences(of: "Self.power(2.0, offset / 100.0)", in: frame) == 1)
    #expect(Self.occurrences(of: "exp(", in: frame) == 1)
    // The opacity reads nothing of a view: its whole value is the frame's.
    #expect(frame.contains("let opacity1 = 1.0 - pull / Self.viewportHeight"))
    // No C math is left in the loop; what reads the copy or the view is.
    for function in ["sin(", "cos(", "power(", "exp(", "log("] {
      #expect(!copy.contains(function), "\(function) in the copies' loop")
    }
    #expect(copy.contains("Double(copy)"))
    #expect(copy.contains("view.y"))
    #expect(copy.contains("? width1Term0 : 390.0)"))
  }

  @Test("a repeated chain eases an input that is the same for every view once a frame")
  func interpolationsOfTheFrame() throws {
    let (frame, copy) = Self.chainFunction("cards", in: try Self.source())
    // The offset's and the pull's: one curve and one steps function a frame.
    #expect(Self.occurrences(of: "Self.easeInOut(", in: frame) == 2)
    #expect(frame.contains("let value3: Double"))
    #expect(frame.contains("let value4: Double"))
    #expect(!copy.contains("Self.easeInOut(") && !copy.contains("Self.steps0("))
    #expect(copy.contains("let value = value3"))
    #expect(copy.contains("let value = value4"))
    // The progress is each view's own: eased in the loop.
    #expect(copy.contains("Self.ease(") && !frame.contains("Self.ease("))
  }

  @Test("a plain chain's expression is written where it is used")
  func plainChainUnchanged() throws {
    let (frame, copy) = Self.chainFunction("header", in: try Self.source())
    #expect(copy == "")
    #expect(!frame.contains("Term0"))
    #expect(frame.contains("let newRotation = sin(offset) * Double(copy) + sin(offset)"))
    #expect(frame.contains("let value: Double") && !frame.contains("value1"))
  }

  @Test("a part computed before keeps its name and takes no number")
  func termNumbersHaveNoGaps() throws {
    let json = #"""
      {"viewport": {"width": 390, "height": 844}, "contentHeight": 3000,
       "chains": [{"name": "cards", "frame": {"y": 100, "height": 120},
                   "repeat": {"count": 6, "spacing": 10},
                   "effects": [{"type": "expression",
                                "rotation": "sin(offset) * index + sin(offset) + cos(offset) * y"}]}]}
      """#
    let scene = try SceneLoader().load(json: json, file: "gaps.json")
    let source = try SwiftExport(typeName: "Gaps", sourceName: "gaps.json").source(
      of: SceneHost(scene: scene))
    let (frame, _) = Self.chainFunction("cards", in: source)
    // Two distinct parts: sin(offset) (used twice) and cos(offset).
    #expect(frame.contains("let rotation0Term0 = sin(offset)"))
    #expect(frame.contains("let rotation0Term1 = cos(offset)"))
    #expect(!frame.contains("Term2"))
  }
}

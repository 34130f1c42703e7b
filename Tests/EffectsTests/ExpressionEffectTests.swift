import EffectProtocol
import Effects
import Foundation
import Testing

/// Every operator, function and name of `expression`, against values worked
/// out by hand or from the formulas in Docs/Expressions.md and Docs/Scenes.md.
@Suite struct ExpressionEffectTests {
  static let operators: [(String, Double)] = [
    ("1 + 2", 3), ("7 - 10", -3), ("6 * 7", 42), ("7 / 2", 3.5),
    ("-4", -4), ("- -4", 4), ("-(2 + 3)", -5),
    // * and / before + and -; left to right within a level.
    ("2 + 3 * 4", 14), ("2 * 3 + 4", 10), ("10 - 4 - 3", 3), ("100 / 10 / 5", 2),
    ("8 - 2 * 3 - 1", 1), ("(2 + 3) * 4", 20), ("2 * (3 + 4) * 2", 28),
    // Unary minus binds tighter than * and /.
    ("-2 * 3", -6), ("-2 * -3", 6), ("2 * -3 + 1", -5), ("-6 / 3", -2), ("3 - -2", 5),
    // Comparisons give 1 or 0, below + and -.
    ("1 < 2", 1), ("2 < 1", 0), ("2 < 2", 0), ("2 <= 2", 1), ("3 <= 2", 0),
    ("3 > 2", 1), ("2 > 2", 0), ("2 >= 2", 1), ("1 >= 2", 0),
    ("2 == 2", 1), ("2 == 3", 0), ("2 != 3", 1), ("2 != 2", 0),
    ("1 + 1 == 2", 1), ("1 < 2 + 3", 1), ("3 > 1 + 1", 1), ("(1 < 2) + (3 < 4)", 2),
    // Relational before equality, as in C: (1 < 2) == 1.
    ("1 < 2 == 1", 1), ("2 == 2 < 3", 0),
    // ?: is loosest and right-associative; the condition holds when not 0.
    ("1 ? 10 : 20", 10), ("0 ? 10 : 20", 20), ("-3 ? 10 : 20", 10),
    ("2 > 1 ? 3 + 4 : 5 * 6", 7), ("0 ? 1 : 0 ? 2 : 3", 3), ("1 ? 0 ? 4 : 5 : 6", 5),
    ("(1 ? 2 : 3) * 10", 20), ("1 + (0 ? 1 : 2)", 3),
    // Numbers.
    (".5 + 0.25", 0.75), ("1e3", 1000), ("2.5E-1", 0.25), ("1e+2", 100), ("12.", 12),
    ("  1\t+\n2 ", 3),
  ]

  @Test("operators and precedence", arguments: operators)
  func operatorValue(expression: String, expected: Double) throws {
    #expect(try expressionValue(expression) == expected, "\(expression)")
    #expect(try interpretedValue(expression) == expected, "\(expression), interpreted")
  }

  static let functions: [(String, Double)] = [
    ("min(3, -2)", -2), ("min(4, 2, 8, 3)", 2), ("max(3, -2)", 3), ("max(1, 9, 4)", 9),
    ("clamp(5, 0, 1)", 1), ("clamp(-5, 0, 1)", 0), ("clamp(0.25, 0, 1)", 0.25),
    ("abs(-3.5)", 3.5), ("abs(2)", 2), ("sqrt(16)", 4), ("sqrt(2)", 2.0.squareRoot()),
    ("pow(2, 10)", 1024), ("pow(9, 0.5)", 3), ("pow(2, -1)", 0.5),
    ("exp(0)", 1), ("exp(1)", M_E), ("log(1)", 0), ("log(\(M_E))", 1),
    ("log(100)", Foundation.log(100.0)),
    ("sin(0)", 0), ("sin(\(Double.pi) / 2)", 1), ("cos(0)", 1), ("cos(\(Double.pi))", -1),
    ("sin(1)", Foundation.sin(1.0)), ("cos(2)", Foundation.cos(2.0)),
    ("floor(2.7)", 2), ("floor(-2.2)", -3), ("ceil(2.2)", 3), ("ceil(-2.7)", -2),
    // Halves away from zero, not to even.
    ("round(2.5)", 3), ("round(-2.5)", -3), ("round(0.5)", 1), ("round(1.4)", 1),
    ("round(-1.6)", -2),
    ("sign(-7)", -1), ("sign(0)", 0), ("sign(0.001)", 1),
    ("lerp(10, 20, 0.25)", 12.5), ("lerp(10, 20, 2)", 30), ("lerp(5, 1, 0)", 5),
    ("step(1, 0.5)", 0), ("step(1, 1)", 1), ("step(1, 2)", 1),
    // GLSL: t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 t).
    ("smoothstep(0, 10, -1)", 0), ("smoothstep(0, 10, 11)", 1), ("smoothstep(0, 10, 5)", 0.5),
    ("smoothstep(0, 10, 2.5)", 0.25 * 0.25 * (3 - 0.5)),
    ("smoothstep(10, 0, 2.5)", 0.75 * 0.75 * (3 - 1.5)),
    // Equal edges: a step.
    ("smoothstep(3, 3, 2)", 0), ("smoothstep(3, 3, 3)", 1),
    ("max(0, min(2, 5)) + clamp(lerp(0, 10, 0.5), 0, 3)", 5),
  ]

  @Test("functions", arguments: functions)
  func functionValue(expression: String, expected: Double) throws {
    #expect(try expressionValue(expression) == expected, "\(expression)")
    #expect(try interpretedValue(expression) == expected, "\(expression), interpreted")
  }

  /// The header's names at an offset, worked from Docs/Scenes.md: maxOffset =
  /// 2000 - 844 = 1156; natural top = -offset.
  static let headerNames: [(String, Double, Double)] = [
    ("offset", 120, 120), ("offset", -35, -35),
    ("pull", -35, 35), ("pull", 120, 0),
    ("pullBottom", 1200, 44), ("pullBottom", 1000, 0),
    // interpolate's spellings, in either axis: max(0, -o) and max(0, o - 1156).
    ("pullStart", -40, 40), ("pullStart", 40, 0), ("pullEnd", 1200, 44), ("pullEnd", 1000, 0),
    ("maxOffset", 0, 1156),
    ("minY", 120, -120), ("y", 120, -120), ("naturalY", 120, -120),
    // (844 - minY) / (844 + 300) with minY = -120.
    ("progress", 120, (844.0 + 120) / 1144),
    ("index", 50, 0), ("count", 50, 1),
    ("viewportWidth", 0, 390), ("viewportHeight", 0, 844),
    ("insetTop", 0, 0), ("insetBottom", 0, 0), ("contentHeight", 0, 2000),
    ("naturalX", 0, 0), ("naturalWidth", 0, 390), ("naturalHeight", 0, 300),
    ("x", 0, 0), ("width", 0, 390), ("height", 0, 300),
    ("translateX", 70, 0), ("translateY", 70, 0),
    ("scaleX", 0, 1), ("scaleY", 0, 1), ("anchorX", 0, 0.5), ("anchorY", 0, 0.5),
    ("opacity", 0, 1), ("blur", 0, 0), ("rotation", 0, 0), ("zIndex", 0, 0),
  ]

  @Test("names on the header", arguments: headerNames)
  func headerName(name: String, offset: Double, expected: Double) throws {
    #expect(try expressionValue(name, offset: offset) == expected, "\(name) at \(offset)")
  }

  @Test("names of the scroll view and frame follow the setup")
  func namesFollowTheSetup() throws {
    let setup = ExampleSetup(
      frame: Rect(x: 12, y: 500, width: 200, height: 80), attachment: .content,
      viewport: Size(width: 320, height: 600),
      contentInsets: EdgeInsets(top: 20, bottom: 30), contentHeight: 1500)
    // maxOffset = 1500 + 20 + 30 - 600 = 950; natural top = 20 + 500 - offset.
    let cases: [(String, Double, Double)] = [
      ("viewportWidth", 0, 320), ("viewportHeight", 0, 600), ("insetTop", 0, 20),
      ("insetBottom", 0, 30), ("contentHeight", 0, 1500), ("maxOffset", 0, 950),
      ("pullBottom", 1000, 50), ("naturalX", 0, 12), ("naturalWidth", 0, 200),
      ("naturalHeight", 0, 80), ("naturalY", 100, 420), ("minY", 100, 420), ("x", 0, 12),
      ("progress", 100, (600.0 - 420) / 680), ("offset", 100, 100), ("pull", -40, 40),
      ("count", 0, 1),
    ]
    for (name, offset, expected) in cases {
      #expect(try expressionValue(name, offset: offset, setup: setup) == expected, "\(name)")
    }
    // A viewport-attached view does not scroll: its natural top is y0.
    let overlay = ExampleSetup(frame: Rect(y: 40, width: 390, height: 100), attachment: .viewport)
    #expect(try expressionValue("naturalY", offset: 300, setup: overlay) == 40)
  }

  @Test("columns read the transform an earlier effect left; translateX and translateY follow")
  func columnsReadTheEarlierTransform() throws {
    let first = try ExpressionEffect.decode(
      json: #"""
        {"x": "7", "y": "y + 11", "width": "250", "height": "120", "scaleX": "1.25",
         "scaleY": "0.75", "anchorX": "0.25", "anchorY": "1", "opacity": "0.5", "blur": "2",
         "rotation": "30", "zIndex": "3"}
        """#)
    let cases: [(String, Double)] = [
      ("x", 7), ("y", -89), ("minY", -89), ("width", 250), ("height", 120), ("scaleX", 1.25),
      ("scaleY", 0.75), ("anchorX", 0.25), ("anchorY", 1), ("opacity", 0.5), ("blur", 2),
      ("rotation", 30), ("zIndex", 3), ("translateX", 7), ("translateY", 11),
      ("naturalY", -100), ("progress", (844.0 + 89) / (844 + 120)),
    ]
    for (name, expected) in cases {
      let second = try ExpressionEffect.decode(json: #"{"rotation": "\#(name)"}"#)
      let result = ExampleSetup.header.evaluate([first, second], offset: 100)
      #expect(result.rotation == expected, "\(name)")
    }
  }

  @Test("index, count and naturalY for each copy of a repeated chain")
  func copiesOfARepeatedChain() throws {
    let effect = try ExpressionEffect.decode(
      json: #"{"zIndex": "index * 10 + count", "rotation": "naturalY", "x": "translateY"}"#)
    let setup = ExampleSetup(frame: Rect(y: 300, width: 390, height: 80))
    let views = evaluateBatch([effect], setup: setup, count: 5, stride: 88, offset: 40)
    for (index, view) in views.enumerated() {
      #expect(view.zIndex == Double(index) * 10 + 5)
      #expect(view.rotation == 260 + Double(index) * 88)
      #expect(view.x == 0)
    }
  }

  @Test("every expression reads the transform before the effect, then all are assigned")
  func allReadTheTransformBefore() throws {
    let effect = try ExpressionEffect.decode(
      json: #"{"x": "y", "y": "x + 1", "opacity": "0.5", "scaleX": "opacity * 2"}"#)
    let result = ExampleSetup.header.evaluate([effect], offset: 100)
    #expect((result.x, result.y, result.opacity, result.scaleX) == (-100, 1, 0.5, 2))
  }

  @Test("a result that is not finite leaves its column unchanged")
  func notFiniteLeavesTheColumn() throws {
    let effect = try ExpressionEffect.decode(
      json: #"""
        {"y": "y / 0", "height": "0 / 0", "rotation": "sqrt(-1)", "zIndex": "log(0)",
         "opacity": "pow(10, 400)", "blur": "exp(1000)", "x": "1 / (1 / 0)"}
        """#)
    let result = ExampleSetup.header.evaluate([effect], offset: 100)
    #expect((result.y, result.height, result.rotation, result.zIndex) == (-100, 300, 0, 0))
    #expect((result.opacity, result.blur) == (1, 0))
    // 1 / (1 / 0) is 1 / infinity: finite, 0.
    #expect(result.x == 0)
    #expect(try expressionValue("rotation + 1 / 0", offset: 0) == 0)
  }

  @Test("pull is +0 at rest, as max(0, -offset) is in arithmetic: 1 / pull is +infinity")
  func pullAtRestIsPositiveZero() throws {
    #expect(try expressionValue("1 / pull > 0", offset: 0) == 1)
    #expect(try expressionValue("step(0, 1 / pull)", offset: 0) == 1)
    // Pulled 1, pull is 1.
    #expect(try expressionValue("1 / pull", offset: -1) == 1)
    let geometry = ScrollGeometry(offset: 0, contentHeight: 1000)
    #expect(geometry.pull == 0 && geometry.pull.sign == .plus)
    // pullBottom at maxOffset is +0 too: the header's setup has 2000 points
    // of content in an 844-point viewport, maxOffset 1156.
    #expect(try expressionValue("1 / pullBottom > 0", offset: 2000 - 844) == 1)
    #expect(try expressionValue("1 / pullBottom", offset: 2000 - 844 + 1) == 1)
    // At offset -0 with maxOffset 0, offset - maxOffset is -0 - 0 = -0:
    // pullBottom is still +0, as pull is at offset 0.
    let short = ScrollGeometry(offset: -0.0, contentHeight: 100)
    #expect(short.maxOffset == 0 && (short.offset - short.maxOffset).sign == .minus)
    #expect(short.pullBottom == 0 && short.pullBottom.sign == .plus)
  }

  @Test(
    "a NaN goes on as IEEE 754 and Swift take it: comparisons false but !=, min and max keep a NaN first argument",
    arguments: [
      // (expression, rotation after it: 0 when the result is NaN, the column kept)
      ("min(0 / 0, 7)", 0.0), ("min(7, 0 / 0)", 7), ("max(0 / 0, 7)", 0), ("max(7, 0 / 0)", 7),
      ("clamp(0 / 0, 2, 5)", 0), ("step(0 / 0, 3)", 1), ("step(3, 0 / 0)", 1),
      ("0 / 0 ? 7 : 9", 7), ("(0 / 0 == 0 / 0) + 2", 2), ("(0 / 0 != 0 / 0) + 2", 3),
      ("(0 / 0 < 1) + (0 / 0 >= 1) + 2", 2), ("sign(0 / 0)", 0), ("round(0 / 0)", 0),
    ])
  func notANumberInside(expression: String, expected: Double) throws {
    #expect(try expressionValue(expression) == expected)
    // The same through the per-view interpreter, nothing folded at load time.
    #expect(try interpretedValue(expression) == expected)
  }

  @Test("opacity is clamped to 0...1, width, height and blur to 0 or more, the rest saturated")
  func clampsAndSaturation() throws {
    let effect = try ExpressionEffect.decode(
      json: #"""
        {"opacity": "offset / 50", "width": "-offset", "height": "-1", "blur": "-3",
         "rotation": "1e300 * offset", "zIndex": "-1e300", "scale": "1e20"}
        """#)
    let pulled = ExampleSetup.header.evaluate([effect], offset: 100)
    #expect((pulled.opacity, pulled.width, pulled.height, pulled.blur) == (1, 0, 0, 0))
    #expect((pulled.rotation, pulled.zIndex) == (1e15, -1e15))
    #expect((pulled.scaleX, pulled.scaleY) == (1e15, 1e15))
    let pushed = ExampleSetup.header.evaluate([effect], offset: -100)
    #expect((pushed.opacity, pushed.width) == (0, 100))
  }

  @Test("the expression twins of parallax and a two-stop interpolate give their numbers")
  func twinsOfBuiltIns() throws {
    let parallax = try ExpressionEffect.decode(json: #"{"y": "y + 0.5 * max(0, offset)"}"#)
    let fade = try ExpressionEffect.decode(
      json: #"{"opacity": "opacity * clamp(1 - offset / 300, 0, 1)"}"#)
    let builtInParallax = try ParallaxEffect.decode(json: #"{"rate": 0.5}"#)
    let builtInFade = try InterpolateEffect.decode(
      json: #"{"property": "opacity", "stops": [[0, 1], [300, 0]]}"#)
    let setup = ExampleSetup(frame: Rect(y: 0, width: 390, height: 60))
    for offset in stride(from: -200.0, through: 2000, by: 37.5) {
      let a = evaluateBatch([parallax, fade], setup: setup, count: 30, stride: 64, offset: offset)
      let b = evaluateBatch(
        [builtInParallax, builtInFade], setup: setup, count: 30, stride: 64, offset: offset)
      for (mine, theirs) in zip(a, b) {
        #expect(mine.y == theirs.y)
        #expect(abs(mine.opacity - theirs.opacity) <= 1e-12)
      }
    }
  }

  /// A single column combined with a frame value takes a loop of its own;
  /// it follows the same rules.
  static let singleColumns: [(String, Double, TransformColumn, Double)] = [
    (#"{"y": "y - offset"}"#, 100, .y, -200),
    (#"{"y": "10 - y"}"#, 100, .y, 110),
    (#"{"y": "offset + y"}"#, 100, .y, 0),
    (#"{"opacity": "opacity * 0.5"}"#, 0, .opacity, 0.5),
    (#"{"opacity": "0.25 * opacity"}"#, 0, .opacity, 0.25),
    (#"{"opacity": "opacity * 3"}"#, 0, .opacity, 1),
    (#"{"height": "height / 2"}"#, 0, .height, 150),
    (#"{"height": "height / 0"}"#, 0, .height, 300),
    (#"{"height": "height / (offset - 100)"}"#, 100, .height, 300),
    (#"{"opacity": "1 / 0"}"#, 0, .opacity, 1),
    (#"{"opacity": "offset / 50"}"#, 100, .opacity, 1),
    (#"{"opacity": "offset / 50"}"#, 25, .opacity, 0.5),
    (#"{"width": "width - 1000"}"#, 0, .width, 0),
    (#"{"blur": "-2"}"#, 0, .blur, 0),
    (#"{"rotation": "rotation + 1e300 * offset"}"#, 100, .rotation, 1e15),
    (#"{"zIndex": "zIndex - 1e300 * offset"}"#, 100, .zIndex, -1e15),
    (#"{"scale": "pull / 100 + 1"}"#, -50, .scaleY, 1.5),
    (#"{"x": "x + viewportWidth"}"#, 0, .x, 390),
    (#"{"anchorY": "anchorY * 0"}"#, 0, .anchorY, 0),
  ]

  @Test("a single column combined with a frame value", arguments: singleColumns)
  func singleColumn(json: String, offset: Double, column: TransformColumn, expected: Double) throws
  {
    let effect = try ExpressionEffect.decode(json: json)
    let result = ExampleSetup.header.evaluate([effect], offset: offset)
    #expect(column.value(of: result, naturalX: 0, naturalY: -offset) == expected, "\(json)")
  }

  @Test("a single column's loop changes every copy of a repeated chain")
  func singleColumnOverCopies() throws {
    let effect = try ExpressionEffect.decode(json: #"{"y": "y + 0.5 * offset"}"#)
    let setup = ExampleSetup(frame: Rect(y: 300, width: 390, height: 80))
    let views = evaluateBatch([effect], setup: setup, count: 4, stride: 90, offset: 60)
    #expect(views.map(\.y) == [270, 360, 450, 540])
  }

  @Test("several columns, each its own combined with a frame value, give the interpreter's bits")
  func severalSingleColumns() throws {
    let columns = #"""
      "y": "y + 0.5 * max(0, offset)", "opacity": "opacity * clamp(1 - offset / 300, 0, 1)",
      "blur": "lerp(naturalWidth, 44, step(100, offset))", "scale": "pull / 100 + 1",
      "rotation": "rotation + offset / 0", "zIndex": "5"
      """#
    let effect = try ExpressionEffect.decode(json: "{\(columns)}")
    // The same columns with one that reads the copy's index: the program is
    // then interpreted, in lanes over many copies; that column is the
    // anchor, unchanged (`anchorX + index * 0`).
    let interpreted = try ExpressionEffect.decode(
      json: #"{\#(columns), "anchorX": "anchorX + index * 0"}"#)
    let setup = ExampleSetup(frame: Rect(y: 300, width: 390, height: 80))
    // Worked numbers at offset 150, copies 90 apart: y moves by 75, the fade
    // is at 1 - 150 / 300, blur is lerp(390, 44, 1), no pull, rotation's
    // infinity leaves it at 0.
    let worked = evaluateBatch([effect], setup: setup, count: 3, stride: 90, offset: 150)
    #expect(worked.map(\.y) == [225, 315, 405])
    #expect(worked.map(\.opacity) == [0.5, 0.5, 0.5])
    #expect(worked.map(\.blur) == [44, 44, 44])
    #expect(worked.map(\.scaleX) == [1, 1, 1])
    #expect(worked.map(\.rotation) == [0, 0, 0])
    #expect(worked.map(\.zIndex) == [5, 5, 5])
    for count in [1, 3, 30] {
      for offset in stride(from: -250.0, through: 700, by: 37.5) {
        let fast = evaluateBatch([effect], setup: setup, count: count, stride: 90, offset: offset)
        let slow = evaluateBatch(
          [interpreted], setup: setup, count: count, stride: 90, offset: offset)
        #expect(fast == slow, "\(count) copies at \(offset)")
      }
    }
  }

  @Test("decoding keeps the expressions as written, in column order")
  func keepsTheText() throws {
    let effect = try ExpressionEffect.decode(json: #"{"opacity": "0.5", "y": "y + 1"}"#)
    #expect(effect.expressions.map(\.column) == ["y", "opacity"])
    #expect(effect.expressions.map(\.expression) == ["y + 1", "0.5"])
  }
}

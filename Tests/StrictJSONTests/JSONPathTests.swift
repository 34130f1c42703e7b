import StrictJSON
import Testing

@Suite struct JSONPathTests {
  @Test("a path reads as chains[0].effects[1].rate, odd keys quoted, the root as top level")
  func description() {
    #expect(JSONPath.root.description == "top level")
    #expect(
      JSONPath([.key("chains"), .index(0), .key("effects"), .index(1), .key("rate")]).description
        == "chains[0].effects[1].rate")
    #expect(JSONPath([.key("a b"), .index(2)]).description == #"["a b"][2]"#)
    #expect(JSONPath([.index(3), .key("x")]).description == "[3].x")
  }

  @Test("a path of 16 components is shown whole; a longer one keeps 8 at each end")
  func longPaths() {
    let sixteen = JSONPath(Array(repeating: .index(0), count: 16))
    #expect(sixteen.description == String(repeating: "[0]", count: 16))
    // 310 levels: the first 8, how many are hidden, the last 8.
    var components = [JSONPath.Component](repeating: .index(0), count: 309)
    components.append(.key("contentHeight"))
    let deep = JSONPath(components).description
    #expect(
      deep == String(repeating: "[0]", count: 8) + "…(294 more)…"
        + String(repeating: "[0]", count: 7)
        + ".contentHeight")
    let keys = JSONPath(Array(repeating: .key("a"), count: 20)).description
    #expect(keys == "a.a.a.a.a.a.a.a…(4 more)…a.a.a.a.a.a.a.a")
  }
}

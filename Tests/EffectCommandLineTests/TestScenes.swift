import EffectHost

/// Scenes the tests evaluate.
enum TestScenes {
  /// A stretchy header (the articles' setup) above three 80-point rows 8 apart.
  static let headerAndRows = """
    {"contentHeight": 2000,
     "chains": [
       {"name": "header", "frame": {"y": 0, "height": 300}, "effects": [{"type": "stretch"}]},
       {"name": "row", "frame": {"y": 300, "height": 80}, "repeat": {"count": 3, "spacing": 8}}
     ]}
    """

  static func host(_ json: String = headerAndRows) throws -> SceneHost {
    SceneHost(scene: try SceneLoader().load(json: json))
  }
}

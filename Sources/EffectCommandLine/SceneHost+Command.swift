import EffectHost

extension SceneHost {
  /// A host for `scene`, or exit 1 with the size when its views' memory
  /// cannot be allocated (see ``SceneHost/init(allocating:)``).
  public static func allocatingForCommand(_ scene: Scene) throws(CommandError) -> SceneHost {
    do {
      return try SceneHost(allocating: scene)
    } catch {
      throw .failed(message: error.description, status: .failure)
    }
  }
}

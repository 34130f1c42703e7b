import EffectHost

extension SceneHost {
  /// A host for `scene`, under reduced motion when `reducesMotion`, or exit 1
  /// with the size when its views' memory cannot be allocated (see
  /// ``SceneHost/init(allocating:reducesMotion:)``).
  public static func allocatingForCommand(_ scene: Scene, reducesMotion: Bool = false)
    throws(CommandError) -> SceneHost
  {
    do {
      return try SceneHost(allocating: scene, reducesMotion: reducesMotion)
    } catch {
      throw .failed(message: error.description, status: .failure)
    }
  }
}

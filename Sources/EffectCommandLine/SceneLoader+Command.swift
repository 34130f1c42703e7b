import EffectHost

extension SceneLoader {
  /// Loads the scene at `path` (`-` for standard input) for a subcommand.
  public func loadForCommand(_ path: String) throws(CommandError) -> Scene {
    do {
      return try load(contentsOf: path)
    } catch {
      throw .scene(error)
    }
  }
}

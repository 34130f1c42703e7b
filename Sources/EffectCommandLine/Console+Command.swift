import EffectHost

extension Console {
  /// Writes `text` to the output stream.
  public func print(_ text: String) throws(CommandError) {
    do {
      try output.write(text)
    } catch {
      throw .output(error)
    }
  }

  /// Every line of `error` to the error stream, each after `error: `.
  public func reportErrors(_ error: SceneLoadError) {
    try? self.error.write(error.lines.map { "error: \($0)\n" }.joined())
  }
}

import EffectProtocol

// Scenes with values given from outside their file (`--set`, `--device`): the
// file's JSON, changed by ``SceneSetting/apply(to:)``, then built and checked
// as any file is.
extension SceneLoader {
  /// The parsed JSON of the scene file at `path` (`-` reads standard input,
  /// named `<stdin>` in messages), refused as ``load(contentsOf:)`` refuses
  /// a file that is unreadable, too large or not JSON.
  public func document(contentsOf path: String) throws(SceneLoadError) -> JSONValue {
    let name = path == "-" ? "<stdin>" : path
    return try Self.parse(Self.readFile(path, name: name), file: name)
  }

  /// The scene of a file's JSON, `document`, into which values were set
  /// from outside: a problem at a path of `labels` (where a setting put its
  /// value, as ``SceneSetting/apply(to:)`` returns it) is named by its label
  /// (`--set viewport.width`), the others by their paths in the file named
  /// `file`.
  public func scene(from document: JSONValue, file: String, labels: [JSONPath: String])
    throws(SceneLoadError) -> Scene
  {
    switch scene(from: document) {
    case .success(let scene): return scene
    case .failure(let problems):
      throw .invalidWithSettings(file: file, diagnostics: problems.diagnostics, labels: labels)
    }
  }
}

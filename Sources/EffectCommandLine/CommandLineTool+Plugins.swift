import EffectHost

extension CommandLineTool {
  static let pluginOption = "--plugin"
  static let pluginLabel = "--plugin <lib>"

  /// The tool's registry with the effect types of the `--plugin` libraries
  /// that come before the subcommand, whose options are removed from
  /// `arguments`; the registry alone when the tool loads no plugins.
  func registryWithLeadingPlugins(_ arguments: inout [String]) throws(CommandError)
    -> EffectRegistry
  {
    guard loadsPlugins else { return registry }
    let plugins = try Self.leadingPlugins(&arguments)
    guard !plugins.isEmpty else { return registry }
    do {
      return try PluginLoader.load(plugins, into: registry)
    } catch {
      throw .failed(message: error.description, status: error.status)
    }
  }

  /// Removes the `--plugin LIB` and `--plugin=LIB` options that come before
  /// the subcommand; their libraries, in order.
  static func leadingPlugins(_ arguments: inout [String]) throws(CommandError) -> [String] {
    var plugins: [String] = []
    while let first = arguments.first {
      if first == pluginOption {
        guard arguments.count > 1 else {
          throw .usage(UsageError(message: "Missing value for '\(pluginLabel)'", command: nil))
        }
        plugins.append(try plugin(arguments[1]))
        arguments.removeFirst(2)
      } else if first.hasPrefix(pluginOption + "=") {
        plugins.append(try plugin(String(first.dropFirst(pluginOption.count + 1))))
        arguments.removeFirst()
      } else {
        break
      }
    }
    return plugins
  }

  /// A `--plugin` library's path: an empty one names no file.
  private static func plugin(_ path: String) throws(CommandError) -> String {
    guard !path.isEmpty else {
      throw .usage(
        UsageError(
          message:
            "The value '' is invalid for '\(pluginLabel)': expected a library's path, found an empty text",
          command: nil))
    }
    return path
  }
}

import EffectHost
import EffectPlugin

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a plugin library given to `--plugin` was refused. Every message names
/// the file, quoted with its control characters escaped.
public enum PluginLoadError: Error, Equatable, CustomStringConvertible {
  /// The file is missing or cannot be read (exit 66).
  case unreadable(file: String, reason: String)
  /// The dynamic loader refused the file (exit 1).
  case notSharedLibrary(file: String, reason: String)
  /// The library has no `scroll_effects_plugin` function (exit 1).
  case noEntryPoint(file: String)
  /// The plugin was built against other libraries (exit 1).
  case signatureMismatch(file: String, found: String, expected: String)
  /// A type the plugin handed over is not this program's `ScrollEffect`
  /// (exit 1): the plugin carries its own copy of EffectProtocol.
  case notScrollEffect(file: String, type: String)
  /// A type name taken by a built-in effect or an earlier plugin (exit 1).
  case duplicateTypeName(file: String, name: String, registeredBy: String)
  /// The plugin's entry point handed over no type (exit 1).
  case registersNothing(file: String)

  /// 66 for a file that cannot be read, 1 for every other refusal.
  public var status: ExitCode {
    if case .unreadable = self { return .unreadableScene }
    return .failure
  }

  /// `text` in double quotes as every message quotes text from outside,
  /// whole however long.
  static func quoted(_ text: String) -> String { MessageText.quoted(text, limit: .max) }

  public var description: String {
    switch self {
    case .unreadable(let file, let reason):
      return "plugin \(Self.quoted(file)): cannot read the file: \(reason)"
    case .notSharedLibrary(let file, let reason):
      return "plugin \(Self.quoted(file)): not a shared library: \(Self.quoted(reason))"
    case .noEntryPoint(let file):
      return "plugin \(Self.quoted(file)): no function 'scroll_effects_plugin'; "
        + "expected a library built from a package with "
        + "@_cdecl(\"scroll_effects_plugin\") calling EffectPlugin.register (see Docs/Plugins.md)"
    case .signatureMismatch(let file, let found, let expected):
      return "plugin \(Self.quoted(file)): built against other libraries: it has \(found); "
        + "expected \(expected); rebuild the plugin against this version"
    case .notScrollEffect(let file, let type):
      return "plugin \(Self.quoted(file)): the type \(Self.quoted(type)) "
        + "does not conform to this program's ScrollEffect: the plugin carries its own copy "
        + "of EffectProtocol; link the EffectPlugin product, not EffectProtocol (see Docs/Plugins.md)"
    case .duplicateTypeName(let file, let name, let registeredBy):
      return "plugin \(Self.quoted(file)): an effect type named \(Self.quoted(name)) "
        + "is already registered by \(registeredBy); expected a unique type name"
    case .registersNothing(let file):
      return "plugin \(Self.quoted(file)): registers no effect type; expected "
        + "EffectPlugin.register with at least one type"
    }
  }
}

/// Loads `--plugin` libraries and adds their effect types to a registry.
///
/// Each library is opened with the dynamic loader, its `scroll_effects_plugin`
/// is called with a ``PluginHost`` carrying this program's
/// ``PluginSignature``, and the types it hands back are registered only after
/// the plugin's signature equals this program's and each type is found to
/// conform to this program's `ScrollEffect`. Libraries are never closed: the
/// Swift runtime keeps pointers into every image it has seen.
public enum PluginLoader {
  /// `registry` with the types of every library in `paths` added, in order.
  public static func load(_ paths: [String], into registry: EffectRegistry)
    throws(PluginLoadError) -> EffectRegistry
  {
    var registry = registry
    var origins: [String: String] = [:]
    for name in registry.typeNames { origins[name] = "a built-in effect" }
    for path in paths {
      let types = try types(inLibrary: path)
      for type in types {
        let name = type.descriptor.typeName
        if let origin = origins[name] {
          throw .duplicateTypeName(file: path, name: name, registeredBy: origin)
        }
        do {
          try registry.register(type)
        } catch {
          // `origins` holds every registered name, so this is not reached.
          throw .duplicateTypeName(file: path, name: name, registeredBy: "another type")
        }
        origins[name] = "plugin \(PluginLoadError.quoted(path))"
      }
    }
    return registry
  }

  /// The checked effect types of the plugin library at `path`.
  public static func types(inLibrary path: String) throws(PluginLoadError)
    -> [any ScrollEffect.Type]
  {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw .unreadable(file: path, reason: String(cString: strerror(errno)))
    }
    guard access(path, R_OK) == 0 else {
      throw .unreadable(file: path, reason: String(cString: strerror(errno)))
    }
    // A name without a slash would be searched for on the library path;
    // the user named a file.
    let file = path.contains("/") ? path : "./" + path
    guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
      throw .notSharedLibrary(file: path, reason: loaderError(for: file))
    }
    guard let symbol = dlsym(handle, "scroll_effects_plugin") else {
      throw .noEntryPoint(file: path)
    }
    typealias EntryPoint = @convention(c) (UnsafeMutableRawPointer) -> Void
    let entryPoint = unsafeBitCast(symbol, to: EntryPoint.self)
    let received = Received()
    withUnsafePointer(to: EffectPlugin.signature) { signature in
      var host = PluginHost(
        signature: signature, context: Unmanaged.passUnretained(received).toOpaque(),
        handOver: { context, signature, types, count in
          guard let context else { return }
          Unmanaged<Received>.fromOpaque(context).takeUnretainedValue().take(
            signature, types, count)
        })
      withUnsafeMutablePointer(to: &host) { entryPoint(UnsafeMutableRawPointer($0)) }
    }
    if let mismatch = received.mismatch {
      throw .signatureMismatch(
        file: path, found: mismatch, expected: EffectPlugin.signature.description)
    }
    var checked: [any ScrollEffect.Type] = []
    for type in received.types {
      guard let effect = type as? any ScrollEffect.Type else {
        throw .notScrollEffect(file: path, type: String(reflecting: type))
      }
      checked.append(effect)
    }
    guard !checked.isEmpty else { throw .registersNothing(file: path) }
    return checked
  }

  /// `dlerror()`'s text without the file name it starts with, which the
  /// message gives quoted.
  private static func loaderError(for file: String) -> String {
    guard let text = dlerror() else { return "the dynamic loader refused it" }
    let message = String(cString: text)
    return message.hasPrefix(file + ": ") ? String(message.dropFirst(file.count + 2)) : message
  }
}

/// What one plugin's entry point handed over.
private final class Received {
  /// The plugin's signature when it differs from this program's.
  var mismatch: String?
  var types: [Any.Type] = []

  func take(
    _ signature: UnsafeRawPointer, _ pointers: UnsafePointer<UnsafeRawPointer>?, _ count: Int
  ) {
    // The magic number first: only a signature of this scheme is read further.
    let magic = signature.load(as: UInt64.self)
    let theirs: PluginSignature
    if magic == PluginSignature.magicNumber {
      theirs = signature.load(as: PluginSignature.self)
    } else {
      theirs = PluginSignature(
        magic: magic, interfaceVersion: 0, surfaceHash: 0, libraryVersion: signature)
    }
    guard theirs == EffectPlugin.signature else {
      mismatch = theirs.description
      return
    }
    guard let pointers, count > 0 else { return }
    for pointer in UnsafeBufferPointer(start: pointers, count: count) {
      types.append(unsafeBitCast(pointer, to: Any.Type.self))
    }
  }
}

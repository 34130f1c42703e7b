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
  /// A library the plugin needs cannot be found (exit 1): `libEffectPlugin.so`
  /// not shipped beside it, say.
  case missingLibrary(file: String, library: String)
  /// A type the plugin handed over is not this program's `ScrollEffect`
  /// because this program does not export its symbols (exit 1): on Linux
  /// it must be linked with `-Xlinker --export-dynamic`, as `effectctl` is;
  /// the plugin is not at fault.
  case programNotExporting(file: String, type: String)
  /// A type name that is empty or holds white space, a control or a format
  /// character (exit 1): ``EffectRegistry/isTypeName(_:)``.
  case invalidTypeName(file: String, name: String)
  /// An effect type with a parameter named `"type"` or `"reducedMotion"`,
  /// keys the loader reads itself from every effect's object (exit 1):
  /// ``EffectRegistry/reservedParameter(of:)``.
  case reservedParameter(file: String, type: String, key: String)

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
    case .missingLibrary(let file, let library):
      return "plugin \(Self.quoted(file)): a library it needs cannot be found: "
        + "\(Self.quoted(library)); expected it where the dynamic loader looks: beside the "
        + "plugin ($ORIGIN, where the build leaves libEffectPlugin.so) or on the library path "
        + "(see Docs/Plugins.md)"
    case .invalidTypeName(let file, let name):
      return "plugin \(Self.quoted(file)): an effect type named \(Self.quoted(name)); "
        + "expected a type name that is not empty and has no white space, control or format "
        + "character"
    case .reservedParameter(let file, let type, let key):
      return "plugin \(Self.quoted(file)): the effect type \(Self.quoted(type)) "
        + RegistryError.reservedParameterText(key: key)
    case .programNotExporting(let file, let type):
      return "plugin \(Self.quoted(file)): the type \(Self.quoted(type)) "
        + "does not conform to this program's ScrollEffect: this program does not export "
        + "its symbols, so the plugin bound to another copy of EffectProtocol; link the "
        + "program with -Xlinker --export-dynamic, as effectctl is (see Docs/Plugins.md)"
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
    // Who registered each name: a built-in (nil) or the library at an index of `paths`.
    var origins: [String: Int?] = [:]
    for name in registry.typeNames { origins[name] = .some(nil) }
    for (index, path) in paths.enumerated() {
      let types = try types(inLibrary: path)
      for type in types {
        let name = type.descriptor.typeName
        guard EffectRegistry.isTypeName(name) else {
          throw .invalidTypeName(file: path, name: name)
        }
        if let origin = origins[name] {
          let registeredBy: String
          switch origin {
          case nil: registeredBy = "a built-in effect"
          case index?: registeredBy = "this plugin itself: it registers the name twice"
          case let earlier? where Self.sameFile(paths[earlier], path):
            registeredBy = "this plugin, given to --plugin before"
          case let earlier?: registeredBy = "plugin \(PluginLoadError.quoted(paths[earlier]))"
          }
          throw .duplicateTypeName(file: path, name: name, registeredBy: registeredBy)
        }
        do {
          try registry.register(type)
        } catch .reservedParameter(_, let key) {
          throw .reservedParameter(file: path, type: name, key: key)
        } catch {
          // The name was checked above and `origins` holds every registered
          // name, so this is not reached.
          throw .duplicateTypeName(file: path, name: name, registeredBy: "another type")
        }
        origins[name] = .some(index)
      }
    }
    return registry
  }

  /// Whether `a` and `b` name one file: the same text, or the same path
  /// once links and `..` are resolved.
  static func sameFile(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    func resolved(_ path: String) -> String? {
      guard let pointer = realpath(path, nil) else { return nil }
      defer { free(pointer) }
      return String(cString: pointer)
    }
    guard let first = resolved(a), let second = resolved(b) else { return false }
    return first == second
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
    // `stat` follows links, so this is the kind of the file a link names.
    // The dynamic loader opens and reads whatever it is given: a named pipe
    // with no writer would block it for ever, a device would be read.
    if let kind = notRegularFileKind(mode: status.st_mode) {
      throw .notSharedLibrary(file: path, reason: "\(kind), not a regular file")
    }
    // A name without a slash would be searched for on the library path;
    // the user named a file.
    let file = path.contains("/") ? path : "./" + path
    guard let handle = dlopen(file, RTLD_NOW | RTLD_LOCAL) else {
      let reason = loaderError(for: file)
      if let library = missingLibrary(in: reason) {
        throw .missingLibrary(file: path, library: library)
      }
      throw .notSharedLibrary(file: path, reason: reason)
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
        if !programExportsEffectProtocol {
          throw .programNotExporting(file: path, type: String(reflecting: type))
        }
        throw .notScrollEffect(file: path, type: String(reflecting: type))
      }
      checked.append(effect)
    }
    guard !checked.isEmpty else { throw .registersNothing(file: path) }
    return checked
  }

  /// What a file of `mode` is when it is not a regular file: "a directory",
  /// "a named pipe"; `nil` for a regular file.
  static func notRegularFileKind(mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a named pipe"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "a file of another kind"
    }
  }

  /// Whether this program's `ScrollEffect` is visible to the libraries it
  /// opens: its protocol descriptor is found by name in the program's own
  /// global scope. A program linked without `--export-dynamic` on Linux
  /// hides it, and a plugin's `libEffectPlugin.so` then has its own.
  static var programExportsEffectProtocol: Bool {
    #if os(Linux)
      guard let program = dlopen(nil, RTLD_LAZY) else { return true }
      return dlsym(program, "$s14EffectProtocol06ScrollA0Mp") != nil
    #else
      return true
    #endif
  }

  /// The library named by the dynamic loader's "cannot open shared object
  /// file" for a library the file needs (not for the file itself).
  static func missingLibrary(in reason: String) -> String? {
    let marker = ": cannot open shared object file"
    guard let range = reason.ranges(of: marker).first, range.lowerBound > reason.startIndex else {
      return nil
    }
    return String(reason[..<range.lowerBound])
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

@_exported import EffectProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a plugin's glue calls: hands the plugin's effect types to the host
/// that loaded it, after checking that both were built against the same
/// libraries.
///
/// A plugin is a `.dynamic` library product that depends on this product and
/// exports one function:
///
/// ```swift
/// import EffectPlugin
///
/// @_cdecl("scroll_effects_plugin")
/// public func scrollEffectsPlugin(_ host: UnsafeMutableRawPointer) {
///   EffectPlugin.register([WobbleEffect.self, TickEffect.self], with: host)
/// }
/// ```
public enum EffectPlugin {
  // The signature's parts and `register` are emitted into the plugin's own
  // code (`@_alwaysEmitIntoClient`): effectctl exports its copy of this
  // module to the plugins it loads, so a function of the module called by a
  // plugin runs the host's code, and a signature read there would always
  // match. Compiled into the plugin, it says what the plugin was built with.

  /// The version of the libraries, as `effectctl --version` prints it.
  @_alwaysEmitIntoClient public static var libraryVersion: StaticString { "0.2.0" }

  /// The layout of ``PluginHost`` and the meaning of its callback; a change
  /// to either bumps it.
  @_alwaysEmitIntoClient public static var interfaceVersion: UInt64 { 1 }

  /// FNV-1a (64 bits) of every line of code (comments and blank lines left
  /// out, whitespace collapsed) of `Sources/EffectProtocol`, then of
  /// `Sources/StrictJSON` (which it re-exports), files in name order. Not
  /// only the public declarations: a plugin compiles the inlinable internals
  /// it calls (a `ViewBatch`'s stored layout) into itself, so a change to
  /// them must refuse it too. A test recomputes the hash from the sources.
  @_alwaysEmitIntoClient public static var surfaceHash: UInt64 {
    #if SCROLL_EFFECTS_STALE_PLUGIN
      // Tests/Fixtures build a plugin with this set: a real plugin whose
      // signature is not the host's.
      0x5354_414c_4550_4c47
    #else
      0x60fd_5484_4e6d_87b0
    #endif
  }

  /// The signature of the libraries this code was built with.
  @_alwaysEmitIntoClient public static var signature: PluginSignature {
    PluginSignature(
      magic: PluginSignature.magicNumber, interfaceVersion: interfaceVersion,
      surfaceHash: surfaceHash, libraryVersion: UnsafeRawPointer(libraryVersion.utf8Start))
  }

  /// Hands `types` to the host behind `host` (the pointer `scroll_effects_plugin`
  /// receives), once the host's signature is checked.
  ///
  /// The host's layout is checked before anything but its first two fields is
  /// read: a pointer that is not an effect host is refused with a message on
  /// standard error and nothing is called. A host built against other
  /// libraries receives this plugin's signature and no types, so that it can
  /// say which signature each side has. The host checks the signature again
  /// and that every type conforms to its own `ScrollEffect` before using one.
  @_alwaysEmitIntoClient
  public static func register(_ types: [any ScrollEffect.Type], with host: UnsafeMutableRawPointer)
  {
    let magic = host.load(as: UInt64.self)
    let size = host.load(fromByteOffset: 8, as: UInt64.self)
    guard magic == PluginHost.magicNumber, size >= UInt64(MemoryLayout<PluginHost>.size) else {
      var message =
        "error: EffectPlugin.register: the pointer is not an effect host (magic 0x\(hex(magic)), "
        + "size \(size)); expected magic 0x\(hex(PluginHost.magicNumber)), size at least "
        + "\(MemoryLayout<PluginHost>.size)\n"
      message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
      return
    }
    let interface = host.load(as: PluginHost.self)
    let own = signature
    guard interface.signature.pointee == own else {
      withUnsafePointer(to: own) { interface.handOver(interface.context, $0, nil, 0) }
      return
    }
    // Metadata pointers only: the host decides, with its own protocol
    // descriptor, whether each is a `ScrollEffect`.
    let pointers = types.map { unsafeBitCast($0 as Any.Type, to: UnsafeRawPointer.self) }
    withUnsafePointer(to: own) { own in
      pointers.withUnsafeBufferPointer { buffer in
        interface.handOver(interface.context, own, buffer.baseAddress, buffer.count)
      }
    }
  }

  @usableFromInline static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
  }
}

/// Which libraries a plugin or host was built against: compared field by
/// field, the version string by content.
///
/// A C-compatible layout: a loader written in C reads it too.
public struct PluginSignature: Equatable, CustomStringConvertible {
  /// "SCRLEFSG": this is a signature.
  public static let magicNumber: UInt64 = 0x5343_524C_4546_5347
  /// ``magicNumber`` in a signature; any other value is an unknown signature scheme.
  public var magic: UInt64
  /// ``EffectPlugin/interfaceVersion`` of the side that made it.
  public var interfaceVersion: UInt64
  /// ``EffectPlugin/surfaceHash`` of the side that made it.
  public var surfaceHash: UInt64
  /// A NUL-terminated UTF-8 string, ``EffectPlugin/libraryVersion``.
  public var libraryVersion: UnsafeRawPointer

  /// A signature of these fields; `libraryVersion` points to a NUL-terminated UTF-8 string (at
  /// most 64 bytes of it are read) that stays valid as long as the signature is used.
  public init(
    magic: UInt64, interfaceVersion: UInt64, surfaceHash: UInt64,
    libraryVersion: UnsafeRawPointer
  ) {
    self.magic = magic
    self.interfaceVersion = interfaceVersion
    self.surfaceHash = surfaceHash
    self.libraryVersion = libraryVersion
  }

  /// The version string, at most 64 bytes of it (the rest is not read).
  public var version: String {
    let bytes = libraryVersion.assumingMemoryBound(to: UInt8.self)
    var length = 0
    while length < 64, bytes[length] != 0 { length += 1 }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
  }

  public static func == (a: PluginSignature, b: PluginSignature) -> Bool {
    a.magic == b.magic && a.interfaceVersion == b.interfaceVersion
      && a.surfaceHash == b.surfaceHash && a.version == b.version
  }

  /// `ScrollEffects "0.2.0", plugin interface 1, EffectProtocol surface 0x…`
  /// (the version quoted: it is text the plugin hands over).
  public var description: String {
    guard magic == Self.magicNumber else {
      return "an unknown signature scheme (magic 0x\(EffectPlugin.hex(magic)))"
    }
    return "ScrollEffects \(version.debugDescription), plugin interface \(interfaceVersion), "
      + "EffectProtocol surface 0x\(EffectPlugin.hex(surfaceHash))"
  }
}

/// What `scroll_effects_plugin` receives: the host's signature and the
/// callback that takes the plugin's types.
///
/// A C-compatible layout whose first two fields never change: the magic
/// number and the structure's size are read before anything else.
public struct PluginHost {
  /// "SCRLEFHO": this is an effect host.
  public static let magicNumber: UInt64 = 0x5343_524C_4546_484F
  /// The type of ``handOver``: the host's context, the plugin's
  /// ``PluginSignature``,
  /// and `count` type metadata pointers (`nil` and 0 when the signatures
  /// differ).
  public typealias HandOver =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeRawPointer, UnsafePointer<UnsafeRawPointer>?, Int
    ) -> Void

  /// ``magicNumber``: what a plugin checks first.
  public var magic: UInt64 = magicNumber
  /// The structure's size in bytes: a plugin refuses a host smaller than its own ``PluginHost``.
  public var size = UInt64(MemoryLayout<PluginHost>.size)
  /// The host's signature, which the plugin compares with its own.
  public var signature: UnsafePointer<PluginSignature>
  /// The host's own pointer, given back as the first argument of ``handOver``.
  public var context: UnsafeMutableRawPointer?
  /// The callback that takes the plugin's signature and effect types (``HandOver``).
  public var handOver: HandOver

  /// A host with ``magic`` and ``size`` set, for the plugin's `scroll_effects_plugin`: the
  /// pointers must stay valid until that call returns.
  public init(
    signature: UnsafePointer<PluginSignature>, context: UnsafeMutableRawPointer?,
    handOver: HandOver
  ) {
    self.signature = signature
    self.context = context
    self.handOver = handOver
  }
}

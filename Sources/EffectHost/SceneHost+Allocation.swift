import EffectProtocol

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension SceneHost {
  /// A host for `scene`, as ``init(scene:reducesMotion:)``, or an error
  /// naming the size when the memory for its views cannot be had: a tool can
  /// then stop cleanly where ``init(scene:reducesMotion:)`` would trap (an
  /// array that fails to allocate ends the process).
  ///
  /// The check maps the view buffer's size (`mmap`) and unmaps it
  /// before the host allocates its own: it finds a limit on the address
  /// space (`ulimit -v`) or a size no allocator can give, not memory that
  /// another thread takes in between, nor an out-of-memory kill after an
  /// overcommitted allocation.
  public init(allocating scene: Scene, reducesMotion: Bool = false)
    throws(BufferAllocationError)
  {
    let viewCount = scene.viewCount
    let stride = MemoryLayout<ViewTransform>.stride
    let (byteCount, overflow) = viewCount.multipliedReportingOverflow(by: stride)
    let error = BufferAllocationError(viewCount: viewCount, bytesPerView: stride)
    guard !overflow else { throw error }
    guard Self.canMap(byteCount) else { throw error }
    self.init(scene: scene, reducesMotion: reducesMotion)
  }

  /// Whether `byteCount` bytes can be mapped now (0 can): a limit on the
  /// address space (`ulimit -v`) or a size no allocator can give says no,
  /// where an allocation of them would end the process. As
  /// ``init(allocating:reducesMotion:)`` says, it cannot foresee memory
  /// that another thread takes in between, nor an out-of-memory kill.
  package static func canMap(_ byteCount: Int) -> Bool {
    guard byteCount > 0 else { return byteCount == 0 }
    // Mapped rather than malloc'ed: the optimiser may drop a malloc whose
    // memory is never used, and a large malloc is a mapping anyway.
    let probe = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let probe, probe != MAP_FAILED else { return false }
    munmap(probe, byteCount)
    return true
  }
}

/// The memory for a scene's views could not be allocated.
public struct BufferAllocationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The views, copies included.
  public let viewCount: Int
  /// The bytes of one view's transform.
  public let bytesPerView: Int

  /// `viewCount × bytesPerView`, or `nil` when the product overflows an `Int`.
  public var byteCount: Int? {
    let (product, overflow) = viewCount.multipliedReportingOverflow(by: bytesPerView)
    return overflow ? nil : product
  }

  public var description: String {
    let size = byteCount.map { "\($0) bytes" } ?? "more bytes than an Int counts"
    return
      "cannot allocate \(size) for the transforms of \(viewCount) views "
      + "(\(bytesPerView) bytes each)"
  }
}

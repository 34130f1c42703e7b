// Geometry values: see Views.swift for what this module is.

// https://developer.apple.com/documentation/swiftui/edgeinsets
@frozen public struct EdgeInsets: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/edgeinsets/top
  public var top: CGFloat
  // https://developer.apple.com/documentation/swiftui/edgeinsets/leading
  public var leading: CGFloat
  // https://developer.apple.com/documentation/swiftui/edgeinsets/bottom
  public var bottom: CGFloat
  // https://developer.apple.com/documentation/swiftui/edgeinsets/trailing
  public var trailing: CGFloat

  // https://developer.apple.com/documentation/swiftui/edgeinsets/init(top:leading:bottom:trailing:)
  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  // https://developer.apple.com/documentation/swiftui/edgeinsets/init()
  public init() {
    self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
  }
}

// https://developer.apple.com/documentation/swiftui/unitpoint
@frozen public struct UnitPoint: Hashable, Sendable {
  // https://developer.apple.com/documentation/swiftui/unitpoint/x
  public var x: CGFloat
  // https://developer.apple.com/documentation/swiftui/unitpoint/y
  public var y: CGFloat

  // https://developer.apple.com/documentation/swiftui/unitpoint/init(x:y:)
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }

  // https://developer.apple.com/documentation/swiftui/unitpoint/center
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  // https://developer.apple.com/documentation/swiftui/unitpoint/topleading
  public static let topLeading = UnitPoint(x: 0, y: 0)
}

// https://developer.apple.com/documentation/swiftui/angle
@frozen public struct Angle: Hashable, Sendable {
  // https://developer.apple.com/documentation/swiftui/angle/degrees-swift.property
  public var degrees: Double

  /// Scaffolding: an angle of `degrees`.
  init(_degrees degrees: Double) {
    self.degrees = degrees
  }

  // https://developer.apple.com/documentation/swiftui/angle/degrees(_:)
  public static func degrees(_ degrees: Double) -> Angle {
    Angle(_degrees: degrees)
  }
}

// https://developer.apple.com/documentation/swiftui/proposedviewsize
@frozen public struct ProposedViewSize: Equatable, Sendable {
  // https://developer.apple.com/documentation/swiftui/proposedviewsize/width
  public var width: CGFloat?
  // https://developer.apple.com/documentation/swiftui/proposedviewsize/height
  public var height: CGFloat?

  // https://developer.apple.com/documentation/swiftui/proposedviewsize/init(width:height:)
  public init(width: CGFloat?, height: CGFloat?) {
    self.width = width
    self.height = height
  }

  // https://developer.apple.com/documentation/swiftui/proposedviewsize/init(_:)
  public init(_ size: CGSize) {
    self.init(width: size.width, height: size.height)
  }
}

// https://developer.apple.com/documentation/swiftui/coordinatespace
public enum CoordinateSpace: Hashable {
  // https://developer.apple.com/documentation/swiftui/coordinatespace/global
  case global
  // https://developer.apple.com/documentation/swiftui/coordinatespace/local
  case local
  // https://developer.apple.com/documentation/swiftui/coordinatespace/named(_:)
  case named(AnyHashable)
}

// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol
public protocol CoordinateSpaceProtocol {
  // https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol/coordinatespace
  var coordinateSpace: CoordinateSpace { get }
}

// https://developer.apple.com/documentation/swiftui/namedcoordinatespace
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Equatable {
  /// Scaffolding: the name.
  let _name: AnyHashable
  // https://developer.apple.com/documentation/swiftui/namedcoordinatespace/coordinatespace
  public var coordinateSpace: CoordinateSpace { .named(_name) }
}

// https://developer.apple.com/documentation/swiftui/globalcoordinatespace
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol {
  // https://developer.apple.com/documentation/swiftui/globalcoordinatespace/init()
  public init() {}
  // https://developer.apple.com/documentation/swiftui/globalcoordinatespace/coordinatespace
  public var coordinateSpace: CoordinateSpace { .global }
}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
  // https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol/named(_:)
  public static func named(_ name: some Hashable) -> NamedCoordinateSpace {
    NamedCoordinateSpace(_name: AnyHashable(name))
  }
}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
  // https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol/global
  public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

// https://developer.apple.com/documentation/swiftui/geometryproxy
public struct GeometryProxy {
  /// Scaffolding: the frame in each coordinate space a test gives.
  let _frames: [CoordinateSpace: CGRect]

  /// Scaffolding: a proxy whose frame in each coordinate space is given.
  public init(_frames frames: [CoordinateSpace: CGRect]) {
    _frames = frames
  }

  // https://developer.apple.com/documentation/swiftui/geometryproxy/frame(in:)
  public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect {
    guard let frame = _frames[coordinateSpace.coordinateSpace] else {
      fatalError("the test gave no frame in \(coordinateSpace.coordinateSpace)")
    }
    return frame
  }

  // iOS 13.0 to 27.0: deprecated here, so that the adapter cannot come to call it.
  // https://developer.apple.com/documentation/swiftui/geometryproxy/frame(in:)-4d7dw
  @available(*, deprecated, message: "iOS 13.0 - 27.0; use frame(in: some CoordinateSpaceProtocol)")
  public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
    frame(in: _Resolved(coordinateSpace: coordinateSpace))
  }
}

/// Scaffolding: a resolved coordinate space as a `CoordinateSpaceProtocol`.
struct _Resolved: CoordinateSpaceProtocol {
  var coordinateSpace: CoordinateSpace
}

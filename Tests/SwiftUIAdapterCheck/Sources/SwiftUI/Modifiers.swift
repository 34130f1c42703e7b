// View modifiers: see Views.swift for what this module is. Each returns a
// view that records its name and arguments (Scaffolding.swift).

extension View {
  // https://developer.apple.com/documentation/swiftui/view/scaleeffect(_:anchor:)-7q7as
  nonisolated public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
    _Modified(
      content: self, record: _Record(name: "scaleEffect(_:anchor:)", arguments: [scale, anchor]))
  }

  // https://developer.apple.com/documentation/swiftui/view/rotationeffect(_:anchor:)
  nonisolated public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
    _Modified(
      content: self,
      record: _Record(name: "rotationEffect(_:anchor:)", arguments: [angle, anchor]))
  }

  // https://developer.apple.com/documentation/swiftui/view/opacity(_:)
  nonisolated public func opacity(_ opacity: Double) -> some View {
    _Modified(content: self, record: _Record(name: "opacity(_:)", arguments: [opacity]))
  }

  // https://developer.apple.com/documentation/swiftui/view/blur(radius:opaque:)
  nonisolated public func blur(radius: CGFloat, opaque: Bool = false) -> some View {
    _Modified(
      content: self, record: _Record(name: "blur(radius:opaque:)", arguments: [radius, opaque]))
  }

  // https://developer.apple.com/documentation/swiftui/view/offset(_:)
  nonisolated public func offset(_ offset: CGSize) -> some View {
    _Modified(content: self, record: _Record(name: "offset(_:)", arguments: [offset]))
  }

  // https://developer.apple.com/documentation/swiftui/view/zindex(_:)
  nonisolated public func zIndex(_ value: Double) -> some View {
    _Modified(content: self, record: _Record(name: "zIndex(_:)", arguments: [value]))
  }

  // https://developer.apple.com/documentation/swiftui/view/coordinatespace(_:)
  nonisolated public func coordinateSpace(_ name: NamedCoordinateSpace) -> some View {
    _Modified(content: self, record: _Record(name: "coordinateSpace(_:)", arguments: [name]))
  }

  // https://developer.apple.com/documentation/swiftui/view/ongeometrychange(for:of:action:)
  @export(implementation) @preconcurrency nonisolated public func onGeometryChange<T>(
    for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T,
    action: @escaping (T) -> Void
  ) -> some View where T: Equatable, T: Sendable {
    _Modified(
      content: self,
      record: _Record(
        name: "onGeometryChange(for:of:action:)",
        action: _Action.changes(transform: transform, action: { _, new in action(new) })))
  }

  // https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)
  nonisolated public func onChange<V>(
    of value: V, initial: Bool = false, _ action: @escaping () -> Void
  ) -> some View where V: Equatable {
    _Modified(
      content: self,
      record: _Record(
        name: "onChange(of:initial:_:)", arguments: [value, initial],
        action: _Action<Void> { _ in action() }))
  }

  // https://developer.apple.com/documentation/swiftui/view/environment(_:_:)
  nonisolated public func environment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
  ) -> some View {
    _Modified(
      content: self,
      record: _Record(
        name: "environment(_:_:)", arguments: [keyPath, value],
        action: _EnvironmentWrite { $0[keyPath: keyPath] = value }))
  }

  // https://developer.apple.com/documentation/swiftui/view/scaledtofill()
  nonisolated public func scaledToFill() -> some View {
    _Modified(content: self, record: _Record(name: "scaledToFill()"))
  }
}

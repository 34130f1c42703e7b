import Effects

/// The registered type names as the scene loader lists them.
enum BuiltInTypes {
  static let names = BuiltInEffects.all.map { $0.descriptor.typeName }.joined(separator: ", ")
}

import EffectPlugin

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Sways a view sideways as the content scrolls: a stateless effect.
///
/// `x += amplitude * sin(2π * offset / wavelength)`, in points: one full
/// sway every `wavelength` points of scroll (default 100), `amplitude`
/// points either way (default 8). At rest (offset 0) nothing moves.
public struct WobbleEffect: StatelessScrollEffect, Equatable {
  /// How far the view sways either way, in points; default 8.
  public var amplitude: Double
  /// The scroll distance of one full sway, in points; default 100.
  public var wavelength: Double

  public init(amplitude: Double = 8, wavelength: Double = 100) {
    self.amplitude = amplitude
    self.wavelength = wavelength
  }

  public init(from reader: inout ParameterReader) {
    amplitude = reader.number("amplitude", default: 8, in: .finite)
    wavelength = reader.number("wavelength", default: 100, in: .positive)
  }

  public static let descriptor = EffectDescriptor(
    typeName: "wobble",
    summary: "Sways a view sideways as the content scrolls.",
    discussion: "x += amplitude * sin(2 * pi * offset / wavelength)",
    parameters: [
      ParameterDescriptor(
        name: "amplitude", values: "points", defaultValue: "8",
        summary: "how far the view sways either way", domain: .number(.finite, unit: .points)),
      ParameterDescriptor(
        name: "wavelength", values: "points, greater than 0", defaultValue: "100",
        summary: "the scroll distance of one full sway", domain: .number(.positive, unit: .points)),
    ],
    examples: [
      EffectExample("a quarter sway: 8 right", offset: 25, expected: [.x: 8, .y: -25]),
      EffectExample(
        "amplitude 4, wavelength 40, a quarter sway",
        parameters: #"{"amplitude": 4, "wavelength": 40}"#, offset: 10,
        expected: [.x: 4, .y: -10]),
      EffectExample("at rest: no sway", offset: 0, expected: [:]),
    ], defaultReducedMotion: "skip")

  /// Skipped: the view sways for decoration.
  public var defaultReducedMotion: ReducedMotion { .skip }

  public func apply(to views: inout ViewBatch) {
    let sway = amplitude * sin(2 * Double.pi * views.geometry.offset / wavelength)
    // A finite amplitude times a sine is finite; a huge offset over a tiny
    // wavelength still gives a sine in -1...1.
    guard sway != 0, sway.isFinite else { return }
    views.modifyEach { $0.x += sway }
  }
}

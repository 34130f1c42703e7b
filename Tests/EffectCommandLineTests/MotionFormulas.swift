import Foundation

/// The formulas of Docs/Motion.md, computed here to check `simulate`'s rows.
enum MotionFormulas {
  /// The rubber band: b(x) = (1 - 1 / (x * 0.55 / d + 1)) * d.
  static func rubberBand(_ x: Double, dimension d: Double = 844) -> Double {
    (1 - 1 / (x * 0.55 / d + 1)) * d
  }

  /// The pull of Configs/pull-to-refresh.json at frame n of
  /// drag:-200:100,release at 120 fps, from the formulas of Docs/Motion.md:
  /// while the finger is down (frames 0...11) the rubber band of the raw
  /// drag, 200 * (n / 120) / 0.1 points; from the release (frame 12) the
  /// spring (mass 0.5, stiffness 100, damping ratio 1.1, overdamped) toward 0
  /// from -b(200) at the velocity the content was shown moving: the finger's
  /// -2,000 points per second times the band's slope b'(200) = 0.55 /
  /// (200 * 0.55 / 844 + 1)^2.
  static func refreshPull(frame n: Int) -> Double {
    if n < 12 { return rubberBand(200 * (Double(n) / 120) / 0.1) }
    let (mass, stiffness) = (0.5, 100.0)
    let damping = 2 * 1.1 * (stiffness * mass).squareRoot()
    let root = (damping * damping - 4 * mass * stiffness).squareRoot()
    let (r1, r2) = ((-damping + root) / (2 * mass), (-damping - root) / (2 * mass))
    let (x0, v0) = (
      -rubberBand(200), -2000 * 0.55 / ((200 * 0.55 / 844 + 1) * (200 * 0.55 / 844 + 1))
    )
    // x(t) = c1 e^(r1 t) + c2 e^(r2 t) with x(0) = x0 and x'(0) = v0.
    let c2 = (v0 - r1 * x0) / (r2 - r1)
    let c1 = x0 - c2
    let t = Double(n - 12) / 120
    return -(c1 * Foundation.exp(r1 * t) + c2 * Foundation.exp(r2 * t))
  }
}

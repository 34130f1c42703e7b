import Foundation

/// Whether the slow tests run in full: with `SCROLLEFFECTS_SLOW_TESTS=1` in
/// the environment, as `.ci/run` sets it for them. Without it, `swift test`
/// leaves out the few tests that take seconds each in a debug build (every
/// Config's preview page, the bench scene's page, a 600 s gesture), or runs
/// a small part of them, so that the whole suite stays within a minute on
/// two cores.
public enum SlowTests {
  /// The environment variable that enables them.
  public static let variable = "SCROLLEFFECTS_SLOW_TESTS"

  /// Whether ``variable`` is set to `1`.
  public static var enabled: Bool {
    ProcessInfo.processInfo.environment[variable] == "1"
  }

  /// Why a slow test was left out, for its `.enabled(if:)` trait's comment.
  public static let reason = "slow: runs with \(variable)=1, as .ci/run does"
}

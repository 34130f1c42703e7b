import EffectHost
import EffectProtocol

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a load benchmark measured.
struct LoadReport {
  var mode: String
  var bytes: Int
  var repeats: Int
  var chains: Int
  var nanoseconds: Double

  var lines: [String] {
    let perLoad = repeats > 0 ? nanoseconds / Double(repeats) : 0
    return [
      "mode: \(mode)",
      "bytes: \(bytes)",
      "repeats: \(repeats)",
      "chains: \(chains)",
      "ms/load: \(formatDecimal(perLoad / 1e6, decimals: 3))",
    ]
  }
}

/// Loads `bytes` with ``SceneLoader`` `repeats` times.
func runLoad(_ bytes: [UInt8], file: String, repeats: Int) throws(SceneLoadError) -> LoadReport {
  let loader = SceneLoader()
  var chains = 0
  var failure: SceneLoadError?
  let elapsed = measure {
    for _ in 0..<repeats {
      do throws(SceneLoadError) {
        chains = try loader.load(bytes, file: file).chains.count
      } catch {
        failure = error
        return
      }
    }
  }
  if let failure { throw failure }
  return LoadReport(
    mode: "load \(file)", bytes: bytes.count, repeats: repeats, chains: chains,
    nanoseconds: elapsed)
}

/// Decodes `bytes` into ``PlainScene`` with Foundation's `JSONDecoder`
/// `repeats` times: the yardstick of the loader.
func runDecode(_ bytes: [UInt8], file: String, repeats: Int) throws -> LoadReport {
  let data = Data(bytes)
  let decoder = JSONDecoder()
  var chains = 0
  var failure: (any Error)?
  let elapsed = measure {
    for _ in 0..<repeats {
      do {
        chains = try decoder.decode(PlainScene.self, from: data).chains.count
      } catch {
        failure = error
        return
      }
    }
  }
  if let failure { throw failure }
  return LoadReport(
    mode: "decode \(file)", bytes: bytes.count, repeats: repeats, chains: chains,
    nanoseconds: elapsed)
}

/// A scene file as plain `Decodable` structs: what a straightforward app would
/// decode it into, without validation, paths or "did you mean".
struct PlainScene: Decodable {
  struct Size: Decodable {
    var width: Double?
    var height: Double?
  }

  struct Insets: Decodable {
    var top: Double?
    var bottom: Double?
    var left: Double?
    var right: Double?
  }

  struct Frame: Decodable {
    var x: Double?
    var y: Double?
    var width: Double?
    var height: Double
  }

  struct Repetition: Decodable {
    var count: Int
    var spacing: Double?
  }

  /// Every parameter of every built-in effect, flat beside `type`.
  struct Effect: Decodable {
    enum Easing: Decodable {
      case named(String)
      case cubicBezier([Double])

      private enum CodingKeys: String, CodingKey {
        case cubicBezier
      }

      init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
          self = .named(name)
        } else {
          let container = try decoder.container(keyedBy: CodingKeys.self)
          self = .cubicBezier(try container.decode([Double].self, forKey: .cubicBezier))
        }
      }
    }

    var type: String
    var edge: String?
    var resistance: Double?
    var maxStretch: Double?
    var mode: String?
    var inset: Double?
    var until: Double?
    var rate: Double?
    var axis: String?
    var factor: Double?
    var from: Double?
    var to: Double?
    var minHeight: Double?
    var pinned: Bool?
    var property: String?
    var input: String?
    var stops: [[Double]]?
    var easing: Easing?
    var extrapolate: String?
  }

  struct Chain: Decodable {
    var name: String
    var frame: Frame
    var attachment: String?
    var `repeat`: Repetition?
    var effects: [Effect]?
  }

  var version: Int?
  var description: String?
  var viewport: Size?
  var contentInsets: Insets?
  var contentHeight: Double?
  var chains: [Chain]
}

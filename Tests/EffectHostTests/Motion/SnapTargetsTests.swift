import Foundation
import ScrollEffectsTestSupport
import Testing

@testable import EffectHost

/// Paging's targets and `stop: always`'s choice, against the definitions
/// worked out here: the pages are every multiple of the snapport's length
/// below maxOffset, and maxOffset; with F the first target beyond the
/// release in the direction of its velocity, the target chosen is the one
/// nearest P among those not beyond F.
@Suite struct SnapTargetsTests {
  @Test("paging's targets are the multiples of the page length below maxOffset, and maxOffset")
  func pages() {
    // An 800-point snapport over maxOffset 2200: 0, 800, 1600 (2400 is past
    // the end), then 2200.
    let paged = SnapTargets(pageLength: 800, maxOffset: 2200)
    #expect(paged.offsets == [0, 800, 1600, 2200])
    #expect(paged.count == 4 && paged.pageLength == 800)
    #expect((paged.mode, paged.stop) == (.mandatory, .always))
    // maxOffset a whole number of pages: it is not listed twice.
    #expect(SnapTargets(pageLength: 800, maxOffset: 2400).offsets == [0, 800, 1600, 2400])
    // Content shorter than the snapport: 0 is the only multiple below 300.
    #expect(SnapTargets(pageLength: 800, maxOffset: 300).offsets == [0, 300])
    // Nothing to scroll: one target, 0.
    #expect(SnapTargets(pageLength: 800, maxOffset: 0).offsets == [0])
    #expect(SnapTargets(pageLength: 800, maxOffset: -5).offsets == [0])
    // A snapport of length 0 (insets as tall as the viewport) pages nothing
    // but the ends, and so does one too short to count the pages in a Double.
    #expect(SnapTargets(pageLength: 0, maxOffset: 500).offsets == [0, 500])
    #expect(SnapTargets(pageLength: 0, maxOffset: 0).offsets == [0])
    // No length at all, as 0: the ends, never a NaN target.
    for length in [-100, Double.nan, .infinity, -.infinity] {
      let ends = SnapTargets(pageLength: length, maxOffset: 500)
      #expect(ends.offsets == [0, 500], "\(length)")
      #expect(ends.proximity == 0, "\(length)")
    }
    #expect(SnapTargets(pageLength: 1e-300, maxOffset: 1e9).offsets == [0, 1e9])
    // 0.1 is not a Double: the multiples are the products k * 0.1 below 0.3,
    // whatever 0.3 / 0.1 rounds to.
    let tenths = SnapTargets(pageLength: 0.1, maxOffset: 0.3).offsets
    let expected = (0..<4).map { Double($0) * 0.1 }.filter { $0 < 0.3 } + [0.3]
    #expect(tenths == expected)
  }

  @Test("a billion pages are worked out where asked for, not held")
  func manyPages() {
    let paged = SnapTargets(pageLength: 1, maxOffset: 1e9 + 0.5)
    #expect(paged.count == 1_000_000_002)
    #expect(paged.targets(within: 499.5...503) == [500, 501, 502, 503])
    #expect(paged.targets(within: 1e9 - 1...2e9) == [1e9 - 1, 1e9, 1e9 + 0.5])
    #expect(paged.target(forProjection: 123_456_789.4) == 123_456_789)
    #expect(paged.target(forProjection: 1e9 + 0.3) == 1e9 + 0.5)
    #expect(paged.firstTarget(beyond: 7, velocity: 1) == 8)
    #expect(paged.firstTarget(beyond: 7.5, velocity: -1) == 7)
    let list = SnapTargets(offsets: [0, 10, 20, 30], mode: .mandatory, proximity: 1)
    #expect(list.targets(within: 5...20) == [10, 20] && list.targets(within: 31...40).isEmpty)
  }

  @Test("stop always: a projection past the first target beyond the release takes that target")
  func stopAlwaysWorked() {
    let targets = [0.0, 800, 1600, 2200]
    let always = SnapTargets(offsets: targets, mode: .mandatory, proximity: 1, stop: .always)
    let normal = SnapTargets(offsets: targets, mode: .mandatory, proximity: 1)
    // Released at 100 upward, P = 1598.5: F = 800, and P is beyond it.
    #expect(normal.target(forProjection: 1598.5, releasedAt: 100, velocity: 3000) == 1600)
    #expect(always.target(forProjection: 1598.5, releasedAt: 100, velocity: 3000) == 800)
    // P short of F: the nearest target, 0 or 800, as without the stop.
    #expect(always.target(forProjection: 350, releasedAt: 100, velocity: 300) == 0)
    #expect(always.target(forProjection: 450, releasedAt: 100, velocity: 300) == 800)
    // Released on a target: F is the next one, not the target itself.
    #expect(always.firstTarget(beyond: 800, velocity: 1) == 1600)
    #expect(always.target(forProjection: 2100, releasedAt: 800, velocity: 2000) == 1600)
    #expect(always.target(forProjection: 900, releasedAt: 800, velocity: 200) == 800)
    // Downward: F is the highest target below the release.
    #expect(always.target(forProjection: -900, releasedAt: 1700, velocity: -5000) == 1600)
    #expect(always.target(forProjection: -900, releasedAt: 1600, velocity: -5000) == 800)
    // No target beyond the release that way, or at rest: the plain rule.
    #expect(always.firstTarget(beyond: 2200, velocity: 1) == nil)
    #expect(always.target(forProjection: 5000, releasedAt: 2200, velocity: 10) == 2200)
    #expect(always.firstTarget(beyond: 500, velocity: 0) == nil)
    #expect(always.target(forProjection: 500, releasedAt: 500, velocity: 0) == 800)
  }

  @Test("stop always with proximity: a projection beyond F still rests on F")
  func stopAlwaysProximity() {
    let always = SnapTargets(
      offsets: [0, 800, 1600], mode: .proximity, proximity: 50, stop: .always)
    // 700 beyond F = 800: F, though 700 points from P.
    #expect(always.target(forProjection: 1500, releasedAt: 100, velocity: 3000) == 800)
    // Short of F and out of reach of every target: none, the scroll
    // decelerates to P, which is not past F.
    #expect(always.target(forProjection: 400, releasedAt: 100, velocity: 600) == nil)
    #expect(always.target(forProjection: 770, releasedAt: 100, velocity: 600) == 800)
  }

  @Test("stop always: a projection beyond F that ends a snap area still takes F")
  func stopAlwaysAreas() {
    // Two tall copies' stretches [0, 200] and [1000, 1200], their ends targets.
    let always = SnapTargets(
      offsets: [0, 200, 1000, 1200], areas: [0...200, 1000...1200], mode: .mandatory,
      proximity: 1, stop: .always)
    #expect(always.target(forProjection: 1100, releasedAt: 300, velocity: 2000) == 1000)
    // P short of F inside an area: a resting point itself, as without the stop.
    #expect(always.target(forProjection: 150, releasedAt: 100, velocity: 100) == nil)
  }

  /// The definition: F the first target beyond `offset` along `velocity`;
  /// among the targets not beyond F (all of them without F or at rest), the
  /// nearest to P, the lower of two equally near.
  static func chosen(_ targets: [Double], projection: Double, offset: Double, velocity: Double)
    -> Double
  {
    let ahead = velocity > 0 ? targets.filter { $0 > offset } : targets.filter { $0 < offset }
    let first = velocity > 0 ? ahead.min() : ahead.max()
    var allowed = targets
    if let first, velocity != 0 {
      allowed = targets.filter { velocity > 0 ? $0 <= first : $0 >= first }
    }
    return allowed.sorted().min { abs($0 - projection) < abs($1 - projection) }!
  }

  @Test("stop always picks what the definition picks, over random targets, releases and velocities")
  func stopAlwaysProperty() {
    var random = SplitMix64(seed: 0x5EED_570)
    for trial in 0..<3000 {
      let count = 1 + Int(random.next() % 12)
      // Whole numbers in a small range, so ties and releases on a target occur.
      var targets = (0..<count).map { _ in Double(random.next() % 60) * 50 }
      targets = Array(Set(targets)).sorted()
      let offset = Double(random.next() % 3200) - 100
      let velocity = [-1.0, 0, 1][Int(random.next() % 3)] * Double(random.next() % 6000)
      let projection = offset + Double(random.next() % 6000) * (velocity < 0 ? -1 : 1)
      let snap = SnapTargets(offsets: targets, mode: .mandatory, proximity: 1, stop: .always)
      let expected = Self.chosen(
        targets, projection: projection, offset: offset, velocity: velocity)
      #expect(
        snap.target(forProjection: projection, releasedAt: offset, velocity: velocity) == expected,
        "trial \(trial): \(targets) P \(projection) o \(offset) v \(velocity)")
    }
  }

  @Test("paging's targets and choices are the definition's, over random page lengths and ends")
  func pagingProperty() {
    var random = SplitMix64(seed: 0xBA6E5)
    for trial in 0..<500 {
      let length = Double(1 + random.next() % 1000) / 4
      let maxOffset = Double(random.next() % 20_000) / 8
      var pages: [Double] = []
      var k = 0.0
      while k * length < maxOffset {
        pages.append(k * length)
        k += 1
      }
      pages.append(maxOffset)
      let paged = SnapTargets(pageLength: length, maxOffset: maxOffset)
      #expect(paged.offsets == pages, "trial \(trial): L \(length) max \(maxOffset)")
      let offset = Double(random.next() % 20_000) / 8
      let velocity = Double(Int(random.next() % 8001) - 4000)
      let projection = offset + velocity / 2
      #expect(
        paged.target(forProjection: projection, releasedAt: offset, velocity: velocity)
          == Self.chosen(pages, projection: projection, offset: offset, velocity: velocity),
        "trial \(trial): L \(length) max \(maxOffset) o \(offset) v \(velocity)")
    }
  }
}

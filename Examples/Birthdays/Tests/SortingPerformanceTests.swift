import Assay
import Birthdays
import Foundation
import Testing
import XCTest

// The seed kept Xcode's `testPerformanceExample` and its `measureBlock`. Here the list sorts a
// few thousand friends, and the measure fails when sorting gets slower than the baseline
// recorded in Tests/Baselines/BirthdaysExampleTests.json for this machine: only when the
// slowdown is both statistically significant and beyond the tolerance, so a busy machine does
// not fail it at random.

/// Three thousand people with made-up names and birthdays, the same on every run.
let crowd: [PersonInfo] = {
  let first = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John", "Radia"]
  let last = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Backus"]
  var seed: UInt64 = 2_014
  func next() -> Int {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int(seed >> 33)
  }
  return (0..<3_000).map { _ in
    PersonInfo(
      firstName: first[next() % first.count], lastName: last[next() % last.count],
      birthday: Date(timeIntervalSince1970: Double(next() % 2_000_000_000)))
  }
}()

@Suite struct SortingPerformanceTests {
  @Test func sortingThreeThousandFriendsStaysFast() {
    let store = InMemoryPeopleStore()
    for person in crowd { store.add(person) }
    measure("sorts 3,000 friends by last name", metrics: [.wallClock, .cpuTime]) {
      _ = store.fetch(sortedBy: .lastName)
    }
  }
}

/// The same measure in XCTest: with a name (or metrics), `measure` is Assay's; a bare
/// `measure { }` would be XCTest's own, which on Linux prints its times and never fails.
final class SortingPerformanceXCTests: XCTestCase {
  func testSortingByFirstNameStaysFast() {
    measure("sorts 3,000 friends by first name") { iteration in
      let store = InMemoryPeopleStore()
      for person in crowd { store.add(person) }  // filling the store is not measured
      iteration.startMeasuring()
      _ = store.fetch(sortedBy: .firstName)
      iteration.stopMeasuring()
    }
  }
}

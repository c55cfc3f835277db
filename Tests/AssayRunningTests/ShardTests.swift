import AssayResults
import AssayToolSupport
import Testing

@testable import AssayRunning

/// `--shard k/n`: every test in exactly one shard, balanced by time when timings are known.
@Suite struct ShardTests {
  static func tests(_ count: Int) -> [TestIdentifier] {
    (0..<count).map {
      TestIdentifier(library: .swiftTesting, target: "T", suite: "S", test: "t\($0)()")
    }
  }

  @Test(arguments: [
    ("3/2", "--shard 3/2: k must be between 1 and n (here n is 2)"),
    ("0/4", "--shard 0/4: k must be between 1 and n (here n is 4)"),
    ("2", "--shard 2: expected k/n, such as 2/4"),
    ("a/b", "--shard a/b: expected k/n, such as 2/4"),
    ("1/0", "--shard 1/0: k must be between 1 and n (here n is 0)"),
  ])
  func aBadShardIsAClearError(text: String, message: String) {
    let error = #expect(throws: RunError.self) { try Shard(text) }
    #expect(error?.description == message)
  }

  @Test func theShardsTogetherRunEveryTestOnce() throws {
    let tests = Self.tests(23)
    for durations in [[:], Dictionary(uniqueKeysWithValues: tests.map { ($0, 1.0) })] {
      var seen: [TestIdentifier] = []
      for index in 1...4 {
        seen += try Shard("\(index)/4").select(tests.shuffled(), durations: durations)
      }
      #expect(seen.count == 23)
      #expect(Set(seen) == Set(tests))
    }
  }

  @Test func withTimingsTheSlowestShardIsCloseToAQuarter() throws {
    // Skewed: one test of 10 s, ten of 2 s, forty of 0.1 s: 34 s in all, 8.5 s a shard ideally.
    let tests = Self.tests(51)
    var durations: [TestIdentifier: Double] = [:]
    for (index, test) in tests.enumerated() {
      durations[test] = index == 0 ? 10 : (index <= 10 ? 2 : 0.1)
    }
    let loads = try (1...4).map { index in
      try Shard("\(index)/4").select(tests, durations: durations).reduce(0) {
        $0 + durations[$1]!
      }
    }
    // The 10 s test alone is more than a quarter: no split can do better than 10 s.
    #expect(loads.max() == 10)
    #expect(loads.reduce(0, +) == 34)
  }

  @Test func withoutTimingsShardsDifferByOneTestAtMost() throws {
    let sizes = try (1...4).map {
      try Shard("\($0)/4").select(Self.tests(10), durations: [:]).count
    }
    #expect(sizes == [3, 3, 2, 2])
  }
}

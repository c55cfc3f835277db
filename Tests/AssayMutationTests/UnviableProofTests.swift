import Testing

@testable import AssayMutation

/// A mutant is reported unviable only when a build proves it: of the mutants left out together
/// for one error, the viable ones come back.
@Suite struct UnviableProofTests {
  /// A compiler that rejects a build holding any of `bad`, counting its builds.
  private func proof(_ suspects: [Int], bad: Set<Int>) -> (Set<Int>, Int, [Set<Int>]) {
    var tried: [Set<Int>] = []
    let (unviable, builds) = UnviableProof.culprits(among: suspects) { included in
      tried.append(included)
      return included.isDisjoint(with: bad)
    }
    return (unviable, builds, tried)
  }

  @Test(arguments: [
    ([1, 2, 3, 4, 5, 6, 7, 8], Set([3])),
    ([1, 2, 3, 4, 5, 6, 7, 8], Set([3, 7])),
    ([1, 2, 3], Set([1, 2, 3])),
    ([4], Set([4])),
    ([10, 11], Set([11])),
  ])
  func exactlyTheMutantsThatDoNotCompileAreUnviable(suspects: [Int], bad: Set<Int>) {
    let (unviable, builds, tried) = proof(suspects, bad: bad)
    #expect(unviable == bad)
    #expect(builds == tried.count)
    // Each unviable mutant failed a build in which it was the only suspect.
    for mutant in bad {
      #expect(tried.contains([mutant]), "\(mutant) was never built alone: \(tried)")
    }
  }

  @Test func oneBadMutantAmongEightTakesFewBuilds() {
    let (_, builds, _) = proof(Array(1...8), bad: [6])
    #expect(builds <= 5, "\(builds) builds")
  }

  /// Assay's own `Sources/Assay` had 14 mutants in one statement that each compile alone, but
  /// not side by side: all stayed out, and all were reported unviable.
  @Test func suspectsThatCompileAloneButNotTogetherAreNotRunNotUnviable() {
    var last: Set<Int>?
    // 1 never compiles; 2 and 3 each do, but not beside each other; 9 is out for another error.
    let verdict = UnviableProof.verdict(of: [[1, 2, 3]], excluded: [1, 2, 3, 9]) { excluded in
      last = excluded
      let included = Set([1, 2, 3]).subtracting(excluded)
      return !included.contains(1) && !included.isSuperset(of: [2, 3])
    }
    #expect(verdict.excluded == [1, 2, 3, 9])
    #expect(verdict.notTogether == [2, 3])
    #expect(last == [1, 2, 3, 9], "the last build is the verdict's")
  }

  @Test func suspectsThatBuildTogetherComeBack() {
    var last: Set<Int>?
    let verdict = UnviableProof.verdict(of: [[1, 2, 3]], excluded: [1, 2, 3, 9]) { excluded in
      last = excluded
      return excluded.contains(1)
    }
    #expect(verdict.excluded == [1, 9])
    #expect(verdict.notTogether.isEmpty)
    #expect(last == [1, 9])
  }
}

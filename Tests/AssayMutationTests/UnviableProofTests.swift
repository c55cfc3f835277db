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
}

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
      return UnviableProof.Build(
        succeeded: !included.contains(1) && !included.isSuperset(of: [2, 3]))
    }
    #expect(verdict.excluded == [1, 2, 3, 9])
    #expect(verdict.notTogether == [2, 3])
    #expect(last == [1, 2, 3, 9], "the last build is the verdict's")
  }

  @Test func suspectsThatBuildTogetherComeBack() {
    var last: Set<Int>?
    let verdict = UnviableProof.verdict(of: [[1, 2, 3]], excluded: [1, 2, 3, 9]) { excluded in
      last = excluded
      return UnviableProof.Build(succeeded: excluded.contains(1))
    }
    #expect(verdict.excluded == [1, 9])
    #expect(verdict.notTogether.isEmpty)
    #expect(last == [1, 9])
  }

  /// A compiler whose errors name each included mutant of `bad` (or none, when `names` is
  /// false), and the mutants of `together` when all of them are in: those of one statement that
  /// compile alone, but whose switches side by side are too much for the type checker.
  private struct Compiler {
    var bad: Set<Int>
    var names = true
    var together: Set<Int> = []
    var builds: [Set<Int>] = []

    mutating func build(_ excluded: Set<Int>, of all: Set<Int>) -> UnviableProof.Build {
      let included = all.subtracting(excluded)
      builds.append(included)
      var failing = included.intersection(bad)
      if !together.isEmpty, included.isSuperset(of: together) { failing.formUnion(together) }
      return UnviableProof.Build(succeeded: failing.isEmpty, named: names ? failing : [])
    }
  }

  /// Assay's own `Sources/Assay`: hundreds of mutants left out together in dozens of groups,
  /// proved one group after another, took 95 minutes of builds without an end. The groups'
  /// searches share their builds now: as many as the largest group needs, not the sum.
  @Test func groupsShareTheirBuilds() {
    let groups = (0..<40).map { group in Array(group * 8..<group * 8 + 8) }
    let bad = Set(groups.map { $0[5] })
    let all = Set(groups.joined()).union([999])
    var compiler = Compiler(bad: bad)
    let verdict = UnviableProof.verdict(of: groups, excluded: all) { compiler.build($0, of: all) }
    #expect(verdict.excluded == bad.union([999]))
    #expect(verdict.notTogether.isEmpty)
    #expect(verdict.builds == compiler.builds.count)
    let alone = UnviableProof.culprits(among: groups[0]) { !$0.contains(groups[0][5]) }
    #expect(
      verdict.builds <= alone.builds + 1,
      "\(verdict.builds) builds for 40 groups; one group alone takes \(alone.builds)")
    // Each unviable mutant failed a build in which it was the only suspect of its group.
    for mutant in bad {
      let group = Set(groups.first { $0.contains(mutant) }!)
      #expect(compiler.builds.contains { $0.intersection(group) == [mutant] })
    }
  }

  /// Assay's own run proved 32 unviable mutants in 71 builds (53 minutes), and kept none of
  /// them until the proofs ended: a run stopped halfway found them all again. Each mutant is
  /// told as soon as the build that proves it ends, before the verdict's last build.
  @Test func eachUnviableMutantIsToldAsSoonAsABuildProvesIt() {
    let groups = (0..<6).map { group in Array(group * 8..<group * 8 + 8) }
    let bad = Set([3, 13, 14, 40])
    let all = Set(groups.joined())
    var compiler = Compiler(bad: bad)
    var toldAfter: [Int: Int] = [:]
    let verdict = UnviableProof.verdict(
      of: groups, excluded: all, builds: { compiler.build($0, of: all) },
      proven: { proven in
        for mutant in proven {
          #expect(toldAfter[mutant] == nil, "\(mutant) told twice")
          toldAfter[mutant] = compiler.builds.count
        }
      })
    #expect(verdict.excluded == bad)
    #expect(Set(toldAfter.keys) == bad)
    for (mutant, builds) in toldAfter {
      // The build that proved it: it was the only suspect of its group, and the build failed.
      let group = Set(groups.first { $0.contains(mutant) }!)
      #expect(compiler.builds[builds - 1].intersection(group) == [mutant])
      #expect(builds < verdict.builds, "\(mutant) told only after the last build")
    }
  }

  /// A failed build whose errors name none of its suspects says nothing of any group: the
  /// groups are then built one at a time, and each unviable mutant failed a build alone.
  @Test func aFailureThatNamesNoSuspectIsSearchedOneGroupAtATime() {
    let groups = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]
    let all = Set(groups.joined())
    var compiler = Compiler(bad: [2, 7], names: false)
    let verdict = UnviableProof.verdict(of: groups, excluded: all) { compiler.build($0, of: all) }
    #expect(verdict.excluded == [2, 7])
    #expect(verdict.notTogether.isEmpty)
    for mutant in [2, 7] {
      #expect(compiler.builds.contains([mutant]), "\(mutant) never built alone: \(compiler.builds)")
    }
  }

  /// Of one statement, 2 and 3 compile alone but not together: one of them stays out (not
  /// run, never unviable), the other comes back, and so do the other groups' mutants.
  @Test func aPlaceWhoseMutantsDoNotBuildTogetherKeepsThoseThatDo() {
    let groups = [[1, 2, 3], [4, 5], [6, 7]]
    let all = Set(groups.joined())
    var compiler = Compiler(bad: [1, 4], together: [2, 3])
    let verdict = UnviableProof.verdict(of: groups, excluded: all) { compiler.build($0, of: all) }
    #expect(verdict.excluded == [1, 3, 4])
    #expect(verdict.notTogether == [3])
    #expect(compiler.builds.last == [2, 5, 6, 7], "the last build is the verdict's")
  }

  /// Assay's own `Sources/Assay`: places whose mutants each compile alone, but whose switches
  /// side by side are too much for the type checker, were left out whole (372 mutants not
  /// run). A type checker that gives up on a place with more than 5 of its mutants in: each
  /// place keeps 5, in a few builds shared by all places.
  @Test func eachPlaceKeepsAsManyAsBuildTogether() {
    let groups = (0..<20).map { place in Array(place * 16..<place * 16 + 16) }
    let all = Set(groups.joined())
    var builds: [Set<Int>] = []
    let verdict = UnviableProof.verdict(of: groups, excluded: all) { excluded in
      let included = all.subtracting(excluded)
      builds.append(included)
      let crowded = groups.filter { Set($0).intersection(included).count > 5 }
      return UnviableProof.Build(
        succeeded: crowded.isEmpty, named: Set(crowded.joined()).intersection(included))
    }
    let kept = all.subtracting(verdict.excluded)
    for group in groups {
      #expect(Set(group).intersection(kept).count == 5, "\(group): \(kept.intersection(group))")
    }
    #expect(verdict.notTogether == all.subtracting(kept), "none is called unviable")
    #expect(builds.last == kept)
    #expect(verdict.builds == builds.count)
    #expect(verdict.builds <= 20, "\(verdict.builds) builds")
  }

  /// In a build of their own, the mutants are known to compile alone: no build asks which of
  /// them do not, and the first build holds them all (the fixture's statement took 12 builds a
  /// place before, 5 now).
  @Test func mutantsKnownToCompileAloneOnlyLearnWhichBuildTogether() {
    let groups = [Array(1...8)]
    let all = Set(groups.joined())
    var builds: [Set<Int>] = []
    let verdict = UnviableProof.verdict(of: groups, excluded: all, compileAlone: true) {
      excluded in
      let included = all.subtracting(excluded)
      builds.append(included)
      return UnviableProof.Build(
        succeeded: included.count <= 3, named: included.count > 3 ? included : [])
    }
    #expect(builds.first == all)
    #expect(verdict.excluded == [4, 5, 6, 7, 8])
    #expect(verdict.notTogether == [4, 5, 6, 7, 8])
    #expect(verdict.builds == builds.count)
    #expect(verdict.builds <= 5, "\(verdict.builds) builds: \(builds)")
  }
}

/// Which of the mutants left out together for one compiler error do not compile, each proven
/// by a build: the compiler names a place, and where that place holds several mutants (all of
/// a function's, or of a statement the type checker gave up on), only a build tells which of
/// them is to blame. A mutant is unviable only when a build that holds it fails, and it is the
/// only suspect in that build.
enum UnviableProof {
  /// The suspects that do not compile, found by halving: a half that builds is viable whole.
  ///
  /// - Parameters:
  ///   - suspects: Mutants left out together for one error; the build with all of them failed.
  ///   - builds: Whether the package builds with these suspects in and the others out.
  /// - Returns: The suspects that do not compile, and how many builds that took.
  static func culprits(among suspects: [Int], builds: (Set<Int>) -> Bool) -> (
    unviable: Set<Int>, builds: Int
  ) {
    var count = 0
    func search(_ group: ArraySlice<Int>, knownToFail: Bool) -> Set<Int> {
      if group.isEmpty { return [] }
      // A half is skipped when what failed must be in it, but a verdict is never inferred:
      // a single suspect is built alone.
      if !knownToFail || group.count == 1 {
        count += 1
        if builds(Set(group)) { return [] }
      }
      if group.count == 1 { return Set(group) }
      let middle = group.startIndex + group.count / 2
      let first = search(group[..<middle], knownToFail: false)
      // When the first half builds, the failure is in the second: no build needed to know it.
      let second = search(group[middle...], knownToFail: first.isEmpty)
      return first.union(second)
    }
    let found = search(suspects[...], knownToFail: true)
    return (found, count)
  }

  /// What builds prove of the groups of mutants left out together for compiler errors.
  struct Verdict: Equatable {
    /// The mutants left out of the build in the end.
    var excluded: Set<Int>
    /// The suspects that compile alone but not beside the others: left out, never unviable.
    var notTogether: Set<Int> = []
    /// The builds it took.
    var builds: Int
  }

  /// Finds which suspects of each group do not compile (``culprits(among:builds:)``), then
  /// builds the others back in; when they do not build together (two mutants that compile
  /// alone but not side by side), every suspect stays out, and those that compile alone are
  /// said to, so that no one reports them unviable. The last call of `builds` is with the
  /// verdict's `excluded`.
  ///
  /// - Parameters:
  ///   - groups: Mutants left out together for one error each.
  ///   - excluded: The mutants left out of the build that succeeded, the groups' among them.
  ///   - builds: Whether the package builds with exactly these mutants left out.
  static func verdict(
    of groups: [[Int]], excluded before: Set<Int>, builds: (Set<Int>) -> Bool
  ) -> Verdict {
    var excluded = before
    var count = 0
    for group in groups {
      let others = excluded.subtracting(group)
      let (unviable, tried) = culprits(among: group) { included in
        builds(others.union(Set(group).subtracting(included)))
      }
      count += tried
      excluded = others.union(unviable)
    }
    count += 1
    if builds(excluded) {
      return Verdict(excluded: excluded, builds: count)
    }
    _ = builds(before)  // as it built before: every suspect out
    return Verdict(excluded: before, notTogether: before.subtracting(excluded), builds: count + 1)
  }
}

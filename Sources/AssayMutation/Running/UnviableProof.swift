/// Which of the mutants left out together for one compiler error do not compile, each proven
/// by a build: the compiler names a place, and where that place holds several mutants (all of
/// a function's, or of a statement the type checker gave up on), only a build tells which of
/// them is to blame. A mutant is unviable only when a build that holds it fails, it is the
/// only suspect of its group in that build, and the build failed for it: either the compiler
/// named it, or no other suspect was in the build.
enum UnviableProof {
  /// How a build of the copy went.
  struct Build: Equatable {
    /// Whether it succeeded.
    var succeeded: Bool
    /// The mutants at the places its errors name.
    var named: Set<Int> = []
  }

  /// The suspects that do not compile, found by halving (``CulpritSearch``), one build at a
  /// time.
  ///
  /// - Parameters:
  ///   - suspects: Mutants left out together for one error; the build with all of them failed.
  ///   - builds: Whether the package builds with these suspects in and the others out.
  /// - Returns: The suspects that do not compile, and how many builds that took.
  static func culprits(among suspects: [Int], builds: (Set<Int>) -> Bool) -> (
    unviable: Set<Int>, builds: Int
  ) {
    var search = CulpritSearch(among: suspects)
    var count = 0
    while let included = search.next() {
      count += 1
      search.record(built: builds(included))
    }
    return (search.culprits, count)
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

  /// Finds which suspects of each group do not compile, the groups' searches sharing their
  /// builds: each build holds one part of every group still searched, and a failed build
  /// is laid at the parts whose mutants its errors name (the others are asked again). A
  /// failure that names no part is searched one group at a time until a build names or
  /// clears one, so a verdict is never guessed. So a run whose first builds left out hundreds
  /// of mutants in dozens of groups proves them in about as many builds as its largest group
  /// needs, not in the sum of all groups' builds (Assay's own `Sources/Assay`: 95 minutes of
  /// proofs without an end before).
  ///
  /// Then the others come back in. When some do not build together (mutants of one statement
  /// that compile alone but not side by side), the places whose mutants the errors name keep
  /// as many as build together (``keepTogether(_:base:named:limit:builds:)``); those left out
  /// compile alone and are said to, so that no one reports them unviable. When the errors
  /// name none, every suspect stays out. The last call of `builds` is with the verdict's
  /// `excluded`.
  ///
  /// - Parameters:
  ///   - groups: Mutants left out together for one error each; no mutant is in two.
  ///   - excluded: The mutants left out of the build that succeeded, the groups' among them.
  ///   - compileAlone: Whether every suspect is known to compile alone (a build of their
  ///     own, after the one build): then only which of them build together is searched.
  ///   - builds: How the package builds with exactly these mutants left out.
  ///   - proven: Told the mutants that the build just ended proved not to compile, as soon as
  ///     it ends, so that a run stopped before the verdict keeps them.
  static func verdict(
    of groups: [[Int]], excluded before: Set<Int>, compileAlone: Bool = false,
    builds: (Set<Int>) -> Build, proven: (Set<Int>) -> Void = { _ in }
  ) -> Verdict {
    var searches = compileAlone ? [] : groups.map(CulpritSearch.init(among:))
    var count = 0
    var oneAtATime = false
    var told: Set<Int> = []
    func tellTheNewCulprits() {
      let culprits = searches.reduce(into: Set<Int>()) { $0.formUnion($1.culprits) }
      let new = culprits.subtracting(told)
      guard !new.isEmpty else { return }
      told.formUnion(new)
      proven(new)
    }
    while true {
      tellTheNewCulprits()
      var asked: [(search: Int, suspects: Set<Int>)] = []
      for index in searches.indices {
        guard let suspects = searches[index].next() else { continue }
        asked.append((index, suspects))
        if oneAtATime { break }
      }
      guard !asked.isEmpty else { break }
      count += 1
      let build = builds(before.subtracting(asked.flatMap(\.suspects)))
      if build.succeeded || asked.count == 1 {
        for (index, _) in asked { searches[index].record(built: build.succeeded) }
        oneAtATime = false
        continue
      }
      let blamed = asked.filter { !$0.suspects.isDisjoint(with: build.named) }
      for (index, _) in blamed { searches[index].record(built: false) }
      oneAtATime = blamed.isEmpty
    }
    let members = Set(groups.joined())
    let culprits = searches.reduce(into: Set<Int>()) { $0.formUnion($1.culprits) }
    let base = before.subtracting(members).union(culprits)
    count += 1
    let all = builds(base)
    if all.succeeded { return Verdict(excluded: base, builds: count) }
    let viable = groups.map { $0.filter { !culprits.contains($0) } }
    if let (apart, more) = keepTogether(viable, base: base, named: all.named, builds: builds) {
      return Verdict(excluded: base.union(apart), notTogether: apart, builds: count + more)
    }
    _ = builds(before)  // as it built before: every suspect out
    return Verdict(
      excluded: before, notTogether: members.subtracting(culprits), builds: count + 1)
  }
}

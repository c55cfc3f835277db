// The viable mutants of places that do not build side by side: as many as build together
// stay in, the others stay out.
extension UnviableProof {
  /// Puts back as many of each place's viable mutants as build beside all the others, after the
  /// build with all of them back failed: a place whose errors that build named keeps the
  /// longest run of its mutants (in order) that builds, found by halving, the places' searches
  /// sharing their builds as the proofs do; the rest of the place stays out, not run. A
  /// statement with many mutants, each of which compiles alone, can be too much for the type
  /// checker with all their switches side by side (Assay's own `Sources/Assay`: 372 mutants of
  /// such places left out whole).
  ///
  /// - Parameters:
  ///   - viable: Each place's mutants that compile alone, in order.
  ///   - base: The mutants left out with every viable one back in.
  ///   - named: The mutants that the errors of the build of `base` named.
  ///   - limit: The most builds to try before giving up.
  ///   - builds: How the package builds with exactly these mutants left out.
  /// - Returns: The viable mutants left out, and the builds it took, the last of them with
  ///   `base` and those; `nil` when no place was named, or no arrangement built in `limit`
  ///   builds.
  static func keepTogether(
    _ viable: [[Int]], base: Set<Int>, named: Set<Int>, limit: Int = 64,
    builds: (Set<Int>) -> Build
  ) -> (apart: Set<Int>, builds: Int)? {
    // How many of each place's mutants build beside the others, and how many are known not to.
    var fits = viable.map(\.count)
    var fails: [Int?] = Array(repeating: nil, count: viable.count)
    func blame(_ place: Int, included: Int) {
      fails[place] = included
      if fits[place] >= included { fits[place] = 0 }
    }
    func names(_ place: Int, _ included: Int, _ named: Set<Int>) -> Bool {
      !named.isDisjoint(with: viable[place].prefix(included))
    }
    for place in viable.indices where names(place, fits[place], named) {
      blame(place, included: fits[place])
    }
    guard fails.contains(where: { $0 != nil }) else { return nil }
    var count = 0
    var oneAtATime = false
    while count < limit {
      var lengths = fits
      var tried: [Int] = []
      for place in viable.indices {
        guard let fail = fails[place], fail - fits[place] > 1 else { continue }
        lengths[place] = (fits[place] + fail) / 2
        tried.append(place)
        if oneAtATime { break }
      }
      var excluded = base
      for place in viable.indices { excluded.formUnion(viable[place].dropFirst(lengths[place])) }
      count += 1
      let build = builds(excluded)
      if build.succeeded {
        if tried.isEmpty { return (excluded.subtracting(base), count) }
        for place in tried { fits[place] = lengths[place] }
        oneAtATime = false
        continue
      }
      let blamed = viable.indices.filter { names($0, lengths[$0], build.named) }
      for place in blamed { blame(place, included: lengths[place]) }
      if blamed.isEmpty {
        guard tried.count == 1 else {
          if tried.isEmpty { return nil }
          oneAtATime = true
          continue
        }
        blame(tried[0], included: lengths[tried[0]])
      }
      oneAtATime = false
    }
    return nil
  }
}

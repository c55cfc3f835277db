/// The search, by halving, for the mutants of one group that do not compile: it asks for one
/// build at a time (``next()``) and is told how that build went (``record(built:)``), so that
/// the searches of several groups can share their builds (``UnviableProof``).
///
/// A half that builds is viable whole; a half that fails is halved again, and a single
/// suspect is built alone before it is called unviable. When the first half of a failing
/// group builds, the failure is in the second: that half is halved without a build of its own.
struct CulpritSearch {
  /// What is left to search, innermost last.
  private enum Step {
    /// Search these suspects; `knownToFail` when a build already showed that they fail.
    case search(ArraySlice<Int>, knownToFail: Bool)
    /// Search the second half of a failing group, known to fail when the first half, searched
    /// since the culprits numbered `culpritsBefore`, added none.
    case secondHalf(ArraySlice<Int>, culpritsBefore: Int)
  }

  private var steps: [Step]
  /// The suspects of the build asked for and not yet recorded.
  private var asked: ArraySlice<Int>?
  /// The suspects found not to compile so far.
  private(set) var culprits: Set<Int> = []

  /// A search among `suspects`, which failed to build together.
  init(among suspects: [Int]) {
    steps = [.search(suspects[...], knownToFail: true)]
  }

  /// The suspects to build next (the group's others left out), or `nil` when the search is
  /// over. Asked again before ``record(built:)``, it gives the same suspects.
  mutating func next() -> Set<Int>? {
    if let asked { return Set(asked) }
    while let step = steps.popLast() {
      switch step {
      case .secondHalf(let group, let before):
        steps.append(.search(group, knownToFail: culprits.count == before))
      case .search(let group, let knownToFail):
        if group.isEmpty { continue }
        if !knownToFail || group.count == 1 {
          asked = group
          return Set(group)
        }
        split(group)
      }
    }
    return nil
  }

  /// Records whether the build of the suspects that ``next()`` gave succeeded.
  mutating func record(built: Bool) {
    guard let group = asked else { return }
    asked = nil
    if built { return }
    if group.count == 1 {
      culprits.formUnion(group)
    } else {
      split(group)
    }
  }

  /// Searches the first half of a failing group, then the second.
  private mutating func split(_ group: ArraySlice<Int>) {
    let middle = group.startIndex + group.count / 2
    steps.append(.secondHalf(group[middle...], culpritsBefore: culprits.count))
    steps.append(.search(group[..<middle], knownToFail: false))
  }
}

/// Each covered mutant's two keys in the ``ResultCache``. A detected mutant's outcome is kept
/// under its file's text, the tests that reach it and the files that declare those tests. A
/// survivor's is kept under the whole test targets of those tests as well (their helpers,
/// fixtures and tables of cases): the test that now kills it may be a case added to a table
/// in a file that declares no test, and a survivor reused then would be one that the tests
/// kill. Assay's own dogfood reused such a survivor (`verifyInOrder`'s `>` made `>=`, killed
/// by a failure case in `DoublesFailureCases.swift`, whose test is declared in another file).
struct CacheKeys: Sendable {
  /// A mutant's id to its key for a detected outcome (killed, timed out, crashed) or none.
  var detected: [Int: String] = [:]
  /// A mutant's id to its key for surviving.
  var survived: [Int: String] = [:]

  /// The key `mutant`'s outcome is kept under.
  func key(for mutant: Mutant) -> String? {
    mutant.status == .survived ? survived[mutant.id] : detected[mutant.id]
  }

  /// The outcome an earlier run kept for mutant `id`, when nothing it depends on changed.
  func reusable(_ id: Int, in cache: ResultCache) -> ResultCache.Entry? {
    if let entry = detected[id].flatMap({ cache[$0] }), entry.status != .survived {
      return entry
    }
    if let entry = survived[id].flatMap({ cache[$0] }), entry.status == .survived {
      return entry
    }
    return nil
  }
}

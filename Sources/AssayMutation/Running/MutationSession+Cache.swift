import AssayRunning
import Foundation

// Keys of the outcomes kept between runs (`ResultCache`).
extension MutationSession {
  /// The digest of the user's file that `mutant` changes.
  func digest(of mutant: Mutant) -> String {
    ResultCache.digest(
      FileManager.default.contents(atPath: "\(options.packagePath)/\(mutant.file)") ?? Data())
  }

  /// Each covered mutant's key in the ``ResultCache``: its file's text and the tests that
  /// reach it, with the text of the files that declare them; every test's for the mutants of
  /// `byEveryTest`, which run with every test.
  func cacheKeys(
    _ mutants: [Mutant], baseline: Baseline, declarations: DeclarationReach,
    inventory: TestInventory, byEveryTest: Set<Int> = []
  ) -> [Int: String] {
    var digests: [String: String] = [:]
    func digest(_ path: String) -> String {
      if let known = digests[path] { return known }
      let value = ResultCache.digest(FileManager.default.contents(atPath: path) ?? Data())
      digests[path] = value
      return value
    }
    let files = Dictionary(
      inventory.tests.map { ($0.id, $0.location?.file) }, uniquingKeysWith: { first, _ in first })
    var keys: [Int: String] = [:]
    for mutant in mutants where mutant.status == .pending {
      // A mutant that no switch of the one build held runs with every test when no test is
      // known to reach it: it is keyed by them all.
      let known = (baseline.coverage[mutant.id] ?? []) + declarations[mutant]
      let tests =
        known.isEmpty || byEveryTest.contains(mutant.id) ? inventory.tests.map(\.id) : known
      // A test whose file is not known is keyed by every test file: any change reruns it.
      let testFiles = Set(
        tests.flatMap { test in
          (files[test] ?? nil).map { [$0] } ?? inventory.tests.compactMap(\.location?.file)
        })
      keys[mutant.id] = ResultCache.key(
        of: mutant, fileDigest: digest("\(options.packagePath)/\(mutant.file)"),
        tests: tests.map(\.description), testFileDigests: testFiles.map(digest))
    }
    return keys
  }
}

import AssayRunning
import Foundation

// Keys of the outcomes kept between runs (`ResultCache`).
extension MutationSession {
  /// The digest of the user's file that `mutant` changes.
  func digest(of mutant: Mutant) -> String {
    ResultCache.digest(
      FileManager.default.contents(atPath: "\(options.packagePath)/\(mutant.file)") ?? Data())
  }

  /// Each covered mutant's keys in the ``ResultCache``: its file's text and the tests that
  /// reach it, with the text of the files that declare them, and for a survivor the text of
  /// those tests' whole targets; every test's for the mutants of `byEveryTest`, which run
  /// with every test.
  func cacheKeys(
    _ mutants: [Mutant], baseline: Baseline, declarations: DeclarationReach,
    inventory: TestInventory, package: SwiftPackage, byEveryTest: Set<Int> = []
  ) -> CacheKeys {
    var digests: [String: String] = [:]
    func digest(_ path: String) -> String {
      if let known = digests[path] { return known }
      let value = ResultCache.digest(FileManager.default.contents(atPath: path) ?? Data())
      digests[path] = value
      return value
    }
    let files = Dictionary(
      inventory.tests.map { ($0.id, $0.location?.file) }, uniquingKeysWith: { first, _ in first })
    let targetFiles = testTargetFiles(of: package, mutated: Set(mutants.map(\.file)))
    var keys = CacheKeys()
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
      let fileDigest = digest("\(options.packagePath)/\(mutant.file)")
      let names = tests.map(\.description)
      keys.detected[mutant.id] = ResultCache.key(
        of: mutant, fileDigest: fileDigest, tests: names, testFileDigests: testFiles.map(digest))
      // A test of a target not known by its files is keyed by every file of every test.
      let wholeTargets = testFiles.union(
        Set(tests.map(\.target)).flatMap { target in
          targetFiles[target] ?? inventory.tests.compactMap(\.location?.file)
        })
      keys.survived[mutant.id] = ResultCache.key(
        of: mutant, fileDigest: fileDigest, tests: names,
        testFileDigests: wholeTargets.map(digest))
    }
    return keys
  }

  /// The Swift files of each test target (by module name), with those of the targets it
  /// depends on that hold no mutated file (helpers of the tests'), absolute.
  private func testTargetFiles(of package: SwiftPackage, mutated: Set<String>) -> [String: [String]]
  {
    let byName = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    func holdsMutants(_ target: SwiftPackage.Target) -> Bool {
      mutated.contains { $0.hasPrefix(target.path + "/") }
    }
    var files: [String: [String]] = [:]
    for target in package.testTargets {
      let helpers = (target.targetDependencies ?? []).compactMap { byName[$0] }
        .filter { !holdsMutants($0) }
      files[target.c99name] = ([target] + helpers).flatMap(package.sourceFiles(of:))
    }
    return files
  }
}

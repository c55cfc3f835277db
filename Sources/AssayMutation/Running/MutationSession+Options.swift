import AssayRunning
import Foundation

extension MutationSession {
  /// What to mutate and how.
  public struct Options: Sendable {
    /// The package's folder.
    public var packagePath = FileManager.default.currentDirectoryPath
    /// Options for `swift build`.
    public var buildOptions: [String] = []
    /// The targets to mutate; every library target when empty.
    public var targets: [String] = []
    /// Files or folders (relative to the package) to mutate; all of the targets' when empty.
    public var paths: [String] = []
    /// The build folder, absolute or relative to the package (`swift build --scratch-path`):
    /// the copy, its build and the outcomes kept go in its `assay` folder.
    public var scratchPath = ".build"
    /// The operators to apply; those of `.assay.json`, or all, when `nil`.
    public var operators: Set<MutationOperator>?
    /// How many mutants run at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// The lowest mutation score (percent) that passes; that of `.assay.json` when `nil`.
    public var threshold: Double?
    /// The reports to write.
    public var reports: [MutationReport.Request] = []
    /// The shard of the mutants to run, for CI matrices; the shards' JSON reports merge into
    /// one (``MutationReport/merged(_:)``).
    public var shard: Shard?
    /// Whether outcomes of earlier runs are reused when neither the mutated file nor the
    /// tests that reach a mutant changed (``ResultCache``).
    public var usesCache = true
    /// Only the lines changed since this git revision (`--since main`).
    public var since: String?
    /// Regular expressions that leave tests out (`--skip`, as `swift test --skip`): matched
    /// against each test's `Target.Suite/test`, left out of the baseline and every mutant's run.
    public var skips: [String] = []
    /// The environment variable that switches a mutant on. Only a test of the canary sets
    /// another, to see the run refuse to report when mutants do not run.
    public var switchVariable = "ASSAY_MUTANT"
    /// How often, at most, the outcomes are written to the cache as they come (seconds).
    var cacheSavingInterval: TimeInterval = 30

    /// Default options.
    public init() {}
  }
}

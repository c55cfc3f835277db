import AssayResults
import AssayToolSupport
import Foundation

// Mutants run several at a time, each with its tests.
extension MutationSession {
  /// The mutants as the workers update them.
  /// Runs the mutants at `indices` of `results`, each with its `tests`, `options.jobs` at a
  /// time, into `results`; each mutant, with its outcome, goes to `finished` as it ends.
  func run(
    _ indices: [Int], of results: Results, with runner: MutantRunner, showingProgress: Bool,
    finished: @Sendable (Mutant) -> Void = { _ in }, tests: @Sendable (Mutant) -> [TestIdentifier]
  ) {
    let next = Counter()
    let started = Date()
    let print = self.print
    DispatchQueue.concurrentPerform(iterations: max(1, min(options.jobs, indices.count))) {
      worker in
      // Once interrupted, no mutant starts and no progress is said: the interruption keeps what
      // was found (``keepOnInterruption(_:of:known:)``); before, the workers went through the
      // mutants left, their test processes stopped at once, and printed progress for them.
      while Interruption.signalReceived == nil, let slot = next.take(below: indices.count) {
        let index = indices[slot]
        let mutant = results.mutant(at: index)
        let (status, killedBy) = runner.outcome(
          of: "\(mutant.id)", tests: tests(mutant), worker: worker)
        let done = results.set(index, status: status, killedBy: killedBy)
        finished(results.mutant(at: index))
        if showingProgress, Interruption.signalReceived == nil,
          done % 10 == 0 || done == indices.count
        {
          let elapsed = Date().timeIntervalSince(started)
          let left = elapsed / Double(done) * Double(indices.count - done)
          print(
            "[\(done)/\(indices.count)] \(Self.time(elapsed)), about \(Self.time(left)) left")
        }
      }
    }
  }

  /// A time as a person reads it on a progress line: "42 s", "17 min", "6 h 38 min".
  static func time(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    if whole < 90 { return "\(whole) s" }
    let minutes = Int((seconds / 60).rounded())
    if minutes < 90 { return "\(minutes) min" }
    return "\(minutes / 60) h \(minutes % 60) min"
  }

  final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var mutants: [Mutant]
    private var done = 0

    init(_ mutants: [Mutant]) { self.mutants = mutants }

    func mutant(at index: Int) -> Mutant { lock.withLock { mutants[index] } }

    func set(_ index: Int, status: Mutant.Status, killedBy: String?) -> Int {
      lock.withLock {
        mutants[index].status = status
        mutants[index].killedBy = killedBy
        done += 1
        return done
      }
    }

    var all: [Mutant] { lock.withLock { mutants } }
  }
}

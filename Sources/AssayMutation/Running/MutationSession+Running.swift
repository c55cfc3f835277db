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
    let killers = LikelyKillers()
    DispatchQueue.concurrentPerform(iterations: max(1, min(options.jobs, indices.count))) {
      worker in
      // Once interrupted, no mutant starts and no progress is said: the interruption keeps what
      // was found (``keepOnInterruption(_:of:known:)``); before, the workers went through the
      // mutants left, their test processes stopped at once, and printed progress for them.
      while Interruption.signalReceived == nil, let slot = next.take(below: indices.count) {
        let index = indices[slot]
        let mutant = results.mutant(at: index)
        let began = Date()
        let covering = tests(mutant)
        let (status, killedBy, killer) = runner.outcome(
          of: "\(mutant.id)", tests: covering, worker: worker,
          first: killers.likelyKiller(of: mutant, among: covering))
        if let killer { killers.record(killer, killed: mutant) }
        let done = results.set(
          index, status: status, killedBy: killedBy, seconds: Date().timeIntervalSince(began))
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
    private var seconds: [Int: Double] = [:]

    init(_ mutants: [Mutant]) { self.mutants = mutants }

    func mutant(at index: Int) -> Mutant { lock.withLock { mutants[index] } }

    /// Sets a mutant's outcome, which took its worker `seconds`: returns how many are set.
    func set(_ index: Int, status: Mutant.Status, killedBy: String?, seconds: Double = 0) -> Int {
      lock.withLock {
        mutants[index].status = status
        mutants[index].killedBy = killedBy
        self.seconds[index, default: 0] += seconds
        done += 1
        return done
      }
    }

    var all: [Mutant] { lock.withLock { mutants } }

    /// The workers' seconds spent on each mutant run, by its index.
    var workerSeconds: [Int: Double] { lock.withLock { seconds } }
  }

  /// Where the workers' time went, by the outcomes of the mutants run, most first, each with
  /// how many: "the workers' time: timed out 100.2 s (50), killed 40.1 s (520)"; `nil` when
  /// no mutant ran.
  ///
  /// - Parameters:
  ///   - seconds: The workers' seconds for each mutant run, by its index in `mutants`.
  ///   - mutants: The mutants, with their final outcomes.
  static func workerTime(_ seconds: [Int: Double], of mutants: [Mutant]) -> String? {
    var spent: [Mutant.Status: (seconds: Double, count: Int)] = [:]
    for (index, time) in seconds {
      spent[mutants[index].status, default: (0, 0)].seconds += time
      spent[mutants[index].status, default: (0, 0)].count += 1
    }
    guard !spent.isEmpty else { return nil }
    let order = spent.sorted { ($0.value.seconds, $1.key.label) > ($1.value.seconds, $0.key.label) }
    return "the workers' time: "
      + order.map {
        "\($0.key.label) \(String(format: "%.1f", $0.value.seconds)) s (\($0.value.count))"
      }
      .joined(separator: ", ")
  }
}

/// What the tasks running one spec's examples share: the results of `beforeAll` hooks, and how
/// many examples each group has left before its `afterAll` hooks run.
final class SpecSharedState: Sendable {
  static let shared = SpecSharedState()

  /// A group of one spec.
  struct GroupKey: Hashable, Sendable {
    let spec: ObjectIdentifier
    let path: [Int]
  }

  /// A `beforeAll` hook of one group.
  struct HookKey: Hashable, Sendable {
    let group: GroupKey
    let index: Int
  }

  typealias Outcome = Result<any Sendable, any Error>

  private enum Once {
    case running([CheckedContinuation<Outcome, Never>])
    case done(Outcome)
  }

  private struct Countdown {
    var total: Int
    var left: Int
  }

  private let onces = Locked<[HookKey: Once]>([:])
  private let countdowns = Locked<[GroupKey: Countdown]>([:])

  /// Runs `body` if no task has run the hook yet; otherwise waits for that task's outcome.
  func runOnce(_ key: HookKey, _ body: () async throws -> any Sendable) async -> Outcome {
    enum Role {
      case run
      case wait
      case use(Outcome)
    }
    let role: Role = onces.withLock { onces in
      switch onces[key] {
      case nil:
        onces[key] = .running([])
        return .run
      case .running: return .wait
      case .done(let outcome): return .use(outcome)
      }
    }
    switch role {
    case .use(let outcome):
      return outcome
    case .wait:
      return await outcome(of: key) ?? .failure(SpecValueUnavailable(key: key))
    case .run:
      let outcome: Outcome
      do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
      let waiters = onces.withLock { onces in
        defer { onces[key] = .done(outcome) }
        if case .running(let waiters) = onces[key] { return waiters }
        return []
      }
      for waiter in waiters { waiter.resume(returning: outcome) }
      return outcome
    }
  }

  /// The hook's outcome, waiting while it runs; `nil` if it has not started.
  func outcome(of key: HookKey) async -> Outcome? {
    enum Role {
      case absent
      case done(Outcome)
      case wait
    }
    let role: Role = onces.withLock { onces in
      switch onces[key] {
      case nil: return .absent
      case .done(let outcome): return .done(outcome)
      case .running: return .wait
      }
    }
    switch role {
    case .absent: return nil
    case .done(let outcome): return outcome
    case .wait:
      return await withCheckedContinuation { continuation in
        let ready: Outcome? = onces.withLock { onces in
          switch onces[key] {
          case .running(let waiters):
            onces[key] = .running(waiters + [continuation])
            return nil
          case .done(let outcome): return outcome
          case nil: return .failure(SpecValueUnavailable(key: key))
          }
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }

  /// Sets how many examples of each group this run will start.
  func expect(_ counts: [GroupKey: Int]) {
    countdowns.withLock { countdowns in
      for (group, count) in counts {
        countdowns[group] = Countdown(total: count, left: count)
      }
    }
  }

  /// Notes that one example of `group` finished: whether it was the group's last one, how many
  /// ran so far and how many are listed.
  func finishExample(in group: GroupKey) -> (isLast: Bool, ran: Int, listed: Int) {
    countdowns.withLock { countdowns in
      guard var countdown = countdowns[group] else { return (false, 0, 0) }
      countdown.left -= 1
      countdowns[group] = countdown
      return (countdown.left == 0, countdown.total - countdown.left, countdown.total)
    }
  }

  func reset(_ group: GroupKey) {
    onces.withLock { onces in
      onces = onces.filter { $0.key.group != group }
    }
    countdowns.withLock { countdowns in
      if let total = countdowns[group]?.total { countdowns[group]?.left = total }
    }
  }
}

/// The error a ``SpecValue`` throws when read where its `beforeAll` does not run.
struct SpecValueUnavailable: Error, CustomStringConvertible {
  let key: SpecSharedState.HookKey

  var description: String {
    "this beforeAll value is only available to the examples and hooks of the group that "
      + "declares it"
  }
}

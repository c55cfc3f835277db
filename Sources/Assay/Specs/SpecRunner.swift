/// Runs one example: its groups' hooks in order around its body, reporting every error at the
/// line of the hook or example that threw it.
///
/// The order, for groups from the outermost to the innermost: each group's `beforeAll` (once
/// for the group), then its `aroundEach` hooks wrapped around its `beforeEach` hooks, the inner
/// groups, and its `afterEach` hooks; at the innermost level, every `justBeforeEach` (outermost
/// first), then the example. Then the calls the example expected with `expectCalls` are
/// verified, and after the group's last example, its `afterAll` hooks run.
struct SpecRunner {
  let specID: ObjectIdentifier
  let groups: [SpecGroup]
  let example: SpecExampleNode
  let name: String

  func run() async throws {
    var cancellation: (any Error)?
    let expectations = CallExpectations()
    let context = FailureContext(kind: "example", name: name, shownInSwiftTesting: false)
    await SpecBuilder.$runningExample.withValue(name) {
      await FailureContext.with(context) {
        await CallExpectations.$current.withValue(expectations) {
          cancellation = await runLevel(0)
        }
        expectations.verifyAll()
      }
    }
    for group in groups.reversed() where !group.afterAll.isEmpty || !group.beforeAll.isEmpty {
      let key = SpecSharedState.GroupKey(spec: specID, path: group.path)
      let progress = SpecSharedState.shared.finishExample(in: key)
      let finish = {
        _ = await runHooks(group.afterAll, stoppingAtFirstError: false)
        SpecSharedState.shared.reset(key)
      }
      if progress.isLast {
        PendingAfterAll.shared.finished(key)
        await finish()
      } else if !group.afterAll.isEmpty {
        // Left for the last example; or, when a runner runs only some examples, for the
        // host test's `.finishesSpec` trait.
        PendingAfterAll.shared.pend(
          key,
          PendingAfterAll.Finish(
            group: group.name.isEmpty ? "the spec" : "\"\(group.name)\"",
            depth: group.path.count, examplesRan: progress.ran,
            examplesListed: progress.listed,
            scope: PendingAfterAll.scope.map(ObjectIdentifier.init), run: finish))
      }
    }
    if let cancellation { throw cancellation }
  }

  /// Runs the hooks of `groups[index]` around the inner levels. Returns the test library's
  /// own error (a cancelled test) to rethrow once the `afterEach` and `afterAll` hooks ran.
  private func runLevel(_ index: Int) async -> (any Error)? {
    guard index < groups.count else { return await runExample() }
    let group = groups[index]
    for (hookIndex, hook) in group.beforeAll.enumerated() {
      let key = SpecSharedState.HookKey(
        group: SpecSharedState.GroupKey(spec: specID, path: group.path), index: hookIndex)
      if case .failure(let error) = await SpecSharedState.shared.runOnce(key, hook.body) {
        report("beforeAll threw \(describe(error)); the example did not run", at: hook.site)
        return nil
      }
    }
    var cancellation: (any Error)?
    var level: () async throws -> Void = {
      if await runHooks(group.beforeEach, stoppingAtFirstError: true) {
        cancellation = await runLevel(index + 1)
      }
      _ = await runHooks(group.afterEach, stoppingAtFirstError: false)
    }
    for hook in group.aroundEach.reversed() {
      let inner = level
      level = {
        var ranInner = false
        do {
          try await hook.body {
            ranInner = true
            try await inner()
          }
        } catch {
          report("aroundEach threw \(describe(error))", at: hook.site)
        }
        if !ranInner {
          report("aroundEach never called run(): the example did not run", at: hook.site)
        }
      }
    }
    do { try await level() } catch {}
    return cancellation
  }

  private func runExample() async -> (any Error)? {
    for group in groups {
      guard await runHooks(group.justBeforeEach, stoppingAtFirstError: true) else { return nil }
    }
    do {
      try await example.body()
    } catch is any AlreadyRecordedError {
      // Reported where it was thrown (a failed step, or `unwrap` outside a test).
    } catch  where isTestLibraryError(error) {
      return error
    } catch {
      report("threw \(describe(error))", at: example.site)
    }
    return nil
  }

  /// Runs `hooks`, reporting what they throw; `false` if one threw and stopped the others
  /// (`stoppingAtFirstError`).
  private func runHooks(_ hooks: [SpecHook], stoppingAtFirstError: Bool) async -> Bool {
    for hook in hooks {
      do {
        try await hook.body()
      } catch {
        report("\(hook.kind) threw \(describe(error))", at: hook.site)
        if stoppingAtFirstError { return false }
      }
    }
    return true
  }

  private func report(_ message: String, at site: CallSite) {
    FailureReporter.record("\"\(name)\": \(message)", at: site)
  }

  private func describe(_ error: any Error) -> String {
    "\(type(of: error)): \(error)"
  }
}

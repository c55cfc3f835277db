import Foundation
import Testing

@testable import Assay

/// A shared instance whose initializer waits until another thread has made `Unrelated`'s:
/// with one lock held around every initializer, that thread waited for this one, and both
/// stopped until the wait gave up.
final class WaitsForAnother: SingletonByChoice, Sendable {
  /// Signalled by the other thread once it holds `Unrelated.shared`.
  static let otherIsDone = DispatchSemaphore(value: 0)
  /// Whether the other thread got its instance while this initializer ran.
  let sawTheOther: Bool

  init() {
    let other = Thread {
      _ = Unrelated.shared
      WaitsForAnother.otherIsDone.signal()
    }
    other.start()
    // A bound for the failure only: the other thread needs microseconds.
    sawTheOther = WaitsForAnother.otherIsDone.wait(timeout: .now() + 10) == .success
  }
}

/// A shared instance whose initializer asks for itself through another type.
final class AsksForItself: SingletonByChoice, Sendable {
  init() { _ = GoesBack.shared }
}

/// Asks for `AsksForItself.shared` while it is being created.
final class GoesBack: SingletonByChoice, Sendable {
  init() { _ = AsksForItself.shared }
}

/// A shared instance that has nothing to do with `WaitsForAnother`.
final class Unrelated: SingletonByChoice, Sendable {
  init() {}
}

@Suite struct SingletonByChoiceTests {
  @Test func aSubclassGetsASharedInstanceOfItsOwnType() {
    let parent = Service.shared
    let child = PaymentService.shared
    #expect(type(of: parent) == Service.self)
    #expect(type(of: child) == PaymentService.self)
    #expect(parent !== child)
  }

  /// The initializer of one shared instance never blocks the creation of another.
  @Test func twoUnrelatedSharedInstancesAreCreatedWithoutWaitingForEachOther() {
    #expect(WaitsForAnother.shared.sawTheOther)
  }

  /// An initializer that needs its own shared instance, through another, stops the process
  /// with a message instead of waiting for itself forever.
  @Test func anInitializerThatAsksForItselfIsReportedNotAHang() async {
    let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = AsksForItself.shared
    }
    let said = String(decoding: exit?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      said.contains("AsksForItself.init() asked for AsksForItself.shared, which it is creating"))
  }

  @Test func theInitializerStillMakesFreshInstances() {
    let fresh = Preferences()
    fresh.values.withLock { $0["theme"] = "dark" }
    #expect(fresh !== Preferences.shared)
    #expect(Preferences.shared.values.withLock { $0["theme"] } == nil)
  }

  @Test func aReplacementIsSeenByChildTasksButNotByOtherTests() async {
    let replacement = Preferences()
    let original = Preferences.shared
    await Preferences.withShared(replacement) {
      #expect(Preferences.shared === replacement)
      let fromChild = await Task { Preferences.shared }.value
      #expect(fromChild === replacement)
      let fromDetached = await Task.detached { Preferences.shared }.value
      #expect(fromDetached === original)
    }
    #expect(Preferences.shared === original)
  }

  @Test func parallelTestsEachSeeTheirOwnReplacement() async {
    await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<8 {
        group.addTask {
          let mine = Preferences()
          return await Preferences.withShared(mine) {
            await Task.yield()
            return Preferences.shared === mine
          }
        }
      }
      for await sawOwn in group { assertTrue(sawOwn) }
    }
  }
}

/// The trait runs the test it scopes, each time with a fresh instance of its own.
@Test func theReplacingTraitRunsEachTestWithAFreshInstance() async throws {
  let test = try #require(Test.current)
  let testCase = try #require(Test.Case.current)
  let trait: ReplacesSharedInstanceTrait = .replacingShared(Preferences.self) { Preferences() }
  let processWide = Preferences.shared
  let seen = Locked<[Preferences]>([])
  for _ in 0..<2 {
    try await trait.provideScope(for: test, testCase: testCase) {
      seen.withLock { $0.append(Preferences.shared) }
    }
  }
  let instances = seen.withLock { $0 }
  #expect(instances.count == 2)
  #expect(Set(instances.map(ObjectIdentifier.init)).count == 2)
  #expect(!instances.contains { $0 === processWide })
}

/// The trait gives each test, and each test case, a fresh shared instance.
@Suite(.replacingShared(Preferences.self) { Preferences() })
struct ReplacingSharedTraitTests {
  @Test(arguments: ["dark", "light"]) func eachTestCaseStartsWithAFreshInstance(theme: String) {
    #expect(Preferences.shared.values.withLock { $0["theme"] } == nil)
    Preferences.shared.values.withLock { $0["theme"] = theme }
    #expect(Preferences.shared.values.withLock { $0["theme"] } == theme)
  }

  @Test func theReplacementIsNotTheProcessWideInstance() async {
    let processWide = await Task.detached { Preferences.shared }.value
    #expect(Preferences.shared !== processWide)
  }
}

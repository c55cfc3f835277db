import Testing

@testable import Assay

@Suite struct SingletonByChoiceTests {
  @Test func aSubclassGetsASharedInstanceOfItsOwnType() {
    let parent = Service.shared
    let child = PaymentService.shared
    assertTrue(type(of: parent) == Service.self)
    assertTrue(type(of: child) == PaymentService.self)
    assertTrue(parent !== child)
  }

  @Test func theInitializerStillMakesFreshInstances() {
    let fresh = Preferences()
    fresh.values.withLock { $0["theme"] = "dark" }
    assertNotIdentical(fresh, Preferences.shared)
    assertEqual(Preferences.shared.values.withLock { $0["theme"] }, nil)
  }

  @Test func aReplacementIsSeenByChildTasksButNotByOtherTests() async {
    let replacement = Preferences()
    let original = Preferences.shared
    await Preferences.withShared(replacement) {
      assertIdentical(Preferences.shared, replacement)
      let fromChild = await Task { Preferences.shared }.value
      assertIdentical(fromChild, replacement)
      let fromDetached = await Task.detached { Preferences.shared }.value
      assertIdentical(fromDetached, original)
    }
    assertIdentical(Preferences.shared, original)
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

/// The trait gives each test, and each test case, a fresh shared instance.
@Suite(.replacingShared(Preferences.self) { Preferences() })
struct ReplacingSharedTraitTests {
  @Test(arguments: ["dark", "light"]) func eachTestCaseStartsWithAFreshInstance(theme: String) {
    assertEqual(Preferences.shared.values.withLock { $0["theme"] }, nil)
    Preferences.shared.values.withLock { $0["theme"] = theme }
    assertEqual(Preferences.shared.values.withLock { $0["theme"] }, theme)
  }

  @Test func theReplacementIsNotTheProcessWideInstance() async {
    let processWide = await Task.detached { Preferences.shared }.value
    assertNotIdentical(Preferences.shared, processWide)
  }
}

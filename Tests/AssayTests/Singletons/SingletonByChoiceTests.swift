import Testing

@testable import Assay

@Suite struct SingletonByChoiceTests {
  @Test func aSubclassGetsASharedInstanceOfItsOwnType() {
    let parent = Service.shared
    let child = PaymentService.shared
    #expect(type(of: parent) == Service.self)
    #expect(type(of: child) == PaymentService.self)
    #expect(parent !== child)
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

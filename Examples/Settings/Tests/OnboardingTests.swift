import Assay
import Settings
import Testing

// A singleton keeps its state from one test to the next, which breaks Arrange-Act-Assert.
// With a singleton by choice each test starts clean, in one of three ways below; and the
// built-in contract checks the singleton itself (the seed's five tests, and a few more).

@Suite struct OnboardingTests {
  // 1. Hand the code under test a fresh instance.
  @Test func showsUntilCompleted() async {
    let onboarding = Onboarding(settings: SettingsStore())
    assertTrue(await onboarding.shouldShow())

    await onboarding.complete()
    assertFalse(await onboarding.shouldShow())
  }

  // 2. Code that reaches for `.shared` itself: replace the shared instance for this test only.
  //    Tests running in parallel still see their own.
  @Test func usesTheSharedStoreByDefault() async {
    let store = SettingsStore()
    await SettingsStore.withShared(store) {
      await Onboarding().complete()
    }
    assertEqual(await store.value(for: "onboarding.completed"), "yes")
  }

  // 3. The same for every test of a suite, with a trait.
  @Suite(.replacingShared(SettingsStore.self) { SettingsStore() })
  struct WithAFreshSharedStore {
    @Test func startsWithTheFlow() async {
      assertTrue(await Onboarding().shouldShow())
      await Onboarding().complete()
    }

    @Test func completingItHidesIt() async {
      await Onboarding().complete()
      assertFalse(await Onboarding().shouldShow())
    }
  }

  @Test(arguments: Contract.checks(.singletonByChoice(SettingsStore.self)))
  func singleton(_ check: ContractCheck) async throws {
    try await check.run()
  }
}

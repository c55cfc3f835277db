import Assay
import Screens
import Testing

// "Tests that write themselves": the checks every screen must pass are written once, as a
// contract, and applied to every screen type in one line each. Each check is its own test case,
// named after the screen and the check ("ProfileScreen: Screen: has a title"), so a failure
// says which screen broke.

/// What every screen must do.
func screenContract<S: Screen>(_ screen: S.Type) -> Contract {
  Contract("Screen", for: screen) {
    ContractCheck("starts unloaded") {
      assertFalse(S().isLoaded, "a new screen is not loaded yet")
    }
    ContractCheck("has a title") {
      let screen = S()
      screen.load()
      assertFalse(screen.title.isEmpty)
    }
    ContractCheck("loads") {
      let screen = S()
      screen.load()
      assertTrue(screen.isLoaded)
    }
  }
}

extension ScreenID: ContractSamples {
  /// Identifiers with and without a tab.
  public static var contractSamples: [ScreenID] {
    [
      ScreenID(route: "home", tab: 0),
      ScreenID(route: "settings", tab: 1),
      ScreenID(route: "settings/privacy"),
      ScreenID(route: "profile", tab: 2),
    ]
  }
}

@Suite struct ScreenContractTests {
  @Test(
    arguments: Contract.checks(
      screenContract(HomeScreen.self),
      screenContract(SettingsScreen.self),
      screenContract(ProfileScreen.self)
    ))
  func screen(_ check: ContractCheck) async throws {
    try await check.run()
  }

  // The laws that sets, sorting and saved state rely on, checked on sample identifiers.
  @Test(
    arguments: Contract.checks(
      .equatable(ScreenID.self),
      .hashable(ScreenID.self),
      .comparable(ScreenID.self),
      .codable(ScreenID.self)
    ))
  func screenID(_ check: ContractCheck) async throws {
    try await check.run()
  }
}

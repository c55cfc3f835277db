import Assay
import Screens
import XCTest

// The seed's pattern for XCTest users: a base test case that knows the class under test, and
// one subclass per screen. On Linux, `swift test` finds only the test methods a class declares
// itself (inherited `test...` methods are not run), so each subclass declares one method; it
// runs the whole contract, and each failure names the screen and the check.

/// The base test case: subclasses say which screen they test.
class ScreenTestCase: XCTestCase {
  /// The screen under test.
  var screenUnderTest: any Screen.Type { HomeScreen.self }

  /// Runs every check of the screen contract for ``screenUnderTest``.
  func checkScreenContract() async throws {
    try await screenContract(screenUnderTest).run()
  }
}

final class HomeScreenTests: ScreenTestCase {
  override var screenUnderTest: any Screen.Type { HomeScreen.self }
  func testScreenContract() async throws { try await checkScreenContract() }
}

final class ProfileScreenTests: ScreenTestCase {
  override var screenUnderTest: any Screen.Type { ProfileScreen.self }
  func testScreenContract() async throws { try await checkScreenContract() }
}

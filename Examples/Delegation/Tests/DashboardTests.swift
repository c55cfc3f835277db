import Assay
import Delegation
import XCTest

final class DashboardTests: XCTestCase {
  // A stored property gives each test a fresh dashboard: XCTest makes a new instance of the
  // test case for every test method.
  let dashboard = Dashboard()

  func testDashboardCreatesItsSpeedometer() {
    assertNotNil(dashboard.speedometer)
  }

  func testDashboardIsTheSpeedometersDelegate() {
    // `delegate` is typed as the protocol; identity works because the protocol is class-bound.
    assertIdentical(dashboard.speedometer.delegate, dashboard)
  }

  func testDashboardShowsTheLatestReading() {
    dashboard.speedometer.update(speed: 87.6)
    assertEqual(dashboard.displayedSpeed, "88 km/h")
  }

  func testSpeedometerDoesNotKeepItsDelegateAlive() {
    let speedometer = Speedometer()
    do {
      let temporaryDashboard = Dashboard()
      speedometer.delegate = temporaryDashboard
      assertIdentical(speedometer.delegate, temporaryDashboard)
    }
    assertNil(speedometer.delegate, "the delegate is held weakly")
  }
}

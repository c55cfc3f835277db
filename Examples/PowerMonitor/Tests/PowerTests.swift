import Assay
import PowerMonitor
import XCTest

/// A stub: it answers with whatever state the test gives it, and records nothing.
/// (Issue #4 will generate doubles like this one.)
private struct DeviceStub: PowerSource {
  var batteryState: BatteryState
}

final class PowerTests: XCTestCase {
  func testPluggedInWhenBatteryIsFull() {
    let power = Power(device: DeviceStub(batteryState: .full))
    assertTrue(power.isPluggedIn)
  }

  func testPluggedInWhileCharging() {
    assertTrue(Power(device: DeviceStub(batteryState: .charging)).isPluggedIn)
  }

  func testNotPluggedInWhenUnpluggedOrUnknown() {
    assertFalse(Power(device: DeviceStub(batteryState: .unplugged)).isPluggedIn)
    assertFalse(
      Power(device: DeviceStub(batteryState: .unknown)).isPluggedIn, "unknown is not plugged in")
  }

  func testProductionCodeUsesTheSharedDevice() {
    // The default argument is the singleton: production code needs no extra wiring.
    assertFalse(Power().isPluggedIn)
  }
}

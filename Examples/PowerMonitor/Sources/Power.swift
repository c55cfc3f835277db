#if DEBUG
  import AssayMock
#endif

/// The charging state a device reports.
public enum BatteryState: Sendable {
  case unknown
  case unplugged
  case charging
  case full
}

/// Anything that can report a battery state: the real device, or a stand-in in tests.
///
/// `@Mock` generates `MockPowerSource` next to it, in debug builds only: release builds
/// neither compile the mock nor run the macro.
#if DEBUG
  @Mock
#endif
public protocol PowerSource {
  /// The current charging state.
  var batteryState: BatteryState { get }
}

/// The device this program runs on: a singleton, as platform device objects usually are.
public final class Device: PowerSource, @unchecked Sendable {
  // @unchecked: the state is read-only after creation in this example.
  /// The shared instance.
  public static let current = Device()
  /// What the platform reports; this example has no battery to ask.
  public let batteryState: BatteryState = .unknown
}

/// Reports whether the device is plugged in.
///
/// It is *told* which device to ask ("tell, don't ask"), defaulting to the shared one, so
/// tests can hand it a stub instead of depending on the singleton's real state.
public struct Power {
  private let device: any PowerSource

  /// Creates a power monitor for `device`, the shared device unless told otherwise.
  public init(device: any PowerSource = Device.current) {
    self.device = device
  }

  /// Whether the device is charging or full.
  public var isPluggedIn: Bool {
    switch device.batteryState {
    case .charging, .full: true
    case .unplugged, .unknown: false
    }
  }
}

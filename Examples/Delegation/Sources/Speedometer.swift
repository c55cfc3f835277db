/// Told when the speedometer's reading changes.
///
/// The protocol is class-bound (`AnyObject`), so the speedometer can hold its delegate
/// weakly and tests can check *which* object is the delegate with an identity assertion.
public protocol SpeedometerDelegate: AnyObject {
  func speedometer(_ speedometer: Speedometer, didChangeSpeedTo speed: Double)
}

/// A speedometer that reports each new reading to its delegate.
public final class Speedometer {
  public weak var delegate: (any SpeedometerDelegate)?
  public private(set) var speed: Double = 0

  public init() {}

  public func update(speed: Double) {
    self.speed = speed
    delegate?.speedometer(self, didChangeSpeedTo: speed)
  }
}

/// The dashboard owns a speedometer and shows its latest reading.
public final class Dashboard: SpeedometerDelegate {
  public let speedometer = Speedometer()
  public private(set) var displayedSpeed = "0 km/h"

  public init() {
    speedometer.delegate = self
  }

  public func speedometer(_ speedometer: Speedometer, didChangeSpeedTo speed: Double) {
    displayedSpeed = "\(Int(speed.rounded())) km/h"
  }
}

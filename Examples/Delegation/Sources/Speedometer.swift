/// Told when the speedometer's reading changes.
///
/// The protocol is class-bound (`AnyObject`), so the speedometer can hold its delegate
/// weakly and tests can check *which* object is the delegate with an identity assertion.
public protocol SpeedometerDelegate: AnyObject {
  /// Called after each new reading.
  func speedometer(_ speedometer: Speedometer, didChangeSpeedTo speed: Double)
}

/// A speedometer that reports each new reading to its delegate.
public final class Speedometer {
  /// Told about each reading; held weakly, as delegates are.
  public weak var delegate: (any SpeedometerDelegate)?
  /// The latest reading, in km/h.
  public private(set) var speed: Double = 0

  /// Creates a speedometer reading 0.
  public init() {}

  /// Records a new reading and tells the delegate.
  public func update(speed: Double) {
    self.speed = speed
    delegate?.speedometer(self, didChangeSpeedTo: speed)
  }
}

/// The dashboard owns a speedometer and shows its latest reading.
public final class Dashboard: SpeedometerDelegate {
  /// The speedometer whose readings the dashboard shows.
  public let speedometer = Speedometer()
  /// The text on screen.
  public private(set) var displayedSpeed = "0 km/h"

  /// Creates a dashboard and makes it its speedometer's delegate.
  public init() {
    speedometer.delegate = self
  }

  /// Shows the new reading, rounded to whole km/h.
  public func speedometer(_ speedometer: Speedometer, didChangeSpeedTo speed: Double) {
    displayedSpeed = "\(Int(speed.rounded())) km/h"
  }
}

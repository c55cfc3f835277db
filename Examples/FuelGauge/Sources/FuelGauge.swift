import Foundation

/// An automotive-style fuel gauge whose needle sweeps the top three quarters of the dial.
///
/// Animations always take the shortest way round, so a move of half a turn or more must be
/// split in two, or the needle would swing across the bottom of the dial.
public struct FuelGauge: Sendable {
  /// The needle's angle for an empty tank, measured clockwise from straight up.
  public static let emptyAngle = Measurement(value: -135, unit: UnitAngle.degrees)
  /// The needle's angle for a full tank.
  public static let fullAngle = Measurement(value: 135, unit: UnitAngle.degrees)

  /// Creates a gauge.
  public init() {}

  /// The needle's angle for a fuel level between 0 (empty) and 1 (full).
  public func needleAngle(forLevel level: Double) -> Measurement<UnitAngle> {
    let clamped = min(max(level, 0), 1)
    let sweep = Self.fullAngle - Self.emptyAngle
    return Self.emptyAngle + sweep * clamped
  }

  /// Whether moving the needle by `angle` needs a two-step animation: half a turn or more,
  /// either way round.
  ///
  /// Half a turn is π radians. The original version of this rule compared with π/2, a slip
  /// of mental arithmetic that split every move over 90°; the tests catch it.
  public func needsTwoStepAnimation(toMoveBy angle: Measurement<UnitAngle>) -> Bool {
    abs(angle.converted(to: .radians).value) >= .pi
  }
}

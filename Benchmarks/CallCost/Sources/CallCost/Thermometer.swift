/// What the benchmark's doubles stand in for.
protocol Thermometer: Sendable {
  /// The temperature at `hour`.
  func temperature(at hour: Int) -> Double
}

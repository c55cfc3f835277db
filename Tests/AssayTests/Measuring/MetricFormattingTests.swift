import Testing

@testable import Assay

/// How a metric's figures read in messages: three significant digits in the largest unit
/// where the figure is 1 or more, so that a figure rounded up reads in the next unit.
struct MetricFormattingTests {
  @Test(arguments: [
    (0.0, "0 bytes"), (999, "999 bytes"), (999.4, "999.4 bytes"), (999.5, "1 kB"), (1_000, "1 kB"),
    (1_536, "1.54 kB"), (999_999, "1 MB"), (1_000_000, "1 MB"), (2_500_000, "2.5 MB"),
    (1_000_000_000, "1 GB"), (3.25e9, "3.25 GB"), (2.5e12, "2500 GB"), (-2_000_000, "-2 MB"),
    (1_234_567_890, "1.23 GB"), (1_234_567, "1.23 MB"), (123.45, "123.5 bytes"),
  ])
  func bytes(value: Double, shown: String) {
    #expect(Metric.allocatedBytes.format(value) == shown)
  }

  @Test(arguments: [
    (0.0, "0 ns"), (5e-10, "0.5 ns"), (12.5e-9, "12.5 ns"), (9.9996e-7, "1 µs"),
    (1.52e-3, "1.52 ms"), (0.99996, "1 s"), (61.25, "61.2 s"), (1_234.5, "1230 s"),
    (-2e-3, "-2 ms"), (1.23456e-3, "1.23 ms"), (1.23456e-6, "1.23 µs"), (1.23456e-9, "1.23 ns"),
    (1_000, "1000 s"),
  ])
  func seconds(value: Double, shown: String) {
    #expect(Metric.wallClock.format(value) == shown)
  }

  /// Counts: whole ones as they are, up to a thousand million million; from 1,000 on rounded
  /// to a whole one; below, four significant digits.
  @Test(arguments: [
    (5.0, "5"), (2.5, "2.5"), (1_234.4, "1234"), (12_345.6, "12346"), (1e15, "1e+15"),
    (-7, "-7"),
  ])
  func counts(value: Double, shown: String) {
    #expect(Metric.instructions.format(value) == shown)
  }
}

import Foundation

extension String {
  /// The text on one line: each line break, with the spaces around it, becomes one space.
  ///
  /// A note that quotes code written over several lines (google/swift-benchmark's
  /// `Benchmark.makeTests(\n    BenchmarkSuiteTests.self, ...)`) stays one `//` comment.
  var onOneLine: String {
    split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
  }
}

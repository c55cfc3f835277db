import AssayTestSupport
import Foundation
import Testing

@testable import AssayMockFiles

/// The outline scanner reads any text without stopping the program (it once crashed on a real
/// module with `Range requires lowerBound <= upperBound`), and keeps every line break in place:
/// real sources, cut short, with ranges deleted or doubled, and with the tokens that change
/// how it scans (braces, every kind of string and comment, `#if`, declaration keywords)
/// dropped in at random. Seeded, so a failure names the input that makes it again.
///
/// CI runs `ASSAY_FUZZ_INPUTS` inputs (2,000 by default: a debug build reads about 400 a
/// second); `docs/benchmarks.md` records a run of a million.
@Suite struct SourceOutlineFuzzTests {
  /// Real sources: this repository's mock fixtures and the scanner itself.
  static let corpus: [String] = {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    let sources = tests.deletingLastPathComponent().appendingPathComponent("Sources")
    let files = [
      tests.appendingPathComponent("MockFixtures/Protocols.swift"),
      tests.appendingPathComponent("MockFixtures/RealWorldProtocols.swift"),
      sources.appendingPathComponent("AssayMockFiles/SourceOutline.swift"),
      sources.appendingPathComponent("AssayMockGenerator/MockWriter.swift"),
    ]
    return files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
  }()

  /// What is dropped in: each changes how the scanner reads what follows.
  static let tokens = [
    "{", "}", "(", ")", "\"", "\"\"\"", "#\"", "\"#", "##\"", "'", "/*", "*/", "//", "/",
    "\\(", "\\", "#if os(Linux)", "#else", "#endif", "protocol P", "extension X ", "typealias",
    "struct", "class", "func f()", "var v", "where", ":", ".", "=", "->", "\n", " ", "\t", "\r\n",
    "`", "@", "/x{/", "é", "\u{0}",
  ]

  /// SplitMix64: small, fast, and the same sequence for the same seed everywhere.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Input number `seed`: a real source with one to eight random edits.
  static func input(_ seed: UInt64) -> String {
    var random = Generator(state: seed)
    var bytes = Array(corpus[Int(random.next() % UInt64(corpus.count))].utf8)
    for _ in 0...(random.next() % 8) {
      let at = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
      switch random.next() % 5 {
      case 0:  // cut short
        bytes.removeSubrange(at...)
      case 1:  // a range deleted
        let end = min(bytes.count, at + Int(random.next() % 200))
        bytes.removeSubrange(at..<end)
      case 2:  // a range doubled
        let end = min(bytes.count, at + Int(random.next() % 200))
        bytes.insert(contentsOf: bytes[at..<end], at: at)
      default:  // a token dropped in
        let token = tokens[Int(random.next() % UInt64(tokens.count))]
        bytes.insert(contentsOf: Array(token.utf8), at: at)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The inputs are read off Swift's cooperative pool (a debug build takes seconds, minutes on a
  /// loaded machine): run on one of its threads, they starved the suites that wait on
  /// asynchronous work beside them (CI, 2 cores: `ExpectationTests` timed out after 60 s).
  @Test func anyTextIsOutlinedWithItsLineBreaksInPlace() async throws {
    try #require(Self.corpus.count == 4)
    let count =
      ProcessInfo.processInfo.environment["ASSAY_FUZZ_INPUTS"].flatMap { Int($0) } ?? 2_000
    let (moved, longer) = try await offThePool { () -> ([UInt64], [UInt64]) in
      var moved: [UInt64] = []
      var longer: [UInt64] = []
      for seed in 0..<UInt64(count) {
        let text = Self.input(seed)
        let outline = SourceOutline.of(text, keeping: ["Loader", "P"])
        if outline.utf8.count(where: { $0 == 10 }) != text.utf8.count(where: { $0 == 10 }) {
          moved.append(seed)
        }
        if outline.utf8.count > text.utf8.count { longer.append(seed) }
      }
      return (moved, longer)
    }
    #expect(moved.prefix(10) == [], "line breaks moved for inputs of these seeds")
    #expect(longer.prefix(10) == [], "outlines longer than their text for these seeds")
  }
}

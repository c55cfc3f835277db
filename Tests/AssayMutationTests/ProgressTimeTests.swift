import Testing

@testable import AssayMutation

/// The times of `assay mutate`'s progress lines: Assay's own run said "about 23884 s left".
@Suite struct ProgressTimeTests {
  @Test(arguments: [
    (0.4, "0 s"), (42, "42 s"), (89.4, "89 s"), (90, "2 min"), (1020, "17 min"),
    (5369, "89 min"), (5400, "1 h 30 min"), (23884, "6 h 38 min"),
  ])
  func aTimeIsReadAsAPersonReadsIt(seconds: Double, text: String) {
    #expect(MutationSession.time(seconds) == text)
  }
}

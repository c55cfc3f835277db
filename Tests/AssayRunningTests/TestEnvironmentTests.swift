import AssayRunning
import Testing

/// What `assay test` passes to the test processes.
struct TestEnvironmentTests {
  @Test func recordingBaselinesIsPassedToTheTests() {
    var options = TestSession.Options()
    #expect(TestSession.environment(for: options) == [:])
    options.recordsBaselines = true
    #expect(TestSession.environment(for: options) == ["ASSAY_RECORD_BASELINES": "1"])
  }
}

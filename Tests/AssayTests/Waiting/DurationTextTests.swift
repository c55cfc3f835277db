import Testing

@testable import Assay

/// How failure messages write timeouts and windows.
@Test(arguments: [
  (Duration.milliseconds(50), "50 ms"),
  (.milliseconds(1500), "1.5 s"),
  (.seconds(120), "120 s"),
  (.microseconds(250), "250 µs"),
  (.zero, "0 µs"),
  (.seconds(-1), "-1 s"),
])
func durationsReadAsInMessages(duration: Duration, text: String) {
  #expect(DurationText.describe(duration) == text)
}

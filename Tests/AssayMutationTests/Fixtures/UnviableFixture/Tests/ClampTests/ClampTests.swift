import Clamp
import Testing

@Test func clampKeepsAndRecordsPositives() {
  recorded = []
  #expect(clamp(3) == 3)
  #expect(recorded == [3])
}

import Score
import Testing

@Test func scoreWeighsTheMarks() {
  #expect(score(1, 2, 3) == 9)
  #expect(score(2, 0, 5) == 10)
}

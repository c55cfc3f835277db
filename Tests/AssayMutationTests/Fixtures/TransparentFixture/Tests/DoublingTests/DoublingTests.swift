import Doubling
import Testing

@Test func threeDoubledIsSix() {
  #expect(doubled(3) == 6)
}

@Test func elevenIsLargeAndTenIsNot() {
  #expect(isLarge(11))
  #expect(!isLarge(10))
}

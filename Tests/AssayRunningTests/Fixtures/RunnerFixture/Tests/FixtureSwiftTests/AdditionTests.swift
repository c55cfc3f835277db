import Arithmetic
import Testing

@Suite struct AdditionTests {
  @Test func adds() {
    #expect(add(2, 2) == 4)
  }

  @Test func fails() {
    #expect(add(2, 2) == 5)
  }

  @Test(arguments: [1, 2, 3])
  func cases(number: Int) {
    #expect(add(number, 0) != 2)
  }

  @Test(.disabled("not today")) func disabled() {}

  @Test func crashes() {
    print("about to crash")
    fatalError("boom")
  }

  @Test func hangs() async {
    await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
  }
}

@Suite struct MoreTests {
  @Test func one() { #expect(add(0, 1) == 1) }
  @Test func two() { #expect(add(1, 1) == 2) }
  @Test func three() { #expect(add(1, 2) == 3) }
}

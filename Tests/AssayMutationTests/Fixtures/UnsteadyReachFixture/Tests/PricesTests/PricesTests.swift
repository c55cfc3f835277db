import Prices
import Testing

/// Reaches both paths of `price(of:)` in every run, and notices little.
@Test func pricesAreNeverNegative() {
  for _ in 1...2 { #expect(price(of: "milk") >= 0) }
}

/// Reaches the saved path only when a run before it saved the price.
@Test func teaCostsThreeEuros() {
  #expect(price(of: "tea") == 300)
}

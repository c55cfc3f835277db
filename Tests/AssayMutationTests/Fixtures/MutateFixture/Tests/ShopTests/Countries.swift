/// What the tests share: a file of the test target that declares no test.
enum Countries {
  static let shippingFree = "NL"
}

import Shop
import XCTest

final class ShippingTests: XCTestCase {
  func testTheNetherlandsShipForFree() {
    XCTAssertEqual(Basket().shipping(to: Countries.shippingFree), 0)
  }

  func testRefundIsNegative() {
    XCTAssertLessThan(Basket().refund(100), 0)
  }
}

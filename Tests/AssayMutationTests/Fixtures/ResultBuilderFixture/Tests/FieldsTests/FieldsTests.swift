import Fields
import XCTest

final class FieldsTests: XCTestCase {
  func testAPageHasEdgesAndPageInfo() {
    XCTAssertEqual(pageFields().map(\.name), ["edges", "pageInfo"])
  }

  func testAnEdgeHasANodeAndACursor() {
    XCTAssertEqual(edgeFields().map(\.name), ["node", "cursor"])
  }

  func testAConnectionHasEdgesAndPageInfo() {
    XCTAssertEqual(connectionFields().map(\.name), ["edges", "pageInfo"])
  }
}

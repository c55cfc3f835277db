import XCTest

/// A class whose name another test target of the package declares too (as swift-nio's
/// NIOFSTests and NIOFSIntegrationTests both declare FileHandleTests): XCTest prints its tests
/// without their module.
final class SameNameTests: XCTestCase {
  func testSameName() {
    XCTAssertEqual(1 + 1, 2)
  }
}

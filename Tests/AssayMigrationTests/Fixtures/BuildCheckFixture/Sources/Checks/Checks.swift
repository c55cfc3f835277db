import XCTest

extension XCTestCase {
  /// Fails the test when `condition` is false.
  public func validate(_ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line)
  {
    XCTAssertTrue(condition(), file: file, line: line)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// XCTest's name, for arrays of pairs, which are not Equatable.
public func XCTAssertEqual(
  _ first: [(Int, Int)], _ second: [(Int, Int)], file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertTrue(first.elementsEqual(second, by: ==), file: file, line: line)
}

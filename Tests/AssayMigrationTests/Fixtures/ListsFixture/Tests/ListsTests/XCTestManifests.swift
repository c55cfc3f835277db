// swift-format-ignore-file
// The names and shape of the manifest `swift test --generate-linuxmain` wrote.
import XCTest

#if !canImport(ObjectiveC)
  extension ListedTests {
    static let __allTests__ListedTests = [("testListed", testListed)]
  }

  public func __allTests() -> [XCTestCaseEntry] {
    return [testCase(ListedTests.__allTests__ListedTests)]
  }
#endif

import ListsTests
import XCTest

var tests = [XCTestCaseEntry]()
tests += ListsTests.__allTests()
XCTMain(tests)

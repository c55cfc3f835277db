import XCTest

@testable import MainTests

XCTMain([testCase(MainTests.allTests)])

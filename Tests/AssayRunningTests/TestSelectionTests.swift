import AssayResults
import AssayToolSupport
import Foundation
import Testing

@testable import AssayRunning

/// Choosing tests by name, pattern, location and earlier failures.
@Suite struct TestSelectionTests {
  static let inventory = TestInventory(tests: [
    .init(
      id: TestIdentifier(
        library: .xctest, target: "ListTests", suite: "SortingTests", test: "testSortsByName")),
    .init(
      id: TestIdentifier(
        library: .swiftTesting, target: "ListTests", suite: "ListSpec", test: "example(_:)"),
      isParameterized: true),
    .init(
      id: TestIdentifier(
        library: .swiftTesting, target: "ListTests", suite: "Adding", test: "addsAPerson()")),
  ])

  private static func test(_ name: String) -> TestIdentifier {
    inventory.tests.first { $0.id.test == name }!.id
  }

  private func names(_ selection: TestSelection) throws -> [String] {
    try selection.batches(from: Self.inventory, sources: []).flatMap(\.tests).map(\.testName)
  }

  @Test func aNameMatchesATestOrASuiteFromADotOrSlash() throws {
    var selection = TestSelection()
    selection.names = ["SortingTests/testSortsByName", "Adding"]
    #expect(
      try names(selection) == [
        "ListTests.SortingTests/testSortsByName", "ListTests.Adding/addsAPerson()",
      ])
    selection.names = ["addsAPerson"]
    #expect(try names(selection) == ["ListTests.Adding/addsAPerson()"])
    // A parameterized test without its labels, as `swift test` names it.
    selection.names = ["ListSpec/example"]
    #expect(try names(selection) == ["ListTests.ListSpec/example(_:)"])
  }

  /// Swift 6.2's raw identifiers (pointfreeco's tests name them so): a test is asked for by
  /// the name `swift test` shows, without the backticks. Before, `--only 'adds two numbers'`
  /// answered "no test is named".
  @Test func aTestOrSuiteWithARawIdentifierIsNamedWithoutItsBackticks() throws {
    let raw = [
      TestIdentifier(
        library: .swiftTesting, target: "RawTests", suite: "`Raw suite`",
        test: "`adds two numbers`()"),
      TestIdentifier(
        library: .swiftTesting, target: "RawTests", suite: "`Raw suite`",
        test: "`Task.never() fails, with (parens)`()"),
      TestIdentifier(library: .swiftTesting, target: "RawTests", suite: "Other", test: "a()"),
    ]
    let inventory = TestInventory(tests: raw.map { .init(id: $0) })
    func chosen(_ names: [String]) throws -> [String] {
      var selection = TestSelection()
      selection.names = names
      return try selection.batches(from: inventory, sources: []).flatMap(\.tests).map(\.test)
    }
    #expect(try chosen(["adds two numbers"]) == ["`adds two numbers`()"])
    #expect(try chosen(["Raw suite/adds two numbers()"]) == ["`adds two numbers`()"])
    #expect(try chosen(["`adds two numbers`"]) == ["`adds two numbers`()"])
    #expect(
      try chosen(["Task.never() fails, with (parens)"]) == ["`Task.never() fails, with (parens)`()"]
    )
    #expect(try chosen(["Raw suite"]).count == 2)
    #expect(try chosen(["Other/a"]) == ["a()"])
    #expect(throws: RunError.self) { try chosen(["adds two"]) }
  }

  @Test func anUnknownNameSuggestsTheClosest() {
    var selection = TestSelection()
    selection.names = ["SortingTest/testSortByName"]
    let error = #expect(throws: RunError.self) { try names(selection) }
    #expect(
      error?.description
        == "no test is named \"SortingTest/testSortByName\"; did you mean "
        + "ListTests.SortingTests/testSortsByName, ListTests.Adding/addsAPerson(), "
        + "ListTests.ListSpec/example(_:)?")
  }

  @Test func filtersAndSkipsAreRegularExpressionsOnTheFullName() throws {
    var selection = TestSelection()
    selection.filters = ["^ListTests\\.(Adding|ListSpec)/"]
    selection.skips = ["example"]
    #expect(try names(selection) == ["ListTests.Adding/addsAPerson()"])
    selection.filters = ["(unclosed"]
    let error = #expect(throws: RunError.self) { try names(selection) }
    #expect(
      error?.description.hasPrefix("--filter \"(unclosed\" is not a regular expression")
        == true)
    // The option the pattern came from, not both.
    selection.filters = []
    selection.skips = ["[z-a]"]
    let skipping = #expect(throws: RunError.self) { try names(selection) }
    #expect(
      skipping?.description.hasPrefix("--skip \"[z-a]\" is not a regular expression") == true,
      "\(String(describing: skipping))")
  }

  @Test func aSkipPatternLeavesOutItsTestAndNoOther() throws {
    let adding = Self.test("addsAPerson()")
    // Swift Testing matches `swift test --skip` against an id that ends with the test's
    // source location (`ListTests.Adding/addsAPerson()/ListTests.swift:12:4`): a pattern that
    // ended at `$` left the test in, when a user passed it to `swift test` as the refusal said.
    #expect(TestSelection.skipPattern(for: adding) == #"^ListTests\.Adding/addsAPerson\(\)(/|$)"#)
    let located = try Regex(TestSelection.skipPattern(for: adding))
    #expect("ListTests.Adding/addsAPerson()/ListTests.swift:12:4".contains(located))
    #expect(!"ListTests.Adding/addsAPerson()Later/ListTests.swift:12:4".contains(located))
    #expect(
      TestSelection.skipPattern(
        for: TestIdentifier(library: .xctest, target: "T", suite: "S", test: "testA"))
        == #"^T\.S/testA$"#)
    // A name that another name begins with, and one with every character a pattern treats
    // specially: each pattern matches its own test only.
    let short = TestIdentifier(library: .xctest, target: "T", suite: "S", test: "testA")
    let longer = TestIdentifier(library: .xctest, target: "T", suite: "S", test: "testAB")
    let odd = TestIdentifier(
      library: .swiftTesting, target: "T", suite: "S", test: #"a(_:)[^$|?*+{}\]"#)
    let everyTest = [short, longer, odd, adding]
    for test in everyTest {
      let pattern = try TestSelection.regexes([TestSelection.skipPattern(for: test)])
      #expect(everyTest.filter { TestSelection.leavesOut($0, pattern) } == [test])
    }
    var selection = TestSelection()
    selection.skips = [TestSelection.skipPattern(for: adding)]
    #expect(
      try names(selection) == [
        "ListTests.SortingTests/testSortsByName", "ListTests.ListSpec/example(_:)",
      ])
  }

  @Test func failedRunsOnlyWhatFailedCrashedOrTimedOut() throws {
    var selection = TestSelection()
    selection.failedIn = TestReport(
      started: 0, duration: 1,
      results: [
        TestResult(id: Self.test("testSortsByName"), outcome: .timedOut),
        TestResult(id: Self.test("example(_:)").withCase("an example"), outcome: .failed),
        TestResult(id: Self.test("addsAPerson()"), outcome: .passed),
      ])
    #expect(
      try names(selection) == [
        "ListTests.SortingTests/testSortsByName", "ListTests.ListSpec/example(_:)",
      ])
  }

  @Test func shardsSplitASpecExampleByExample() throws {
    let host = Self.test("example(_:)")
    var seen: [String] = []
    for index in 1...3 {
      var selection = TestSelection()
      selection.shard = try Shard("\(index)/3")
      selection.specExamples = [host: ["List, a", "List, b", "List, c", "List, d"]]
      let batches = try selection.batches(from: Self.inventory, sources: [])
      for batch in batches {
        if let list = batch.environment["ASSAY_EXAMPLES"] {
          #expect(batch.tests == [host])
          seen += list.split(separator: "\n").map(String.init)
        } else {
          seen += batch.tests.map(\.testName)
        }
      }
    }
    #expect(
      seen.sorted() == [
        "ListTests.Adding/addsAPerson()", "ListTests.ListSpec\tList, a",
        "ListTests.ListSpec\tList, b",
        "ListTests.ListSpec\tList, c", "ListTests.ListSpec\tList, d",
        "ListTests.SortingTests/testSortsByName",
      ])
  }

  @Test func aContractsChecksAreNamedForContractsNotForTheirSuite() {
    let host = Self.test("addsAPerson()")
    let spec = Self.test("example(_:)")
    let value = SpecNames.variable(
      for: [host.with(testCase: "Person: Equatable: reflexive"), spec.with(testCase: "List, a")],
      contracts: [host])
    #expect(value == "contract\tPerson: Equatable: reflexive\nListTests.ListSpec\tList, a")
  }

  @Test func eachLibraryIsABatchAndAllOfOneRunWithoutAFilter() throws {
    let batches = try TestSelection().batches(from: Self.inventory, sources: [])
    #expect(batches.map(\.library) == [.xctest, .swiftTesting])
    #expect(batches.map(\.isEverything) == [true, true])
  }

  @Test func swiftTestingIsSelectedByAnchoredEscapedPatterns() {
    let arguments = TestBatch.selection([Self.test("addsAPerson()")], library: .swiftTesting)
    #expect(arguments == ["--filter", #"^ListTests\.Adding/addsAPerson\(\)(/|$)"#])
    let sorting = Self.test("testSortsByName")
    let xctest = TestBatch.selection([sorting, sorting], library: .xctest)
    #expect(
      xctest == ["ListTests.SortingTests/testSortsByName,ListTests.SortingTests/testSortsByName"])
  }
}

extension TestIdentifier {
  func withCase(_ name: String) -> TestIdentifier {
    var copy = self
    copy.testCase = name
    return copy
  }
}

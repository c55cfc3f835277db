import AssayMigration
import Testing

/// Which files outside a run are worth parsing for XCTest helpers: those that declare a
/// function the run names. The names come from the text alone, so nothing a parse would find
/// may be missed.
@Suite struct DeclaredFunctionNamesTests {
  @Test func everyFunctionIsNamedWhateverItsModifiersAndLayout() {
    let source = """
      import XCTest

      public func assertValid(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {}
      extension XCTestCase {
        @discardableResult
        func  assertRoundTrip<T: Codable>(_ value: T) -> T { value }
        static func
          `default`() {}
        private func résumé() {}
      }
      func funcName() {}
      """
    #expect(
      XCTestHelpers.declaredFunctionNames(in: source)
        == ["assertValid", "assertRoundTrip", "default", "résumé", "funcName"])
  }

  @Test func wordsThatEndOrStartWithFuncAreNotDeclarations() {
    let source = "let funcs = 1\nlet myfunc = 2\nvar function = 3\n"
    #expect(XCTestHelpers.declaredFunctionNames(in: source) == [])
  }

  /// An operator is called without its name: the file is parsed, whatever the run names.
  @Test func anOperatorMakesTheNamesUnknown() {
    let source = "func assertEqual() {}\nstatic func == (a: A, b: A) -> Bool { true }\n"
    #expect(XCTestHelpers.declaredFunctionNames(in: source) == nil)
  }

  /// What the run refers to, not what it declares, nor XCTest's methods that `super` calls.
  @Test func theRunsNamesAreWhatItRefersTo() {
    var helpers = XCTestHelpers()
    helpers.read(
      """
      final class ATests: XCTestCase {
        override func setUp() { super.setUp() }
        func testA() { assertValid(`default`, 2); self.check() }
      }
      """)
    #expect(helpers.usedNames == ["assertValid", "default", "check"])
  }
}

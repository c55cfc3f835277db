import Testing

@testable import AssayMutation

/// Each declaration with mutants records the tests that enter it, from a first statement on
/// its first line: which tests run for a mutant that its own tests let survive.
struct DeclarationProbeTests {
  private let source = """
    func area(_ w: Int, _ h: Int) -> Int {
      let a = w * h
      return a
    }
    func twice(_ x: Int) -> Int { x * 2 }
    var half: Int {
      let value = 10 / 2
      return value
    }
    func bumped() -> [Int] {
      let list = [1, 2].map { value in
        let next = value + 1
        return next
      }
      return list
    }
    """

  @Test func theFirstStatementOfEachBodyRecordsItsDeclarationOnTheSameLine() throws {
    let rewritten = SchemataRewriter(source: source, path: "F.swift", firstID: 1)
    let lines = rewritten.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == source.split(separator: "\n", omittingEmptySubsequences: false).count)
    let declarations = Dictionary(
      grouping: rewritten.mutants, by: { $0.start.line }
    ).mapValues { Set($0.map(\.declaration)) }
    // area: its first mutant is 1.
    #expect(declarations[2] == [1])
    #expect(lines[1].hasPrefix("  let _ = __assayReach(1); let a = "), "\(lines[1])")
    // half: a computed property's getter.
    let half = try #require(rewritten.mutants.first { $0.start.line == 7 }?.id)
    #expect(lines[6].hasPrefix("  let _ = __assayReach(\(half)); let value = "), "\(lines[6])")
    // bumped: the closure belongs to the function, and is not probed on its own.
    let bumped = try #require(rewritten.mutants.first { $0.start.line == 11 }?.id)
    #expect(declarations[11] == [bumped])
    #expect(declarations[12] == [bumped])
    #expect(lines[10].hasPrefix("  let _ = __assayReach(\(bumped)); let list = "), "\(lines[10])")
    #expect(rewritten.text.components(separatedBy: "__assayReach(\(bumped))").count == 2)
  }

  /// An initializer and a deinitializer record who enters them too.
  @Test func initializersAndDeinitializersAreProbed() {
    let source = """
      final class Box {
        var value: Int
        init(_ x: Int) {
          let doubled = x * 2
          value = doubled
        }
        deinit {
          let last = value - 1
          print(last)
        }
      }
      """
    let rewritten = SchemataRewriter(source: source, path: "F.swift", firstID: 1)
    let lines = rewritten.text.split(separator: "\n", omittingEmptySubsequences: false)
    let initializer = rewritten.mutants.first { $0.start.line == 4 }?.id
    let deinitializer = rewritten.mutants.first { $0.start.line == 8 }?.id
    #expect(initializer != nil && deinitializer != nil)
    #expect(
      lines[3].contains("let _ = __assayReach(\(initializer ?? 0)); let doubled"), "\(lines[3])")
    #expect(
      lines[7].contains("let _ = __assayReach(\(deinitializer ?? 0)); let last"), "\(lines[7])")
  }

  /// A `switch` or an `if` alone is an expression too, the getter's implicit return
  /// (swift-async-algorithms' `AsyncShareSequence`: "missing return in getter" stopped the
  /// whole run before the fix), and so is an expression alone in each branch of an `#if`
  /// (swift-system's `_O_CLOFORK`, the same error, found by the real-world harness).
  @Test(arguments: [
    "var isOn: Bool {\n  switch state {\n  case .on: true\n  default: false\n  }\n}",
    "func isOn() -> Bool {\n  if state == 1 { true } else { false }\n}",
    // swift-system's `_O_CLOFORK`: each branch of `#if` one expression, the getter's value.
    "var flag: Int32 {\n  #if os(Windows)\n  O_X + 1\n  #else\n  0\n  #endif\n}",
  ])
  func aSwitchAnIfOrAnIfConfigAloneIsNotProbed(source: String) {
    let rewritten = SchemataRewriter(source: source, path: "F.swift", firstID: 1)
    #expect(!rewritten.mutants.isEmpty)
    #expect(!rewritten.text.contains("__assayReach"), "\(rewritten.text)")
  }

  /// One expression alone may be the function's implicit return: a statement before it would
  /// not compile, so that body is left without a probe (its mutants still name it).
  @Test func anImplicitReturnIsNotProbed() throws {
    let rewritten = SchemataRewriter(source: source, path: "F.swift", firstID: 1)
    let lines = rewritten.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(!lines[4].contains("__assayReach"), "\(lines[4])")
    let twice = rewritten.mutants.filter { $0.start.line == 5 }
    #expect(!twice.isEmpty)
    #expect(Set(twice.map(\.declaration)) == [twice.map(\.id).min()])
  }
}

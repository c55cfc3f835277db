import AssayToolSupport
import Foundation
import Testing

@testable import AssayMutation

/// Mapping the compiler's errors in the mutated copy back to mutants.
struct SchemataTests {
  /// The schemata of one file with `code`, in a temporary package folder.
  private func schemata(_ code: String) throws -> MutantSchemata {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-schemata-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Sources/M"), withIntermediateDirectories: true)
    try code.write(
      to: root.appendingPathComponent("Sources/M/F.swift"), atomically: true, encoding: .utf8)
    return try MutantSchemata(
      root: root.path, sources: [("Sources/M/F.swift", "Sources/M")],
      operators: Set(MutationOperator.allCases))
  }

  /// A returned value's mutant is a choice, `if __assayMutant(id) { return default } else {
  /// return value }`: an error at its default (one the type does not take) names that mutant.
  @Test func anErrorInAReturnedValuesChoiceNamesItsMutant() throws {
    let schemata = try schemata("func f() -> [Int] {\n  let a = 2\n  return g(a)\n}")
    let text = try #require(schemata.files.first?.text)
    let line =
      try #require(text.split(separator: "\n").firstIndex { $0.contains("{ return [] }") }) + 1
    let lineText = text.split(separator: "\n")[line - 1]
    let column = try #require(lineText.range(of: "[]")).lowerBound.utf16Offset(in: lineText) + 1
    let id = try #require(schemata.mutants.first { $0.mutationOperator == .returnDefault }?.id)
    #expect(schemata.mutants(atLine: line, column: column, of: "Sources/M/F.swift") == [id])
  }

  /// jpsim/Yams' `sexagesimal()`: in a generic function that returns an optional, a mutant
  /// of the returned value that cannot compile (`*` → `/`, which `Numeric` has not) made the
  /// compiler's error land on the `nil` of the return mutant's choice, which compiles alone:
  /// the build blamed it alone, and it was reported unviable. No error may blame a returned
  /// value's mutant without the mutants inside the value.
  @Test func anErrorInAReturnedValueNeverBlamesTheReturnsMutantAlone() throws {
    for code in [
      "func f<T: Numeric>(_ a: T, _ b: T) -> T? {\n  let c = a\n  return c * b\n}",
      "func f<T: Numeric>(_ a: T, _ b: T) -> T? {\n  a * b\n}",
    ] {
      let schemata = try schemata(code)
      let returned = try #require(
        schemata.mutants.first { $0.mutationOperator == .returnDefault }?.id)
      let product = try #require(
        schemata.mutants.first { $0.original == "a * b" || $0.original == "c * b" }?.id)
      let copy = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-blame-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: copy) }
      let file = copy.appendingPathComponent("Sources/M/F.swift")
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try #require(schemata.files.first).text.write(to: file, atomically: true, encoding: .utf8)
      let switchFile = copy.appendingPathComponent("Sources/M/\(MutantSwitch.fileName)")
      try MutantSwitch.source(highestID: schemata.highestID).write(
        to: switchFile, atomically: true, encoding: .utf8)
      let (_, output) = Command.capture(
        "swiftc", ["-typecheck", "-parse-as-library", file.path, switchFile.path], deadline: 120)
      let blamed = output.split(separator: "\n").map(String.init).compactMap {
        line -> [Int]? in
        guard line.contains(": error: "),
          let (path, number, column) = MutationSession.errorLocation(line, under: copy.path)
        else { return nil }
        return MutationSession.mutants(
          named: line, path: path, line: number, column: column, in: schemata)
      }
      #expect(!blamed.isEmpty, "\(output)")
      #expect(
        blamed.allSatisfy { !$0.contains(returned) || $0.contains(product) },
        "\(blamed) for \(code)\n\(output)")
      // A `return` statement's choice is two statements, each type-checked alone: the error is
      // at the mutant to blame, and no build has to prove which.
      if code.contains("return") { #expect(blamed == [[product]], "\(output)") }
    }
  }

  /// A swapped operator is a choice, `(__assayMutant(id) ? (a - b) : (a + b))`, the mutant's
  /// branch with its operands as written: an error at its operator or anywhere in that branch
  /// names that mutant, an error in an operand of the other branch names the operand's own, and
  /// the mutants of a statement the type checker gave up on are each named once.
  @Test func anErrorInAnOperatorsChoiceNamesItsMutant() throws {
    let schemata = try schemata("func f(a: Int, b: [Int]) -> Int {\n  return a + b.count * 2\n}")
    let text = try #require(schemata.files.first?.text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains("return") }) + 1
    let lineText = lines[line - 1]
    let ids = Dictionary(
      uniqueKeysWithValues: schemata.mutants.map { ($0.original + " → " + $0.replacement, $0.id) })
    let sum = try #require(ids["a + b.count * 2 → a - b.count * 2"])
    let product = try #require(ids["b.count * 2 → b.count / 2"])
    let literal = try #require(ids["2 → 3"])
    /// The column of the `occurrence`th `text` on the line.
    func column(of text: String, _ occurrence: Int) throws -> Int {
      let found = lineText.ranges(of: text)
      try #require(found.count > occurrence, "\(lineText)")
      return found[occurrence].lowerBound.utf16Offset(in: lineText) + 1
    }
    let path = "Sources/M/F.swift"
    #expect(schemata.mutants(atLine: line, column: try column(of: "a - ", 0), of: path) == [sum])
    #expect(schemata.mutants(atLine: line, column: try column(of: " / ", 0), of: path) == [product])
    #expect(
      schemata.mutants(atLine: line, column: try column(of: "? 3 : 2", 0) + 2, of: path) == [
        literal
      ])
    #expect(
      schemata.mutants(atLine: line, column: try column(of: "b.count * 2", 0), of: path) == [sum])
    let statement = schemata.mutants(
      inStatementAtLine: line, column: try column(of: "a - ", 0), of: path)
    #expect(statement.sorted() == [sum, product, literal].sorted(), "\(statement)")
  }

  /// swift-collections 1.6.0's `UniqueBox.swift`: a `mutate { }` accessor (Swift 6.4) behind
  /// `#if compiler(>=6.4)`, which the compiler skips and swift-syntax 603 cannot parse. The run
  /// stopped ("this file does not parse"); the clause is left as written, with no mutant in it,
  /// and the rest of the file is mutated.
  @Test func aClauseOfANewerCompilerThatDoesNotParseIsLeftAsWritten() throws {
    let newer = """
      #if compiler(>=6.4)
        var value: Int {
          borrow {
            storage + 1
          }
          mutate {
            &storage
          }
        }
      #else
        var value: Int { storage + 1 }
      #endif
      """
    let schemata = try schemata(
      "struct Box {\n  var storage = 1\n\(newer)\n  func double() -> Int { storage * 2 }\n}\n")
    let text = try #require(schemata.files.first?.text)
    #expect(text.contains("borrow {\n      storage + 1\n    }"), "\(text)")
    #expect(schemata.mutants.contains { $0.original == "storage * 2" }, "\(schemata.mutants)")
    #expect(!schemata.mutants.contains { $0.start.line == 6 }, "\(schemata.mutants)")
    #expect(schemata.mutants.contains { $0.start.line == 13 }, "\(schemata.mutants)")
  }

  /// A closure of several statements is type-checked with the expression around it, so a
  /// timeout reported in a statement without mutants blames the statement around it.
  @Test func aTypeCheckTimeoutInAStatementWithoutMutantsBlamesTheStatementAroundIt() throws {
    let schemata = try schemata(
      """
      let checks = [
        Check { value in
          guard value > 0 else { return }
          print("x")
        },
      ]
      let other = 1 + 2
      """)
    let text = try #require(schemata.files.first?.text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(lines.firstIndex { $0.contains("print(\"x\")") }) + 1
    let column =
      try #require(lines[line - 1].range(of: "print")).lowerBound.utf16Offset(
        in: lines[line - 1]) + 1
    let blamed = schemata.mutants(inStatementAtLine: line, column: column, of: "Sources/M/F.swift")
    let inChecks = schemata.mutants.filter { $0.start.line <= 6 }.map(\.id)
    #expect(!inChecks.isEmpty)
    #expect(blamed.sorted() == inChecks.sorted())
    // `1 + 2` below is not part of it.
    #expect(schemata.mutants.contains { $0.start.line == 7 && !blamed.contains($0.id) })
  }
}

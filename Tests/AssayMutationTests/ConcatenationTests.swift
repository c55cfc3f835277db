import Testing

@testable import AssayMutation

/// A sum of strings or arrays has no `-`, and its mutant never compiles: where a name's
/// declaration in the file says it is one (a parameter, a local, a property, a function's
/// result), no mutant is made. Each cost the first build of the copy a round and the type
/// checker seconds to reject it (SwiftCSV 0.10.0: 6 such mutants of 171, 24 of its 32 s of
/// builds; Ink 0.6.0: 4 of 630, 12 of its 25 s).
struct ConcatenationTests {
  private func mutants(_ code: String) -> [String] {
    SchemataRewriter(
      source: code, path: "F.swift", firstID: 1,
      operators: [.arithmetic, .compoundAssignment]
    ).mutants.map { "\($0.mutationOperator.name): \($0.change)" }
  }

  @Test(arguments: [
    // Ink's Table.htmlForCell: a parameter declared `String`.
    "func f(contents: String) -> String { return tags.opening + contents + tags.closing }",
    "func f(_ text: Substring, b: Substring) -> Substring { b + text }",
    // SwiftCSV's Serializer: a local whose value is a sum with a property of a string.
    """
    enum S {
      static let newline = "\\n"
      static func row() -> String { "" }
      static func f() -> String {
        let head = row() + newline
        let content = rows.map { $0 }.joined(separator: newline)
        return head + content
      }
    }
    """,
    // SwiftCSV's String.enquoted: `Self.quote`, a static property of a string.
    """
    extension String {
      static let quote = "\\""
      func f() -> String { Self.quote + replacingOccurrences(of: a, with: b) + Self.quote }
    }
    """,
    "struct T { let name: String; func f() -> String { self.name + x } }",
    "let a = x.replacingOccurrences(of: y, with: z) + w",
    "let a = x.lowercased() + y",
    // SwiftCSV's makingRectangular: an `Array(…)`.
    "func f(row: [Int]) -> [Int] { let appendix = Array(repeating: 0, count: 2); return row + appendix }",
    "func f(a: [Int], b: Array<Int>) -> [Int] { a + b }",
    "let a = x.map { $0 } + y",
    // Ink's FormattedText.append: an array member, and a local of array literals.
    """
    struct T {
      var components: [Int] = []
      mutating func append(_ more: [Int], flag: Bool) {
        let separator = flag ? [] : [1]
        components += separator + more
      }
    }
    """,
    "func f(s: inout String) { s += x }",
  ])
  func aSumOfADeclaredStringOrArrayIsNotSwapped(code: String) {
    #expect(mutants(code) == [], "\(code)")
  }

  /// What the declaration does not say stays mutated: another type, a name bound again
  /// nearer (a local, an `if let`, a `for`, a closure's parameter), a literal that may be
  /// another type's (`SIMD2` takes an array literal, and has a `-`).
  @Test(arguments: [
    "func f(c: Int) -> Int { c + 1 }",
    "func f(c: String) { let c = 1; _ = c + 2 }",
    "func f(c: String) { if let c = Int(c) { _ = c + 1 } }",
    "func f(c: String) { for c in [1, 2] { _ = c + 1 } }",
    "func f(c: String) { _ = [1].map { c in c + 1 } }",
    "func f(c: String) { switch x { case .a(let c): _ = c + 1 } }",
    "func f(v: SIMD2<Float>) -> SIMD2<Float> { v + [1, 2] }",
    "let v: SIMD2<Float> = [1, 2]; let a = v + w",
    "func f(c: String?) -> Int { n + 1 }",
    "struct T { let count: Int; func f() -> Int { self.count + 1 } }",
    "func g() -> Int { 0 }; let a = g() + 1",
  ])
  func aSumOfAnythingElseIsSwapped(code: String) {
    #expect(mutants(code).count == 1, "\(code): \(mutants(code))")
  }
}

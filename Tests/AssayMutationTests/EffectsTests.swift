import AssayToolSupport
import Foundation
import Testing

@testable import AssayMutation

/// A mutated place whose code throws or awaits must compile in the schema: a `try` or `await`
/// inside the switch's call does not cover the call, and a condition is passed as an
/// autoclosure. Found by the real-world harness: `if try await !f(x)` in
/// swift-async-algorithms gave three mutants reported as not compiling that the reference
/// builds and kills; and `return element.take()` of a noncopyable value, which an autoclosure
/// cannot consume (an error only past type-checking: the schema is compiled whole).
@Suite struct EffectsTests {
  static let source = """
    func check(_ x: Int) throws -> Bool { x > 0 }
    func predicate(_ x: Int) async throws -> Bool { x > 0 }
    func quiet(_ x: Int) async -> Bool { x > 0 }
    func number(_ x: Int) throws -> Int { x + 1 }
    func later(_ x: Int) async -> Int { x + 1 }

    func conditions(_ x: Int) async throws -> Int {
      if try await !predicate(x) { return 1 }
      if try check(x) { return 2 }
      guard await quiet(x) else { return 3 }
      while try await predicate(x - 10) { break }
      if (try? check(x)) ?? false, await quiet(x) { return 4 }
      if x > 1, try check(x - 1) { return 5 }
      return 0
    }

    func values(_ x: Int) async throws -> Int {
      var total = 0
      total += try number(x)
      total -= await later(x)
      let flipped = (try check(x)) ? 1 : 2
      let negated = !(try check(x))
      let sum = (try number(x)) + (await later(x)) * 2
      if negated { total += flipped + sum }
      return try number(total)
    }

    func awaited(_ x: Int) async -> Int {
      return await later(x) - 1
    }

    func thrown(_ x: Int) throws -> Bool {
      return try check(x) && x < 10
    }

    struct Box: ~Copyable {
      var value: Int?
      consuming func take() -> Int? { value }
    }

    func taken(_ box: consuming Box) -> Int? {
      return box.take()
    }
    """

  /// Every mutant of `source` is in the schema, and the schema compiles with the switch.
  @Test func everyMutantOfCodeThatThrowsOrAwaitsCompiles() throws {
    try SchemaCompilation.expectCompiles(Self.source, mutantsAtLeast: 31)
  }

  /// A body that only stops the program (`fatalError()`, type `Never`) compiles with its
  /// return-default mutant: `Never` converts to the result type in a branch of an `if`
  /// expression, not as an operand of `?:` (GraphQLSwift/Graphiti's
  /// `ArgumentComponent.getName()`: reported not compiling, where the reference built it and
  /// it survived).
  @Test func aBodyThatOnlyStopsTheProgramCompilesWithItsDefault() throws {
    try SchemaCompilation.expectCompiles(
      """
      class Component {
        func name() -> String {
          fatalError()
        }
        func count() -> Int { preconditionFailure("override it") }
      }
      """, mutantsAtLeast: 2)
  }
}

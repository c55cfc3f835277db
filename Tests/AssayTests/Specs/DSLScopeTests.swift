import Testing

@testable import Assay

// Quick and Nimble declare `it`, `describe` and `context` as global functions, and tests name
// variables `context`. Assay's DSL is scoped to `Spec`, so both live side by side.

/// A global `it`, as Quick declares one.
private func it(_ description: String, _ body: () -> Void) -> String {
  body()
  return "global it: \(description)"
}

/// Inside a spec type, the DSL is Spec's, even with the global `it` in scope.
private enum ScopedSpec: Spec {
  static let log = SpecLog()

  static func spec() {
    let context = "a local named context"
    describe("scoped") {
      it("runs as a spec example") { log.append("spec example ran beside \(context)") }
    }
  }
}

@Test func theDSLIsScopedToSpecAndClashesWithNoGlobalOrLocalName() async throws {
  let context = "a local"
  var ran = false
  #expect(it("outside") { ran = true } == "global it: outside")
  #expect(ran && context == "a local")

  ScopedSpec.log.removeAll()
  let examples = ScopedSpec.examples
  #expect(examples.map(\.name) == ["scoped, runs as a spec example"])
  for example in examples { try await example.run() }
  #expect(ScopedSpec.log.all == ["spec example ran beside a local named context"])
}

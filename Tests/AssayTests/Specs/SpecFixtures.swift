import Foundation
import Testing

@testable import Assay

/// What a fixture spec's hooks and examples did, in order.
final class SpecLog: Sendable {
  private let entries = Locked<[String]>([])

  func append(_ entry: String) {
    entries.withLock { $0.append(entry) }
  }

  var all: [String] { entries.withLock { $0 } }

  func removeAll() { entries.withLock { $0.removeAll() } }
}

/// Runs every listed example of `spec`, one after the other, and returns the listing.
@discardableResult
func runAll(_ spec: any Spec.Type) async throws -> [SpecExample] {
  let examples = spec.examples
  for example in examples { try await example.run() }
  return examples
}

/// Nested groups, shared examples and a pending example.
enum NestedSpec: Spec {
  static let log = SpecLog()

  static let aCounter = SharedExamples<Int>("a counter") { start in
    it("starts where it was told") { log.append("shared: \(start())") }
  }

  static func spec() {
    describe("Wireframe") {
      it("exists") { log.append("exists") }
      context("first screen") {
        context("user is not logged in") {
          it("asks to log in") { log.append("asks to log in") }
        }
        context("user is logged in") {
          it("shows the second screen") { log.append("shows the second screen") }
          xit("remembers the user") { log.append("pending ran") }
        }
      }
      itBehavesLike(aCounter) { 3 }
      pending("works offline")
    }
  }
}

/// The order of hooks for one example in two groups.
enum HookOrderSpec: Spec {
  static let log = SpecLog()

  static func spec() {
    describe("outer") {
      beforeEach { log.append("outer beforeEach") }
      justBeforeEach { log.append("outer justBeforeEach") }
      aroundEach { run in
        log.append("outer around: before")
        try await run()
        log.append("outer around: after")
      }
      afterEach { log.append("outer afterEach") }
      context("inner") {
        beforeEach { log.append("inner beforeEach") }
        justBeforeEach { log.append("inner justBeforeEach") }
        afterEach { log.append("inner afterEach") }
        it("runs") { log.append("example") }
      }
    }
  }
}

/// Variables captured by the closures are fresh for every example.
enum FreshStateSpec: Spec {
  static let log = SpecLog()

  static func spec() {
    describe("a counter") {
      var count = 0
      beforeEach { count += 1 }
      it("is one in the first example") { log.append("first: \(count)") }
      it("is one in the second example too") { log.append("second: \(count)") }
    }
  }
}

/// `beforeAll` runs once and shares its value; `afterAll` runs after the last example.
enum OnceHooksSpec: Spec {
  static let log = SpecLog()

  static func spec() {
    describe("a server") {
      let server = beforeAll {
        log.append("beforeAll")
        return "server #\(log.all.count)"
      }
      afterAll { log.append("afterAll with \(try await server.value)") }
      it("serves a") { log.append("a uses \(try await server.value)") }
      it("serves b") { log.append("b uses \(try await server.value)") }
    }
  }
}

/// Only the focused examples run.
enum FocusedSpec: Spec {
  static let log = SpecLog()

  static let aCounter = SharedExamples<Int>("a counter") { start in
    it("starts where it was told") { log.append("shared: \(start())") }
  }

  static func spec() {
    describe("focus") {
      it("is left out") { log.append("left out ran") }
      fit("runs alone") { log.append("focused it") }
      fcontext("a focused group") {
        it("runs too") { log.append("focused group") }
      }
      xit("stays pending") { log.append("pending ran") }
      fitBehavesLike(aCounter) { 1 }
      context("later") { xitBehavesLike(aCounter) { 2 } }
    }
  }
}

/// The same hooks, for runs that select only some examples.
enum PartlyRunSpec: Spec {
  static let log = SpecLog()

  static func spec() {
    describe("partly run") {
      let server = beforeAll {
        log.append("beforeAll")
        return "server"
      }
      afterAll { log.append("afterAll with \(try await server.value)") }
      it("serves a") { log.append("a") }
      it("serves b") { log.append("b") }
    }
  }
}

/// Hooks and examples declared in `spec()` itself, outside any `describe`, beside a group.
enum RootLevelSpec: Spec {
  static let log = SpecLog()

  static func spec() {
    beforeEach { log.append("root beforeEach") }
    describe("a group") {
      it("first") { log.append("group first") }
      it("second") { log.append("group second") }
    }
    it("sits at the root") { log.append("root example") }
  }
}

/// A group with a `beforeAll` and no `afterAll`: nothing is left to run after it.
enum BeforeAllOnlySpec: Spec {
  static let log = SpecLog()

  static func spec() {
    describe("set up once") {
      let server = beforeAll { "server" }
      it("serves a") { log.append("a uses \(try await server.value)") }
      it("serves b") { log.append("b uses \(try await server.value)") }
    }
  }
}

/// An example that ends the way the test library ends a test (`#require` failing), inside a
/// group whose `afterEach` must still run.
enum EndedByTheTestLibrarySpec: Spec {
  static let log = SpecLog()

  static func spec() {
    describe("a requirement") {
      afterEach { log.append("afterEach") }
      it("is not met") {
        log.append("example")
        try #require(log.all.isEmpty, "the log already holds the example")
      }
    }
  }
}

/// One example named "" beside a named one: an empty `ASSAY_EXAMPLE` must select neither alone.
enum EmptyNamedSpec: Spec {
  static func spec() {
    it("") {}
    it("is named") {}
  }
}

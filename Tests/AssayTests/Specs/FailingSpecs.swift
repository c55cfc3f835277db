import Assay

// Specs whose examples, hooks or declarations fail, with the lines the failures point at.

struct Offline: Error, CustomStringConvertible {
  var description: String { "the network is offline" }
}

/// A failing assertion and a thrown error in examples.
enum FailingExampleSpec: Spec {
  static let assertionLine = #line + 4
  static let throwingLine = #line + 4
  static func spec() {
    describe("a gauge") {
      it("reads zero") { assertEqual(1, 0) }
      it("loads") { throw Offline() }
    }
  }
}

/// A `beforeEach` that throws: the example does not run, the `afterEach` does.
enum FailingHookSpec: Spec {
  static let log = SpecLog()
  static let hookLine = #line + 4
  static func spec() {
    describe("a store") {
      afterEach { log.append("afterEach") }
      beforeEach { throw Offline() }
      it("saves") { log.append("example") }
    }
  }
}

/// An `aroundEach` that forgets to call `run`.
enum ForgetfulAroundSpec: Spec {
  static let log = SpecLog()
  static let hookLine = #line + 3
  static func spec() {
    describe("a cache") {
      aroundEach { _ in log.append("around") }
      it("evicts") { log.append("example") }
    }
  }
}

/// A `beforeAll` that throws fails each example of its group.
enum FailingBeforeAllSpec: Spec {
  static let hookLine = #line + 3
  static func spec() {
    describe("a server") {
      beforeAll { () throws -> Int in throw Offline() }
      it("serves") {}
    }
  }
}

/// Failures inside given/when/then steps name the step.
enum SteppedSpec: Spec {
  static let assertionLine = #line + 6
  static let stepLine = #line + 6
  static func spec() {
    describe("login") {
      it("asks to log in") {
        try await given("a logged-out user") {}
        try await then("it asks to log in") { assertTrue(false) }
        try await when("accept is tapped") { throw Offline() }
      }
    }
  }
}

/// Every misuse of the DSL that the listing reports.
enum MisusedSpec: Spec {
  static let lateHookLine = #line + 6
  static let emptyLine = #line + 6
  static let duplicateLine = #line + 8
  static func spec() {
    describe("misuse") {
      it("comes first") {}
      beforeEach {}
      describe("nothing here") {}
      context("twice") {
        it("says hello") {}
        it("says hello") {}
      }
    }
  }
}

/// A misuse and no example at all: the misuse is listed, alone.
enum OnlyAMisuseSpec: Spec {
  static let emptyLine = #line + 2
  static func spec() {
    describe("nothing here") {}
  }
}

/// Declarations inside a running example are reported, not ignored.
enum NestedItSpec: Spec {
  static let innerLine = #line + 5
  static let log = SpecLog()
  static func spec() {
    describe("outer") {
      it("has an inner it") {
        it("inner") { log.append("inner ran") }
      }
    }
  }
}

/// A spec whose `spec()` declares nothing.
enum EmptySpec: Spec {
  static func spec() {}
}

/// An up-front call expectation is verified when the example ends, with no trait.
enum ExpectingSpec: Spec {
  static let expectationLine = #line + 5
  static func spec() {
    describe("a people store") {
      it("saves John") {
        let store = MockPeopleStore()
        expectCalls(CallPattern(store.calls, "save(_:)", .equal("John")))
        store.save("Jane")
      }
    }
  }
}

/// An example that reads a `beforeAll` value of a group it is not in, kept from when the spec
/// was listed (an example's own run declares only its own groups).
enum BorrowedValueSpec: Spec {
  static let exampleLine = #line + 9
  /// Written while the spec is listed, read by the example after: never at once.
  nonisolated(unsafe) static var server: SpecValue<Int>?
  static func spec() {
    describe("a server") {
      server = beforeAll { 1 }
      it("serves") {}
    }
    describe("a client") {
      it("borrows the server") {
        _ = try await server?.value
      }
    }
  }
}

/// Each kind of hook declared after the examples of `spec()` itself.
enum LateHooksSpec: Spec {
  /// The line of the first late hook; the others follow, one a line.
  static let firstLine = #line + 3
  static func spec() {
    it("comes first") {}
    beforeEach {}
    justBeforeEach {}
    afterEach {}
    afterAll {}
    aroundEach { run in try await run() }
    beforeAll { 1 }
  }
}

/// The first of two hooks throws: a `beforeEach` or `justBeforeEach` stops the example and the
/// hooks after it, an `afterEach` or `afterAll` does not stop the ones after it.
enum ThrowingHooksSpec: Spec {
  static let log = SpecLog()
  static let beforeEachLine = #line + 6
  static let justBeforeEachLine = #line + 10
  static let afterEachLine = #line + 14
  static let afterAllLine = #line + 18
  static func spec() {
    describe("a beforeEach") {
      beforeEach { throw Offline() }
      beforeEach { log.append("second beforeEach") }
      it("runs") { log.append("example after beforeEach") }
    }
    describe("a justBeforeEach") {
      justBeforeEach { throw Offline() }
      justBeforeEach { log.append("second justBeforeEach") }
      it("runs") { log.append("example after justBeforeEach") }
    }
    describe("an afterEach") {
      afterEach { throw Offline() }
      afterEach { log.append("second afterEach") }
      it("runs") { log.append("example before afterEach") }
    }
    describe("an afterAll") {
      afterAll { throw Offline() }
      afterAll { log.append("second afterAll") }
      it("runs") { log.append("example before afterAll") }
    }
  }
}

/// A spec whose `spec()` names its example differently each time it runs.
enum ChangingSpec: Spec {
  static let log = SpecLog()
  static let exampleLine = #line + 5
  static func spec() {
    log.append("evaluated")
    let evaluations = log.all.count
    describe("a changing spec") {
      it("run \(evaluations)") {}
    }
  }
}

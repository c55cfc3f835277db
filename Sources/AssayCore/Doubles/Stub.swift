/// Answers stubbed for the calls that match a pattern, used in turn; the last one repeats.
package struct Stub {
  package let pattern: CallPattern
  package let answers: [StubAnswer]
  private var used = 0

  package init(pattern: CallPattern, answers: [StubAnswer]) {
    self.pattern = pattern
    self.answers = answers
  }

  /// The answer for the next matching call.
  package mutating func next() -> StubAnswer {
    defer { used += 1 }
    return answers[min(used, answers.count - 1)]
  }
}

/// One stubbed answer: a value, an error to throw, or a function of the call's arguments.
@usableFromInline
package enum StubAnswer {
  case value(StubbedValue)
  case error(any Error)
  case compute(([Any]) throws -> Any)
}

// @unchecked: stubbed values and closures are the test's own, handed to the double to answer
// calls on whichever thread the code under test calls it. They are only read under the
// recorder's lock, then answered on the calling thread, as a hand-written double would.
extension Stub: @unchecked Sendable {}

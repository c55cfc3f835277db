/// The log of calls a test double received, safe to share between threads and tasks.
///
/// A test double owns one recorder and records every call into it; tests then verify the
/// calls with ``verify(_:_:fileID:filePath:line:column:)`` and
/// ``verifyInOrder(_:fileID:filePath:line:column:)``:
///
/// ```swift
/// final class MockPeopleStore: PeopleStore {
///   let calls = CallRecorder("MockPeopleStore")
///
///   func save(_ person: PersonInfo) {
///     calls.record("save(_:)", person)
///   }
/// }
///
/// verify(CallPattern(store.calls, "save(_:)", .equal(john)), .once)
/// ```
///
/// Members are named as Swift names them, with their argument labels: `save(_:)`,
/// `fetchPeople(since:)`, or a property's name.
public final class CallRecorder: Sendable {
  /// The double's name, as failure messages show it.
  public let name: String
  private let log = Locked(CallLog())

  /// Creates an empty recorder.
  ///
  /// - Parameter name: The double's name, as failure messages show it (`MockPeopleStore`).
  public init(_ name: String) {
    self.name = name
  }

  /// Records a call of `member` with `arguments`.
  ///
  /// - Parameters:
  ///   - member: The member called, with its argument labels: `fetchPeople(since:)`.
  ///   - arguments: The arguments, in order.
  public func record<each Argument>(_ member: String, _ arguments: repeat each Argument) {
    var values: [Any] = []
    for argument in repeat each arguments {
      values.append(argument)
    }
    let order = CallOrder.next()
    log.withLock { $0.append(RecordedCall(member: member, arguments: values, order: order)) }
  }

  /// How many calls were recorded, of every member.
  public var callCount: Int {
    log.withLock { $0.count }
  }

  /// Forgets every call recorded so far.
  public func reset() {
    log.withLock { $0 = CallLog() }
  }

  /// Every call recorded, oldest first.
  var calls: [RecordedCall] {
    log.withLock { $0.calls }
  }
}

/// The calls of one double, in chunks of a fixed size: recording never copies the calls
/// recorded before, however many there are.
struct CallLog {
  private static let chunkSize = 4096
  private var full: [[RecordedCall]] = []
  private var current: [RecordedCall] = []

  mutating func append(_ call: RecordedCall) {
    if current.count == Self.chunkSize {
      full.append(current)
      current = []
      current.reserveCapacity(Self.chunkSize)
    }
    current.append(call)
  }

  var count: Int {
    full.count * Self.chunkSize + current.count
  }

  var calls: [RecordedCall] {
    Array(full.joined()) + current
  }
}

/// One call a test double received.
struct RecordedCall {
  var member: String
  var arguments: [Any]
  /// The call's place among all calls to all doubles in the process.
  var order: UInt64

  /// The call as Swift would write it: `fetchPeople(since: 1990)`.
  var description: String {
    MemberName.call(member, arguments.map { ValueDescription.describe($0) })
  }
}

/// Numbers calls across every double in the process, so verifications can tell their order.
enum CallOrder {
  private static let counter = Locked<UInt64>(0)

  static func next() -> UInt64 {
    counter.withLock { value in
      value += 1
      return value
    }
  }
}

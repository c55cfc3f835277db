/// One call a test double received.
@usableFromInline
package struct RecordedCall {
  package var member: String
  /// The arguments as one value, the tuple `(repeat each Argument)` (a lone argument is itself,
  /// no argument is `()`): recording a call builds no array, and arguments that fit an
  /// existential's three inline words are not even boxed.
  package var packed: Any
  /// The call's place among all calls to all doubles in the process (the low 56 bits) and
  /// how many arguments `packed` holds (the high 8): one word, so that a call takes 56 bytes
  /// of the log, not 64 (the log of a busy double is most of a mock's memory traffic).
  private var orderAndCount: UInt64

  /// How many arguments `packed` holds.
  package var count: Int { Int(orderAndCount >> 56) }
  /// The call's place among all calls to all doubles in the process.
  package var order: UInt64 { orderAndCount & (1 << 56 - 1) }

  /// A call of `member` with `arguments`.
  @inlinable
  package init<each Argument>(
    member: String, _ arguments: repeat each Argument, order: UInt64
  ) {
    var count = 0
    for _ in repeat (each Argument).self { count += 1 }
    self.init(member: member, packed: (repeat each arguments), count: count, order: order)
  }

  @usableFromInline
  package init(member: String, packed: Any, count: Int, order: UInt64) {
    self.member = member
    self.packed = packed
    // Swift allows at most a few hundred arguments; 255 is more than any member declares.
    orderAndCount = UInt64(min(count, 255)) << 56 | order & (1 << 56 - 1)
  }

  /// The arguments, in order: for messages, captures and computed answers, not for matching.
  package var arguments: [Any] {
    switch count {
    case 0: []
    case 1: [packed]
    default: Mirror(reflecting: packed).children.map(\.value)
    }
  }

  /// The call as Swift would write it: `fetchPeople(since: 1990)`.
  package var description: String {
    MemberName.call(member, arguments.map { ValueDescription.describe($0) })
  }
}

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

/// One call a test double received.
package struct RecordedCall {
  package var member: String
  package var arguments: [Any]
  /// The call's place among all calls to all doubles in the process.
  package var order: UInt64

  /// The call as Swift would write it: `fetchPeople(since: 1990)`.
  package var description: String {
    MemberName.call(member, arguments.map { ValueDescription.describe($0) })
  }
}

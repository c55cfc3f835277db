/// Something that picks out calls of one member of a test double: a ``CallPattern``, or a
/// generated mock's typed ``MockCall``.
///
/// ``verify(_:_:fileID:filePath:line:column:)`` and
/// ``verifyInOrder(_:fileID:filePath:line:column:)`` take any of them.
public protocol CallMatching {
  /// The calls, as a pattern over the double's call log.
  var callPattern: CallPattern { get }
}

extension CallPattern: CallMatching {
  /// The pattern itself.
  public var callPattern: CallPattern { self }
}

/// A stubbed return value, kept with its exact type: a member whose result is of that very type
/// takes the value with a pointer comparison instead of a dynamic cast from `Any` on each call.
@usableFromInline
package class StubbedValue {
  /// The value's type, as it was stubbed.
  @usableFromInline
  package let type: ObjectIdentifier

  fileprivate init(type: ObjectIdentifier) {
    self.type = type
  }

  /// The value, for members whose result type differs from the stubbed one (a value stubbed as
  /// `Int` for a member returning `Int?`) and for messages.
  package var value: Any {
    preconditionFailure("StubbedValue is abstract")
  }

  /// Keeps `value` with its type.
  package static func of<Value>(_ value: Value) -> StubbedValue {
    TypedStubbedValue(value)
  }
}

/// A ``StubbedValue`` of a known type.
@usableFromInline
package final class TypedStubbedValue<Value>: StubbedValue {
  @usableFromInline
  package let typed: Value

  fileprivate init(_ value: Value) {
    typed = value
    super.init(type: ObjectIdentifier(Value.self))
  }

  override package var value: Any { typed }
}

extension StubbedValue {
  /// The value, if it was stubbed as exactly `Result`: no cast, only a comparison of types.
  @inlinable
  package func exactly<Result>(_: Result.Type) -> Result? {
    guard type == ObjectIdentifier(Result.self) else { return nil }
    return unsafeDowncast(self, to: TypedStubbedValue<Result>.self).typed
  }
}

/// A field of a type's schema.
public struct Field: Equatable, Sendable {
  /// Its name.
  public let name: String
  /// A field named `name`.
  public init(_ name: String) { self.name = name }
}

/// Collects fields; without `buildOptional`, an `if` cannot stand among them.
@resultBuilder public enum FieldList {
  /// The fields, in order.
  public static func buildBlock(_ fields: Field...) -> [Field] { fields }
}

/// The fields that `make` lists.
public func fields(@FieldList _ make: () -> [Field]) -> [Field] { make() }

/// The fields of a page of results.
public func pageFields() -> [Field] {
  let page = fields {
    Field("edges")
    Field("pageInfo")
  }
  return page
}

/// Exactly two fields: without one of them, nothing compiles.
@resultBuilder public enum FieldPair {
  /// The two fields, in order.
  public static func buildBlock(_ first: Field, _ second: Field) -> [Field] { [first, second] }
}

/// The two fields that `make` lists.
public func pair(@FieldPair _ make: () -> [Field]) -> [Field] { make() }

/// The fields of an edge.
public func edgeFields() -> [Field] {
  let edge = pair {
    Field("node")
    Field("cursor")
  }
  return edge
}

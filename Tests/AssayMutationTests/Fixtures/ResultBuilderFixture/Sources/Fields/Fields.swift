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

/// A type's schema, made by initializers that differ only in what their builder returns
/// (Graphiti's `Type<Resolver, Context, ObjectType>(…) { Field(…) }`): with an `if` among
/// the fields, no initializer matches, and the error names the call, not the `if`.
public final class Schema<Root> {
  /// Its fields.
  public let fields: [Field]

  /// The schema of `root`, with the fields that `make` lists.
  public init(_ root: Root.Type, @FieldList _ make: () -> [Field]) { fields = make() }

  /// The schema of `root`, named, with the fields that `make` lists.
  public convenience init(_ root: Root.Type, named: String, @FieldList _ make: () -> [Field]) {
    self.init(root, make)
  }

  /// The schema of `root`, named, with the one field that `make` gives.
  public convenience init(_ root: Root.Type, named: String, @FieldList _ make: () -> Field) {
    self.init(root) { make() }
  }
}

/// The fields of a connection's schema.
public func connectionFields() -> [Field] {
  let schema = Schema<Field>(Field.self, named: "Connection") {
    Field("edges")
    Field("pageInfo")
  }
  return schema.fields
}

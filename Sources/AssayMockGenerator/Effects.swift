import SwiftSyntax

/// How a function or accessor suspends and throws.
struct Effects {
  /// What a member throws.
  enum Throwing {
    /// Nothing (or `rethrows`: a mock rethrows only what its closure argument throws, and it
    /// never calls that closure).
    case none
    /// `throws`, or `throws(any Error)`.
    case untyped
    /// `throws(E)`: the named error type.
    case typed(String)
  }

  /// The specifiers as the mock declares them, with a leading space, or nothing.
  let text: String
  let throwing: Throwing

  init(_ specifiers: (some EffectSpecifiersSyntax)?, types: TypeText) {
    text = specifiers.map { " " + types.declared($0) } ?? ""
    guard let clause = specifiers?.throwsClause, clause.throwsSpecifier.text == "throws" else {
      throwing = .none
      return
    }
    guard let type = clause.type else {
      throwing = .untyped
      return
    }
    let name = types.declared(type)
    switch name {
    case "any Error", "Error", "Swift.Error", "any Swift.Error": throwing = .untyped
    case "Never", "Swift.Never": throwing = .none
    default: throwing = .typed(name)
    }
  }

  /// No effects.
  static let none = Effects()

  private init() {
    text = ""
    throwing = .none
  }
}

import SwiftSyntax

/// The parameters of a helper's declaration, as a call's argument labels can match them: a call
/// whose labels fit none of a name's declarations cannot call that helper
/// (swift-nio-http2's `channel.write(frame)` is no call of another file's
/// `write(context:data:promise:)`, which asserts with XCTest).
struct HelperSignature: Sendable, Hashable {
  /// A parameter: its argument label (`nil` for `_`), and whether a call may leave it out (it
  /// has a default value) or give it several arguments (variadic).
  struct Parameter: Sendable, Hashable {
    let label: String?
    let hasDefault: Bool
    let isVariadic: Bool
    /// Whether a closure can be its argument: its type is a function type (`@escaping`,
    /// optional or in parentheses too) or one of the function's generic parameters.
    var takesClosure = true
  }

  let parameters: [Parameter]

  init(_ function: FunctionDeclSyntax) {
    let generic = Set(function.genericParameterClause?.parameters.map(\.name.text) ?? [])
    parameters = function.signature.parameterClause.parameters.map { parameter in
      Parameter(
        label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
        hasDefault: parameter.defaultValue != nil, isVariadic: parameter.ellipsis != nil,
        takesClosure: Self.takesClosure(parameter.type, generic: generic))
    }
  }

  /// Whether a value of `type` can be a closure.
  private static func takesClosure(_ type: TypeSyntax, generic: Set<String>) -> Bool {
    if type.is(FunctionTypeSyntax.self) { return true }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return takesClosure(attributed.baseType, generic: generic)
    }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return takesClosure(optional.wrappedType, generic: generic)
    }
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return takesClosure(unwrapped.wrappedType, generic: generic)
    }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first
    {
      return takesClosure(only.type, generic: generic)
    }
    return type.as(IdentifierTypeSyntax.self).map { generic.contains($0.name.text) } ?? false
  }

  /// What a reference to a function shows of the declaration it uses, kept to be matched
  /// once every file is read.
  enum Use: Sendable, Hashable {
    /// A call, with its arguments' labels and its trailing closures' (the first unlabeled).
    case call(labels: [String?], trailingClosures: [String?])
    /// A reference naming its labels (`write(context:data:promise:)`).
    case named(labels: [String?])
    /// Any other reference (a function passed as a value), which names nothing to tell
    /// declarations apart.
    case value
    /// The base of a member (`write.0`): a value of that name, not a function.
    case base

    init(_ reference: DeclReferenceExprSyntax) {
      if let member = reference.parent?.as(MemberAccessExprSyntax.self),
        member.base?.id == reference.id
      {
        self = .base
      } else if let names = reference.argumentNames {
        self = .named(
          labels: names.arguments.map { $0.name.tokenKind == .wildcard ? nil : $0.name.text })
      } else if let call = HelperSignature.call(of: reference) {
        self = .call(
          labels: call.arguments.map { $0.label?.text },
          trailingClosures: (call.trailingClosure == nil ? [] : [nil])
            + call.additionalTrailingClosures.map { $0.label.text })
      } else {
        self = .value
      }
    }
  }

  /// Whether a reference to a function of this name may be a use of a declaration with one of
  /// `signatures`: a call whose labels fit one, a reference naming its labels
  /// (`write(context:data:promise:)`) that are one's, or any other reference (passed as a value),
  /// which names nothing to tell them apart, but the base of a member (`write.0`).
  static func mayRefer(_ reference: DeclReferenceExprSyntax, to signatures: [HelperSignature])
    -> Bool
  {
    mayRefer(Use(reference), to: signatures)
  }

  /// Whether `use` may be a use of a declaration with one of `signatures` (all when there
  /// are none to tell).
  static func mayRefer(_ use: Use, to signatures: [HelperSignature]) -> Bool {
    guard !signatures.isEmpty else { return true }
    switch use {
    // `write.0`, `write.count`: a value of that name (swift-nio-http2's `guard let write =`),
    // not a function, whose value has no members to read.
    case .base: return false
    case .named(let labels): return signatures.contains { $0.parameters.map(\.label) == labels }
    case .call(let labels, let closures):
      return signatures.contains { $0.fits(labels, trailingClosures: closures) }
    case .value: return true
    }
  }

  /// The call whose callee `reference` is (`name(…)`, `x.name(…)`), if any.
  static func call(of reference: DeclReferenceExprSyntax) -> FunctionCallExprSyntax? {
    var callee = Syntax(reference)
    if let member = reference.parent?.as(MemberAccessExprSyntax.self),
      member.declName.id == reference.id
    {
      callee = Syntax(member)
    }
    guard let call = callee.parent?.as(FunctionCallExprSyntax.self),
      call.calledExpression.id == callee.id
    else { return nil }
    return call
  }

  /// Whether arguments with `labels`, then trailing closures (the first unlabeled), can be
  /// this declaration's: each argument takes the next parameter of its label, past parameters
  /// with default values; a variadic parameter takes unlabeled arguments after its first; the
  /// first trailing closure takes any parameter left (its type, unknown here, decides); every
  /// parameter not taken has a default value.
  ///
  /// With `closuresByType`, a trailing closure takes only a parameter that can be a closure
  /// (``Parameter/takesClosure``): a call of another function of the same name
  /// (`describe("c") { … }`) is told apart.
  func fits(_ labels: [String?], trailingClosures: [String?], closuresByType: Bool = false)
    -> Bool
  {
    func match(_ argument: Int, _ parameter: Int) -> Bool {
      let arguments = labels.count + trailingClosures.count
      if argument == arguments {
        return parameters[parameter...].allSatisfy { $0.hasDefault || $0.isVariadic }
      }
      let isTrailing = argument >= labels.count
      let label = isTrailing ? trailingClosures[argument - labels.count] : labels[argument]
      let anyLabel = isTrailing && argument == labels.count && label == nil
      if parameter > 0, parameters[parameter - 1].isVariadic, label == nil, !isTrailing,
        match(argument + 1, parameter)
      {
        return true
      }
      var next = parameter
      while next < parameters.count {
        if anyLabel || parameters[next].label == label,
          !closuresByType || !isTrailing || parameters[next].takesClosure,
          match(argument + 1, next + 1)
        {
          return true
        }
        guard parameters[next].hasDefault || parameters[next].isVariadic || anyLabel else {
          return false
        }
        next += 1
      }
      return false
    }
    return match(0, 0)
  }
}

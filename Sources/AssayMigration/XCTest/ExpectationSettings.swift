import SwiftParser
import SwiftSyntax

/// XCTest's expectations are set up after they are made:
///
/// ```swift
/// let called = expectation(description: "called")
/// called.expectedFulfillmentCount = 3
/// called.assertForOverFulfill = false
/// ```
///
/// Assay's `TestExpectation` takes the same settings when it is made:
/// `TestExpectation("called", expectedCount: 3, reportsOverFulfillment: false)`. A setting in
/// the block that makes the expectation is folded into it; one made elsewhere (or later, after
/// the expectation is used) is not, and its class stays XCTest.
enum ExpectationSettings {
  /// XCTest's property, and the argument of `TestExpectation` that takes its value.
  static let arguments: [(property: String, argument: String)] = [
    ("expectedFulfillmentCount", "expectedCount"), ("isInverted", "isInverted"),
    ("assertForOverFulfill", "reportsOverFulfillment"),
  ]

  /// `called.isInverted = true`: the expectation, the property and the value.
  static func setting(in item: CodeBlockItemSyntax) -> (
    name: String, property: String, value: ExprSyntax
  )? {
    guard let sequence = item.item.as(SequenceExprSyntax.self) else { return nil }
    let elements = Array(sequence.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
      let member = elements[0].as(MemberAccessExprSyntax.self),
      let base = member.base?.as(DeclReferenceExprSyntax.self),
      arguments.contains(where: { $0.property == member.declName.baseName.text })
    else { return nil }
    return (base.baseName.text, member.declName.baseName.text, elements[2])
  }

  /// The name `item` declares with `let name = made(…)`, `made` being `expectation` or
  /// `XCTNSNotificationExpectation` (XCTest's), or `TestExpectation` (once converted).
  static func expectationDeclared(by item: CodeBlockItemSyntax) -> String? {
    guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
      let made = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
      [
        "expectation", "XCTestExpectation", "XCTNSNotificationExpectation",
        "XCTNSPredicateExpectation", "TestExpectation",
      ].contains(made)
    else { return nil }
    return name
  }

  /// Whether the setting whose property name is `node` can be folded: it sets an expectation
  /// made earlier in the same block, before anything else uses it.
  static func isFoldable(_ node: DeclReferenceExprSyntax) -> Bool {
    guard let member = node.parent?.as(MemberAccessExprSyntax.self),
      let item = member.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self),
      let setting = setting(in: item)
    else { return false }
    return foldable(in: list).contains(item.id) && setting.property == node.baseName.text
  }

  /// The settings in `items` that can be folded into the expectation they set: those right
  /// after it is made (other settings only in between).
  static func foldable(in items: CodeBlockItemListSyntax) -> Set<SyntaxIdentifier> {
    var found: Set<SyntaxIdentifier> = []
    var open: String?
    for item in items {
      if let name = expectationDeclared(by: item) {
        open = name
      } else if let setting = setting(in: item), setting.name == open {
        found.insert(item.id)
      } else {
        open = nil
      }
    }
    return found
  }

  /// `items` with each foldable setting folded into the `TestExpectation` it sets.
  static func fold(_ items: [CodeBlockItemSyntax]) -> [CodeBlockItemSyntax] {
    var result: [CodeBlockItemSyntax] = []
    var open: (index: Int, name: String, settings: [String: String])?
    func close() {
      guard let current = open, !current.settings.isEmpty else { return }
      result[current.index] = folded(result[current.index], current.settings)
    }
    for item in items {
      if let name = expectationDeclared(by: item) {
        close()
        open = (result.count, name, [:])
        result.append(item)
      } else if let setting = setting(in: item), setting.name == open?.name {
        open?.settings[setting.property] = setting.value.trimmedDescription
      } else {
        close()
        open = nil
        result.append(item)
      }
    }
    close()
    return result
  }

  /// `let called = TestExpectation("called")` with `settings` as its arguments.
  private static func folded(_ item: CodeBlockItemSyntax, _ settings: [String: String])
    -> CodeBlockItemSyntax
  {
    guard let variable = item.item.as(VariableDeclSyntax.self),
      let call = variable.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self)
    else { return item }
    let extra = arguments.compactMap { pair in
      settings[pair.property].map { "\(pair.argument): \($0)" }
    }
    let text =
      "\(call.calledExpression.trimmedDescription)("
      + (call.arguments.map { $0.with(\.trailingComma, nil).trimmedDescription } + extra)
      .joined(separator: ", ") + ")"
    guard let made = Parser.parse(source: text).statements.first?.item.as(ExprSyntax.self),
      let binding = variable.bindings.first, let initializer = binding.initializer
    else { return item }
    let new = variable.with(
      \.bindings,
      PatternBindingListSyntax([
        binding.with(
          \.initializer,
          initializer.with(\.value, made.with(\.leadingTrivia, initializer.value.leadingTrivia)))
      ]))
    return item.with(\.item, .decl(DeclSyntax(new)))
  }
}

import SwiftSyntax

/// `XCTAssertEqual(XCTWaiter.wait(for: expectations, timeout: t), .completed)` (swift-nio-ssl's
/// `NIOSSLIntegrationTest`): a wait whose result must be `.completed`, which Assay's
/// `waitForFulfillment(of:timeout:)` checks itself, failing the test otherwise. Any other use of
/// a waiter's result keeps its class XCTest.
enum WaiterCheck {
  /// The wait of `call`, when `call` is such an assertion.
  static func wait(in call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
    guard call.calledExpression.trimmedDescription == "XCTAssertEqual",
      call.arguments.count == 2, call.trailingClosure == nil
    else { return nil }
    let pair = call.arguments.map(\.expression)
    guard
      pair.contains(where: {
        [".completed", "XCTWaiter.Result.completed"].contains($0.trimmedDescription)
      })
    else { return nil }
    return pair.lazy.compactMap { $0.as(FunctionCallExprSyntax.self) }.first(where: isWait)
  }

  /// Whether `call` is `XCTWaiter.wait(for:timeout:enforceOrder:)`, or a new waiter's
  /// (`XCTWaiter().wait(…)`, swift-nio's `CodableByteBufferTest`), with no other argument.
  static func isWait(_ call: FunctionCallExprSyntax) -> Bool {
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      ["XCTWaiter", "XCTWaiter()"].contains(member.base?.trimmedDescription),
      member.declName.baseName.text == "wait",
      call.trailingClosure == nil
    else { return false }
    let labels = call.arguments.map { $0.label?.text ?? "_" }
    return labels.first == "for" && Set(labels).isSubset(of: ["for", "timeout", "enforceOrder"])
  }

  /// Whether `node`, the name `XCTWaiter`, is the waiter of such an assertion.
  static func isChecked(_ node: DeclReferenceExprSyntax) -> Bool {
    // `XCTWaiter().wait(…)`: the waiter is the call that makes one.
    let waiter =
      node.parent?.as(FunctionCallExprSyntax.self).map(Syntax.init) ?? Syntax(node)
    guard let member = waiter.parent?.as(MemberAccessExprSyntax.self),
      let wait = member.parent?.as(FunctionCallExprSyntax.self),
      let assertion = wait.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
    else { return false }
    return self.wait(in: assertion)?.id == wait.id
  }
}

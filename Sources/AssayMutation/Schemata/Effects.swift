import SwiftSyntax

/// The `try` and `await` that code passed as an autoclosure into one of the switch's calls
/// needs on the call.
///
/// A `try` or `await` written inside an argument covers that argument only, and the switch
/// passes conditions as autoclosures, which throw or suspend only when the call is marked: `if try await !f(x)` is put in the schema as
/// `if try await __assayConditionAsync(1, 2, try await __assayNot(3, f(x)))`.
struct Effects: Equatable {
  /// A `try` (not `try?` or `try!`) is written in the code, outside its closures.
  private(set) var throwing = false
  /// An `await` is written in the code, outside its closures.
  private(set) var awaiting = false

  /// The effects written in `nodes`.
  init(of nodes: [any SyntaxProtocol]) {
    for node in nodes { visit(Syntax(node), handled: false) }
  }

  /// What the call must start with: `try await `, `try `, `await ` or nothing.
  var marks: String {
    (throwing ? "try " : "") + (awaiting ? "await " : "")
  }

  private mutating func visit(_ node: Syntax, handled: Bool) {
    // A closure's body is a context of its own.
    if node.is(ClosureExprSyntax.self) { return }
    var handled = handled
    if let tried = node.as(TryExprSyntax.self) {
      if tried.questionOrExclamationMark == nil {
        throwing = throwing || !handled
      } else {
        handled = true
      }
    }
    if node.is(AwaitExprSyntax.self) { awaiting = true }
    for child in node.children(viewMode: .sourceAccurate) { visit(child, handled: handled) }
  }
}

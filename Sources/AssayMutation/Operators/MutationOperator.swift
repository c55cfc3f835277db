/// The ways `assay mutate` changes code, each chosen to give mutants that compile and that a
/// good test notices.
public enum MutationOperator: String, CaseIterable, Codable, Sendable {
  /// `a < b` becomes `a <= b`, `>` becomes `>=`, and back: an off-by-one at a boundary.
  case relationalBoundary = "relational-boundary"
  /// `a == b` becomes `a != b`, and back.
  case relationalNegation = "relational-negation"
  /// `a + b` becomes `a - b`, `*` becomes `/`, `%` becomes `*`, and back.
  case arithmetic
  /// `x += 1` becomes `x -= 1`, `*=` becomes `/=`, and back.
  case compoundAssignment = "compound-assignment"
  /// `a && b` becomes `a || b`, and back.
  case logical
  /// `!done` becomes `done`.
  case removeNot = "remove-not"
  /// `-x` becomes `x`.
  case removeUnaryMinus = "remove-unary-minus"
  /// `0` becomes `1`, `1` becomes `0`, any other integer `n` becomes `n + 1`.
  case integerLiteral = "integer-literal"
  /// `true` becomes `false`, and back.
  case booleanLiteral = "boolean-literal"
  /// `"text"` becomes `""`.
  case stringLiteral = "string-literal"
  /// `c ? a : b` becomes `c ? b : a`.
  case ternarySwap = "ternary-swap"
  /// The condition of an `if`, `guard` or `while` becomes `true`, or `false`.
  case condition
  /// A call whose result is not used is removed: `list.sort()` does not happen.
  case removeCall = "remove-call"
  /// A returned value becomes the default of the function's declared type: `0`, `false`,
  /// `""`, `[]`, `nil`.
  case returnDefault = "return-default"

  /// The operator's name, as `--operator` and the reports write it.
  public var name: String { rawValue }
}

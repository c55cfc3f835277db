import SwiftSyntax

/// The layout of a converted call whose original put each argument on a line of its own:
///
/// ```swift
/// XCTAssertEqual(
///     Set([first, second, third, fourth]),
///     Set([first, third, fourth])
/// )
/// ```
///
/// becomes, when on one line it would pass ``widthLimit`` columns or span several lines,
///
/// ```swift
/// #expect(
///     Set([first, second, third, fourth]) == Set([first, third, fourth])
/// )
/// ```
///
/// with the original's indentation, instead of a line of 130 columns, or a multi-line
/// argument's closing bracket out of line with the call (swift-nio-http2's tests).
enum ArgumentLayout {
  /// The width past which a converted call keeps its original's lines: swift-format's default.
  static let widthLimit = 100

  /// `converted` (the replacement of `original`, with its trivia) laid out as `original` is,
  /// when `original` has its first argument and its closing parenthesis each on a line of its
  /// own and `converted` would pass ``widthLimit`` from the closing parenthesis's indentation
  /// (where the statement starts, in that layout), or spans lines otherwise; else `converted`.
  ///
  /// - Parameters:
  ///   - converted: The replacement, whose outermost call (under `try` and `await`) is laid out.
  ///   - original: The call it replaces.
  static func laidOut(_ converted: ExprSyntax, like original: FunctionCallExprSyntax)
    -> ExprSyntax
  {
    guard original.trailingClosure == nil,
      let argumentIndent = indentation(before: original.arguments.first?.leadingTrivia),
      let closingIndent = indentation(before: original.rightParen?.leadingTrivia)
    else { return converted }
    let oneLine = converted.trimmedDescription
    let indent = Trivia(pieces: closingIndent).sourceLength.utf8Length
    guard oneLine.contains("\n") || indent + oneLine.count > widthLimit else {
      return converted
    }
    return rewritten(converted, argumentIndent: argumentIndent, closingIndent: closingIndent)
      ?? converted
  }

  /// The spaces and tabs after the last line break of `trivia`; `nil` when it has no line break.
  private static func indentation(before trivia: Trivia?) -> [TriviaPiece]? {
    guard let trivia else { return nil }
    var found: [TriviaPiece]?
    for piece in trivia {
      switch piece {
      case .newlines, .carriageReturnLineFeeds, .carriageReturns: found = []
      case .spaces, .tabs: found?.append(piece)
      default: break
      }
    }
    return found
  }

  /// `expression` with the arguments of its outermost call (a macro's or a function's) each on
  /// a line of its own, and the closing parenthesis on the next; `nil` when it has none.
  private static func rewritten(
    _ expression: ExprSyntax, argumentIndent: [TriviaPiece], closingIndent: [TriviaPiece]
  ) -> ExprSyntax? {
    if let tried = expression.as(TryExprSyntax.self) {
      return rewritten(
        tried.expression, argumentIndent: argumentIndent, closingIndent: closingIndent
      ).map { ExprSyntax(tried.with(\.expression, $0)) }
    }
    if let awaited = expression.as(AwaitExprSyntax.self) {
      return rewritten(
        awaited.expression, argumentIndent: argumentIndent, closingIndent: closingIndent
      ).map { ExprSyntax(awaited.with(\.expression, $0)) }
    }
    func broken(_ arguments: LabeledExprListSyntax) -> LabeledExprListSyntax {
      LabeledExprListSyntax(
        arguments.map { argument in
          argument.with(\.leadingTrivia, lineBreak(argumentIndent))
            .with(\.trailingComma, argument.trailingComma?.with(\.trailingTrivia, []))
        })
    }
    if let macro = expression.as(MacroExpansionExprSyntax.self), macro.trailingClosure == nil,
      !macro.arguments.isEmpty, let close = macro.rightParen
    {
      return ExprSyntax(
        macro.with(\.arguments, broken(macro.arguments))
          .with(\.rightParen, close.with(\.leadingTrivia, lineBreak(closingIndent))))
    }
    if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
      !call.arguments.isEmpty, let close = call.rightParen
    {
      return ExprSyntax(
        call.with(\.arguments, broken(call.arguments))
          .with(\.rightParen, close.with(\.leadingTrivia, lineBreak(closingIndent))))
    }
    return nil
  }

  /// A line break followed by `indentation`.
  private static func lineBreak(_ indentation: [TriviaPiece]) -> Trivia {
    Trivia(pieces: [.newlines(1)] + indentation)
  }
}

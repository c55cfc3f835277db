/// Examples declared once and run in several groups, each time with its own context.
///
/// The context is typed: `itBehavesLike` passes a closure that makes it, and the examples call
/// the closure when they run, after the group's `beforeEach` hooks.
///
/// ```swift
/// let aStack = SharedExamples<any Stack>("a stack") { makeStack in
///   it("pops what was pushed last") {
///     var stack = makeStack()
///     stack.push(1)
///     stack.push(2)
///     assertEqual(stack.pop(), 2)
///   }
/// }
///
/// describe("ArrayStack") { itBehavesLike(aStack) { ArrayStack() } }
/// describe("LinkedStack") { itBehavesLike(aStack) { LinkedStack() } }
/// ```
public struct SharedExamples<Context>: Sendable {
  /// The name of the behaviour, which names the group of examples: "behaves like \<name\>".
  public let name: String
  let body: @Sendable (_ context: @escaping () -> Context) -> Void

  /// Declares shared examples.
  ///
  /// - Parameters:
  ///   - name: The behaviour, such as "a stack".
  ///   - body: Declares the examples (and hooks or groups); its argument makes the context.
  public init(
    _ name: String, _ body: @escaping @Sendable (_ context: @escaping () -> Context) -> Void
  ) {
    self.name = name
    self.body = body
  }
}

extension Spec {
  /// Declares the shared examples in a group named "behaves like \<name\>", with a context.
  ///
  /// - Parameters:
  ///   - examples: The shared examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - context: Makes the examples' context; it is called in each example, when asked for.
  public static func itBehavesLike<Context>(
    _ examples: SharedExamples<Context>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    context: @escaping () -> Context
  ) {
    declareBehavior(
      "itBehavesLike", examples, mark: .plain, context: context,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Declares the shared examples in a group, for contexts that need nothing.
  ///
  /// - Parameters:
  ///   - examples: The shared examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  public static func itBehavesLike(
    _ examples: SharedExamples<Void>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    declareBehavior(
      "itBehavesLike", examples, mark: .plain, context: {},
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A focused `itBehavesLike`: while any example of the spec is focused, only focused ones run.
  ///
  /// - Parameters:
  ///   - examples: The shared examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - context: Makes the examples' context; it is called in each example, when asked for.
  public static func fitBehavesLike<Context>(
    _ examples: SharedExamples<Context>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    context: @escaping () -> Context
  ) {
    declareBehavior(
      "fitBehavesLike", examples, mark: .focused, context: context,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A pending `itBehavesLike`: the shared examples are listed as pending and do not run.
  ///
  /// - Parameters:
  ///   - examples: The shared examples.
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - context: Makes the examples' context; it is never called.
  public static func xitBehavesLike<Context>(
    _ examples: SharedExamples<Context>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    context: @escaping () -> Context
  ) {
    declareBehavior(
      "xitBehavesLike", examples, mark: .pending, context: context,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private static func declareBehavior<Context>(
    _ function: String, _ examples: SharedExamples<Context>, mark: SpecMark,
    context: @escaping () -> Context, at site: CallSite
  ) {
    declareGroup(function, "behaves like \(examples.name)", mark: mark, at: site) {
      examples.body(context)
    }
  }
}

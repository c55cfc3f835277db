import SwiftParser
import SwiftSyntax

/// What a test class needs from its suite: a class or a struct, serialized tests, availability,
/// class-wide hooks, and how its tearDown runs.
extension XCTestRewriter {
  /// A suite is a final class when a test may change its stored state, or it cleans up in a
  /// deinit (its own, or its tearDown), or passes itself on (see `passesItselfOn(_:)`);
  /// otherwise a struct.
  static func needsClass(_ node: ClassDeclSyntax) -> Bool {
    passesItselfOn(node)
      || declarations(in: node.memberBlock.members).contains { member in
        if member.is(DeinitializerDeclSyntax.self) { return true }
        // `class var`, `class func` (but the class-wide hooks, which become `static`): a struct
        // cannot declare them (ZIPFoundation's `class var testBundle`).
        let modifiers =
          member.as(VariableDeclSyntax.self)?.modifiers ?? member.as(FunctionDeclSyntax.self)?
          .modifiers ?? member.as(SubscriptDeclSyntax.self)?.modifiers
        let isHook =
          member.as(FunctionDeclSyntax.self).map {
            ["setUp", "tearDown"].contains($0.name.text)
          } ?? false
        if !isHook, modifiers?.contains(where: { $0.name.text == "class" }) == true { return true }
        if let variable = member.as(VariableDeclSyntax.self) {
          let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
          return !isStatic && isStored(variable) && variable.bindingSpecifier.text == "var"
        }
        return false
      }
      || functions(in: node.memberBlock.members).contains {
        $0.name.text == "tearDown"
          && !$0.modifiers.contains { ["static", "class"].contains($0.name.text) }
      }
  }

  /// Whether the class hands the test case itself to other code: as an argument
  /// (swift-crypto's `RFCVectorDecoder(bundleType: self, ...)`, which takes `AnyObject`) or
  /// captured `weak` or `unowned`. That code holds a reference, which a struct is not.
  static func passesItselfOn(_ node: ClassDeclSyntax) -> Bool {
    node.memberBlock.tokens(viewMode: .sourceAccurate).contains { token in
      guard token.tokenKind == .keyword(.self) else { return false }
      if let capture = token.parent?.as(ClosureCaptureSyntax.self) {
        return capture.specifier != nil  // `[weak self]`
      }
      let reference = token.parent?.as(DeclReferenceExprSyntax.self)
      return reference?.parent?.is(LabeledExprSyntax.self) == true  // `f(x: self)`
    }
  }

  /// Calls that change or read what the whole process shares: the working folder, the
  /// environment, signals, file descriptors by number.
  static let processWideCalls: Set<String> = [
    "chdir", "changeCurrentDirectoryPath", "setenv", "unsetenv", "putenv", "umask", "signal",
    "sigaction", "dup2", "setrlimit",
  ]

  /// What tests call or name to wait for work they start: XCTest's expectations and waiters
  /// (and Assay's, which they become before the suite is written), semaphores and groups.
  static let waitingNames: Set<String> = [
    "expectation", "fulfillment", "waitForExpectations", "XCTestExpectation", "XCTWaiter",
    "XCTNSPredicateExpectation", "XCTNSNotificationExpectation", "TestExpectation",
    "waitForFulfillment", "DispatchSemaphore", "DispatchGroup",
  ]

  /// What tests call to end work they start: a task group's `cancelAll()`, a task's
  /// `.cancel()`.
  static let cancellingNames: Set<String> = ["cancelAll", "cancel"]

  /// What tests call to give work they started time to run: `Task.sleep(for:)`,
  /// `Thread.sleep(forTimeInterval:)`, `sleep(1)`, `usleep(_:)`.
  static let sleepingNames: Set<String> = ["sleep", "usleep", "nanosleep"]

  /// Whether the class's tests wait for, cancel, or sleep while, work they start, which
  /// XCTest ran with no other test beside it: side by side under Swift Testing, two such
  /// tests whose work never suspends can hold every thread, and neither wakes up to end its
  /// work (swift-async-algorithms' TestBufferedByteIterator, which waits, and
  /// TestInterspersed, which cancels a child iterating a sequence without end: hung on 2
  /// cores); a test that sleeps for its work to run sees less of it done beside others
  /// (swift-nio-extras' TimedCertificateReloaderTests sleep 200 ms for two reloads). Their
  /// suite runs its tests `.oneAtATime`.
  static func waitsForWorkItStarts(_ node: ClassDeclSyntax) -> Bool {
    node.memberBlock.tokens(viewMode: .sourceAccurate).contains { token in
      guard case .identifier(let name) = token.tokenKind else { return false }
      let isCall = token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
      if cancellingNames.contains(name) {
        // A call of a member (`group.cancelAll()`, `task.cancel()`), not a name of the tests'.
        return token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period && isCall
      }
      if sleepingNames.contains(name) {
        return isCall  // `Task.sleep(for:)` or `sleep(1)`, not a property or label so named
      }
      return waitingNames.contains(name)
    }
  }

  /// Why the class's tests need a trait of Assay's to run as XCTest ran them
  /// (``waitsForWorkItStarts(_:)``, ``blocksItsThread(_:)``); `nil` when they need none.
  static func whyItNeedsAssaysTraits(_ node: ClassDeclSyntax) -> String? {
    if waitsForWorkItStarts(node) {
      return "its tests cancel, wait for or sleep beside work they start, which XCTest runs "
        + "alone and Assay's .oneAtATime runs alone in Swift Testing"
    }
    if blocksItsThread(node) {
      return "its tests block their thread until work finishes (a `wait()`), which XCTest "
        + "gives a thread of its own for and Assay's .onItsOwnThread does in Swift Testing"
    }
    return nil
  }

  /// Whether the class's synchronous functions block their thread until work finishes: a
  /// call of a member named `wait` (a future's `wait()`, a semaphore's or a group's
  /// `wait(timeout:)`). XCTest runs a synchronous test on a thread it may block (the main
  /// one); Swift Testing on the threads every task shares, and vapor/fluent-kit's converted
  /// tests, waiting on futures that tasks complete, held them all and hung. Such a suite runs
  /// each test on a thread of its own (`.onItsOwnThread`). An asynchronous test ran on the
  /// shared threads under XCTest too, and keeps them.
  static func blocksItsThread(_ node: ClassDeclSyntax) -> Bool {
    functions(in: node.memberBlock.members).contains { function in
      function.signature.effectSpecifiers?.asyncSpecifier == nil
        && function.body?.tokens(viewMode: .sourceAccurate).contains { token in
          token.tokenKind == .identifier("wait")
            && token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
            && token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
        } == true
    }
  }

  /// What the class's tests share beyond their own instance, which Swift Testing's parallel
  /// tests would race on where XCTest ran them one at a time, or `nil`: a mutable static
  /// property of its own, a process-wide call, a file descriptor made from a number
  /// (swift-system's tests `dup` onto descriptor 731 in two tests), or a file named by a path
  /// relative to the working folder (swift-mustache's tests each make and remove
  /// `templates/` there).
  static func sharedState(of node: ClassDeclSyntax) -> String? {
    if let path = relativePath(in: node) {
      return "a path relative to the working folder (\(path))"
    }
    if let name = fixedTemporaryFile(in: node) {
      return "a fixed file in the temporary folder (\(name))"
    }
    for declaration in declarations(in: node.memberBlock.members) {
      if let variable = declaration.as(VariableDeclSyntax.self),
        variable.bindingSpecifier.tokenKind == .keyword(.var),
        variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }),
        isStored(variable)
      {
        return "static var"
      }
    }
    for token in node.memberBlock.tokens(viewMode: .sourceAccurate) {
      guard case .identifier(let name) = token.tokenKind else { continue }
      if processWideCalls.contains(name),
        token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
      {
        return name
      }
      if name == "FileDescriptor",
        let call = token.parent?.parent?.as(FunctionCallExprSyntax.self),
        call.arguments.first?.label?.text == "rawValue",
        call.arguments.first?.expression.is(IntegerLiteralExprSyntax.self) == true
      {
        return "FileDescriptor(rawValue:)"
      }
    }
    return nil
  }

  /// The first file of a fixed name in the temporary folder that the class names
  /// (`temporaryDirectory.appendingPathComponent("benchmark.sqlite")`, `NSTemporaryDirectory() +
  /// "cache.db"`, `"\(NSTemporaryDirectory())/cache.db"`): every test uses the same file.
  /// vapor/fluent-sqlite-driver's 36 tests share one SQLite file so, and side by side all failed.
  /// A name made at run time (`UUID().uuidString`, an interpolation) is each test's own.
  static func fixedTemporaryFile(in node: ClassDeclSyntax) -> String? {
    final class Finder: SyntaxVisitor {
      var found: String?

      /// Whether `expression` is the temporary folder itself, not a folder made in it
      /// (`temporaryDirectory.appendingPathComponent(UUID().uuidString)`).
      static func isTemporaryFolder(_ expression: some SyntaxProtocol) -> Bool {
        let text = expression.trimmedDescription
        return text.hasSuffix("temporaryDirectory") || text.hasSuffix("NSTemporaryDirectory()")
      }

      /// The text of a literal without interpolation, when it is one and not empty.
      static func fixedText(_ expression: ExprSyntax?) -> String? {
        guard let literal = expression?.as(StringLiteralExprSyntax.self),
          literal.segments.count == 1,
          let text = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text,
          !text.isEmpty
        else { return nil }
        return text
      }

      override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil, let member = node.calledExpression.as(MemberAccessExprSyntax.self),
          ["appendingPathComponent", "appending"].contains(member.declName.baseName.text),
          let base = member.base, Self.isTemporaryFolder(base),
          let text = Self.fixedText(node.arguments.first?.expression)
        else { return .visitChildren }
        found = text
        return .skipChildren
      }

      /// `folder + "name"`, as the parser leaves it (unfolded).
      override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for index in elements.indices.dropFirst().dropLast() where found == nil {
          guard elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text == "+",
            Self.isTemporaryFolder(elements[index - 1]),
            let text = Self.fixedText(elements[index + 1])
          else { continue }
          found = text
        }
        return found == nil ? .visitChildren : .skipChildren
      }

      override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        let interpolations = node.segments.compactMap { $0.as(ExpressionSegmentSyntax.self) }
        guard found == nil, interpolations.count == 1,
          let folder = interpolations.first?.expressions.first?.expression,
          Self.isTemporaryFolder(folder)
        else { return .visitChildren }
        let text = node.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }
          .joined()
        guard text.count > 1 else { return .visitChildren }
        found = text
        return .skipChildren
      }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(node.memberBlock)
    return finder.found
  }

  /// The labels of Foundation's arguments that name a file by its path.
  static let pathLabels: Set<String> = [
    "atPath", "fileURLWithPath", "contentsOfFile", "toFile", "fromPath", "toPath",
    "filePath", "directoryPath",
  ]

  /// The first literal path relative to the working folder that the class hands to a file
  /// API (`createDirectory(atPath: "templates")`, `URL(fileURLWithPath: "out/a.txt")`), not
  /// one made relative to another folder (`relativeTo:`).
  static func relativePath(in node: ClassDeclSyntax) -> String? {
    final class Finder: SyntaxVisitor {
      var found: String?
      override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil, let label = node.label?.text,
          XCTestRewriter.pathLabels.contains(label),
          let literal = node.expression.as(StringLiteralExprSyntax.self),
          literal.segments.count == 1,
          let text = literal.segments.first?.as(StringSegmentSyntax.self)?.content.text,
          !text.isEmpty, !text.hasPrefix("/"), !text.hasPrefix("~"),
          node.parent?.as(LabeledExprListSyntax.self)?.contains(where: {
            $0.label?.text == "relativeTo"
          }) != true
        else { return .visitChildren }
        found = text
        return .skipChildren
      }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(node.memberBlock)
    return finder.found
  }

  /// Whether the property keeps a value (it has no accessors, or only observers).
  static func isStored(_ variable: VariableDeclSyntax) -> Bool {
    variable.bindings.allSatisfy { binding in
      binding.accessorBlock == nil
        || binding.accessorBlock?.accessors.as(AccessorDeclListSyntax.self)?.contains {
          ["willSet", "didSet"].contains($0.accessorSpecifier.text)
        } == true
    }
  }

  /// The class's own `class func setUp()` and `tearDown()`, which XCTest runs once for all its
  /// tests: the functions, to become `static`.
  static func classWideHooks(of node: ClassDeclSyntax) -> [FunctionDeclSyntax] {
    functions(in: node.memberBlock.members).filter { function in
      ["setUp", "tearDown"].contains(function.name.text)
        && function.modifiers.contains { ["class", "static"].contains($0.name.text) }
    }
  }

  /// `.aroundSuite(setUp: setUpSuite, tearDown: tearDownSuite)` for a class with class-wide
  /// hooks, and the file-level functions it names, which call the suite's static methods (an
  /// attribute of the suite cannot name the suite's own members: Swift reports a circular
  /// reference); `nil` for a class without.
  static func aroundSuite(of node: ClassDeclSyntax) -> (trait: String, functions: [String])? {
    let hooks = classWideHooks(of: node).map(\.name.text)
    guard !hooks.isEmpty else { return nil }
    let suite = node.name.text
    let used = ["setUp", "tearDown"].filter(hooks.contains)
    let trait = used.map { "\($0): \($0)\(suite)" }.joined(separator: ", ")
    let functions = used.map { hook in
      "/// Runs `\(suite).\(hook)()` once around the suite (XCTest's class-wide \(hook)).\n"
        + "@Sendable private func \(hook)\(suite)() { \(suite).\(hook)() }"
    }
    return (".aroundSuite(\(trait))", functions)
  }

  /// Whether a test counts on the main actor, as XCTest's main thread gives it:
  /// `MainActor.assumeIsolated`, or `dispatchPrecondition` (which `@MainActor` satisfies for
  /// the main queue). Whether it is on the main thread itself is another matter (see
  /// `XCTestBlockers`).
  static func assumesTheMainActor(_ function: FunctionDeclSyntax) -> Bool {
    guard
      !function.attributes.contains(where: {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "MainActor"
      })
    else { return false }
    return function.tokens(viewMode: .sourceAccurate).contains { token in
      token.text == "dispatchPrecondition"
        || (token.text == "assumeIsolated"
          && token.previousToken(viewMode: .sourceAccurate)?.previousToken(
            viewMode: .sourceAccurate)?.text == "MainActor")
    }
  }

  /// `function`'s text, made `async` and `throws` where asked and it is not yet.
  static func withEffects(_ function: FunctionDeclSyntax, async: Bool, throws throwing: Bool)
    -> String
  {
    let effects = function.signature.effectSpecifiers
    let addsAsync = async && effects?.asyncSpecifier == nil
    let addsThrows = throwing && effects?.throwsClause == nil
    guard addsAsync || addsThrows, let body = function.body else {
      return function.trimmedDescription
    }
    var signature = function.signature
    signature.effectSpecifiers = FunctionEffectSpecifiersSyntax(
      asyncSpecifier: effects?.asyncSpecifier
        ?? (addsAsync ? .keyword(.async, trailingTrivia: .space) : nil),
      throwsClause: effects?.throwsClause
        ?? (addsThrows
          ? ThrowsClauseSyntax(throwsSpecifier: .keyword(.throws, trailingTrivia: .space)) : nil))
    let head = function.with(\.body, nil).with(\.signature, signature).trimmedDescription
    return head + " " + body.trimmedDescription
  }

  /// Whether a tearDown can become a `deinit`: it neither throws nor awaits.
  static func canBeDeinit(_ tearDown: FunctionDeclSyntax) -> Bool {
    let effects = tearDown.signature.effectSpecifiers
    return tearDown.name.text == "tearDown" && effects?.asyncSpecifier == nil
      && effects?.throwsClause == nil
  }

  /// The statement that makes `tearDown` a teardown block, for `init` to run first:
  /// `addTeardownBlock { [self] in try await self.tearDown() }`.
  static func teardownRegistration(_ tearDown: FunctionDeclSyntax) -> String {
    let effects = tearDown.signature.effectSpecifiers
    let tries = effects?.throwsClause != nil ? "try " : ""
    let awaits = effects?.asyncSpecifier != nil ? "await " : ""
    return "addTeardownBlock { [self] in \(tries)\(awaits)self.\(tearDown.name.text)() }"
  }
}

import SwiftSyntax

/// What in an `XCTestCase` subclass keeps it from being converted safely: each found use,
/// named, so the class is left as XCTest with a note saying why.
final class XCTestBlockers: SyntaxVisitor {
  private(set) var reasons: [String] = []

  /// XCTest names the migration converts; any other `XCT…` name stops it.
  static let converted: Set<String> = [
    "XCTestCase", "XCTAssert", "XCTAssertTrue", "XCTAssertFalse", "XCTAssertNil",
    "XCTAssertNotNil", "XCTAssertEqual", "XCTAssertNotEqual", "XCTAssertGreaterThan",
    "XCTAssertGreaterThanOrEqual", "XCTAssertLessThan", "XCTAssertLessThanOrEqual",
    "XCTAssertIdentical", "XCTAssertNotIdentical", "XCTAssertThrowsError", "XCTAssertNoThrow",
    "XCTUnwrap", "XCTFail", "XCTSkip", "XCTSkipIf", "XCTSkipUnless", "XCTExpectFailure",
    "XCTNSNotificationExpectation", "XCTNSPredicateExpectation",
  ]

  /// Functions that read a value's memory as another type's.
  static let reinterpreting: Set<String> = ["unsafeBitCast", "unsafeDowncast"]

  /// XCTestCase members that have no converted form.
  static let unsupportedMembers: [String: String] = [
    "addTeardownBlock": "addTeardownBlock", "waitForExpectations": "waitForExpectations",
    "continueAfterFailure": "continueAfterFailure",
    "executionTimeAllowance": "executionTimeAllowance",
    "expectedFulfillmentCount":
      "expectedFulfillmentCount", "isInverted": "an inverted expectation",
    "assertForOverFulfill": "assertForOverFulfill",
    "keyValueObservingExpectation": "keyValueObservingExpectation",
    "recordFailure": "recordFailure", "testRun": "testRun", "invocation": "invocation",
  ]

  /// The run's helpers that assert with XCTest.
  let helpers: XCTestHelpers
  /// How deep the walk is in methods that take `file:` and `line:`, whose assertions become
  /// Assay's and pass them on.
  private var locationHelpers = 0

  /// Whether the converted code may use Assay.
  let usesAssay: Bool

  /// XCTestCase's methods that the migration converts when called with `self.` too.
  static let convertedThroughSelf: Set<String> = ["measure", "expectation", "wait", "fulfillment"]

  /// The name of the function `call` calls, when it is a plain name (`wait(…)`) or one of
  /// `convertedThroughSelf` called through `self.`.
  static func calledName(_ call: FunctionCallExprSyntax) -> String? {
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base?.trimmedDescription == "self",
      convertedThroughSelf.contains(member.declName.baseName.text)
    else { return nil }
    return member.declName.baseName.text
  }

  /// XCTestCase's methods that the migration converts only when called without `self.`.
  static let testCaseMembers: Set<String> = [
    "measure", "expectation", "wait", "fulfillment", "addTeardownBlock", "waitForExpectations",
    "measureMetrics", "startMeasuring", "stopMeasuring",
  ]

  /// How many `tearDown` methods the class has of its own (`tearDown`, `tearDownWithError`,
  /// an async `tearDown`).
  let tearDowns: Int

  init(
    helpers: XCTestHelpers = XCTestHelpers(), usesAssay: Bool = true, tearDowns: Int = 0
  ) {
    self.helpers = helpers
    self.usesAssay = usesAssay
    self.tearDowns = tearDowns
    super.init(viewMode: .sourceAccurate)
    if tearDowns > 1 {
      add("it has \(tearDowns) tearDown methods, which XCTest runs in an order of its own")
    }
  }

  /// The settings of `continueAfterFailure` outside the setUp that a suite can carry (see
  /// ``StopOnFailure/Role``), met in the walk; see `settle(stopsOnFailure:)`.
  private(set) var roles: Set<StopOnFailure.Role> = []

  /// Once the walk is done: the settings met are the suite's only when `stopsOnFailure` (the
  /// class's tests stop at their first failure: its setUp, or its base's, sets it), for
  /// `= false` set again, and when a test's `= true` meets no such `= false`, which a test
  /// could call after it.
  func settle(stopsOnFailure: Bool) {
    if let reason = Self.settingReason(roles, stopsOnFailure: stopsOnFailure) { add(reason) }
  }

  /// Why the settings `roles` keep a class XCTest, when its tests stop on failure as
  /// `stopsOnFailure` says (see `settle(stopsOnFailure:)`).
  static func settingReason(_ roles: Set<StopOnFailure.Role>, stopsOnFailure: Bool) -> String? {
    guard roles.contains(.stopsAgain), !stopsOnFailure || roles.contains(.goesOn) else {
      return nil
    }
    return "it uses continueAfterFailure"
  }

  func add(_ reason: String) {
    if !reasons.contains(reason) { reasons.append(reason) }
  }

  /// What a function the class calls does that keeps the class XCTest, found through the
  /// functions it calls (see ``FunctionReach``): each kind is one reason.
  private enum Reach {
    case mainThread, processWide

    /// What the functions `names` do, found in `origins`.
    func reason(_ names: [String], in origins: [String]) -> String {
      let one = names.count == 1
      let places = origins.joined(separator: ", ")
      switch self {
      case .mainThread:
        return "it calls \(names.joined(separator: ", ")), which "
          + (one ? "asks whether it runs" : "ask whether they run")
          + " on the main thread (in \(places)), as XCTest's tests do and a Swift Testing test "
          + "need not"
      case .processWide:
        return "it calls \(names.joined(separator: ", ")), which "
          + (one ? "changes" : "change")
          + " what the whole process shares (signal handlers, the working folder, the "
          + "environment or a global variable, in \(places)), which XCTest's tests do one at a "
          + "time and Swift Testing's other tests would share"
      }
    }
  }

  /// The functions of each kind the class calls, with the file where each does it, and where
  /// their one reason stands in `reasons`.
  private var reached: [Reach: [(name: String, origin: String)]] = [:]
  private var reachReason: [Reach: Int] = [:]

  /// One reason of each kind names every such function the class calls, in the order met.
  private func addReached(_ name: String, origin: String, kind: Reach) {
    guard !(reached[kind] ?? []).contains(where: { $0.name == name }) else { return }
    reached[kind, default: []].append((name, origin))
    let calls = reached[kind] ?? []
    let origins = calls.map(\.origin).reduce(into: [String]()) { found, origin in
      if !found.contains(origin) { found.append(origin) }
    }
    let reason = kind.reason(calls.map(\.name), in: origins)
    if let index = reachReason[kind] {
      reasons[index] = reason
    } else {
      reachReason[kind] = reasons.count
      reasons.append(reason)
    }
  }

  /// The names each outermost type or extension walked writes, read once (see
  /// ``XCTestHelpers/reaches(_:inSight:)``).
  private var namesInSight: [SyntaxIdentifier: Set<String>] = [:]

  /// The names written in the outermost type or extension around `node`.
  private func namesInSight(of node: some SyntaxProtocol) -> Set<String> {
    let outermost = Self.outermostType(around: node)
    if let known = namesInSight[outermost.id] { return known }
    let names = Set(
      outermost.tokens(viewMode: .sourceAccurate).compactMap {
        if case .identifier(let word) = $0.tokenKind { word } else { nil }
      })
    namesInSight[outermost.id] = names
    return names
  }

  /// The outermost class, struct or extension around `node`; the file when there is none.
  static func outermostType(around node: some SyntaxProtocol) -> Syntax {
    var outermost = Syntax(node).root
    var ancestor = Syntax(node).parent
    while let current = ancestor {
      if current.is(ClassDeclSyntax.self) || current.is(ExtensionDeclSyntax.self)
        || current.is(StructDeclSyntax.self)
      {
        outermost = current
      }
      ancestor = current.parent
    }
    return outermost
  }

  /// The functions each outermost type or extension walked declares, at any depth.
  private var functionsInSight: [SyntaxIdentifier: Set<String>] = [:]

  /// The functions declared in the outermost type or extension around `node`, its tests'
  /// local ones included (swift-certificates' `XCTAssertEqualValueAndHash`): names of the
  /// class's own, whose bodies convert with it, not XCTest's.
  private func functionsInSight(of node: some SyntaxProtocol) -> Set<String> {
    let outermost = Self.outermostType(around: node)
    if let known = functionsInSight[outermost.id] { return known }
    let names = Set(
      outermost.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
        guard let function = token.parent?.as(FunctionDeclSyntax.self),
          function.name.id == token.id
        else { return nil }
        return token.text
      })
    functionsInSight[outermost.id] = names
    return names
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.baseName.text
    if !helpers.asyncAdapters.isEmpty {
      // A method that ends in `XCTAsyncTest { … }` becomes `async throws`: its tests await it.
      let ending = AsyncTestAdapter.endingMethods(
        in: Self.outermostType(around: node), adapters: helpers.asyncAdapters)
      if ending.contains(name), !AsyncTestAdapter.isAwaitable(node, methods: ending) {
        add("it calls \(name), which runs its work asynchronously, where it cannot be awaited")
      }
    }
    if let helper = helpers.outside[name], helpers.mayRefer(node) {
      let folder = helper.path.split(separator: "/").dropLast().joined(separator: "/")
      add(
        "it calls \(name), which asserts with XCTest in \(helper.path), outside the files "
          + "migrated"
          // Converting a helper is advised in a folder named for tests only: elsewhere it is
          // a library's public API (swift-case-paths' XCTModify), not the tests' to change.
          + (helper.convertible && usesAssay
            && folder.split(separator: "/").last?.lowercased().contains("test") == true
            ? " (to convert it too, add Assay to its target's dependencies and "
              + "\(folder.isEmpty ? helper.path : folder) to the paths)" : "")
      )
    } else if helpers.asyncAdapters.contains(name),
      AsyncTestAdapter.isInlined(node, adapters: helpers.asyncAdapters)
    {
      // `XCTAsyncTest { … }` ending a test: the closure's statements take its place.
    } else if helpers.xctest.contains(name), helpers.mayRefer(node) {
      add("it calls \(name), which stays XCTest")
    } else if let origin = helpers.mainThread[name], name != "isMainThread",
      helpers.mayReach(node), helpers.reaches(name, inSight: namesInSight(of: node))
    {
      addReached(name, origin: origin, kind: .mainThread)
    } else if let origin = helpers.processWide[name],
      !XCTestRewriter.processWideCalls.contains(name), helpers.mayReach(node),
      helpers.reaches(name, inSight: namesInSight(of: node))
    {
      addReached(name, origin: origin, kind: .processWide)
    } else if name == "XCTWaiter", WaiterCheck.isChecked(node) {
      if !usesAssay { add("expectations and waits \(Self.needsAssay)") }
    } else if name.hasPrefix("XCT"), !Self.converted.contains(name),
      !helpers.neutral.contains(name), !helpers.declaredTypes.contains(name),
      !functionsInSight(of: node).contains(name),
      !MeasureConversion.isInMetrics(node),
      !(name == "XCTestExpectation" && node.parent?.is(FunctionCallExprSyntax.self) == true)
    {
      add("\(name) has no Swift Testing form here")
    }
    if name == "addTeardownBlock", usesAssay {
      // Assay's `addTeardownBlock` under the `.tearsDown` trait; a tearDown becomes the block
      // that `init` adds first, so it runs after the tests' blocks, as in XCTest.
    } else if name == "continueAfterFailure", let role = StopOnFailure.role(of: node) {
      roles.insert(role)
    } else if let what = Self.unsupportedMembers[name], !ExpectationSettings.isFoldable(node),
      !StopOnFailure.isSetting(node)
    {
      add("it uses \(what)")
    }
    if ["startMeasuring", "stopMeasuring"].contains(name),
      MeasureConversion.enclosingMeasure(of: node) == nil
    {
      add(
        "it calls \(name) outside the block of measureMetrics(…, automaticallyStartMeasuring: "
          + "false)")
    }
    if [
      "expectation", "wait", "fulfillment", "measure", "measureMetrics", "XCTestExpectation",
      "XCTNSNotificationExpectation", "XCTNSPredicateExpectation",
    ].contains(name) {
      if let call = node.parent?.as(FunctionCallExprSyntax.self)
        ?? node.parent?.parent?.as(FunctionCallExprSyntax.self),
        Self.calledName(call) == name
      {
        checkWaiting(name, call)
      } else if name.hasPrefix("XCTNS") {
        add("it uses \(name) other than by calling it")
      }
    }
    return .visitChildren
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    let name = node.name.text
    // `catch let skip as XCTSkip` (swift-nio's `FileHandleTests`' helper): `throw XCTSkip`
    // becomes `Test.cancel`, which throws another type, and the skip would be a failure.
    if name == "XCTSkip" {
      add("it handles XCTSkip by its type, which Swift Testing's Test.cancel does not throw")
    }
    // A type of the package's own is not XCTest's, whatever its name (swift-protobuf's
    // `XCTestFileArgType`).
    if name.hasPrefix("XCT"), !Self.converted.contains(name),
      !helpers.declaredTypes.contains(name)
    {
      add("\(name) has no Swift Testing form here")
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    if Self.reinterpreting.contains(name),
      node.arguments.first?.expression.trimmedDescription == "self"
    {
      // swift-openapi-runtime's `unsafeBitCast(self, to: NSNumber.self)`: what it reads of the
      // test case's memory changes with the test case's type (a suite: a crash).
      add("it reinterprets the test case itself (\(name)(self, …)), whose type would change")
    }
    guard name.hasPrefix("XCT"), !helpers.neutral.contains(name),
      !MeasureConversion.isInMetrics(node)
    else { return .visitChildren }
    if locationHelpers > 0 {
      // Becomes Assay's assertion, which takes the helper's file: and line:.
      if XCTestAssertion.assayNames[name] != nil, !XCTestAssertion.hasAssayForm(node) {
        add("\(name) in a helper with file: and line: has no Assay form")
      }
      return .visitChildren
    }
    let mayMutate = XCTestAssertion.callsMethodOfAVariable(node.arguments.first?.expression)
    if node.arguments.contains(where: { ["file", "line"].contains($0.label?.text ?? "") }) {
      // Assay's assertions take them; Swift Testing's take a `SourceLocation`.
      if !usesAssay || !XCTestAssertion.hasAssayForm(node) {
        add("an assertion passes file: and line: (a helper of its own)")
      }
    } else if name == "XCTExpectFailure" {
      if KnownIssue.converted(node) == nil, KnownIssue.restOfTheTest(node) == nil {
        add(
          "XCTExpectFailure without a block expects a failure until the test ends, which is not "
            + "where the statements it stands among end (or it has options)")
      }
    } else if ["XCTSkip", "XCTSkipIf", "XCTSkipUnless"].contains(name) {
      // Converted where they stand: `throw XCTSkip(...)`, `try XCTSkipIf(...)` statements.
      if !Self.isConvertibleSkip(node) { add("\(name) is used other than as a statement") }
    } else if Self.converted.contains(name),
      !["XCTestCase", "XCTNSNotificationExpectation", "XCTNSPredicateExpectation"].contains(name),
      XCTestAssertion.replacement(name: name, arguments: node.arguments, mayMutate: mayMutate)
        == nil,
      XCTestAssertion.positionallyHandledExpectation(node, original: node) == nil
    {
      add("\(name) has arguments this cannot convert")
    } else if !usesAssay,
      XCTestAssertion.replacement(name: name, arguments: node.arguments, mayMutate: mayMutate)?
        .needsAssay == true
    {
      add(
        name == "XCTUnwrap"
          ? "XCTUnwrap calls a method of a variable, which #require cannot if it is mutating "
            + "(Assay's unwrap can): \(Self.needsAssay)"
          : "\(name) with accuracy: \(Self.needsAssay)")
    }
    if node.trailingClosure != nil, name.hasPrefix("XCTAssert"),
      !(name == "XCTAssertThrowsError" && Self.errorHandler(of: node) != nil)
    {
      add("\(name) has a trailing closure this cannot convert")
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = node.name.text
    let isClass = node.modifiers.contains { ["class", "static"].contains($0.name.text) }
    if Self.takesLocation(node) {
      if !usesAssay { add("a helper takes file: and line: (\(Self.needsAssay))") }
      locationHelpers += 1
    }
    guard Self.isTestClassMember(node) else { return .visitChildren }
    if isClass, ["setUp", "tearDown"].contains(name), !usesAssay {
      add("a class-wide \(name) (run once for all tests) \(Self.needsAssay)")
    }
    if !isClass, name.hasPrefix("tearDown"), !usesAssay, !XCTestRewriter.canBeDeinit(node) {
      add(
        "an asynchronous or throwing tearDown (deinit can be neither; Assay's teardown blocks can)")
    }
    return .visitChildren
  }

  override func visitPost(_ node: FunctionDeclSyntax) {
    if Self.takesLocation(node) { locationHelpers -= 1 }
  }

  /// Why what Assay converts stays XCTest when the tests cannot import it.
  static let needsAssay = "needs Assay: add it to the test target's dependencies"

  /// Whether a function takes the caller's `file:` (a helper that reports where it is called).
  static func takesLocation(_ function: FunctionDeclSyntax) -> Bool {
    function.signature.parameterClause.parameters.contains {
      $0.type.trimmedDescription == "StaticString" || $0.firstName.text == "file"
    }
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    if Self.isTestClassMember(node) { add("it declares an initializer") }
    return .visitChildren
  }

  /// Whether `node` is code of the test class (or of an extension of it), where `self` is the
  /// test case: not code of a type declared inside it, or inside one of its functions.
  static func isInTheTestClass(_ node: some SyntaxProtocol) -> Bool {
    var ancestor = node.parent
    while let current = ancestor {
      if current.is(ExtensionDeclSyntax.self) { return true }
      if current.is(ClassDeclSyntax.self) {
        // The test class is declared at the top level (or in a `#if` block there).
        var outer = current.parent
        while let enclosing = outer {
          if enclosing.is(MemberBlockSyntax.self) || enclosing.is(CodeBlockSyntax.self)
            || enclosing.is(ClosureExprSyntax.self)
          {
            return false
          }
          outer = enclosing.parent
        }
        return true
      }
      if current.is(StructDeclSyntax.self) || current.is(EnumDeclSyntax.self)
        || current.is(ActorDeclSyntax.self) || current.is(ProtocolDeclSyntax.self)
      {
        return false
      }
      ancestor = current.parent
    }
    return true
  }

  /// Whether `node` is a member of the test class itself (or of an extension of it), not of
  /// a type declared inside it.
  static func isTestClassMember(_ node: some SyntaxProtocol) -> Bool {
    var ancestor = node.parent
    while let current = ancestor {
      if let declaration = current.as(ClassDeclSyntax.self) {
        let parent = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
        return parent == "XCTestCase" || parent == "XCTest.XCTestCase"
      }
      if current.is(ExtensionDeclSyntax.self) { return true }
      if current.is(StructDeclSyntax.self) || current.is(EnumDeclSyntax.self)
        || current.is(ActorDeclSyntax.self) || current.is(ProtocolDeclSyntax.self)
      {
        return false
      }
      ancestor = current.parent
    }
    return false
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    if node.declName.baseName.text == "isMainThread" {
      // XCTest runs tests on the main thread; Swift Testing's `@MainActor` tests are not on it
      // on Linux (measured), so the answer would change.
      add("it asks whether it runs on the main thread, which a Swift Testing test need not")
    }
    // `self` and `super` in a type declared inside the test class are that type's.
    let isTheTestCase = Self.isInTheTestClass(node)
    if node.base?.trimmedDescription == "self", node.declName.baseName.text == "name",
      isTheTestCase
    {
      add("it reads the test's name (self.name)")
    }
    if node.base?.trimmedDescription == "self", isTheTestCase,
      Self.testCaseMembers.contains(node.declName.baseName.text),
      node.parent?.as(FunctionCallExprSyntax.self).flatMap(Self.calledName) == nil,
      !(usesAssay && Self.isTeardownBlockThroughSelf(node))
    {
      add("it calls self.\(node.declName.baseName.text), XCTestCase's own")
    }
    // Assigned (`expectation.handler = { … }`), not called (`pipeline.handler(type:)`), and
    // not the test case's own property (`self.handler = Decoder()`).
    if node.declName.baseName.text == "handler", node.isAssignmentTarget,
      node.base?.trimmedDescription != "self"
    {
      add("it sets an expectation's handler")
    }
    if node.base?.trimmedDescription == "super", isTheTestCase,
      !["setUp", "setUpWithError", "tearDown", "tearDownWithError"].contains(
        node.declName.baseName.text)
    {
      add("it calls super.\(node.declName.baseName.text)")
    }
    return .visitChildren
  }

  /// Whether `node` is `self.addTeardownBlock` called with a trailing closure alone, which
  /// becomes Assay's `addTeardownBlock { … }` (see `XCTestRewriter.teardownBlockCall(_:)`).
  static func isTeardownBlockThroughSelf(_ node: MemberAccessExprSyntax) -> Bool {
    guard node.declName.baseName.text == "addTeardownBlock",
      node.base?.trimmedDescription == "self",
      let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id
    else { return false }
    return call.arguments.isEmpty && call.trailingClosure != nil
      && call.additionalTrailingClosures.isEmpty
  }

  /// `expectation(description:)`, `wait(for:timeout:)`, `fulfillment(of:timeout:)` and
  /// `measure`/`measureMetrics` (see `MeasureConversion`) have Assay forms; other shapes do not.
  private func checkWaiting(_ name: String, _ call: FunctionCallExprSyntax) {
    let labels = call.arguments.map { $0.label?.text ?? "_" }
    if !usesAssay {
      let what = name.hasPrefix("measure") ? "measure" : "expectations and waits"
      add("\(what) \(Self.needsAssay)")
      return
    }
    // A notification's expectation becomes Assay's, but for a handler, which would have to be
    // `@Sendable` there.
    let notification = ["forNotification", "object", "notificationCenter"]
    switch name {
    case "expectation" where labels == ["description"]:
      break
    case "expectation"
    where labels.first == "forNotification" && Set(labels).isSubset(of: notification)
      && call.trailingClosure == nil:
      break
    case "expectation"
    where labels.first == "for" && Set(labels).isSubset(of: ["for", "evaluatedWith"])
      && call.trailingClosure == nil:
      break
    case "expectation":
      add("an expectation other than of a description, a notification or a predicate")
    case "XCTestExpectation" where labels == ["description"] && call.trailingClosure == nil:
      break
    case "XCTestExpectation":
      add("XCTestExpectation with \(labels.joined(separator: ":, ")):")
    case "XCTNSPredicateExpectation"
    where labels.first == "predicate" && Set(labels).isSubset(of: ["predicate", "object"])
      && call.trailingClosure == nil:
      break
    case "XCTNSPredicateExpectation":
      add("XCTNSPredicateExpectation with \(labels.joined(separator: ":, ")):")
    case "XCTNSNotificationExpectation"
    where labels.first == "name"
      && Set(labels).isSubset(of: ["name", "object", "notificationCenter"])
      && call.trailingClosure == nil:
      break
    case "XCTNSNotificationExpectation":
      add("XCTNSNotificationExpectation with \(labels.joined(separator: ":, ")):")
    case "wait", "fulfillment":
      if !Set(labels).isSubset(of: ["for", "of", "timeout", "enforceOrder"]) {
        add("\(name) with \(labels.joined(separator: ":, ")):")
      }
    case "measure", "measureMetrics":
      if let blocker = MeasureConversion.blocker(call, name: name) { add(blocker) }
    default:
      break
    }
  }

  /// The name of the error and the body of `XCTAssertThrowsError(…) { error in … }`, when
  /// the call is a statement of its own and the closure names its one parameter.
  static func errorHandler(of call: FunctionCallExprSyntax, statementOnly: Bool = true)
    -> (name: String, body: String)?
  {
    guard let closure = call.trailingClosure, isStatement(call) || !statementOnly else {
      return nil
    }
    guard let parameters = closure.signature?.parameterClause else {
      // `{ ... $0 ... }`: the error gets a name, which the handler's own `$0` then uses.
      let shorthand = ShorthandParameters()
      shorthand.walk(closure.statements)
      guard shorthand.used == ["$0"] else { return nil }
      let name = shorthand.identifiers.contains("error") ? "thrownError" : "error"
      let body = NamingShorthand(name: name).rewrite(closure.statements)
      return (
        name,
        closure.leftBrace.trailingTrivia.description + body.description
          + closure.rightBrace.leadingTrivia.description
      )
    }
    let names: [String]
    if let shorthand = parameters.as(ClosureShorthandParameterListSyntax.self) {
      names = shorthand.map(\.name.text)
    } else if let full = parameters.as(ClosureParameterClauseSyntax.self) {
      names = full.parameters.map(\.firstName.text)
    } else {
      return nil
    }
    guard names.count == 1, let name = names.first, name != "_" else { return nil }
    return (name, closure.statements.description + closure.rightBrace.leadingTrivia.description)
  }

  /// Whether `call` stands alone as a statement, its value unused.
  static func isStatement(_ call: FunctionCallExprSyntax) -> Bool {
    call.parent?.is(CodeBlockItemSyntax.self) == true
      || call.parent?.is(ExpressionStmtSyntax.self) == true
  }

  /// The shorthand parameters (`$0`) a closure's body uses, not counting nested closures',
  /// and the identifiers it names.
  private final class ShorthandParameters: SyntaxVisitor {
    var used: Set<String> = []
    var identifiers: Set<String> = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
      switch token.tokenKind {
      case .dollarIdentifier(let name): used.insert(name)
      case .identifier(let name): identifiers.insert(name)
      default: break
      }
      return .skipChildren
    }
  }

  /// A closure's body with its `$0` (not nested closures') written `name`.
  private final class NamingShorthand: SyntaxRewriter {
    let name: String

    init(name: String) { self.name = name }

    override func visit(_ node: ClosureExprSyntax) -> ExprSyntax { ExprSyntax(node) }

    override func visit(_ token: TokenSyntax) -> TokenSyntax {
      guard case .dollarIdentifier("$0") = token.tokenKind else { return token }
      return token.with(\.tokenKind, .identifier(name))
    }
  }

  /// `throw XCTSkip(...)`, or `try XCTSkipIf(...)`/`try XCTSkipUnless(...)` as a statement.
  static func isConvertibleSkip(_ call: FunctionCallExprSyntax) -> Bool {
    let name = call.calledExpression.trimmedDescription
    if name == "XCTSkip" {
      return call.parent?.is(ThrowStmtSyntax.self) == true && call.arguments.count <= 1
    }
    guard let tryExpr = call.parent?.as(TryExprSyntax.self),
      tryExpr.parent?.is(CodeBlockItemSyntax.self) == true
    else { return false }
    return (1...2).contains(call.arguments.count)
      && call.arguments.allSatisfy { $0.label == nil }
  }
}

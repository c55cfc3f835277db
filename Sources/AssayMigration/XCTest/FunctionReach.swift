import SwiftParser
import SwiftSyntax

/// The functions whose code does something a converted test cannot be left to do unawares, in
/// their own body or through the functions they call, found by name in the package's files.
///
/// Two such things (a ``Question`` each):
/// - asking whether it runs on the main thread (`Thread.isMainThread`). XCTest runs every test
///   on the main thread; a Swift Testing test runs on another, even a `@MainActor` one on
///   Linux. Code that asks behaves otherwise there: Quick/Nimble's `postNotifications` matcher
///   asserts the main thread (the process crashed), its `waitUntil` runs the main run loop
///   only there. A class whose tests call such a function stays XCTest (see `XCTestBlockers`).
/// - changing what the whole process shares (signal handlers, the working folder, the
///   environment, a global variable). XCTest runs one test at a time; Swift Testing runs a
///   suite's tests side by side, and tests of other suites beside them. Nimble's
///   `throwAssertion()` installs a handler for `SIGILL` and puts the previous one back after:
///   converted, the run crashed one time in four, and still did under load with its suite
///   serialized. Its `withAssertionHandler` sets a property whose setter assigns the global
///   `NimbleAssertionHandler`: converted, its tests recorded each other's failures. A class
///   whose tests call such a function stays XCTest too.
///
/// Calls are matched by name and argument labels, without types: a function of the same name
/// elsewhere whose parameters the labels fit counts too, which only ever leaves a class XCTest.
/// The labels tell apart what the name alone does not (vapor's `DotEnvFile.load(overwrite:)`,
/// which sets the environment, and every atomic's `load(ordering:)`).
enum FunctionReach {
  /// What a function's body may do that its callers inherit: the names it refers to bare
  /// (`sigaction(…)`) or as a member (`Thread.isMainThread`).
  struct Question: Sendable {
    let bare: Set<String>
    let members: Set<String>
    /// Whether changing a variable declared at the top level of a file of the package, or a
    /// type's static stored property (`Registry.names`), counts: assigning it, calling a
    /// mutating method of it (`names.append(x)`), passing it `inout`, or a property's setter
    /// that does.
    var assignsGlobals = false
    /// Whether a bare name counts only called (`signal(SIGPIPE, SIG_IGN)`), and not when the
    /// function declares a local or a parameter of that name (swift-async-algorithms'
    /// `or signal: Signal`, passed on).
    var bareCallsOnly = false

    /// Asking whether the code runs on the main thread.
    static let mainThread = Question(bare: ["isMainThread"], members: ["isMainThread"])

    /// Changing what every thread of the process shares: the calls that a test class making
    /// them itself is serialized for (`XCTestRewriter.processWideCalls`), called bare, as C's
    /// are (`x.signal()` is a semaphore's), and the working folder changed through
    /// `FileManager`.
    static let processWide = Question(
      bare: XCTestRewriter.processWideCalls, members: ["changeCurrentDirectoryPath"],
      assignsGlobals: true, bareCallsOnly: true)

    func isAsked(_ name: String, asMember: Bool) -> Bool {
      (asMember ? members : bare).contains(name)
    }
  }

  /// A function declared in a file: its name, the names its body refers to, and whether it
  /// does the thing asked itself. A property's setter (and its observers) is one too, named
  /// for the property, reached only by assigning it.
  private struct Function {
    let name: String
    /// Whether it is a member of a type, which `x.name(…)` may call; a free function only
    /// its bare name can.
    let isMember: Bool
    /// The names its body refers to bare (`name(…)`, which may be a member through `self`),
    /// each with how: a call's labels, or a value.
    let refers: [String: Set<HelperSignature.Use>]
    /// The names its body refers to as members (`x.name(…)`, `.name`), each with how.
    let refersAsMembers: [String: Set<HelperSignature.Use>]
    /// The names its body assigns (`name = …`, `x.name += …`), which call their setters.
    var assigns: [String] = []
    let asks: Bool
    /// Whether it is a property's setter, which only an assignment calls.
    var isSetter = false
    /// The type it is a member of (for an extension `where Self == T`, `T`).
    var owner: String?
    /// Every name its body writes, types too (`Now()`, `.now`).
    var mentions: Set<String> = []
    /// Its parameters, as a call's labels can match them; `nil` for a setter, which only an
    /// assignment calls.
    var signature: HelperSignature?
  }

  /// A function that reaches what is asked: where it is done, and when only some calls of it
  /// do.
  struct Reached: Sendable, Equatable {
    /// The file where what is asked is done.
    var origin: String
    /// The names one of which a test class must write for its calls of the function to
    /// count: a member that asks in one type of several that declare it (GRDB's
    /// `ImmediateValueObservationScheduler.immediateInitialValue()`) is called by code that
    /// names that type or a static member that makes one (`.immediate`). Empty: every call.
    var gate: Set<String> = []
    /// The types of `gate`: the names that open it in the package's own functions, where a
    /// static member's name is too often another type's (GRDB's transaction kind
    /// `.immediate`, written in its migrations) to tell.
    var types: Set<String> = []
    /// The parameters of the declarations of this name that reach, as a call's labels can
    /// match them (see ``HelperSignature``): a call that fits none of them calls another
    /// function of the name. Empty: every call.
    var signatures: [HelperSignature] = []

    /// What a function of the package that writes `mentions` makes of calling it: reached by
    /// every call when it names a type of the gate.
    func seen(from mentions: Set<String>) -> Reached {
      types.isDisjoint(with: mentions) ? self : Reached(origin: origin)
    }

    /// Reached by `self`'s calls or by `other`'s: every call if either is.
    func merged(with other: Reached) -> Reached {
      gate.isEmpty || other.gate.isEmpty
        ? Reached(origin: gate.isEmpty ? origin : other.origin)
        : Reached(
          origin: origin, gate: gate.union(other.gate), types: types.union(other.types))
    }
  }

  /// Requirements of the standard library's protocols (an iterator's `next()`): a call
  /// `x.next()` is far more often the standard library's than the package's, and a package's
  /// polling iterator that asks (Nimble's) would otherwise reach every loop over a sequence.
  static let standardRequirements: Set<String> = [
    "next", "makeIterator", "makeAsyncIterator", "hash", "encode", "callAsFunction",
  ]

  /// Each function that reaches what `question` asks, with the file where it is done.
  ///
  /// - Parameters:
  ///   - files: The package's Swift files, with the paths the notes show.
  ///   - question: What the functions are looked for doing.
  ///   - tree: Parses a file's text (a cache shares the run's trees).
  /// - Returns: The functions by name; only files that name what is asked or a function
  ///   found so far are parsed.
  static func functions(
    in files: [(path: String, source: String)],
    asking question: Question,
    tree: (String) -> SourceFileSyntax = { Parser.parse(source: $0) }
  ) -> [String: String] {
    reach(in: files, asking: question, tree: tree).mapValues(\.origin)
  }

  /// Each function that reaches what `question` asks, with where it is done and which of its
  /// calls count (see ``Reached``).
  ///
  /// - Parameters:
  ///   - files: The package's Swift files, with the paths the notes show.
  ///   - question: What the functions are looked for doing.
  ///   - tree: Parses a file's text (a cache shares the run's trees).
  /// - Returns: The functions by name; only files that name what is asked or a function
  ///   found so far are parsed.
  static func reach(
    in files: [(path: String, source: String)],
    asking question: Question,
    tree: (String) -> SourceFileSyntax = { Parser.parse(source: $0) }
  ) -> [String: Reached] {
    let globals =
      question.assignsGlobals
      ? files.reduce(into: Set<String>()) { $0.formUnion(Self.globalVariables(in: $1.source)) }
      : []
    let statics =
      question.assignsGlobals
      ? files.reduce(into: Set<String>()) { $0.formUnion(Self.staticVariables(in: $1.source)) }
      : []
    var parsed: [Int: (functions: [Function], staticMembers: [String: Set<String>])] = [:]
    func read(_ index: Int) -> (functions: [Function], staticMembers: [String: Set<String>]) {
      if let known = parsed[index] { return known }
      let found = Finder(question, globals: globals, statics: statics)
      found.walk(tree(files[index].source))
      parsed[index] = (found.functions, found.staticMembers)
      return (found.functions, found.staticMembers)
    }
    func declared(in index: Int) -> [Function] { read(index).functions }
    // Each reaching name with its origin and gate, whether a member of that name reaches,
    // whether only its setter does (reached by assigning it, not by reading it), and the
    // parameters of its functions that reach.
    var reaching:
      [String: (
        reached: Reached, member: Bool, setterOnly: Bool, signatures: Set<HelperSignature>
      )] = [:]
    func reach(_ function: Function, as reached: Reached) {
      let known = reaching[function.name]
      reaching[function.name] = (
        known.map { $0.reached.merged(with: reached) } ?? reached,
        (known?.member ?? false) || function.isMember,
        (known?.setterOnly ?? true) && function.isSetter,
        (known?.signatures ?? []).union(function.signature.map { [$0] } ?? [])
      )
    }
    // Whether one of `uses` may call a function of `name` that reaches.
    func mayCall(_ name: String, _ uses: Set<HelperSignature.Use>) -> Bool {
      let signatures = Array(reaching[name]?.signatures ?? [])
      return uses.contains { HelperSignature.mayRefer($0, to: signatures) }
    }
    // Each file's words, read once: a file that names neither what is asked nor a function
    // found is not parsed.
    var words: [Int: Set<String>] = [:]
    func names(in index: Int) -> Set<String> {
      if let known = words[index] { return known }
      let found = Self.words(in: files[index].source)
      words[index] = found
      return found
    }
    let asked = question.bare.union(question.members).union(globals).union(statics)
    for index in files.indices where !names(in: index).isDisjoint(with: asked) {
      for function in declared(in: index) where function.asks {
        let gate = gate(of: function)
        reach(
          function,
          as: Reached(
            origin: files[index].path, gate: gate,
            types: gate.isEmpty ? [] : Set(function.owner.map { [$0] } ?? [])))
      }
    }
    // A member that asks where another type's member of its name does not: its type and the
    // static members that make one, from every file that names the type.
    func gate(of function: Function) -> Set<String> {
      guard function.isMember, !function.isSetter, let owner = function.owner else { return [] }
      let namesIt = files.indices.filter { names(in: $0).contains(function.name) }
      let others = namesIt.flatMap(declared(in:)).filter {
        $0.name == function.name && $0.isMember && !$0.asks && $0.owner != owner
      }
      guard !others.isEmpty else { return [] }
      return files.indices.filter { names(in: $0).contains(owner) }.reduce(into: [owner]) {
        $0.formUnion(read($1).staticMembers[owner] ?? [])
      }
    }
    var changed = !reaching.isEmpty
    while changed {
      changed = false
      for index in files.indices where !names(in: index).isDisjoint(with: reaching.keys) {
        for function in declared(in: index) {
          let calls =
            function.refers.compactMap { name, uses in
              reaching[name].flatMap { $0.setterOnly || !mayCall(name, uses) ? nil : $0.reached }
            }
            + function.refersAsMembers.compactMap { name, uses in
              Self.standardRequirements.contains(name) || !mayCall(name, uses)
                ? nil
                : reaching[name].flatMap { $0.member && !$0.setterOnly ? $0.reached : nil }
            }
            + function.assigns.compactMap { reaching[$0]?.reached }
          guard
            let reached = calls.map({ $0.seen(from: function.mentions) }).reduce(
              nil, { $0?.merged(with: $1) ?? $1 })
          else { continue }
          let before = reaching[function.name]
          reach(function, as: reached)
          if before?.reached != reaching[function.name]?.reached
            || before?.member != reaching[function.name]?.member
            || before?.setterOnly != reaching[function.name]?.setterOnly
          {
            changed = true
          }
        }
      }
    }
    return reaching.mapValues { entry in
      var reached = entry.reached
      reached.signatures = entry.signatures.sorted { "\($0)" < "\($1)" }
      return reached
    }
  }

  /// The variables `source` declares at the top level, read from its lines without parsing:
  /// a `var` that starts a line, after attributes and modifiers (`nonisolated(unsafe) public
  /// var NimbleAssertionHandler`), but a `@TaskLocal`, which no assignment changes, and a
  /// computed one.
  static func globalVariables(in source: String) -> Set<String> {
    var names: Set<String> = []
    for line in source.split(separator: "\n", omittingEmptySubsequences: true)
    where line.first?.isLetter == true || line.first == "@" {
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
      while let word = words.first, word != "var",
        word.hasPrefix("@") || Self.modifiers.contains(String(word))
      {
        if word == "@TaskLocal" { break }
        words = words.dropFirst()
      }
      guard words.first == "var", let name = words.dropFirst().first else { continue }
      let identifier = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      // A computed variable (`var system_errno: CInt {`, no `=` before its brace) stores
      // nothing: what its setter does counts, as a function's (swift-nio's `errno`, the
      // thread's own).
      let rest = line.drop { $0 != "{" && $0 != "=" }
      if rest.first == "{" { continue }
      if !identifier.isEmpty { names.insert(String(identifier)) }
    }
    return names
  }

  /// The static stored properties that `source`'s types declare, read from its lines without
  /// parsing: `static var` after attributes and modifiers (`nonisolated(unsafe) static var
  /// names: [String] = []`), but a `@TaskLocal` and a computed one. Each is one value for the
  /// whole process, as a global is.
  static func staticVariables(in source: String) -> Set<String> {
    var names: Set<String> = []
    for line in source.split(separator: "\n", omittingEmptySubsequences: true)
    where line.contains("static") {
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
      var isStatic = false
      while let word = words.first, word != "var",
        word.hasPrefix("@") || word == "static" || Self.modifiers.contains(String(word))
      {
        if word == "@TaskLocal" { break }
        isStatic = isStatic || word == "static"
        words = words.dropFirst()
      }
      guard isStatic, words.first == "var", let name = words.dropFirst().first else { continue }
      let identifier = name.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if line.drop(while: { $0 != "{" && $0 != "=" }).first == "{" { continue }
      if !identifier.isEmpty { names.insert(String(identifier)) }
    }
    return names
  }

  /// Methods of the standard library's collections and values that change the value they are
  /// called on (`names.append(x)`): called on a global, they change it as an assignment does.
  static let mutatingMethods: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange",
    "removeValue", "popFirst", "popLast", "sort", "reverse", "shuffle", "merge", "updateValue",
    "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "toggle",
    "replaceSubrange", "swapAt",
  ]

  /// Modifiers that may come before a top-level `var`.
  private static let modifiers: Set<String> = [
    "public", "internal", "private", "fileprivate", "package", "nonisolated(unsafe)", "nonisolated",
  ]

  /// The words of `source` that could be names (letters, digits, `_`), read from its bytes.
  static func words(in source: String) -> Set<String> {
    var found: Set<String> = []
    var word: [UInt8] = []
    for byte in source.utf8 {
      if byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 0x30 && byte <= 0x39)
        || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a)
      {
        word.append(byte)
      } else if !word.isEmpty {
        found.insert(String(decoding: word, as: UTF8.self))
        word.removeAll(keepingCapacity: true)
      }
    }
    if !word.isEmpty { found.insert(String(decoding: word, as: UTF8.self)) }
    return found
  }

  private final class Finder: SyntaxVisitor {
    let question: Question
    let globals: Set<String>
    /// The static stored properties of the package's types, by name.
    let statics: Set<String>
    var functions: [Function] = []
    /// The static members declared for each type, by type (see ``Reached/gate``).
    var staticMembers: [String: Set<String>] = [:]

    init(_ question: Question, globals: Set<String>, statics: Set<String>) {
      self.question = question
      self.globals = globals
      self.statics = statics
      super.init(viewMode: .sourceAccurate)
    }

    /// Whether `expression` (a global, or `Type.property`) is changed where it stands: assigned,
    /// passed `inout` (`&names`), or the value a mutating method is called on.
    static func isChanged(_ expression: some ExprSyntaxProtocol) -> Bool {
      if expression.isAssignmentTarget || expression.parent?.is(InOutExprSyntax.self) == true {
        return true
      }
      guard let member = expression.parent?.as(MemberAccessExprSyntax.self),
        member.base?.id == expression.id,
        FunctionReach.mutatingMethods.contains(member.declName.baseName.text),
        let call = member.parent?.as(FunctionCallExprSyntax.self)
      else { return false }
      return call.calledExpression.id == member.id
    }

    /// Whether `base` names a type (`Registry`, `Module.Registry`, `Self`), whose static
    /// property `base.name` is, rather than a value.
    static func namesAType(_ base: ExprSyntax?) -> Bool {
      let name =
        base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        ?? base?.as(MemberAccessExprSyntax.self)?.declName.baseName.text
      return name?.first?.isUppercase == true
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      // A local function is its enclosing code's: what it does counts there, and its name
      // (swift-nio's crash tests' `f`) is no function of the package.
      guard let body = node.body, !Self.isLocal(node) else { return .skipChildren }
      let parameters = node.signature.parameterClause.parameters.map {
        ($0.secondName ?? $0.firstName).text
      }
      // A member's item, its list, the member block: the member of a type.
      let isMember = node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true
      var found = function(
        named: node.name.text, isMember: isMember, body: Syntax(body), locals: parameters)
      found.owner = Self.owner(of: node)
      found.signature = HelperSignature(node)
      functions.append(found)
      noteStatic(node.name.text, modifiers: node.modifiers, of: node)
      return .visitChildren  // a type declared in it has functions of its own
    }

    /// Whether `node` is declared in a function's, a closure's or an accessor's body, not in
    /// a type or at the top level of a file.
    static func isLocal(_ node: some SyntaxProtocol) -> Bool {
      var ancestor = node.parent
      while let current = ancestor {
        if current.is(MemberBlockSyntax.self) || current.is(SourceFileSyntax.self) {
          return false
        }
        if current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self)
          || current.is(AccessorBlockSyntax.self)
        {
          return true
        }
        ancestor = current.parent
      }
      return false
    }

    /// The type whose member block holds `node`; for an extension `where Self == T`, `T`.
    static func owner(of node: some SyntaxProtocol) -> String? {
      guard let block = node.parent?.parent?.parent?.as(MemberBlockSyntax.self) else {
        return nil
      }
      if let extended = block.parent?.as(ExtensionDeclSyntax.self) {
        let fixed = extended.genericWhereClause?.requirements.lazy.compactMap {
          $0.requirement.as(SameTypeRequirementSyntax.self)
        }.first { $0.leftType.trimmedDescription == "Self" }
        return fixed?.rightType.trimmedDescription ?? extended.extendedType.trimmedDescription
      }
      return block.parent?.asProtocol(NamedDeclSyntax.self)?.name.text
    }

    private func noteStatic(
      _ name: String, modifiers: DeclModifierListSyntax, of node: some SyntaxProtocol
    ) {
      guard modifiers.contains(where: { ["static", "class"].contains($0.name.text) }),
        let owner = Self.owner(of: node)
      else { return }
      staticMembers[owner, default: []].insert(name)
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
      let isMember = node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true
      for binding in node.bindings {
        if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
          noteStatic(name, modifiers: node.modifiers, of: node)
        }
        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          case .accessors(let accessors)? = binding.accessorBlock?.accessors
        else { continue }
        // What runs when the property is assigned: its setter and its observers.
        for accessor in accessors
        where ["set", "willSet", "didSet"].contains(accessor.accessorSpecifier.text) {
          guard let body = accessor.body else { continue }
          var setter = function(
            named: name, isMember: isMember, body: Syntax(body),
            locals: [accessor.parameters?.name.text ?? "newValue", "oldValue"])
          setter.isSetter = true
          functions.append(setter)
        }
      }
      return .visitChildren
    }

    private func function(named name: String, isMember: Bool, body: Syntax, locals: [String])
      -> Function
    {
      var refers: [String: Set<HelperSignature.Use>] = [:]
      var refersAsMembers: [String: Set<HelperSignature.Use>] = [:]
      var assigns: Set<String> = []
      var asks = false
      // Names the body declares (`var counter = 0`) are not the globals of those names.
      var declared = Set(locals)
      // So are its local functions' and its closures' parameters, whose calls call nothing of
      // the package's (`f(x)` in `flatMap(_ f:)`).
      for token in body.tokens(viewMode: .sourceAccurate) {
        guard case .identifier(let name) = token.tokenKind, let parent = token.parent else {
          continue
        }
        if parent.is(IdentifierPatternSyntax.self)
          || parent.is(ClosureShorthandParameterSyntax.self)
          || parent.is(ClosureParameterSyntax.self) || parent.is(FunctionParameterSyntax.self)
          || parent.as(FunctionDeclSyntax.self)?.name.id == token.id
        {
          declared.insert(name)
        }
      }
      for token in body.tokens(viewMode: .sourceAccurate) {
        guard case .identifier(let name) = token.tokenKind,
          let reference = token.parent?.as(DeclReferenceExprSyntax.self)
        else { continue }
        let member = reference.parent?.as(MemberAccessExprSyntax.self)
        // `x.name` and `.name` (a static member or a case, its type implied) are members.
        let isMember = member.map { $0.declName.id == reference.id } ?? false
        if question.isAsked(name, asMember: isMember),
          isMember || !question.bareCallsOnly
            || (!declared.contains(name)
              && HelperSignature.call(of: reference)?.calledExpression.id == reference.id)
        {
          asks = true
        }
        if isMember {
          refersAsMembers[name, default: []].insert(HelperSignature.Use(reference))
        } else if !declared.contains(name) {
          refers[name, default: []].insert(HelperSignature.Use(reference))
        }
        if isMember ? member?.isAssignmentTarget == true : reference.isAssignmentTarget {
          assigns.insert(name)
        }
        if !isMember, globals.contains(name), !declared.contains(name),
          Self.isChanged(reference)
        {
          asks = true
        }
        if isMember, statics.contains(name), let member, Self.namesAType(member.base),
          Self.isChanged(member)
        {
          asks = true
        }
      }
      var found = Function(
        name: name, isMember: isMember, refers: refers, refersAsMembers: refersAsMembers,
        assigns: assigns.sorted(), asks: asks)
      found.mentions = Set(
        body.tokens(viewMode: .sourceAccurate).compactMap {
          if case .identifier(let name) = $0.tokenKind { name } else { nil }
        })
      return found
    }
  }
}

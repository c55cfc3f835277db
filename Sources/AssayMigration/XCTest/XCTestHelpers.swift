import Foundation
import SwiftParser
import SwiftSyntax

/// The functions outside `XCTestCase` subclasses that assert with XCTest: helpers such as
/// `assertValid(_:file:line:)`, found in every file of a run before any is converted.
///
/// A helper whose XCTest calls all have an Assay form becomes *neutral*: its assertions become
/// Assay's, which report to whichever framework runs the test, so suites converted to Swift
/// Testing and those left as XCTest can both call it. Any other stays XCTest, and a class that
/// calls it stays XCTest too: inside a Swift Testing test its failures would be lost.
public struct XCTestHelpers: Sendable {
  /// Helpers converted to Assay's assertions.
  public private(set) var neutral: Set<String> = []
  /// Helpers that stay XCTest.
  public private(set) var xctest: Set<String> = []
  /// Neutral helpers declared as methods of `extension XCTestCase` (ZIPFoundation's
  /// `XCTAssertSwiftError`) that use nothing of the test case: they move out of the extension,
  /// as functions that suites can call too. Only those that the run's files call by their bare
  /// name or as `self.name` (which becomes the bare name), never as `x.name`, which a function
  /// could not serve.
  public private(set) var lifted: Set<String> = []
  /// The static computed properties among ``lifted`` (vapor/postgres-nio's
  /// `shouldRunLongRunningTests`): they move out as properties of the file, and code names
  /// them bare, not `Self.name`.
  public var liftedProperties: Set<String> { lifted.intersection(properties) }
  /// The static computed properties of `extension XCTestCase` that could move.
  private var properties: Set<String> = []
  /// The module of the file that declares `name`, a function of ``lifted``, when a type,
  /// protocol or extension of the run also declares a member of that name: inside a type that
  /// has such a member, a bare call finds the member and not the function (swift-protobuf's
  /// `assertDebugDescription`, of `extension XCTestCase` and of a protocol extension its
  /// suites conform to), so the converted code calls it `Module.name`.
  private func hidingModule(of name: String) -> String? {
    guard lifted.contains(name), memberFunctions.contains(name), !properties.contains(name),
      let found = liftableModules[name], found.count == 1, let module = found.first,
      !module.isEmpty,
      // A type of that name would take `Module.name` for its member.
      !declaredTypes.contains(module)
    else { return nil }
    return module
  }
  /// The module to call a moved helper through at `reference` (`Module.name(…)`, see
  /// `hidingModule(of:)`), when it names one that a member of the same name would hide and its
  /// arguments fit the helper; `nil` otherwise (a call of the member itself stays as it is).
  func module(calling reference: DeclReferenceExprSyntax) -> String? {
    let name = reference.baseName.text
    guard let module = hidingModule(of: name),
      let call = HelperSignature.call(of: reference),
      (methodSignatures[name] ?? []).contains(where: {
        $0.fits(
          call.arguments.map { $0.label?.text },
          trailingClosures: (call.trailingClosure == nil ? [] : [nil])
            + call.additionalTrailingClosures.map { $0.label.text }, closuresByType: true)
      })
    else { return nil }
    return module
  }

  /// The names of the functions declared as members of anything but `extension XCTestCase`.
  private var memberFunctions: Set<String> = []
  /// The module of the file that declares each method of `extension XCTestCase` that could
  /// move (`Tests/<Module>/...`; empty where the path does not say).
  private var liftableModules: [String: Set<String>] = [:]
  /// Methods of `extension XCTestCase` that run a test's asynchronous body in a `Task` and
  /// wait for it (see ``AsyncTestAdapter``): a test that ends with a call of one takes the
  /// closure's statements instead.
  public var asyncAdapters: Set<String> { adapters.subtracting(notAdapters) }
  private var adapters: Set<String> = []
  private var notAdapters: Set<String> = []
  /// Test classes listed in an `allTests` array (for `LinuxMain.swift`): a suite has no such
  /// list, so they stay XCTest until the lists are removed.
  public private(set) var listedForLinuxMain: Set<String> = []
  /// Whether a file of the run uses an `allTests` list (a `LinuxMain.swift`, an
  /// `XCTestManifests.swift`); when none does, the lists are dead code, removed as their
  /// classes are converted.
  public private(set) var allTestsUsed = false
  /// Where a file of the run first uses an `allTests` list (`Tests/X/LinuxCheck.swift:12`),
  /// when the file was read with its path.
  public private(set) var listUse: String?
  /// A list that makes tests at run time (`static var allTests = Benchmark.makeTests(...)`):
  /// its expression. Only `LinuxMain.swift` runs those tests, so the lists stay.
  public private(set) var generatedList: String?
  /// The names of the types the run's files declare (at any depth): they shadow Swift
  /// Testing's types of the same name.
  public private(set) var declaredTypes: Set<String> = []
  /// The modules of the package (`Sources/<Module>/...`) that declare a type named as one of
  /// Swift Testing's (fluent-kit's `FluentBenchmark.Tag`), by name.
  public private(set) var packageTypeModules: [String: Set<String>] = [:]
  /// Each class of the run's files with its first parent and the file that declares it, as
  /// notes show it: a subclass of another file's test class stays XCTest, and says so.
  public private(set) var classParents: [String: (parent: String, path: String)] = [:]
  /// The files that declare each class, by name. Two test targets may each declare a class
  /// of the same name (OpenAPIKit's `ComponentsTests`, in `OpenAPIKitTests` and
  /// `OpenAPIKit30Tests`): an extension belongs to the nearest (see ``owners(ofExtensionOf:in:)``).
  private(set) var classFiles: [String: Set<String>] = [:]
  /// The test methods declared in extensions, by the type they extend and the file of the
  /// extension.
  private var extensionTests: [String: [String: Set<String>]] = [:]
  /// Helpers that assert with XCTest declared outside the files of the run (a test-support
  /// library target's `extension XCTestCase`), by name: they stay XCTest, so a class that calls
  /// one does too.
  public private(set) var outside: [String: OutsideHelper] = [:]

  /// A helper that asserts with XCTest, declared in a file outside the run.
  public struct OutsideHelper: Sendable, Equatable {
    /// The file that declares it, as notes show it.
    public var path: String
    /// Whether it would become Assay's were its file in the run (a function, not a method of
    /// `extension XCTestCase` or `extension XCTest`, whose assertions all have Assay's form).
    public var convertible: Bool
  }
  /// The functions of the package that ask whether they run on the main thread, themselves or
  /// through the functions they call, by name, with the file that asks (see
  /// ``FunctionReach``): a class that calls one stays XCTest, whose tests run there.
  public var mainThread: [String: String] = [:]
  /// The functions of the package that change what the whole process shares (signal
  /// handlers, the working folder, the environment, a global variable), themselves or through
  /// the functions they call, by name, with the file that does (see ``FunctionReach``): a
  /// class that calls one stays XCTest, whose tests run alone in their process.
  public var processWide: [String: String] = [:]
  /// The functions of `mainThread` and `processWide` that reach only where code names one of
  /// some names (see ``FunctionReach/Reached/gate``), with those names.
  public var gates: [String: Set<String>] = [:]

  /// The parameters of the functions of `mainThread` and `processWide` that reach, by name
  /// (see ``FunctionReach/Reached/signatures``).
  var reachingSignatures: [String: [HelperSignature]] = [:]

  /// Whether `reference` may call a function of `mainThread` or `processWide` of its name: by
  /// its argument labels (an atomic's `load(ordering:)` is no call of vapor's
  /// `DotEnvFile.load(overwrite:)`).
  func mayReach(_ reference: DeclReferenceExprSyntax) -> Bool {
    HelperSignature.mayRefer(reference, to: reachingSignatures[reference.baseName.text] ?? [])
  }

  /// Whether calling `name` reaches what the function does, from code whose type (or
  /// extension) writes the names `inSight`: always, or when they include its gate.
  func reaches(_ name: String, inSight: @autoclosure () -> Set<String>) -> Bool {
    guard let gate = gates[name] else { return true }
    return !gate.isDisjoint(with: inSight())
  }
  /// The declarations of each helper that stays XCTest or is outside the run, as calls can
  /// match them (see ``HelperSignature``).
  private(set) var signatures: [String: [HelperSignature]] = [:]

  /// Whether `reference` may use a helper of its name: by its argument labels, when the run
  /// read that helper's declarations.
  func mayRefer(_ reference: DeclReferenceExprSyntax) -> Bool {
    HelperSignature.mayRefer(reference, to: signatures[reference.baseName.text] ?? [])
  }

  /// Whether helpers may become Assay's: only when the tests can import Assay.
  public var usesAssay = true {
    didSet { classify() }
  }
  /// Each helper's XCTest names, and whether its calls can all take Assay's form.
  private var found: [String: (names: Set<String>, convertible: Bool)] = [:]
  /// Methods of `extension XCTestCase` that would be neutral as functions.
  private var liftable: Set<String> = []
  /// Names of methods of `extension XCTestCase` that use the test case: every method of such
  /// a name stays one, since lifting moves all the overloads of a name.
  private var fixed: Set<String> = []
  /// What the run's files show of each name they use after a period (`suite.check(1)`),
  /// but `self.` and `Self.`: a method that such a use may call stays one.
  private var memberUses: [String: Set<HelperSignature.Use>] = [:]
  /// The declarations of the methods of `extension XCTestCase` (but overrides), by name.
  private var methodSignatures: [String: [HelperSignature]] = [:]
  /// The functions and properties that extensions of `XCTestCase` declare.
  private var extensionMembers: Set<String> = []
  /// The types that extensions of `XCTestCase` declare, with the type each extends: a method
  /// that moves out names them so (`XCTestCase.OptionalUnwrappingError`).
  public private(set) var nestedTypes: [String: String] = [:]
  /// The names each method of `extension XCTestCase` that could move uses bare.
  private var bareNames: [String: Set<String>] = [:]
  /// The methods each method of `extension XCTestCase` that could move calls through `self.`:
  /// it moves only with them.
  private var calledThroughSelf: [String: Set<String>] = [:]
  /// The names the run's files refer to (not those they declare), without backticks, but for
  /// XCTest's own ``lifecycle`` methods: only a file outside the run that declares a function
  /// of one of these names can matter to the run.
  public private(set) var usedNames: Set<String> = []
  /// The methods XCTest calls on a test case: a subclass's `super.setUp()` calls its parent's,
  /// never a helper of that name (another file's `override func setUp()` that asserts), so
  /// none of them is a helper outside the run.
  static let lifecycle: Set<String> = [
    "setUp", "tearDown", "setUpWithError", "tearDownWithError", "invokeTest",
  ]

  /// The generic functions of the package and of its dependencies' checkouts whose result
  /// only the context types (see ``ContextTypedCalls``), by name: a call of one that
  /// `XCTAssertNil` or `XCTAssertNotNil` checks keeps XCTest's `Any?` after conversion.
  public var contextTyped: Set<String> = []

  /// The functions of the package and of its dependencies' checkouts declared `throws`, by
  /// name, that a check which may become `#require` calls: the converted `#require` tries
  /// such a call inside (see ``ThrowingRequire``).
  public var throwing: Set<String> = []

  /// Assay's assertion names that a file of the package declares a function of
  /// (swift-nio-http2's own `assertNoThrow`): in the files of its target it hides Assay's, so
  /// the converted code writes `Assay.assertNoThrow`.
  public private(set) var declaredAssertionNames: Set<String> = []

  /// No helpers.
  public init() {}

  /// Notes which of Assay's assertion names `source` declares a function of, read from its
  /// text (a file outside the run, which is not parsed).
  public mutating func noteDeclaredFunctions(in source: String) {
    guard let names = Self.declaredFunctionNames(in: source) else { return }
    declaredAssertionNames.formUnion(names.intersection(XCTestAssertion.assayFunctionNames))
  }

  /// Notes the types named as one of Swift Testing's that `source`, the file at `path`
  /// (relative to the package) of a module in `Sources`, declares. Read from the text, not
  /// parsed: most files of a package name `Test` or `Issue` somewhere.
  public mutating func noteDeclaredTypes(in source: String, path: String) {
    let parts = path.split(separator: "/")
    guard parts.count >= 3, parts[0] == "Sources" else { return }
    let text = source as NSString
    for match in Self.testingTypeDeclaration.matches(
      in: source, range: NSRange(location: 0, length: text.length))
    {
      packageTypeModules[text.substring(with: match.range(at: 1)), default: []].insert(
        String(parts[1]))
    }
  }

  /// Notes the classes that `source`, a file of the package outside the run, declares with a
  /// superclass, read from its text: a test class of the run whose base class is one of them
  /// (swift-collections' `CollectionTestCase`, in a support target) stays XCTest, and its note
  /// names that file. The run's own classes come first.
  public mutating func noteClassParents(in source: String, path: String) {
    guard source.contains("class ") else { return }
    let text = source as NSString
    for match in Self.classWithParent.matches(
      in: source, range: NSRange(location: 0, length: text.length))
    {
      let name = text.substring(with: match.range(at: 1))
      if classParents[name] == nil {
        classParents[name] = (text.substring(with: match.range(at: 2)), path)
      }
    }
  }

  /// `open class CollectionTestCase: XCTestCase`, `final class Box<T>: Base`: a class and its
  /// first parent.
  private static let classWithParent = try! NSRegularExpression(
    pattern:
      "\\bclass\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*(?:<[^>{]*>)?\\s*:\\s*([A-Za-z_][A-Za-z0-9_.]*)")

  /// `struct Tag`, `public final class Issue`: a declaration of a type named as one of Swift
  /// Testing's.
  private static let testingTypeDeclaration = try! NSRegularExpression(
    pattern: "\\b(?:struct|class|enum|protocol|typealias|actor)\\s+("
      + XCTestMigration.Plan.testingNames.sorted().joined(separator: "|") + ")\\b")

  /// Reads the helpers of `source`; `path` names the file in notes.
  public mutating func read(_ source: String, path: String? = nil) {
    read(Parser.parse(source: source), path: path)
  }

  mutating func read(_ tree: SourceFileSyntax, path: String? = nil) {
    let finder = Finder()
    finder.walk(tree)
    listedForLinuxMain.formUnion(finder.listed)
    let use = tree.tokens(viewMode: .sourceAccurate).first { token in
      guard case .identifier(let name) = token.tokenKind, Self.isTestList(name) else {
        return false
      }
      // A declaration of a list, or a label named so (`(allTests: TestManifest)`), is no use;
      // nor is a test that only checks the lists.
      return !(token.parent?.is(IdentifierPatternSyntax.self) ?? false)
        && !(token.parent?.is(TupleTypeElementSyntax.self) ?? false)
        && !Self.isInListCheck(token)
    }
    if generatedList == nil, let made = Self.generatedList(in: tree) {
      generatedList = made.expression
      allTestsUsed = true
      listUse = path.map { path in
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        return "\(path):\(made.node.startLocation(converter: converter).line)"
      }
    }
    if let use, !allTestsUsed {
      allTestsUsed = true
      listUse = path.map { path in
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        return "\(path):\(use.startLocation(converter: converter).line)"
      }
    }
    let introducers: Set<TokenKind> = [
      .keyword(.struct), .keyword(.class), .keyword(.enum), .keyword(.protocol),
      .keyword(.typealias), .keyword(.actor),
    ]
    for token in tree.tokens(viewMode: .sourceAccurate) where introducers.contains(token.tokenKind)
    {
      if case .identifier(let name)? = token.nextToken(viewMode: .sourceAccurate)?.tokenKind {
        declaredTypes.insert(name)
      }
    }
    declaredAssertionNames.formUnion(
      XCTestMigration.declaredFunctions(in: tree).intersection(XCTestAssertion.assayFunctionNames))
    let declarations = XCTestMigration.Declarations()
    declarations.walk(tree)
    for item in declarations.classes {
      classFiles[item.name.text, default: []].insert(path ?? "")
      guard let parent = item.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
      else { continue }
      classParents[item.name.text] = (parent, path ?? "another file")
    }
    for item in declarations.extensions {
      let tests = XCTestRewriter.testMethods(in: item.memberBlock).map(\.name.text)
      if !tests.isEmpty {
        extensionTests[item.extendedType.trimmedDescription, default: [:]][path ?? "", default: []]
          .formUnion(tests)
      }
    }
    liftable.formUnion(finder.liftable)
    properties.formUnion(finder.properties)
    for name in finder.liftable {
      liftableModules[name, default: []].insert(path.flatMap(Self.module(of:)) ?? "")
    }
    memberFunctions.formUnion(Self.memberFunctions(in: tree))
    fixed.formUnion(finder.fixed)
    adapters.formUnion(finder.adapters)
    notAdapters.formUnion(finder.notAdapters)
    // `self.check(…)` (or `Self.check(…)`, a static one) becomes `check(…)`; any other base
    // keeps a method a method.
    for token in tree.tokens(viewMode: .sourceAccurate) {
      guard case .identifier(let name) = token.tokenKind else { continue }
      if token.parent?.is(DeclReferenceExprSyntax.self) == true, !Self.lifecycle.contains(name) {
        usedNames.insert(name.trimmingCharacters(in: ["`"]))
      }
      guard let period = token.previousToken(viewMode: .sourceAccurate),
        period.tokenKind == .period,
        let base = period.previousToken(viewMode: .sourceAccurate)?.tokenKind,
        base != .keyword(.self), base != .keyword(.Self)
      else { continue }
      let use = token.parent?.as(DeclReferenceExprSyntax.self).map(HelperSignature.Use.init)
      memberUses[name, default: []].insert(use ?? .value)
    }
    for (name, declarations) in finder.methodSignatures {
      methodSignatures[name, default: []].append(contentsOf: declarations)
      // A method that asserts nothing and stays is a helper a suite cannot call either.
      if finder.found[name] == nil {
        signatures[name, default: []].append(contentsOf: declarations)
      }
    }
    extensionMembers.formUnion(finder.members)
    nestedTypes.merge(finder.nestedTypes) { first, _ in first }
    bareNames.merge(finder.bareNames) { $0.union($1) }
    calledThroughSelf.merge(finder.calledThroughSelf) { $0.union($1) }
    for (name, declarations) in finder.signatures {
      signatures[name, default: []].append(contentsOf: declarations)
    }
    for (name, entry) in finder.found {
      let known = found[name]
      found[name] = (
        (known?.names ?? []).union(entry.names), (known?.convertible ?? true) && entry.convertible
      )
    }
    classify()
  }

  /// The names of the functions `tree` declares as members of a type, protocol or extension
  /// other than an extension of `XCTestCase` (or `XCTest`).
  static func memberFunctions(in tree: SourceFileSyntax) -> Set<String> {
    Set(
      tree.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
        guard token.tokenKind == .keyword(.func),
          let function = token.parent?.as(FunctionDeclSyntax.self),
          function.parent?.is(MemberBlockItemSyntax.self) == true
        else { return nil }
        // (The member's item, the list, the member block, the declaration.)
        let owner = function.parent?.parent?.parent?.parent
        if let extended = owner?.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription,
          isXCTestClass(extended)
        {
          return nil
        }
        return function.name.text
      })
  }

  /// The module of a file at `path` in a package's usual layout (`Tests/<Target>/...` or
  /// `Sources/<Target>/...`), as Swift names it: characters that cannot be in an identifier
  /// become `_`. `nil` elsewhere.
  static func module(of path: String) -> String? {
    let components = path.split(separator: "/").map(String.init)
    guard let index = components.lastIndex(where: { $0 == "Tests" || $0 == "Sources" }),
      index + 2 < components.count
    else { return nil }
    var name = String(
      components[index + 1].map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if name.first?.isNumber == true { name = "_" + name }
    return name
  }

  /// Reads the helpers of `source`, a file of the package outside the run (`path` names it in
  /// notes): they stay XCTest, since the run does not convert that file. Functions named as
  /// XCTest's own assertions (a package's `XCTAssertEqual` for arrays of pairs) are left out:
  /// a call cannot tell them from XCTest's without types, and the build after writing puts back
  /// a suite whose call then does not compile.
  public mutating func readOutsideTheRun(_ tree: SourceFileSyntax, path: String) {
    let finder = Finder()
    finder.walk(tree)
    for (name, entry) in finder.found
    where XCTestAssertion.assayNames[name] == nil && outside[name] == nil
      && !Self.lifecycle.contains(name)
    {
      outside[name] = OutsideHelper(path: path, convertible: entry.convertible)
      signatures[name, default: []].append(contentsOf: finder.signatures[name] ?? [])
    }
    classify()
  }

  /// The names of the functions that `source` declares, read from its text without parsing it
  /// (each `func` and the name after it, in comments and strings too), or `nil` when it
  /// declares an operator, whose uses are not names.
  ///
  /// A file outside the run is parsed only when it declares a function that the run's files
  /// name (``usedNames``): parsing every test file of swift-nio-http2 to migrate one of them
  /// took 10 s in the debug build that `swift run assay` gives.
  public static func declaredFunctionNames(in source: String) -> Set<String>? {
    let bytes = Array(source.utf8)
    func isNamePart(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 0x30 && byte <= 0x39)
        || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a)
    }
    func isSpace(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
    }
    let keyword = Array("func".utf8)
    var names: Set<String> = []
    var index = 0
    while index + keyword.count < bytes.count {
      defer { index += 1 }
      guard bytes[index] == keyword[0], bytes[index..<index + keyword.count].elementsEqual(keyword),
        index == 0 || !isNamePart(bytes[index - 1]), isSpace(bytes[index + keyword.count])
      else { continue }
      var start = index + keyword.count
      while start < bytes.count, isSpace(bytes[start]) { start += 1 }
      guard start < bytes.count else { break }
      if bytes[start] == UInt8(ascii: "`") { start += 1 }
      var end = start
      while end < bytes.count, isNamePart(bytes[end]) { end += 1 }
      // Not a name (and not a digit first): an operator.
      if end == start || (bytes[start] >= 0x30 && bytes[start] <= 0x39) { return nil }
      names.insert(String(decoding: bytes[start..<end], as: UTF8.self))
      index = end - 1
    }
    return names
  }

  /// The files whose class `name` an extension of it in `path` extends: the one file that
  /// declares the class, or, when several do (a class of the same name in each of two test
  /// targets), those nearest `path`, with the most folders in common. Empty when no file read
  /// declares it.
  func owners(ofExtensionOf name: String, in path: String) -> Set<String> {
    let files = classFiles[name, default: []]
    guard files.count > 1 else { return files }
    let folders = path.split(separator: "/").dropLast()
    func shared(_ file: String) -> Int {
      zip(folders, file.split(separator: "/").dropLast()).prefix { $0 == $1 }.count
    }
    let nearest = files.map(shared).max() ?? 0
    return files.filter { shared($0) == nearest }
  }

  /// The test methods declared in extensions of the class `name` that the file `path`
  /// declares, in every file read (its own included): a class whose tests are partly in
  /// another file's extension is converted with that file, or stays XCTest.
  public func testsInExtensions(of name: String, declaredIn path: String) -> Set<String> {
    extensionTests[name, default: [:]].reduce(into: Set<String>()) { tests, entry in
      if owners(ofExtensionOf: name, in: entry.key).contains(path) { tests.formUnion(entry.value) }
    }
  }

  /// XCTestCase's waits that the migration converts, and the labels they take.
  private static let waits: [String: Set<String>] = [
    "fulfillment": ["of", "timeout", "enforceOrder", "file", "line"],
    "wait": ["for", "timeout", "enforceOrder", "file", "line"],
  ]

  /// Whether a method of `extension XCTestCase` stands in for XCTest's own wait of the same
  /// name and labels (a copy for older toolchains): calls to it convert as calls to XCTest's.
  static func isStandIn(_ function: FunctionDeclSyntax) -> Bool {
    let parameters = function.signature.parameterClause.parameters
    guard let labels = waits[function.name.text],
      parameters.first?.type.trimmedDescription == "[XCTestExpectation]"
    else { return false }
    return parameters.allSatisfy { labels.contains($0.firstName.text) }
  }

  /// Whether `name` is XCTestCase or its superclass XCTest, whose methods only a test class
  /// can call.
  static func isXCTestClass(_ name: String) -> Bool {
    ["XCTestCase", "XCTest.XCTestCase", "XCTest", "XCTest.XCTest"].contains(name)
  }

  /// Neutral: convertible, and every XCTest name it uses has an Assay form or is another
  /// neutral helper (found again until nothing changes).
  private mutating func classify() {
    var neutral = usesAssay ? Set(found.filter { $0.value.convertible }.keys) : []
    var changed = true
    while changed {
      changed = false
      for name in neutral {
        let names = found[name]?.names ?? []
        let ok = names.allSatisfy {
          XCTestAssertion.assayNames[$0] != nil || neutral.contains($0)
        }
        if !ok {
          neutral.remove(name)
          changed = true
        }
      }
    }
    // A name the run declares that another target declares too may mean either: it stays.
    neutral.subtract(outside.keys)
    // Methods of `extension XCTestCase` that may move: those that assert only as Assay can,
    // and those that do not assert at all.
    var lifted = liftable.subtracting(fixed).filter { name in
      (found[name] == nil ? outside[name] == nil : neutral.contains(name))
        // `AES.KeyWrap.unwrap(wrapped, using: kek)` is no call of `unwrap(_:file:line:)`.
        && !(memberUses[name] ?? []).contains {
          HelperSignature.mayRefer($0, to: methodSignatures[name] ?? [])
        }
        // A property named after another base (`XCTestCase.name`) stays one.
        && !(properties.contains(name) && memberUses[name] != nil)
    }
    // One that uses a property or method the extensions keep, or calls through `self.` one
    // that stays, stays with it.
    changed = true
    while changed {
      changed = false
      for name in lifted
      where !(bareNames[name] ?? []).intersection(extensionMembers).subtracting([name])
        .isSubset(of: lifted) || !(calledThroughSelf[name] ?? []).isSubset(of: lifted)
      {
        lifted.remove(name)
        changed = true
      }
    }
    self.lifted = lifted
    // A method that cannot move stays XCTestCase's: only a test class can call it.
    neutral.subtract(liftable.subtracting(lifted))
    self.neutral = neutral
    xctest = Set(found.keys).subtracting(neutral).union(outside.keys)
      .union(Set(methodSignatures.keys).subtracting(lifted).subtracting(found.keys))
  }
}

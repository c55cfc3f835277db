import AssayToolSupport
import SwiftParser
import SwiftSyntax

/// Converts one file's XCTest suites to Swift Testing, with Assay where Swift Testing has no
/// equivalent (approximate equality, expectations and waits, `measure`).
///
/// A class is converted only when everything in it has a form that checks the same thing;
/// otherwise it stays as it is, marked with one `// assay-migrate:` comment that says why, and
/// listed in the notes. Comments, formatting and `#if` blocks are kept.
public enum XCTestMigration {
  /// How to convert.
  public struct Options: Sendable {
    /// Give each test a display name from its method's name (`testUserLogsIn` → "User logs in").
    public var displayNames = false
    /// The helpers of the run that assert with XCTest: those that convert to Assay's
    /// assertions, and those that stay XCTest (a class that calls one stays XCTest too).
    public var helpers = XCTestHelpers()
    /// Whether the tests can import Assay (their target depends on it). Without it, what
    /// needs Assay (accuracy, expectations, measure, helpers) stays XCTest.
    public var usesAssay = true
    /// What the assertions of converted tests become.
    public var assertions = Assertions.expect
    /// Whether every suite runs its tests one at a time, as XCTest does. Otherwise only the
    /// suites whose tests share process-wide state (see `XCTestRewriter.sharedState(of:)`)
    /// do, and the others run their tests in parallel, as Swift Testing does.
    public var serialized = false
    /// Classes to leave as XCTest, by name, each with why (the session puts back a suite
    /// whose converted code does not compile: "its converted code does not compile: ...").
    public var keptAsXCTest: [String: String] = [:]
    /// Suites whose assertions become Assay's, as with `--assertions assay` for them alone: the
    /// session names a suite whose `#expect` form does not compile. Assay's assertions are
    /// generic functions, typed as XCTest's are, so `assertEqual(42, anyHashable)` compiles.
    public var assayAssertionSuites: Set<String> = []
    /// The classes whose tests are in extensions in other files of the run: read by
    /// ``XCTestMigration/migrate(_:options:)``, which converts each with its extensions.
    var split = SplitSuites()
    /// The helper base classes whose families convert: read by
    /// ``XCTestMigration/migrate(_:options:)``, which converts each family whole or not at all.
    var families = ClassFamilies()
    /// The serialized root suite of each test target that has one, by target folder: read by
    /// ``XCTestMigration/migrate(_:options:)`` (see ``SerializedRoot``).
    var serializedRoots: [String: SerializedRoot] = [:]
    /// The run's files, each parsed once.
    public var trees = SyntaxTrees()

    /// The defaults.
    public init() {}
  }

  /// What the assertions of converted tests become.
  public enum Assertions: String, Sendable, CaseIterable {
    /// Swift Testing's `#expect` and `#require` (and `Issue.record`).
    case expect
    /// Assay's assertions (`assertEqual`, `unwrap`, `fail`, ...): no macro to expand, so the
    /// tests compile faster (`docs/benchmarks.md`); they need the tests to depend on Assay.
    case assay
  }

  /// A file after conversion.
  public typealias Result = MigrationResult
  /// Something left as it was.
  public typealias Note = MigrationResult.Note

  /// The marker of what the migration left, at the start of its comment.
  public static let marker = "// assay-migrate:"

  /// Converts the files of a run, each class with its extensions in the other files:
  /// `options.helpers` must have read every file first. The results are in the files' order.
  ///
  /// A first pass decides, in the file that declares each class, whether it is converted
  /// (the blockers of its extensions elsewhere count); a second converts the extensions in the
  /// other files of the classes converted.
  public static func migrate(
    _ files: [(path: String, source: String)], options: Options = Options()
  ) -> [Swift.Result<Result, RunError>] {
    var options = options
    options.split = SplitSuites()
    options.families = ClassFamilies()
    var helpers = options.helpers
    helpers.usesAssay = options.usesAssay
    for file in files {
      let tree = options.trees.tree(file.source)
      options.split.read(tree, path: file.path, helpers: helpers, usesAssay: options.usesAssay)
      options.families.read(tree, path: file.path, helpers: helpers, usesAssay: options.usesAssay)
    }
    options.families.resolve(split: options.split, taken: helpers.declaredTypes)
    options.serializedRoots = SerializedRoot.find(in: files, tree: options.trees.tree)
    // A copy of a base that the build put back (see `MigrationSession`) leaves its family.
    for (base, copy) in options.families.copies {
      if let why = options.keptAsXCTest[copy] {
        options.families.leave(base, because: "its Swift Testing copy, \(copy): " + why)
      }
    }
    let convert = { (file: (path: String, source: String), options: Options) in
      Swift.Result { () throws(RunError) in
        try migrate(file.source, path: file.path, options: options)
      }
    }
    var results = files.map { convert($0, options) }
    // A family whose base or a subclass stayed XCTest in its file stays XCTest whole, or,
    // when it splits, without that subclass; each round leaves a family or a subclass, so this
    // ends.
    while let broken = brokenFamily(options.families, files: files, results: results) {
      let paths = Set(
        [broken.base.path] + options.families.subclasses(of: broken.base).map(\.path))
      if let subclass = broken.subclass, options.families.copies[broken.base] != nil {
        options.families.drop(subclass, of: broken.base, because: broken.why)
      } else {
        options.families.leave(broken.base, because: broken.message)
      }
      for (index, file) in files.enumerated() where paths.contains(file.path) {
        results[index] = convert(file, options)
      }
    }
    var converted: Set<SplitSuites.Class> = []
    for (file, result) in zip(files, results) {
      guard let result = try? result.get() else { continue }
      // A base converted in place takes its extensions elsewhere along; a copy leaves them.
      let bases = result.convertedBases.filter {
        options.families.copy(ofBase: $0, in: file.path) == nil
      }
      for name in result.convertedSuites.union(bases) {
        converted.insert(SplitSuites.Class(path: file.path, name: name))
      }
    }
    let extendedElsewhere = Set(options.split.extended.keys).intersection(converted)
    guard !extendedElsewhere.isEmpty else { return results }
    options.split.converted = extendedElsewhere
    let extending = extendedElsewhere.reduce(into: Set<String>()) { paths, owner in
      paths.formUnion(options.split.extended[owner] ?? [])
    }
    for (index, file) in files.enumerated() where extending.contains(file.path) {
      results[index] = convert(file, options)
    }
    return results
  }

  /// A family that converts whose base or a subclass stayed XCTest in its file after all.
  private struct BrokenFamily {
    var base: ClassFamilies.Class
    /// The subclass that stayed, when the base converted.
    var subclass: ClassFamilies.Class?
    /// Why, as its file's note says.
    var why: String

    /// Why the family stays XCTest whole.
    var message: String {
      subclass.map {
        "its subclass \($0.name) (\($0.path)) stays XCTest" + (why.isEmpty ? "" : ": \(why)")
      }
        ?? why
    }
  }

  /// The first family that converts whose base or a subclass stayed XCTest in its file;
  /// `nil` when every family converted as planned.
  private static func brokenFamily(
    _ families: ClassFamilies, files: [(path: String, source: String)],
    results: [Swift.Result<Result, RunError>]
  ) -> BrokenFamily? {
    let byPath = Dictionary(
      zip(files.map(\.path), results.map { try? $0.get() }), uniquingKeysWith: { first, _ in first }
    )
    let left = "left as XCTest: "
    for base in families.converting.keys.sorted(by: { ($0.path, $0.name) < ($1.path, $1.name) }) {
      guard let result = byPath[base.path] ?? nil, result.convertedBases.contains(base.name) else {
        let note = (byPath[base.path] ?? nil)?.notes.first { $0.line == families.line(of: base) }
        return BrokenFamily(
          base: base, subclass: nil,
          why: note.map { $0.message.replacingOccurrences(of: left, with: "") }
            ?? "\(base.name) stays XCTest in \(base.path)")
      }
      for subclass in families.subclasses(of: base) {
        guard let converted = byPath[subclass.path] ?? nil,
          converted.convertedSuites.contains(subclass.name)
        else {
          let note = (byPath[subclass.path] ?? nil)?.notes.first {
            $0.line == families.line(of: subclass)
          }
          return BrokenFamily(
            base: base, subclass: subclass,
            why: note.map { $0.message.replacingOccurrences(of: left, with: "") } ?? "")
        }
      }
    }
    return nil
  }

  /// Converts `source`; `path` names it in errors. A class whose tests are partly in other
  /// files is converted only through ``migrate(_:options:)``, which sees those files.
  ///
  /// - Throws: ``RunError`` when the file does not parse.
  public static func migrate(_ source: String, path: String, options: Options = Options())
    throws(RunError) -> Result
  {
    let tree = options.trees.tree(source)
    if tree.hasError {
      let converter = SourceLocationConverter(fileName: path, tree: tree)
      let line =
        tree.tokens(viewMode: .all).first { $0.hasError || $0.presence == .missing }
        .map { $0.startLocation(converter: converter).line } ?? 1
      throw RunError("\(path):\(line): error: this file does not parse; it was left as it is")
    }
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    var helpers = options.helpers
    helpers.usesAssay = options.usesAssay
    helpers.read(tree, path: path)
    let plan = Plan(
      tree: tree, path: path, converter: converter, helpers: helpers,
      kept: options.keptAsXCTest, split: options.split, families: options.families)
    let hasHelpers =
      tree.statements.contains { item in
        item.item.as(FunctionDeclSyntax.self).map { helpers.neutral.contains($0.name.text) }
          ?? false
      } || !XCTestRewriter.liftedHelpers(in: tree, helpers: helpers).isEmpty
      || XCTestRewriter.callsLiftedHelpersThroughSelf(tree, helpers: helpers)
    guard plan.convertsAnything || !plan.left.isEmpty || !plan.removed.isEmpty || hasHelpers
    else {
      return Result(text: source)
    }
    let rewriter = XCTestRewriter(
      plan: plan, options: options,
      serializedRoot: options.serializedRoots[SerializedRoot.target(of: path)])
    var rewritten = rewriter.rewrite(tree).as(SourceFileSyntax.self) ?? tree
    if let qualified = plan.qualified, plan.convertsAnything {
      rewritten =
        TestingNameQualifier(modules: qualified).rewrite(rewritten)
        .as(SourceFileSyntax.self) ?? rewritten
    }
    var result = Result(
      text: Imports.adjust(rewritten, plan: plan, needsAssay: rewriter.needsAssay))
    result.suites = plan.converted.count
    result.convertedSuites = plan.converted
    result.convertedBases = plan.bases.union(rewriter.copied)
    result.tests = rewriter.tests
    result.assertions = rewriter.assertions
    result.notes = (plan.left.map { ($0.line, $0.message) } + plan.removals)
      .sorted { $0.0 < $1.0 }.map { Note(line: $0.0, message: $0.1) }
    if result.text == source { result.notes = [] }
    return result
  }

  /// The names of the functions `tree` declares, at any depth.
  static func declaredFunctions(in tree: SourceFileSyntax) -> Set<String> {
    Set(
      tree.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
        guard token.tokenKind == .keyword(.func),
          case .identifier(let name)? = token.nextToken(viewMode: .sourceAccurate)?.tokenKind
        else { return nil }
        return name
      })
  }

  /// The classes and extensions of a file, at the top level or in `#if` blocks.
  final class Declarations: SyntaxVisitor {
    var classes: [ClassDeclSyntax] = []
    var extensions: [ExtensionDeclSyntax] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      classes.append(node)
      return .skipChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      extensions.append(node)
      return .skipChildren
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  }

  /// Which classes are converted and which are left, with why.
  struct Plan {
    var converted: Set<String> = []
    /// Classes converted in another file, whose extensions here are converted with them.
    var extended: Set<String> = []
    var left: [(name: String, line: Int, message: String)] = []
    /// Converted classes that call `addTeardownBlock`, or whose tearDown becomes a teardown
    /// block: their suite takes `.tearsDown`.
    var tearsDown: Set<String> = []
    /// Converted classes whose tearDown runs as a teardown block that `init` adds: it is
    /// asynchronous or throws (a `deinit` can be neither), or the tests add blocks of their own,
    /// which XCTest runs before tearDown.
    var tearDownAsBlock: Set<String> = []
    /// Helper base classes converted with their family (see ``ClassFamilies``): each becomes a
    /// plain class that its subclasses' suites inherit.
    var bases: Set<String> = []
    /// Subclasses of such a base, converted to suites, each with the superclass it keeps (the
    /// base, or its Swift Testing copy).
    var subclasses: [String: String] = [:]
    /// How the `override init()` that a subclass's setUp becomes calls its base's `init`, by
    /// subclass (see ``ClassFamilies/superInit(for:)``).
    var superInits: [String: (call: String, isAsync: Bool, isThrowing: Bool)] = [:]
    /// Helper base classes kept as XCTest, each with the name of its Swift Testing copy,
    /// written after it (see ``ClassFamilies``).
    var copiedBases: [String: String] = [:]
    /// Converted classes whose tests stop at their first failure (`continueAfterFailure =
    /// false` in their setUp, or in their base's): see ``StopOnFailure``.
    var stopsOnFailure: Set<String> = []
    /// Classes whose tests only check XCTest's lists for Linux, which go: removed whole.
    var removed: Set<String> = []
    /// What was removed with the lists, and where, for the notes.
    var removals: [(line: Int, message: String)] = []

    let helpers: XCTestHelpers
    /// The names of the functions the file declares, and Assay's assertion names that another
    /// file of the package declares: Assay's assertion of the same name is written
    /// `Assay.fail`, `Assay.assertEqual`, so that it means Assay's.
    let declaredFunctions: Set<String>
    /// Names of Swift Testing's types that the file uses from a module it imports, each with
    /// that module, to be written with the module's name (`Yams.Tag`); `nil` when there are
    /// none.
    var qualified: [String: String]?
    /// How the converted code names Swift Testing's `Test` (`@Test`, `Test.cancel`):
    /// `Testing.Test` when the tests declare a `Test` of their own.
    var testType = "Test"

    /// Whether the file converts a class, or extensions of one converted elsewhere.
    var convertsAnything: Bool {
      !converted.isEmpty || !extended.isEmpty || !bases.isEmpty || !copiedBases.isEmpty
    }

    /// Modules of the toolchain, which declare none of the names Swift Testing's would clash
    /// with.
    static let systemModules: Set<String> = [
      "XCTest", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch",
      "Glibc", "Musl", "Darwin", "Testing", "Assay", "Synchronization", "CoreFoundation",
    ]

    /// Swift Testing's public types: in a file that names one of its own, `import Testing`
    /// would change what the name means (Yams has a `Tag`).
    static let testingNames: Set<String> = [
      "Attachable", "AttachableAsImage", "AttachableImageFormat", "AttachableWrapper",
      "Attachment", "Bug", "Comment", "ConditionTrait", "Confirmation",
      "CustomTestArgumentEncodable", "CustomTestStringConvertible", "ExitStatus", "ExitTest",
      "Expectation", "ExpectationFailedError", "Issue", "IssueHandlingTrait",
      "KnownIssueMatcher", "ParallelizationTrait", "SourceLocation", "SuiteTrait", "Tag", "Test",
      "TestScoping", "TestTrait", "TimeLimitTrait", "Trait",
    ]

    init(
      tree: SourceFileSyntax, path: String, converter: SourceLocationConverter,
      helpers: XCTestHelpers,
      kept: [String: String] = [:], split: SplitSuites = SplitSuites(),
      families: ClassFamilies = ClassFamilies()
    ) {
      self.helpers = helpers
      declaredFunctions = XCTestMigration.declaredFunctions(in: tree)
        .union(helpers.declaredAssertionNames)
      var clashes = Set(
        tree.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
          guard case .identifier(let name) = token.tokenKind else { return nil }
          // A member of another type (`SSHChannelRequestEvent.ExitStatus`, `OpenAPI.Tag`)
          // means the same once the file imports Testing.
          if token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period { return nil }
          return Self.testingNames.contains(name) ? name : nil
        })
      let imports = tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
        .map(\.path.trimmedDescription)
      // A type of the tests' own shadows Swift Testing's; when one is named `Test`, the
      // converted code writes `@Testing.Test` and `Testing.Test.cancel`. One of a module the
      // file imports is written in full (`Yams.Tag`), so that `import Testing` changes
      // nothing it means: the module of the package that declares it (fluent-kit's
      // `FluentBenchmark.Tag`, in a file importing seven modules), or the one module the
      // file imports.
      clashes.subtract(helpers.declaredTypes)
      if helpers.declaredTypes.contains("Test") {
        testType = "Testing.Test"
      }
      let modules = imports.filter { !Self.systemModules.contains($0) }
      let owners = Dictionary(
        uniqueKeysWithValues: clashes.map { name in
          let declaring = modules.filter { helpers.packageTypeModules[name]?.contains($0) == true }
          return (
            name, declaring.count == 1 ? declaring[0] : modules.count == 1 ? modules[0] : nil
          )
        })
      if !clashes.isEmpty, !clashes.contains("Test"), !imports.contains("Testing"),
        owners.values.allSatisfy({ $0 != nil })
      {
        qualified = owners.compactMapValues { $0 }
        clashes = []
      }
      // Classes and extensions anywhere, `#if` blocks included.
      let declarations = Declarations()
      declarations.walk(tree)
      let classes = declarations.classes
      let extensions = declarations.extensions
      let declared = Set(classes.map(\.name.text))
      extended = Set(
        extensions.map(\.extendedType.trimmedDescription).filter {
          split.extendsAConvertedClass($0, in: path) && !declared.contains($0)
        })
      let parents = Dictionary(
        classes.map {
          ($0.name.text, $0.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription)
        },
        uniquingKeysWith: { first, _ in first })
      for declaration in classes {
        let name = declaration.name.text
        let line = declaration.startLocation(converter: converter).line
        let parent = parents[name] ?? nil
        // A subclass of a helper base class whose family converts is converted as a test
        // class is, keeping its superclass.
        let familyBase = families.convertingBase(ofSubclass: name, in: path)
        let isTestCase =
          parent == "XCTestCase" || parent == "XCTest.XCTestCase" || familyBase != nil
        let hasSubclass = parents.values.contains(name)
        if !isTestCase {
          // A subclass of a test class of this file or another of the run: XCTest runs it,
          // Swift Testing would not.
          var ancestor = parent
          var seen: Set<String> = [name]
          while let current = ancestor, !seen.contains(current),
            let next = parents[current] ?? helpers.classParents[current]?.parent
          {
            seen.insert(current)
            if next == "XCTestCase" || next == "XCTest.XCTestCase" {
              let elsewhere =
                parents[parent ?? ""] == nil
                ? helpers.classParents[parent ?? ""].map { " (\($0.path))" } ?? "" : ""
              let basePath =
                parents[current] != nil ? path : helpers.classParents[current]?.path ?? ""
              let refusal =
                current == parent ? families.whyRefused(base: current, in: basePath) : nil
              let staying =
                current == parent ? families.whyStaying(name, in: path) : nil
              left.append(
                (
                  name, line,
                  staying.map {
                    "left as XCTest with its base class \(current)\(elsewhere), which stays "
                      + "XCTest for it: \($0)"
                  }
                    ?? refusal.map {
                      "left as XCTest with its base class \(current)\(elsewhere): \($0)"
                    }
                    ?? "left as XCTest: a subclass of \(parent ?? "")\(elsewhere), not of XCTestCase"
                ))
              break
            }
            ancestor = next
          }
          continue
        }
        if !clashes.isEmpty, !imports.contains("Testing") {
          left.append(
            (
              name, line,
              "left as XCTest: the file names \(clashes.sorted().joined(separator: ", ")), which "
                + "Swift Testing declares too: importing it would change what "
                + (clashes.count == 1 ? "that name means" : "those names mean")
            ))
          continue
        }
        if let why = kept[name] {
          left.append((name, line, "left as XCTest: " + why))
          continue
        }
        if helpers.listedForLinuxMain.contains(name), helpers.allTestsUsed {
          left.append(
            (
              name, line,
              "left as XCTest: it is listed in an allTests array for LinuxMain.swift, "
                + (helpers.generatedList.map { made in
                  "which also runs the tests that \(helpers.listUse ?? "a list") makes at run "
                    + "time (\(made)), which SwiftPM cannot find by itself: the lists stay"
                }
                  ?? helpers.listUse.map {
                    "which \($0) uses: delete that use, then run again (the lists go then)"
                  }
                  ?? "which Swift Testing does not use: delete those lists (and LinuxMain.swift), "
                  + "then run again")
            ))
          continue
        }
        if let blocker = XCTestRewriter.availabilityBlocker(of: declaration) {
          left.append((name, line, "left as XCTest: " + blocker))
          continue
        }
        if !helpers.usesAssay, let why = XCTestRewriter.whyItNeedsAssaysTraits(declaration) {
          left.append((name, line, "left as XCTest: \(why): " + XCTestBlockers.needsAssay))
          continue
        }
        if families.convertsBase(name, in: path) {
          if let copy = families.copy(ofBase: name, in: path),
            let why = families.whyBaseStays(SplitSuites.Class(path: path, name: name))
          {
            copiedBases[name] = copy
            left.append((name, line, why))
          } else {
            bases.insert(name)
          }
          continue
        }
        if let why = families.whyRefused(base: name, in: path) {
          left.append(
            (name, line, "left as XCTest with the classes that inherit from it: " + why))
          continue
        }
        if hasSubclass {
          left.append((name, line, "left as XCTest: other test classes inherit from it"))
          continue
        }
        let ownExtensions = extensions.filter { $0.extendedType.trimmedDescription == name }
        let tearDowns = XCTestRewriter.functions(in: declaration.memberBlock.members).filter {
          $0.name.text.hasPrefix("tearDown")
            && !$0.modifiers.contains { ["static", "class"].contains($0.name.text) }
        }
        let blockers = XCTestBlockers(
          helpers: helpers, usesAssay: helpers.usesAssay, tearDowns: tearDowns.count)
        blockers.walk(declaration)
        for item in ownExtensions {
          blockers.walk(item)
        }
        blockers.settle(
          stopsOnFailure: StopOnFailure.isSet(in: declaration)
            || familyBase.map(families.stopsOnFailure) ?? false)
        if !XCTestRewriter.classWideHooks(of: declaration).isEmpty,
          declaration.parent?.is(CodeBlockItemSyntax.self) != true
        {
          // Its `.aroundSuite` trait calls file-level functions, which name it by its name.
          blockers.add("a class-wide setUp or tearDown in a nested class")
        }
        // Tests may all be in extensions of an empty class (swift-argument-parser's form).
        let allTests =
          XCTestRewriter.testMethods(in: declaration.memberBlock)
          + ownExtensions.flatMap { XCTestRewriter.testMethods(in: $0.memberBlock) }
        // A test that only checks the lists goes with them (see `XCTestHelpers.isListCheck`).
        let checks = allTests.filter(XCTestHelpers.isListCheck)
        let tests = allTests.filter { !XCTestHelpers.isListCheck($0) }
        // A class goes whole only when the check is all it holds (besides lists), here and in
        // every extension.
        let onlyChecks = XCTestRewriter.declarations(in: declaration.memberBlock.members)
          .allSatisfy { member in
            member.as(FunctionDeclSyntax.self).map(XCTestHelpers.isListCheck)
              ?? member.as(VariableDeclSyntax.self)?.bindings.allSatisfy {
                XCTestHelpers.isTestList($0.pattern.trimmedDescription)
              } ?? false
          }
        if !checks.isEmpty, tests.isEmpty, onlyChecks, ownExtensions.isEmpty,
          helpers.testsInExtensions(of: name, declaredIn: path).isEmpty, !helpers.allTestsUsed
        {
          removed.insert(name)
          removals.append(
            (
              line,
              "removed \(name): its tests only compare XCTest's lists for Linux with the tests "
                + "XCTest finds, and the lists go"
            ))
          continue
        }
        let owner = SplitSuites.Class(path: path, name: name)
        let elsewhere = helpers.testsInExtensions(of: name, declaredIn: path).subtracting(
          ownExtensions.flatMap { XCTestRewriter.testMethods(in: $0.memberBlock).map(\.name.text) })
        if !elsewhere.isEmpty, split.extended[owner] == nil {
          // Converted file by file, without the run: those files would keep plain methods.
          left.append(
            (
              name, line,
              "left as XCTest: tests of it are declared in extensions in other files ("
                + elsewhere.sorted().prefix(3).joined(separator: ", ")
                + (elsewhere.count > 3 ? ", ..." : "")
                + "), which would not run once it is a suite"
            ))
        } else if let reasons = split.reasons[owner] {
          left.append(
            (
              name, line,
              "left as XCTest with its extensions in other files: "
                + reasons.prefix(3).joined(separator: "; ")
                + (reasons.count > 3 ? "; ..." : "")
            ))
        } else if tests.isEmpty, elsewhere.isEmpty {
          left.append((name, line, "left as XCTest: it has no test methods (a helper base class?)"))
        } else if blockers.reasons.isEmpty {
          converted.insert(name)
          if let familyBase {
            subclasses[name] = families.superclass(for: familyBase)
            superInits[name] = families.superInit(for: familyBase)
            if families.stopsOnFailure(familyBase) { stopsOnFailure.insert(name) }
          }
          if StopOnFailure.isSet(in: declaration) { stopsOnFailure.insert(name) }
          for check in checks {
            removals.append(
              (
                check.startLocation(converter: converter).line,
                "removed \(check.name.text): it only compares XCTest's list for Linux with the "
                  + "tests XCTest finds, and the list goes"
              ))
          }
          let code = [Syntax(declaration)] + ownExtensions.map(Syntax.init)
          let addsBlocks = code.contains(where: {
            $0.tokens(viewMode: .sourceAccurate).contains {
              $0.tokenKind == .identifier("addTeardownBlock")
            }
          })
          if addsBlocks || split.addsTeardownBlocks.contains(owner) {
            tearsDown.insert(name)
          }
          if let tearDown = tearDowns.first,
            addsBlocks || split.addsTeardownBlocks.contains(owner)
              || !XCTestRewriter.canBeDeinit(tearDown)
          {
            tearsDown.insert(name)
            tearDownAsBlock.insert(name)
          }
        } else {
          left.append((name, line, "left as XCTest: " + blockers.reasons.joined(separator: "; ")))
        }
      }
    }
  }
}

import AssayTestSupport
import AssayToolSupport
import Foundation
import Synchronization
import Testing

@testable import AssayMigration

/// `assay migrate --in-place` builds the tests after writing and puts back as XCTest each suite
/// whose converted code does not compile, so that it never leaves a tree that does not build.
struct MigrationBuildTests {
  static let source = """
    import XCTest

    final class ATests: XCTestCase {
      func testA() { XCTAssertEqual(1, 1) }
    }

    final class BTests: XCTestCase {
      func testB() { validate { true } }
    }

    """

  /// A package folder with Tests/ATests.swift, committed in a git repository.
  private func package(_ source: String = Self.source) throws -> String {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-migrate-build-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: "\(root)/Tests", withIntermediateDirectories: true)
    try source.write(toFile: "\(root)/Tests/ATests.swift", atomically: true, encoding: .utf8)
    try "// swift-tools-version: 6.0\n".write(
      toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    try #require(Command.capture("git", ["-C", root, "init", "-q"]).0 == .exited(0))
    try commitAll(root)
    return root
  }

  /// Commits every file of the package folder `root`.
  private func commitAll(_ root: String) throws {
    for arguments in [
      ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "tests"],
    ] {
      try #require(Command.capture("git", ["-C", root] + arguments).0 == .exited(0))
    }
  }

  /// A compiler that rejects every line of `file` for which `rejects` says so, with `message`.
  private final class FakeCompiler: @unchecked Sendable {
    let file: String
    let message: String
    let rejects: @Sendable (_ line: String, _ text: String) -> Bool
    private let lock = NSLock()
    private var count = 0

    init(
      file: String, message: String,
      rejects: @escaping @Sendable (_ line: String, _ text: String) -> Bool
    ) {
      self.file = file
      self.message = message
      self.rejects = rejects
    }

    var builds: Int { lock.withLock { count } }

    func build(_ root: String) -> MigrationBuild.Outcome {
      lock.withLock { count += 1 }
      let text = (try? String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)) ?? ""
      let errors = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .filter { rejects(String($0.element), text) }
        .map { "\(root)/\(file):\($0.offset + 1):5: error: \(message)" }
      return MigrationBuild.Outcome(
        succeeded: errors.isEmpty,
        output: (["Building for debugging..."] + errors).joined(separator: "\n"))
    }
  }

  private func migrate(_ root: String, with compiler: FakeCompiler?) throws -> (
    MigrationSession.Summary, [String]
  ) {
    try migrate(root, building: compiler.map { compiler in { @Sendable in compiler.build($0) } })
  }

  /// `assay migrate xctest Tests --in-place` in `root`, with `build` for the build after
  /// writing (`nil`: `--no-build`).
  private func migrate(
    _ root: String, building build: (@Sendable (String) -> MigrationBuild.Outcome)?
  ) throws -> (MigrationSession.Summary, [String]) {
    var options = MigrationSession.Options()
    options.usesAssay = true
    options.paths = ["Tests"]
    options.output = .inPlace
    options.workingDirectory = root
    options.build = build
    let lines = PrintedLines()
    let summary = try MigrationSession(options: options, print: lines.append).run()
    return (summary, lines.all)
  }

  /// A build that fails with `output` while `Tests/ATests.swift` is converted, and succeeds
  /// when it is as it was; each build counted in `builds`.
  private func failing(
    whileConverted builds: Counter, output: @escaping @Sendable (_ root: String) -> String
  ) -> @Sendable (String) -> MigrationBuild.Outcome {
    { root in
      builds.increment()
      let converted =
        (try? String(contentsOfFile: "\(root)/Tests/ATests.swift", encoding: .utf8))?
        .contains("struct ATests") ?? false
      return MigrationBuild.Outcome(
        succeeded: !converted, output: converted ? output(root) : "Build complete!")
    }
  }

  private func text(_ root: String) throws -> String {
    try String(contentsOfFile: "\(root)/Tests/ATests.swift", encoding: .utf8)
  }

  @Test func aSuiteTheCompilerRejectsIsPutBackAsXCTestNamingTheError() throws {
    let root = try package()
    // `validate` is an XCTestCase method declared elsewhere: a converted suite cannot call it.
    let compiler = FakeCompiler(file: "Tests/ATests.swift", message: "cannot find 'validate'") {
      line, text in line.contains("validate") && text.contains("struct BTests")
    }
    let (summary, lines) = try migrate(root, with: compiler)
    let migrated = try text(root)
    #expect(migrated.contains("struct ATests {"), "\(migrated)")
    #expect(migrated.contains("final class BTests: XCTestCase {"), "\(migrated)")
    #expect(migrated.contains("import XCTest") && migrated.contains("import Testing"))
    #expect(compiler.builds == 2)
    #expect(summary.files == 1)
    #expect(summary.suites == 1)
    #expect(summary.tests == 1)
    #expect(
      summary.notes == [
        "Tests/ATests.swift:7: note: left as XCTest: its converted code does not compile: "
          + "cannot find 'validate'"
      ])
    #expect(
      lines.contains("building the tests to check the converted code (--no-build skips this)"))
    // A build of converted tests can take many minutes: each round says what it changed.
    #expect(
      lines.contains(
        "building again: 1 suite put back as XCTest (BTests), as its converted code did not "
          + "compile"), "\(lines)")
  }

  @Test func severalErrorsInOneSuitePutBackThatSuiteOnly() throws {
    let root = try package(
      Self.source.replacingOccurrences(
        of: "func testB() { validate { true } }",
        with: "func testB() { validate { true } }\n  func testC() { validate { false } }"))
    let compiler = FakeCompiler(file: "Tests/ATests.swift", message: "cannot find 'validate'") {
      line, text in line.contains("validate") && text.contains("struct BTests")
    }
    let (summary, _) = try migrate(root, with: compiler)
    let migrated = try text(root)
    #expect(migrated.contains("struct ATests {"), "\(migrated)")
    #expect(migrated.contains("final class BTests: XCTestCase {"), "\(migrated)")
    #expect(compiler.builds == 2)
    #expect(summary.suites == 1)
  }

  /// swift-case-paths' ReflectionTests: `XCTAssertEqual(42, id(of: value))`, where `id` gives
  /// an `AnyHashable`, compiles (the literal becomes one); `#expect(42 == id(of: value))` does
  /// not. The suite is converted again with Assay's assertions, typed as XCTest's, and stays a
  /// suite. Before, it was put back as XCTest.
  @Test func aSuiteWhoseExpectDoesNotCompileIsConvertedWithAssaysAssertions() throws {
    let root = try package(
      """
      import XCTest

      final class ReflectionTests: XCTestCase {
        func testID() { XCTAssertEqual(42, id(of: value)) }
      }

      """)
    let compiler = FakeCompiler(
      file: "Tests/ATests.swift",
      message: "cannot convert value of type 'AnyHashable' to expected argument type 'Int'"
    ) { line, _ in line.contains("#expect(42 == id(of: value))") }
    let (summary, lines) = try migrate(root, with: compiler)
    let migrated = try text(root)
    #expect(
      lines.contains(
        "building again: 1 suite converted with Assay's assertions (ReflectionTests), as its "
          + "converted code did not compile"), "\(lines)")
    #expect(migrated.contains("struct ReflectionTests {"), "\(migrated)")
    #expect(migrated.contains("func testID() { assertEqual(42, id(of: value)) }"), "\(migrated)")
    #expect(migrated.contains("import Assay"), "\(migrated)")
    #expect(compiler.builds == 2)
    #expect((summary.files, summary.suites, summary.tests) == (1, 1, 1))
    #expect(
      summary.notes == [
        "note: ReflectionTests asserts with Assay's assertions (assertEqual, assertTrue, …): with "
          + "#expect its converted code does not compile: cannot convert value of type "
          + "'AnyHashable' to expected argument type 'Int'"
      ])
  }

  /// A suite whose extension in another file does not compile is put back in every file:
  /// left converted in its own file, it would never run the tests of that extension.
  @Test func aSuitePutBackForAnErrorInItsExtensionIsPutBackInEveryFile() throws {
    let root = try package()
    let extra = """
      import XCTest

      extension BTests {
        func testD() { validate { false } }
      }

      """
    try extra.write(toFile: "\(root)/Tests/BExtra.swift", atomically: true, encoding: .utf8)
    try commitAll(root)
    let compiler = FakeCompiler(file: "Tests/BExtra.swift", message: "cannot find 'validate'") {
      line, text in line.contains("validate") && text.contains("@Test")
    }
    let (summary, _) = try migrate(root, with: compiler)
    let migrated = try text(root)
    #expect(migrated.contains("struct ATests {"), "\(migrated)")
    #expect(migrated.contains("final class BTests: XCTestCase {"), "\(migrated)")
    #expect(try String(contentsOfFile: "\(root)/Tests/BExtra.swift", encoding: .utf8) == extra)
    #expect(compiler.builds == 2)
    #expect((summary.files, summary.suites, summary.tests) == (1, 1, 1))
    #expect(
      summary.notes.sorted() == [
        "Tests/ATests.swift:7: note: left as XCTest: its converted code does not compile: "
          + "cannot find 'validate'",
        "Tests/BExtra.swift: note: put back as it was: BTests stays XCTest: its converted code "
          + "does not compile: cannot find 'validate'",
      ])
  }

  @Test func anErrorOutsideEverySuitePutsTheWholeFileBack() throws {
    let root = try package()
    let compiler = FakeCompiler(file: "Tests/ATests.swift", message: "no such module 'Testing'") {
      line, _ in line == "import Testing"
    }
    let (summary, _) = try migrate(root, with: compiler)
    #expect(try text(root) == Self.source)
    #expect(compiler.builds == 1)
    #expect(summary.files == 0)
    #expect(summary.suites == 0)
    #expect(
      summary.notes == [
        "Tests/ATests.swift: note: put back as it was: its converted code does not compile: "
          + "no such module 'Testing'"
      ])
  }

  /// Put back as it was, byte for byte: a byte-order mark too (Foundation drops it on reading).
  @Test func aFilePutBackKeepsItsByteOrderMark() throws {
    let root = try package()
    let marked = Data(("\u{FEFF}" + Self.source).utf8)
    try marked.write(to: URL(fileURLWithPath: "\(root)/Tests/ATests.swift"))
    try commitAll(root)
    let compiler = FakeCompiler(file: "Tests/ATests.swift", message: "no such module 'Testing'") {
      line, _ in line == "import Testing"
    }
    let (summary, _) = try migrate(root, with: compiler)
    #expect(summary.files == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(root)/Tests/ATests.swift"))
    #expect(bytes == marked, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
  }

  /// A helper base class converted with its family, in a file put back whole (an error outside
  /// every suite): its subclasses in other files go back to XCTest too. Before the fix they
  /// stayed suites of a base that was an `XCTestCase` again.
  @Test func aBaseClassWhoseFileIsPutBackTakesItsFamilyBackToo() throws {
    let base = """
      import XCTest

      class PetTestCase: XCTestCase {
        var name: String { "Rex" }
      }

      """
    let root = try package(base)
    let dogs = """
      import XCTest

      final class DogTests: PetTestCase {
        func testName() { XCTAssertEqual(name, "Rex") }
      }

      """
    try dogs.write(toFile: "\(root)/Tests/DogTests.swift", atomically: true, encoding: .utf8)
    try commitAll(root)
    let compiler = FakeCompiler(file: "Tests/ATests.swift", message: "no such module 'Testing'") {
      line, _ in line == "import Testing"
    }
    let (summary, _) = try migrate(root, with: compiler)
    #expect(try text(root) == base)
    let subclass = try String(contentsOfFile: "\(root)/Tests/DogTests.swift", encoding: .utf8)
    #expect(subclass.contains("final class DogTests: PetTestCase {"), "\(subclass)")
    #expect(subclass.contains("XCTAssertEqual(name, \"Rex\")"), "\(subclass)")
    #expect(!subclass.contains("@Test"), "\(subclass)")
    #expect(
      summary.notes.contains(
        "Tests/DogTests.swift:3: note: left as XCTest: a subclass of PetTestCase "
          + "(Tests/ATests.swift), not of XCTestCase"), "\(summary.notes)")
  }

  /// A helper that became Assay's serves converted suites; when its file is put back as it was,
  /// the helper asserts with XCTest again, and a converted suite that calls it would lose its
  /// failures. Before the fix, CTests stayed converted, calling the XCTest helper.
  @Test func aSuiteThatCallsAHelperWhoseFileIsPutBackIsPutBackToo() throws {
    let root = try package()
    try """
    import XCTest

    func assertPositive(_ value: Int, file: StaticString = #filePath, line: UInt = #line) {
      XCTAssertTrue(value > 0, file: file, line: line)
    }

    """.write(toFile: "\(root)/Tests/Helpers.swift", atomically: true, encoding: .utf8)
    let caller = """
      import XCTest

      final class CTests: XCTestCase {
        func testC() { assertPositive(1) }
      }

      """
    try caller.write(toFile: "\(root)/Tests/CTests.swift", atomically: true, encoding: .utf8)
    try commitAll(root)
    // The helpers' target cannot import Assay: their converted file does not compile.
    let compiler = FakeCompiler(file: "Tests/Helpers.swift", message: "no such module 'Assay'") {
      line, _ in line == "import Assay"
    }
    let (summary, _) = try migrate(root, with: compiler)
    let helpers = try String(contentsOfFile: "\(root)/Tests/Helpers.swift", encoding: .utf8)
    #expect(helpers.contains("XCTAssertTrue(value > 0"), "\(helpers)")
    let migrated = try String(contentsOfFile: "\(root)/Tests/CTests.swift", encoding: .utf8)
    #expect(migrated == caller)
    #expect(try text(root).contains("struct ATests {"))
    #expect(
      summary.notes.contains(
        "Tests/CTests.swift: note: put back as it was: it calls assertPositive, whose file "
          + "(Tests/Helpers.swift) was put back as it was"), "\(summary.notes)")
  }

  @Test func errorsOnlyWhereTheMigrationChangedNothingAreNamedAndTheConversionStays() throws {
    let root = try package()
    let compiler = FakeCompiler(file: "Package.swift", message: "invalid manifest") { line, _ in
      line.hasPrefix("// swift-tools-version")
    }
    let (summary, _) = try migrate(root, with: compiler)
    #expect(try text(root).contains("struct BTests {"))
    // Once more with the files as they were: the manifest still fails, so they were not the
    // cause.
    #expect(compiler.builds == 2)
    #expect(
      summary.notes == [
        "note: the tests do not build, and the errors are in files the migration left as they "
          + "were: Package.swift:1: invalid manifest"
      ])
  }

  /// A converted file can break a file the migration left as it was (a class of the run used
  /// as a type elsewhere, a helper no longer a method): with the converted files put back the
  /// tests build, so they stay as they were, each with a note naming the error. Before the fix,
  /// the migration left tests that did not build.
  @Test func convertedFilesThatBreakAnUnchangedFileAreAllPutBack() throws {
    let root = try package()
    let user = "import XCTest\n\nlet cases: [XCTestCase.Type] = [ATests.self]\n"
    try user.write(toFile: "\(root)/Tests/Uses.swift", atomically: true, encoding: .utf8)
    try commitAll(root)
    let builds = Counter()
    let build = failing(whileConverted: builds) { root in
      "\(root)/Tests/Uses.swift:3:33: error: cannot convert value of type 'ATests.Type'"
    }
    let (summary, _) = try migrate(root, building: build)
    #expect(try text(root) == Self.source)
    #expect(builds.value == 2)
    #expect((summary.files, summary.suites) == (0, 0))
    #expect(
      summary.notes == [
        "Tests/ATests.swift: note: put back as it was: with the converted files, a file the "
          + "migration left as it was did not compile: Tests/Uses.swift:3: cannot convert value "
          + "of type 'ATests.Type'"
      ])
  }

  /// A build that fails with no error at a file and line (a module cache made in another
  /// folder, a linker's error) said "the errors are in files the migration left as they were:
  /// swift build failed with no located error": it had not checked that, and hid the error.
  @Test func aFailureAtNoFileIsNamedAndCheckedWithoutTheConvertedFiles() throws {
    let root = try package()
    let builds = Counter()
    let error =
      "<unknown>:0: error: precompiled file 'SwiftShims.pcm' was compiled with module cache "
      + "path '/elsewhere/.build', but the path is currently '/here/.build'"
    let build: @Sendable (String) -> MigrationBuild.Outcome = { _ in
      builds.increment()
      return MigrationBuild.Outcome(
        succeeded: false,
        output: "Building for debugging...\n\(error)\nerror: emit-module command failed")
    }
    let (summary, _) = try migrate(root, building: build)
    #expect(try text(root).contains("struct BTests {"))
    #expect(builds.value == 2)
    #expect(
      summary.notes == [
        "note: the tests do not build, with the converted files as without them: \(error)"
      ])
  }

  /// A failure at no file that the converted files cause (here a linker's): they go back.
  @Test func convertedFilesThatCauseAFailureAtNoFileAreAllPutBack() throws {
    let root = try package()
    let builds = Counter()
    let build = failing(whileConverted: builds) { _ in
      "error: link command failed with exit code 1 (use -v to see invocation)"
    }
    let (summary, _) = try migrate(root, building: build)
    #expect(try text(root) == Self.source)
    #expect(builds.value == 2)
    #expect(
      summary.notes == [
        "Tests/ATests.swift: note: put back as it was: with the converted files, the tests did "
          + "not build: error: link command failed with exit code 1 (use -v to see invocation)"
      ])
  }

  @Test func noBuildWritesTheConversionAsItIs() throws {
    let root = try package()
    let (summary, lines) = try migrate(root, with: nil)
    #expect(try text(root).contains("struct BTests {"))
    #expect(summary.suites == 2)
    #expect(!lines.contains { $0.hasPrefix("building the tests") })
  }

  @Test func theCompilersErrorsAreReadWithTheirFilesAndLines() {
    let output = """
      Building for debugging...
      /p/Tests/A.swift:12:7: error: cannot find 'validate' in scope
      /p/Tests/A.swift:12:7: error: cannot find 'validate' in scope
      /p/Tests/A.swift:3:1: warning: unused
      C:/p/B.swift:4:2: error: binary operator '==' cannot be applied
      error: fatalError
      """
    #expect(
      MigrationBuild.errors(in: output) == [
        .init(path: "/p/Tests/A.swift", line: 12, message: "cannot find 'validate' in scope"),
        .init(
          path: MigrationBuild.canonical("C:/p/B.swift"), line: 4,
          message: "binary operator '==' cannot be applied"),
      ])
  }

  /// SwiftPM's plan can still name a file the migration removed (weichsel/ZIPFoundation's
  /// `Tests/LinuxMain.swift`), at every build until the plan goes: that plan is removed, and
  /// the tests built again. Before the fix, the migration stopped there, "with no located
  /// error", on tests that did not build.
  @Test(arguments: [
    (
      "error: couldn't build /p/.build/x86_64-unknown-linux-gnu/debug/PTests.build/sources "
        + "because of missing inputs: /p/Tests/LinuxMain.swift",
      "/p/.build/x86_64-unknown-linux-gnu/debug/description.json" as String?
    ),
    (
      "/p/Tests/A.swift:3:5: error: cannot find 'x' in scope\nerror: couldn't build "
        + "/p/.build/debug/PTests.build/sources because of missing inputs: /p/Tests/LinuxMain.swift",
      nil
    ),
    ("/p/Tests/A.swift:3:5: error: cannot find 'x' in scope", nil),
  ])
  func aBuildPlanThatNamesARemovedFileIsMadeAgain(output: String, plan: String?) {
    #expect(MigrationBuild.staleBuildPlan(in: output) == plan)
  }

  @Test func anErrorInAMacrosExpansionIsPlacedWhereTheMacroIsUsed() {
    // What swift build prints for `#expect(p == S.self)` where `==` does not apply.
    let output = """
      [4/13] Compiling MXTests A.swift
      macro expansion #expect:1:39: error: binary operator '==' cannot be applied to operands of type 'any P' and 'S.Type'
      `- /p/Tests/A.swift:7:25: note: expanded code originates here
       5 |   @Test func a() {
       7 |     #expect(p == S.self)
         |     `- note: in expansion of macro 'expect' here
      """
    #expect(
      MigrationBuild.errors(in: output) == [
        .init(
          path: "/p/Tests/A.swift", line: 7,
          message: "binary operator '==' cannot be applied to operands of type 'any P' and "
            + "'S.Type'")
      ])
  }

  /// The compiler can crash on converted code (apple/swift-openapi-urlsession in the
  /// real-world harness: `try #require(x)(.init(...))`, an assertion in the type checker): the
  /// crash is an error at the innermost place it names, so that suite is put back like one
  /// that does not compile. Before, the build failed with no located error and the migration
  /// left tests that did not build.
  /// The harness migrates in `…/apple+swift-openapi-urlsession@migrate/…`: the crash's path
  /// was read from after the `@`, matched no converted file, and every file was put back as
  /// "a file the migration left as it was did not compile". Paths may hold `@` and spaces
  /// (OpenAPIKit's `Tests/OpenAPIKitTests/Schema Object/`).
  @Test(arguments: ["/p/Tests/B.swift", "/tmp/x@migrate/P/Tests/Schema Object/B.swift"])
  func aCompilerCrashIsAnErrorWhereItWasTypeChecking(path: String) {
    let output = """
      error: compile command failed due to signal 6 (use -v to see invocation)
      Assertion failed: (inserted), function recordArgumentList at ConstraintSystem.cpp:4141.
      Please submit a bug report (https://swift.org/contributing/#reporting-bugs) and include the crash backtrace.
      Stack dump:
      0.	Program arguments: /opt/swift/usr/bin/swift-frontend -frontend -c /p/Tests/A.swift -primary-file \(path)
      1.	Swift version 6.3.1 (swift-6.3.1-RELEASE)
      2.	Compiling with the current language version
      3.	While evaluating request TypeCheckPrimaryFileRequest(source_file "\(path)")
      4.	While evaluating request TypeCheckFunctionBodyRequest(T.(file).S.testA()@\(path):398:10)
      5.	While type-checking statement at [\(path):398:59 - line:433:5] RangeText="{"
      8.	While type-checking expression at [\(path):427:25 - line:427:100] RangeText="try #require(x)(.init())"
      9.	While type-checking-target starting at \(path):427:29
      10.	Assertion failed: (inserted), function recordArgumentList at ConstraintSystem.cpp:4141.
      """
    #expect(
      MigrationBuild.errors(in: output) == [
        .init(
          path: path, line: 427,
          message: "the compiler crashed type-checking this (signal 6: Assertion failed: "
            + "(inserted), function recordArgumentList at ConstraintSystem.cpp:4141.)")
      ])
  }

  /// The real compiler, on a package whose tests call XCTest helpers of another target: an
  /// `extension XCTestCase` method and an `XCTAssertEqual` overload for arrays of tuples.
  @Test func onARealPackageTheSuitesThatCallHelpersOfAnotherTargetStayXCTestAndItBuilds()
    async throws
  {
    let (summary, files, built) = try await offThePool {
      let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("assay-migrate-build-fixture-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: root) }
      try FileManager.default.copyItem(
        at: here.appendingPathComponent("Fixtures/BuildCheckFixture"), to: root)
      var options = MigrationSession.Options()
      options.paths = ["Tests"]
      options.output = .inPlace
      options.force = true  // a copy outside git
      options.workingDirectory = root.path
      let summary = try MigrationSession(options: options, print: { _ in }).run()
      var files: [String: String] = [:]
      for name in ["PairsTests", "ValidateTests"] {
        files[name] = try String(
          contentsOfFile: "\(root.path)/Tests/ChecksTests/\(name).swift", encoding: .utf8)
      }
      let built = Command.capture(
        "swift", ["build", "--build-tests", "--package-path", root.path]
      ).0
      return (summary, files, built)
    }
    #expect(built == .exited(0))
    #expect(files["PairsTests"]?.contains("final class PairsTests: XCTestCase") == true)
    #expect(files["ValidateTests"]?.contains("final class ValidateTests: XCTestCase") == true)
    #expect(files["ValidateTests"]?.contains("struct SumTests {") == true, "\(files)")
    #expect(summary.suites == 1)
    let notes = summary.notes.joined(separator: "\n")
    #expect(
      notes.contains(
        "Tests/ChecksTests/ValidateTests.swift:4: note: left as XCTest: it calls validate, which "
          + "asserts with XCTest in Sources/Checks/Checks.swift, outside the files migrated"),
      "\(notes)")
    #expect(
      notes.contains(
        "Tests/ChecksTests/PairsTests.swift:4: note: left as XCTest: its converted code does "
          + "not compile: binary operator '==' cannot be applied to two '[(Int, Int)]' operands"),
      "\(notes)")
  }
}

/// A count that a `@Sendable` build closure can raise.
private final class Counter: Sendable {
  private let count = Mutex(0)
  func increment() { count.withLock { $0 += 1 } }
  var value: Int { count.withLock { $0 } }
}

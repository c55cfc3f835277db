import AssayResults
import AssayToolSupport
import Foundation

/// Finds the test at `File.swift:37`: the test function, spec example or parameterized test
/// whose declaration or body holds the line, as an editor's mark next to a line would.
struct TestLocator {
  /// What a location names.
  enum Found: Equatable {
    /// Tests to run whole: one test, or every test of a file given without a line.
    case tests([TestIdentifier])
    /// One example of an Assay spec: its host test and full name (run with `ASSAY_EXAMPLE`).
    case specExample(host: TestIdentifier, name: String)
  }

  let inventory: TestInventory
  let sources: [TestSource]

  /// The tests at `argument`: `path`, `path:line`, or `path:line:column` as a compiler or
  /// Swift Testing prints a place.
  ///
  /// - Throws: ``RunError`` when the file is not a test file or the line is outside any test.
  func find(_ argument: String) throws(RunError) -> Found {
    let (path, line) = try Self.place(argument)
    let absolute = Self.absolute(path)
    guard FileManager.default.fileExists(atPath: absolute) else {
      throw RunError("\(path): no such file")
    }
    guard let source = sources.first(where: { Self.absolute($0.path) == absolute }) else {
      throw RunError("\(path) is not a source file of a test target of this package")
    }
    guard let line else {
      let tests = inventory.tests.filter { test in
        test.location.map { Self.absolute($0.file) == absolute } ?? false
      }
      guard !tests.isEmpty else { throw RunError("\(path) declares no test") }
      return .tests(tests.map(\.id))
    }
    if let example = source.specExample(at: line) {
      let host = inventory.tests.first { test in
        test.isParameterized && test.id.library == .swiftTesting
          && test.id.suite == example.types.joined(separator: "/")
      }
      if let host {
        return .specExample(host: host.id, name: example.fullName)
      }
    }
    guard let function = source.function(at: line) else {
      return .tests(try tests(of: source, at: line, path: path))
    }
    let found = inventory.tests.first { test in
      switch test.id.library {
      case .swiftTesting:
        guard let location = test.location, Self.absolute(location.file) == absolute else {
          return false
        }
        return function.lines.lowerBound <= location.line
          && location.line <= function.declarationLine
      case .xctest:
        return test.id.suite == function.types.last && test.id.test == function.baseName
      }
    }
    guard let found else {
      throw RunError("\(path):\(line) is in \(function.name), which is not a test")
    }
    return .tests([found.id])
  }

  /// The file and line of `argument` (`path`, `path:line`, `path:line:column`; the column
  /// does not matter).
  ///
  /// - Throws: ``RunError`` when a file is there but what follows its colon is not a line.
  static func place(_ argument: String) throws(RunError) -> (path: String, line: Int?) {
    if FileManager.default.fileExists(atPath: absolute(argument)) { return (argument, nil) }
    let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count >= 2 else { return (argument, nil) }
    if parts.count >= 3, let line = Int(parts[parts.count - 2]), Int(parts[parts.count - 1]) != nil
    {
      return (parts.dropLast(2).joined(separator: ":"), line)
    }
    let path = parts.dropLast().joined(separator: ":")
    if let line = Int(parts[parts.count - 1]) { return (path, line) }
    guard FileManager.default.fileExists(atPath: absolute(path)) else { return (argument, nil) }
    let rest = parts[parts.count - 1]
    throw RunError(
      rest.isEmpty
        ? "\(argument): no line number after the colon (FILE:LINE)"
        : "\(argument): \(rest) is not a line number (FILE:LINE)")
  }

  /// Every test of the innermost type whose lines hold `line` outside any function (its
  /// declaration, a property, its closing brace), as an editor's mark on a class runs it: the
  /// methods of an `XCTestCase` class, the tests of a suite and of the suites nested in it.
  ///
  /// - Throws: ``RunError`` when no type holds the line, or the type has no test.
  private func tests(of source: TestSource, at line: Int, path: String) throws(RunError)
    -> [TestIdentifier]
  {
    guard let type = source.typeDeclaration(at: line) else {
      if let count = Self.lineCount(of: source.path), line > count {
        throw RunError("\(path):\(line) is past the end of the file (\(count) lines)")
      }
      throw RunError("\(path):\(line) is outside any test")
    }
    // An extension names its type as written: `Outer.Inner`, a suite `Outer/Inner`.
    let suite = type.path.joined(separator: "/").replacingOccurrences(of: ".", with: "/")
    let tests = inventory.tests.filter { test in
      switch test.id.library {
      case .xctest:
        return test.id.suite == suite.split(separator: "/").last.map(String.init)
      case .swiftTesting:
        return test.id.suite == suite || test.id.suite.hasPrefix(suite + "/")
      }
    }
    guard !tests.isEmpty else {
      throw RunError("\(path):\(line) is in \(type.path.joined(separator: ".")), which has no test")
    }
    return tests.map(\.id)
  }

  /// How many lines the file at `path` has, or `nil` when it cannot be read.
  private static func lineCount(of path: String) -> Int? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let breaks = text.utf8.count(where: { $0 == UInt8(ascii: "\n") })
    return text.isEmpty || text.hasSuffix("\n") ? breaks : breaks + 1
  }

  /// `path` made absolute and without `.` and `..` components.
  static func absolute(_ path: String) -> String {
    let full =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return URL(fileURLWithPath: full).standardizedFileURL.path
  }
}

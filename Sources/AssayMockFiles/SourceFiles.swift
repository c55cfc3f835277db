import Foundation
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Swift files read and parsed for `assay mock`.
public struct SourceFiles {
  /// A parsed file.
  public struct File: Sendable {
    /// The path as given.
    public let path: String
    let tree: SourceFileSyntax

    /// `path:line:column`, where `node` starts.
    ///
    /// Lines are counted only here, for a problem to report: most files never need them.
    func position(of node: some SyntaxProtocol) -> String {
      let location = node.startLocation(
        converter: SourceLocationConverter(fileName: path, tree: tree))
      return "\(path):\(location.line):\(location.column)"
    }
  }

  /// The files that parsed.
  public var files: [File] = []
  /// `file:line:column: error: ...` for each file that could not be read or parsed.
  public var problems: [String] = []

  /// Reads `inputs`, files or folders searched for `.swift` files, in a stable order.
  ///
  /// Files are parsed in parallel, one per core: parsing is most of `assay mock`'s time on real
  /// modules (see docs/benchmarks.md), and files do not depend on each other until resolved.
  public static func read(_ inputs: [String]) throws -> SourceFiles {
    let paths = try swiftFiles(in: inputs)
    let parsed = ParsedFiles(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      parsed.set(index, parse(paths[index]))
    }
    var sources = SourceFiles()
    for result in parsed.results {
      switch result {
      case .success(let file): sources.files.append(file)
      case .failure(let problem): sources.problems.append(problem.description)
      case nil: break
      }
    }
    return sources
  }

  /// Why a file gave no declarations.
  private struct Problem: Error {
    let description: String
  }

  /// The files' results in their order, filled from several threads.
  private final class ParsedFiles: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var slots: [Result<File, Problem>?]

    init(count: Int) {
      slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<File, Problem>) {
      lock.withLock { slots[index] = result }
    }

    var results: [Result<File, Problem>?] {
      lock.withLock { slots }
    }
  }

  private static func parse(_ path: String) -> Result<File, Problem> {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      return .failure(Problem(description: "\(path): error: cannot read this file as UTF-8 text"))
    }
    let tree = Parser.parse(source: text)
    let file = File(path: path, tree: tree)
    if tree.hasError, let problem = ParseDiagnosticsGenerator.diagnostics(for: tree).first {
      return .failure(
        Problem(
          description: "\(file.position(of: problem.node)): error: cannot parse: "
            + "\(problem.message); no mocks from this file"))
    }
    return .success(file)
  }

  private static func swiftFiles(in inputs: [String]) throws -> [String] {
    var paths: [String] = []
    for input in inputs {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
        throw MockCommandError("\(input): no such file or folder")
      }
      guard isFolder.boolValue else {
        paths.append(input)
        continue
      }
      let found = FileManager.default.enumerator(atPath: input)?.compactMap { $0 as? String }
      paths += (found ?? []).filter { $0.hasSuffix(".swift") }.sorted().map {
        (input as NSString).appendingPathComponent($0)
      }
    }
    return paths
  }
}

/// A problem that stops the command before it reads anything.
public struct MockCommandError: Error, CustomStringConvertible {
  /// What went wrong, naming the file.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

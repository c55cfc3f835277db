import Foundation
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Swift files read and parsed for `assay mock`.
public struct SourceFiles {
  /// A parsed file.
  public struct File {
    /// The path as given.
    public let path: String
    let tree: SourceFileSyntax
    let locations: SourceLocationConverter

    /// `path:line:column`, where `node` starts.
    func position(of node: some SyntaxProtocol) -> String {
      let location = node.startLocation(converter: locations)
      return "\(path):\(location.line):\(location.column)"
    }
  }

  /// The files that parsed.
  public var files: [File] = []
  /// `file:line:column: error: ...` for each file that could not be read or parsed.
  public var problems: [String] = []

  /// Reads `inputs`, files or folders searched for `.swift` files, in a stable order.
  public static func read(_ inputs: [String]) throws -> SourceFiles {
    var sources = SourceFiles()
    for path in try swiftFiles(in: inputs) {
      guard let data = FileManager.default.contents(atPath: path),
        let text = String(data: data, encoding: .utf8)
      else {
        sources.problems.append("\(path): error: cannot read this file as UTF-8 text")
        continue
      }
      let tree = Parser.parse(source: text)
      let file = File(
        path: path, tree: tree, locations: SourceLocationConverter(fileName: path, tree: tree))
      if let problem = ParseDiagnosticsGenerator.diagnostics(for: tree).first {
        sources.problems.append(
          "\(file.position(of: problem.node)): error: cannot parse: \(problem.message); "
            + "no mocks from this file")
        continue
      }
      sources.files.append(file)
    }
    return sources
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

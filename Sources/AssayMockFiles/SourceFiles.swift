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
  /// Only files that can matter are parsed: those whose text mentions `protocol` or
  /// `typealias`, and those extending a protocol declared in one of them (a protocol's own
  /// extension decides how some requirements are mocked). Real modules hold about four files
  /// without a protocol for each one with, and parsing is most of `assay mock`'s time (see
  /// docs/benchmarks.md). A file left unparsed is not checked for syntax errors either.
  /// Files are parsed in parallel, one per core.
  public static func read(_ inputs: [String]) throws -> SourceFiles {
    let paths = try swiftFiles(in: inputs)
    let slots = Slots(count: paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { index in
      slots.set(index, firstLook(at: paths[index]))
    }
    let declared = Set(slots.results.flatMap { $0?.declaredProtocols ?? [] })
      .union(ProtocolAliases.known)
    let extending = slots.results.indices.filter {
      guard case .unparsed(_, let named) = slots.results[$0] else { return false }
      return !declared.isDisjoint(with: named)
    }
    DispatchQueue.concurrentPerform(iterations: extending.count) { index in
      let slot = extending[index]
      guard case .unparsed(let text, _) = slots.results[slot] else { return }
      slots.set(slot, parse(text, path: paths[slot]))
    }
    var sources = SourceFiles()
    for slot in slots.results {
      switch slot {
      case .parsed(let file, _): sources.files.append(file)
      case .problem(let problem): sources.problems.append(problem)
      case .unparsed, nil: break
      }
    }
    return sources
  }

  /// What reading a file gave.
  private enum Slot: Sendable {
    /// Parsed, with the names its text declares as protocols.
    case parsed(File, protocols: [String])
    /// `path: error: ...`: the file could not be read or parsed.
    case problem(String)
    /// No protocol nor a type alias of a function type: kept unparsed, with the types it
    /// extends or aliases, to parse it if one of them is a protocol.
    case unparsed(String, named: Set<String>)

    var declaredProtocols: [String] {
      guard case .parsed(_, let protocols) = self else { return [] }
      return protocols
    }
  }

  /// The files' slots in their order, filled from several threads.
  private final class Slots: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var slots: [Slot?]

    init(count: Int) {
      slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ slot: Slot) {
      lock.withLock { slots[index] = slot }
    }

    var results: [Slot?] {
      lock.withLock { slots }
    }
  }

  private static func firstLook(at path: String) -> Slot {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else {
      return .problem("\(path): error: cannot read this file as UTF-8 text")
    }
    let protocols = SourceText.names(after: "protocol", in: text)
    let aliases = SourceText.typeAliasValues(in: text)
    // A function type's alias (`typealias Handler = (Int) -> Void`) makes parameters of that
    // type closures; an alias of a composition may name protocols of other files.
    let mayMatter = { (value: String) in
      value.isEmpty || value.contains("->") || value.contains("&") || value.hasSuffix("(")
    }
    guard protocols.isEmpty, !aliases.contains(where: mayMatter) else {
      return parse(text, path: path, protocols: protocols)
    }
    let named =
      SourceText.names(after: "extension", in: text)
      + aliases.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
    return .unparsed(text, named: Set(named))
  }

  private static func parse(_ text: String, path: String, protocols: [String] = []) -> Slot {
    let tree = Parser.parse(source: text)
    let file = File(path: path, tree: tree)
    if tree.hasError, let problem = ParseDiagnosticsGenerator.diagnostics(for: tree).first {
      return .problem(
        "\(file.position(of: problem.node)): error: cannot parse: \(problem.message); "
          + "no mocks from this file")
    }
    return .parsed(file, protocols: protocols)
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

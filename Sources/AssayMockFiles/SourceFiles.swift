import AssayMockGenerator
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
    /// What the file declares that a mock needs, found on the thread that parsed it.
    let declarations: FileDeclarations.Found

    init(path: String, tree: SourceFileSyntax) {
      self.path = path
      self.tree = tree
      declarations = FileDeclarations.Found(tree)
    }

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
  /// How many Swift files were read, those without a protocol included.
  public var read = 0
  /// The types the files declare with names that another module the mock file imports
  /// declares too (Foundation's, or a dependency's: ``ImportedTypeNames``): a mock names them
  /// with their module's name.
  public var ambiguousNames: Set<String> = []
  /// The types the files declare at file scope.
  public var declaredTypeNames: Set<String> = []
  /// The types the files declare (parsed or not) whose names start with `Mock`, but for those
  /// of files that `assay mock` wrote.
  public var declaredMockNames: Set<String> = []
  /// `file:line:column: error: ...` for each file that could not be read or parsed.
  public var problems: [String] = []
  /// The files that extend a protocol declared in the files read, with their text, for
  /// ``implementedMembers(of:)``.
  var extending: [Extending] = []

  /// No files.
  public init() {}

  /// A file that extends protocols, read but not parsed for its extensions.
  struct Extending: Sendable {
    let path: String
    let text: String
    /// The simple names of the types it extends.
    let extended: Set<String>
  }

  /// Reads `inputs`, files or folders searched for `.swift` files, in a stable order.
  ///
  /// - Parameter inputs: Files and folders.
  /// - Returns: The files that can matter to a mock, parsed.
  public static func read(_ inputs: [String]) throws -> SourceFiles {
    try read(inputs, parents: []).sources
  }

  /// Reads `inputs` and `parents` (files that may declare the protocols that those of
  /// `inputs` inherit from), in a stable order.
  ///
  /// Only files that can matter are parsed: those whose text mentions `protocol` or a
  /// `typealias` whose value may name a protocol or a function type. Extensions of protocols
  /// are read only when a requirement's mock depends on them (``implementedMembers(of:)``),
  /// which is rare. Real modules hold about four files without a protocol for each one with,
  /// and parsing is most of `assay mock`'s time (see docs/benchmarks.md). What is parsed is an
  /// outline of each file (``SourceOutline``), without comments and without the bodies of
  /// functions and of types that hold no protocol. A file left unparsed is not checked for
  /// syntax errors, nor is a body left out. Files are read, parsed and walked in parallel, one
  /// per core.
  ///
  /// - Parameters:
  ///   - inputs: Files and folders whose protocols are mocked.
  ///   - parents: Files and folders that only declare parents.
  /// - Returns: The files of each group that can matter to a mock, parsed.
  public static func read(
    _ inputs: [String], parents: [String]
  ) throws -> (sources: SourceFiles, parents: SourceFiles) {
    let inputPaths = try swiftFiles(in: inputs)
    let paths = inputPaths + (try swiftFiles(in: parents))
    // A file that declares a protocol or a type alias that may matter is parsed as soon as
    // it is read, on the same thread; one whose aliases name protocols of other files, once
    // all are read.
    let firstLooks = paths.concurrentMap { path -> (look: Look, slot: Slot?) in
      let look = look(at: path)
      guard look.problem == nil, !look.protocols.isEmpty || look.hasTypeAliasThatMayMatter
      else { return (look, nil) }
      return (look, parse(look.text, path: path, keeping: []))
    }
    let declared = Set(firstLooks.flatMap(\.look.protocols))
    let aliasing = firstLooks.indices.filter { index in
      let (look, slot) = firstLooks[index]
      return slot == nil && look.problem == nil && !declared.isDisjoint(with: look.aliased)
    }
    let parsedLater = Dictionary(
      uniqueKeysWithValues: zip(
        aliasing,
        aliasing.concurrentMap { parse(firstLooks[$0].look.text, path: paths[$0], keeping: []) }))
    var groups = (sources: SourceFiles(), parents: SourceFiles())
    groups.sources.read = inputPaths.count
    groups.parents.read = paths.count - inputPaths.count
    for index in paths.indices {
      let slot = firstLooks[index].slot ?? parsedLater[index]
      let look = firstLooks[index].look
      let problem = look.problem
      let isInput = index < inputPaths.count
      if isInput {
        groups.sources.declaredMockNames.formUnion(look.mockNames)
        groups.sources.declaredTypeNames.formUnion(look.typeNames)
        groups.sources.ambiguousNames.formUnion(
          look.typeNames.intersection(FoundationTypeNames.names))
      }
      if problem == nil, !declared.isDisjoint(with: look.extended) {
        let extending = Extending(path: paths[index], text: look.text, extended: look.extended)
        if isInput {
          groups.sources.extending.append(extending)
        } else {
          groups.parents.extending.append(extending)
        }
      }
      switch (slot, problem) {
      case (.parsed(let file), _):
        if isInput { groups.sources.files.append(file) } else { groups.parents.files.append(file) }
      case (.problem(let problem), _), (nil, let problem?):
        if isInput {
          groups.sources.problems.append(problem)
        } else {
          groups.parents.problems.append(problem)
        }
      case (nil, nil):
        break
      }
    }
    return groups
  }

  /// What a file's text says before it is parsed.
  private struct Look: Sendable {
    var text = ""
    /// `path: error: ...`: the file could not be read.
    var problem: String?
    /// The names its text declares as protocols.
    var protocols: [String] = []
    /// Whether it has a type alias whose value may make parameters closures (a function
    /// type) or name protocols of other files (a composition).
    var hasTypeAliasThatMayMatter = false
    /// The types it extends (by simple name): it may implement a protocol's requirements.
    var extended: Set<String> = []
    /// The types its type aliases name: it matters if one of them is a protocol.
    var aliased: Set<String> = []
    /// The types it declares whose names start with `Mock` (not in a file `assay mock`
    /// wrote): a mock must not take one of those names.
    var mockNames: [String] = []
    /// The types it declares at file scope.
    var typeNames: Set<String> = []
  }

  /// What parsing a file gave.
  private enum Slot: Sendable {
    case parsed(File)
    /// `path:line:column: error: ...`: the file could not be parsed.
    case problem(String)
  }

  private static func look(at path: String) -> Look {
    guard let text = FileBytes.text(path) else {
      return Look(problem: "\(path): error: cannot read this file as UTF-8 text")
    }
    let aliases = SourceText.typeAliasValues(in: text)
    // A function type's alias (`typealias Handler = (Int) -> Void`) makes parameters of that
    // type closures; an alias of a composition may name protocols of other files.
    // By bytes: Foundation's `contains` of a string searched with a locale-aware range.
    // So does an alias of a protocol every mock conforms to, which may stand in for a parent
    // (`typealias _HB_SendableMetatype = SendableMetatype`, `= Any` for older compilers).
    let mayMatter = { (value: String) in
      let bytes = value.utf8
      return bytes.isEmpty || bytes.last == UInt8(ascii: "(")
        || ProtocolAliases.known.contains(value)
        || bytes.contains(UInt8(ascii: "&"))
        || zip(bytes, bytes.dropFirst()).contains {
          $0 == UInt8(ascii: "-") && $1 == UInt8(ascii: ">")
        }
    }
    let extended = SourceText.names(after: "extension", in: text)
    return Look(
      text: text,
      protocols: SourceText.names(after: "protocol", in: text),
      hasTypeAliasThatMayMatter: aliases.contains(where: mayMatter),
      extended: Set(extended),
      aliased: Set(aliases.map { $0.split(separator: ".").last.map(String.init) ?? $0 }),
      mockNames: text.utf8.starts(with: MockFile.marker.utf8)
        ? [] : SourceText.declaredNames(startingWith: "Mock", in: text),
      typeNames: SourceText.topLevelTypeNames(in: text))
  }

  /// Parses the outline of `text`; the whole text when the outline does not parse, or has
  /// not kept the text's lines (input the scan cannot follow), so that positions and problems
  /// are reported as the file has them.
  private static func parse(_ text: String, path: String, keeping: Set<String>) -> Slot {
    let outline = SourceOutline.of(text, keeping: keeping)
    if outline.utf8.count < text.utf8.count,
      outline.utf8.count(where: { $0 == 10 }) == text.utf8.count(where: { $0 == 10 })
    {
      let tree = Parser.parse(source: outline)
      if !tree.hasError {
        return .parsed(File(path: path, tree: tree))
      }
    }
    let tree = Parser.parse(source: text)
    let file = File(path: path, tree: tree)
    if tree.hasError, let problem = ParseDiagnosticsGenerator.diagnostics(for: tree).first {
      return .problem(
        "\(file.position(of: problem.node)): error: cannot parse: \(problem.message); "
          + "no mocks from this file")
    }
    return .parsed(file)
  }

  /// What the extensions of `protocols` implement, by extended type: the names of their
  /// methods and subscripts (``MockGenerator/memberName(of:)``), read from the files that
  /// extend them, parsed again with their extensions' members. A file that does not parse is
  /// left out (a file parsed for its protocols has reported it).
  ///
  /// - Parameter protocols: Simple names of protocols.
  func implementedMembers(of protocols: Set<String>) -> [(type: String, members: [String])] {
    guard !protocols.isEmpty else { return [] }
    let files = extending.filter { !$0.extended.isDisjoint(with: protocols) }
    return files.concurrentMap { file -> [(type: String, members: [String])] in
      guard case .parsed(let parsed) = Self.parse(file.text, path: file.path, keeping: protocols)
      else { return [] }
      return FileDeclarations(parsed.tree).extensions.compactMap { extensionDecl in
        let members = extensionDecl.memberBlock.members.compactMap {
          MockGenerator.memberName(of: $0.decl)
        }
        return members.isEmpty ? nil : (extensionDecl.extendedType.trimmedText, members)
      }
    }.flatMap { $0 }
  }

  private static func swiftFiles(in inputs: [String]) throws -> [String] {
    // Each input on its own, several at a time: a module is often given as many folders.
    let listed = inputs.concurrentMap { input -> [String]? in
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
        return nil
      }
      guard isFolder.boolValue else { return [input] }
      let folder = input.hasSuffix("/") ? input : input + "/"
      var found: [String] = []
      collectSwiftFiles(in: folder, relativeTo: "", into: &found)
      return found.sorted().map { folder + $0 }
    }
    var paths: [String] = []
    for (input, files) in zip(inputs, listed) {
      guard let files else { throw MockCommandError("\(input): no such file or folder") }
      paths += files
    }
    return paths
  }

  /// Adds the paths, relative to `root`, of the `.swift` files in `root + relative` and the
  /// folders in it (not those reached through a symbolic link), as `FileManager`'s enumerator
  /// lists them; read with `readdir`, whose entries say their kind, where the enumerator took a
  /// tenth of `assay mock`'s time on real modules.
  private static func collectSwiftFiles(
    in root: String, relativeTo relative: String, into found: inout [String]
  ) {
    guard let directory = opendir(root + relative) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      let path = relative + name
      var kind = Int32(entry.pointee.d_type)
      if kind == Int32(DT_UNKNOWN) || kind == Int32(DT_LNK) {
        var status = stat()
        guard stat(root + path, &status) == 0 else { continue }
        let isFolder = status.st_mode & S_IFMT == S_IFDIR
        // A link to a folder is not followed, as the enumerator does not follow it.
        if isFolder, kind == Int32(DT_LNK) { continue }
        kind = Int32(isFolder ? DT_DIR : DT_REG)
      }
      if kind == Int32(DT_DIR) {
        collectSwiftFiles(in: root, relativeTo: path + "/", into: &found)
      } else if name.hasSuffix(".swift") {
        found.append(path)
      }
    }
  }
}

/// A problem that stops the command before it reads anything.
public struct MockCommandError: Error, CustomStringConvertible {
  /// What went wrong, naming the file.
  public let description: String

  /// An error that says `description`.
  public init(_ description: String) {
    self.description = description
  }
}

/// `assay mock --check`'s verdict that the mocks file is not what `assay mock` would write: a
/// failure of the check (status 1), not bad input (status 2).
public struct MockFileIsStale: Error, CustomStringConvertible {
  /// What is stale, naming the file.
  public let description: String
}

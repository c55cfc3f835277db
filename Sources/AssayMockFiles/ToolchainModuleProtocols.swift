import AssayToolSupport
import Foundation
import SwiftParser
import SwiftSyntax

/// Protocols of the toolchain's modules that ship neither sources nor an interface (Foundation
/// on Linux), read from the symbol graphs the compiler extracts (`swift symbolgraph-extract`):
/// swift-crypto's `Digest: ContiguousBytes` was refused for a parent found nowhere.
enum ToolchainModuleProtocols {
  /// The declarations of the protocols named `names` that the toolchain's `modules` declare,
  /// written as Swift from their symbol graphs.
  ///
  /// - Parameters:
  ///   - names: Protocols to find, by simple name.
  ///   - modules: Modules the mocked files import; those the toolchain does not ship are
  ///     passed over (`Foundation` is read with `FoundationEssentials`, which declares most of
  ///     its protocols).
  ///   - folder: Where the symbol graphs are written: a folder in the package's build folder.
  /// - Returns: The declarations found.
  static func declarations(
    named names: Set<String>, in modules: Set<String>, writingTo folder: String
  )
    -> [ProtocolDeclSyntax]
  {
    guard !names.isEmpty else { return [] }
    var searched = modules
    if modules.contains("Foundation") { searched.insert("FoundationEssentials") }
    var declarations: [ProtocolDeclSyntax] = []
    for module in searched.sorted() {
      guard let graph = symbolGraphs(of: module, writingTo: folder)["\(module).symbols.json"]
      else { continue }
      declarations += Parser.parse(
        source: graph.protocolDeclarations(named: names).joined(separator: "\n")
      ).statements.compactMap { $0.item.as(ProtocolDeclSyntax.self) }
    }
    return declarations
  }

  /// The toolchain's library of the host's platform (`lib/swift/linux` next to the `swiftc`
  /// on the `PATH`), whose modules have an interface of `Swift`; `nil` where none has.
  static let platformLibrary: URL? = {
    let compiler = URL(fileURLWithPath: Command.resolve("swiftc")).resolvingSymlinksInPath()
    let library = compiler.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("lib/swift")
    // The host's platform before the others (`embedded` has a smaller library).
    let platforms =
      ["linux", "macosx"]
      + ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []).sorted()
    for platform in platforms {
      let folder = library.appendingPathComponent(platform)
      let module = folder.appendingPathComponent("Swift.swiftmodule")
      let files = (try? FileManager.default.contentsOfDirectory(atPath: module.path)) ?? []
      if files.contains(where: { $0.hasSuffix(".swiftinterface") }) { return folder }
    }
    return nil
  }()

  /// The symbol graphs that `swift symbolgraph-extract` writes for the toolchain's `module`
  /// into `folder`, once: the module's own, and those named `Other@module.symbols.json` (for
  /// `Swift`, `_Concurrency@Swift.symbols.json` declares `AsyncSequence`).
  ///
  /// - Returns: Each graph read, by file name; none where the toolchain has no such module.
  static func symbolGraphs(of module: String, writingTo folder: String) -> [String: SymbolGraph] {
    guard let library = platformLibrary,
      FileManager.default.fileExists(atPath: "\(library.path)/\(module).swiftmodule")
    else { return [:] }
    if !FileManager.default.fileExists(atPath: "\(folder)/\(module).symbols.json") {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      _ = Command.capture(
        "swift",
        [
          "symbolgraph-extract", "-module-name", module, "-target", targetTriple(of: library),
          "-output-dir", folder,
        ], deadline: 120)
    }
    var graphs: [String: SymbolGraph] = [:]
    for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where file == "\(module).symbols.json" || file.hasSuffix("@\(module).symbols.json") {
      guard let data = FileManager.default.contents(atPath: "\(folder)/\(file)"),
        let graph = try? JSONDecoder().decode(SymbolGraph.self, from: data)
      else { continue }
      graphs[file] = graph
    }
    return graphs
  }

  /// The text of the toolchain's interface of `module` (`Swift.swiftmodule/<target>.swiftinterface`),
  /// `nil` where there is none.
  static func interface(of module: String) -> String? {
    guard let library = platformLibrary else { return nil }
    let folder = library.appendingPathComponent("\(module).swiftmodule")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    guard
      let file = files.sorted().first(where: {
        $0.hasSuffix(".swiftinterface") && !$0.hasSuffix(".private.swiftinterface")
      })
    else { return nil }
    return try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
  }

  /// `x86_64-unknown-linux-gnu`, from the name of a module file of the platform's library.
  private static func targetTriple(of library: URL) -> String {
    let module = library.appendingPathComponent("Swift.swiftmodule")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: module.path)) ?? []
    let file = files.first { $0.hasSuffix(".swiftinterface") || $0.hasSuffix(".swiftmodule") }
    return file.map { String($0.prefix { $0 != "." }) } ?? "x86_64-unknown-linux-gnu"
  }
}

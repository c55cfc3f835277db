import AssayMockGenerator

/// The Swift file that tells the mock generator (the `@Mock` macro's and `assay mock`'s) what
/// the standard library's protocols require: written from the toolchain's symbol graph of
/// `Swift` (with `_Concurrency`'s protocols), and its interfaces for the requirements whose
/// names start with `_`, which symbol graphs leave out; so that no list is kept by hand. A macro cannot
/// run the toolchain as it expands, so the file is generated once and committed
/// (`Scripts/generate-mocks.sh`), and CI checks that it is what the toolchain says.
public enum StandardProtocolsFile {
  /// The file's text.
  ///
  /// - Parameter folder: Where the symbol graphs are written (a build folder).
  /// - Returns: The Swift source, or `nil` where the toolchain gives no symbol graph of
  ///   `Swift`.
  public static func text(writingGraphsTo folder: String) -> String? {
    let graphs = ToolchainModuleProtocols.symbolGraphs(of: "Swift", writingTo: folder)
    guard let swift = graphs["Swift.symbols.json"] else { return nil }
    let others = graphs.filter { $0.key != "Swift.symbols.json" }.sorted { $0.key < $1.key }
      .map { (graph: $0.value, module: String($0.key.prefix { $0 != "@" })) }
    let graph = SymbolGraph(merging: [(swift, "Swift")] + others)
    let interfaces = ["Swift", "_Concurrency"].compactMap(ToolchainModuleProtocols.interface(of:))
    let declarations = graph.protocolDeclarations(
      implemented: MockGenerator.parentsImplementedByEveryMock,
      underscored: UnderscoredRequirements(interface: interfaces.joined(separator: "\n"))
    ).joined(separator: "\n")
    let compositions = graph.compositions.sorted { $0.key < $1.key }.map { name, parts in
      "    \"\(name)\": [\(parts.map { "\"\($0)\"" }.joined(separator: ", "))],\n"
    }.joined()
    return """
      \(MockFile.marker) from the toolchain's symbol graphs: do not edit, run \
      Scripts/generate-mocks.sh.
      // swift-format-ignore-file

      extension StandardProtocols {
        /// The standard library's protocols, each with what a conforming type must implement.
        static let source = #\"\"\"
      \(declarations)
      \"\"\"#

        /// The standard library's type aliases of protocol compositions.
        static let compositions: [String: [String]] = [
      \(compositions)  ]
      }

      """
  }
}

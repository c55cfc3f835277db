import AssayToolSupport
import Foundation

/// Names that the mocked module shares with another module its files import: alone in the mock
/// file, which imports both, such a name is ambiguous ("'SocketAddress' is ambiguous for type
/// lookup in this context", grpc-swift-nio-transport's module and NIOCore), so a mock writes the
/// mocked module's type with the module's name.
enum ImportedTypeNames {
  /// The names among `candidates` that a module imported by `files` declares too, read from
  /// that module's sources: the package's `Sources/<Module>`, or a dependency's
  /// `.build/checkouts/*/Sources/<Module>`. A module found in neither (the toolchain's) adds
  /// none; Foundation's names are known apart (``FoundationTypeNames``).
  ///
  /// - Parameters:
  ///   - candidates: The names of the types the mocked files declare.
  ///   - files: The mocked files, whose imports (inside `#if` blocks too) are searched.
  ///   - input: A file or folder given to `assay mock`: the package is the nearest folder
  ///     above it with a `Package.swift`.
  ///   - module: The mocked module, which is not searched.
  /// - Returns: The names that need the module's name in the mock file.
  static func shared(
    _ candidates: Set<String>, importedBy files: [SourceFiles.File], near input: String,
    other module: String?
  ) -> Set<String> {
    guard !candidates.isEmpty, let root = PackageRoot.containing(input) else { return [] }
    var modules: Set<String> = []
    for file in files {
      modules.formUnion(file.declarations.imports.map(\.module))
      for block in file.declarations.importBlocks { modules.formUnion(block.modules) }
    }
    if let module { modules.remove(module) }
    guard !modules.isEmpty else { return [] }
    var folders = modules.map { "\(root)/Sources/\($0)" }
    let checkouts = "\(root)/.build/checkouts"
    for checkout in (try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? [] {
      folders += modules.map { "\(checkouts)/\(checkout)/Sources/\($0)" }
    }
    var shared: Set<String> = []
    for folder in folders {
      guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
      while let relative = walker.nextObject() as? String {
        guard relative.hasSuffix(".swift"), let text = FileBytes.text("\(folder)/\(relative)")
        else { continue }
        shared.formUnion(SourceText.typeNames(in: text).intersection(candidates))
      }
    }
    return shared
  }
}

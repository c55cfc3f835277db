import Foundation
import Testing

@testable import AssayMutation
@testable import AssayRunning

/// swift-case-paths' harness sample: a mutant of the code its macro runs was reported killed
/// (by a test of the expansion, in the test process) where rebuilding with the mutant written
/// fails to compile (the mutated expansion, in the package's own uses of the macro). A switch
/// read at run time cannot reach what the compiler writes, so such code's mutants are built
/// alone, as written: here, which code that is.
@Suite struct CompilerCodeTests {
  /// A package whose macro `Macros` depends on `Support`, which depends on `Shared`; the
  /// library `Lib` declares the macro and uses `Shared` too.
  static let package: SwiftPackage = {
    let targets = """
      [
        {"name": "Lib", "c99name": "Lib", "type": "library", "path": "Sources/Lib",
         "sources": ["Lib.swift"], "target_dependencies": ["Macros", "Shared"]},
        {"name": "Macros", "c99name": "Macros", "type": "macro", "path": "Sources/Macros",
         "sources": ["Macro.swift"], "target_dependencies": ["Support"]},
        {"name": "Support", "c99name": "Support", "type": "library", "path": "Sources/Support",
         "sources": ["Support.swift"], "target_dependencies": ["Shared"]},
        {"name": "Shared", "c99name": "Shared", "type": "library", "path": "Sources/Shared",
         "sources": ["Shared.swift"]},
        {"name": "Plain", "c99name": "Plain", "type": "library", "path": "Sources/Plain",
         "sources": ["Plain.swift"]},
        {"name": "LibTests", "c99name": "LibTests", "type": "test", "path": "Tests/LibTests",
         "sources": ["LibTests.swift"], "target_dependencies": ["Lib", "Support"]}
      ]
      """
    let decoded = try! JSONDecoder().decode([SwiftPackage.Target].self, from: Data(targets.utf8))
    return SwiftPackage(name: "P", root: "/p", targets: decoded)
  }()

  @Test(arguments: [
    ("Sources/Macros/Macro.swift", true),
    ("Sources/Support/Support.swift", true),
    ("Sources/Shared/Shared.swift", true),
    ("Sources/Lib/Lib.swift", false),
    ("Sources/Plain/Plain.swift", false),
    ("Tests/LibTests/LibTests.swift", false),
  ])
  func theCodeAMacroRunsIsTheCompilers(file: String, inTheCompiler: Bool) {
    #expect(MutationSession.runsInTheCompiler(file, of: Self.package) == inTheCompiler)
  }
}

// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

// The runtime library `Assay` stays cheap to compile: it depends on swift-custom-dump (for
// readable diffs) and the toolchain's XCTest and Swift Testing, never on swift-syntax.
// The `@Mock` macro (`AssayMacros`, exposed by `AssayMock`) and the `assay` command-line tool
// have their own targets and products, so only users who ask for them pay for swift-syntax and
// argument parsing.
let package = Package(
  name: "Assay",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Assay", targets: ["Assay"]),
    .library(name: "AssayMock", targets: ["AssayMock"]),
    .library(name: "AssaySingletons", targets: ["AssaySingletons"]),
    .executable(name: "assay", targets: ["assay"]),
  ],
  // `Tools`: the `@Mock` macro and the `assay` command, which need swift-syntax and
  // swift-argument-parser. On by default; a package that uses only the `Assay` runtime turns it
  // off (`.package(..., traits: [])`) and never fetches or builds either.
  traits: [
    .trait(
      name: "Tools",
      description: "The @Mock macro (AssayMock) and the assay command: swift-syntax, ArgumentParser"
    ),
    .default(enabledTraits: ["Tools"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    // For the `@Mock` macro and the `assay` tool only; the `Assay` library never depends on it.
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // For the examples' tests only: a test clock, and a small web server on 127.0.0.1.
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.0.0"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
  ],
  targets: [
    .target(
      name: "Assay",
      dependencies: [
        "AssayCore", "AssaySingletons", "AssayAllocationCounter", "AssayInstructionCounter",
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    // Counts allocations per thread for `measure` (Linux with glibc: it stands in front of
    // malloc in the test binary; elsewhere it counts nothing and says so).
    .target(name: "AssayAllocationCounter"),
    // Counts instructions for `measure`: the processor's counter (Linux, where the kernel gives
    // it), or the one function that Callgrind counts inside when `assay test` runs a test
    // again under Valgrind.
    .target(name: "AssayInstructionCounter"),
    // What generated mocks need at run time (recording, stubbing, matchers' core, formatting),
    // linking neither XCTest nor Swift Testing, so that `@Mock` can live in app code.
    .target(
      name: "AssayCore",
      dependencies: [.product(name: "CustomDump", package: "swift-custom-dump")]
    ),
    // Singleton by choice, for production code: no test library, no dependency.
    .target(name: "AssaySingletons"),
    .testTarget(name: "AssayTests", dependencies: ["Assay", "AssayTestSupport"]),
    // What Assay's own tests share: starting the test binary again, finding built products.
    .target(name: "AssayTestSupport", path: "Tests/AssayTestSupport"),

    // Test doubles: one generator behind the `@Mock` macro and `assay mock`.
    .target(
      name: "AssayMockGenerator",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax", condition: tools),
        .product(name: "SwiftParser", package: "swift-syntax", condition: tools),
      ]
    ),
    .macro(
      name: "AssayMacros",
      dependencies: [
        "AssayMockGenerator",
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: tools),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: tools),
      ]
    ),
    .target(
      name: "AssayMock",
      dependencies: ["AssayCore", .target(name: "AssayMacros", condition: tools)]
    ),
    // The `assay` command's logic, as a library its tests can import: results read from Swift
    // Testing's event stream, and the reports written from them.
    .target(name: "AssayResults"),
    // Spawning processes for every tool: close-on-exec, a process group per child, children
    // killed when `assay` dies (SIGKILL included) or is interrupted.
    .target(name: "AssayProcessSpawn"),
    // What every tool shares: errors that are the user's to fix, child processes and commands
    // (on AssayProcessSpawn), and atomic writes that keep links and permissions.
    .target(name: "AssayToolSupport", dependencies: ["AssayProcessSpawn"]),
    .testTarget(
      name: "AssayToolSupportTests",
      dependencies: ["AssayToolSupport", "AssayProcessSpawn", "AssayTestSupport"]),
    // `assay test`'s engine, which `assay mutate` reuses: the package's build and test binary,
    // the tests' inventory with their lines, the process runner (restart after a crash,
    // per-test timeout, process groups), shards and selection by file:line.
    .target(
      name: "AssayRunning",
      dependencies: [
        "AssayResults", "AssayToolSupport",
        .product(name: "SwiftParser", package: "swift-syntax", condition: tools),
      ]
    ),
    // `assay mock`'s logic: reading the files, resolving protocols across them, writing the
    // mocks' file. The executable only parses arguments.
    .target(
      name: "AssayMockFiles",
      dependencies: [
        "AssayMockGenerator", "AssayToolSupport",
        .product(name: "SwiftParser", package: "swift-syntax", condition: tools),
        .product(name: "SwiftParserDiagnostics", package: "swift-syntax", condition: tools),
      ]
    ),
    // `assay mutate`'s engine: operators and mutant schemata (swift-syntax), the copy of the
    // package it builds once, the baseline's coverage per test, and the mutants' runs on
    // AssayRunning.
    .target(
      name: "AssayMutation",
      dependencies: [
        "AssayResults", "AssayRunning", "AssayToolSupport",
        .product(name: "SwiftSyntax", package: "swift-syntax", condition: tools),
        .product(name: "SwiftParser", package: "swift-syntax", condition: tools),
        .product(name: "SwiftOperators", package: "swift-syntax", condition: tools),
      ]
    ),
    // `assay migrate`'s engine: XCTest suites to Swift Testing (with Assay where Swift Testing
    // has no equivalent), as swift-syntax rewriters, and the files' session (diff, write).
    .target(
      name: "AssayMigration",
      dependencies: [
        "AssayResults", "AssayToolSupport",
        .product(name: "SwiftSyntax", package: "swift-syntax", condition: tools),
        .product(name: "SwiftParser", package: "swift-syntax", condition: tools),
      ]
    ),
    .testTarget(
      name: "AssayMigrationTests",
      dependencies: [
        "AssayMigration", "AssayResults", "AssayRunning", "AssayToolSupport", "AssayTestSupport",
        "AssayProcessSpawn",
      ],
      exclude: ["Fixtures"]
    ),
    // `assay mutate`'s proofs: the operators on snippets, and end to end on a fixture package.
    .testTarget(
      name: "AssayMutationTests",
      dependencies: [
        "AssayMutation", "AssayRunning", "AssayResults", "AssayToolSupport", "AssayTestSupport",
        "AssayProcessSpawn",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftOperators", package: "swift-syntax"),
      ],
      exclude: ["Fixtures"]
    ),
    // `assay test`'s proofs: its readers, selection, shards and reports in process, and the
    // runner end to end on a fixture package whose tests crash and hang.
    .testTarget(
      name: "AssayRunningTests",
      dependencies: [
        "AssayResults", "AssayRunning", "AssayToolSupport", "AssayProcessSpawn", "AssayTestSupport",
      ],
      exclude: ["Fixtures"]
    ),
    .executableTarget(
      name: "assay",
      dependencies: [
        "AssayMigration", "AssayMockFiles", "AssayMutation", "AssayResults", "AssayRunning",
        "AssayToolSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser", condition: tools),
      ]
    ),
    // The generator's proofs: its engine and the macro's expansions; then one set of fixture
    // protocols mocked by the macro and by `assay mock`, both running the same tests.
    .testTarget(
      name: "AssayMockGeneratorTests",
      dependencies: [
        "AssayMockGenerator", "AssayMockFiles", "AssayMacros", "AssayResults", "AssayTestSupport",
        "assay",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
      ]
    ),
    .target(name: "MockFixtures", dependencies: ["AssayMock"], path: "Tests/MockFixtures"),
    .testTarget(name: "MacroMockTests", dependencies: ["MockFixtures", "AssayMock", "Assay"]),
    .testTarget(name: "GeneratedMockTests", dependencies: ["MockFixtures", "Assay"]),
    // Mocks in a module built with default MainActor isolation, as new app targets are.
    .testTarget(
      name: "DefaultIsolationMockTests",
      dependencies: ["AssayMock", "Assay"],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    ),
    // Every Swift sample of the README and the DocC articles, extracted into Generated/ by
    // Scripts/extract-doc-samples.py; building this target proves they compile (CI does).
    .target(
      name: "DocSamples",
      dependencies: [
        "Assay", "AssayMock", "FuelGauge", "Delegation", "Birthdays", "PageTitles", "Autosave",
        "Wireframe", "Screens", "Settings", .product(name: "Clocks", package: "swift-clocks"),
      ],
      path: "Tests/DocSamples"
    ),
  ] + examples
)

/// Dependencies that only the `Tools` trait brings in.
var tools: TargetDependencyCondition? { .when(traits: ["Tools"]) }

// The seeds' scenarios, written as we want users to write tests. Each example is a small
// module with its test suite; every suite's name ends in `ExampleTests`, so
// `swift test --filter ExampleTests` runs them all.
var examples: [Target] {
  [
    example("FuelGauge"),
    example("Delegation"),
    example("PowerMonitor", using: ["AssayMock"]),
    example("Birthdays"),
    example("PageTitles", testing: [.product(name: "FlyingFox", package: "FlyingFox")]),
    example("Autosave", testing: [.product(name: "Clocks", package: "swift-clocks")]),
    example("Wireframe", using: ["AssayMock"]),
    example("Screens"),
    example("Settings", using: ["AssaySingletons"]),
  ].flatMap { $0 }
}

func example(
  _ name: String, using dependencies: [Target.Dependency] = [],
  testing extras: [Target.Dependency] = []
) -> [Target] {
  [
    .target(name: name, dependencies: dependencies, path: "Examples/\(name)/Sources"),
    .testTarget(
      name: "\(name)ExampleTests",
      dependencies: [.target(name: name), "Assay"] + extras,
      path: "Examples/\(name)/Tests"
    ),
  ]
}

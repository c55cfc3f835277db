import AssayToolSupport
import Foundation
import SwiftParser
import SwiftSyntax

/// The build that proves a migration: `swift build --build-tests` of the package that holds
/// the converted files, and the compiler's errors, each at its file and line.
public enum MigrationBuild {
  /// How a build ended, with all it printed.
  public struct Outcome: Sendable, Equatable {
    /// Whether it succeeded.
    public var succeeded: Bool
    /// What it printed, errors included.
    public var output: String

    /// An outcome.
    public init(succeeded: Bool, output: String) {
      self.succeeded = succeeded
      self.output = output
    }
  }

  /// A compiler error: `path:line:column: error: message`.
  struct CompilerError: Equatable {
    var path: String
    var line: Int
    var message: String
  }

  /// `swift build --build-tests` of the package at `packageRoot`.
  ///
  /// - Parameter packageRoot: The folder of the package's `Package.swift`.
  /// - Returns: Whether it built, and what it printed.
  @Sendable public static func swiftBuild(packageRoot: String) -> Outcome {
    var (termination, output) = Command.capture(
      "swift", ["build", "--build-tests", "--package-path", packageRoot])
    if termination != .exited(0), let plan = staleBuildPlan(in: output) {
      // The plan is made again from the package as it is now.
      try? FileManager.default.removeItem(atPath: plan)
      (termination, output) = Command.capture(
        "swift", ["build", "--build-tests", "--package-path", packageRoot])
    }
    return Outcome(succeeded: termination == .exited(0), output: output)
  }

  /// Removes the build plans of the package at `packageRoot`
  /// (`.build/<triple>/<configuration>/description.json`), so that the next build makes them
  /// again from the package as it is. SwiftPM does not notice a `LinuxMain.swift` written back
  /// outside every target: the binary kept finding every test by itself (ZIPFoundation).
  static func forgetBuildPlans(packageRoot: String) {
    let build = URL(fileURLWithPath: packageRoot).appendingPathComponent(".build")
    let manager = FileManager.default
    for platform in (try? manager.contentsOfDirectory(atPath: build.path)) ?? [] {
      for configuration in ["debug", "release"] {
        // A folder without a plan (the `debug` link, a configuration not built) has none to remove.
        try? manager.removeItem(
          at: build.appendingPathComponent(platform).appendingPathComponent(configuration)
            .appendingPathComponent("description.json"))
      }
    }
  }

  /// The build plan (`.build/<triple>/debug/description.json`) of a build that failed only
  /// because the plan still names a file the migration removed ("couldn't build
  /// …/.build/x86_64-unknown-linux-gnu/debug/PTests.build/sources because of missing inputs:
  /// …/Tests/LinuxMain.swift", seen on weichsel/ZIPFoundation, again at every build until the
  /// plan went); `nil` for any other output.
  static func staleBuildPlan(in output: String) -> String? {
    guard errors(in: output).isEmpty,
      let line = output.split(separator: "\n").first(where: {
        $0.contains("because of missing inputs")
      }),
      let start = line.range(of: "couldn't build ")?.upperBound,
      let end = line.range(of: " because of missing inputs")?.lowerBound
    else { return nil }
    var folder = URL(fileURLWithPath: String(line[start..<end]))
    while folder.path != "/", !["debug", "release"].contains(folder.lastPathComponent) {
      folder.deleteLastPathComponent()
    }
    return folder.path == "/" ? nil : folder.appendingPathComponent("description.json").path
  }

  /// The first line of a build's output that reports an error, located or not
  /// (`<unknown>:0: error: …`, `error: link command failed …`), trimmed; `nil` when none does.
  static func firstErrorLine(in output: String) -> String? {
    output.split(separator: "\n").lazy
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .first { $0.hasPrefix("error: ") || $0.contains(": error: ") }
  }

  /// The compiler's errors in a build's output, each once, in order.
  ///
  /// An error in a macro's expansion (`macro expansion #expect:1:39: error: ...`) is placed
  /// where the macro is used, which the next line names (`` `- FILE:7:25: note: expanded code
  /// originates here ``).
  static func errors(in output: String) -> [CompilerError] {
    var found: [CompilerError] = []
    let lines = output.split(separator: "\n", omittingEmptySubsequences: true)
    for (index, line) in lines.enumerated() {
      guard let marker = line.range(of: ": error: ") else { continue }
      let message = String(line[marker.upperBound...])
      var place = location(line[..<marker.lowerBound])
      if line.hasPrefix("macro expansion "), index + 1 < lines.count {
        let next = lines[index + 1].drop { $0 == "`" || $0 == "-" || $0 == " " }
        place = next.range(of: ": note: expanded code originates here").flatMap {
          location(next[..<$0.lowerBound])
        }
      }
      guard let (path, number) = place else { continue }
      let error = CompilerError(path: canonical(path), line: number, message: message)
      if !found.contains(error) { found.append(error) }
    }
    for error in crashes(in: lines) where !found.contains(error) { found.append(error) }
    return found
  }

  /// The compiler's crashes in a build's output, each as an error at the innermost place its
  /// stack dump names (`8.  While type-checking expression at [/p/A.swift:427:25 - ...]`),
  /// so that the suite there is put back like one that does not compile.
  private static func crashes(in lines: [Substring]) -> [CompilerError] {
    let signal = lines.lazy.compactMap { line in
      line.range(of: "due to signal ").map { line[$0.upperBound...].prefix { $0.isNumber } }
    }.first
    guard let signal else { return [] }
    var found: [CompilerError] = []
    var reason = ""
    var place: (String, Int)?
    func flush() {
      guard let (path, line) = place else { return }
      let why = reason.isEmpty ? "" : ": \(reason)"
      found.append(
        CompilerError(
          path: canonical(path), line: line,
          message: "the compiler crashed type-checking this (signal \(signal)\(why))"))
      place = nil
    }
    for line in lines {
      let isFrame = line.first?.isNumber == true && line.contains(".\t")
      if !isFrame {
        flush()
        if line.hasPrefix("Assertion failed") || line.hasPrefix("Fatal error") {
          reason = String(line)
        }
        continue
      }
      // A path runs from a slash to `.swift:LINE:COLUMN`, spaces and `@` included (a folder
      // named `Schema Object`, a clone in `pkg@migrate`); brackets and quotes end it.
      if let last = line.matches(of: #/(/[^\[\]"]*?\.swift):(\d+):\d+/#).last,
        let number = Int(last.output.2)
      {
        place = (String(last.output.1), number)
      }
    }
    flush()
    return found
  }

  /// The file and line of `path:line:column`.
  private static func location(_ text: Substring) -> (String, Int)? {
    let place = text.split(separator: ":")
    guard place.count >= 3, let number = Int(place[place.count - 2]),
      Int(place[place.count - 1]) != nil
    else { return nil }
    return (place.dropLast(2).joined(separator: ":"), number)
  }

  /// A path with its links resolved, to compare the compiler's paths with the files'.
  static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
  }

  /// The name of the outermost type whose declaration (or extension) holds `line` of `text`.
  static func enclosingType(line: Int, in text: String) -> String? {
    let tree = Parser.parse(source: text)
    let converter = SourceLocationConverter(fileName: "", tree: tree)
    let finder = OutermostType(line: line, converter: converter)
    finder.walk(tree)
    return finder.name
  }

  /// The types that `text` extends (at the top level or in `#if` blocks).
  static func extendedTypes(in text: String) -> Set<String> {
    let declarations = XCTestMigration.Declarations()
    declarations.walk(Parser.parse(source: text))
    return Set(declarations.extensions.map(\.extendedType.trimmedDescription))
  }

  /// Finds the outermost type declaration or extension around a line, `#if` blocks included.
  private final class OutermostType: SyntaxVisitor {
    let line: Int
    let converter: SourceLocationConverter
    var name: String?

    init(line: Int, converter: SourceLocationConverter) {
      self.line = line
      self.converter = converter
      super.init(viewMode: .sourceAccurate)
    }

    private func holds(_ node: some SyntaxProtocol, _ found: String) -> SyntaxVisitorContinueKind {
      let start = node.startLocation(converter: converter).line
      let end = node.endLocation(converter: converter).line
      if name == nil, (start...end).contains(line) { name = found }
      return .skipChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
      holds(node, node.name.text)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
      holds(node, node.name.text)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
      holds(node, node.name.text)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
      holds(node, node.name.text)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      holds(node, node.extendedType.trimmedDescription)
    }

    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  }
}

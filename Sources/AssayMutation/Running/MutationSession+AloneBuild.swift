import AssayResults
import AssayToolSupport
import Foundation
import SwiftParser
import SwiftSyntax

// Mutants that no switch can hold, each built alone as written and run against that build.
extension MutationSession {
  /// Builds each mutant of `ids` alone, as the report shows it (its replacement at its place
  /// in the original file, the other files as the one build has them), and runs `tests` of it
  /// against that build: unviable only when that build fails. Their switches cannot be
  /// compiled (an `if` among the components of a result builder without `buildOptional`),
  /// though the mutants may compile. The copy is left with the one build's sources.
  ///
  /// - Parameters:
  ///   - ids: The mutants to build alone.
  ///   - mutants: Every mutant of the run; those of `ids` get their outcomes.
  ///   - schemata: The one build's sources, written back for each build and at the end.
  ///   - workspace: The copy of the package.
  ///   - runner: Runs a mutant's tests against the copy's test binary.
  ///   - keeper: Keeps each outcome as it comes.
  ///   - tests: The tests to run for a mutant: those of its declaration.
  func runAlone(
    _ ids: Set<Int>, in mutants: inout [Mutant], schemata: MutantSchemata,
    workspace: MutationWorkspace, runner: MutantRunner, keeper: OutcomeKeeper,
    tests: (Mutant) -> [TestIdentifier]
  ) throws(RunError) {
    guard !ids.isEmpty else { return }
    for index in mutants.indices where ids.contains(mutants[index].id) {
      let mutant = mutants[index]
      try schemata.write(into: workspace)
      try workspace.write(try Self.applying(mutant, root: options.packagePath), to: mutant.file)
      // The build compiles the mutated file, whatever its times say (``MutationWorkspace``).
      guard try workspace.buildTests().succeeded else {
        mutants[index].status = .unviable
        continue
      }
      let covering = tests(mutant)
      guard !covering.isEmpty else {
        mutants[index].status = .noCoverage
        continue
      }
      let (status, killedBy, _) = runner.outcome(of: "\(mutant.id)", tests: covering)
      mutants[index].status = status
      mutants[index].killedBy = killedBy
      mutants[index].coveredBy = covering.map(\.description).sorted()
      // It ran with every test that enters its function: its outcome is final.
      keeper.keep(mutants[index], final: true)
    }
    try schemata.write(into: workspace)
    print(
      "\(ids.count) mutants cannot be switched in the one build (code that macros run in the "
        + "compiler, whose mutants change what it writes; removed statements of closures, as "
        + "of a result builder without buildOptional): each built alone, as written, and run")
  }

  /// Whether `mutant` removes a statement of a closure: the one build cannot switch it when the
  /// closure is a result builder's without `buildOptional`, whatever the compiler's error says
  /// (Graphiti's overloaded `Type(…) { Field(…) }` initializers: "no exact matches in call to
  /// initializer", at the call). Elsewhere a removed call's switch compiles as the call does.
  static func removesAStatementOfAClosure(_ mutant: Mutant, root: String) -> Bool {
    guard mutant.mutationOperator == .removeCall,
      let text = try? String(contentsOfFile: "\(root)/\(mutant.file)", encoding: .utf8)
    else { return false }
    let tree = Parser.parse(source: text)
    let converter = SourceLocationConverter(fileName: mutant.file, tree: tree)
    let position = converter.position(ofLine: mutant.start.line, column: mutant.start.column)
    var node = tree.token(at: position).map(Syntax.init)
    while let current = node, !current.is(CodeBlockItemSyntax.self) { node = current.parent }
    return node?.parent?.parent?.is(ClosureExprSyntax.self) ?? false
  }

  /// The original file of `mutant` with its replacement at its place (a removed call: nothing).
  static func applying(_ mutant: Mutant, root: String) throws(RunError) -> Data {
    let path = "\(root)/\(mutant.file)"
    guard let data = FileManager.default.contents(atPath: path) else {
      throw RunError("cannot read \(path)")
    }
    var bytes = Array(data)
    guard let start = offset(of: mutant.start, in: bytes),
      let end = offset(of: mutant.end, in: bytes), start <= end
    else {
      throw RunError("\(mutant.location): the mutant is not where the file has its code any more")
    }
    let replacement = mutant.mutationOperator == .removeCall ? "" : mutant.replacement
    bytes.replaceSubrange(start..<end, with: Array(replacement.utf8))
    return Data(bytes)
  }

  /// The byte offset of `position` (line and UTF-8 column, from 1) in `bytes`.
  private static func offset(of position: Mutant.Position, in bytes: [UInt8]) -> Int? {
    var line = 1
    var index = 0
    while line < position.line {
      guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      index = newline + 1
      line += 1
    }
    let offset = index + position.column - 1
    return offset <= bytes.count ? offset : nil
  }
}

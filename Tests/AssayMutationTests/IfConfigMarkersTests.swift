import Testing

@testable import AssayMutation

/// The markers that tell which `#if` clauses a build compiles (``IfConfigMarkers``): where they
/// stand in the mutated file, and what the build's lines say with them.
@Suite struct IfConfigMarkersTests {
  private func rewritten(_ source: String) -> SchemataRewriter {
    SchemataRewriter(source: source, path: "Sources/M/F.swift", firstID: 1)
  }

  /// Markers end the clause's last line, so every line keeps its number; the file's own marker
  /// is a line after the last.
  @Test func markersStandAtTheEndOfTheClausesLastLine() {
    let source = """
      func f(_ x: Int) -> Int {
        #if os(Windows)
          return x + 1  // Windows
        #else
          return x - 1
        #endif
      }
      struct S {
        #if FLAG
          func g() -> Bool { true }
        #endif
      }
      """
    let result = rewritten(source)
    let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == source.split(separator: "\n").count + 2)
    #expect(lines[2].hasSuffix("; #warning(\"assay-mutate: 1 2 3\")  // Windows"), "\(lines[2])")
    #expect(lines[4].hasSuffix("; #warning(\"assay-mutate: 4 5 6\")"), "\(lines[4])")
    #expect(lines[9].hasSuffix("; #warning(\"assay-mutate: 7 8\")"), "\(lines[9])")
    #expect(lines[lines.count - 2] == IfConfigMarkers.compiledMarker)
    #expect(result.inMarkedClauses == Set(1...8))
  }

  /// Where a `#warning` may not stand (a closure, which may be a result builder's; a body with
  /// a result builder's attribute; an expression alone that may be the implicit return; after
  /// an `#endif`), the clause has no marker and its mutants run as before.
  @Test(arguments: [
    "let k = { () -> Int in\n  #if os(Windows)\n    return 1 + 1\n  #else\n    return 3\n  #endif\n}",
    "@Builder func f() -> Int {\n  #if os(Windows)\n    1 + 1\n  #endif\n}",
    "func f() -> Int {\n  #if os(Windows)\n    1 + 1\n  #else\n    3\n  #endif\n}",
    // Nothing may follow a nested clause's `#endif` on its line.
    "func f(_ x: Int) {\n  #if os(Windows)\n    #if DEBUG\n      g(x + 1)\n    #endif\n  #endif\n}",
  ])
  func noMarkerWhereAWarningMayNotStand(source: String) {
    let result = rewritten(source)
    #expect(!result.text.contains("#warning"), "\(result.text)")
    #expect(result.inMarkedClauses.isEmpty)
  }

  /// swift-log's `unlock()`: an `if` alone in an `#if` alone in a function that returns
  /// nothing is no implicit return: its clause is marked (it was "not covered" on Linux).
  @Test func anExpressionAloneInAFunctionThatReturnsNothingIsMarked() {
    let result = rewritten(
      """
      func unlock(_ shared: Bool) {
        #if os(Windows)
          if shared { release(1) } else { release(2) }
        #else
          release(0)
        #endif
      }
      """)
    #expect(result.text.contains("#warning(\"assay-mutate: "), "\(result.text)")
    #expect(!result.inMarkedClauses.isEmpty)
  }

  /// The mutants of a clause whose marker the build did not print, in a file it compiled; a
  /// file whose own marker is missing (not compiled by this build) says nothing.
  @Test func theMutantsOfClausesWithoutTheirWarningWereNotCompiled() {
    let lines = [
      "/copy/Sources/M/F.swift:3:34: warning: assay-mutate: 4 5 6",
      "  |   `- warning: assay-mutate: 4 5 6",
      "/copy/Sources/M/F.swift:14:10: warning: assay-mutate: compiled",
      "/copy/Sources/M/G.swift:2:1: warning: assay-mutate: 12",
    ]
    let files: [(path: String, marked: Set<Int>)] = [
      ("/copy/Sources/M/F.swift", Set(1...8)), ("/copy/Sources/M/G.swift", [11, 12]),
    ]
    #expect(IfConfigMarkers.notCompiled(in: lines, files: files) == [1, 2, 3, 7, 8])
  }

  /// A package that treats warnings as errors fails on the markers: the files are written
  /// without them.
  @Test func aBuildThatFailsOnAMarkerIsSeen() {
    #expect(
      IfConfigMarkers.failedOnAMarker([
        "/copy/Sources/M/F.swift:3:34: error: assay-mutate: 4 5 6"
      ]))
    #expect(!IfConfigMarkers.failedOnAMarker(["/copy/Sources/M/F.swift:3:34: error: other"]))
  }
}

import Testing

@testable import AssayMutation

/// Each operator on code as people write it: with and without spaces, in closures, implicit
/// returns and result builders; and the places no mutant may touch.
@Suite struct OperatorTests {
  /// The mutants of `code` as `operator: original → replacement`.
  private func mutants(_ code: String, _ only: MutationOperator? = nil) -> [String] {
    let operators = only.map { Set([$0]) } ?? Set(MutationOperator.allCases)
    return SchemataRewriter(source: code, path: "F.swift", firstID: 1, operators: operators)
      .mutants.map { "\($0.mutationOperator.name): \($0.change)" }
  }

  @Test(arguments: [
    ("let a = x<y", "relational-boundary: x<y → x <= y"),
    ("let a = x <= y", "relational-boundary: x <= y → x < y"),
    ("let a = x>y", "relational-boundary: x>y → x >= y"),
    ("let a = x >= y", "relational-boundary: x >= y → x > y"),
    ("let a = x==y", "relational-negation: x==y → x != y"),
    ("let a = x != y", "relational-negation: x != y → x == y"),
    ("let a = x+y", "arithmetic: x+y → x - y"),
    ("let a = x - y", "arithmetic: x - y → x + y"),
    ("let a = x*y", "arithmetic: x*y → x / y"),
    ("let a = x / y", "arithmetic: x / y → x * y"),
    ("let a = x % y", "arithmetic: x % y → x * y"),
    ("func f() { x += y }", "compound-assignment: x += y → x -= y"),
    ("func f() { x -= y }", "compound-assignment: x -= y → x += y"),
    ("func f() { x *= y }", "compound-assignment: x *= y → x /= y"),
    ("func f() { x /= y }", "compound-assignment: x /= y → x *= y"),
    ("let a = p&&q", "logical: p&&q → p || q"),
    ("let a = p || q", "logical: p || q → p && q"),
    ("let a = !p", "remove-not: !p → p"),
    ("let a = -x", "remove-unary-minus: -x → x"),
    ("let a = 0", "integer-literal: 0 → 1"),
    ("let a = 1", "integer-literal: 1 → 0"),
    ("let a = 41", "integer-literal: 41 → 42"),
    ("let a = 0x1F", "integer-literal: 0x1F → 32"),
    ("let a = true", "boolean-literal: true → false"),
    ("let a = false", "boolean-literal: false → true"),
    (#"let a = "text""#, #"string-literal: "text" → """#),
    ("let a = c ? x : y", "ternary-swap: c ? x : y → c ? y : x"),
    ("func f() { if c { g() } }", "condition: c → true"),
    ("func f() { guard c else { return } }", "condition: c → true"),
    ("func f() { while c { g() } }", "condition: c → true"),
    ("func f() { g()\n h() }", "remove-call: g() → (removed)"),
    ("func f() -> Int { return x }", "return-default: x → 0"),
    ("func f() -> Bool { x }", "return-default: x → false"),
    ("func f() -> String? { x }", "return-default: x → nil"),
    ("func f() -> [Int] { x }", "return-default: x → []"),
    ("func f() -> [String: Int] { x }", "return-default: x → [:]"),
    ("func f() -> Array<Int> { x }", "return-default: x → []"),
    ("func f() -> Dictionary<String, Int> { x }", "return-default: x → [:]"),
  ])
  func eachOperatorMakesItsMutant(code: String, expected: String) {
    #expect(mutants(code).contains(expected), "\(mutants(code))")
  }

  /// A type named inside a collection type is not that collection: `return []` for an
  /// `Array<Element>.Iterator` never compiles (jpsim/Yams' `makeIterator()`: each cost a build).
  @Test(arguments: [
    "func f() -> Array<Node>.Iterator { x }", "func f() -> Dictionary<K, V>.Index { x }",
    "func f() -> Set<Int>.Element { x }",
  ])
  func aTypeInsideACollectionHasNoDefault(code: String) {
    #expect(mutants(code, .returnDefault) == [], "\(mutants(code))")
  }

  @Test func aConditionIsTwoMutantsTrueAndFalse() {
    #expect(
      mutants("func f() { if c { g() } }", .condition) == [
        "condition: c → true", "condition: c → false",
      ])
  }

  /// A condition that is a literal (`while true`, Assay's own `DedicatedThread`) has one
  /// mutant: its literal's. A condition made `true` would change nothing (the dogfood
  /// reported `true → true` surviving), and made `false` it is the literal's mutant again,
  /// counted twice. With the literal's operator off, the condition's one that changes it.
  @Test(arguments: [
    ("func f() { while true { g() } }", "boolean-literal: true → false"),
    ("func f() { if false { g() } }", "boolean-literal: false → true"),
    ("func f() { guard true else { return } }", "boolean-literal: true → false"),
  ])
  func aLiteralConditionIsOneMutant(code: String, expected: String) {
    #expect(mutants(code) == [expected])
    let flipped = expected.replacingOccurrences(of: "boolean-literal", with: "condition")
    #expect(mutants(code, .condition) == [flipped])
  }

  @Test func mutantsInClosuresAndImplicitReturnsAreFound() {
    #expect(mutants("let f = { $0+1 }", .arithmetic) == ["arithmetic: $0+1 → $0 - 1"])
    #expect(mutants("var v: Int { a*b }", .arithmetic) == ["arithmetic: a*b → a / b"])
    #expect(
      mutants("let v = list.map { x in x<3 }", .relationalBoundary) == [
        "relational-boundary: x<3 → x <= 3"
      ])
  }

  /// A mutant that takes away the last use of its closure's anonymous arguments (`$0`) does
  /// not compile as written ("contextual type for closure argument list expects 1 argument,
  /// which cannot be implicitly ignored"), though the schema, which keeps the original beside
  /// it, does: swift-system's `withPlatformString { if system_mkdir($0, 0o700) == 0 { … } }`
  /// ran `if false`, reported killed, where its replacement put in the file does not build.
  @Test func noMutantTakesAwayTheLastUseOfAClosuresAnonymousArgument() {
    let mkdir =
      "let made = path.withPlatformString { if mkdir($0, 0o700) == 0 { return 1 }; return 0 }"
    #expect(mutants(mkdir, .condition) == [])
    #expect(
      mutants(mkdir, .relationalNegation) == [
        "relational-negation: mkdir($0, 0o700) == 0 → mkdir($0, 0o700) != 0"
      ])
    // Another use of `$0` left in the closure, or a parameter list, keeps the mutants.
    for code in [
      "let made = path.withPlatformString { if mkdir($0, 0o700) == 0 { return 1 }; return $0.x }",
      "let made = path.withPlatformString { p in if mkdir(p, 0o700) == 0 { return 1 }; return 0 }",
    ] {
      #expect(mutants(code, .condition).count == 2, "\(code)")
    }
    // The highest argument used gives the closure its number of arguments: taking away the
    // last `$1` of two is as wrong ("expects 2 arguments, but 1 was used"); the last `$0`
    // beside a `$1` is not.
    #expect(
      mutants(
        "let v = pairs.sorted { if $1.isEmpty { return true }; return $0.count < 2 }", .condition)
        == [])
    #expect(
      mutants(
        "let v = pairs.sorted { if $0.isEmpty { return true }; return $1.count < 2 }", .condition
      )
      .count == 2)
    // A nested closure's `$0` is its own: the outer closure's last use still goes.
    #expect(
      mutants("let v = list.map { if $0 > 1 { return [1].map { $0 } }; return [] }", .condition)
        == [])
  }

  @Test func nestedOperatorsAreEachAMutantOnce() {
    #expect(
      mutants("let a = x + y * z", .arithmetic) == [
        "arithmetic: y * z → y / z", "arithmetic: x + y * z → x - y * z",
      ])
  }

  @Test(arguments: [
    ("@available(macOS 13, *) func f() {}", "an attribute's arguments"),
    ("func f(x: Int) { switch x { case 1: g() default: h() } }", "a case pattern"),
    ("enum E: Int { case a = 1 }", "an enum's raw value"),
    ("#if DEBUG && os(Linux)\n#endif", "an #if condition"),
    (#"func f() { print("x", 1) }"#, "a log's message"),
    (#"func f() { precondition(ok, "message") }"#, "a check's message"),
    ("func f(x: Int = 1) {}", "a parameter's declaration"),
    ("let x = #line", "a macro"),
    ("func f() { if case .some(1) = x {} }", "a pattern"),
    ("let a = \"a\\(b)c\"", "an interpolated string"),
    (#"let a = s.split(separator: ".")"#, "a one-character string (it may be a Character)"),
    (#"let a = "\n""#, "an escaped character"),
    (#"let a = "\r\n""#, "CR LF, one Character"),
    (#"let a = "\u{1F600}""#, "a Unicode escape"),
    ("func f() -> Int? { return .none }", "a return of .none, which is nil already"),
    ("func f() -> Double { return 0.0 }", "a return of 0.0, which is 0 already"),
    ("func f() -> [Int] { return [ ] }", "a return of [ ], which is [] already"),
  ])
  func nothingIsMutatedIn(code: String, place: String) {
    #expect(mutants(code).isEmpty, "\(place): \(mutants(code))")
  }

  /// A sum of strings has no `-`: the mutant never compiles, and costs a build to learn it
  /// (half of the unviable mutants in the real-world harness's samples), so none is made.
  @Test(arguments: [
    #"let a = "x" + y"#, #"let a = y + "x""#, #"let a = "a\(b)" + c"#, #"let a = ("x" + y) + z"#,
    #"let a = x + y + "z""#, #"let a = x + (y + "z")"#, "let a = x + \"\"\"\n  z\n  \"\"\"",
    #"func f() { s += "x" }"#, #"func f() { s += "x" + y }"#, "let a = String(k[r]) + j",
    "let a = l.reduce(\"\") { $0 + $1.description }", "func f() { s += x.debugDescription }",
    "func f() { u += p.map { $0.key }.joined() }", "let a = t + p.joined(separator: x)",
  ])
  func aSumOfStringsIsNotSwapped(code: String) {
    #expect(mutants(code, .arithmetic) == [], "\(code)")
    #expect(mutants(code, .compoundAssignment) == [], "\(code)")
  }

  /// Sums that a string does not show stay mutated, a string nearby or not.
  @Test func aSumBesideAStringIsSwapped() {
    #expect(mutants(#"let a = f(x + y, "z")"#, .arithmetic) == ["arithmetic: x + y → x - y"])
    #expect(
      mutants(#"let a = g(x + y) + "z""#, .arithmetic) == ["arithmetic: x + y → x - y"])
    #expect(mutants(#"let a = x * y + 1"#, .arithmetic).count == 2)
    #expect(mutants(#"func f() { s -= "x" }"#, .compoundAssignment).count == 1)
    #expect(mutants("let a = Int(s) + x.count", .arithmetic).count == 1)
    #expect(mutants("let a = x.description(of: y) + 1", .arithmetic).count == 1)
  }

  @Test func aNegativeLiteralMutatesItsValueNotItsSign() {
    #expect(mutants("let a = -1") == ["integer-literal: 1 → 0"])
  }

  @Test func aDisablingCommentLeavesItsLineOrTheNextAlone() {
    let code = """
      let a = x + y  // assay:disable-mutation
      // assay:disable-mutation
      let b = x + y
      let c = x + y
      """
    #expect(mutants(code, .arithmetic) == ["arithmetic: x + y → x - y"])
    let found = SchemataRewriter(
      source: code, path: "F.swift", firstID: 1, operators: [.arithmetic]
    ).mutants
    #expect(found.map(\.start.line) == [4])
  }

  @Test func aDisablingCommentBeforeADeclarationLeavesAllOfItAlone() {
    let code = """
      // assay:disable-mutation
      func f() -> Int {
        let a = x + y
        return a * 2
      }
      func g() -> Int { x - y }
      """
    #expect(
      mutants(code, .arithmetic) == ["arithmetic: x - y → x + y"], "\(mutants(code, .arithmetic))")
  }

  @Test func idsAreKeptWhenAMutantIsLeftOut() {
    let code = "let a = x + y - z"
    let all = SchemataRewriter(source: code, path: "F.swift", firstID: 10).mutants
    let without = SchemataRewriter(source: code, path: "F.swift", firstID: 10, excluded: [10])
    #expect(all.map(\.id) == [10, 11])
    #expect(without.mutants.map(\.id) == [11])
    #expect(without.text == "let a = (__assayMutant(11) ? (x + y + z) : (x + y - z))")
  }

  /// Found on jpsim/Yams: with the first of a condition's two mutants left out, every later
  /// id moved by one, and the report named the wrong code.
  @Test func leavingOutOneMutantOfAConditionKeepsTheIdsAfterIt() {
    let code = "func f() {\n  if c { g() }\n  let a = x + y\n}"
    let all = SchemataRewriter(source: code, path: "F.swift", firstID: 1).mutants
    let without = SchemataRewriter(source: code, path: "F.swift", firstID: 1, excluded: [1])
    #expect(all.map(\.id) == [1, 2, 3])
    #expect(without.mutants.map(\.id) == [2, 3])
    #expect(without.mutants.map(\.start.line) == all.dropFirst().map(\.start.line))
    #expect(without.text.contains("__assayCondition(0, 2, c)"))
    #expect(without.text.contains("(__assayMutant(3) ? (x - y) : (x + y))"))
  }

  @Test func theSchemaKeepsTheOriginalBehindEachSwitch() {
    let text = SchemataRewriter(
      source: "let a = x<y", path: "F.swift", firstID: 7, operators: [.relationalBoundary]
    ).text
    #expect(text == "let a = (__assayMutant(7) ? (x <= y) : (x < y))")
  }

  /// A mutant's branch has its operands as written: no other mutant is on when it is. With
  /// the others' switches in it, each operator of a long sum doubled the text of the next
  /// (30 terms: a file of gigabytes).
  @Test func aMutantsBranchHasItsOperandsAsWritten() {
    let text = SchemataRewriter(
      source: "let a = x + y * 2", path: "F.swift", firstID: 1,
      operators: [.arithmetic, .integerLiteral]
    ).text
    #expect(
      text
        == "let a = (__assayMutant(3) ? (x - y * 2) : (x + (__assayMutant(2) ? (y / 2) : "
        + "(y * (__assayMutant(1) ? 3 : 2)))))")
    let sum = (1...30).map { "x\($0) * \($0 + 1)" }.joined(separator: " + ")
    let long = SchemataRewriter(source: "let s = \(sum)", path: "F.swift", firstID: 1).text
    #expect(long.utf8.count < 40 * sum.utf8.count, "\(long.utf8.count) for \(sum.utf8.count)")
  }

  @Test func aRemovedCallIsKeptBehindItsSwitch() {
    let text = SchemataRewriter(
      source: "func f() {\n  g()\n  h()\n}", path: "F.swift", firstID: 1,
      operators: [.removeCall]
    ).text
    // The function's probe comes first, on the first line (DeclarationProbeTests).
    #expect(
      text
        == "func f() {\n  let _ = __assayReach(1); if __assayKeep(1) { g() }\n"
        + "  if __assayKeep(2) { h() }\n}")
  }
}

/// Finding the mutants whose schema changes the code even when switched off.
@Suite struct CulpritSearchTests {
  @Test(arguments: [[], [7], [3, 41], [1, 2, 3], [100]])
  func bisectionFindsExactlyTheCulprits(culprits: [Int]) {
    let candidates = Array(1...100)
    var builds = 0
    let found = MutationSession.culprits(among: candidates) { included in
      builds += 1
      return Set(included).isDisjoint(with: culprits)
    }
    #expect(found.sorted() == culprits)
    // About log2(100) builds a culprit, not one a mutant.
    #expect(builds <= 1 + culprits.count * 8, "\(builds) builds")
  }
}

/// `--since`: the lines a diff changes or adds.
@Suite struct ChangedLinesTests {
  @Test func addedAndChangedLinesOfEachFileAreRead() {
    let diff = """
      diff --git a/pkg/Sources/A.swift b/pkg/Sources/A.swift
      --- a/pkg/Sources/A.swift
      +++ b/pkg/Sources/A.swift
      @@ -3 +3 @@ func a() {
      -  x
      +  y
      @@ -10,0 +11,2 @@ func b() {
      +  z
      +  w
      @@ -20,3 +22,0 @@
      diff --git a/pkg/Sources/Gone.swift b/pkg/Sources/Gone.swift
      --- a/pkg/Sources/Gone.swift
      +++ /dev/null
      @@ -1,2 +0,0 @@
      """
    let changed = ChangedLines(diff: diff, repositoryRoot: "/repo", packageRoot: "/repo/pkg")
    #expect(changed.lines == ["Sources/A.swift": [3, 11, 12]])
  }
}

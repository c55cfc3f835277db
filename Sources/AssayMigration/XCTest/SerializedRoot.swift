import SwiftParser
import SwiftSyntax

/// A test target whose Swift Testing suites all hang under one serialized suite that holds no
/// test of its own: vapor/fluent-postgres-driver's `@Suite(.serialized) struct AllSuites {}`,
/// each suite declared in `extension AllSuites`, so that tests sharing one database run one at a
/// time. XCTest ran a class's tests one at a time and never beside the Swift Testing suites;
/// converted, the class joins the root (`extension AllSuites { … }`), or its tests would run
/// side by side with each other and with the root's.
struct SerializedRoot: Sendable, Equatable {
  /// The root suite's name.
  var name: String
  /// The names written more than once in the target's files: a class named anywhere but in
  /// its own declaration stays where it is, since nesting it would change what the name means.
  var namedTwice: Set<String>

  /// The serialized root of each test target of `files` that has one, by target folder (see
  /// ``target(of:)``).
  ///
  /// - Parameters:
  ///   - files: the run's files, with their paths.
  ///   - tree: the syntax tree of a file's source.
  /// - Returns: the roots, by target folder.
  static func find(
    in files: [(path: String, source: String)], tree: (String) -> SourceFileSyntax
  ) -> [String: SerializedRoot] {
    let targets = Dictionary(grouping: files) { target(of: $0.path) }
    var roots: [String: SerializedRoot] = [:]
    for (target, texts) in targets {
      guard texts.contains(where: { $0.source.contains(".serialized") }) else { continue }
      let files = texts.map { (path: $0.path, tree: tree($0.source)) }
      var survey = Survey()
      for file in files { survey.read(file.tree.statements) }
      guard survey.roots.count == 1, let name = survey.roots.first, !survey.loose,
        survey.extended.contains(name)
      else { continue }
      var counts: [String: Int] = [:]
      for file in files {
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
          if case .identifier(let text) = token.tokenKind { counts[text, default: 0] += 1 }
        }
      }
      roots[target] = SerializedRoot(
        name: name, namedTwice: Set(counts.filter { $0.value > 1 }.keys))
    }
    return roots
  }

  /// The test target folder of a file of the package: `Tests/<Target>` for a file under
  /// `Tests`, else the file's folder.
  static func target(of path: String) -> String {
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    if let tests = components.firstIndex(of: "Tests"), tests + 2 < components.count {
      return components[...(tests + 1)].joined(separator: "/")
    }
    return components.dropLast().joined(separator: "/")
  }

  /// Whether `node`, a class converted to a suite, joins the root: it is declared at the top
  /// level of its file, is not the root, and nothing else in the target names it.
  func takes(_ node: ClassDeclSyntax) -> Bool {
    let name = node.name.text
    return name != self.name && !namedTwice.contains(name)
      && node.parent?.is(CodeBlockItemSyntax.self) == true
      && node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
  }

  /// `declaration` as a member of the root: `extension Root {` before it, `}` after it, at the
  /// margin, as vapor's suites are written (indenting would change multi-line strings' text).
  /// Its comments stay with it, inside.
  func joining(_ declaration: DeclSyntax) -> DeclSyntax {
    let trivia = Array(declaration.leadingTrivia)
    let margin = trivia.prefix { $0.isWhitespace }
    let inner = Trivia(pieces: trivia.dropFirst(margin.count))
    let text =
      "extension \(name) {\n"
      + declaration.with(\.leadingTrivia, inner).with(\.trailingTrivia, []).description + "\n}"
    let parsed = Parser.parse(source: text).statements.first?.item.as(DeclSyntax.self)
    return (parsed ?? declaration).with(\.leadingTrivia, Trivia(pieces: margin))
      .with(\.trailingTrivia, declaration.trailingTrivia)
  }

  /// What a target's top-level declarations say of its Swift Testing tests.
  private struct Survey {
    /// The serialized suites that hold no test of their own.
    var roots: Set<String> = []
    /// The types extended with suites or tests.
    var extended: Set<String> = []
    /// Whether a test or a suite is declared outside every root.
    var loose = false

    mutating func read(_ statements: CodeBlockItemListSyntax) {
      for statement in statements {
        switch statement.item.as(DeclSyntax.self) {
        case let conditional?
        where conditional.is(IfConfigDeclSyntax.self):
          for clause in conditional.cast(IfConfigDeclSyntax.self).clauses {
            if case .statements(let inner)? = clause.elements { read(inner) }
          }
        case let declaration?:
          read(declaration)
        case nil:
          continue
        }
      }
    }

    private mutating func read(_ declaration: DeclSyntax) {
      if let extended = declaration.as(ExtensionDeclSyntax.self) {
        if Self.holdsTests(extended.memberBlock) {
          self.extended.insert(extended.extendedType.trimmedDescription)
        }
        return
      }
      if let function = declaration.as(FunctionDeclSyntax.self) {
        if Self.isTest(function.attributes) { loose = true }
        return
      }
      guard let group = declaration.asProtocol(DeclGroupSyntax.self),
        let name = declaration.asProtocol(NamedDeclSyntax.self)?.name.text
      else { return }
      let suite = group.attributes.first { Self.attributeName($0) == "Suite" }
      if let suite, suite.trimmedDescription.contains(".serialized"),
        !group.memberBlock.members.contains(where: {
          $0.decl.as(FunctionDeclSyntax.self).map { Self.isTest($0.attributes) } ?? false
        })
      {
        roots.insert(name)
      } else if suite != nil || Self.holdsTests(group.memberBlock) {
        loose = true
      }
    }

    /// Whether members declare a test or a suite.
    private static func holdsTests(_ members: MemberBlockSyntax) -> Bool {
      members.members.contains { member in
        if let function = member.decl.as(FunctionDeclSyntax.self) {
          return isTest(function.attributes)
        }
        return member.decl.asProtocol(DeclGroupSyntax.self).map { group in
          group.attributes.contains { attributeName($0) == "Suite" }
            || holdsTests(group.memberBlock)
        } ?? false
      }
    }

    private static func isTest(_ attributes: AttributeListSyntax) -> Bool {
      attributes.contains { attributeName($0) == "Test" }
    }

    private static func attributeName(_ element: AttributeListSyntax.Element) -> String? {
      element.as(AttributeSyntax.self)?.attributeName.trimmedDescription
        .split(separator: ".").last.map(String.init)
    }
  }
}

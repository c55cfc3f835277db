import SwiftParser
import SwiftSyntax

/// The functions whose code does something a converted test cannot be left to do unawares, in
/// their own body or through the functions they call, found by name in the package's files.
///
/// Two such things (a ``Question`` each):
/// - asking whether it runs on the main thread (`Thread.isMainThread`). XCTest runs every test
///   on the main thread; a Swift Testing test runs on another, even a `@MainActor` one on
///   Linux. Code that asks behaves otherwise there: Quick/Nimble's `postNotifications` matcher
///   asserts the main thread (the process crashed), its `waitUntil` runs the main run loop
///   only there. A class whose tests call such a function stays XCTest (see `XCTestBlockers`).
/// - changing what the whole process shares (signal handlers, the working folder, the
///   environment). XCTest runs one test at a time; Swift Testing runs a suite's tests side by
///   side, and tests of other suites beside them. Nimble's `throwAssertion()` installs a
///   handler for `SIGILL` and puts the previous one back after: converted, the run crashed one
///   time in four, and still did under load with its suite serialized. A class whose tests
///   call such a function stays XCTest too.
///
/// Calls are matched by name, without types: a function of the same name elsewhere counts too,
/// which only ever leaves a class XCTest.
enum FunctionReach {
  /// What a function's body may do that its callers inherit: the names it refers to bare
  /// (`sigaction(…)`) or as a member (`Thread.isMainThread`).
  struct Question: Sendable {
    let bare: Set<String>
    let members: Set<String>

    /// Asking whether the code runs on the main thread.
    static let mainThread = Question(bare: ["isMainThread"], members: ["isMainThread"])

    /// Changing what every thread of the process shares: the calls that a test class making
    /// them itself is serialized for (`XCTestRewriter.processWideCalls`), called bare, as C's
    /// are (`x.signal()` is a semaphore's), and the working folder changed through
    /// `FileManager`.
    static let processWide = Question(
      bare: XCTestRewriter.processWideCalls, members: ["changeCurrentDirectoryPath"])

    func isAsked(_ name: String, asMember: Bool) -> Bool {
      (asMember ? members : bare).contains(name)
    }
  }

  /// A function declared in a file: its name, the names its body refers to, and whether it
  /// does the thing asked itself.
  private struct Function {
    let name: String
    /// Whether it is a member of a type, which `x.name(…)` may call; a free function only
    /// its bare name can.
    let isMember: Bool
    /// The names its body refers to bare (`name(…)`, which may be a member through `self`).
    let refers: [String]
    /// The names its body refers to as members (`x.name(…)`, `.name`).
    let refersAsMembers: [String]
    let asks: Bool
  }

  /// Requirements of the standard library's protocols (an iterator's `next()`): a call
  /// `x.next()` is far more often the standard library's than the package's, and a package's
  /// polling iterator that asks (Nimble's) would otherwise reach every loop over a sequence.
  static let standardRequirements: Set<String> = [
    "next", "makeIterator", "makeAsyncIterator", "hash", "encode", "callAsFunction",
  ]

  /// Each function that reaches what `question` asks, with the file where it is done.
  ///
  /// - Parameters:
  ///   - files: The package's Swift files, with the paths the notes show.
  ///   - question: What the functions are looked for doing.
  ///   - tree: Parses a file's text (a cache shares the run's trees).
  /// - Returns: The functions by name; only files that name what is asked or a function
  ///   found so far are parsed.
  static func functions(
    in files: [(path: String, source: String)],
    asking question: Question,
    tree: (String) -> SourceFileSyntax = { Parser.parse(source: $0) }
  ) -> [String: String] {
    var parsed: [Int: [Function]] = [:]
    func declared(in index: Int) -> [Function] {
      if let known = parsed[index] { return known }
      let found = Finder(question)
      found.walk(tree(files[index].source))
      parsed[index] = found.functions
      return found.functions
    }
    // Each reaching name with its origin, and whether a member of that name reaches.
    var reaching: [String: (origin: String, member: Bool)] = [:]
    func reach(_ function: Function, from origin: String) {
      let known = reaching[function.name]
      reaching[function.name] = (
        known?.origin ?? origin, (known?.member ?? false) || function.isMember
      )
    }
    // Each file's words, read once: a file that names neither what is asked nor a function
    // found is not parsed.
    var words: [Int: Set<String>] = [:]
    func names(in index: Int) -> Set<String> {
      if let known = words[index] { return known }
      let found = Self.words(in: files[index].source)
      words[index] = found
      return found
    }
    let asked = question.bare.union(question.members)
    for index in files.indices where !names(in: index).isDisjoint(with: asked) {
      for function in declared(in: index) where function.asks {
        reach(function, from: files[index].path)
      }
    }
    var changed = !reaching.isEmpty
    while changed {
      changed = false
      for index in files.indices where !names(in: index).isDisjoint(with: reaching.keys) {
        for function in declared(in: index) {
          let origin =
            function.refers.lazy.compactMap { reaching[$0]?.origin }.first
            ?? function.refersAsMembers.lazy.compactMap { name in
              Self.standardRequirements.contains(name)
                ? nil : reaching[name].flatMap { $0.member ? $0.origin : nil }
            }.first
          guard let origin else { continue }
          let before = reaching[function.name]
          reach(function, from: origin)
          if before?.origin != reaching[function.name]?.origin
            || before?.member != reaching[function.name]?.member
          {
            changed = true
          }
        }
      }
    }
    return reaching.mapValues(\.origin)
  }

  /// The words of `source` that could be names (letters, digits, `_`), read from its bytes.
  static func words(in source: String) -> Set<String> {
    var found: Set<String> = []
    var word: [UInt8] = []
    for byte in source.utf8 {
      if byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 0x30 && byte <= 0x39)
        || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a)
      {
        word.append(byte)
      } else if !word.isEmpty {
        found.insert(String(decoding: word, as: UTF8.self))
        word.removeAll(keepingCapacity: true)
      }
    }
    if !word.isEmpty { found.insert(String(decoding: word, as: UTF8.self)) }
    return found
  }

  private final class Finder: SyntaxVisitor {
    let question: Question
    var functions: [Function] = []

    init(_ question: Question) {
      self.question = question
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      guard let body = node.body else { return .skipChildren }
      var refers: Set<String> = []
      var refersAsMembers: Set<String> = []
      var asks = false
      for token in body.tokens(viewMode: .sourceAccurate) {
        guard case .identifier(let name) = token.tokenKind,
          let reference = token.parent?.as(DeclReferenceExprSyntax.self)
        else { continue }
        let member = reference.parent?.as(MemberAccessExprSyntax.self)
        // `x.name` and `.name` (a static member or a case, its type implied) are members.
        let isMember = member.map { $0.declName.id == reference.id } ?? false
        if question.isAsked(name, asMember: isMember) { asks = true }
        if isMember {
          refersAsMembers.insert(name)
        } else {
          refers.insert(name)
        }
      }
      // A member's item, its list, the member block: the member of a type.
      let isMember = node.parent?.parent?.parent?.is(MemberBlockSyntax.self) == true
      functions.append(
        Function(
          name: node.name.text, isMember: isMember, refers: refers.sorted(),
          refersAsMembers: refersAsMembers.sorted(), asks: asks))
      return .visitChildren  // a nested function is one too
    }
  }
}

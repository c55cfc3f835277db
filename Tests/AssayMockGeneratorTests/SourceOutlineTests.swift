import Testing

@testable import AssayMockFiles

/// The outline `assay mock` parses instead of a whole file: each case pins the exact text, so
/// a body kept that should go, or one emptied that a mock needs, shows here.
@Suite struct SourceOutlineTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    let outline: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "a function's body goes; its lines stay",
      source: "func load() -> Int {\n  let x = 1\n  return x\n}\n",
      outline: "func load() -> Int {\n\n\n}\n"),
    Case(
      name: "a type that declares nothing a mock needs goes whole",
      source: "public struct Box: Sendable {\n  var lid = 1\n  func open() { lid += 1 }\n}\n",
      outline: "public struct Box: Sendable {\n\n\n}\n"),
    Case(
      name: "a type holding a protocol keeps it, not its comments, and loses other bodies",
      source: """
        enum Logging {
          /// Where lines go.
          protocol Sink { func write(_ line: String) // one line
          }
          static func make() -> Int { 42 }
          static var level: Int { 1 }
        }

        """,
      outline: "enum Logging {\n   \n  protocol Sink { func write(_ line: String)  \n  }\n"
        + "  static func make() -> Int {}\n  static var level: Int {}\n}\n"),
    Case(
      name: "an extension of a kept protocol keeps its members, not their bodies",
      source: "extension Loader {\n  func load() { fetch() }\n  var name: String { \"x\" }\n}\n",
      outline: "extension Loader {\n  func load() {}\n  var name: String {}\n}\n"),
    Case(
      name: "an extension of another type goes whole",
      source: "extension Array where Element == Int {\n  func sum() -> Int { 0 }\n}\n",
      outline: "extension Array where Element == Int {\n\n}\n"),
    Case(
      name: "braces and keywords in strings and comments do not count",
      source: #"""
        func f() {
          let a = "} protocol {"
          let b = #"}"\(x)"#
          let c = "\(g("}"))"
          let d = """
            }
            """
          // }
          /* } /* } */ */
        }
        protocol P {}

        """#,
      outline: "func f() {\n\n\n\n\n\n\n\n\n}\nprotocol P {}\n"),
    Case(
      name: "comments go outside protocols, but for their line breaks",
      source: "/// A box.\n/* old */ struct Box {}\n// end\n",
      outline: " \n  struct Box {}\n \n"),
    Case(
      name: "a member named protocol does not keep a body",
      source: "func kind(of socket: Socket) -> Int {\n  socket.protocol\n}\n",
      outline: "func kind(of socket: Socket) -> Int {\n\n}\n"),
    Case(
      name: "a closure in a default value is not the function's body",
      source: "func run(_ body: () -> Void = { print(1) }) {\n  body()\n}\n",
      outline: "func run(_ body: () -> Void = { print(1) }) {\n\n}\n"),
    Case(
      name: "a type whose code says only typealias keeps only its aliases, without attributes",
      source: "struct Server {\n  @usableFromInline typealias Handler = (Int) -> Void\n"
        + "  func start() { go() }\n}\n",
      outline: "struct Server {\ntypealias Handler = (Int) -> Void\n\n}\n"),
    Case(
      name: "a type alias in a function's body is kept, alone",
      source: "extension Future {\n  func map() {\n    typealias Callback = (Value) -> Void\n"
        + "    run()\n  }\n}\n",
      outline: "extension Future {\n\ntypealias Callback = (Value) -> Void\n\n\n}\n"),
    Case(
      name: "a type alias goes on while brackets are open or a line says it does",
      source: """
        enum Callbacks {
          typealias A =
            (Int) -> Void
          typealias B = (Int)
            -> Void
          typealias C = Result<
            Int, Error
          >
          typealias D = (Int) throws -> Void; let x = 1
          var y = 2
        }

        """,
      outline: "enum Callbacks {\ntypealias A =\n    (Int) -> Void\ntypealias B = (Int)\n"
        + "    -> Void\ntypealias C = Result<\n    Int, Error\n  >\n"
        + "typealias D = (Int) throws -> Void\n\n}\n"),
    Case(
      name: "a type alias's line may end with an arrow or a comment",
      source: "struct S {\n  typealias F = (Int) ->\n    Void // done\n  let z = 0\n}\n",
      outline: "struct S {\ntypealias F = (Int) ->\n    Void  \n\n}\n"),
    Case(
      name: "an argument label named protocol does not keep a type's body",
      source: "struct Upgrader {\n  func run() { headers(protocol: name) }\n}\n",
      outline: "struct Upgrader {\n\n}\n"),
    Case(
      name: "a function's body goes whatever it says: nothing declared in it is read",
      source: "func map() {\n  typealias Callback = (Int) -> Void\n  run()\n}\n",
      outline: "func map() {\n\n\n}\n"),
    Case(
      name: "what comes before a semicolon stays, with its line breaks (found by fuzzing)",
      source: "// c\nimport A; struct S {\n  func f() {}\n}\nprotocol P {}\n",
      outline: " \nimport A; struct S {\n\n}\nprotocol P {}\n"),
    Case(
      name: "a property's accessors go",
      source: "var count: Int {\n  get { 1 }\n}\n",
      outline: "var count: Int {\n\n}\n"),
  ]

  @Test(arguments: cases) func outline(_ example: Case) {
    #expect(SourceOutline.of(example.source, keeping: ["Loader"]) == example.outline)
  }
}

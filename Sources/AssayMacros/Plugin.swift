import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct AssayMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [MockMacro.self]
}

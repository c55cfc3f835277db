import AssayToolSupport
import Foundation
import SwiftParser
import SwiftSyntax

/// The standard library's public protocols, read from the toolchain's own interface of the
/// `Swift` module (`lib/swift/<platform>/Swift.swiftmodule/*.swiftinterface` next to the
/// `swiftc` on the `PATH`); none where the toolchain has no interface.
enum StandardLibraryProtocols {
  /// Their names.
  static let names: Set<String> = {
    var names: Set<String> = []
    for line in interface.split(separator: "\n") {
      guard let range = line.range(of: "public protocol ") else { continue }
      let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if !name.isEmpty { names.insert(String(name)) }
    }
    return names
  }()

  /// The declarations of the protocols named `names` (those the interface declares), as the
  /// interface writes them (`Swift.`-qualified types): a mock implements their requirements
  /// as it does those of a protocol in the files read (swift-numerics' `AlgebraicField:
  /// SignedNumeric`).
  static func declarations(named names: Set<String>) -> [ProtocolDeclSyntax] {
    guard !names.isEmpty else { return [] }
    var blocks: [String] = []
    var current: [Substring]?
    for line in interface.split(separator: "\n", omittingEmptySubsequences: false) {
      if var lines = current {
        lines.append(line)
        if line == "}" {
          blocks.append(lines.joined(separator: "\n"))
          current = nil
        } else {
          current = lines
        }
        continue
      }
      guard line.hasPrefix("public protocol ") else { continue }
      let name = line.dropFirst("public protocol ".count).prefix {
        $0.isLetter || $0.isNumber || $0 == "_"
      }
      guard names.contains(String(name)) else { continue }
      if line.hasSuffix("{}") {
        blocks.append(String(line))
      } else {
        current = [line]
      }
    }
    return Parser.parse(source: blocks.joined(separator: "\n")).statements.compactMap {
      $0.item.as(ProtocolDeclSyntax.self)
    }
  }

  /// The toolchain's library of the host's platform (`lib/swift/linux` next to the `swiftc`
  /// on the `PATH`), whose modules have an interface of `Swift`; `nil` where none has.
  static let platformLibrary: URL? = {
    let compiler = URL(fileURLWithPath: Command.resolve("swiftc")).resolvingSymlinksInPath()
    let library = compiler.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("lib/swift")
    // The host's platform before the others (`embedded` has a smaller library).
    let platforms =
      ["linux", "macosx"]
      + ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []).sorted()
    for platform in platforms {
      let folder = library.appendingPathComponent(platform)
      let module = folder.appendingPathComponent("Swift.swiftmodule")
      let files = (try? FileManager.default.contentsOfDirectory(atPath: module.path)) ?? []
      if files.contains(where: { $0.hasSuffix(".swiftinterface") }) { return folder }
    }
    return nil
  }()

  /// The interface's text, empty where there is none.
  private static let interface: String = {
    guard let module = platformLibrary?.appendingPathComponent("Swift.swiftmodule") else {
      return ""
    }
    let files = (try? FileManager.default.contentsOfDirectory(atPath: module.path)) ?? []
    guard
      let interface = files.first(where: {
        $0.hasSuffix(".swiftinterface") && !$0.hasSuffix(".private.swiftinterface")
      })
    else { return "" }
    return (try? String(contentsOf: module.appendingPathComponent(interface), encoding: .utf8))
      ?? ""
  }()
}

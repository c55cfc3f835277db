import AssayToolSupport
import Foundation

/// The names of the standard library's public protocols, read from the toolchain's own
/// interface of the `Swift` module (`lib/swift/<platform>/Swift.swiftmodule/*.swiftinterface`
/// next to the `swiftc` on the `PATH`); empty where the toolchain has none.
enum StandardLibraryProtocols {
  static let names: Set<String> = {
    let compiler = URL(fileURLWithPath: Command.resolve("swiftc")).resolvingSymlinksInPath()
    let library = compiler.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("lib/swift")
    var names: Set<String> = []
    // The host's platform before the others (`embedded` has a smaller library).
    let platforms =
      ["linux", "macosx"]
      + ((try? FileManager.default.contentsOfDirectory(atPath: library.path)) ?? []).sorted()
    for platform in platforms {
      let module = library.appendingPathComponent("\(platform)/Swift.swiftmodule")
      let files = (try? FileManager.default.contentsOfDirectory(atPath: module.path)) ?? []
      guard
        let interface = files.first(where: {
          $0.hasSuffix(".swiftinterface") && !$0.hasSuffix(".private.swiftinterface")
        }),
        let text = try? String(
          contentsOf: module.appendingPathComponent(interface), encoding: .utf8)
      else { continue }
      for line in text.split(separator: "\n") {
        guard let range = line.range(of: "public protocol ") else { continue }
        let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        if !name.isEmpty { names.insert(String(name)) }
      }
      if !names.isEmpty { break }
    }
    return names
  }()
}

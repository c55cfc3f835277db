import AssayToolSupport
import Foundation
import SwiftParser
import SwiftSyntax

/// XCTest's lists of tests for Linux from before Swift 5.4: a `LinuxMain.swift` that hands
/// them to `XCTMain`, and the files that declare them (`XCTestManifests.swift`, whatever its
/// name). SwiftPM finds tests by itself since, and once suites are Swift Testing's the lists
/// name types that are no longer `XCTestCase`s, so the test targets would not build: a
/// migration that writes removes them, and says so.
enum LinuxTestLists {
  /// What a file holding lists is.
  enum Kind: Equatable {
    /// `LinuxMain.swift`, which only hands XCTest's lists to `XCTMain`.
    case linuxMain
    /// Declarations of lists (`__allTests__Class`, `allTests()`) and nothing else.
    case manifest
    /// A `LinuxMain.swift` that runs something besides XCTest's lists: the first such call.
    case runsOther(String)
  }

  /// What the lists of a package are, found in its `Tests` folder.
  struct Found: Equatable {
    /// The files to remove, `LinuxMain.swift` first.
    var removable: [String] = []
    /// A `LinuxMain.swift` that runs something else, and the call: nothing is removed then.
    var blocker: (path: String, call: String)?

    static func == (lhs: Found, rhs: Found) -> Bool {
      lhs.removable == rhs.removable && lhs.blocker?.path == rhs.blocker?.path
        && lhs.blocker?.call == rhs.blocker?.call
    }
  }

  /// The lists of the packages that hold `files`: each `LinuxMain.swift` that SwiftPM could read
  /// for them, and the manifests in their `Tests` folders.
  static func find(near files: [String]) -> Found {
    var found = Found()
    let mains = linuxMains(near: files)
    for main in mains {
      guard let text = try? String(contentsOfFile: main, encoding: .utf8) else { continue }
      switch kind(of: text, isLinuxMain: true) {
      case .linuxMain?: found.removable.append(main)
      case .runsOther(let call)?: found.blocker = (main, call)
      case .manifest?, nil: break
      }
    }
    for folder in testFolders(near: files) {
      let walker = FileManager.default.enumerator(atPath: folder)
      var manifests: [String] = []
      while let relative = walker?.nextObject() as? String {
        let path = "\(folder)/\(relative)"
        guard relative.hasSuffix(".swift"), !mains.contains(path),
          let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains("allTests"),
          kind(of: text, isLinuxMain: false) == .manifest
        else { continue }
        manifests.append(path)
      }
      found.removable += manifests.sorted()
    }
    if found.blocker != nil { found.removable = [] }
    return found
  }

  /// The `LinuxMain.swift` files that could run the tests in `files`: SwiftPM reads the one
  /// beside a test target's folder, which is `Tests` for `Tests/ATests`, and the package's root
  /// for a test target at `Tests` itself (onevcat/Rainbow), so every folder from a file up to
  /// its package's root, and the package's `Tests`.
  private static func linuxMains(near files: [String]) -> [String] {
    var mains = Set<String>()
    for file in files {
      guard let root = PackageRoot.containing(file) else { continue }
      var folder = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent()
      while folder.path.count >= root.count {
        mains.insert(folder.appendingPathComponent("LinuxMain.swift").path)
        if folder.path == root { break }
        folder = folder.deletingLastPathComponent()
      }
      mains.insert("\(root)/Tests/LinuxMain.swift")
    }
    return mains.filter { FileManager.default.fileExists(atPath: $0) }.sorted()
  }

  /// What `source` is, when it holds XCTest's lists; `nil` when it is anything else.
  static func kind(of source: String, isLinuxMain: Bool) -> Kind? {
    var reader = Reader()
    reader.read(Parser.parse(source: source).statements)
    if let other = reader.other {
      return isLinuxMain ? .runsOther(other) : nil
    }
    if reader.callsXCTMain { return isLinuxMain ? .linuxMain : nil }
    return reader.declaresLists && !isLinuxMain ? .manifest : nil
  }

  /// The `Tests` folders of the packages of `files`.
  private static func testFolders(near files: [String]) -> [String] {
    Set(files.compactMap { PackageRoot.containing($0).map { "\($0)/Tests" } }).sorted()
  }

  /// Reads a file's top-level statements (inside `#if` blocks too).
  private struct Reader {
    var callsXCTMain = false
    var declaresLists = false
    /// The first statement that is neither an import nor part of the lists.
    var other: String?

    mutating func read(_ items: CodeBlockItemListSyntax) {
      for item in items { read(item.item) }
    }

    mutating func read(_ item: CodeBlockItemSyntax.Item) {
      if item.is(ImportDeclSyntax.self) { return }
      if let conditional = item.as(IfConfigDeclSyntax.self) {
        for clause in conditional.clauses {
          switch clause.elements {
          case .statements(let inner)?: read(inner)
          case .decls(let members)?:
            for member in members { read(CodeBlockItemSyntax.Item(member.decl)) }
          default: break
          }
        }
        return
      }
      if let variable = item.as(VariableDeclSyntax.self),
        variable.bindings.allSatisfy({ binding in
          XCTestHelpers.isTestList(binding.pattern.trimmedDescription)
            || binding.initializer?.value.trimmedDescription.contains("XCTestCaseEntry") == true
        })
      {
        return
      }
      if let function = item.as(FunctionDeclSyntax.self),
        XCTestHelpers.isTestList(function.name.text)
      {
        declaresLists = true
        return
      }
      if let extensionDecl = item.as(ExtensionDeclSyntax.self),
        extensionDecl.memberBlock.members.allSatisfy({ member in
          member.decl.as(VariableDeclSyntax.self)?.bindings.allSatisfy {
            XCTestHelpers.isTestList($0.pattern.trimmedDescription)
          } == true
        })
      {
        declaresLists = true
        return
      }
      if let call = Self.call(in: item) {
        if call == "XCTMain" {
          callsXCTMain = true
        } else if other == nil {
          other = call
        }
        return
      }
      if let expression = item.as(ExprSyntax.self),
        expression.trimmedDescription.contains("+="),
        expression.trimmedDescription.contains("allTests")
      {
        return  // tests += Module.__allTests()
      }
      if other == nil {
        other = item.trimmedDescription.split(separator: "\n").first.map(String.init) ?? ""
      }
    }

    /// The name a statement calls, when it is a call: `XCTMain`, `QCKMain`.
    private static func call(in item: CodeBlockItemSyntax.Item) -> String? {
      guard var expression = item.as(ExprSyntax.self) else { return nil }
      if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression }
      if let awaited = expression.as(AwaitExprSyntax.self) { expression = awaited.expression }
      guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
      return call.calledExpression.trimmedDescription
    }
  }
}

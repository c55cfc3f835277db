import AssayToolSupport
import Foundation

/// `assay test --watch`: runs the session, then again after every saved change to the
/// package, what failed first, then the tests of the changed targets' dependents; build
/// errors are shown and the watch goes on. Ctrl-C stops it, and the tests it was running.
public struct TestWatcher {
  /// The session run on every change.
  public var session: TestSession
  /// How often the package's files are checked, in seconds.
  public var interval = 0.3

  /// A watcher of `session`'s package.
  public init(session: TestSession) {
    self.session = session
  }

  /// Watches until interrupted.
  public func run() throws(RunError) -> Never {
    ChildProcess.killChildrenOnInterrupt()
    let root = session.options.packagePath
    var session = session
    var seen = Self.snapshot(root)
    while true {
      do {
        _ = try session.run()
      } catch {
        session.print("error: \(error.description)")
      }
      session.print("Watching \(root) for changes (Ctrl-C to stop)")
      var changed: [String] = []
      while changed.isEmpty {
        Thread.sleep(forTimeInterval: interval)  // Polling the files, not waiting for a test.
        let now = Self.snapshot(root)
        changed =
          now.filter { seen[$0.key] != $0.value }.map(\.key)
          + seen.keys.filter { now[$0] == nil }
        seen = now
      }
      session.options.changedFiles = changed
      session.options.skipBuild = false
      session.print("Changed: \(changed.sorted().prefix(5).joined(separator: ", "))")
    }
  }

  /// Each Swift file and manifest of the package with its modification date (of the file a
  /// link leads to, through linked folders too: ``FileWalk``); build folders and hidden
  /// folders are left out.
  static func snapshot(_ root: String) -> [String: Date] {
    let files = FileWalk.files(under: root) { relative in
      let name = (relative as NSString).lastPathComponent
      return name.hasPrefix(".") || name == "Package.resolved"
    }
    var dates: [String: Date] = [:]
    for relative in files ?? [] where relative.hasSuffix(".swift") {
      let path = "\(root)/\(relative)"
      let real = (path as NSString).resolvingSymlinksInPath
      if let date = try? FileManager.default.attributesOfItem(atPath: real)[.modificationDate]
        as? Date
      {
        dates[path] = date
      }
    }
    return dates
  }
}

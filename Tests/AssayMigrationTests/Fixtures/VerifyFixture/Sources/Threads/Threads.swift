import Foundation

/// Asks in a closure kept in a variable, which `assay migrate` does not read (it reads the
/// functions that ask `Thread.isMainThread`): only running the tests shows the difference.
private let askTheThread: @Sendable () -> Bool = { Thread.isMainThread }

/// Whether the caller runs on the main thread, as code that updates a user interface asks.
public func runsOnTheMainThread() -> Bool {
  askTheThread()
}

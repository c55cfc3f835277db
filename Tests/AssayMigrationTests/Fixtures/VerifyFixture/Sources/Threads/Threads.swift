import Foundation

/// Whether the caller runs on the main thread, as code that updates a user interface asks.
public func runsOnTheMainThread() -> Bool {
  Thread.isMainThread
}

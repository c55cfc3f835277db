import AssayProcessSpawn
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work that a user's Ctrl-C must not leave half done: what a command wrote into the user's
/// files is put back (`assay migrate --in-place`), or what it learned is written down
/// (`assay mutate`'s outcomes), before the command ends.
///
/// Every command of `assay` ends at once on Ctrl-C, `SIGTERM` or `SIGHUP`, with every process
/// it started (``ChildProcess/killChildrenOnInterrupt()``). Inside ``undoing(_:_:)``, the
/// processes are stopped the same way, then the undo runs, and only then does the command end,
/// by the same signal. From the moment the undo starts, no file is written by
/// ``AtomicFile/write(_:to:)`` but the undo's own (a write under way finishes first), so the
/// work cannot write over what the undo put back. `SIGKILL` cannot be caught: what is written
/// stays written.
public enum Interruption {
  /// Runs `work`; when the process is interrupted meanwhile, stops its children, runs `undo`
  /// instead of whatever `work` would still do, and ends the process by the signal.
  ///
  /// - Parameters:
  ///   - undo: Puts back what `work` may have changed; called at most once, on another thread,
  ///     and never after `work` returned uninterrupted. It prints what it did.
  ///   - work: The work to guard; one at a time.
  /// - Returns: What `work` returns.
  /// - Throws: What `work` throws.
  public static func undoing<T, Failure: Error>(
    _ undo: @escaping @Sendable () -> Void, _ work: () throws(Failure) -> T
  ) throws(Failure) -> T {
    let descriptor = Watcher.shared.descriptor
    writes.withLock { Watcher.shared.undo = undo }
    if descriptor >= 0 { assay_defer_interrupt(descriptor) }
    defer {
      writes.lock()
      // Interrupted after the undo was armed: the watcher is undoing (or about to); this
      // thread must not go on to report a migration that is no longer there.
      if assay_interruption() != 0, descriptor >= 0 {
        writes.unlock()
        while true { pause() }
      }
      assay_defer_interrupt(-1)
      Watcher.shared.undo = nil
      writes.unlock()
    }
    return try work()
  }

  /// The signal that interrupted the process (Ctrl-C's `SIGINT`, `SIGTERM`, `SIGHUP`), or
  /// `nil` while none has. Its children are being stopped from that moment: what they do next
  /// is the interruption's doing, not theirs.
  public static var signalReceived: Int32? {
    let number = assay_interruption()
    return number == 0 ? nil : number
  }

  /// Held while a file is written, and for good once an undo starts. Recursive, so that the
  /// undo writes files too.
  static let writes = NSRecursiveLock()

  /// The thread that reads the interruption's signal from a pipe, runs the undo and ends the
  /// process: a signal handler may do neither.
  private final class Watcher: @unchecked Sendable {
    static let shared = Watcher()

    /// The pipe's end the signal handler writes to, or -1 when there is none.
    let descriptor: Int32
    /// The undo of the guarded work under way; read and written under ``writes``.
    var undo: (@Sendable () -> Void)?

    private init() {
      var ends: [Int32] = [-1, -1]
      guard ends.withUnsafeMutableBufferPointer({ assay_pipe($0.baseAddress!) }) == 0 else {
        descriptor = -1
        return
      }
      descriptor = ends[1]
      let reading = ends[0]
      Thread.detachNewThread { [self] in
        var byte: UInt8 = 0
        while true {
          let count = read(reading, &byte, 1)
          if count == 1 { break }
          if count < 0, errno == EINTR { continue }
          return
        }
        Interruption.writes.lock()
        undo?()
        // The signal ends the process without its exit handlers.
        ToolchainTemporaryFolder.remove()
        let number = Int32(byte)
        signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(number)
        _exit(128 + number)
      }
    }
  }
}

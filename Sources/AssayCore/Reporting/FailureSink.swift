import Foundation

/// Where the doubles' runtime sends a failure: to Assay, which routes it to the framework
/// running the current test, or to standard error when Assay is not in the process.
///
/// `AssayCore` links neither XCTest nor Swift Testing, so that generated mocks can live in app
/// code. Assay declares ``AssayFailureHook`` conformer `Assay.FailureHook`; the sink finds it
/// at run time by its mangled name, once, whenever Assay is linked into the process (a test
/// binary), so no call is needed to install it.
package enum FailureSink {
  /// Records `message` as a failure at `site`.
  package static func record(_ message: String, at site: CallSite) {
    if let hook = hook {
      hook.record(message, at: site)
    } else {
      let line = "\(site.filePath):\(site.line): error: \(message)\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
  }

  /// Assay's hook, if Assay is in the process: `Assay.FailureHook`.
  package static let hook: (any AssayFailureHook.Type)? =
    _typeByName("5Assay11FailureHookO") as? any AssayFailureHook.Type
}

/// How Assay receives the failures of the doubles' runtime; Assay's `FailureHook` conforms.
public protocol AssayFailureHook: SendableMetatype {
  /// Records `message` as a failure at `site`, with the framework running the current test.
  static func record(_ message: String, at site: CallSite)
}

/// An error thrown after its failure was already recorded, so it is not reported again.
package protocol AlreadyRecordedError: Error {}

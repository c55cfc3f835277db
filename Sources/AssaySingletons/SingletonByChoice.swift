/// A class with a shared instance for production code, whose initializer stays available so
/// that every test can make a fresh one ("singleton by choice").
///
/// A singleton keeps its state from one test to the next, which breaks Arrange-Act-Assert.
/// Conform instead of hiding the initializer: production code uses ``shared``, tests create
/// their own instances, or replace the shared one for the duration of a test with
/// `withShared(_:operation:)` or the `.replacingShared` trait.
///
/// ```swift
/// import AssaySingletons
///
/// actor SettingsStore: SingletonByChoice {
///   private var values: [String: String] = [:]
///   init() {}
///   func set(_ value: String, for key: String) { values[key] = value }
/// }
///
/// await SettingsStore.shared.set("dark", for: "theme")  // production code
/// let store = SettingsStore()                           // a test's fresh instance
/// ```
///
/// The shared instance is created on first use, once, even when several threads ask at the
/// same time, and there is one per concrete type: a subclass gets an instance of its own
/// type, not its parent's. (A non-final class conforms to `Sendable` only as
/// `@unchecked Sendable`, with locking of its own.)
///
/// This module has no test library in it, so production code can import it; tests get it
/// with `import Assay`, which also brings the `.replacingShared` trait and the
/// singleton-by-choice contract.
public protocol SingletonByChoice: AnyObject, Sendable {
  /// Creates a fresh instance; ``shared`` calls it once per type.
  init()

  /// The shared instance. Keep the default implementation, which `withShared` and the
  /// `.replacingShared` trait can replace; the singleton-by-choice contract checks one of
  /// your own.
  static var shared: Self { get }
}

extension SingletonByChoice {
  /// The shared instance of this exact type, created on first use; inside
  /// `withShared(_:operation:)` (in the same task and its child tasks), the replacement.
  public static var shared: Self {
    if let replacement = SharedInstances.replacements[ObjectIdentifier(Self.self)] {
      // Stored under this type's identifier by `withShared`, which takes a `Self`.
      return replacement as! Self
    }
    return SharedInstances.registry.instance(of: Self.self)
  }

  /// Runs `operation` with `instance` as this type's ``shared`` instance.
  ///
  /// The replacement is task-local: code running in this task and the tasks it creates sees
  /// it; other tests running in parallel do not. Work handed to a `DispatchQueue` or a
  /// detached task does not see it either.
  ///
  /// - Parameters:
  ///   - instance: The instance that ``shared`` returns meanwhile.
  ///   - operation: The code to run.
  /// - Returns: What `operation` returns.
  public static func withShared<R>(_ instance: Self, operation: () throws -> R) rethrows -> R {
    try SharedInstances.$replacements.withValue(
      SharedInstances.replacements.merging([ObjectIdentifier(Self.self): instance]) { $1 },
      operation: operation)
  }

  /// Runs the asynchronous `operation` with `instance` as this type's ``shared`` instance.
  ///
  /// - Parameters:
  ///   - instance: The instance that ``shared`` returns meanwhile.
  ///   - operation: The code to run.
  /// - Returns: What `operation` returns.
  public static func withShared<R>(
    _ instance: Self, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await SharedInstances.$replacements.withValue(
      SharedInstances.replacements.merging([ObjectIdentifier(Self.self): instance]) { $1 },
      operation: operation, isolation: isolation)
  }
}

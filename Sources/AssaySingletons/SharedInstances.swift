import Foundation

/// The shared instances of every ``SingletonByChoice`` type, and the task's replacements.
enum SharedInstances {
  /// Replacements installed by `withShared`, by type.
  @TaskLocal static var replacements: [ObjectIdentifier: any AnyObject & Sendable] = [:]

  static let registry = Registry()

  /// Creates each type's instance once.
  ///
  /// No lock is held while an initializer runs: a thread that asks for a type being created
  /// by another thread waits for that type only, so two unrelated initializers never wait
  /// for each other. An initializer may use another type's shared instance; one that asks,
  /// directly or through others, for a type its own thread is creating is reported instead
  /// of waiting for itself forever.
  final class Registry: @unchecked Sendable {
    // @unchecked: `instances` and `creating` are only touched while `condition` is locked;
    // they hold `Sendable` instances and thread identifiers.
    private let condition = NSCondition()
    private var instances: [ObjectIdentifier: any AnyObject & Sendable] = [:]
    /// The types being created, each with the thread creating it.
    private var creating: [ObjectIdentifier: pthread_t] = [:]

    func instance<T: SingletonByChoice>(of type: T.Type) -> T {
      let key = ObjectIdentifier(type)
      let me = pthread_self()
      condition.lock()
      while true {
        if let instance = instances[key] {
          condition.unlock()
          // Stored under this type's identifier below.
          return instance as! T
        }
        guard let creator = creating[key] else { break }
        if pthread_equal(creator, me) != 0 {
          condition.unlock()
          preconditionFailure(
            "\(type).init() asked for \(type).shared, which it is creating: pass it what it "
              + "needs instead")
        }
        condition.wait()
      }
      creating[key] = me
      condition.unlock()
      let instance = T()
      condition.lock()
      instances[key] = instance
      creating[key] = nil
      condition.broadcast()
      condition.unlock()
      return instance
    }
  }
}

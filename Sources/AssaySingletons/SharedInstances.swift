import Foundation

/// The shared instances of every ``SingletonByChoice`` type, and the task's replacements.
enum SharedInstances {
  /// Replacements installed by `withShared`, by type.
  @TaskLocal static var replacements: [ObjectIdentifier: any AnyObject & Sendable] = [:]

  static let registry = Registry()

  /// Creates each type's instance once.
  ///
  /// The lock is recursive and held while an initializer runs, so that an initializer may
  /// use another type's shared instance; an initializer that asks for its own type's shared
  /// instance is reported instead of deadlocking.
  final class Registry: @unchecked Sendable {
    // @unchecked: `instances` and `creating` are only touched while `lock` is held.
    private let lock = NSRecursiveLock()
    private var instances: [ObjectIdentifier: any AnyObject & Sendable] = [:]
    private var creating: Set<ObjectIdentifier> = []

    func instance<T: SingletonByChoice>(of type: T.Type) -> T {
      let key = ObjectIdentifier(type)
      lock.lock()
      defer { lock.unlock() }
      if let instance = instances[key] {
        // Stored under this type's identifier below.
        return instance as! T
      }
      precondition(
        !creating.contains(key),
        "\(type).init() asked for \(type).shared, which it is creating: pass it what it needs "
          + "instead")
      creating.insert(key)
      defer { creating.remove(key) }
      let instance = T()
      instances[key] = instance
      return instance
    }
  }
}

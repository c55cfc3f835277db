import AssaySingletons

/// The user's settings: a singleton by choice. The app uses `SettingsStore.shared`; tests make
/// fresh stores with `SettingsStore()`, or replace the shared one for the length of a test.
///
/// It is an actor, so the shared instance is safe to use from any task.
public actor SettingsStore: SingletonByChoice {
  private var values: [String: String] = [:]

  /// Creates an empty store.
  public init() {}

  /// The value for `key`, if any.
  public func value(for key: String) -> String? { values[key] }

  /// Stores `value` for `key`.
  public func set(_ value: String, for key: String) { values[key] = value }
}

/// The first-launch flow, shown until the user completes it once.
public struct Onboarding: Sendable {
  private let settings: SettingsStore

  /// Creates the flow, remembering its state in `settings`: the shared store by default.
  public init(settings: SettingsStore = .shared) {
    self.settings = settings
  }

  /// Whether the flow should be shown.
  public func shouldShow() async -> Bool {
    await settings.value(for: "onboarding.completed") == nil
  }

  /// Records that the user finished the flow.
  public func complete() async {
    await settings.set("yes", for: "onboarding.completed")
  }
}

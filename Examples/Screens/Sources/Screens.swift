/// A screen of the app. Every screen can be created with no arguments, has a title, and
/// loads its content before it is shown. (`SendableMetatype` lets tests pass screen types
/// between tasks, as contracts do.)
public protocol Screen: AnyObject, SendableMetatype {
  /// Creates the screen, not yet loaded.
  init()
  /// The title in the navigation bar.
  var title: String { get }
  /// Whether `load()` has run.
  var isLoaded: Bool { get }
  /// Loads the screen's content.
  func load()
}

/// The home screen.
public final class HomeScreen: Screen {
  /// Whether `load()` has run.
  public private(set) var isLoaded = false
  /// The home screen's title.
  public let title = "Home"
  /// Creates the screen.
  public init() {}
  /// Loads the screen.
  public func load() { isLoaded = true }
}

/// The settings screen.
public final class SettingsScreen: Screen {
  /// Whether `load()` has run.
  public private(set) var isLoaded = false
  /// The settings screen's title.
  public let title = "Settings"
  /// Creates the screen.
  public init() {}
  /// Loads the screen.
  public func load() { isLoaded = true }
}

/// The profile screen, whose title is the user's name once loaded.
public final class ProfileScreen: Screen {
  /// Whether `load()` has run.
  public private(set) var isLoaded = false
  /// The user's name, or "Profile" before loading.
  public private(set) var title = "Profile"
  /// Creates the screen.
  public init() {}
  /// Loads the screen.
  public func load() {
    title = "Ada"
    isLoaded = true
  }
}

/// Which screen to open, as deep links and saved state name it.
public struct ScreenID: Hashable, Comparable, Codable, Sendable {
  /// The route, such as "settings/privacy".
  public var route: String
  /// The position in the tab bar, or `nil` for screens not in it.
  public var tab: Int?

  /// Creates an identifier.
  public init(route: String, tab: Int? = nil) {
    self.route = route
    self.tab = tab
  }

  /// Screens sort by route.
  public static func < (lhs: ScreenID, rhs: ScreenID) -> Bool {
    (lhs.route, lhs.tab ?? -1) < (rhs.route, rhs.tab ?? -1)
  }
}

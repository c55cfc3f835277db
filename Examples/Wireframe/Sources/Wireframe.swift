#if DEBUG
  import AssayMock
#endif

/// The screens of the app's first flow.
public enum Screen: Equatable, Sendable {
  case none
  case first
  case second
}

/// What the wireframe asks the user interface to show. Generated as `MockNavigator` in debug
/// builds.
#if DEBUG
  @Mock
#endif
public protocol Navigator {
  /// Shows the first screen.
  func displayFirstScreen()
  /// Tells the user to log in first.
  func displayLoginNotification()
  /// Shows the second screen.
  func displaySecondScreen()
}

/// Who is using the app. Generated as `MockSession` in debug builds.
#if DEBUG
  @Mock
#endif
public protocol Session {
  /// Whether the user has logged in.
  var isLoggedIn: Bool { get }
}

/// The VIPER wireframe of the first flow: it decides which screen comes next.
public final class Wireframe {
  private let navigator: any Navigator
  private let session: any Session

  /// The screen on display.
  public private(set) var screen = Screen.none

  /// Creates a wireframe that shows screens with `navigator` for the user of `session`.
  public init(navigator: any Navigator, session: any Session) {
    self.navigator = navigator
    self.session = session
  }

  /// Shows the first screen.
  public func showFirstScreen() {
    navigator.displayFirstScreen()
    screen = .first
  }

  /// The user tapped accept on the first screen: go on if logged in, else ask to log in.
  public func acceptTapped() {
    guard screen == .first else { return }
    if session.isLoggedIn {
      navigator.displaySecondScreen()
      screen = .second
    } else {
      navigator.displayLoginNotification()
    }
  }
}

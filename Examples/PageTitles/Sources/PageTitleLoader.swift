import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Loads a web page and shows its title: the seed's "AsyncTestThing", without a web view.
///
/// Like the web view in the seed, it reports its result three ways, and a test can watch any
/// of them: a delegate callback, a label-like property, and a notification.
@MainActor public final class PageTitleLoader {
  /// Told when a title has loaded or loading failed, on the main actor.
  public weak var delegate: (any PageTitleLoaderDelegate)?

  /// What a label would show: empty, then `Loading…`, then the title or the error.
  public private(set) var titleLabel = ""

  private let session: URLSession

  /// Creates a loader that fetches pages with `session`.
  ///
  /// - Parameter session: The session to load pages with; the shared session, by default.
  public init(session: URLSession = .shared) {
    self.session = session
  }

  /// Starts loading the page at `url`; the result arrives later, on the main actor.
  ///
  /// - Parameter url: The address of an HTML page.
  public func load(_ url: URL) {
    titleLabel = "Loading…"
    Self.fetchTitle(of: url, session: session) { result in
      Task { @MainActor in self.finish(with: result) }
    }
  }

  private func finish(with result: Result<String, PageTitleError>) {
    switch result {
    case .success(let title):
      titleLabel = title
      delegate?.pageTitleLoader(self, didLoadTitle: title)
      NotificationCenter.default.post(
        name: .pageTitleDidLoad, object: self, userInfo: [PageTitleLoader.titleKey: title])
    case .failure(let error):
      titleLabel = error.description
      delegate?.pageTitleLoader(self, didFailWith: error)
    }
  }

  /// The key of the title in a ``Foundation/Notification/Name/pageTitleDidLoad``
  /// notification's `userInfo`.
  public nonisolated static let titleKey = "title"

  /// Fetches the page at `url` and calls `completion`, on a background queue, with its title:
  /// the completion-handler API the loader is built on.
  ///
  /// - Parameters:
  ///   - url: The address of an HTML page.
  ///   - session: The session to load the page with; the shared session, by default.
  ///   - completion: Called once with the page's title or what went wrong.
  public nonisolated static func fetchTitle(
    of url: URL,
    session: URLSession = .shared,
    completion: @escaping @Sendable (Result<String, PageTitleError>) -> Void
  ) {
    session.dataTask(with: url) { data, response, error in
      if let error {
        return completion(.failure(.unreachable(error.localizedDescription)))
      }
      if let status = (response as? HTTPURLResponse)?.statusCode, status != 200 {
        return completion(.failure(.httpStatus(status)))
      }
      guard let title = HTMLTitle.extract(from: String(decoding: data ?? Data(), as: UTF8.self))
      else {
        return completion(.failure(.noTitle))
      }
      completion(.success(title))
    }
    .resume()
  }
}

/// Told by a ``PageTitleLoader`` how loading went.
@MainActor public protocol PageTitleLoaderDelegate: AnyObject {
  /// The page loaded and has `title`.
  func pageTitleLoader(_ loader: PageTitleLoader, didLoadTitle title: String)
  /// The page could not be loaded, or has no title.
  func pageTitleLoader(_ loader: PageTitleLoader, didFailWith error: PageTitleError)
}

/// Why a page's title could not be shown.
public enum PageTitleError: Error, Equatable, CustomStringConvertible {
  /// The server could not be reached.
  case unreachable(String)
  /// The server answered with a status other than 200.
  case httpStatus(Int)
  /// The page has no `<title>`.
  case noTitle

  /// What the label shows.
  public var description: String {
    switch self {
    case .unreachable: "Cannot reach the page"
    case .httpStatus(let status): "The page answered \(status)"
    case .noTitle: "Untitled page"
    }
  }
}

extension Notification.Name {
  /// Posted by a ``PageTitleLoader`` when a title has loaded; the title is in `userInfo`
  /// under ``PageTitleLoader/titleKey``.
  public static let pageTitleDidLoad = Notification.Name("PageTitleDidLoad")
}

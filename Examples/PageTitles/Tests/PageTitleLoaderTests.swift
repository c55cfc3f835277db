import Assay
import Foundation
import PageTitles
import Testing

/// The seed's asynchronous test, three ways, against a real server on 127.0.0.1. None of the
/// tests sleeps: each waits for the event itself, and a wait ends the moment it happens.
@Suite @MainActor struct PageTitleLoaderExampleTests {
  /// Way 1: an expectation that the delegate fulfills, as the seed's test did with a web view
  /// delegate, but on Linux and in Swift Testing.
  @Test func delegateHearsTheTitle() async throws {
    try await PageServer.serving(characterPages) { server in
      let loader = PageTitleLoader()
      let delegate = DelegateSpy()
      loader.delegate = delegate

      loader.load(server.url("/homura"))

      await waitForFulfillment(of: [delegate.titleLoaded], timeout: .seconds(10))
      assertEqual(delegate.titles, ["Homura Akemi"])
    }
  }

  /// Way 2: the seed's second tab, where the test cannot reach the delegate: `eventually`
  /// re-checks the label until it shows the title.
  @Test func labelShowsTheTitle() async throws {
    try await PageServer.serving(characterPages) { server in
      let loader = PageTitleLoader()

      loader.load(server.url("/mami"))

      assertEqual(loader.titleLabel, "Loading…")
      await eventually(loader.titleLabel, equalTo("Mami Tomoe"), timeout: .seconds(10))
    }
  }

  /// Way 3: an expectation fulfilled by the loader's notification, for this loader only.
  @Test func notificationAnnouncesTheTitle() async throws {
    try await PageServer.serving(characterPages) { server in
      let loader = PageTitleLoader()
      let announced = TestExpectation(notification: .pageTitleDidLoad, object: loader) {
        $0.userInfo?[PageTitleLoader.titleKey] as? String == "Homura Akemi"
      }

      loader.load(server.url("/homura"))

      await waitForFulfillment(of: [announced], timeout: .seconds(10))
    }
  }

  /// The completion-handler API underneath, awaited directly.
  @Test func fetchTitleHandsTheTitleToItsCompletionHandler() async throws {
    try await PageServer.serving(characterPages) { server in
      let result = try await awaitCallback(timeout: .seconds(10)) { done in
        PageTitleLoader.fetchTitle(of: server.url("/homura"), completion: done)
      }
      assertEqual(try result.get(), "Homura Akemi")
    }
  }

  /// The check is real: a wrong title fails, naming what the label showed instead.
  @Test func aWrongTitleIsCaught() async throws {
    try await PageServer.serving(characterPages) { server in
      let loader = PageTitleLoader()
      loader.load(server.url("/homura"))
      await eventually(loader.titleLabel, equalTo("Homura Akemi"), timeout: .seconds(10))

      await withKnownIssue {
        await eventually(loader.titleLabel, equalTo("Kyoko Sakura"), timeout: .milliseconds(50))
      } matching: { issue in
        issue.comments.map(\.rawValue) == [
          #"eventually failed: expected equal to "Kyoko Sakura" within 50 ms, but was "Homura Akemi""#
        ]
      }
    }
  }

  @Test func missingPagesAndTitlesAreReported() async throws {
    try await PageServer.serving(characterPages) { server in
      let loader = PageTitleLoader()
      let delegate = DelegateSpy()
      loader.delegate = delegate

      loader.load(server.url("/no-such-character"))
      await waitForFulfillment(of: [delegate.failed], timeout: .seconds(10))
      assertEqual(delegate.errors, [.httpStatus(404)])
      assertEqual(loader.titleLabel, "The page answered 404")

      let untitled = try await awaitCallback(timeout: .seconds(10)) { done in
        PageTitleLoader.fetchTitle(of: server.url("/untitled"), completion: done)
      }
      assertEqual(untitled, .failure(.noTitle))
    }
  }
}

/// Records what the loader tells its delegate, and fulfills an expectation for each kind.
@MainActor final class DelegateSpy: PageTitleLoaderDelegate {
  let titleLoaded = TestExpectation("delegate told of a title")
  let failed = TestExpectation("delegate told of a failure")
  private(set) var titles: [String] = []
  private(set) var errors: [PageTitleError] = []

  func pageTitleLoader(_ loader: PageTitleLoader, didLoadTitle title: String) {
    titles.append(title)
    titleLoaded.fulfill()
  }

  func pageTitleLoader(_ loader: PageTitleLoader, didFailWith error: PageTitleError) {
    errors.append(error)
    failed.fulfill()
  }
}

import Assay
import PageTitles
import XCTest

/// The seed's own setting: a synchronous XCTest test on the main thread, waiting while the
/// loader's results arrive on the main actor. The blocking wait keeps the main queue running,
/// so the callback the test waits for can run at all.
///
/// XCTest runs synchronous tests on the main thread, so each test enters the main actor with
/// `MainActor.assumeIsolated`. (Marking the whole class `@MainActor` crashes XCTest's test
/// discovery on Linux with Swift 6.3.1.)
final class PageTitleLoaderXCTestExampleTests: XCTestCase {
  private var server: PageServer!

  override func setUp() async throws {
    server = try await PageServer.start(serving: characterPages)
  }

  override func tearDown() async throws {
    await server.stop()
  }

  func testDelegateHearsTheTitleWhileTheTestBlocks() {
    let homura = server.url("/homura")
    MainActor.assumeIsolated {
      let loader = PageTitleLoader()
      let delegate = DelegateSpy()
      loader.delegate = delegate

      loader.load(homura)

      waitForFulfillment(of: [delegate.titleLoaded], timeout: .seconds(10))
      assertEqual(delegate.titles, ["Homura Akemi"])
    }
  }

  func testLabelShowsTheTitleWhileTheTestBlocks() {
    let mami = server.url("/mami")
    MainActor.assumeIsolated {
      let loader = PageTitleLoader()

      loader.load(mami)

      eventually(loader.titleLabel, equalTo("Mami Tomoe"), timeout: .seconds(10))
    }
  }
}

import FlyingFox
import Foundation

/// A real web server on 127.0.0.1, on a free port, serving the pages a test loads.
///
/// The loader under test makes real HTTP requests; nothing leaves the machine.
struct PageServer: Sendable {
  let baseURL: URL
  private let server: HTTPServer
  private let running: Task<Void, any Error>

  /// Starts serving `pages` (path → HTML); call ``stop()`` when done.
  static func start(serving pages: [String: String]) async throws -> PageServer {
    let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled)
    for (path, html) in pages {
      await server.appendRoute(HTTPRoute("GET \(path)")) { _ in
        HTTPResponse(
          statusCode: .ok,
          headers: [.contentType: "text/html; charset=utf-8"],
          body: Data(html.utf8)
        )
      }
    }
    let running = Task { try await server.run() }
    // Waits for the event, so a long limit costs nothing when the machine is quick; FlyingFox's
    // default of 5 s failed every test here once, on a busy 2-core machine.
    try await server.waitUntilListening(timeout: 60)
    guard case .ip4(_, let port) = await server.listeningAddress else {
      running.cancel()
      throw URLError(.cannotConnectToHost)
    }
    return PageServer(
      baseURL: URL(string: "http://127.0.0.1:\(port)")!, server: server, running: running)
  }

  /// Serves `pages` (path → HTML) while `body` runs, then stops.
  static func serving<Result>(
    _ pages: [String: String],
    isolation: isolated (any Actor)? = #isolation,
    _ body: (PageServer) async throws -> Result
  ) async throws -> Result {
    let server = try await start(serving: pages)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  /// The address of the page at `path`.
  func url(_ path: String) -> URL {
    baseURL.appendingPathComponent(path)
  }

  /// Stops serving and closes every connection.
  func stop() async {
    await server.stop()
    running.cancel()
  }
}

/// The pages of the seed's example: one per character.
let characterPages = [
  "/homura": "<html><head><title>Homura Akemi</title></head><body>…</body></html>",
  "/mami": "<html><head>\n  <title>\n    Mami Tomoe\n  </title>\n</head></html>",
  "/untitled": "<html><body>No title here</body></html>",
]

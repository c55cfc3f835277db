import Assay
import Testing
import Wireframe

// The seed's Kiwi spec for a VIPER wireframe, in Assay. Each example is its own test case, named
// by its path ("Wireframe, first screen, user is not logged in, accept tapped, asks to log in"),
// and starts from fresh mocks: the `describe` bodies run again for every example.
//
// Run one example alone:
//   ASSAY_EXAMPLE="Wireframe, first screen, user is logged in, accept tapped, shows the second screen" \
//     swift test --filter WireframeSpec
@Suite struct WireframeSpec: Spec {
  static func spec() {
    describe("Wireframe") {
      let navigator = MockNavigator()
      let session = MockSession()
      let wireframe = Wireframe(navigator: navigator, session: session)

      context("first screen") {
        beforeEach { wireframe.showFirstScreen() }

        it("is displayed") {
          assertEqual(wireframe.screen, .first)
          verify(navigator.calls.displayFirstScreen())
        }

        context("user is not logged in") {
          beforeEach { session.calls.isLoggedIn.willReturn(false) }

          context("accept tapped") {
            it("asks to log in") {
              // Kiwi's `[[wireframe should] receive:...]`: verified when the example ends.
              expectCalls(navigator.calls.displayLoginNotification())
              expectCalls(navigator.calls.displaySecondScreen(), .never)
              wireframe.acceptTapped()
            }

            it("stays on the first screen") {
              wireframe.acceptTapped()
              assertEqual(wireframe.screen, .first)
            }
          }
        }

        context("user is logged in") {
          beforeEach { session.calls.isLoggedIn.willReturn(true) }

          context("accept tapped") {
            it("shows the second screen") {
              expectCalls(navigator.calls.displaySecondScreen())
              expectCalls(navigator.calls.displayLoginNotification(), .never)
              wireframe.acceptTapped()
              assertEqual(wireframe.screen, .second)
            }
          }
        }
      }

      context("before the first screen") {
        it("ignores accept") {
          try await given("no screen is shown") { assertEqual(wireframe.screen, Screen.none) }
          try await when("accept is tapped") { wireframe.acceptTapped() }
          try await then("nothing is displayed") {
            verify(navigator.calls.displaySecondScreen(), .never)
            verify(navigator.calls.displayLoginNotification(), .never)
          }
        }
      }
    }
  }

  @Test(arguments: examples) func example(_ example: SpecExample) async throws {
    try await example.run()
  }
}

import AssayResults
import AssayToolSupport
import Foundation

extension TestSession {
  /// The tests of the measures that `requests` name, one batch per library (and spec
  /// example). A request whose location holds no test is a warning that `missing` words.
  func batches(
    of requests: [MeasureRequest], inventory: TestInventory, sources: [TestSource],
    missing: (String) -> String
  ) -> [TestBatch] {
    var batches: [TestBatch] = []
    for request in requests {
      var selection = TestSelection()
      selection.locations = [request.location]
      do {
        for batch in try selection.batches(from: inventory, sources: sources) {
          if let index = batches.firstIndex(where: {
            $0.library == batch.library && $0.environment == batch.environment
          }) {
            batches[index].tests += batch.tests.filter { !batches[index].tests.contains($0) }
            batches[index].isEverything = false
          } else {
            batches.append(batch)
          }
        }
      } catch {
        print(
          "warning: \(request.location): measure \"\(request.measure)\": "
            + missing(error.description))
      }
    }
    return batches
  }
}

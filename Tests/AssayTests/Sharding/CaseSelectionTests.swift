import Foundation
import Testing

@testable import Assay

/// The list of cases `assay test --shard` reads (`ASSAY_LIST_EXAMPLES`): lines added, never
/// lost, and no file where there is nothing to list.
struct CaseSelectionTests {
  private func withListFile(_ body: (String) throws -> Void) rethrows {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assay-cases-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body("\(folder)/cases.txt")
  }

  /// A second spec's cases go after the first's, which stay.
  @Test func casesAreAddedToTheList() throws {
    try withListFile { path in
      CaseSelection.append(["adds an item"], of: "Shop.CartSpec", to: path)
      CaseSelection.append(["pays", "refunds"], of: "Shop.CheckoutSpec", to: path)
      let lines = try String(contentsOfFile: path, encoding: .utf8)
      #expect(
        lines
          == "Shop.CartSpec\tadds an item\nShop.CheckoutSpec\tpays\nShop.CheckoutSpec\trefunds\n"
      )
      #expect(CaseSelection.names(for: "Shop.CheckoutSpec", in: lines) == ["pays", "refunds"])
    }
  }

  /// Nothing to list writes nothing, not even an empty file.
  @Test func noCasesMakeNoFile() {
    withListFile { path in
      CaseSelection.append([], of: "Shop.CartSpec", to: path)
      #expect(!FileManager.default.fileExists(atPath: path))
    }
  }
}

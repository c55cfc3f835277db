import SwiftSyntax
import Testing

@testable import AssayMockGenerator

/// What the generator knows of the standard library's protocols, generated from the
/// toolchain's symbol graphs (`Scripts/generate-mocks.sh`, which CI runs with `--check`): each
/// protocol with what a conforming type must implement, its parents' requirements included,
/// less what default implementations cover.
struct StandardProtocolsTests {
  /// The members of `name`'s declaration, as written, associated types aside.
  private func requirements(of name: String) throws -> [String] {
    let declaration = try #require(StandardProtocols.byName[name], "no \(name)")
    return declaration.memberBlock.members.map(\.decl.trimmedDescription).filter {
      !$0.hasPrefix("associatedtype")
    }
  }

  /// `Collection`: its four requirements without defaults, and not `makeIterator()` (which
  /// comes with `Iterator = IndexingIterator<Self>`, though `Sequence` requires it) nor
  /// `subscript(bounds:)` (with `SubSequence = Slice<Self>`), nor `count` and `isEmpty`.
  @Test func collectionRequiresWhatHasNoDefault() throws {
    #expect(
      try requirements(of: "Collection") == [
        "var startIndex: Self.Index { get }", "var endIndex: Self.Index { get }",
        "subscript(position: Self.Index) -> Self.Element { get }",
        "func index(after i: Self.Index) -> Self.Index",
      ])
  }

  /// `Sequence`, on its own, requires `makeIterator()`: no default applies without a
  /// default `Iterator`.
  @Test func sequenceRequiresItsIterator() throws {
    #expect(try requirements(of: "Sequence") == ["func makeIterator() -> Self.Iterator"])
  }

  /// Identifiable's `var id: ObjectIdentifier` (for classes) is no default of `var id: ID`
  /// where the mock's `ID` is another type.
  @Test func aDefaultOfAnotherTypeDoesNotCoverTheRequirement() throws {
    #expect(try requirements(of: "Identifiable") == ["var id: Self.ID { get }"])
  }

  /// Overloads whose defaults call each other: one is implemented, the first that is not
  /// deprecated; not none (the mock would loop), nor all.
  @Test func overloadsWhoseDefaultsCallEachOtherKeepOne() throws {
    #expect(try requirements(of: "Executor") == ["func enqueue(_ job: _Concurrency.UnownedJob)"])
    #expect(
      try requirements(of: "AsyncIteratorProtocol") == [
        "mutating func next() async throws -> Self.Element?"
      ])
  }

  /// A requirement whose name starts with `_`, which symbol graphs leave out, is read from
  /// the interface where no extension implements it; those that one does are not.
  @Test func underscoredRequirementsWithoutADefaultAreKept() throws {
    let fixedWidth = try requirements(of: "FixedWidthInteger")
    #expect(fixedWidth.contains("init(_truncatingBits bits: Swift.UInt)"))
    #expect(!fixedWidth.contains { $0.contains("multipliedFullWidth") })
    #expect(try requirements(of: "Error").isEmpty)
  }

  /// BinaryInteger's two `init<T>(_ source: T)`, told apart by what `T` must be.
  @Test func genericOverloadsAreToldApartByTheirConstraints() throws {
    let initializers = try requirements(of: "BinaryInteger").filter {
      $0.hasPrefix("init<T>(_ source: T)")
    }
    #expect(
      initializers == [
        "init<T>(_ source: T) where T : Swift.BinaryFloatingPoint",
        "init<T>(_ source: T) where T : Swift.BinaryInteger",
      ])
  }

  /// `OptionSet`'s `contains(_:)` is implemented by its extension `where Self == Element`,
  /// which holds with `Element = Self`; SetAlgebra's `contains(_:)`, on its own, is required.
  @Test func aDefaultWhoseConstraintTheDefaultsMeetCovers() throws {
    #expect(try !requirements(of: "OptionSet").contains { $0.hasPrefix("func contains(") })
    #expect(try requirements(of: "SetAlgebra").contains { $0.hasPrefix("func contains(") })
  }

  /// Types are written with their module, so that a module's own `Range` or `Bool` does not
  /// stand in for the standard library's.
  @Test func typesAreQualifiedByTheirModule() throws {
    let replaceable = try requirements(of: "RangeReplaceableCollection")
    #expect(replaceable.contains { $0.contains("_ subrange: Swift.Range<Self.Index>") })
    #expect(StandardProtocols.compositions["Codable"] == ["Decodable", "Encodable"])
  }
}

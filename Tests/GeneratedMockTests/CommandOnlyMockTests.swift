import Assay
import MockFixtures
import Testing

/// Mocks that only `assay mock` writes: their parents are declared in other declarations.
@Suite struct CommandOnlyMockTests {
  @Test func aRequirementDeclaredAgainWithoutThrowingIsOneMethodThatDoesNotThrow() async {
    let encoding = MockNonThrowingEncoding(strict: false)
    encoding.calls.size().willReturn(1)
    var buffer: [UInt8] = [7]
    encoding.encode(into: &buffer)  // no `try`: a throwing method would not compile
    #expect(await encoding.size() == 1)
    verifyInOrder([encoding.calls.encode(into: .equal([7])), encoding.calls.size()])
  }

  @Test func implicitlyUnwrappedOptionalsAreStubbedAsOptionals() {
    let located = MockLocatedPage()
    located.calls.page.willReturn(Page(title: "home"))
    located.calls.page(at: .equal(2)).willReturn(nil)
    #expect(located.page.title == "home")
    #expect(located.page(at: 2) == nil)
    verifyInOrder([located.calls.page, located.calls.page(at: .equal(2))])
  }

  @Test func aHashRequirementOfTheProtocolIsTheMocksOnlyHash() {
    let field = MockHashedField(strict: false)
    var hasher = Hasher()
    field.hash(into: &hasher)
    #expect(Set([field, field]).count == 1)  // equal to itself: identity
    verify(field.calls.hash(into: .any), .atLeast(2))
  }

  @Test func aTypeNamedLikeOneOfFoundationsIsWrittenWithItsModule() {
    let resolver = MockFieldResolving()
    let root = MockFixtures.IndexPath(["user"])
    resolver.calls.children(of: .equal(root)).willReturn([MockFixtures.IndexPath(["user", "name"])])
    #expect(resolver.children(of: root) == [MockFixtures.IndexPath(["user", "name"])])
    verify(resolver.calls.children(of: .equal(root)), .once)
  }

  @Test func aParameterOfTypeAnyIsStubbedAnsweredAndVerified() {
    let container = MockAnyContainer()
    container.calls.contains(.any).will { object in (object as? Int) == 3 }
    #expect(container.contains(3))
    #expect(!container.contains("three"))
    verify(container.calls.contains(.any), .times(2))
  }

  @Test func aPropertyRedeclaredByAChildIsImplementedOnceAsTheChildSaysIt() {
    let renamable = MockRenamable()
    renamable.name = "Homura"
    #expect(renamable.name == "Homura")
    verify(renamable.calls.name, .once)
  }

  @Test func aParentGivenWithItsPrimaryAssociatedTypeIsResolvedAndFixesIt() {
    #expect(MockPageContext.Source.self == Page.self)
    let context = MockPageContext(source: Page(title: "home"))
    context.calls.title.willReturn("Home")
    #expect(context.title == "Home")
    verifyInOrder([
      context.calls.initializer(source: .equal(Page(title: "home"))), context.calls.title,
    ])
  }

  @Test func anAssociatedTypeFixedToAnotherMeetsTheConstraintsOfBoth() {
    let kept = MockStoredInSession<Int>()
    kept.calls.storedID.willReturn(7)
    kept.calls.sessionKey.willReturn(7)
    #expect(kept.storedID == 7)
    #expect(kept.sessionKey.description == "7")
    verifyInOrder([kept.calls.storedID, kept.calls.sessionKey])
  }

  @Test func aParentGivenThroughATypealiasIsResolved() {
    let tagged = MockTagged()
    tagged.calls.name.willReturn("Madoka")
    tagged.calls.tag.willReturn(7)
    #expect(tagged.name == "Madoka")
    #expect(tagged.tag == 7)
    verifyInOrder([tagged.calls.name, tagged.calls.tag])
  }

  @Test func associatedTypesFixedByAWhereClauseAreTypealiases() {
    let handler = MockPageHandling()
    handler.calls.handle(.any).willReturn(3)
    #expect(handler.handle(Page(title: "home")) == 3)
    verify(handler.calls.handle(.any), .once)
  }

  @Test func typealiasesOfTheProtocolsBodyAreWrittenAsTheirValues() {
    typealias Builder = MockRowBuilding<[String]>
    defer { Builder.staticCalls.recorder.reset() }
    Builder.staticCalls.buildExpression(.equal("a")).willReturn(["a"])
    Builder.staticCalls.buildFinalResult(.any).willReturn(["a", "b"])
    #expect(Builder.buildExpression("a") == ["a"])
    #expect(Builder.buildFinalResult(["a"]) == ["a", "b"])
    verify(Builder.staticCalls.buildExpression(.equal("a")), .once)
    verify(Builder.staticCalls.buildFinalResult(.equal(["a"])), .once)
  }

  @Test func aBidirectionalCollectionKeepsCollectionsDefaults() {
    #expect(MockPageShelf.SubSequence.self == Slice<MockPageShelf>.self)
    let shelf = MockPageShelf()
    shelf.calls.startIndex.willReturn(0)
    shelf.calls.endIndex.willReturn(1)
    shelf.calls.subscript(.equal(0)).willReturn(Page(title: "home"))
    #expect(shelf.first?.title == "home")
    verify(shelf.calls.subscript(.equal(0)), .once)
  }

  @Test func aRequirementRestatedWithTheFixedTypesIsOneMethod() {
    let handler = MockPageHandlingRestated()
    handler.calls.handle(.any).willReturn(4)
    #expect(handler.handle(Page(title: "home")) == 4)
    verify(handler.calls.handle(.any), .once)
  }

  @Test func aChildsSameTypeRequirementBeatsTheParentsDefault() throws {
    #expect(MockChildSourced<MockSourced>.Source.self == Never.self)
    let child = try MockChildSourced(parent: MockSourced(source: "home"))
    verify(child.calls.initializer(parent: .any), .once)
  }

  @Test func aTypealiasOfTheProtocolInItsWhereClauseIsItsValue() {
    let server = MockHandlingServer<MockPageHandling>()
    let handler = MockPageHandling()
    server.calls.handler.willReturn(handler)
    #expect(server.handler === handler)
    verify(server.calls.handler, .once)
  }

  @Test func aNestedProtocolsMockIsNestedWhereItIs() {
    let factory = Transport.MockListenerMaking()
    factory.calls.makeListener(configurator: .any).willReturn(8080)
    #expect(factory.makeListener(configurator: Transport.Configurator(name: "a")) == 8080)
    verify(factory.calls.makeListener(configurator: .any), .once)
  }

  @Test func aParentOfTheStandardLibraryIsReadFromTheToolchain() throws {
    let field = MockField<Int, Int>()
    field.calls.reciprocal.willReturn(MockField<Int, Int>())
    #expect(field.reciprocal != nil)
    verify(field.calls.reciprocal, .once)
    let made = try #require(MockField<Int, Int>(exactly: 3))
    verify(made.calls.initializer(exactly: ArgumentMatcher<Int>.equal(3)), .once)
  }

  @Test func anAssociatedTypeFixedToTheConformingTypeIsATypealias() {
    #expect(MockQuantity<Int>.Magnitude.self == MockQuantity<Int>.self)
    let quantity = MockQuantity<Int>()
    quantity.calls.unit.willReturn("m")
    #expect(quantity.unit == "m")
    verify(quantity.calls.unit, .once)
  }

  @Test func anAssociatedTypeDeclaredInIfBranchesFollowsTheBranchThatCompiles() {
    let hashing = MockHashing<Int>()
    hashing.calls.hash(.any).willReturn(42)
    #expect(hashing.hash([1, 2]) == 42)
    verify(hashing.calls.hash(.equal([1, 2])), .once)
  }

  @Test func aParentFromFoundationIsReadFromItsSymbolGraph() {
    let digest = MockByteDigest()
    digest.calls.byteCount.willReturn(32)
    #expect(digest.byteCount == 32)
    verify(digest.calls.byteCount, .once)
  }

  @Test func anElementFixedByAWhereClauseIsWrittenAsItsValue() {
    let bytes = MockByteSequence<IndexingIterator<[UInt8]>>()
    bytes.calls.makeIterator().willReturn([1, 2].makeIterator())
    #expect(Array(bytes) == [1, 2])
    verify(bytes.calls.makeIterator(), .once)
  }

  @Test func anOverloadThatDiffersOnlyInEffectsAndResultIsKept() async throws {
    let responder = MockAsyncResponding()
    // Overloads that differ only in their result: the factories' results tell them apart.
    let now: MockCall<Int, String> = responder.calls.handle(.any)
    let later: MockCall<Int, Void> = responder.calls.handle(.any)
    now.willReturn("now")
    #expect(responder.handle(1) == "now")
    try await responder.handle(2)
    verify(now, .once)
    verify(later, .once)
  }

  @Test func aRequirementRedeclaredAsyncSharesItsStubbingWithTheParents() async throws {
    struct Stopped: Error {}
    let command = MockAsyncRunnable()
    command.calls.run().willThrow(Stopped())
    var asRunnable: any Runnable = command
    #expect(throws: Stopped.self) { try asRunnable.run() }
    // Directly in an async function, the `async` overload: inside `#expect`'s closure the
    // sync one was chosen, and `await` only warned.
    do {
      try await command.run()
      Issue.record("run() async did not throw")
    } catch {
      #expect(error is Stopped)
    }
    verify(command.calls.run(), .times(2))
  }

  @Test func aRequirementNamingItselfThatAnExtensionImplementsIsLeftToIt() {
    let alias = MockAliasing<String>()
    alias.calls.name().willReturn("parent")
    #expect(alias.name() == "parent")
    verify(alias.calls.name(), .once)
  }
}

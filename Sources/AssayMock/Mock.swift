@_exported import AssayCore

/// Generates a mock of the protocol it is attached to: `MockName`, next to the protocol.
///
/// ```swift
/// @Mock
/// protocol PeopleStore {
///   func add(_ person: PersonInfo)
///   func fetch(sortedBy order: ListOrder) -> [PersonInfo]
/// }
///
/// let store = MockPeopleStore()
/// store.calls.fetch(sortedBy: .any).willReturn([.appleseed])
/// list.add(.taylor)
/// verify(store.calls.add(.equal(.taylor)), .once)
/// ```
///
/// Attach it in a test target (or behind `#if DEBUG`): the mock is a type of the module that
/// declares the protocol. A protocol that inherits from protocols declared elsewhere needs
/// `assay mock`, which reads the files that declare them.
@attached(peer, names: prefixed(Mock))
public macro Mock() = #externalMacro(module: "AssayMacros", type: "MockMacro")

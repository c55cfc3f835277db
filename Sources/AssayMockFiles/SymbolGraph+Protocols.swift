import Foundation

extension SymbolGraph {
  /// The graphs of several modules as one: the standard library's protocols are in `Swift`'s
  /// graph and `_Concurrency`'s, and inherit from each other across them.
  ///
  /// - Parameter graphs: Each graph with the module its top-level names are qualified by.
  init(merging graphs: [(graph: SymbolGraph, module: String)]) {
    symbols = graphs.flatMap(\.graph.symbols)
    relationships = graphs.flatMap(\.graph.relationships)
    modules = Dictionary(
      graphs.flatMap { graph, module in graph.symbols.map { ($0.identifier.precise, module) } },
      uniquingKeysWith: { first, _ in first })
  }

  /// The public protocols whose names do not start with `_` (or only those named `names`),
  /// each written as Swift with what a conforming type must implement: its own requirements
  /// and its parents', less those that a default implementation covers for a type that takes
  /// the associated types' defaults. Associated types are written as each protocol declares
  /// them, the child's first: the generator merges them.
  ///
  /// A `Collection` mock implements `startIndex`, `endIndex`, `subscript(position:)` and
  /// `index(after:)`; `makeIterator()` comes with `Iterator = IndexingIterator<Self>`, and
  /// `subscript(bounds:)` with `SubSequence = Slice<Self>`.
  ///
  /// - Parameters:
  ///   - names: Protocols to write, by simple name; `nil` for all.
  ///   - implemented: Parents whose requirements the generator implements itself (`Equatable`
  ///     by identity): a protocol does not carry them.
  ///   - underscored: The requirements whose names start with `_`, which the graph leaves out.
  /// - Returns: One declaration per protocol, in the graph's order.
  func protocolDeclarations(
    named names: Set<String>? = nil, implemented: Set<String> = [],
    underscored: UnderscoredRequirements? = nil
  ) -> [String] {
    let index = Index(self, implemented: implemented)
    return symbols.filter { symbol in
      symbol.kind.identifier == "swift.protocol" && symbol.pathComponents.count == 1
        && !symbol.names.title.hasPrefix("_")
        && names.map { $0.contains(symbol.names.title) } ?? true
    }.map { declaration(of: $0, index: index, underscored: underscored) }
  }

  /// The type aliases of protocol compositions (`Codable = Decodable & Encodable`), by name.
  var compositions: [String: [String]] {
    var compositions: [String: [String]] = [:]
    for symbol in symbols
    where symbol.kind.identifier == "swift.typealias" && symbol.pathComponents.count == 1 {
      guard let equals = symbol.declaration.range(of: " = ") else { continue }
      let parts = symbol.declaration[equals.upperBound...].split(separator: "&").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if parts.count > 1 { compositions[symbol.names.title] = parts }
    }
    return compositions
  }

  /// Lookups over the graph, built once.
  private struct Index {
    let byID: [String: Symbol]
    /// Each protocol's requirements, by the protocol's USR, in the graph's order.
    let requirements: [String: [Symbol]]
    /// Each requirement's default implementations, by the requirement's USR.
    let defaults: [String: [Symbol]]
    /// Parents not carried: see ``protocolDeclarations(named:implemented:underscored:)``.
    let implemented: Set<String>

    init(_ graph: SymbolGraph, implemented: Set<String>) {
      self.implemented = implemented
      byID = Dictionary(
        graph.symbols.map { ($0.identifier.precise, $0) }, uniquingKeysWith: { a, _ in a })
      var requirements: [String: [Symbol]] = [:]
      var defaults: [String: [Symbol]] = [:]
      for relationship in graph.relationships {
        guard let source = byID[relationship.source] else { continue }
        switch relationship.kind {
        case "requirementOf": requirements[relationship.target, default: []].append(source)
        case "defaultImplementationOf": defaults[relationship.target, default: []].append(source)
        default: break
        }
      }
      (self.requirements, self.defaults) = (requirements, defaults)
    }

    /// `root` and the protocols it inherits from, at any depth, the nearest first.
    func lineage(of root: Symbol) -> [Symbol] {
      var lineage: [Symbol] = []
      var queue = [root]
      var seen: Set<String> = []
      while !queue.isEmpty {
        let symbol = queue.removeFirst()
        guard seen.insert(symbol.identifier.precise).inserted,
          symbol.identifier.precise == root.identifier.precise
            || !implemented.contains(symbol.names.title)
        else { continue }
        lineage.append(symbol)
        queue += parents(of: symbol)
      }
      return lineage
    }

    /// The protocols after the `:` of `symbol`'s declaration, before any `where`.
    private func parents(of symbol: Symbol) -> [Symbol] {
      var afterColon = false
      var parents: [Symbol] = []
      for fragment in symbol.declarationFragments ?? [] {
        if fragment.kind == "keyword", fragment.spelling == "where" { break }
        if fragment.kind == "text", fragment.spelling.contains(":") { afterColon = true }
        guard afterColon, fragment.kind == "typeIdentifier",
          let parent = fragment.preciseIdentifier.flatMap({ byID[$0] }),
          parent.kind.identifier == "swift.protocol"
        else { continue }
        parents.append(parent)
      }
      return parents
    }
  }

  /// `protocol Name<Primary>: Parents { … }` for `symbol`.
  private func declaration(
    of symbol: Symbol, index: Index, underscored: UnderscoredRequirements?
  ) -> String {
    let lineage = index.lineage(of: symbol)
    let names = Set(lineage.map(\.names.title))
    // Each protocol's primary associated types first: the mock's generic parameters come in
    // that order (`MockStream<Element, AsyncIterator>`).
    let requirements = lineage.flatMap { owner in
      let own = index.requirements[owner.identifier.precise] ?? []
      let primary = Self.primaryAssociatedTypes(of: owner)
      return primary.compactMap { name in
        own.first { $0.kind.identifier == "swift.associatedtype" && $0.names.title == name }
      }
        + own.filter {
          !($0.kind.identifier == "swift.associatedtype" && primary.contains($0.names.title))
        }
    }
    // The associated types' defaults, the nearest declaration's first.
    var associatedDefaults: [String: String] = [:]
    for requirement in requirements where requirement.kind.identifier == "swift.associatedtype" {
      let name = requirement.names.title
      if associatedDefaults[name] == nil, let value = Self.defaultValue(of: requirement) {
        associatedDefaults[name] = value
      }
    }
    // `Self.Iterator` is `IndexingIterator<Self>` where the mock takes the default.
    func resolved(_ type: String?) -> String? {
      guard var type else { return nil }
      for (name, value) in associatedDefaults {
        type = type.replacingOccurrences(
          of: "Self\\.\(name)\\b", with: value, options: .regularExpression)
      }
      return type
    }
    func implements(_ implementation: Symbol, _ requirement: Symbol) -> Bool {
      guard implementation.kind.identifier == requirement.kind.identifier,
        implementation.names.title == requirement.names.title,
        implementation.parameterTypes.map(resolved) == requirement.parameterTypes.map(resolved),
        implementation.genericConstraints == requirement.genericConstraints,
        // Identifiable's `var id: ObjectIdentifier` is no default of `var id: Self.ID`.
        resolved(implementation.resultType) == resolved(requirement.resultType),
        let extended = implementation.pathComponents.first, names.contains(extended)
      else {
        return false
      }
      return (implementation.swiftExtension?.constraints ?? []).allSatisfy { constraint in
        switch constraint.kind {
        case "sameType":
          // OptionSet's `where Self == Self.Element`, with `Element = Self`.
          return [(constraint.lhs, constraint.rhs), (constraint.rhs, constraint.lhs)].contains {
            associated, value in
            associated.hasPrefix("Self.")
              && associatedDefaults[String(associated.dropFirst("Self.".count))] == value
          }
        case "conformance":
          return constraint.lhs == "Self" && names.contains(constraint.rhs)
        default:
          return false
        }
      }
    }
    // A requirement restated by a child (`Collection.makeIterator()` over `Sequence`'s) is
    // covered when a default of either applies.
    func key(_ symbol: Symbol) -> String {
      ([symbol.kind.identifier, symbol.names.title] + symbol.parameterTypes
        + symbol.genericConstraints).joined(separator: "\0")
    }
    var covered: Set<String> = []
    for requirement in requirements
    where (index.defaults[requirement.identifier.precise] ?? []).contains(where: {
      implements($0, requirement)
    }) {
      covered.insert(key(requirement))
    }
    // Overloads whose defaults call each other, which a conforming type implements one of, the
    // first that is not deprecated: Executor's three `enqueue(_:)`, AsyncIteratorProtocol's
    // `next()` and `next(isolation:)` (an `isolation:` parameter makes an overload).
    // Overloads are sought within a protocol: RangeReplaceableCollection's `append(_:)` and
    // `append(contentsOf:)` have labels of their own.
    for owner in lineage {
      let own = index.requirements[owner.identifier.precise] ?? []
      let overloads = Dictionary(
        grouping: own.filter { $0.kind.identifier != "swift.associatedtype" },
        by: { $0.names.title.replacingOccurrences(of: "isolation:", with: "") })
      for (_, group) in overloads
      where group.count > 1 && group.allSatisfy({ covered.contains(key($0)) }) {
        if let kept = group.first(where: { !$0.isDeprecated }) ?? group.first {
          covered.remove(key(kept))
        }
      }
    }
    // A requirement restated by a child is written once, as the child states it
    // (MutableCollection's `subscript(position:) { get set }` over Collection's `{ get }`).
    var lines: [String] = []
    var done: Set<String> = []
    for requirement in requirements {
      let isAssociatedType = requirement.kind.identifier == "swift.associatedtype"
      guard isAssociatedType || !covered.contains(key(requirement)) else { continue }
      guard isAssociatedType || done.insert(key(requirement)).inserted else { continue }
      let line = "  " + self.written(requirement, index: index)
      if !lines.contains(line) { lines.append(line) }
    }
    // FixedWidthInteger's `init(_truncatingBits:)`, which no extension implements.
    if let underscored {
      let implemented = lineage.reduce(into: Set<String>()) {
        $0.formUnion(underscored.implemented[$1.names.title] ?? [])
      }
      for owner in lineage {
        for (name, declaration) in underscored.requirements[owner.names.title] ?? []
        where !implemented.contains(name) && done.insert(name).inserted {
          lines.append("  " + declaration)
        }
      }
    }
    return written(symbol, index: index) + " {\n" + lines.map { $0 + "\n" }.joined() + "}"
  }

  /// `["Element", "Failure"]` for `protocol AsyncSequence<Element, Failure>`.
  private static func primaryAssociatedTypes(of symbol: Symbol) -> [String] {
    let fragments = symbol.declarationFragments ?? []
    guard let open = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling == "<" })
    else { return [] }
    return fragments[(open + 1)...].prefix { !$0.spelling.hasPrefix(">") }
      .filter { $0.kind == "typeIdentifier" }.map(\.spelling)
  }

  /// `Slice<Self>` for `associatedtype SubSequence : Collection = Slice<Self> where …`.
  private static func defaultValue(of associated: Symbol) -> String? {
    let text = associated.declaration
    guard let equals = text.range(of: " = ") else { return nil }
    let rest = text[equals.upperBound...]
    let end = rest.range(of: " where ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  /// `symbol`'s declaration with the module's top-level types qualified (`Swift.Range`), so
  /// that a module's own `Range` does not stand in for it, and without `override`.
  private func written(_ symbol: Symbol, index: Index) -> String {
    var text = ""
    for fragment in symbol.declarationFragments ?? [] {
      if fragment.kind == "keyword", fragment.spelling == "override" { continue }
      if fragment.kind == "typeIdentifier", let id = fragment.preciseIdentifier,
        let module = modules[id], let type = index.byID[id], type.pathComponents.count == 1,
        Self.typeKinds.contains(type.kind.identifier)
      {
        text += module + "." + fragment.spelling
      } else {
        text += fragment.spelling
      }
    }
    return text.replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
  }

  /// The kinds of declaration whose top-level names `written(_:index:)` qualifies.
  private static let typeKinds: Set<String> = [
    "swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias",
  ]
}

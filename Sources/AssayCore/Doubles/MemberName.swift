/// Writes a call of a member from its name and argument texts: `fetchPeople(since:)` with
/// `1990` reads `fetchPeople(since: 1990)`; `save(_:)` with `john` reads `save(john)`.
package enum MemberName {
  /// The member as people read it: generated mocks record an overload as `load(_:)#(Int)`,
  /// its types after `#`; messages leave them out.
  package static func displayed(_ member: String) -> Substring {
    member.prefix { $0 != "#" }
  }

  /// The member a property's setter is recorded as: `name(set:)`.
  package static func setter(of property: String) -> String {
    "\(property)(set:)"
  }

  package static func call(_ member: String, _ arguments: [String]) -> String {
    let member = displayed(member)
    guard let open = member.firstIndex(of: "("), member.hasSuffix(")") else {
      return String(member)
    }
    let base = member[..<open]
    let labels = member[member.index(after: open)..<member.index(before: member.endIndex)]
      .split(separator: ":", omittingEmptySubsequences: false)
      .dropLast()
    let parts = arguments.enumerated().map { index, argument in
      let label =
        index < labels.count ? labels[labels.index(labels.startIndex, offsetBy: index)] : "_"
      return label == "_" ? argument : "\(label): \(argument)"
    }
    return "\(base)(\(parts.joined(separator: ", ")))"
  }
}

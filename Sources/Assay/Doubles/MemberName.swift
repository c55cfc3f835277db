/// Writes a call of a member from its name and argument texts: `fetchPeople(since:)` with
/// `1990` reads `fetchPeople(since: 1990)`; `save(_:)` with `john` reads `save(john)`.
enum MemberName {
  static func call(_ member: String, _ arguments: [String]) -> String {
    guard let open = member.firstIndex(of: "("), member.hasSuffix(")") else {
      return member
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

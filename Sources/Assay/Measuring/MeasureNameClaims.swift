/// Which measure took each name of a baselines file, in this process. A measure's baseline is
/// kept under its name alone: two measures of one name (two tests, two cases of a
/// parameterized test, two calls in one test) would each be judged against the other's
/// samples and record over them.
final class MeasureNameClaims: Sendable {
  /// A measure that takes a name: its test, the test's case, and the place of the call.
  struct Claim: Equatable, Sendable {
    /// The running test's name, when known.
    var test: String?
    /// The case of a parameterized test (``MeasureRun/swiftTestingCase``).
    var testCase: String?
    /// `Module/File.swift:line` of the call.
    var site: String
  }

  private let claims = Locked<[String: Claim]>([:])

  /// Takes `name` in the baselines file `file` for `claim`.
  ///
  /// - Returns: The claim of another measure that holds the name already, or `nil` when it
  ///   is free or held by this same measure (called again in a loop, or the test repeated).
  func claim(_ name: String, in file: String, _ claim: Claim) -> Claim? {
    claims.withLock { claims in
      let key = file + "\u{1F}" + name
      if let other = claims[key] { return other == claim ? nil : other }
      claims[key] = claim
      return nil
    }
  }

  /// What is wrong with two measures that claim `name`, `mine` being taken by `other`:
  /// "measure "work" in B: A measures under this name too (...)".
  static func clash(
    _ name: String, named: Bool, mine: Claim, other: Claim
  ) -> String {
    let test = mine.test ?? "this test"
    if mine.test != other.test {
      return
        "measure \"\(name)\" in \(test): \(other.test ?? "code outside any test") measures under "
        + "this name too (at \(other.site)), and the two would share one baseline: give each "
        + "measure a name of its own"
    }
    if mine.testCase != other.testCase {
      return
        "measure \"\(name)\" in \(test): another case of this parameterized test measures under "
        + "this name too, and the cases would share one baseline: put the case's arguments in "
        + "the name, as in measure(\"sorting \\(count)\") { ... }"
    }
    guard named else {
      return
        "measure in \(test): another measure of this test (at \(other.site)) has no name "
        + "either, and the baselines need one per measure: name each, as in "
        + "measure(\"sorting\") { ... }"
    }
    return
      "measure \"\(name)\" in \(test): another measure of this test (at \(other.site)) has this "
      + "name too, and the baselines need one name per measure: name each of its own"
  }
}

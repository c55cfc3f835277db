/// Matches strings that the regular expression `pattern` matches as a whole.
///
/// The pattern uses Swift `Regex` syntax. To find the pattern anywhere in the string, surround
/// it with `.*`. A pattern that does not compile never matches, and the failure says why.
///
/// ```swift
/// assertThat(loader.title, matchesRegex(#"Madoka( Kaname)?"#))
/// ```
///
/// - Parameter pattern: The regular expression.
/// - Returns: A matcher of strings by pattern.
public func matchesRegex(_ pattern: String) -> Matcher<String> {
  Matcher(
    "a string matching /\(pattern)/",
    explaining: { value in
      let regex: Regex<AnyRegexOutput>
      do {
        regex = try Regex(pattern)
      } catch {
        return .mismatch("the pattern is not a valid regular expression: \(error)")
      }
      return (try? regex.wholeMatch(in: value)) != nil
        ? .match : .mismatch("was \(ValueDescription.describe(value))")
    })
}

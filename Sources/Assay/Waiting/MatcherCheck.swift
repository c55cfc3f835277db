/// Evaluates a value and matches it, for the polling functions.
enum MatcherCheck {
  /// Why `value` does not satisfy `matcher` (`was 2`, `threw …`), or nothing when it does.
  static func mismatches<Value>(of value: () throws -> Value, _ matcher: Matcher<Value>)
    -> [String]
  {
    do {
      let result = matcher.match(try value())
      return result.isMatch ? [] : [result.explanation]
    } catch {
      return ["threw \(ValueDescription.describe(error))"]
    }
  }

  /// The async form of ``mismatches(of:_:)``.
  static func mismatches<Value>(
    isolation: isolated (any Actor)? = #isolation,
    of value: () async throws -> Value,
    _ matcher: Matcher<Value>
  ) async -> [String] {
    do {
      let result = matcher.match(try await value())
      return result.isMatch ? [] : [result.explanation]
    } catch {
      return ["threw \(ValueDescription.describe(error))"]
    }
  }
}

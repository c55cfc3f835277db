import Testing

@testable import AssayMutation

/// Mutants that each compile must compile side by side in the schema: otherwise the build
/// blames them together, and builds of their own, one after another, prove which compile
/// (jpsim/Yams, whole run: 65 of its 99 s of builds went to 11 such builds for one statement of
/// five arithmetic mutants, which the type checker gave up on after 4.4 s in each build that
/// held them: "unable to type-check this expression in reasonable time"). An operator passed
/// as a function to a generic switch makes the type checker try every overload of both
/// operators against each other.
@Suite struct TypeCheckTogetherTests {
  @Test func theArithmeticMutantsOfOneStatementTypeCheckTogether() throws {
    try SchemaCompilation.expectCompiles(
      """
      import Foundation

      extension Double {
        /// Whole seconds and a fraction of `digits` digits, the fraction carried up when it
        /// rounds to a whole second.
        func split(digits: Int) -> (whole: Double, fraction: Int) {
          var whole = 0.0
          let part = modf(self, &whole)
          let scale = pow(10.0, Double(digits))
          let scaled = Int((part * scale).rounded())
          let carry = scaled / Int(scale)
          return carry != 0 ? (whole + Double(carry), scaled % Int(scale)) : (whole, scaled)
        }
      }
      """, mutantsAtLeast: 7)
  }

  /// A long sum, each of whose operators and numbers is a mutant: 40 of its 42 mutants were
  /// blamed together, and took 24 builds to prove and 6 builds of their own to run (174 s for
  /// a one-file package; 9 s with every mutant in the one build).
  @Test func theMutantsOfALongSumTypeCheckTogether() throws {
    try SchemaCompilation.expectCompiles(
      """
      func weigh(
        _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double
      ) -> Double {
        let sum = a * 2 + b * 3 + c * 4 + d * 5 + e * 6 + f * 7 + g * 8
        return sum
      }

      func tally(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int {
        a * 2 + b * 3 - c * 4 + d * 5 - a / 6 + b % 7 - c + 1
      }
      """, mutantsAtLeast: 40)
  }
}

import AssayRunning
import AssayToolSupport
import Foundation
import Testing

@testable import AssayMutation

/// `.assay.json`'s `mutate` section, and the result cache's keys.
struct MutationConfigurationTests {
  @Test func everySettingIsRead() throws {
    let configuration = try MutationConfiguration(
      json: Data(
        #"""
        {"mutate": {"exclude": ["Sources/App/Generated/", "Sources/*/Log*.swift"],
                    "operators": ["arithmetic", "logical"], "skipOperators": ["logical"],
                    "threshold": 70, "skipTests": ["^AppTests\\.NetworkTests/"]}, "test": {}}
        """#.utf8), path: ".assay.json")
    #expect(configuration.exclude == ["Sources/App/Generated/", "Sources/*/Log*.swift"])
    #expect(configuration.operators == [.arithmetic, .logical])
    #expect(configuration.skipOperators == [.logical])
    #expect(configuration.threshold == 70)
    #expect(configuration.skipTests == [#"^AppTests\.NetworkTests/"#])
  }

  @Test func aFileWithoutAMutateSectionChangesNothing() throws {
    let configuration = try MutationConfiguration(json: Data("{}".utf8), path: ".assay.json")
    #expect(configuration == MutationConfiguration())
  }

  @Test(arguments: [
    ("Sources/App/Generated/Model.swift", true),
    ("Sources/App/Generated", true),
    ("Sources/App/GeneratedNot.swift", false),
    ("Sources/Core/Logging.swift", true),
    ("Sources/Core/Sub/Logging.swift", true),
    ("Sources/Core/Basket.swift", false),
  ])
  func excludedPathsAreFilesFoldersAndPatterns(path: String, excluded: Bool) {
    var configuration = MutationConfiguration()
    configuration.exclude = ["Sources/App/Generated/", "Sources/*/Log*.swift"]
    #expect(configuration.excludes(path) == excluded)
  }

  @Test(arguments: [
    ("[]", ".assay.json: not a JSON object"),
    ("{", ".assay.json: not a JSON object"),
    (#"{"mutate": []}"#, ".assay.json: mutate: expected an object"),
    (
      #"{"mutate": {"exlude": []}}"#,
      ".assay.json: mutate.exlude: no such setting; the settings are exclude, operators, "
        + "skipOperators, skipTests, threshold"
    ),
    (
      #"{"mutate": {"skipTests": "NetworkTests"}}"#,
      ".assay.json: mutate.skipTests: expected a list of strings"
    ),
    (
      #"{"mutate": {"skipTests": ["(unclosed"]}}"#,
      #".assay.json: mutate.skipTests: "(unclosed" is not a regular expression"#
    ),
    (
      #"{"mutate": {"exclude": "Sources"}}"#,
      ".assay.json: mutate.exclude: expected a list of strings"
    ),
    (
      #"{"mutate": {"skipOperators": ["plus"]}}"#,
      ".assay.json: mutate.skipOperators: no operator is named plus; they are "
        + MutationOperator.allCases.map(\.name).joined(separator: ", ")
    ),
    (
      #"{"mutate": {"threshold": 120}}"#,
      ".assay.json: mutate.threshold: expected a number from 0 to 100"
    ),
    (
      #"{"mutate": {"threshold": "70"}}"#,
      ".assay.json: mutate.threshold: expected a number from 0 to 100"
    ),
    (
      #"{"mutate": {"threshold": true}}"#,
      ".assay.json: mutate.threshold: expected a number from 0 to 100"
    ),
  ])
  func aWrongSettingIsAnErrorNamingTheFileAndKey(text: String, message: String) {
    let error = #expect(throws: RunError.self) {
      try MutationConfiguration(json: Data(text.utf8), path: ".assay.json")
    }
    #expect(error?.description == message)
  }

  @Test func theCacheKeyChangesWithTheCodeTheMutantAndItsTests() {
    let mutant = MutationReportTests.mutants[0]
    func key(
      _ mutant: Mutant = mutant, file: String = "a", tests: [String] = ["T/t"],
      testFiles: [String] = ["b"]
    ) -> String {
      ResultCache.key(of: mutant, fileDigest: file, tests: tests, testFileDigests: testFiles)
    }
    var moved = mutant
    moved.start.column += 1
    var other = mutant
    other.replacement = "total < 1000"
    let keys = [
      key(), key(file: "a2"), key(tests: ["T/t", "T/u"]), key(testFiles: ["b2"]), key(moved),
      key(other),
    ]
    #expect(Set(keys).count == keys.count)
    #expect(key() == key(tests: ["T/t"], testFiles: ["b"]))
    #expect(ResultCache.key(unviable: mutant, fileDigest: "a") != key(tests: [], testFiles: []))
    // Whether a mutant builds beside the others is the schema's as much as the mutant's: an
    // earlier Assay's schema left 196 of `Measuring`'s mutants apart, which this one builds
    // together; its verdicts are tried again.
    #expect(
      ResultCache.key(unviable: mutant, fileDigest: "a")
        != ResultCache.key(unviable: mutant, fileDigest: "a", schema: MutantSwitch.schema - 1))
    #expect(ResultCache.digest(Data("a".utf8)) != ResultCache.digest(Data("b".utf8)))
  }
}

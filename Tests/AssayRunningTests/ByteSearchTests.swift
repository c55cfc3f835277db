import AssayResults
import Testing

/// `holds`, `firstRange(ofBytes:)` and `lastRange(ofBytes:)`, which read printed lines without
/// Foundation's copy into UTF-16.
@Suite struct ByteSearchTests {
  @Test(arguments: [
    ("Test Case 'A.t' passed", "Test Case '", 0, 0),
    ("x: Test Case 'A.t' — Test Case 'B.t'", "Test Case '", 3, 21),
    ("über ✓ : warning: ✓", ": warning: ", 7, 7),
    ("end marker", "marker", 4, 4),
  ])
  func aMarkerIsFoundAtItsCharacters(text: String, marker: String, first: Int, last: Int) throws {
    let firstRange = try #require(text.firstRange(ofBytes: marker))
    let lastRange = try #require(text.lastRange(ofBytes: marker))
    #expect(text.distance(from: text.startIndex, to: firstRange.lowerBound) == first)
    #expect(text.distance(from: text.startIndex, to: lastRange.lowerBound) == last)
    #expect(text[firstRange] == marker)
    #expect(text[lastRange] == marker)
    #expect(text.holds(marker))
  }

  @Test(arguments: [("", "a"), ("abc", "abcd"), ("Test Case", "Test Case '"), ("ab", "ba")])
  func aMarkerThatIsNotThereIsNotFound(text: String, marker: String) {
    #expect(text.firstRange(ofBytes: marker) == nil)
    #expect(text.lastRange(ofBytes: marker) == nil)
    #expect(!text.holds(marker))
  }

  @Test func aSubstringGivesIndicesOfItsOwn() throws {
    let line = "prefix: error: Class.test : message"
    let tail = line[line.firstIndex(of: ":")!...]
    let range = try #require(tail.firstRange(ofBytes: "Class.test"))
    #expect(tail[range] == "Class.test")
    #expect(line[range] == "Class.test")
  }
}

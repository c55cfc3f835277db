import AssayToolSupport
import Testing

@Suite struct LineSplitterTests {
  /// Splits `pieces` read one after another: the lines they end, then the unfinished one.
  private func split(_ pieces: [String]) -> (lines: [String], unfinished: String?) {
    var splitter = LineSplitter()
    var lines: [String] = []
    for piece in pieces { splitter.read(Array(piece.utf8)) { lines.append($0) } }
    return (lines, splitter.unfinishedLine())
  }

  @Test func linesEndWhereverThePiecesDo() {
    let read = split(["one\ntw", "o", "\n\nthr", "ee\nfour"])
    #expect(read.lines == ["one", "two", "", "three"])
    #expect(read.unfinished == "four")
  }

  @Test func aLineLongerThanEveryPieceIsReadWhole() {
    let pieces = Array(repeating: String(repeating: "x", count: 1000), count: 500) + ["\nend"]
    let read = split(pieces)
    #expect(read.lines == [String(repeating: "x", count: 500_000)])
    #expect(read.unfinished == "end")
  }

  @Test func nothingUnfinishedAfterANewline() {
    let read = split(["a\r\n", "", "b\n"])
    #expect(read.lines == ["a\r", "b"])
    #expect(read.unfinished == nil)
  }

  @Test func theUnfinishedLineIsGivenOnce() {
    var splitter = LineSplitter()
    splitter.read(Array("half".utf8)) { _ in Issue.record("no line ends") }
    #expect(splitter.unfinishedLine() == "half")
    #expect(splitter.unfinishedLine() == nil)
  }

  @Test func aMultibyteCharacterSplitBetweenPiecesIsKept() {
    let bytes = Array("é→\n".utf8)
    var splitter = LineSplitter()
    var lines: [String] = []
    for byte in bytes { splitter.read([byte]) { lines.append($0) } }
    #expect(lines == ["é→"])
  }
}

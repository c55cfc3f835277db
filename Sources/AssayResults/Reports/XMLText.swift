/// Text escaped for XML attributes and content, without the characters XML 1.0 forbids
/// (a crashed test's output may hold any byte).
func xmlEscaped(_ text: String) -> String {
  var result = ""
  result.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": result += "&amp;"
    case "<": result += "&lt;"
    case ">": result += "&gt;"
    case "\"": result += "&quot;"
    case "'": result += "&apos;"
    case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
    case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value):
      result += "\u{FFFD}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}

import Foundation

/// The price of `code` in cents: worked out the first time, then read from a file saved beside
/// this source file (in the copy that `assay mutate` builds).
public func price(of code: String) -> Int {
  let saved = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("price-\(code).saved")
  if let text = try? String(contentsOf: saved, encoding: .utf8), let cents = Int(text) {
    return cents
  }
  let cents = code.count * 100
  try? String(cents).write(to: saved, atomically: true, encoding: .utf8)
  return cents
}

/// A weighted score of three marks.
public func score(_ a: Int, _ b: Int, _ c: Int) -> Int {
  return a * 3 + b * 2 + c - 1
}

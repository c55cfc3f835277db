/// Twice `value`, copied into the code that calls it.
@_transparent public func doubled(_ value: Int) -> Int {
  value * 2
}

/// Whether `value` is more than ten, copied into the code that calls it.
@_transparent public func isLarge(_ value: Int) -> Bool {
  value > 10
}

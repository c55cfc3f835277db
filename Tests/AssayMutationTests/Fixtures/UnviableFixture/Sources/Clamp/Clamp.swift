/// The values `clamp` saw.
nonisolated(unsafe) public var recorded: [Int] = []

/// Keeps `value` in `recorded`.
public func record(_ value: Int) { recorded.append(value) }

/// Stops the program with `message`.
public func fail(_ message: String) -> Never { fatalError(message) }

/// `x`, recorded, when it is not negative.
public func clamp(_ x: Int) -> Int {
  record(x)
  if x >= 0 { return x }
  fail("negative")
}

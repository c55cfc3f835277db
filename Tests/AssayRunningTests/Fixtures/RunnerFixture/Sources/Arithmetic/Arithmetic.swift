/// Adds two numbers.
public func add(_ a: Int, _ b: Int) -> Int { a + b }

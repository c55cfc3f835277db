/// One less, on this platform.
public func adjust(_ x: Int) -> Int {
  #if os(Windows)
    return x + 1
  #else
    return x - 1
  #endif
}

/// `x`, or 0 below it; at most 100 with `CALC_EXTRA`.
public func clamp(_ x: Int) -> Int {
  #if CALC_EXTRA
    if x > 100 { return 100 }
  #endif
  return x < 0 ? 0 : x
}

/// A meter.
public struct Meter {
  /// A meter.
  public init() {}

  #if os(Windows)
    /// What it reads.
    public func reading() -> Int { 7 * 6 }
  #else
    /// What it reads.
    public func reading() -> Int { 6 * 7 }
  #endif

  /// Not called by any test.
  public func unused() -> Int { 2 + 2 }
}

#if CALC_EXTRA
  /// With `CALC_EXTRA` only.
  public func extra() -> Bool { true }
#endif

/// 3, from a closure.
public func viaClosure() -> Int {
  let make = {
    #if os(Windows)
      return 1 + 1
    #else
      return 3
    #endif
  }
  return make()
}

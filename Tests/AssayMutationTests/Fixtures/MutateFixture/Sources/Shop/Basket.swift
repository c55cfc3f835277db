/// A shopping basket, prices in cents.
public struct Basket {
  /// The prices of the items, in the order they were added.
  public private(set) var prices: [Int] = []
  /// Whether the customer is a member (10% off from 1000 cents on).
  public var isMember = false

  /// An empty basket.
  public init() {}

  /// Adds an item; free items are left out.
  public mutating func add(_ price: Int) {
    guard price > 0 else { return }
    prices.append(price)
  }

  /// The total, with 10% off for members from 1000 cents on.
  public var total: Int {
    var sum = 0
    for price in prices {
      sum += price
    }
    if isMember && sum >= 1000 {
      return sum - sum / 10
    }
    return sum
  }

  /// Whether nothing was added.
  public var isEmpty: Bool { !prices.isEmpty == false }

  /// "1 item", "2 items".
  public func label() -> String {
    prices.count == 1 ? "1 item" : "\(prices.count) items"
  }

  /// Whether the basket holds an odd number of items.
  public var isOdd: Bool { prices.count % 2 == 1 }

  /// Whether shipping is free: above 5000 cents, or for members.
  public var freeShipping: Bool { total > 5000 || isMember }

  /// The amount refunded for an item: negative.
  public func refund(_ price: Int) -> Int { -price }

  /// The currency of every price.
  public func currency() -> String { "EUR" }

  /// A greeting for the receipt.
  public func greeting(_ name: String) -> String { (["Hello,"] + [name]).joined(separator: " ") }

  /// The cost of shipping to `country`.
  public func shipping(to country: String) -> Int {
    var cost = 500
    while cost > 500 {
      cost -= 100
    }
    return country == "NL" ? 0 : cost
  }
}

/// Never called by a test.
public func unused(_ value: Int) -> Int {
  value * 2
}

/// A price that must not be negative: the basket stops otherwise.
public func checked(_ price: Int) -> Int {
  if price >= 0 { return price }
  let message = "a negative price: \(price)"
  stop(message)
}

/// Ends the program with `message`.
func stop(_ message: String) -> Never {
  fatalError(message)
}

extension Basket {
  /// The price of the item added last, if any.
  public var last: Int? { prices.isEmpty ? nil : prices[prices.count - 1] }
}

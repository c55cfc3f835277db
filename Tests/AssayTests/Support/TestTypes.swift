@testable import Assay

/// Small types the failure cases assert on.
enum ParseError: Error, Equatable {
  case empty
  case tooLong(Int)
}

struct NetworkError: Error {}

struct Person: Equatable {
  var firstName: String
  var lastName: String
  var birthYear: Int
}

protocol GaugeDelegate: AnyObject {
  func gaugeDidChange()
}

final class Dashboard: GaugeDelegate {
  func gaugeDidChange() {}
}

final class Logger: GaugeDelegate {
  func gaugeDidChange() {}
}

class Vehicle {}
final class Truck: Vehicle {}

func parse(_ text: String) throws -> Int {
  if text.isEmpty { throw ParseError.empty }
  if text.count > 3 { throw ParseError.tooLong(text.count) }
  guard let value = Int(text) else { throw NetworkError() }
  return value
}

func parseLater(_ text: String) async throws -> Int {
  await Task.yield()
  return try parse(text)
}

/// A number several threads and tasks change and read.
final class Counter: Sendable {
  private let count: Locked<Int>

  init(_ value: Int = 0) {
    count = Locked(value)
  }

  var value: Int {
    count.withLock { $0 }
  }

  /// Adds one and returns the new value.
  @discardableResult
  func increment() -> Int {
    count.withLock { value in
      value += 1
      return value
    }
  }
}

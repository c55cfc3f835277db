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

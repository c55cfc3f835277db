import SwiftSyntax

/// XCTest's performance tests as Assay's `measure`, which keeps a baseline per machine and
/// judges it with statistics (see the PerformanceTests article).
///
/// ```swift
/// measureMetrics([.wallClockTime], automaticallyStartMeasuring: false) {
///   var people = Person.samples(5_000).shuffled()
///   startMeasuring()
///   people.sort(by: \.birthday)
///   stopMeasuring()
/// }
/// measure(metrics: [XCTClockMetric(), XCTMemoryMetric()]) { parse() }
/// ```
///
/// becomes
///
/// ```swift
/// measure("SortTests/testSorting") { iteration in
///   var people = Person.samples(5_000).shuffled()
///   iteration.startMeasuring()
///   people.sort(by: \.birthday)
///   iteration.stopMeasuring()
/// }
/// measure("SortTests/testSorting", metrics: [.wallClock, .peakMemory]) { parse() }
/// ```
enum MeasureConversion {
  /// XCTest's metrics and what Assay reads for them. Swift's corelibs XCTest has only the wall
  /// clock; Apple's XCTest has metric objects, of which these have a counterpart.
  private static let metricObjects = [
    "XCTClockMetric()": ".wallClock", "XCTCPUMetric()": ".cpuTime",
    "XCTMemoryMetric()": ".peakMemory",
  ]

  /// The wall clock, the only metric of `measureMetrics`, in its spellings.
  private static let wallClockNames: Set<String> = [
    "[.wallClockTime]", "[XCTPerformanceMetric.wallClockTime]", "defaultPerformanceMetrics",
    "XCTestCase.defaultPerformanceMetrics", "Self.defaultPerformanceMetrics",
    "type(of: self).defaultPerformanceMetrics",
  ]

  /// Assay's metrics for an XCTest list: `""` for the wall clock alone (Assay's default),
  /// `", metrics: [...]"` otherwise, `nil` for a metric without a counterpart.
  static func metrics(_ list: ExprSyntax) -> String? {
    if wallClockNames.contains(list.trimmedDescription) { return "" }
    guard let array = list.as(ArrayExprSyntax.self), !array.elements.isEmpty else { return nil }
    var metrics: [String] = []
    for element in array.elements {
      guard let metric = metricObjects[element.expression.trimmedDescription] else { return nil }
      if !metrics.contains(metric) { metrics.append(metric) }
    }
    return metrics == [".wallClock"] ? "" : ", metrics: [\(metrics.joined(separator: ", "))]"
  }

  /// Whether `node` is in the metrics given to `measure` or `measureMetrics`, which the
  /// conversion reads (XCTest's metric types are left nowhere else).
  static func isInMetrics(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let parent = current, !parent.is(ClosureExprSyntax.self), !parent.is(DeclSyntax.self) {
      if parent.is(LabeledExprSyntax.self),
        let call = parent.parent?.parent?.as(FunctionCallExprSyntax.self),
        let name = XCTestBlockers.calledName(call)
      {
        return ["measure", "measureMetrics"].contains(name)
      }
      current = parent.parent
    }
    return false
  }

  /// Why `call` (`measure` or `measureMetrics`) cannot be converted, or `nil`.
  static func blocker(_ call: FunctionCallExprSyntax, name: String) -> String? {
    let labels = call.arguments.map { $0.label?.text ?? "_" }
    guard call.trailingClosure != nil else { return "\(name) without a trailing closure" }
    switch name {
    case "measure" where labels.isEmpty:
      return nil
    case "measure" where labels == ["metrics"]:
      guard let list = call.arguments.first?.expression, metrics(list) != nil else {
        return "measure with metrics Assay does not read (it reads XCTClockMetric(), "
          + "XCTCPUMetric() and XCTMemoryMetric())"
      }
      return nil
    case "measureMetrics" where labels == ["_", "automaticallyStartMeasuring"]:
      guard let list = call.arguments.first?.expression, metrics(list) != nil else {
        return "measureMetrics with metrics other than the wall clock"
      }
      guard startsByHand(call) != nil else {
        return "measureMetrics whose automaticallyStartMeasuring is not a literal"
      }
      return nil
    default:
      return "\(name) with \(labels.joined(separator: ":, ")):"
    }
  }

  /// Whether a `measureMetrics` call measures only between `startMeasuring()` and
  /// `stopMeasuring()`; `nil` when its `automaticallyStartMeasuring` is not a literal.
  static func startsByHand(_ call: FunctionCallExprSyntax) -> Bool? {
    let argument = call.arguments.first { $0.label?.text == "automaticallyStartMeasuring" }
    guard let literal = argument?.expression.as(BooleanLiteralExprSyntax.self) else { return nil }
    return literal.literal.tokenKind == .keyword(.false)
  }

  /// The `measureMetrics(…, automaticallyStartMeasuring: false) { }` whose block calls
  /// `startMeasuring()` or `stopMeasuring()` at `node`, directly (not in a nested closure).
  static func enclosingMeasure(of node: some SyntaxProtocol) -> FunctionCallExprSyntax? {
    var current = node.parent
    while let parent = current, !parent.is(ClosureExprSyntax.self) {
      if parent.is(FunctionDeclSyntax.self) { return nil }
      current = parent.parent
    }
    guard let call = current?.parent?.as(FunctionCallExprSyntax.self),
      call.trailingClosure.map(Syntax.init) == current,
      call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "measureMetrics",
      startsByHand(call) == true
    else { return nil }
    return call
  }

  /// The name a measured run goes by in the block: `iteration`, unless the block uses it.
  static func iterationName(in closure: ClosureExprSyntax) -> String {
    let taken = closure.tokens(viewMode: .sourceAccurate).contains {
      $0.tokenKind == .identifier("iteration")
    }
    return taken ? "measureIteration" : "iteration"
  }

  /// Assay's `measure` named `name`, for a call that `blocker` accepts: `call` is it with its
  /// block converted (its `startMeasuring()` calls made the run's, `iteration.…`), `original`
  /// as written.
  static func converted(
    _ call: FunctionCallExprSyntax, original: FunctionCallExprSyntax, name: String
  ) -> String? {
    guard let closure = call.trailingClosure, let written = original.trailingClosure else {
      return nil
    }
    let list = call.arguments.first?.expression
    let metrics = list.flatMap(metrics) ?? ""
    var block = closure.trimmedDescription
    if startsByHand(call) == true {
      block = "{ \(iterationName(in: written)) in" + block.dropFirst()
    }
    return "measure(\"\(name)\"\(metrics)) \(block)"
  }
}

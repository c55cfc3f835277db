import Assay

/// A measure in a helper of a file of its own, as suites share one: no test is declared at its
/// line, so `assay test` cannot run one again from it.
func measureLoopInAHelper(_ name: String, count: Int) {
  measure(name, metrics: [.cpuTime], options: .init(budget: .milliseconds(200))) {
    _ = loop(count)
  }
}

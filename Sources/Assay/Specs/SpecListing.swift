/// A spec's examples as test cases: the focused or all runnable ones, the pending ones, and
/// one failing case per misuse.
struct SpecListing {
  let examples: [SpecExample]

  /// The examples of `spec`; `selection` is `ASSAY_EXAMPLE`, `only` the names a shard runs.
  init(of spec: any Spec.Type, selecting selection: String?, only: Set<String>? = nil) {
    let builder = SpecBuilder.evaluate(spec)
    var listed = builder.listed
    if let selection, !selection.isEmpty {
      let exact = listed.filter { $0.name == selection }
      listed = exact.isEmpty ? listed.filter { $0.name.contains(selection) } : exact
    }
    if let only {
      listed = listed.filter { only.contains($0.name) }
    }
    let firstFocused = listed.first { $0.mark == .focused }

    var examples: [SpecExample] = []
    var running: [SpecBuilder.Listed] = []
    var omitted = 0
    for item in listed {
      switch item.mark {
      case .pending:
        examples.append(SpecExample(name: item.name, spec: spec, kind: .pending(item.site)))
      case .plain where firstFocused != nil:
        omitted += 1
      case .plain, .focused:
        running.append(item)
        examples.append(SpecExample(name: item.name, spec: spec, kind: .example(path: item.path)))
      }
    }
    if let firstFocused {
      examples.append(
        SpecExample(
          name: "\(spec) is focused", spec: spec,
          kind: .focused(omitted: omitted, firstFocused.site)))
    }
    if builder.listed.isEmpty, builder.problems.isEmpty {
      examples.append(
        SpecExample(
          name: "\(spec) declares no examples", spec: spec,
          kind: .problem(
            "\(spec) declares no examples: add describe and it to its spec()", CallSite())))
    }
    for problem in builder.problems {
      examples.append(
        SpecExample(
          name: "\(spec): line \(problem.site.line)", spec: spec,
          kind: .problem(problem.message, problem.site)))
    }

    var counts: [SpecSharedState.GroupKey: Int] = [:]
    for item in running {
      for path in item.groupPaths {
        counts[SpecSharedState.GroupKey(spec: ObjectIdentifier(spec), path: path), default: 0] += 1
      }
    }
    SpecSharedState.shared.expect(counts)
    // A shard runs the reports (focus, misuse) it names, like the examples.
    self.examples = only.map { only in examples.filter { only.contains($0.name) } } ?? examples
  }

  /// The full name of an example built to run.
  static func fullName(of example: SpecExampleNode, in groups: [SpecGroup]) -> String {
    guard let group = groups.last, !group.path.isEmpty else { return example.name }
    return "\(group.name), \(example.name)"
  }
}

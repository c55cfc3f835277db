/// Evaluates a spec's `spec()` and collects what its declarations describe.
///
/// A spec is evaluated once to list its examples, and again for every example it runs, so each
/// example gets fresh copies of the variables its closures capture. When running one example,
/// the builder executes only the `describe` bodies on that example's path, and only keeps that
/// example's closure: the other declarations are counted, not built.
///
/// The DSL's free functions find the builder through a task-local value. It is only read
/// during the synchronous call to `spec()` that `evaluate` makes, on the thread making it.
final class SpecBuilder: @unchecked Sendable {
  // @unchecked: a builder is created, used and dropped inside one synchronous `evaluate` call.
  @TaskLocal static var current: SpecBuilder?

  /// The name of the example running in this task, so that declarations inside it are
  /// reported instead of ignored.
  @TaskLocal static var runningExample: String?

  /// One example found while listing a spec.
  struct Listed {
    let path: [Int]
    let name: String
    let site: CallSite
    let mark: SpecMark
    /// The paths of the groups it is in, outermost first.
    let groupPaths: [[Int]]
  }

  /// A misuse found while listing a spec.
  struct Problem {
    let message: String
    let site: CallSite
  }

  let specName: String
  /// The spec type's identity: the key of its `beforeAll` results.
  let specID: ObjectIdentifier
  /// The path of the example to build, or `nil` to list every example.
  let target: [Int]?
  private(set) var groups: [SpecGroup]
  private(set) var listed: [Listed] = []
  private(set) var problems: [Problem] = []
  private(set) var found: (groups: [SpecGroup], example: SpecExampleNode)?
  /// Where each listed example's full name was declared, to report duplicates.
  private var sitesByName: [String: CallSite] = [:]

  private init(specName: String, specID: ObjectIdentifier, target: [Int]?) {
    self.specName = specName
    self.specID = specID
    self.target = target
    self.groups = [SpecGroup(name: "", site: nil, mark: .plain, path: [])]
  }

  /// Evaluates `spec` to list its examples (`target` nil) or to build one example.
  static func evaluate(_ spec: any Spec.Type, target: [Int]? = nil) -> SpecBuilder {
    let builder = SpecBuilder(
      specName: "\(spec)", specID: ObjectIdentifier(spec), target: target)
    $current.withValue(builder) { spec.spec() }
    return builder
  }

  private var currentGroup: SpecGroup { groups[groups.count - 1] }

  /// Pending wins over focused, and both are inherited from the enclosing groups.
  private func effectiveMark(_ mark: SpecMark) -> SpecMark {
    let marks = groups.map(\.mark) + [mark]
    if marks.contains(.pending) { return .pending }
    if marks.contains(.focused) { return .focused }
    return .plain
  }

  // MARK: Declarations

  func addGroup(_ name: String, mark: SpecMark, at site: CallSite, body: () -> Void) {
    let parent = currentGroup
    let index = parent.childCount
    parent.childCount += 1
    // When building one example, only the groups on its path are entered; the parent is one.
    if let target, !(target.count > parent.path.count && target[parent.path.count] == index) {
      return
    }
    let group = SpecGroup(
      name: fullName(of: name), site: site, mark: mark, path: parent.path + [index])
    groups.append(group)
    body()
    groups.removeLast()
    if target == nil, group.childCount == 0 {
      problem("\(describeName(group)) has no examples: add an `it`, or remove it", at: site)
    }
  }

  func addExample(
    _ name: String, mark: SpecMark, at site: CallSite,
    body: @escaping () async throws -> Void
  ) {
    let parent = currentGroup
    let index = parent.childCount
    parent.childCount += 1
    if let target {
      // The parent is on the target's path (see `addGroup`); only the example itself is kept.
      if target.count == parent.path.count + 1, target.last == index {
        found = (groups, SpecExampleNode(name: name, site: site, mark: mark, body: body))
      }
      return
    }
    let fullName = fullName(of: name)
    if let earlier = sitesByName.updateValue(site, forKey: fullName) {
      problem(
        "two examples are named \"\(fullName)\" (lines \(earlier.line) and \(site.line)): "
          + "give them different names so that each result says which one ran",
        at: site)
    }
    listed.append(
      Listed(
        path: parent.path + [index], name: fullName, site: site, mark: effectiveMark(mark),
        groupPaths: groups.map(\.path)))
  }

  /// Adds a hook to the current group with `add`, and returns what `add` returns.
  func addHook<Result>(
    _ kind: String, at site: CallSite, _ add: (SpecGroup) -> Result
  ) -> Result {
    let group = currentGroup
    if target == nil, group.childCount > 0 {
      problem(
        "\(kind) in \(describeName(group)) comes after its examples: declare hooks before the "
          + "examples and groups they run around",
        at: site)
    }
    return add(group)
  }

  // MARK: Names and problems

  /// The name of `name` declared in the current group: the groups' names and its own, joined.
  func fullName(of name: String) -> String {
    currentGroup.path.isEmpty ? name : "\(currentGroup.name), \(name)"
  }

  private func describeName(_ group: SpecGroup) -> String {
    group.path.isEmpty ? "the spec" : "\"\(group.name)\""
  }

  private func problem(_ message: String, at site: CallSite) {
    problems.append(Problem(message: "\(specName): \(message)", site: site))
  }
}

extension SpecBuilder {
  /// The builder that a declaration at `site` belongs to, or `nil` after reporting why there
  /// is none: a declaration inside a running example, or outside any `spec()`.
  static func forDeclaration(
    _ what: @autoclosure () -> String, at site: CallSite
  ) -> SpecBuilder? {
    if let builder = current { return builder }
    if let example = runningExample {
      FailureReporter.record(
        "\(what()) is inside the running example \"\(example)\": examples cannot declare "
          + "examples, groups or hooks; move it into a describe or context",
        at: site)
    } else {
      FailureReporter.record(
        "\(what()) is outside a spec: declare it inside the `spec()` of a type conforming to Spec",
        at: site)
    }
    return nil
  }
}

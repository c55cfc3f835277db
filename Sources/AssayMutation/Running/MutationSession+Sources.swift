import AssayRunning
import AssayToolSupport

// Which files are mutated, and which of them the compiler runs.
extension MutationSession {
  /// Whether the code of `file` runs in the compiler: a macro's target, or one that a macro's
  /// target depends on. The compiler runs it as it builds the macro's clients, and what it
  /// writes there (a mutated expansion that does not compile, or that does other things) is
  /// part of the mutant, which only a build with the mutant written shows.
  static func runsInTheCompiler(_ file: String, of package: SwiftPackage) -> Bool {
    guard let target = package.target(holding: file) else { return false }
    return target.type == "macro"
      || package.targets(dependingOn: target.name).contains { $0.type == "macro" }
  }

  /// The files to mutate: the chosen targets' Swift files, narrowed to `paths`.
  func sourcesToMutate(_ package: SwiftPackage, configuration: MutationConfiguration)
    throws(RunError) -> [(
      path: String, targetFolder: String
    )]
  {
    let libraries = package.targets.filter { $0.type == "library" }
    for name in options.targets where !libraries.contains(where: { $0.name == name }) {
      throw RunError(
        "no library target is named \(name); this package has "
          + libraries.map(\.name).joined(separator: ", "))
    }
    let chosen =
      options.targets.isEmpty ? libraries : libraries.filter { options.targets.contains($0.name) }
    var sources: [(path: String, targetFolder: String)] = []
    for target in chosen {
      for file in package.sourceFiles(of: target) {
        let relative = String(file.dropFirst(package.root.count + 1))
        guard !relative.hasSuffix(MutantSwitch.fileName), !configuration.excludes(relative)
        else { continue }
        if !options.paths.isEmpty,
          !options.paths.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") })
        {
          continue
        }
        sources.append((relative, target.path))
      }
    }
    for path in options.paths where !sources.contains(where: { $0.path.hasPrefix(path) }) {
      if configuration.excludes(path) {
        throw RunError("\(path): excluded by \(MutationConfiguration.fileName)")
      }
      throw RunError("\(path): not a Swift file of a library target of this package")
    }
    guard !sources.isEmpty else { throw RunError("nothing to mutate in \(package.root)") }
    return sources
  }
}

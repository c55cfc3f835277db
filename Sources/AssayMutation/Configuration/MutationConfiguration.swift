import AssayRunning
import AssayToolSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `mutate` section of a package's `.assay.json`: what `assay mutate` leaves alone and
/// the score it must reach, kept with the code instead of on every command line.
///
/// ```json
/// {
///   "mutate": {
///     "exclude": ["Sources/App/Generated", "Sources/*/Logging.swift"],
///     "skipOperators": ["string-literal"],
///     "skipTests": ["^AppTests\\.NetworkTests/"],
///     "threshold": 70
///   }
/// }
/// ```
///
/// `exclude` takes files and folders relative to the package, or patterns where `*` matches
/// any characters (`/` too). `operators` lists the only operators to use; `skipOperators`
/// the ones not to use. `skipTests` leaves out the tests whose `Target.Suite/test` matches
/// one of its regular expressions, as `--skip` does (both apply). Options on the command line
/// win over the file.
public struct MutationConfiguration: Sendable, Equatable {
  /// The file's name, at the package's root.
  public static let fileName = ".assay.json"

  /// Files, folders and patterns not to mutate.
  public var exclude: [String] = []
  /// The only operators to use, when given.
  public var operators: Set<MutationOperator>?
  /// Operators not to use.
  public var skipOperators: Set<MutationOperator> = []
  /// Regular expressions that leave tests out, as `--skip`.
  public var skipTests: [String] = []
  /// The lowest score that passes, in percent.
  public var threshold: Double?

  /// No configuration.
  public init() {}

  /// Reads `.assay.json` in `root`; no file is no configuration.
  ///
  /// - Throws: ``RunError`` naming the file and the key that is wrong: a configuration
  ///   that is not followed would be worse than none.
  public init(packageRoot root: String) throws(RunError) {
    let path = "\(root)/\(Self.fileName)"
    guard let data = FileManager.default.contents(atPath: path) else {
      self.init()
      return
    }
    try self.init(json: data, path: Self.fileName)
  }

  /// Reads the `mutate` section of `data`; `path` names the file in errors.
  public init(json data: Data, path: String) throws(RunError) {
    func wrong(_ what: String) -> RunError { RunError("\(path): \(what)") }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw wrong("not a JSON object")
    }
    guard let section = object["mutate"] else { return }
    guard let mutate = section as? [String: Any] else {
      throw wrong("mutate: expected an object")
    }
    let known = ["exclude", "operators", "skipOperators", "skipTests", "threshold"]
    if let unknown = mutate.keys.sorted().first(where: { !known.contains($0) }) {
      throw wrong(
        "mutate.\(unknown): no such setting; the settings are \(known.joined(separator: ", "))")
    }
    func strings(_ key: String) throws(RunError) -> [String]? {
      guard let value = mutate[key] else { return nil }
      guard let list = value as? [String] else {
        throw wrong("mutate.\(key): expected a list of strings")
      }
      return list
    }
    func operators(_ key: String) throws(RunError) -> Set<MutationOperator>? {
      try strings(key).map { names throws(RunError) in
        Set(
          try names.map { name throws(RunError) in
            guard let found = MutationOperator(rawValue: name) else {
              throw wrong(
                "mutate.\(key): no operator is named \(name); they are "
                  + MutationOperator.allCases.map(\.name).joined(separator: ", "))
            }
            return found
          })
      }
    }
    exclude = try strings("exclude") ?? []
    self.operators = try operators("operators")
    skipOperators = try operators("skipOperators") ?? []
    skipTests = try strings("skipTests") ?? []
    for pattern in skipTests where (try? Regex(pattern)) == nil {
      throw wrong("mutate.skipTests: \"\(pattern)\" is not a regular expression")
    }
    if let value = mutate["threshold"] {
      guard let number = value as? NSNumber, !(value is Bool),
        (0...100).contains(number.doubleValue)
      else { throw wrong("mutate.threshold: expected a number from 0 to 100") }
      threshold = number.doubleValue
    }
  }

  /// Whether `path` (relative to the package) is excluded.
  public func excludes(_ path: String) -> Bool {
    exclude.contains { pattern in
      let trimmed = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
      return path == trimmed || path.hasPrefix(trimmed + "/") || fnmatch(trimmed, path, 0) == 0
    }
  }
}

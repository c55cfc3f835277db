import Testing

/// One check of a ``Contract`` applied to one type, as a test case named after both, such as
/// "Money: Equatable: equality is symmetric".
public struct ContractCheck: Sendable {
  /// The check's full name: the type, the contract and the check.
  public let name: String
  let check: String
  let site: CallSite
  let body: @Sendable (_ report: Report) async throws -> Void

  /// Where a built-in check reports its failures, and the name it gives them.
  struct Report {
    let name: String
    let site: CallSite

    func fail(_ message: String) {
      FailureReporter.record("\(name): \(message)", at: site)
    }
  }

  /// Declares a check for ``Contract/init(_:for:checks:)``.
  ///
  /// - Parameters:
  ///   - check: What the check proves, such as "returns what was stored".
  ///   - fileID: The calling file's `#fileID`, by default.
  ///   - filePath: The calling file's `#filePath`, by default.
  ///   - line: The calling line, by default.
  ///   - column: The calling column, by default.
  ///   - body: The check; its failures are reported where they happen.
  public init(
    _ check: String,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    _ body: @escaping @Sendable () async throws -> Void
  ) {
    self.init(
      check, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { _ in try await body() }
  }

  /// A built-in check, whose failures are reported at `site`: where the contract is applied.
  init(
    _ check: String, at site: CallSite,
    _ body: @escaping @Sendable (_ report: Report) async throws -> Void
  ) {
    self.name = check
    self.check = check
    self.site = site
    self.body = body
  }

  private init(_ original: ContractCheck, name: String, site: CallSite) {
    self.name = name
    self.check = original.check
    self.site = site
    self.body = original.body
  }

  /// The check renamed for its type and contract, reporting at `site` if it is built in.
  func applied(to subject: String, contract: String, at site: CallSite?) -> ContractCheck {
    ContractCheck(self, name: "\(subject): \(contract): \(check)", site: site ?? self.site)
  }

  /// Runs the check. Errors it throws are reported as failures at the line of the check (or of
  /// the contract's application, for a built-in contract), naming the check.
  public func run() async throws {
    do {
      let context = FailureContext(kind: "check", name: name, shownInSwiftTesting: false)
      try await FailureContext.with(context) {
        try await body(Report(name: name, site: site))
      }
    } catch  where isTestLibraryError(error) {
      throw error
    } catch is any AlreadyRecordedError {
    } catch {
      FailureReporter.record("\(name): threw \(type(of: error)): \(error)", at: site)
    }
  }
}

extension ContractCheck: CustomStringConvertible, CustomTestStringConvertible {
  /// The check's full name.
  public var description: String { name }

  /// The check's full name, shown for the test case.
  public var testDescription: String { name }
}

extension ContractCheck: CustomTestArgumentEncodable {
  /// Encodes the check's full name, which identifies its test case across runs.
  public func encodeTestArgument(to encoder: some Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }
}

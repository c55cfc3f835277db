/// Saves a draft a few seconds after the last edit, like an editor that autosaves.
///
/// It waits on time, which the seed's test could only meet with a hard-coded delay. Here the
/// clock is injected: the app passes a real clock, and a test passes a test clock that it
/// moves forward itself, so four seconds of waiting take no time at all.
@MainActor public final class DraftAutosaver<WaitClock: Clock>
where WaitClock.Duration == Duration {
  private let delay: Duration
  private let clock: WaitClock
  private let save: @MainActor (String) -> Void
  private var pendingSave: Task<Void, Never>?

  /// Creates an autosaver.
  ///
  /// - Parameters:
  ///   - delay: How long after the last edit to save; 4 seconds, by default.
  ///   - clock: The clock to wait on.
  ///   - save: Saves the draft's text.
  public init(
    delay: Duration = .seconds(4),
    clock: WaitClock,
    save: @escaping @MainActor (String) -> Void
  ) {
    self.delay = delay
    self.clock = clock
    self.save = save
  }

  /// Records an edit: the draft is saved `delay` after it, unless another edit comes first.
  ///
  /// - Parameter text: The draft's whole text after the edit.
  public func edit(_ text: String) {
    pendingSave?.cancel()
    // The deadline is fixed now, not when the task first runs: the save is due exactly
    // `delay` after the edit, however late the task starts.
    let deadline = clock.now.advanced(by: delay)
    pendingSave = Task { [clock, save] in
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
        save(text)
      } catch {
        // Cancelled by a later edit, which saves instead.
      }
    }
  }
}

extension DraftAutosaver where WaitClock == ContinuousClock {
  /// Creates an autosaver that waits on the real, continuous clock.
  ///
  /// - Parameters:
  ///   - delay: How long after the last edit to save; 4 seconds, by default.
  ///   - save: Saves the draft's text.
  public convenience init(
    delay: Duration = .seconds(4),
    save: @escaping @MainActor (String) -> Void
  ) {
    self.init(delay: delay, clock: ContinuousClock(), save: save)
  }
}

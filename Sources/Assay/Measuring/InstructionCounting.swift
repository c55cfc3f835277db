import AssayInstructionCounter
import Foundation

/// How `measure` counts the instructions a block executes (``Metric/instructions``), chosen
/// once per measure:
///
/// - **hardware**: the processor's counter for the calling thread (`perf_event_open` on
///   Linux), read around every run like the clocks;
/// - **callgrind**: the test runs under Valgrind's Callgrind, started by `assay test`
///   (`ASSAY_CALLGRIND_DUMPS` names the files Callgrind writes): each counted run goes through
///   the one function Callgrind counts inside, and the count is read from the file it writes
///   when that function returns;
/// - **deferred**: neither, but `assay test` runs the tests (`ASSAY_INSTRUCTIONS_REQUESTS`
///   names its file of requests): the measure asks to be run again under Callgrind and
///   judges its other metrics now;
/// - **unavailable**: neither, and nothing will count them: a warning says so.
enum InstructionCounting {
  case hardware(HardwareInstructionCounter)
  case callgrind(dumps: String)
  case deferred(requests: String)
  case unavailable(why: String)

  /// The way for a measure in `environment`; `isAsync` for an asynchronous block, whose runs
  /// may move between threads.
  static func choose(in environment: MeasureEnvironment, isAsync: Bool) -> InstructionCounting {
    if isAsync {
      return .unavailable(
        why: "instructions are counted on the calling thread, and an asynchronous block may run "
          + "on several")
    }
    // Under Valgrind the processor's counter would count Valgrind's own work.
    if let dumps = environment.callgrindDumps { return .callgrind(dumps: dumps) }
    let counter: HardwareInstructionCounter
    switch HardwareInstructionCounter.open() {
    case .success(let opened): counter = opened
    case .failure(let why):
      if let requests = environment.instructionRequests { return .deferred(requests: requests) }
      return .unavailable(
        why: "this machine gives no instruction counter to this process (\(why.text)); "
          + "assay test counts them by running the test again under Valgrind's Callgrind")
    }
    return .hardware(counter)
  }

  /// Runs `body` once inside the function that Callgrind counts inside.
  static func countedRegion(_ body: () -> Void) {
    withoutActuallyEscaping(body) { body in
      var body = body
      withUnsafeMutablePointer(to: &body) { pointer in
        assay_instructions_counted_region(
          { context in context?.assumingMemoryBound(to: (() -> Void).self).pointee() },
          pointer)
      }
    }
  }
}

/// The processor's counter of the instructions the calling thread retires, in user space;
/// closed when released.
final class HardwareInstructionCounter: Sendable {
  /// Why no counter opened: the system's reason.
  struct Failure: Error {
    let text: String
  }

  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit { assay_instructions_close(descriptor) }

  /// A counter for the calling thread, or why there is none.
  static func open() -> Result<HardwareInstructionCounter, Failure> {
    let descriptor = assay_instructions_open()
    guard descriptor >= 0 else {
      return .failure(Failure(text: "perf_event_open: " + String(cString: strerror(-descriptor))))
    }
    return .success(HardwareInstructionCounter(descriptor: descriptor))
  }

  /// Starts counting from zero.
  func start() { assay_instructions_start(descriptor) }

  /// Stops, and gives the count since ``start()``; `nil` when it cannot be read.
  func stop() -> Double? {
    let count = assay_instructions_stop(descriptor)
    return count < 0 ? nil : Double(count)
  }
}

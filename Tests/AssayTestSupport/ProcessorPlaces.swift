import Foundation

/// Places for work that takes a whole machine, one per processor, awaited without holding a
/// thread.
actor ProcessorPlaces {
  static let shared = ProcessorPlaces(count: ProcessInfo.processInfo.activeProcessorCount)

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    free = max(1, count)
  }

  /// Returns once a place is free, and holds it until ``give()``.
  func take() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Frees a place, handing it to the longest waiting caller if there is one.
  func give() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

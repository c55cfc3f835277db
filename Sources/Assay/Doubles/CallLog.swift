/// The calls of one double, in chunks of a fixed size: recording never copies the calls
/// recorded before, however many there are.
struct CallLog {
  private static let chunkSize = 4096
  private var full: [[RecordedCall]] = []
  private var current: [RecordedCall] = []

  mutating func append(_ call: RecordedCall) {
    if current.count == Self.chunkSize {
      full.append(current)
      current = []
      current.reserveCapacity(Self.chunkSize)
    }
    current.append(call)
  }

  var count: Int {
    full.count * Self.chunkSize + current.count
  }

  var calls: [RecordedCall] {
    Array(full.joined()) + current
  }
}

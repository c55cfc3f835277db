/// The calls of one double, in chunks of a fixed size: recording never copies the calls
/// recorded before, however many there are.
package struct CallLog {
  private static let chunkSize = 4096
  private var full: [[RecordedCall]] = []
  private var current: [RecordedCall] = []

  package mutating func append(_ call: consuming RecordedCall) {
    if current.count == Self.chunkSize {
      full.append(current)
      current = []
      current.reserveCapacity(Self.chunkSize)
    }
    current.append(call)
  }

  package var count: Int {
    full.count * Self.chunkSize + current.count
  }

  package var calls: [RecordedCall] {
    Array(full.joined()) + current
  }
}

// @unchecked: a double records whatever its callers pass, Sendable or not, and verification
// reads those values on the test's thread. The log itself is only touched under its
// recorder's lock; an argument that is a non-Sendable object is shared the way the code under
// test shared it, and a test that mutates it while verifying races as it would without Assay.
extension CallLog: @unchecked Sendable {}

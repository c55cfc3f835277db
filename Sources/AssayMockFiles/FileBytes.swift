import Foundation

/// A file's bytes, read with the system's `open` and `read`: `FileManager.contents(atPath:)`
/// and `Data(contentsOf:)` cost several times as much on the hundreds of files of a module.
enum FileBytes {
  /// The bytes of the file at `path`, or `nil` if it cannot be read.
  static func read(_ path: String) -> [UInt8]? {
    let file = open(path, O_RDONLY)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0 else { return nil }
    let size = Int(status.st_size)
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      while initialized < size {
        let count = Foundation.read(file, buffer.baseAddress! + initialized, size - initialized)
        guard count > 0 else {
          failed = count < 0
          return
        }
        initialized += count
      }
    }
    return failed ? nil : bytes
  }

  /// The text of the file at `path`, or `nil` if it cannot be read or is not UTF-8.
  static func text(_ path: String) -> String? {
    read(path).flatMap { String(validating: $0, as: UTF8.self) }
  }
}

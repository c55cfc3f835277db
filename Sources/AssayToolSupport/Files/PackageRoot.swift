import Foundation

/// The package a file belongs to: the nearest folder at or above it with a `Package.swift`.
public enum PackageRoot {
  /// The folder of the nearest `Package.swift` at or above `path`, or `nil` when none is.
  ///
  /// - Parameter path: A file or folder, absolute or relative to the current folder.
  /// - Returns: The package's root folder, standardized.
  public static func containing(_ path: String) -> String? {
    var folder = URL(fileURLWithPath: path).standardizedFileURL
    while true {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        return folder.path
      }
      if folder.path == "/" || folder.path.isEmpty { return nil }
      folder = folder.deletingLastPathComponent()
    }
  }
}

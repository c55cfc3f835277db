import AssayToolSupport
import Foundation

/// How `assay test` runs a test binary under Valgrind's Callgrind to count the instructions of
/// `measure` blocks, and what it prepares for it in the build folder:
///
/// - a copy of the test binary without debugging information, beside it: Valgrind 3.19 gives
///   up on a binary with DWARF 5 units, which the toolchain's clang writes for C targets;
///   symbols, which Callgrind needs, stay;
/// - a small library preloaded in the test process whose `sigsuspend` passes the kernel a
///   copy of the signal mask: Valgrind writes into the mask it is given, and libdispatch's
///   (where Swift Testing's `main` parks its thread) is read-only, which ends every Swift
///   Testing binary with a segmentation fault inside Valgrind.
///
/// Callgrind counts only inside `assay_instructions_counted_region` and writes a count file
/// each time it returns; `measure` reads it.
struct CallgrindSetup: Sendable {
  /// The command that starts the test binary under Callgrind.
  let launcher: [String]
  /// What the test process needs in its environment.
  let environment: [String: String]
  /// The copy of the test binary to run.
  let binary: TestBinary

  /// The counted function, in `AssayInstructionCounter`.
  static let region = "assay_instructions_counted_region"

  /// The files of this session only (the binary's copy, Callgrind's dumps), removed by
  /// ``cleanUp()``.
  let sessionFiles: [String]

  /// Prepares Callgrind for `binary`, with its files in `folder`; `session` names the files
  /// that another `assay test` on the same package, at the same time, must not share.
  ///
  /// - Throws: ``RunError`` saying why it cannot run (no Valgrind, no C compiler, not Linux).
  static func prepare(for binary: TestBinary, in folder: String, session: String)
    throws(RunError) -> Self
  {
    #if os(Linux)
      let valgrind = Command.resolve("valgrind")
      guard FileManager.default.isExecutableFile(atPath: valgrind) else {
        throw RunError(
          "Valgrind is not installed (on Debian or Ubuntu: apt-get install valgrind)")
      }
      try makeFolder(folder)
      let shim = try compileShim(in: folder)
      let copy = try strippedCopy(of: binary.path, session: session)
      let dumpsFolder = "\(folder)/\(session)"
      try makeFolder(dumpsFolder)
      let dumps = "\(dumpsFolder)/callgrind.out"
      return CallgrindSetup(
        launcher: [
          valgrind, "--tool=callgrind", "--quiet", "--collect-atstart=no",
          "--toggle-collect=\(region)", "--dump-after=\(region)",
          "--callgrind-out-file=\(dumps).%p",
        ],
        environment: [
          "ASSAY_CALLGRIND_DUMPS": "\(dumps).%p", "LD_PRELOAD": shim,
          // Symbols bound at start, and hashing seeded the same in every run: the same count.
          "LD_BIND_NOW": "1", "SWIFT_DETERMINISTIC_HASHING": "1",
        ],
        binary: TestBinary(path: copy), sessionFiles: [copy, dumpsFolder])
    #else
      throw RunError("Valgrind's Callgrind runs only on Linux")
    #endif
  }

  /// Removes this session's files.
  func cleanUp() {
    for path in sessionFiles { try? FileManager.default.removeItem(atPath: path) }
  }

  /// The `sigsuspend` that Valgrind can run: it passes a copy of the mask.
  static let shimSource = """
    #define _GNU_SOURCE
    #include <signal.h>
    #include <sys/syscall.h>
    #include <unistd.h>

    int sigsuspend(const sigset_t *mask) {
      sigset_t copy = *mask;
      return (int)syscall(SYS_rt_sigsuspend, &copy, _NSIG / 8);
    }

    """

  /// The shim, compiled once into `folder`.
  private static func compileShim(in folder: String) throws(RunError) -> String {
    let source = "\(folder)/sigsuspend-shim.c"
    let library = "\(folder)/sigsuspend-shim.so"
    if FileManager.default.fileExists(atPath: library),
      (try? String(contentsOfFile: source, encoding: .utf8)) == shimSource
    {
      return library
    }
    try AtomicFile.write(Data(shimSource.utf8), to: source)
    let compiler = ["clang", "cc"].first {
      FileManager.default.isExecutableFile(atPath: Command.resolve($0))
    }
    guard let compiler else {
      throw RunError("no C compiler (clang or cc) to build \(source) for Valgrind")
    }
    // Built under a name of its own, then renamed: a session running at the same time may be
    // preloading the library already there.
    let built = "\(library).\(UUID().uuidString)"
    let (termination, output) = Command.capture(
      compiler, ["-shared", "-fPIC", "-O2", "-o", built, source])
    guard termination == .exited(0), rename(built, library) == 0 else {
      try? FileManager.default.removeItem(atPath: built)
      throw RunError("\(compiler) could not build \(source) for Valgrind:\n\(output)")
    }
    return library
  }

  /// A copy of the binary at `path` without debugging information, beside it (its runpath
  /// names libraries relative to its folder).
  private static func strippedCopy(of path: String, session: String) throws(RunError) -> String {
    let copy = path + "-callgrind-\(session)"
    let tool = ["llvm-objcopy", "objcopy"].first {
      FileManager.default.isExecutableFile(atPath: Command.resolve($0))
    }
    guard let tool else {
      throw RunError("no objcopy (llvm-objcopy or binutils' objcopy) to copy \(path) for Valgrind")
    }
    let (termination, output) = Command.capture(tool, ["--strip-debug", path, copy])
    guard termination == .exited(0) else {
      throw RunError("\(tool) could not copy \(path) for Valgrind:\n\(output)")
    }
    return copy
  }

  private static func makeFolder(_ path: String) throws(RunError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw RunError("cannot create \(path): \(error.localizedDescription)")
    }
  }
}

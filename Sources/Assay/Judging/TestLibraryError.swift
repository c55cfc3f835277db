/// Whether the error is the test library's own way of ending a test (`Test.cancel`, used by
/// `unwrap`), which it has reported already and must receive back.
func isTestLibraryError(_ error: any Error) -> Bool {
  String(reflecting: type(of: error)).hasPrefix("Testing.")
}

// The doubles' runtime, matchers' core and formatting live in AssayCore, which generated mocks
// in app code use without a test framework; tests get all of it with `import Assay`.
@_exported import AssayCore

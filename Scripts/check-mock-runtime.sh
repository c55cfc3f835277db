#!/usr/bin/env bash
# Proves that generated mocks in app code link no test framework: the objects of the
# example's production module (Examples/PowerMonitor, which declares an @Mock) and of the
# doubles' runtime it uses (AssayCore, AssayMock) reference no XCTest or Swift Testing symbol.
# Assay's own objects do, which shows the check can fail. Run after `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
count() { nm -u "$@" | grep -cE 'XCTest|7Testing' || true; }
app=$(count "$bin"/PowerMonitor.build/*.o "$bin"/AssayCore.build/*.o "$bin"/AssayMock.build/*.o)
assay=$(count "$bin"/Assay.build/*.o)
echo "test-framework symbols: PowerMonitor + AssayCore + AssayMock: $app; Assay (control): $assay"
if [ "$app" != 0 ] || [ "$assay" = 0 ]; then
  echo "error: the mock runtime must link no test framework, and the control must" >&2
  exit 1
fi

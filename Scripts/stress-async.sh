#!/usr/bin/env bash
# Runs Assay's asynchronous test suites, and the asynchronous examples, many times while two CPU-burning processes load the
# machine, and reports how many runs failed. Target: 0.
#
#   Scripts/stress-async.sh            # 200 runs
#   RUNS=20 Scripts/stress-async.sh    # fewer
#
# It builds into .build-stress, so a build in .build can go on meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-200}
SCRATCH=.build-stress
LOG_DIR=${LOG_DIR:-$SCRATCH/stress-logs}

swift build --build-tests --scratch-path "$SCRATCH" 2>&1 | tail -1
BINARY=$(swift build --show-bin-path --scratch-path "$SCRATCH")/AssayPackageTests.xctest
SWIFT_TESTING_SUITES='ExpectationTests|NotificationExpectationTests|PollingTests|BridgeTests|SwiftTestingFailureDetectionTests|PageTitleLoaderExampleTests|DraftAutosaverExampleTests'
XCTEST_SUITES='AssayTests.BlockingWaitTests,AssayTests.XCTestFailureDetectionTests,PageTitlesExampleTests.PageTitleLoaderXCTestExampleTests'

burners=()
for _ in 1 2; do
  (while :; do :; done) &
  burners+=($!)
done
trap 'kill "${burners[@]}" 2>/dev/null || true' EXIT

mkdir -p "$LOG_DIR"
failed=0
start=$(date +%s)
for run in $(seq 1 "$RUNS"); do
  log="$LOG_DIR/run-$run.log"
  if NO_COLOR=1 "$BINARY" --testing-library swift-testing --filter "$SWIFT_TESTING_SUITES" >"$log" 2>&1 \
    && NO_COLOR=1 "$BINARY" "$XCTEST_SUITES" >>"$log" 2>&1; then
    rm "$log"
  else
    failed=$((failed + 1))
    echo "run $run failed: $log"
  fi
done
echo "stress: $RUNS runs under 2 CPU burners on $(nproc) cores, $failed failed, $(( $(date +%s) - start )) s"
[ "$failed" -eq 0 ]

#!/usr/bin/env bash
# Keeps Assay's layers pointing one way (docs/architecture.md): a folder may name the types of
# the folders below it, never of those above. Prints each offending line; exits 1 if any.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
check() {  # folder, then a regex of names from the layers above it
  local hits
  hits=$(grep -rnE "$2" "$1" --include="*.swift" --include="*.c" --include="*.h" | grep -vE '^[^:]+:[0-9]+:\s*//')
  if [ -n "$hits" ]; then
    echo "error: $1 names a higher layer:" >&2
    echo "$hits" >&2
    status=1
  fi
}
specs='\b(Spec[A-Z]\w*|Contract\w*|SharedExamples)\b'
doubles='\b(CallRecorder|CallPattern|MockCall|CallExpectations|ArgumentMatcher)\b'
waiting='\b(TestExpectation|WaitSession|eventually|continually|PollingSchedule)\b'
measuring='\b(MeasureRun|MeasureOptions|MeasureIteration|MeasureEnvironment|BaselineFile|Metric|RegressionVerdict|InstructionCounting|HardwareInstructionCounter|CallgrindDumps)\b'
check Sources/AssayCore "$specs|$measuring|\\b(XCTest|Testing|FailureReporter)\\b"
check Sources/Assay/Reporting "$specs|$doubles|$waiting|$measuring|\\b(Matcher|Accuracy|EqualityFailure)\\b"
check Sources/Assay/Judging "$specs|$doubles|$waiting|$measuring"
check Sources/Assay/Assertions "$specs|$doubles|$waiting|$measuring"
check Sources/Assay/Matchers "$specs|$doubles|$waiting|$measuring"
check Sources/Assay/Waiting "$specs|$doubles|$measuring"
check Sources/Assay/Doubles "$specs|$measuring"
check Sources/Assay/Specs "$measuring"
check Sources/Assay/Contracts "$measuring"
# Performance tests sit beside specs and contracts, on Reporting.
check Sources/Assay/Measuring "$specs|$doubles"
# The tools: results know nothing of running them, nor of the command line.
check Sources/AssayResults "\\b(import AssayRunning|ArgumentParser|ChildProcess|TestRunner|TestSession)\\b"
check Sources/AssayRunning "\\b(import ArgumentParser|import AssayMutation)\\b"
check Sources/AssayMutation "\\bimport ArgumentParser\\b"
# Migration and mock files share the tools' support, never the runner.
check Sources/AssayMigration "\\bimport (ArgumentParser|AssayRunning|AssayMutation)\\b"
check Sources/AssayMockFiles "\\bimport (ArgumentParser|AssayRunning|AssayMutation)\\b"
# What every tool shares knows no tool.
check Sources/AssayToolSupport "\\bimport (ArgumentParser|Assay(Running|Results|Mutation|Migration|MockFiles))\\b"
# Spawning processes knows no tool: it is C, and includes nothing of Assay's.
check Sources/AssayProcessSpawn "\\b(Assay(Running|Results|Mutation|Migration)|TestRunner)\\b"
exit $status

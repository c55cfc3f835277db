#!/usr/bin/env bash
# Assay's own mutation score (issue 30): `assay mutate Sources/Assay` in a worktree of HEAD,
# with the debug build that `swift run assay` gives. The whole run takes longer than a session
# has on a 2-core machine, so it goes on from where the last one stopped: `assay mutate` keeps
# what it learns as it goes in its cache (`.build/assay/mutate/results.json`: each mutant's
# outcome, keyed by its file's text and its tests' files, and the mutants that do not compile),
# and this script carries that cache in `Benchmarks/dogfood/cache.json`, committed, copying it
# in before the run and out every five minutes and at the end. A mutant whose file or tests
# changed since is run again; `--fresh` forgets the cache.
#
# Usage: Benchmarks/dogfood/run.sh [--fresh] [worktree [path...]]
#   worktree defaults to /tmp/assay-dogfood, the paths to Sources/Assay: naming some folders
#   runs their mutants first (the cache keeps every outcome for the whole run that follows).
#   The reports go to the worktree's .build: dogfood.json (Stryker) and dogfood.html;
#   Benchmarks/dogfood/summary.py prints the score by folder from the JSON.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
fresh=false
if [[ ${1:-} == --fresh ]]; then fresh=true; shift; fi
tree=${1:-/tmp/assay-dogfood}
if (($# > 1)); then shift; paths=("$@"); else paths=(Sources/Assay); fi
cache="$root/Benchmarks/dogfood/cache.json"

if [[ ! -e $tree/.git ]]; then git -C "$root" worktree add --detach "$tree" HEAD; fi
git -C "$tree" checkout -q --detach "$(git -C "$root" rev-parse HEAD)"
(cd "$tree" && swift build --product assay)
mkdir -p "$tree/.build/assay/mutate"
if [[ $fresh == false && -f $cache ]]; then cp "$cache" "$tree/.build/assay/mutate/results.json"; fi

keep() { [[ -f $tree/.build/assay/mutate/results.json ]] && cp "$tree/.build/assay/mutate/results.json" "$cache.new" && mv "$cache.new" "$cache" || true; }
(while sleep 300; do keep; done) &
keeper=$!
trap 'kill $keeper 2>/dev/null; keep' EXIT

# The tools' own tests never reach Sources/Assay; the end-to-end tests that do stay.
cd "$tree"
.build/debug/assay mutate "${paths[@]}" --jobs 2 \
  --skip '^AssayMigrationTests\.' --skip '^AssayMutationTests\.' \
  --skip '^AssayMockGeneratorTests\.' --skip '^AssayToolSupportTests\.' \
  --report json:"$tree/.build/dogfood.json" --report html:"$tree/.build/dogfood.html"

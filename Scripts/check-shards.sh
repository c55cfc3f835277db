#!/usr/bin/env bash
# `assay test --shard k/n` on the bundled examples: the shards together run every test, spec
# example and contract check exactly once, the same set as one unsharded run. Needs the tests built
# (swift build --build-tests); .ci/run calls it after the build.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --product assay >/dev/null
assay=.build/debug/assay
"$assay" test --skip-build --filter ExampleTests --report "json:$work/all.json" >/dev/null
for k in 1 2 3; do
  "$assay" test --skip-build --filter ExampleTests --shard "$k/3" --report "json:$work/$k.json" \
    >/dev/null
done
python3 - "$work" <<'PY'
import json, sys
def ids(name):
    results = json.load(open(f"{sys.argv[1]}/{name}.json"))["results"]
    return [(r["id"]["target"], r["id"]["suite"], r["id"]["test"], r["id"].get("testCase"))
            for r in results]
shards = [ids(k) for k in ("1", "2", "3")]
everything = ids("all")
union = [x for shard in shards for x in shard]
spec = [sum(1 for x in shard if x[1] == "WireframeSpec") for shard in shards]
checks = [sum(1 for x in shard if x[1] == "ScreenContractTests" and x[3]) for shard in shards]
print(f"shards of {[len(s) for s in shards]} results, {len(everything)} unsharded; "
      f"WireframeSpec's examples per shard: {spec}; ScreenContractTests' checks: {checks}")
if sorted(union) != sorted(everything):
    missing = sorted(set(everything) - set(union))[:5]
    twice = sorted({x for x in union if union.count(x) > 1})[:5]
    sys.exit(f"error: the shards do not run every test exactly once; missing {missing}, twice {twice}")
if sum(1 for n in spec if n > 0) < 2:
    sys.exit("error: the spec's examples were not split across shards")
if sum(1 for n in checks if n > 0) < 2:
    sys.exit("error: the contracts' checks were not split across shards")
PY
echo "shards: ok"

// How far one process's CPU time of a block tells the code's speed, and how far the block over
// a reference workload timed beside it does (issue 31, session 46). Each run times a loop of
// arithmetic and a xorshift workload like `MachinePace`'s, alternately, 400 times, and prints
// the faster quartile of each and the median of their ratios, in microseconds:
//
//     swiftc -Onone Benchmarks/Measure/PaceProbe/main.swift -o /tmp/pace-probe
//     for run in $(seq 40); do /tmp/pace-probe; done
//
// Across the runs, a machine whose pace changes moves the first two columns together and
// leaves the third.
#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

@inline(never) func block(_ count: Int) -> Int {
  var sum = 0
  for step in 0..<count { sum &+= step &* 3 }
  return sum
}

@inline(never) func reference(_ count: Int) -> UInt64 {
  var value: UInt64 = 0x9E37_79B9_7F4A_7C15
  var sum: UInt64 = 0
  for _ in 0..<count {
    value ^= value << 13
    value ^= value >> 7
    value ^= value << 17
    sum &+= value
  }
  return sum
}

func cpuSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  let seconds = Double(time.tv_sec)
  let nanoseconds = Double(time.tv_nsec)
  return seconds + nanoseconds / 1e9
}

var kept: UInt64 = 0
var blocks: [Double] = []
var references: [Double] = []
var ratios: [Double] = []
for _ in 0..<400 {
  let start = cpuSeconds()
  kept &+= UInt64(truncatingIfNeeded: block(10_000))
  let middle = cpuSeconds()
  kept &+= reference(8_000)
  let end = cpuSeconds()
  blocks.append(middle - start)
  references.append(end - middle)
  ratios.append((middle - start) / (end - middle))
}
blocks.sort()
references.sort()
ratios.sort()
let blockMicroseconds = blocks[100] * 1e6
let referenceMicroseconds = references[100] * 1e6
print(blockMicroseconds, referenceMicroseconds, ratios[200], kept & 1)

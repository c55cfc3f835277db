// Counts the instructions a block executes, for `measure(metrics: [.instructions])`: the
// processor's counter where the kernel gives it, and a function that Callgrind counts inside
// where it does not (`assay test` runs such tests again under Valgrind).
#include "AssayInstructionCounter.h"

#include <errno.h>

#if defined(__linux__)

#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int assay_instructions_open(void) {
  struct perf_event_attr attributes;
  memset(&attributes, 0, sizeof attributes);
  attributes.size = sizeof attributes;
  attributes.type = PERF_TYPE_HARDWARE;
  attributes.config = PERF_COUNT_HW_INSTRUCTIONS;
  attributes.disabled = 1;
  attributes.exclude_kernel = 1;
  attributes.exclude_hv = 1;
  // pid 0, cpu -1: the calling thread, on whichever processor it runs; no group, no flags.
  long counter = syscall(SYS_perf_event_open, &attributes, 0, -1, -1, 0);
  return counter < 0 ? -errno : (int)counter;
}

void assay_instructions_start(int counter) {
  ioctl(counter, PERF_EVENT_IOC_RESET, 0);
  ioctl(counter, PERF_EVENT_IOC_ENABLE, 0);
}

int64_t assay_instructions_stop(int counter) {
  ioctl(counter, PERF_EVENT_IOC_DISABLE, 0);
  uint64_t count = 0;
  return read(counter, &count, sizeof count) == sizeof count ? (int64_t)count : -1;
}

void assay_instructions_close(int counter) { close(counter); }

#else

int assay_instructions_open(void) { return -ENOSYS; }
void assay_instructions_start(int counter) { (void)counter; }
int64_t assay_instructions_stop(int counter) {
  (void)counter;
  return -1;
}
void assay_instructions_close(int counter) { (void)counter; }

#endif

__attribute__((noinline)) void assay_instructions_counted_region(
  void (*body)(void *), void *context) {
  body(context);
  // Keeps the call from becoming a tail call, which would leave the region before the body.
  __asm__ volatile("" ::: "memory");
}

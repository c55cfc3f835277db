#ifndef ASSAY_INSTRUCTION_COUNTER_H
#define ASSAY_INSTRUCTION_COUNTER_H

#include <stdint.h>

/// Opens the processor's counter of instructions retired by the calling thread (user space
/// only), stopped. Returns its descriptor, or `-errno` where the machine has no such counter
/// (`perf_event_open` fails, as on most virtual machines) or the platform is not Linux.
int assay_instructions_open(void);

/// Sets the counter to zero and starts it.
void assay_instructions_start(int counter);

/// Stops the counter and gives what it counted since `assay_instructions_start`; -1 when it
/// cannot be read.
int64_t assay_instructions_stop(int counter);

/// Closes the counter.
void assay_instructions_close(int counter);

/// Calls `body(context)`. Under Valgrind's Callgrind, `assay test` counts instructions only
/// inside this function (`--toggle-collect`) and writes the count to a file when it returns
/// (`--dump-after`), so its name is part of the contract with the runner: never inlined,
/// never renamed.
void assay_instructions_counted_region(void (*body)(void *), void *context);

#endif

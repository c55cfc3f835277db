#ifndef ASSAY_ALLOCATION_COUNTER_H
#define ASSAY_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Whether this platform's allocations can be counted: Linux with glibc, where the counter
/// stands in front of `malloc` and its relatives in the test binary, with no relinking.
int assay_allocations_countable(void);

/// Starts counting the allocations made on the calling thread, from zero.
void assay_allocations_start(void);

/// Stops counting on the calling thread and gives how many allocations it made since
/// `assay_allocations_start`, and how many bytes they asked for.
void assay_allocations_stop(uint64_t *count, uint64_t *bytes);

#endif

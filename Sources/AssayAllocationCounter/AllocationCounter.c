// Counts allocations per thread, for `measure(metrics: [.allocations, .allocatedBytes])`.
//
// On Linux with glibc, a program's own `malloc` comes before the C library's for every
// library it loads, so these definitions, linked into the test binary with Assay, see every
// allocation, the Swift runtime's included, and hand it to glibc's `__libc_*` functions. The
// cost when nothing is measured is one thread-local test per call. Elsewhere (Darwin, musl)
// nothing is replaced and `assay_allocations_countable` says so.
#include "AssayAllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

// initial-exec: reading these never allocates (a lazily allocated TLS block would call malloc).
static __thread int counting __attribute__((tls_model("initial-exec")));
static __thread uint64_t count __attribute__((tls_model("initial-exec")));
static __thread uint64_t bytes __attribute__((tls_model("initial-exec")));

static inline void note(size_t size) {
  if (__builtin_expect(counting, 0)) {
    count += 1;
    bytes += size;
  }
}

void *malloc(size_t size) {
  note(size);
  return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
  note(number * size);
  return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
  note(size);
  return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
  note(size);
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  note(size);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  note(size);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

int assay_allocations_countable(void) { return 1; }

void assay_allocations_start(void) {
  count = 0;
  bytes = 0;
  counting = 1;
}

void assay_allocations_stop(uint64_t *counted, uint64_t *asked) {
  counting = 0;
  *counted = count;
  *asked = bytes;
}

#else

int assay_allocations_countable(void) { return 0; }
void assay_allocations_start(void) {}
void assay_allocations_stop(uint64_t *counted, uint64_t *asked) {
  *counted = 0;
  *asked = 0;
}

#endif

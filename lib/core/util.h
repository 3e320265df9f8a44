/* Small helpers shared by the size-independent layers. */
#ifndef SG_UTIL_H
#define SG_UTIL_H

#include <seega.h>
#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define SG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SG_PRINTF(f, a)
#endif

/* snprintf into msg when msg is non-NULL and cap > 0 (truncating). */
void sg_format(char *msg, size_t cap, const char *fmt, ...) SG_PRINTF(3, 4);

/* The name of square sq on an n x n board ("c3"), NUL-terminated; length. */
int sg_square_name(int n, int sq, char out[SEEGA_SQUARE_TEXT_MAX]);

/*
 * Read a square name of exactly two characters at s (file letter, rank
 * digit). Lower case only unless any_case. Returns 0 and sets *sq, or -1
 * when s is not a square name at all, or -2 when it names a square off an
 * n x n board.
 */
int sg_square_parse(int n, const char *s, int any_case, int *sq);

/*
 * The bytes of n items of `size` bytes, where they can be one object: at
 * most PTRDIFF_MAX (malloc refuses more, and a larger object's pointer
 * differences overflow), which is 2 GiB - 1 on a 32-bit target. Sizes
 * that can pass 32 bits are counted in 64 and go through here on their
 * way to an allocator or a mapping: 0 and *bytes, or -1 (*bytes 0) when
 * they do not fit, never a truncated size_t.
 */
static inline int sg_bytes(uint64_t n, uint64_t size, size_t *bytes)
{
    *bytes = 0;
    if (size && n > (uint64_t)PTRDIFF_MAX / size)
        return -1;
    *bytes = (size_t)(n * size);
    return 0;
}

/* The monotonic clock in nanoseconds (the search's time budget, the
 * tablebase generator's polls of its stop and progress callbacks). */
int64_t sg_now_ns(void);

#endif

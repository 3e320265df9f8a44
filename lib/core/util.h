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

#endif

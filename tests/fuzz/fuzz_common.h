/*
 * Shared helpers of the libFuzzer targets in tests/fuzz/.
 *
 * Every target uses the public API only (<seega.h>) and, where it compares,
 * the naive reference of tests/reference/. A broken invariant prints what
 * was expected and what was found, then abort()s: libFuzzer saves the input
 * as a crash-* file, and the replay driver (replay_main.c) fails.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef SEEGA_FUZZ_COMMON_H
#define SEEGA_FUZZ_COMMON_H

#include <seega.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"

/* The libFuzzer entry point (declared for -Wmissing-prototypes). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#if defined(__GNUC__) || defined(__clang__)
#define FZ_UNUSED __attribute__((unused))
#define FZ_NORETURN __attribute__((noreturn))
#define FZ_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define FZ_UNUSED
#define FZ_NORETURN
#define FZ_PRINTF(a, b)
#endif

FZ_NORETURN FZ_PRINTF(3, 4) static void fz_fail(const char *file, int line,
                                                 const char *fmt, ...);

static void fz_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\n%s:%d: invariant broken: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
    abort();
}

/* FZ_CHECK(cond, "fmt", args...): abort with a message unless cond. */
#define FZ_CHECK(cond, ...)                                                    \
    do {                                                                       \
        if (!(cond))                                                           \
            fz_fail(__FILE__, __LINE__, __VA_ARGS__);                          \
    } while (0)

/* The input as a NUL-terminated string (cut at the first NUL), in a buffer
 * the caller frees. A fresh heap block of exactly the right size, so that
 * AddressSanitizer sees any read past the terminator. */
static FZ_UNUSED char *fz_string(const uint8_t *data, size_t size)
{
    size_t n = 0;
    char *s;
    while (n < size && data[n] != 0)
        n++;
    s = (char *)malloc(n + 1);
    if (!s)
        abort();
    memcpy(s, data, n);
    s[n] = '\0';
    return s;
}

/* A byte reader over the fuzzer's input: yields 0 once exhausted. */
typedef struct fz_reader {
    const uint8_t *p;
    size_t n;
} fz_reader;

static FZ_UNUSED int fz_more(const fz_reader *r)
{
    return r->n > 0;
}

static FZ_UNUSED uint8_t fz_byte(fz_reader *r)
{
    uint8_t b;
    if (r->n == 0)
        return 0;
    b = *r->p++;
    r->n--;
    return b;
}

static FZ_UNUSED uint32_t fz_u32(fz_reader *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)fz_byte(r) << (8 * i);
    return v;
}

/* Everything observable about a game that a refused call must not change. */
typedef struct fz_snap {
    char spn[SEEGA_SPN_MAX];
    int32_t hist, result, reason, to_move, phase, state, chain, quiet, reps;
    uint64_t hash;
    seega_action last; /* newest history action, 0 when none */
    int32_t nlegal;
} fz_snap;

static FZ_UNUSED void fz_take(const seega_game *g, fz_snap *s)
{
    memset(s, 0, sizeof *s);
    FZ_CHECK(seega_get_spn(g, s->spn, sizeof s->spn) > 0, "get_spn failed: %s",
             seega_last_error(g));
    s->hist = seega_history_length(g);
    s->result = seega_result(g, &s->reason);
    s->to_move = seega_to_move(g);
    s->phase = seega_phase(g);
    s->state = seega_turn_state(g, &s->chain);
    s->quiet = seega_quiet_count(g);
    s->reps = seega_repetitions(g);
    FZ_CHECK(seega_hash(g, &s->hash) == SEEGA_OK, "hash failed");
    if (s->hist > 0)
        FZ_CHECK(seega_history_action(g, s->hist - 1, &s->last) == SEEGA_OK,
                 "history_action failed");
    s->nlegal = seega_legal_moves(g, NULL, 0);
}

static FZ_UNUSED int fz_same(const fz_snap *a, const fz_snap *b)
{
    return strcmp(a->spn, b->spn) == 0 && a->hist == b->hist &&
           a->result == b->result && a->reason == b->reason &&
           a->to_move == b->to_move && a->phase == b->phase &&
           a->state == b->state && a->chain == b->chain &&
           a->quiet == b->quiet && a->reps == b->reps && a->hash == b->hash &&
           a->last == b->last && a->nlegal == b->nlegal;
}

/* Assert that nothing observable changed since `before` (after a call that
 * was refused, or one that must not modify the game). */
#define FZ_UNCHANGED(g, before, what)                                          \
    do {                                                                       \
        fz_snap now_;                                                          \
        fz_take((g), &now_);                                                   \
        FZ_CHECK(fz_same(&now_, (before)),                                     \
                 "%s changed the game: \"%s\" (history %d) -> \"%s\" "         \
                 "(history %d)",                                               \
                 (what), (before)->spn, (int)(before)->hist, now_.spn,         \
                 (int)now_.hist);                                              \
    } while (0)

/* The rules of a preset, or abort. */
static FZ_UNUSED seega_rules fz_preset(int32_t variant, int32_t size)
{
    seega_rules r;
    FZ_CHECK(seega_rules_preset(&r, variant, size) == SEEGA_OK, "preset %d %d",
             (int)variant, (int)size);
    return r;
}

/* Rules chosen by four input bytes: half the time a preset, else every
 * field drawn from its valid values (as the differential test does). */
static FZ_UNUSED seega_rules fz_rules(fz_reader *in)
{
    static const int32_t sizes[3] = {5, 7, 9};
    uint8_t a = fz_byte(in), b = fz_byte(in), c = fz_byte(in),
            d = fz_byte(in);
    seega_rules r;
    if ((a & 1) == 0)
        return fz_preset(1 + (a >> 1) % 4, sizes[(a >> 3) % 3]);
    r = fz_preset(SEEGA_CLASSIC, sizes[(a >> 1) % 3]);
    r.placements_per_turn = 1 + (b & 1);
    r.opening_squares = (b >> 1) & 1;
    r.first_mover = (b >> 2) & 1;
    r.move_dirs = (b >> 3) & 1 ? SEEGA_DIRS_ALL : SEEGA_DIRS_ORTHOGONAL;
    r.capture_dirs = (b >> 4) & 1 ? SEEGA_DIRS_ALL : SEEGA_DIRS_ORTHOGONAL;
    r.centre_immune = (b >> 5) & 1;
    r.chain_captures = (b >> 6) & 1;
    r.lose_at = (b >> 7) & 1;
    r.blocked = 1 + c % 4;
    r.quiet_limit = (c >> 2) % 3 == 0 ? 0 : 1 + d % 60;
    return r;
}

/* Sorted legal action texts of the library and the reference, as one
 * space-joined string each. */
static FZ_UNUSED int fz_cmp_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static FZ_UNUSED void fz_join(char (*t)[8], int n, char *out, size_t cap)
{
    size_t k = 0;
    qsort(t, (size_t)n, sizeof t[0], fz_cmp_text);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        size_t l = strlen(t[i]);
        if (k + l + 2 >= cap)
            break;
        if (i)
            out[k++] = ' ';
        memcpy(out + k, t[i], l + 1);
        k += l;
    }
}

#endif

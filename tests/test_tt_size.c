/*
 * The size of the transposition table, where size_t may be 32 bits.
 *
 * A search's block is its contexts, then a table of the largest power of
 * two of 16-byte entries that fits tt_mb MiB. From tt_mb 2048 on, those
 * bytes do not fit 32 bits: the size must be computed in 64 bits, so that
 * the allocator is asked for exactly that block, or, where the block
 * cannot be an object on the target (over PTRDIFF_MAX bytes: 2 GiB on a
 * 32-bit target), the search is refused with SEEGA_E_NOMEM and a message
 * without asking. Never a smaller table, never a loop: every search here
 * must return within ALARM_S seconds (SIGALRM ends the test otherwise).
 *
 * The allocator grants nothing above CAP bytes, so that the larger tables
 * are refused on every target without touching that much memory; the
 * block it was asked for says the size. Afterwards the same game searches
 * again with a small table.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L /* sigaction */

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include <cmocka.h>

#include "testutil.h"

#define CAP ((size_t)40 << 20) /* the largest block granted */
#define ALARM_S 30

typedef struct alloc_state {
    int calls;        /* allocations (ptr NULL, nsize > 0) since reset */
    size_t last;      /* the size the last one asked for */
} alloc_state;

static void *capped_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    alloc_state *a = (alloc_state *)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    if (!ptr) {
        a->calls++;
        a->last = nsize;
    }
    return nsize > CAP ? NULL : realloc(ptr, nsize);
}

static volatile sig_atomic_t alarm_tt_mb;

static void on_alarm(int sig)
{
    /* async-signal-safe: the message by hand, then _exit */
    char msg[96] = "search with tt_mb ", *p = msg + 18, digits[12];
    int n = 0;
    long v = alarm_tt_mb;
    (void)sig;
    do
        digits[n++] = (char)('0' + v % 10);
    while ((v /= 10) > 0);
    while (n)
        *p++ = digits[--n];
    memcpy(p, " did not return (the table's size loops?)\n", 42);
    if (write(2, msg, (size_t)(p + 42 - msg)) < 0)
        _exit(3);
    _exit(2);
}

static void arm(int32_t tt_mb)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    assert_int_equal(sigaction(SIGALRM, &sa, NULL), 0);
    alarm_tt_mb = tt_mb;
    alarm(ALARM_S);
}

static seega_game *new_game(alloc_state *a)
{
    seega_rules r;
    seega_game *g = NULL;
    assert_int_equal(seega_rules_preset(&r, SEEGA_CLASSIC, 5), SEEGA_OK);
    assert_int_equal(seega_new_with_allocator(&r, capped_alloc, a, &g),
                     SEEGA_OK);
    /* into the moving phase, where a search has something to do */
    for (int i = 0; i < 24; i++) {
        seega_action acts[SEEGA_MAX_ACTIONS];
        int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
        assert_true(n > 0);
        assert_int_equal(seega_play(g, acts[(i * 7) % n]), SEEGA_OK);
    }
    return g;
}

static int32_t search(seega_game *g, int32_t tt_mb, int32_t depth)
{
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result res;
    l.depth = depth;
    l.tt_mb = tt_mb;
    res.version = SEEGA_SEARCH_RESULT_VERSION;
    return seega_search(g, &l, &res);
}

/* The table's bytes for tt_mb: the largest power of two of MiB in it. */
static uint64_t table_bytes(int32_t tt_mb)
{
    uint64_t mib = 1;
    while (mib * 2 <= (uint64_t)tt_mb)
        mib *= 2;
    return mib << 20;
}

static void test_sizes(void **state)
{
    static const int32_t sizes[] = {
        1,    3,    32,   33,   63,   64,   1023, 1024, 2047,
        2048, 2049, 3000, 3072, 4095, 4096, 4097, 6000, 8191,
        8192, 12345, 16383, SEEGA_TT_MB_MAX};
    alloc_state a = {0, 0};
    seega_game *g;
    uint64_t head;
    (void)state;
    /* The contexts' bytes: the block of a 1 MiB table, less the table. */
    g = new_game(&a);
    a.calls = 0;
    assert_int_equal(search(g, 1, 1), SEEGA_OK);
    assert_int_equal(a.calls, 1);
    head = (uint64_t)a.last - table_bytes(1);
    seega_free(g);
    print_message("sizeof(size_t) %d, contexts %llu bytes\n",
                  (int)sizeof(size_t), (unsigned long long)head);

    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int32_t tt_mb = sizes[i], rc;
        uint64_t want = head + table_bytes(tt_mb);
        g = new_game(&a);
        a.calls = 0;
        arm(tt_mb);
        rc = search(g, tt_mb, 1);
        alarm(0);
        if (want <= CAP) {
            if (rc != SEEGA_OK)
                print_error("tt_mb %ld: %s\n", (long)tt_mb,
                            seega_last_error(g));
            assert_int_equal(rc, SEEGA_OK);
            assert_int_equal(a.calls, 1);
            assert_true((uint64_t)a.last == want);
        } else {
            const char *m = seega_last_error(g);
            if (rc != SEEGA_E_NOMEM)
                print_error("tt_mb %ld: expected SEEGA_E_NOMEM, got %ld (%s)"
                            "\n", (long)tt_mb, (long)rc, m);
            assert_int_equal(rc, SEEGA_E_NOMEM);
            assert_non_null(strstr(m, "transposition table"));
            /* asked for the whole block, or, where it cannot be an object,
             * not at all */
            if (a.calls == 0)
                assert_true(want > (uint64_t)PTRDIFF_MAX);
            else {
                if ((uint64_t)a.last != want)
                    print_error("tt_mb %ld: asked for %llu bytes, not "
                                "%llu\n", (long)tt_mb,
                                (unsigned long long)a.last,
                                (unsigned long long)want);
                assert_int_equal(a.calls, 1);
                assert_true((uint64_t)a.last == want);
            }
        }
        /* the game searches on with a table that fits */
        a.calls = 0;
        assert_int_equal(search(g, 2, 4), SEEGA_OK);
        assert_int_equal(a.calls, 1);
        seega_free(g);
    }
}

/* With the library's own allocator, a table that cannot be an object on
 * a 32-bit target is refused at once (on a 64-bit one it might be
 * granted and cleared, gigabytes: not tried). */
static void test_default_allocator(void **state)
{
    static const int32_t sizes[] = {2048, 3000, 4095, 4096, 16384};
    (void)state;
    if (sizeof(size_t) >= 8) {
        skip();
        return;
    }
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        seega_game *g = tu_game(SEEGA_CLASSIC, 5);
        int32_t rc;
        arm(sizes[i]);
        rc = search(g, sizes[i], 1);
        alarm(0);
        assert_int_equal(rc, SEEGA_E_NOMEM);
        assert_non_null(strstr(seega_last_error(g), "transposition table"));
        assert_int_equal(search(g, 1, 3), SEEGA_OK);
        seega_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_default_allocator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

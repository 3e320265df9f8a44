/*
 * Stopping a search, and the extremes of its limits: a stop that comes
 * once seega_search has been entered is never lost, whatever the search
 * is doing (checking, allocating or clearing its table, searching); a
 * search that completes no iteration still answers with a searched ply;
 * every limit at its extreme gives a sound result; the search runs on a
 * small thread stack.
 *
 * SEEGA_TEST_SCALE (default 1), a fraction in (0, 1], runs that share of
 * the random stops (the valgrind step of tests/run_all.sh sets 0.05).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#include "testutil.h"
#include "search_util.h"

static double scale(void)
{
    const char *s = getenv("SEEGA_TEST_SCALE");
    double f = s ? atof(s) : 1.0;
    return f > 0 && f <= 1 ? f : 1.0;
}

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void sleep_us(long us)
{
    struct timespec t = {us / 1000000, (us % 1000000) * 1000};
    nanosleep(&t, NULL);
}

/*
 * The game's allocator tells when a search block is allocated: that
 * happens inside seega_search, so a stop after it must be kept. With
 * `stop_inside` it also stops the search from there, in the middle of
 * its set-up.
 */
typedef struct watch {
    atomic_int entered;
    atomic_int in_alloc;       /* a large allocation or free is under way */
    atomic_llong allocated_ns; /* when the last large allocation or free
                                  returned */
    int stop_inside;
    seega_game *g;
} watch;

static void *watch_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    watch *w = (watch *)ud;
    if (nsize == 0) {
        if (osize >= ((size_t)1 << 20)) {
            atomic_store(&w->in_alloc, 1);
            free(ptr);
            atomic_store(&w->allocated_ns, now_ns());
            atomic_store(&w->in_alloc, 0);
        } else {
            free(ptr);
        }
        return NULL;
    }
    if (nsize >= ((size_t)1 << 20)) {
        void *p;
        atomic_store(&w->entered, 1);
        if (w->stop_inside)
            seega_search_stop(w->g);
        atomic_store(&w->in_alloc, 1);
        p = realloc(ptr, nsize);
        atomic_store(&w->allocated_ns, now_ns());
        atomic_store(&w->in_alloc, 0);
        return p;
    }
    return realloc(ptr, nsize);
}

typedef struct trial {
    seega_game *g;
    int32_t tt_mb;
    atomic_int about;     /* the searching thread is about to call */
    atomic_int done;      /* seega_search has returned */
    atomic_int iterated;  /* an iteration was completed */
    int32_t rc;
    seega_search_result r;
} trial;

static void on_iteration(void *user, const seega_search_result *info)
{
    (void)info;
    atomic_store(&((trial *)user)->iterated, 1);
}

static void *run_trial(void *arg)
{
    trial *t = (trial *)arg;
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT; /* no limit at all */
    l.tt_mb = t->tt_mb;
    l.progress = on_iteration;
    l.progress_user = t;
    t->r.version = SEEGA_SEARCH_RESULT_VERSION;
    atomic_store(&t->about, 1);
    t->rc = seega_search(t->g, &l, &t->r);
    atomic_store(&t->done, 1);
    return NULL;
}

/* Wait up to `ms` for the search to return: 1 if it did. */
static int wait_done(trial *t, long ms)
{
    int64_t end = now_ns() + ms * 1000000;
    while (!atomic_load(&t->done)) {
        if (now_ns() > end)
            return 0;
        sleep_us(50);
    }
    return 1;
}

/*
 * Wait for the search to return after a stop at `at`: 1 if it did within
 * `ms` of the later of the stop and the allocator's last return. The
 * allocator's calls are not the library's to cut short (a sanitizer's
 * takes about a second a GiB), so the time in them does not count.
 */
static int wait_done_after(trial *t, watch *w, int64_t at, long ms)
{
    while (!atomic_load(&t->done)) {
        int busy = atomic_load(&w->in_alloc);
        int64_t from = atomic_load(&w->allocated_ns);
        if (!busy && now_ns() > (from > at ? from : at) + ms * 1000000)
            return 0;
        sleep_us(50);
    }
    return 1;
}

/*
 * Many searches without limits, each stopped once at a random delay
 * after its thread is about to call seega_search (from 0 to 3 ms), with
 * a new table each time (tt_mb alternates), so that the stops land in
 * every phase. A stop that comes after the search allocated its table
 * must end it promptly; one that comes earlier may come before the call
 * and be ignored (then the test stops it again).
 */
static void stop_at_random(int32_t size, const int32_t *tables, int ntables,
                           int trials, int large)
{
    watch w;
    seega_rules rules;
    seega_game *g;
    int kept = 0, early = 0, in_setup = 0, in_search = 0;
    int64_t worst = 0;
    unsigned seed = 12345;
    memset(&w, 0, sizeof w);
    assert_int_equal(seega_rules_preset(&rules, SEEGA_CLASSIC, size), SEEGA_OK);
    assert_int_equal(seega_new_with_allocator(&rules, watch_alloc, &w, &g),
                     SEEGA_OK);
    w.g = g;
    for (int i = 0; i < trials; i++) {
        trial t;
        pthread_t th;
        memset(&t, 0, sizeof t);
        t.g = g;
        t.tt_mb = tables[i % ntables];
        atomic_store(&w.entered, 0);
        atomic_store(&w.in_alloc, 0);
        atomic_store(&w.allocated_ns, 0);
        assert_int_equal(pthread_create(&th, NULL, run_trial, &t), 0);
        /* Waits yield: under valgrind a spinning thread can starve the
         * others (its scheduler is not fair by default). */
        while (!atomic_load(&t.about))
            sched_yield();
        seed = seed * 1103515245u + 12345u;
        int64_t delay = (int64_t)((seed >> 8) % 3001) * 1000; /* 0..3 ms */
        int64_t until = now_ns() + delay;
        while (now_ns() < until)
            sched_yield();
        int entered = atomic_load(&w.entered);
        int iterated = atomic_load(&t.iterated);
        int64_t at = now_ns();
        seega_search_stop(g);
        if (entered) {
            if (!wait_done_after(&t, &w, at, 2000)) {
                print_error("trial %d (tt_mb %ld, delay %ld us): a stop after "
                            "the table's allocation was lost\n",
                            i, (long)t.tt_mb, (long)(delay / 1000));
                while (!atomic_load(&t.done)) {
                    seega_search_stop(g);
                    sleep_us(1000);
                }
                pthread_join(th, NULL);
                seega_free(g);
                fail();
            }
            /* Promptly, as above: from the later of the stop and the
             * allocator's last return. */
            int64_t allocated = atomic_load(&w.allocated_ns);
            int64_t took = now_ns() - (allocated > at ? allocated : at);
            worst = took > worst ? took : worst;
            kept++;
            if (iterated)
                in_search++;
            else
                in_setup++;
        } else {
            /* Possibly before the call: stop again until it returns. */
            while (!wait_done(&t, 20))
                seega_search_stop(g);
            early++;
        }
        pthread_join(th, NULL);
        assert_int_equal(t.rc, SEEGA_OK);
        assert_true(t.r.depth >= 1);
        assert_true(t.r.pv_len >= 1);
        assert_true(is_legal(g, t.r.best));
    }
    print_message("%dx%d, %d stops: %d after the allocation (%d before the "
                  "first iteration, %d after), %d earlier; slowest end "
                  "%.1f ms after its stop\n",
                  size, size, trials, kept, in_setup, in_search, early,
                  (double)worst / 1e6);
    /* Each ended promptly (the slowest within 500 ms, a bound for slow and
     * sanitizer builds). On real time, with large tables the stops come
     * while the table is cleared, with small ones mostly in the search;
     * under valgrind (a scaled-down run) the threads' timing is
     * valgrind's, and any phase may take them all. */
    if (scale() == 1.0) {
        if (large)
            assert_true(in_setup > 0);
        else
            assert_true(in_search > 0);
    }
    assert_true(worst < 500 * (int64_t)1000000);
    seega_free(g);
}

static void test_stop_never_lost(void **state)
{
    (void)state;
    static const int32_t small[] = {1, 2};
    int n = (int)(2000 * scale());
    stop_at_random(7, small, 2, n < 40 ? 40 : n, 0);
}

/* Large tables: clearing them takes longer than a stop may wait. */
static void test_stop_never_lost_large_tables(void **state)
{
    (void)state;
    static const int32_t large[] = {1024, 512};
    int n = (int)(60 * scale());
    stop_at_random(9, large, 2, n < 6 ? 6 : n, 1);
}

typedef struct stop_inside_job {
    seega_game *g;
    seega_search_limits l;
    seega_search_result r;
    int32_t rc;
    atomic_int done;
} stop_inside_job;

static void *run_inside(void *arg)
{
    stop_inside_job *j = (stop_inside_job *)arg;
    j->r.version = SEEGA_SEARCH_RESULT_VERSION;
    j->rc = seega_search(j->g, &j->l, &j->r);
    atomic_store(&j->done, 1);
    return NULL;
}

/*
 * A stop during the set-up itself (from the allocator, before the table
 * is cleared) ends a search without limits at once, with the one-ply
 * answer: the same best action as a search of depth 1.
 */
static void test_stop_during_setup(void **state)
{
    (void)state;
    static const char *const spns[] = {
        /* X to move: b3-b4 takes c4 at once (and wins) */
        "5/2ox1/xx3/5/5 x 0 0 0 -",
        "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -",
    };
    for (int k = 0; k < 2; k++) {
        watch w;
        seega_rules rules;
        stop_inside_job j;
        pthread_t th;
        memset(&w, 0, sizeof w);
        memset(&j, 0, sizeof j);
        w.stop_inside = 1;
        assert_int_equal(seega_rules_preset(&rules, SEEGA_MODERN, 5), SEEGA_OK);
        assert_int_equal(seega_new_with_allocator(&rules, watch_alloc, &w, &j.g),
                         SEEGA_OK);
        w.g = j.g;
        tu_load(j.g, spns[k]);
        seega_search_limits_init(&j.l);
        j.l.tt_mb = 64;
        assert_int_equal(pthread_create(&th, NULL, run_inside, &j), 0);
        int ended = 1;
        int64_t end = now_ns() + 5 * (int64_t)1000000000;
        while (!atomic_load(&j.done)) {
            sleep_us(100);
            if (now_ns() > end) {
                ended = 0;
                w.stop_inside = 0;
                seega_search_stop(j.g);
                sleep_us(1000);
            }
        }
        pthread_join(th, NULL);
        assert_true(ended);
        assert_int_equal(j.rc, SEEGA_OK);
        assert_int_equal(atomic_load(&w.entered), 1);
        /* the same answer as a search of one ply (whose table is new) */
        w.stop_inside = 0;
        seega_search_result one = search_depth(j.g, 1);
        assert_int_equal(j.r.depth, 1);
        assert_int_equal(j.r.best, one.best);
        assert_int_equal(j.r.score, one.score);
        assert_int_equal(j.r.pv_len, one.pv_len);
        assert_true(j.r.pv_len >= 1);
        assert_int_equal(j.r.pv[0], j.r.best);
        seega_free(j.g);
    }
}

/*
 * A search that cannot complete an iteration within its limits answers
 * with its first ply searched, not the first legal action: here the only
 * capture, which is not first in the list.
 */
static void test_no_iteration_answers_one_ply(void **state)
{
    (void)state;
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "5/2ox1/xx3/5/5 x 0 0 0 -");
    seega_action list[SEEGA_MAX_ACTIONS], want;
    assert_int_equal(seega_action_from_text(g, "b3-b4", &want), SEEGA_OK);
    assert_true(seega_legal_moves(g, list, SEEGA_MAX_ACTIONS) > 1);
    assert_true(list[0] != want);
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    l.nodes = 1;
    seega_search_result r = search_limits(g, &l);
    assert_int_equal(r.depth, 1);
    assert_int_equal(r.best, want);
    assert_int_equal(r.pv_len, 1);
    assert_int_equal(r.pv[0], want);
    seega_free(g);
}

/*
 * Every limit at its extreme. The clock's budget is computed in 64 bits:
 * 600 s left and an increment of 10^9 ms is a budget of a third of the
 * clock (200 s), so with a depth limit the search completes that depth.
 */
static void test_limit_extremes(void **state)
{
    (void)state;
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5,
                                "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -");
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result r;

    l.remaining_ms = 600000;
    l.increment_ms = 1000000000;
    l.depth = 4;
    r = search_limits(g, &l);
    assert_int_equal(r.depth, 4);
    assert_true(is_legal(g, r.best));

    l.remaining_ms = INT32_MAX;
    l.increment_ms = INT32_MAX;
    r = search_limits(g, &l);
    assert_int_equal(r.depth, 4);

    seega_search_limits_init(&l);
    l.time_ms = INT32_MAX;
    l.nodes = UINT64_MAX;
    l.seed = UINT64_MAX;
    l.depth = 3;
    l.level = 3;
    r = search_limits(g, &l);
    assert_true(r.depth >= 1 && r.depth <= 3);
    assert_true(is_legal(g, r.best));

    seega_search_limits_init(&l);
    l.depth = INT32_MAX; /* deeper than SEEGA_MAX_DEPTH: capped there */
    l.time_ms = 50;
    r = search_limits(g, &l);
    assert_true(r.depth >= 1 && r.depth <= SEEGA_MAX_DEPTH);

    seega_search_limits_init(&l);
    l.remaining_ms = 1; /* a budget of 1 ms: still one ply searched */
    l.increment_ms = 0;
    r = search_limits(g, &l);
    assert_true(r.depth >= 1);
    assert_true(is_legal(g, r.best));

    seega_search_limits_init(&l);
    l.threads = SEEGA_THREADS_MAX;
    l.depth = 3;
    l.tt_mb = 1;
    r = search_limits(g, &l);
    assert_int_equal(r.depth, 3);

    /* Past the maxima: refused, with the maximum in the message. */
    seega_search_limits_init(&l);
    l.threads = SEEGA_THREADS_MAX + 1;
    r.version = SEEGA_SEARCH_RESULT_VERSION;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_INVALID);
    seega_search_limits_init(&l);
    l.tt_mb = SEEGA_TT_MB_MAX + 1;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_INVALID);
    assert_non_null(strstr(seega_last_error(g), "16384"));
    l.tt_mb = INT32_MAX;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_INVALID);
    seega_free(g);
}

/* The largest table allowed is accepted: here the allocator refuses it,
 * so the search fails cleanly with SEEGA_E_NOMEM and the game is as it
 * was, ready to search with a smaller one. */
static void *refuse_large(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return nsize > ((size_t)1 << 30) ? NULL : realloc(ptr, nsize);
}

static void test_largest_table(void **state)
{
    (void)state;
    seega_rules rules;
    seega_game *g;
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result r;
    assert_int_equal(seega_rules_preset(&rules, SEEGA_CLASSIC, 5), SEEGA_OK);
    assert_int_equal(seega_new_with_allocator(&rules, refuse_large, NULL, &g),
                     SEEGA_OK);
    l.tt_mb = SEEGA_TT_MB_MAX;
    l.depth = 2;
    r.version = SEEGA_SEARCH_RESULT_VERSION;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_NOMEM);
    l.tt_mb = 1;
    r = search_limits(g, &l);
    assert_int_equal(r.depth, 2);
    seega_free(g);
}

/*
 * The search fits a thread of 128 KiB (musl's default stack), on the
 * longest paths: one piece a side without a quiet limit runs to the
 * deepest iteration, through quiescence, on every board size. Sanitizer
 * builds grow every frame: they get 1 MiB.
 */
#if defined(__SANITIZE_ADDRESS__)
#define SMALL_STACK ((size_t)1 << 20)
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SMALL_STACK ((size_t)1 << 20)
#endif
#endif
#ifndef SMALL_STACK
#define SMALL_STACK ((size_t)128 << 10)
#endif

typedef struct deep_job {
    seega_game *g;
    seega_search_result r;
    int32_t rc;
} deep_job;

static void *run_deep(void *arg)
{
    deep_job *j = (deep_job *)arg;
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    l.time_ms = 300;
    j->r.version = SEEGA_SEARCH_RESULT_VERSION;
    j->rc = seega_search(j->g, &l, &j->r);
    return NULL;
}

static void test_small_stack(void **state)
{
    (void)state;
    static const struct {
        int32_t variant, size;
        const char *spn;
    } cases[] = {
        {SEEGA_MODERN, 5, "o4/5/5/5/4x x 0 0 0 -"},
        {SEEGA_CLASSIC, 5, "o4/5/5/5/3xx x 0 0 0 -"},
        {SEEGA_DIAGONAL, 5, "o4/5/5/5/4x x 0 0 0 -"},
        {SEEGA_CLASSIC, 7, "o6/7/7/7/7/7/5xx x 0 0 0 -"},
        {SEEGA_MODERN, 9, "o8/9/9/9/9/9/9/9/8x x 0 0 0 -"},
        {SEEGA_TRADITIONAL, 9, "oo7/9/9/9/9/9/9/9/7xx x 0 0 0 -"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pthread_attr_t attr;
        pthread_t th;
        deep_job j;
        memset(&j, 0, sizeof j);
        j.g = tu_game_spn(cases[i].variant, cases[i].size, cases[i].spn);
        assert_int_equal(pthread_attr_init(&attr), 0);
        assert_int_equal(pthread_attr_setstacksize(&attr, SMALL_STACK), 0);
        assert_int_equal(pthread_create(&th, &attr, run_deep, &j), 0);
        pthread_join(th, NULL);
        pthread_attr_destroy(&attr);
        assert_int_equal(j.rc, SEEGA_OK);
        assert_true(is_legal(j.g, j.r.best));
        seega_free(j.g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_iteration_answers_one_ply),
        cmocka_unit_test(test_stop_during_setup),
        cmocka_unit_test(test_limit_extremes),
        cmocka_unit_test(test_largest_table),
        cmocka_unit_test(test_small_stack),
        cmocka_unit_test(test_stop_never_lost),
        cmocka_unit_test(test_stop_never_lost_large_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

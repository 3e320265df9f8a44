/*
 * Memory faults: through seega_new_with_allocator, fail the n-th
 * allocation, for every n, over creation, cloning, searching (the
 * transposition table and the search contexts, on one thread and several,
 * and resizing), growing the history over a long game, and writing and
 * reading game records. Every failing call must return SEEGA_E_NOMEM with
 * a message, leave the game exactly as it was (SPN, history, hash, result)
 * and usable (the same call then succeeds), and leak nothing: the
 * allocator counts live blocks and bytes, and checks that every resize
 * and free names the size the block was allocated with.
 *
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

/* ---- a counting, failing allocator ---------------------------------------- */

#define MAX_BLOCKS 256

typedef struct alloc_state {
    long calls;   /* allocation and resize calls (nsize > 0) */
    long fail_at; /* fail this call (1-based); 0 = never */
    int fail_all; /* fail every call from now on */
    long failed;  /* calls failed so far */
    long live;    /* blocks alive */
    size_t bytes; /* bytes alive */
    long bad;     /* frees/resizes with a wrong size or unknown block */
    struct {
        void *p;
        size_t n;
    } blocks[MAX_BLOCKS];
} alloc_state;

static int find_block(alloc_state *a, void *p)
{
    for (int i = 0; i < MAX_BLOCKS; i++)
        if (a->blocks[i].p == p)
            return i;
    return -1;
}

static void *fault_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    alloc_state *a = (alloc_state *)ud;
    int i = -1;
    void *p;
    if (ptr) {
        i = find_block(a, ptr);
        if (i < 0 || a->blocks[i].n != osize) {
            print_error("allocator: block %p given with size %lu, known as "
                        "%lu\n",
                        ptr, (unsigned long)osize,
                        i < 0 ? 0UL : (unsigned long)a->blocks[i].n);
            a->bad++;
        }
    } else if (osize != 0) {
        print_error("allocator: NULL block with size %lu\n",
                    (unsigned long)osize);
        a->bad++;
    }
    if (nsize == 0) {
        if (ptr) {
            a->live--;
            a->bytes -= osize;
            if (i >= 0)
                a->blocks[i].p = NULL;
        }
        free(ptr);
        return NULL;
    }
    a->calls++;
    if (a->fail_all || a->calls == a->fail_at) {
        a->failed++;
        return NULL;
    }
    p = realloc(ptr, nsize);
    if (!p)
        return NULL;
    if (ptr) {
        a->bytes = a->bytes - osize + nsize;
        if (i >= 0) {
            a->blocks[i].p = p;
            a->blocks[i].n = nsize;
        }
    } else {
        a->live++;
        a->bytes += nsize;
        i = find_block(a, NULL);
        assert_true(i >= 0);
        a->blocks[i].p = p;
        a->blocks[i].n = nsize;
    }
    return p;
}

static void assert_nomem(const seega_game *g, int32_t rc)
{
    if (rc != SEEGA_E_NOMEM)
        print_error("expected SEEGA_E_NOMEM, got %d (%s)\n", (int)rc,
                    g ? seega_last_error(g) : "");
    assert_int_equal(rc, SEEGA_E_NOMEM);
    if (g) {
        const char *m = seega_last_error(g);
        assert_true(m[0] != '\0');
        if (!strstr(m, "memory") && !strstr(m, "cannot grow"))
            print_error("message without \"memory\": %s\n", m);
    }
}

static seega_game *new_game(alloc_state *a, int32_t variant, int32_t size)
{
    seega_rules r = tu_rules(variant, size);
    seega_game *g = NULL;
    assert_int_equal(seega_new_with_allocator(&r, fault_alloc, a, &g), SEEGA_OK);
    return g;
}

/* Play n random legal actions (deterministic), asserting success. */
static void play_random(seega_game *g, int n, uint32_t *seed)
{
    seega_action acts[SEEGA_MAX_ACTIONS];
    for (int i = 0; i < n && seega_result(g, NULL) == SEEGA_ONGOING; i++) {
        int32_t k = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
        assert_true(k > 0);
        *seed = *seed * 1103515245u + 12345u;
        assert_int_equal(seega_play(g, acts[(*seed >> 8) % (uint32_t)k]),
                         SEEGA_OK);
    }
}

static void assert_clean(const alloc_state *a)
{
    assert_int_equal(a->live, 0);
    assert_int_equal(a->bytes, 0);
    assert_int_equal(a->bad, 0);
}

/* ---- creation ------------------------------------------------------------------ */

static void test_creation(void **state)
{
    (void)state;
    static const int32_t sizes[3] = {5, 7, 9};
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        for (int s = 0; s < 3; s++) {
            long n;
            for (n = 1;; n++) {
                alloc_state a;
                seega_rules r = tu_rules(v, sizes[s]);
                seega_game *g = (seega_game *)&a;
                int32_t rc;
                memset(&a, 0, sizeof a);
                a.fail_at = n;
                rc = seega_new_with_allocator(&r, fault_alloc, &a, &g);
                if (a.failed == 0) { /* every allocation point passed */
                    assert_int_equal(rc, SEEGA_OK);
                    seega_free(g);
                    assert_clean(&a);
                    break;
                }
                assert_nomem(NULL, rc);
                assert_null(g);
                assert_clean(&a);
            }
            assert_true(n >= 2); /* at least one allocation was failed */
        }
    }
}

/* ---- cloning ---------------------------------------------------------------------- */

static void clone_each_failure(seega_game *g, alloc_state *a)
{
    long n;
    for (n = 1;; n++) {
        seega_game *c = (seega_game *)a;
        tu_snap before;
        long live = a->live;
        size_t bytes = a->bytes;
        int32_t rc;
        tu_take(g, &before);
        a->failed = 0;
        a->fail_at = a->calls + n;
        rc = seega_clone(g, &c);
        a->fail_at = 0;
        if (a->failed == 0) {
            tu_snap copy;
            assert_int_equal(rc, SEEGA_OK);
            tu_take(c, &copy);
            assert_string_equal(copy.spn, before.spn);
            assert_int_equal(copy.hist, before.hist);
            seega_free(c);
            break;
        }
        assert_nomem(g, rc);
        assert_null(c);
        tu_assert_unchanged(g, &before);
        assert_int_equal(a->live, live);
        assert_int_equal(a->bytes, bytes);
        /* usable: the clone now succeeds */
        assert_int_equal(seega_clone(g, &c), SEEGA_OK);
        seega_free(c);
    }
    assert_true(n >= 2);
}

static void test_clone(void **state)
{
    (void)state;
    alloc_state a;
    uint32_t seed = 7;
    seega_game *g;
    memset(&a, 0, sizeof a);
    g = new_game(&a, SEEGA_CLASSIC, 7);
    clone_each_failure(g, &a); /* no history */
    play_random(g, 70, &seed);   /* a history past its first growth */
    clone_each_failure(g, &a);
    {
        /* with a transposition table (a clone does not copy it) */
        seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
        seega_search_result res;
        l.depth = 1;
        l.tt_mb = 1;
        res.version = SEEGA_SEARCH_RESULT_VERSION;
        assert_int_equal(seega_search(g, &l, &res), SEEGA_OK);
    }
    clone_each_failure(g, &a);
    seega_free(g);
    assert_clean(&a);
}

/* ---- searching -------------------------------------------------------------------- */

static int32_t search_with(seega_game *g, int32_t tt_mb, int32_t threads)
{
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result res;
    l.depth = 3;
    l.tt_mb = tt_mb;
    l.threads = threads;
    memset(&res, 0, sizeof res);
    res.version = SEEGA_SEARCH_RESULT_VERSION;
    return seega_search(g, &l, &res);
}

/* Fail every allocation of one search in turn; each failure leaves the
 * game unchanged, frees what it took, and the next search succeeds. */
static long search_each_failure(seega_game *g, alloc_state *a, int32_t tt_mb,
                                int32_t threads, int hint)
{
    long n;
    for (n = 1;; n++) {
        tu_snap before;
        long live = a->live;
        size_t bytes = a->bytes;
        int32_t rc;
        seega_action act = 0;
        tu_take(g, &before);
        a->failed = 0;
        a->fail_at = a->calls + n;
        rc = hint ? seega_hint(g, 20, &act) : search_with(g, tt_mb, threads);
        a->fail_at = 0;
        tu_assert_unchanged(g, &before);
        if (a->failed == 0) {
            assert_int_equal(rc, SEEGA_OK);
            break;
        }
        assert_nomem(g, rc);
        assert_int_equal(act, 0);
        assert_int_equal(a->live, live);
        assert_int_equal(a->bytes, bytes);
    }
    print_message("%s tt_mb %d threads %d: %ld allocation(s) failed in turn\n",
                  hint ? "hint" : "search", (int)tt_mb, (int)threads, n - 1);
    return n - 1; /* the number of allocation points */
}

static void test_search(void **state)
{
    (void)state;
    alloc_state a;
    seega_game *g;
    memset(&a, 0, sizeof a);
    g = new_game(&a, SEEGA_MODERN, 5);
    tu_load(g, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -");
    /* the first search: the table and the contexts */
    assert_true(search_each_failure(g, &a, 1, 1, 0) >= 1);
    /* same size: nothing to allocate */
    assert_int_equal(search_each_failure(g, &a, 0, 1, 0), 0);
    assert_int_equal(search_each_failure(g, &a, 1, 1, 0), 0);
    /* a new size, then more threads: the old block stays on failure */
    assert_true(search_each_failure(g, &a, 2, 1, 0) >= 1);
    search_each_failure(g, &a, 2, 4, 0);
    search_each_failure(g, &a, 1, 3, 0);
    seega_free(g);
    assert_clean(&a);

    /* seega_hint on a fresh game: its first table, 16 MiB by default */
    memset(&a, 0, sizeof a);
    g = new_game(&a, SEEGA_CLASSIC, 9);
    tu_play(g, "a1");
    assert_true(search_each_failure(g, &a, 0, 0, 1) >= 1);
    seega_free(g);
    assert_clean(&a);

    /* every allocation failing: the search keeps refusing, the game stays
     * usable for everything that does not allocate */
    memset(&a, 0, sizeof a);
    g = new_game(&a, SEEGA_DIAGONAL, 7);
    a.fail_all = 1;
    {
        tu_snap before;
        uint64_t count;
        seega_action act;
        tu_take(g, &before);
        for (int i = 0; i < 3; i++) {
            assert_nomem(g, search_with(g, 0, 1));
            assert_nomem(g, search_with(g, 4, 2));
            assert_nomem(g, seega_hint(g, 10, &act));
        }
        tu_assert_unchanged(g, &before);
        assert_int_equal(seega_perft(g, 2, &count), SEEGA_OK);
        assert_true(count > 0);
    }
    seega_free(g);
    assert_clean(&a);
}

/* ---- growing the history ---------------------------------------------------------- */

/* A long quiet game: two lone pieces shuttle (no capture is possible and
 * CLASSIC has no quiet limit), so the history grows as long as wanted. */
#define SHUTTLE_SPN "x4/5/5/5/4o x 0 0 0 -"
static const char *const SHUTTLE[4] = {"a5-b5", "e1-d1", "b5-a5", "d1-e1"};
#define SHUTTLE_ACTIONS 1100 /* past 64, 128, 256, 512 and 1024 */

static seega_action shuttle_action(const seega_game *g, int i)
{
    seega_action a;
    assert_int_equal(seega_action_from_text(g, SHUTTLE[i % 4], &a), SEEGA_OK);
    return a;
}

/* Play the shuttle with the n-th allocation failing: the play that hits
 * it returns NOMEM and changes nothing, and is then played again. */
static void test_history_growth(void **state)
{
    (void)state;
    long total, n;
    char final_spn[SEEGA_SPN_MAX];
    /* count the allocations of the whole run first */
    {
        alloc_state a;
        seega_game *g;
        memset(&a, 0, sizeof a);
        g = new_game(&a, SEEGA_CLASSIC, 5);
        tu_load(g, SHUTTLE_SPN);
        for (int i = 0; i < SHUTTLE_ACTIONS; i++)
            assert_int_equal(seega_play(g, shuttle_action(g, i)), SEEGA_OK);
        total = a.calls;
        assert_true(seega_get_spn(g, final_spn, sizeof final_spn) > 0);
        seega_free(g);
        assert_clean(&a);
        assert_true(total >= 1 + 5); /* the game, then 5 growths at least */
        print_message("history: %ld allocations over %d actions\n", total,
                      SHUTTLE_ACTIONS);
    }
    for (n = 2; n <= total; n++) { /* 1 is the game itself */
        alloc_state a;
        seega_game *g;
        int failures = 0;
        memset(&a, 0, sizeof a);
        g = new_game(&a, SEEGA_CLASSIC, 5);
        tu_load(g, SHUTTLE_SPN);
        a.fail_at = n;
        for (int i = 0; i < SHUTTLE_ACTIONS; i++) {
            seega_action act = shuttle_action(g, i);
            tu_snap before;
            int32_t rc;
            tu_take(g, &before);
            rc = seega_play(g, act);
            if (rc != SEEGA_OK) {
                assert_nomem(g, rc);
                tu_assert_unchanged(g, &before);
                failures++;
                /* undo still works on the unchanged history */
                if (before.hist > 0) {
                    seega_action last =
                        before.history[(before.hist - 1) % TU_SNAP_HISTORY];
                    assert_int_equal(seega_undo(g), SEEGA_OK);
                    assert_int_equal(seega_play(g, last), SEEGA_OK);
                    tu_assert_unchanged(g, &before);
                }
                rc = seega_play(g, act);
                assert_int_equal(rc, SEEGA_OK);
            }
            assert_int_equal(seega_history_length(g), i + 1);
        }
        assert_int_equal(failures, 1);
        tu_assert_spn(g, final_spn);
        /* the whole history is there: undo it all */
        for (int i = SHUTTLE_ACTIONS; i > 0; i--)
            assert_int_equal(seega_undo(g), SEEGA_OK);
        tu_assert_spn(g, SHUTTLE_SPN);
        seega_free(g);
        assert_clean(&a);
    }
}

/* Random games of every preset and size, with the next allocation
 * failing before every action: each growth point fails once. */
static void test_history_growth_random(void **state)
{
    (void)state;
    static const int32_t sizes[3] = {5, 7, 9};
    uint32_t seed = 99;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        for (int s = 0; s < 3; s++) {
            alloc_state a;
            seega_game *g;
            seega_action acts[SEEGA_MAX_ACTIONS];
            int nomem = 0;
            memset(&a, 0, sizeof a);
            g = new_game(&a, v, sizes[s]);
            for (int i = 0; i < 400 && seega_result(g, NULL) == SEEGA_ONGOING;
                 i++) {
                int32_t k = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
                seega_action act;
                tu_snap before;
                int32_t rc;
                assert_true(k > 0);
                seed = seed * 1103515245u + 12345u;
                act = acts[(seed >> 8) % (uint32_t)k];
                tu_take(g, &before);
                a.fail_at = a.calls + 1;
                rc = seega_play(g, act);
                a.fail_at = 0;
                if (rc != SEEGA_OK) {
                    assert_nomem(g, rc);
                    tu_assert_unchanged(g, &before);
                    nomem++;
                    assert_int_equal(seega_play(g, act), SEEGA_OK);
                }
            }
            assert_true(nomem >= 1); /* the first growth at least */
            seega_free(g);
            assert_clean(&a);
        }
    }
}

/* With every allocation failing after creation, play refuses (the history
 * cannot grow), and everything that does not allocate still works. */
static void test_all_failing(void **state)
{
    (void)state;
    alloc_state a;
    seega_game *g, *c = NULL;
    tu_snap before;
    seega_action acts[SEEGA_MAX_ACTIONS];
    uint8_t mask[251];
    seega_playout_stats st;
    uint64_t count;
    char buf[SEEGA_SPN_MAX];
    memset(&a, 0, sizeof a);
    g = new_game(&a, SEEGA_CLASSIC, 5);
    a.fail_all = 1;
    tu_take(g, &before);
    assert_nomem(g, seega_place(g, 0));
    assert_int_equal(seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS), 24);
    assert_nomem(g, seega_play(g, acts[23]));
    assert_nomem(g, seega_clone(g, &c));
    assert_null(c);
    tu_assert_unchanged(g, &before);
    assert_int_equal(seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS), 24);
    assert_int_equal(seega_perft(g, 2, &count), SEEGA_OK);
    assert_int_equal(count, 552);
    st.version = SEEGA_PLAYOUT_STATS_VERSION;
    assert_int_equal(seega_playouts(g, 1, 10, 100, &st), SEEGA_OK);
    assert_int_equal(seega_legal_mask(g, mask, sizeof mask), 24);
    tu_load(g, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -");
    assert_true(seega_get_spn(g, buf, sizeof buf) > 0);
    tu_take(g, &before);
    assert_nomem(g, seega_move(g, 7, 12));
    tu_assert_unchanged(g, &before);
    a.fail_all = 0; /* memory comes back: the game goes on */
    assert_int_equal(seega_move(g, 7, 12), SEEGA_OK);
    assert_int_equal(seega_undo(g), SEEGA_OK);
    tu_assert_unchanged(g, &before);
    seega_free(g);
    assert_clean(&a);
}

/* ---- records ------------------------------------------------------------------------ */

#ifdef SEEGA_RECORD_TAGS_VERSION
static void test_records(void **state)
{
    (void)state;
    alloc_state a;
    seega_game *g;
    uint32_t seed = 3;
    char *rec;
    int32_t len;
    long n;
    memset(&a, 0, sizeof a);
    g = new_game(&a, SEEGA_TRADITIONAL, 7);
    play_random(g, 90, &seed);
    len = seega_record_write(g, NULL, NULL, 0);
    if (len < 0)
        print_error("record_write: %s\n", seega_last_error(g));
    assert_true(len > 0);
    rec = malloc((size_t)len + 1);
    assert_non_null(rec);
    /* writing: every allocation in turn */
    for (n = 1;; n++) {
        tu_snap before;
        long live = a.live;
        int32_t rc;
        tu_take(g, &before);
        memset(rec, '#', (size_t)len + 1);
        a.failed = 0;
        a.fail_at = a.calls + n;
        rc = seega_record_write(g, NULL, rec, (size_t)len + 1);
        a.fail_at = 0;
        tu_assert_unchanged(g, &before);
        assert_int_equal(a.live, live);
        if (a.failed == 0) {
            assert_int_equal(rc, len);
            break;
        }
        assert_nomem(g, rc);
        assert_int_equal(rec[0], '#');
    }
    /* reading into a game with its own history: all or nothing */
    {
        alloc_state b;
        seega_game *h;
        memset(&b, 0, sizeof b);
        h = new_game(&b, SEEGA_TRADITIONAL, 7);
        play_random(h, 5, &seed);
        for (n = 1;; n++) {
            tu_snap before;
            long live = b.live;
            int32_t rc;
            tu_take(h, &before);
            b.failed = 0;
            b.fail_at = b.calls + n;
            rc = seega_record_read(h, rec);
            b.fail_at = 0;
            if (b.failed == 0) {
                tu_snap after, want;
                assert_int_equal(rc, SEEGA_OK);
                tu_take(h, &after);
                tu_take(g, &want);
                assert_string_equal(after.spn, want.spn);
                assert_int_equal(after.hist, want.hist);
                break;
            }
            assert_nomem(h, rc);
            tu_assert_unchanged(h, &before);
            assert_int_equal(b.live, live);
        }
        seega_free(h);
        assert_clean(&b);
    }
    free(rec);
    seega_free(g);
    assert_clean(&a);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_creation),
        cmocka_unit_test(test_clone),
        cmocka_unit_test(test_search),
        cmocka_unit_test(test_history_growth),
        cmocka_unit_test(test_history_growth_random),
        cmocka_unit_test(test_all_failing),
#ifdef SEEGA_RECORD_TAGS_VERSION
        cmocka_unit_test(test_records),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

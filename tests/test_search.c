/*
 * The search API: always a legal action, limits (depth and nodes exactly,
 * time within a generous bound), stop from another thread, forced wins and
 * captures, proofs against plain minimax, determinism, errors.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "testutil.h"
#include "search_util.h"

/* The principal variation is a legal line from the position. */
static void assert_pv_legal(const seega_game *g, const seega_search_result *r)
{
    seega_game *c;
    assert_true(r->pv_len >= 1 && r->pv_len <= SEEGA_PV_MAX);
    assert_int_equal(r->pv[0], r->best);
    assert_int_equal(seega_clone(g, &c), SEEGA_OK);
    for (int32_t i = 0; i < r->pv_len; i++) {
        assert_true(is_legal(c, r->pv[i]));
        assert_int_equal(seega_play(c, r->pv[i]), SEEGA_OK);
    }
    seega_free(c);
}

/* Legal actions in every preset and phase and state, the game unchanged. */
static void test_always_legal(void **state)
{
    (void)state;
    const struct {
        int variant;
        int size;
        const char *spn;
    } cases[] = {
        {SEEGA_CLASSIC, 5, NULL},
        {SEEGA_TRADITIONAL, 5, NULL},
        {SEEGA_CLASSIC, 5, "5/5/5/5/x4 x 11 12 0 +"},
        {SEEGA_CLASSIC, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"},
        {SEEGA_DIAGONAL, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"},
        {SEEGA_MODERN, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"},
        {SEEGA_CLASSIC, 5, "5/2o2/1ox2/2oo1/2xx1 x 0 0 0 c3"},   /* chain */
        {SEEGA_CLASSIC, 5, "4o/5/5/o4/xo3 o 0 0 1 !"},           /* extra */
        {SEEGA_CLASSIC, 5, "4o/5/5/o4/xo3 x 0 0 0 -"},           /* pass only */
        {SEEGA_TRADITIONAL, 5, "3ox/4o/5/o4/xo3 x 0 0 0 -"},     /* removals */
        {SEEGA_MODERN, 7, NULL},
        {SEEGA_DIAGONAL, 9, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seega_game *g = tu_game(cases[i].variant, cases[i].size);
        if (cases[i].spn)
            tu_load(g, cases[i].spn);
        char before[SEEGA_SPN_MAX];
        seega_get_spn(g, before, sizeof before);
        for (int32_t d = 1; d <= 4; d++) {
            seega_search_result r = search_depth(g, d);
            assert_true(is_legal(g, r.best));
            assert_pv_legal(g, &r);
            assert_true(r.depth >= 1 && r.depth <= d);
        }
        tu_assert_spn(g, before);
        assert_int_equal(seega_history_length(g), 0);
        seega_free(g);
    }
}

static void test_depth_and_node_limits(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 7);
    seega_search_result r = search_depth(g, 3);
    assert_int_equal(r.depth, 3);
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    /* A limit smaller than the first ply is exceeded by that ply (the
     * first iteration is always completed), by no more. */
    const uint64_t first_ply = search_depth(g, 1).nodes;
    const uint64_t limits[] = {1, 2, 50, 1000, 12345};
    for (size_t i = 0; i < 5; i++) {
        l.nodes = limits[i];
        r = search_limits(g, &l);
        assert_true(r.depth >= 1);
        if (limits[i] >= 1000)
            assert_true(r.nodes <= limits[i]);
        else
            assert_true(r.nodes <= limits[i] + first_ply);
        assert_true(is_legal(g, r.best));
    }
    /* A big node budget is used up to the node (no time limit here). */
    l.nodes = 20000;
    r = search_limits(g, &l);
    assert_int_equal(r.nodes, 20000);
    seega_free(g);
}

static void test_time_limit(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 9);
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    l.time_ms = 200;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    seega_search_result r = search_limits(g, &l);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
    assert_true(ms < 200 + 2000); /* generous: no speed assertion */
    assert_true(is_legal(g, r.best));
    /* A clock: 60 s left budgets well under 60 s. */
    l.time_ms = 0;
    l.remaining_ms = 3000;
    clock_gettime(CLOCK_MONOTONIC, &a);
    r = search_limits(g, &l);
    clock_gettime(CLOCK_MONOTONIC, &b);
    ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
    assert_true(ms < 1000 + 2000);
    seega_free(g);
}

typedef struct {
    seega_game *g;
    int32_t threads;
    atomic_int running; /* the search has reported an iteration */
    seega_search_result r;
} search_job;

static void on_running(void *user, const seega_search_result *info)
{
    (void)info;
    atomic_store(&((search_job *)user)->running, 1);
}

static void *run_search(void *arg)
{
    search_job *j = (search_job *)arg;
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT; /* no limit at all */
    l.threads = j->threads;
    l.progress = on_running;
    l.progress_user = j;
    j->r.version = SEEGA_SEARCH_RESULT_VERSION;
    if (seega_search(j->g, &l, &j->r) != SEEGA_OK)
        j->r.best = 0;
    return NULL;
}

/*
 * Start a search without limits on another thread, let it run `ms` after
 * its first iteration, stop it, and return how long it took to end. The
 * stop waits for the search to be running (a stop before it starts is
 * ignored by design: it would hang here on a machine slow to start it).
 */
static double search_then_stop(search_job *j, long ms)
{
    pthread_t t;
    struct timespec a, b, tick = {0, 1000000}, pause = {0, ms * 1000000};
    atomic_init(&j->running, 0);
    assert_int_equal(pthread_create(&t, NULL, run_search, j), 0);
    while (!atomic_load(&j->running))
        nanosleep(&tick, NULL);
    nanosleep(&pause, NULL);
    clock_gettime(CLOCK_MONOTONIC, &a);
    seega_search_stop(j->g);
    pthread_join(t, NULL);
    clock_gettime(CLOCK_MONOTONIC, &b);
    return (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
}

/* A search without limits ends promptly on seega_search_stop from another
 * thread, with a legal action. */
static void test_stop_from_other_thread(void **state)
{
    (void)state;
    search_job j;
    memset(&j, 0, sizeof j);
    j.g = tu_game(SEEGA_CLASSIC, 9);
    j.threads = 1;
    seega_search_stop(j.g); /* no search running: no effect later */
    double ms = search_then_stop(&j, 300);
    assert_true(ms < 2000);
    assert_true(j.r.nodes > 0);
    assert_true(is_legal(j.g, j.r.best));
    seega_search_stop(NULL);
    seega_free(j.g);
}

/* It finds a capture that wins at once, and proves it. */
static void test_forced_win(void **state)
{
    (void)state;
    /* MODERN: b3-b4 takes O's last piece (c4, against d4). */
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "5/2ox1/xx3/5/5 x 0 0 0 -");
    seega_search_result r = search_depth(g, 6);
    seega_action want;
    assert_int_equal(seega_action_from_text(g, "b3-b4", &want), SEEGA_OK);
    assert_int_equal(r.best, want);
    assert_int_equal(r.proven, SEEGA_PROVEN_WIN);
    assert_int_equal(r.proven_plies, 1);
    assert_int_equal(r.score, SEEGA_SCORE_PROVEN - 1);
    seega_free(g);
}

static void test_deterministic(void **state)
{
    (void)state;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        seega_game *g = tu_game_spn(v, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -");
        seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
        l.depth = 7;
        l.seed = 42;
        seega_search_result a = search_limits(g, &l);
        seega_game *h = tu_game_spn(v, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -");
        seega_search_result b = search_limits(h, &l);
        assert_int_equal(a.best, b.best);
        assert_int_equal(a.score, b.score);
        assert_true(a.nodes == b.nodes);
        assert_int_equal(a.pv_len, b.pv_len);
        assert_memory_equal(a.pv, b.pv, (size_t)a.pv_len * sizeof a.pv[0]);
        seega_free(h);
        seega_free(g);
    }
}

/* The same game searched again gives the same result: nothing carries
 * over from one search to the next (the table starts empty each time). */
static void test_repeat_deterministic(void **state)
{
    (void)state;
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 7, "o1oo1oo/o1oox2/2x1x2/1o2xxo/ox2x2/xxx1xo1/1o2x1o x 0 0 2 -");
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    l.depth = 5;
    seega_search_result a = search_limits(g, &l);
    for (int i = 0; i < 40; i++) { /* past a table-clearing cycle */
        seega_search_result b = search_limits(g, &l);
        assert_int_equal(a.best, b.best);
        assert_int_equal(a.score, b.score);
        assert_true(a.nodes == b.nodes);
    }
    seega_free(g);
}

typedef struct {
    seega_game *g;
    int calls, stop_at;
    int32_t last_depth;
    char first_move[SEEGA_ACTION_TEXT_MAX];
} progress_log;

static void on_progress(void *user, const seega_search_result *info)
{
    progress_log *log = (progress_log *)user;
    log->calls++;
    log->last_depth = info->depth;
    /* reading the board size is allowed here */
    seega_action_to_text(log->g, info->best, log->first_move,
                         sizeof log->first_move);
    if (log->calls == log->stop_at)
        seega_search_stop(log->g);
}

/* The callback reports each iteration; a stop from it ends the search
 * right there. */
static void test_progress_and_stop_from_callback(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 7);
    progress_log log;
    memset(&log, 0, sizeof log);
    log.g = g;
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    l.depth = 4;
    l.progress = on_progress;
    l.progress_user = &log;
    seega_search_result r = search_limits(g, &l);
    assert_int_equal(log.calls, 4);
    assert_int_equal(log.last_depth, 4);
    assert_true(strlen(log.first_move) == 2); /* a placement */
    memset(&log, 0, sizeof log);
    log.g = g;
    log.stop_at = 2;
    l.depth = 0; /* no limit: only the stop ends it */
    r = search_limits(g, &l);
    assert_int_equal(log.calls, 2);
    assert_int_equal(r.depth, 2);
    assert_true(is_legal(g, r.best));
    seega_free(g);
}

/* Several threads (Lazy SMP): legal results, depth reached, the callback
 * on the caller's thread only, and stop from another thread. */
static pthread_t caller;
static int callback_on_caller = 1;

static int last_depth, depths_increase = 1;

static void on_progress_thread(void *user, const seega_search_result *info)
{
    (void)user;
    if (!pthread_equal(pthread_self(), caller))
        callback_on_caller = 0;
    /* a thread that takes another's completed iteration reports it too,
     * and never a shallower one than before */
    if (info->depth <= last_depth)
        depths_increase = 0;
    last_depth = info->depth;
}

static void test_threads(void **state)
{
    (void)state;
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 7, "o1oo1oo/o1oox2/2x1x2/1o2xxo/ox2x2/xxx1xo1/1o2x1o x 0 0 2 -");
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    caller = pthread_self();
    l.depth = 6;
    l.threads = 2;
    l.progress = on_progress_thread;
    for (int i = 0; i < 5; i++) {
        last_depth = 0;
        seega_search_result r = search_limits(g, &l);
        assert_int_equal(last_depth, 6);
        assert_int_equal(r.depth, 6);
        assert_true(is_legal(g, r.best));
        assert_pv_legal(g, &r);
    }
    assert_int_equal(callback_on_caller, 1);
    assert_int_equal(depths_increase, 1);
    l.threads = 4; /* more contexts: the block grows once */
    seega_search_result r = search_limits(g, &l);
    assert_true(is_legal(g, r.best));
    seega_free(g);

    /* stop, with helpers running */
    search_job j;
    memset(&j, 0, sizeof j);
    j.g = tu_game(SEEGA_CLASSIC, 9);
    j.threads = 2;
    assert_true(search_then_stop(&j, 200) < 2000);
    assert_true(is_legal(j.g, j.r.best));
    seega_free(j.g);
}

/* ---- proofs against plain minimax ----------------------------------------- */

/*
 * Exhaustive minimax on the public API, with what it cannot see as
 * bounds: the value for the side to move lies in [lo, hi] within
 * {-1 loss, 0 draw, +1 win}; a line not over within `depth` plies could be
 * anything. Decided when lo == hi.
 */
static void minimax_bounds(seega_game *g, int depth, int *lo, int *hi)
{
    int32_t result = seega_result(g, NULL);
    if (result != SEEGA_ONGOING) {
        int v = result == SEEGA_DRAW ? 0
                : (result == SEEGA_X_WINS) == (seega_to_move(g) == SEEGA_X)
                    ? 1
                    : -1;
        *lo = *hi = v;
        return;
    }
    if (depth == 0) {
        *lo = -1;
        *hi = 1;
        return;
    }
    seega_action list[SEEGA_MAX_ACTIONS];
    int32_t n = seega_legal_moves(g, list, SEEGA_MAX_ACTIONS);
    int me = seega_to_move(g);
    *lo = *hi = -1;
    for (int32_t i = 0; i < n && *lo < 1; i++) {
        int clo, chi;
        seega_play(g, list[i]);
        minimax_bounds(g, depth - 1, &clo, &chi);
        if (seega_to_move(g) != me) {
            int t = clo;
            clo = -chi;
            chi = -t;
        }
        seega_undo(g);
        if (clo > *lo)
            *lo = clo;
        if (chi > *hi)
            *hi = chi;
    }
}

/* +1, -1 or 0 when decided within depth, else 2. */
static int minimax(seega_game *g, int depth)
{
    int lo, hi;
    minimax_bounds(g, depth, &lo, &hi);
    return lo == hi ? lo : 2;
}

static void check_proof(int variant, const char *spn, int depth)
{
    seega_game *g = tu_game_spn(variant, 5, spn);
    int truth = minimax(g, depth);
    seega_search_result r = search_depth(g, depth);
    if (truth == 2) {
        print_error("minimax could not decide %s\n", spn);
        fail();
    }
    int want = truth > 0 ? SEEGA_PROVEN_WIN
               : truth < 0 ? SEEGA_PROVEN_LOSS
                           : SEEGA_PROVEN_DRAW;
    if (r.proven != want)
        print_error("%s: search says %d (score %d), minimax %d\n", spn,
                    r.proven, r.score, truth);
    assert_int_equal(r.proven, want);
    seega_free(g);
}

static void test_proofs_small_endgames(void **state)
{
    (void)state;
    /* MODERN: X to move wins by capture at once. */
    check_proof(SEEGA_MODERN, "5/2ox1/xx3/5/5 x 0 0 0 -", 4);
    /* MODERN, quiet 48: X's corner piece is boxed in, so X passes; O's
     * reply is the 50th quiet turn and O wins by count (2 to 1). */
    check_proof(SEEGA_MODERN, "5/5/5/o4/xo3 x 0 0 48 -", 6);
    /* MODERN, quiet counter at 49: the next turn reaches the limit; O has
     * more pieces and wins by count whatever X does. */
    check_proof(SEEGA_MODERN, "5/5/1o3/5/x3o x 0 0 49 -", 3);
    /* Equal counts at the limit: a draw. */
    check_proof(SEEGA_MODERN, "5/5/5/5/x3o x 0 0 49 -", 3);
}

/* A random small moving-phase position: 1-3 pieces a side on 5x5. */
static void random_endgame(uint64_t *x, int variant, char *spn)
{
    char cell[25];
    int n = 0;
    memset(cell, '.', sizeof cell);
    for (int side = 0; side < 2; side++) {
        *x = *x * 6364136223846793005u + 1442695040888963407u;
        int k = 1 + (int)((*x >> 33) % 3);
        while (k) {
            *x = *x * 6364136223846793005u + 1442695040888963407u;
            int sq = (int)((*x >> 33) % 25);
            if (cell[sq] == '.') {
                cell[sq] = side ? 'o' : 'x';
                k--;
            }
        }
    }
    for (int rank = 4; rank >= 0; rank--) {
        int run = 0;
        for (int f = 0; f < 5; f++) {
            char c = cell[rank * 5 + f];
            if (c == '.') {
                run++;
                continue;
            }
            if (run)
                spn[n++] = (char)('0' + run);
            run = 0;
            spn[n++] = c;
        }
        if (run)
            spn[n++] = (char)('0' + run);
        if (rank)
            spn[n++] = '/';
    }
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    /* near the quiet limit where there is one, so that games end */
    int quiet = variant == SEEGA_MODERN     ? 46 + (int)((*x >> 40) % 4)
                : variant == SEEGA_DIAGONAL ? 146 + (int)((*x >> 40) % 4)
                                            : 0;
    sprintf(spn + n, " %c 0 0 %d -", (*x >> 35) & 1 ? 'o' : 'x', quiet);
}

/*
 * Proofs against plain minimax on random small endgames of each preset.
 * Sound: whatever the search proves, minimax (with bounds) confirms at the
 * proven distance (for a draw, the depth that proved it). Where both
 * decide they agree. Not vacuous: every preset gets proofs, and the search
 * proves most of what minimax decides at the same depth (alpha-beta may
 * cut on a heuristic line first, so not always all).
 */
static void check_random_endgames(int32_t threads)
{
    uint64_t x = 2024;
    int decided = 0, proven = 0, both = 0;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        int proofs = 0;
        for (int i = 0; i < 150; i++) {
            char spn[SEEGA_SPN_MAX];
            random_endgame(&x, v, spn);
            seega_game *g = tu_game(v, 5);
            if (seega_set_spn(g, spn) != SEEGA_OK ||
                seega_result(g, NULL) != SEEGA_ONGOING) {
                seega_free(g);
                continue;
            }
            const int depth = 4;
            int truth = minimax(g, depth);
            seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
            l.depth = depth;
            l.threads = threads;
            seega_search_result r = search_limits(g, &l);
            if (truth != 2)
                decided++;
            if (r.proven != SEEGA_PROVEN_NONE) {
                proven++;
                proofs++;
                int expect = r.proven == SEEGA_PROVEN_WIN    ? 1
                             : r.proven == SEEGA_PROVEN_LOSS ? -1
                                                             : 0;
                int check = minimax(g, r.proven_plies);
                if (check != expect)
                    print_error("%s (preset %d): proven %d in %d plies, "
                                "minimax %d\n",
                                spn, v, r.proven, r.proven_plies, check);
                assert_int_equal(check, expect);
                if (truth != 2) {
                    both++;
                    assert_int_equal(truth, expect);
                }
            }
            seega_free(g);
        }
        if (proofs == 0)
            print_error("preset %d: no proof at all\n", v);
        assert_true(proofs > 0);
    }
    print_message("endgames, %d thread(s): %d decided by minimax at depth 4, "
                  "%d proven by the search, %d both\n",
                  (int)threads, decided, proven, both);
    assert_true(both * 4 >= decided * 3);
}

static void test_proofs_random_endgames(void **state)
{
    (void)state;
    check_random_endgames(1);
}

/* The same with two threads: a proof one thread takes from another (its
 * completed iteration) is as sound. */
static void test_proofs_random_endgames_threads(void **state)
{
    (void)state;
    check_random_endgames(2);
}

static void test_errors(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result r;
    seega_action a;
    r.version = SEEGA_SEARCH_RESULT_VERSION;
    assert_int_equal(seega_search(NULL, &l, &r), SEEGA_E_INVALID);
    assert_int_equal(seega_search(g, NULL, &r), SEEGA_E_INVALID);
    assert_int_equal(seega_search(g, &l, NULL), SEEGA_E_INVALID);
    l.version = 0;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_VERSION);
    l.version = SEEGA_SEARCH_LIMITS_VERSION;
    r.version = 7;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_VERSION);
    r.version = SEEGA_SEARCH_RESULT_VERSION;
    l.depth = -1;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_INVALID);
    l.depth = 0;
    l.level = 4;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_INVALID);
    assert_non_null(strstr(seega_last_error(g), "level"));
    l.level = 0;
    l.threads = 65;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_INVALID);
    l.threads = 0;
    l.tt_mb = -1;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_INVALID);
    assert_int_equal(seega_search_limits_init(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_hint(g, -1, &a), SEEGA_E_INVALID);
    assert_int_equal(seega_hint(g, 10, NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_hint(NULL, 10, &a), SEEGA_E_INVALID);
    assert_int_equal(seega_hint(g, 50, &a), SEEGA_OK);
    assert_true(is_legal(g, a));
    tu_load(g, "x4/5/5/5/5 o 0 0 3 -"); /* over */
    l.tt_mb = 0;
    assert_int_equal(seega_search(g, &l, &r), SEEGA_E_GAME_OVER);
    assert_int_equal(seega_hint(g, 10, &a), SEEGA_E_GAME_OVER);
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_always_legal),
        cmocka_unit_test(test_depth_and_node_limits),
        cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_stop_from_other_thread),
        cmocka_unit_test(test_forced_win),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_repeat_deterministic),
        cmocka_unit_test(test_progress_and_stop_from_callback),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_proofs_small_endgames),
        cmocka_unit_test(test_proofs_random_endgames),
        cmocka_unit_test(test_proofs_random_endgames_threads),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

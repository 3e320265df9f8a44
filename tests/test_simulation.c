/*
 * seega_playouts: reproducible, uniform, counts that add up, finished
 * games, caps, errors, and no allocation.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"
#include "playout_replay.h"

static seega_playout_stats run(const seega_game *g, uint64_t seed,
                               uint32_t count, uint32_t max_actions)
{
    seega_playout_stats st;
    memset(&st, 0xAB, sizeof st);
    st.version = SEEGA_PLAYOUT_STATS_VERSION;
    assert_int_equal(seega_playouts(g, seed, count, max_actions, &st), SEEGA_OK);
    assert_int_equal(st.version, SEEGA_PLAYOUT_STATS_VERSION);
    assert_int_equal(st.reserved, 0);
    assert_true(st.x_wins + st.o_wins + st.draws + st.unfinished == count);
    return st;
}

static void assert_same(const seega_playout_stats *a,
                        const seega_playout_stats *b)
{
    assert_true(a->x_wins == b->x_wins);
    assert_true(a->o_wins == b->o_wins);
    assert_true(a->draws == b->draws);
    assert_true(a->unfinished == b->unfinished);
    assert_true(a->actions == b->actions);
}

static void test_reproducible(void **state)
{
    (void)state;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        for (int size = 5; size <= 9; size += 2) {
            seega_game *g = tu_game(v, size);
            char before[SEEGA_SPN_MAX];
            seega_get_spn(g, before, sizeof before);
            const uint64_t seeds[] = {0, 1, UINT64_MAX};
            for (size_t i = 0; i < 3; i++) {
                seega_playout_stats a = run(g, seeds[i], 20, 3000);
                seega_playout_stats b = run(g, seeds[i], 20, 3000);
                assert_same(&a, &b);
                /* Every playout plays at least the whole placing. */
                assert_true(a.actions >= 20u * (uint64_t)(size * size - 1));
            }
            seega_playout_stats a = run(g, 1, 20, 3000);
            seega_playout_stats b = run(g, 2, 20, 3000);
            assert_true(a.actions != b.actions); /* other games */
            tu_assert_spn(g, before); /* the game is unchanged */
            assert_int_equal(seega_history_length(g), 0);
            seega_free(g);
        }
    }
}

/* MODERN playouts end (quiet limit 50): none unfinished with a big cap. */
static void test_modern_games_end(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_MODERN, 5);
    seega_playout_stats st = run(g, 7, 500, 100000);
    assert_int_equal(st.unfinished, 0);
    assert_true(st.x_wins > 0 && st.o_wins > 0 && st.draws > 0);
    seega_free(g);
}

/* A finished game: its result count times, no action played. */
static void test_finished_game(void **state)
{
    (void)state;
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, "x4/5/5/5/5 o 0 0 3 -");
    seega_playout_stats st = run(g, 3, 17, 100);
    assert_int_equal(st.x_wins, 17);
    assert_int_equal(st.actions, 0);
    seega_free(g);
    /* MODERN at the quiet limit with equal counts: drawn. */
    g = tu_game_spn(SEEGA_MODERN, 5, "x4/5/5/5/4o o 0 0 50 -");
    st = run(g, 3, 9, 100);
    assert_int_equal(st.draws, 9);
    seega_free(g);
    /* DIAGONAL, the side to move is blocked: it has lost. */
    g = tu_game_spn(SEEGA_DIAGONAL, 5, "ooo2/oxo2/ooo2/5/5 x 0 0 0 -");
    st = run(g, 3, 5, 100);
    assert_int_equal(st.o_wins, 5);
    seega_free(g);
}

/* Caps: 0 actions leaves every live playout unfinished; the count of
 * actions never exceeds count * max_actions. */
static void test_caps(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 7);
    seega_playout_stats st = run(g, 5, 11, 0);
    assert_int_equal(st.unfinished, 11);
    assert_int_equal(st.actions, 0);
    st = run(g, 5, 11, 30);
    assert_int_equal(st.unfinished, 11); /* the placing alone is 48 */
    assert_int_equal(st.actions, 11 * 30);
    st = run(g, 5, 0, 1000);
    assert_int_equal(st.actions, 0);
    seega_free(g);
}

/*
 * Uniform choice. MODERN, X to move with eight steps; exactly one
 * (b3-b4) captures O's last piece, c4, against d4 and wins at once. With
 * one action per playout X wins in 1/8 of them.
 *   5  . . . . .
 *   4  . . o x .
 *   3  x x . . .
 *   2  . . . . .
 *   1  . . . . .
 */
static void test_uniform(void **state)
{
    (void)state;
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "5/2ox1/xx3/5/5 x 0 0 0 -");
    char buf[8 * SEEGA_MAX_ACTIONS];
    assert_string_equal(tu_legal(g, buf),
                        "a3-a2 a3-a4 b3-b2 b3-b4 b3-c3 d4-d3 d4-d5 d4-e4");
    const uint32_t n = 40000;
    seega_playout_stats st = run(g, 11, n, 1);
    double expect = n / 8.0, variance = n * (1.0 / 8) * (7.0 / 8);
    double diff = (double)st.x_wins - expect;
    assert_true(diff * diff < 25.0 * variance); /* within 5 sigma */
    assert_int_equal(st.x_wins + st.unfinished, n);
    assert_int_equal(st.actions, n);
    seega_free(g);
}

/* seega_playouts from g, which must give the stats of the same games
 * played through the public API; returns them. */
static seega_playout_stats as_public_api(const seega_game *g, uint64_t seed,
                                         uint32_t count, uint32_t max_actions)
{
    seega_playout_stats a = run(g, seed, count, max_actions);
    seega_playout_stats b = replay(g, seed, count, max_actions);
    assert_same(&a, &b);
    return a;
}

static void test_same_as_public_api(void **state)
{
    (void)state;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        for (int size = 5; size <= 9; size += 2) {
            seega_game *g = tu_game(v, size);
            as_public_api(g, 99, size == 5 ? 30 : size == 7 ? 8 : 4, 1500);
            /* Whole games, not capped: at 1500 actions all of CLASSIC's
             * and TRADITIONAL's 9x9 games (and half their 7x7 ones) are
             * unfinished, and so give the same stats whatever their
             * moving phase does. These must all end, with results and
             * lengths of their own. */
            seega_playout_stats a = as_public_api(
                g, 99, size == 5 ? 12 : size == 7 ? 6 : 4, 1000000);
            assert_int_equal(a.unfinished, 0);
            seega_free(g);
        }
    }
    /* Moving positions with chains, '!' and removals near. On 9x9 (whose
     * runs go in two windows, ranks 1-7 and 3-9; see
     * lib/fast/playout_runs_impl.h):
     * d6-e6 takes the centre e5 where it is not immune (TRADITIONAL),
     * and the chain goes on across ranks 5 and 6 (e6-e5 takes f5); the
     * same board with the centre immune (CLASSIC), in eight directions
     * (DIAGONAL), and one quiet turn short of MODERN's limit; c6-d6
     * takes e6, and the chain goes on to take the centre (d6-d5). */
    const char *nine = "o7o/9/9/3x5/4oox2/4x4/9/9/x7x x 0 0 0 -";
    const struct {
        int v, size;
        const char *spn;
    } moving[] = {
        {SEEGA_CLASSIC, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"},
        {SEEGA_CLASSIC, 5, "4o/5/5/o4/xo3 o 0 0 1 !"},
        {SEEGA_TRADITIONAL, 5, "3ox/4o/5/o4/xo3 x 0 0 0 -"},
        {SEEGA_CLASSIC, 5, "5/2o2/1ox2/2oo1/2xx1 x 0 0 0 c3"},
        {SEEGA_DIAGONAL, 5, "xo2o/2o1x/oo1x1/3ox/ooo1x o 0 0 3 -"},
        {SEEGA_TRADITIONAL, 9, nine},
        {SEEGA_TRADITIONAL, 9, "o7o/9/9/2x1ox3/4ox3/9/9/9/x7x x 0 0 0 -"},
        {SEEGA_CLASSIC, 9, nine},
        {SEEGA_DIAGONAL, 9, nine},
        {SEEGA_MODERN, 9, "o7o/9/9/3x5/4oox2/4x4/9/9/x7x x 0 0 49 -"},
    };
    for (size_t i = 0; i < sizeof moving / sizeof moving[0]; i++) {
        seega_game *g = tu_game_spn(moving[i].v, moving[i].size,
                                    moving[i].spn);
        as_public_api(g, 3, 40, 400);
        seega_free(g);
    }
    /* Random rule combinations, from the start and capped. */
    uint64_t x = 5;
    for (int round = 0; round < 24; round++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        seega_rules r = tu_random_rules(x, 40);
        seega_game *g = tu_game_rules(&r);
        as_public_api(g, x, 6, 800);
        seega_free(g);
    }
}

/*
 * Two playouts go at once (their runs in one loop, see playouts_t in
 * lib/fast/playout_impl.h): when one run stops, the other is written back
 * mid-run and resumed, a finished game gives its place to the next
 * playout, and the last one goes on alone. Every count from 1 (no pair)
 * to 5 (a last one alone) must give the stats of the same games played
 * one by one through the public API: capped in the placing of every size
 * (1), early in 5x5's moving phase (40; 7x7 and 9x9 still placing), early
 * in 7x7's (60), early in 9x9's (120), later (400, and 41 and 61: a run
 * whose cap leaves it one turn short of a round), and whole games, which
 * must all end: a game the loop got wrong would then end differently or
 * at another length.
 */
static void test_two_at_once(void **state)
{
    (void)state;
    static const uint32_t caps[] = {1, 40, 41, 60, 61, 120, 400, 1000000};
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        for (int size = 5; size <= 9; size += 2) {
            seega_game *g = tu_game(v, size);
            for (uint32_t count = 1; count <= 5; count++)
                for (size_t c = 0; c < sizeof caps / sizeof caps[0]; c++) {
                    seega_playout_stats a =
                        as_public_api(g, 17 + count, count, caps[c]);
                    if (caps[c] == 1000000)
                        assert_int_equal(a.unfinished, 0);
                }
            seega_free(g);
        }
    }
    /* from crowded moving positions, captures soon; and MODERN's two and
     * one quiet turns short of its limit of 50 on each size (a run's last
     * round, and a run with one turn left, which pick_t plays) */
    const struct {
        int v, size;
        const char *spn;
    } crowded[] = {
        {SEEGA_CLASSIC, 7, "ooxoxox/oxoxoxo/xox1xox/oxoxoxo/"
                           "xoxoxox/oxoxoxo/xoxoxox o 0 0 0 -"},
        {SEEGA_CLASSIC, 5, "xoxo1/oxoxo/xo1ox/o1oxo/xoxox o 0 0 0 -"},
        {SEEGA_MODERN, 5, "xoxo1/oxoxo/xo1ox/o1oxo/xoxox o 0 0 0 -"},
        {SEEGA_MODERN, 5, "2o2/1x1o1/5/1o1x1/2x2 x 0 0 48 -"},
        {SEEGA_MODERN, 5, "2o2/1x1o1/5/1o1x1/2x2 x 0 0 49 -"},
        {SEEGA_MODERN, 7, "3o3/7/1x3o1/7/1o3x1/7/3x3 x 0 0 48 -"},
        {SEEGA_MODERN, 7, "3o3/7/1x3o1/7/1o3x1/7/3x3 x 0 0 49 -"},
        {SEEGA_MODERN, 9, "4o4/9/9/1x5o1/9/1o5x1/9/9/4x4 x 0 0 48 -"},
        {SEEGA_MODERN, 9, "4o4/9/9/1x5o1/9/1o5x1/9/9/4x4 x 0 0 49 -"},
    };
    for (size_t i = 0; i < sizeof crowded / sizeof crowded[0]; i++) {
        seega_game *g = tu_game_spn(crowded[i].v, crowded[i].size,
                                    crowded[i].spn);
        for (uint32_t count = 1; count <= 5; count++) {
            as_public_api(g, 40 + count, count, 30);
            seega_playout_stats a =
                as_public_api(g, 40 + count, count, 1000000);
            assert_int_equal(a.unfinished, 0);
        }
        seega_free(g);
    }
}

/*
 * Draws that Lemire's method may reject: 32 random bits r with r * n mod
 * 2^32 below n, about n in 2^32 draws. The runs of plain turns leave such
 * a draw to pick_t, which draws again as rng_below does (a real rejection
 * only if below 2^32 mod n). The first playout of each seed here (MODERN
 * from the start; found by searching 25 million 5x5 playouts and 3
 * million each on 7x7 and 9x9 with a library that reported these draws)
 * meets one in a run: a new number's low half ("new") or a kept high half
 * ("kept"), rejected or not. Each goes alone (count 1), as the first and
 * as the second of two at once, and as the third of three.
 */
static void test_rare_draws(void **state)
{
    (void)state;
    static const struct {
        int size;
        uint64_t seed;
    } games[] = {
        {5, 0x480780eeb62e8299u}, /* new, n = 17 */
        {5, 0x72c2ba29535cb9adu}, /* kept, n = 11 */
        {5, 0x719a5f6e1a3d97f2u}, /* new, n = 7, rejected */
        {5, 0x42825740a4a97004u}, /* new, n = 10, rejected */
        {7, 87974},               /* kept, n = 22 */
        {7, 279056},              /* new, n = 31 */
        {7, 1647078},             /* kept, n = 23, rejected */
        {9, 25091},               /* new, n = 41, rejected */
        {9, 77947},               /* kept, n = 31 */
        {9, 1466566},             /* kept, n = 45, rejected */
    };
    /* playout i's generator starts from seed ^ i * this */
    const uint64_t step = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        seega_game *g = tu_game(SEEGA_MODERN, games[i].size);
        uint64_t seed = games[i].seed;
        as_public_api(g, seed, 1, 1000000);
        as_public_api(g, seed, 2, 1000000);
        as_public_api(g, seed ^ step, 2, 1000000);
        as_public_api(g, seed ^ 2 * step, 3, 1000000);
        seega_free(g);
    }
}

/*
 * A run that begins with a half kept (pick_t or the placing drew an odd
 * number of times before it) and whose first side to move is blocked:
 * the half stays kept for pick_t, which plays the blocked turn (a pass, a
 * removal). These whole games (found by a search over seeds) meet that
 * alone (count 1) and as the first or the second of two at once.
 */
static void test_blocked_with_a_half_kept(void **state)
{
    (void)state;
    static const struct {
        int v, size;
        uint64_t seed;
        uint32_t count;
    } games[] = {{SEEGA_CLASSIC, 5, 124, 1},  {SEEGA_TRADITIONAL, 5, 172, 1},
                 {SEEGA_CLASSIC, 5, 50, 2},   /* the first of two */
                 {SEEGA_MODERN, 5, 102, 2},   /* the second */
                 {SEEGA_MODERN, 7, 583148, 1}, {SEEGA_CLASSIC, 9, 737, 1},
                 {SEEGA_CLASSIC, 7, 29, 2},   /* the first */
                 {SEEGA_CLASSIC, 7, 0, 2},    /* the second */
                 {SEEGA_CLASSIC, 9, 9, 2},    /* the first */
                 {SEEGA_CLASSIC, 9, 25, 2}};  /* the second */
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        seega_game *g = tu_game(games[i].v, games[i].size);
        as_public_api(g, games[i].seed, games[i].count, 1000000);
        seega_free(g);
    }
}

/* Errors: NULL, version; the game and the stats untouched on error. */
static void test_errors(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    seega_playout_stats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(seega_playouts(NULL, 1, 1, 1, &st), SEEGA_E_INVALID);
    assert_int_equal(seega_playouts(g, 1, 1, 1, NULL), SEEGA_E_INVALID);
    st.version = 0;
    assert_int_equal(seega_playouts(g, 1, 1, 1, &st), SEEGA_E_VERSION);
    assert_non_null(strstr(seega_last_error(g), "version"));
    st.version = SEEGA_PLAYOUT_STATS_VERSION + 1;
    assert_int_equal(seega_playouts(g, 1, 1, 1, &st), SEEGA_E_VERSION);
    assert_int_equal(st.actions, 0);
    seega_free(g);
}

/* Counting allocator: playouts never allocate. */
static long n_allocs;
static void *count_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    n_allocs++;
    return realloc(ptr, nsize);
}

static void test_no_allocation(void **state)
{
    (void)state;
    seega_rules r;
    seega_game *g;
    seega_rules_preset(&r, SEEGA_TRADITIONAL, 9);
    assert_int_equal(seega_new_with_allocator(&r, count_alloc, NULL, &g), SEEGA_OK);
    long before = n_allocs;
    run(g, 1, 20, 2000);
    assert_int_equal(n_allocs, before);
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_modern_games_end),
        cmocka_unit_test(test_finished_game),
        cmocka_unit_test(test_caps),
        cmocka_unit_test(test_uniform),
        cmocka_unit_test(test_same_as_public_api),
        cmocka_unit_test(test_two_at_once),
        cmocka_unit_test(test_rare_draws),
        cmocka_unit_test(test_blocked_with_a_half_kept),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_no_allocation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

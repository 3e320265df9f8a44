/*
 * The fast paths against the library's own canonical code: seega_perft
 * (which counts the last plies without making them, several positions at
 * once) against a perft made action by action through seega_legal_moves,
 * seega_play and seega_undo, and seega_playouts against the same games
 * replayed through the public API, on positions of random games of every
 * preset and size and of random rule sets.
 *
 * Both sides of each comparison are the library: this test passes for
 * whatever the rules are, as long as every path decides them through the
 * same rule predicates (docs/architecture.md). tests/mutate.sh relies on
 * that: it changes one predicate, expects the rest of the suite to fail,
 * and this test to pass; a path that restated a rule would make it fail.
 * test_differential checks the canonical code against the reference.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"
#include "playout_replay.h"

static uint64_t lcg(uint64_t *x)
{
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    return *x >> 33;
}

/* perft through the public API, action by action. */
static uint64_t api_perft(seega_game *g, int depth)
{
    seega_action acts[SEEGA_MAX_ACTIONS];
    if (depth == 0)
        return 1;
    int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
    assert_true(n >= 0);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int32_t i = 0; i < n; i++) {
        assert_int_equal(seega_play(g, acts[i]), SEEGA_OK);
        total += api_perft(g, depth - 1);
        assert_int_equal(seega_undo(g), SEEGA_OK);
    }
    return total;
}

static void same_perft(seega_game *g, int depth)
{
    uint64_t fast = 0;
    assert_int_equal(seega_perft(g, depth, &fast), SEEGA_OK);
    uint64_t slow = api_perft(g, depth);
    if (fast != slow) {
        char spn[SEEGA_SPN_MAX];
        seega_get_spn(g, spn, sizeof spn);
        print_error("perft(%d) of %s: seega_perft %llu, through the API "
                    "%llu\n",
                    depth, spn, (unsigned long long)fast,
                    (unsigned long long)slow);
    }
    assert_true(fast == slow);
}

static void same_playouts(const seega_game *g, uint64_t seed, uint32_t count,
                          uint32_t max_actions)
{
    seega_playout_stats a, b;
    memset(&a, 0, sizeof a);
    a.version = SEEGA_PLAYOUT_STATS_VERSION;
    assert_int_equal(seega_playouts(g, seed, count, max_actions, &a),
                     SEEGA_OK);
    b = replay(g, seed, count, max_actions);
    if (a.actions != b.actions || a.x_wins != b.x_wins ||
        a.o_wins != b.o_wins || a.draws != b.draws ||
        a.unfinished != b.unfinished) {
        char spn[SEEGA_SPN_MAX];
        seega_get_spn(g, spn, sizeof spn);
        print_error("playouts from %s (seed %llu): seega_playouts and the "
                    "API differ\n",
                    spn, (unsigned long long)seed);
    }
    assert_true(a.actions == b.actions);
    assert_true(a.x_wins == b.x_wins && a.o_wins == b.o_wins);
    assert_true(a.draws == b.draws && a.unfinished == b.unfinished);
}

/*
 * A random game of g's rules (at most `plies` actions): every `every`
 * plies, perft to `depth` and a few playouts, both ways. g is left where
 * the game stopped.
 */
static void walk(seega_game *g, uint64_t *x, int plies, int every, int depth)
{
    seega_action acts[SEEGA_MAX_ACTIONS];
    for (int k = 0; k < plies; k++) {
        if (k % every == every - 1) {
            same_perft(g, depth);
            same_playouts(g, *x, 3, 300);
        }
        int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
        if (n <= 0)
            break;
        assert_int_equal(seega_play(g, acts[lcg(x) % (uint32_t)n]), SEEGA_OK);
    }
}

/* The depth that reaches every perft path of a board size: the batches
 * of 5x5 count the last two plies of a node four plies from the end. */
static int depth_for(int size)
{
    return size == 5 ? 4 : 3;
}

static void test_presets(void **state)
{
    (void)state;
    uint64_t x = 17;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        for (int size = 5; size <= 9; size += 2) {
            seega_game *g = tu_game(v, size);
            same_playouts(g, lcg(&x), size == 5 ? 20 : 6, 1500);
            walk(g, &x, size * size + 300, size == 5 ? 2 : 4,
                 depth_for(size));
            seega_free(g);
        }
    }
}

/* Random rule sets: each combination of directions, immunity, chains,
 * the blocked rule, lose_at and the quiet limit picks its own
 * specialisation of the fast paths. */
static void test_random_rules(void **state)
{
    (void)state;
    uint64_t x = 29;
    for (int round = 0; round < 48; round++) {
        lcg(&x);
        seega_rules r = tu_random_rules(x, 12);
        seega_game *g = tu_game_rules(&r);
        same_playouts(g, lcg(&x), 6, 800);
        walk(g, &x, r.board_size * r.board_size + 200,
             r.board_size == 5 ? 3 : 6, depth_for(r.board_size));
        seega_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_presets),
        cmocka_unit_test(test_random_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

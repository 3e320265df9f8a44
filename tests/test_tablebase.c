/*
 * Endgame tablebases (docs/tablebases.md): generation, files, probing and
 * the search with tables, through the public API.
 *
 * - Exactness: every position of the small tiers of several rule sets is
 *   compared with the naive solver of tests/reference (forward iteration
 *   to a fixed point over the reference's own moves), value and distance.
 * - Consistency: every tier is checked against one ply of lookahead
 *   (seega_tb_verify), and random positions against a proof of the search.
 * - Files: resuming, and refusing truncated, corrupt and foreign files.
 * - Bad input of every function.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "tb_naive.h"
#include "tb_scratch.h"
#include "testutil.h"

#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static seega_tablebase *generate(const seega_rules *r, int max,
                                 const char *dir)
{
    char msg[SEEGA_ERROR_MAX];
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    opt.threads = 2;
    int32_t st = seega_tb_generate(r, max, dir, &opt, msg, sizeof msg);
    if (st != SEEGA_OK)
        print_error("generate: %s\n", msg);
    assert_int_equal(st, SEEGA_OK);
    seega_tablebase *tb = NULL;
    st = seega_tb_open(r, dir, &tb, msg, sizeof msg);
    if (st != SEEGA_OK)
        print_error("open: %s\n", msg);
    assert_int_equal(st, SEEGA_OK);
    assert_int_equal(seega_tb_max_pieces(tb), max);
    return tb;
}

static seega_tb_entry probe(const seega_tablebase *tb, seega_game *g)
{
    seega_tb_entry e = {SEEGA_TB_ENTRY_VERSION, 9, 9, 0};
    int32_t st = seega_tb_probe(tb, g, &e);
    if (st != SEEGA_OK)
        print_error("probe: %s\n", seega_last_error(g));
    assert_int_equal(st, SEEGA_OK);
    return e;
}

/* ---- the value of each action ----------------------------------------- */

/* Positions of random placements of 2-3 X and 1-2 O pieces, either side to
 * move (CLASSIC 5x5, a quiet counter 0): the SPN of number i. */
static void random_spn(uint64_t *x, int i, char spn[SEEGA_SPN_MAX])
{
    char board[26];
    memset(board, '.', 25);
    board[25] = 0;
    int nx = 2 + (i & 1), no = 1 + (i / 2 & 1);
    for (int k = 0; k < nx + no;) {
        *x = *x * 6364136223846793005ull + 1442695040888963407ull;
        int sq = (int)((*x >> 33) % 25);
        if (board[sq] == '.')
            board[sq] = k++ < nx ? 'x' : 'o';
    }
    int n = 0;
    for (int rank = 4; rank >= 0; rank--) {
        int run = 0;
        for (int f = 0; f < 5; f++) {
            char c = board[rank * 5 + f];
            if (c == '.') {
                run++;
                continue;
            }
            if (run)
                spn[n++] = (char)('0' + run), run = 0;
            spn[n++] = c;
        }
        if (run)
            spn[n++] = (char)('0' + run);
        spn[n++] = rank ? '/' : ' ';
    }
    snprintf(spn + n, (size_t)SEEGA_SPN_MAX - (size_t)n, "%c 0 0 0 -",
             (*x >> 20) & 1 ? 'x' : 'o');
}

/* seega_tb_probe_actions, on 400 positions (100 where SEEGA_TEST_SCALE is
 * below 1): one entry per legal action, each the value of the position
 * after it seen from the mover (CLASSIC has no quiet limit:
 * the same value where the mover moves again, a chain, else the other
 * side's; one ply more; a draw -1), and the best of them the position's
 * own value. Then a short buffer and bad input. */
static int reduced(void);

static void test_probe_actions(void **state)
{
    (void)state;
    int positions = reduced() ? 100 : 400;
    seega_rules r = rules_of("classic 5");
    char *dir = scratch_dir();
    seega_tablebase *tb = generate(&r, 3, dir);
    seega_game *g = tu_game_rules(&r);
    uint64_t x = 0x243F6A8885A308D3ull;
    int rows = 0, wins = 0, losses = 0, draws = 0;
    for (int i = 0; i < positions; i++) {
        char spn[SEEGA_SPN_MAX];
        random_spn(&x, i, spn);
        tu_load(g, spn);
        seega_tb_entry e[SEEGA_MAX_ACTIONS];
        for (int k = 0; k < SEEGA_MAX_ACTIONS; k++)
            e[k].version = SEEGA_TB_ENTRY_VERSION;
        int32_t n = seega_tb_probe_actions(tb, g, e, SEEGA_MAX_ACTIONS);
        seega_action legal[SEEGA_MAX_ACTIONS];
        assert_int_equal(n, seega_legal_moves(g, legal, SEEGA_MAX_ACTIONS));
        seega_tb_entry whole = probe(tb, g);
        int best_seen = 0, top = -1;
        for (int k = 0; k < n; k++) {
            int found = 0;
            for (int j = 0; j < n; j++)
                found += legal[j] == e[k].best;
            assert_int_equal(found, 1);
            int32_t mover = seega_to_move(g);
            assert_int_equal(seega_play(g, e[k].best), SEEGA_OK);
            seega_tb_entry c = probe(tb, g);
            int same = seega_to_move(g) == mover;
            assert_int_equal(seega_undo(g), SEEGA_OK);
            int32_t v = same ? c.value : -c.value;
            assert_int_equal(e[k].value, v);
            assert_int_equal(e[k].distance, v ? c.distance + 1 : -1);
            /* the best row: the fastest win, a draw, the slowest loss */
            int score = v > 0 ? 20000 - e[k].distance : v < 0 ? e[k].distance : 10000;
            if (score > top)
                top = score;
            best_seen += e[k].best == whole.best;
            wins += v > 0, losses += v < 0, draws += v == 0;
            rows++;
        }
        if (n > 0) {
            int want = whole.value > 0 ? 20000 - whole.distance
                       : whole.value < 0 ? whole.distance : 10000;
            assert_int_equal(top, want);
            assert_int_equal(best_seen, 1);
        }
    }
    assert_true(rows > positions * 5 / 2 && wins > positions / 8 &&
                losses > positions / 8 && draws > positions / 8);

    /* A short buffer: the count, and only cap entries written. */
    tu_load(g, "5/5/5/2x2/xo3 x 0 0 0 -");
    seega_tb_entry two[3];
    for (int k = 0; k < 3; k++)
        two[k] = (seega_tb_entry){SEEGA_TB_ENTRY_VERSION, 7, 7, 7};
    assert_int_equal(seega_tb_probe_actions(tb, g, two, 2), 5);
    assert_int_not_equal(two[1].best, 7);
    assert_int_equal(two[2].value, 7);
    assert_int_equal(seega_tb_probe_actions(tb, g, NULL, 0), 5);
    /* Bad input: an error, nothing written. */
    two[1].version = 99;
    two[0].value = 7;
    assert_int_equal(seega_tb_probe_actions(tb, g, two, 2), SEEGA_E_VERSION);
    assert_int_equal(two[0].value, 7);
    assert_int_equal(seega_tb_probe_actions(tb, g, NULL, 1), SEEGA_E_INVALID);
    assert_int_equal(seega_tb_probe_actions(tb, g, two, -1), SEEGA_E_INVALID);
    assert_int_equal(seega_tb_probe_actions(NULL, g, two, 1), SEEGA_E_INVALID);
    assert_int_equal(seega_tb_probe_actions(tb, NULL, two, 1), SEEGA_E_INVALID);
    assert_int_equal(two[0].value, 7);
    seega_game *start = tu_game_rules(&r);
    two[1].version = SEEGA_TB_ENTRY_VERSION;
    assert_int_equal(seega_tb_probe_actions(tb, start, two, 2),
                     SEEGA_E_NOT_COVERED);
    seega_free(start);
    seega_rules other = rules_of("modern 5");
    seega_game *og = tu_game_rules(&other);
    tu_load(og, "5/5/5/2x2/xo3 x 0 0 0 -");
    assert_int_equal(seega_tb_probe_actions(tb, og, two, 2), SEEGA_E_RULES);
    assert_int_equal(two[0].value, 7);
    seega_free(og);
    seega_free(g);
    seega_tb_close(tb);
    remove_dir(dir);
}

/* ---- exactness against the naive solver ------------------------------- */

typedef struct cmp_state {
    const seega_tablebase *tb;
    seega_game *g;
    int quiet_limit; /* the tables count plies to the settling ply then */
    long long compared, mismatches;
} cmp_state;

static void on_naive(void *user, const char *spn, int value, int distance,
                     int settle)
{
    cmp_state *c = user;
    if (seega_set_spn(c->g, spn) != SEEGA_OK) {
        print_error("naive SPN refused: %s: %s\n", spn,
                    seega_last_error(c->g));
        c->mismatches++;
        return;
    }
    seega_tb_entry e = {SEEGA_TB_ENTRY_VERSION, 9, 9, 0};
    int32_t st = seega_tb_probe(c->tb, c->g, &e);
    c->compared++;
    if (c->quiet_limit)
        distance = settle;
    if (st != SEEGA_OK || e.value != value || e.distance != distance) {
        if (c->mismatches++ < 5)
            print_error("%s: naive %d %d, tables %d %d (status %d)\n", spn,
                        value, distance, (int)e.value, (int)e.distance,
                        (int)st);
    }
}

/* Every position with at most max_x pieces of X and max_o of O. */
static void exact_sides(const char *text, int max_x, int max_o)
{
    int max = max_x > max_o ? max_x : max_o;
    seega_rules r = rules_of(text);
    char *dir = scratch_dir();
    seega_tablebase *tb = generate(&r, max, dir);
    cmp_state c = {tb, tu_game_rules(&r), r.quiet_limit, 0, 0};
    long long states = ref_tb_solve_sides(&r, max_x, max_o, on_naive, &c);
    assert_true(states > 0);
    if (c.mismatches)
        print_error("%s, max %d: %lld of %lld positions differ\n", text, max,
                    c.mismatches, c.compared);
    assert_int_equal(c.mismatches, 0);
    assert_true(c.compared > 0);
    /* every tier also agrees with its own lookahead */
    for (int u = r.lose_at + 1; u <= max; u++)
        for (int t = r.lose_at + 1; t <= max; t++) {
            char msg[SEEGA_ERROR_MAX];
            uint64_t n = 0;
            int32_t st = seega_tb_verify(tb, u, t, &n, msg, sizeof msg);
            if (st != SEEGA_OK)
                print_error("%s\n", msg);
            assert_int_equal(st, SEEGA_OK);
            assert_true(n > 0);
        }
    seega_free(c.g);
    seega_tb_close(tb);
    remove_dir(dir);
}

static void exact_case(const char *text, int max)
{
    exact_sides(text, max, max);
}

/* Pieces a side of the exact comparisons: SEEGA_TB_EXACT_MAX (3 in the
 * ctest test test_tablebase_exact; 2 by default, for the sanitizer and
 * valgrind runs). */
static int exact_max(void)
{
    const char *e = getenv("SEEGA_TB_EXACT_MAX");
    return e && atoi(e) >= 2 && atoi(e) <= 4 ? atoi(e) : 2;
}

/* SEEGA_TEST_SCALE below 1 (the valgrind and 32-bit steps of
 * tests/run_all.sh, which run every test of the other steps again to
 * find memory errors and 32-bit sizes): the rule sets below CLASSIC and
 * TRADITIONAL compared at fewer pieces, the short limits and the mixed
 * fields one case each; every case runs in full in the other steps. */
static int reduced(void)
{
    const char *e = getenv("SEEGA_TEST_SCALE");
    return e && atof(e) > 0 && atof(e) < 1;
}

static void test_exact_classic(void **state)
{
    (void)state;
    exact_case("classic 5", exact_max());
}

static void test_exact_traditional(void **state)
{
    (void)state;
    exact_case("traditional 5", exact_max());
}

/* The quiet-limit presets without their limit: LOSES with eight
 * directions, PASSES, X first. */
static void test_exact_diagonal_no_limit(void **state)
{
    (void)state;
    exact_sides("diagonal 5 quiet_limit=0", exact_max(),
                reduced() ? 1 : exact_max());
}

static void test_exact_modern_no_limit(void **state)
{
    (void)state;
    exact_sides("modern 5 quiet_limit=0", reduced() ? 1 : exact_max(),
                exact_max());
}

/* The quiet-limit presets with their limits: the value at every quiet
 * counter, 0 to the limit, against the naive solver, which keeps the
 * counter in its states (so its work grows with the limit: in the slow
 * run, MODERN up to 2 against 2 and DIAGONAL 2 against 1; one piece a
 * side otherwise). */
static void test_exact_modern(void **state)
{
    (void)state;
    if (exact_max() > 2)
        exact_case("modern 5", 2);
    else
        exact_case("modern 5", 1);
}

static void test_exact_diagonal(void **state)
{
    (void)state;
    exact_sides("diagonal 5", exact_max() > 2 ? 2 : 1, 1);
}

/* Short limits, where the limit decides most positions, with every
 * blocked rule: in the slow run with three pieces on one side. */
static void test_exact_short_limits(void **state)
{
    (void)state;
    exact_case("modern 5 quiet_limit=1", 2);
    if (reduced())
        return;
    exact_case("classic 5 quiet_limit=3", 2);
    if (exact_max() <= 2)
        return;
    exact_sides("modern 5 quiet_limit=4", 3, 2);
    exact_sides("diagonal 5 quiet_limit=5", 2, 3);
    exact_sides("classic 5 quiet_limit=3", 3, 2);
    exact_sides("traditional 5 quiet_limit=6", 3, 2);
    exact_case("classic 5 capture_dirs=all centre_immune=0 blocked=removes "
               "quiet_limit=3", 2);
}

/* Mixed fields: orthogonal steps with captures in eight directions, no
 * immunity, chains, REMOVES with lose_at 0; and OPPONENT_OPENS with
 * captures wider than steps (the must-open rule after captures). */
static void test_exact_mixed(void **state)
{
    (void)state;
    exact_case("classic 5 capture_dirs=all centre_immune=0 blocked=removes", 2);
    if (!reduced())
        exact_case("classic 5 capture_dirs=all lose_at=1", exact_max());
}

/* ---- probes against the search ------------------------------------------ */

/* Random positions of the 3v3 and 3v2 tiers. Where the table sees the end
 * within 7 plies, the search (9 plies deep, no tables) must prove the same
 * result at the same distance; with the tables attached, every covered root
 * is proven at once with the table's value, and the table's action is one
 * ply nearer the end. */
static void test_search_agrees(void **state)
{
    (void)state;
    seega_rules r = rules_of("classic 5");
    char *dir = scratch_dir();
    seega_tablebase *tb = generate(&r, 3, dir);
    seega_game *g = tu_game_rules(&r);
    uint64_t x = 0x9E3779B97F4A7C15ull;
    int proven = 0, wins = 0;
    for (int i = 0; i < 3000; i++) {
        char spn[SEEGA_SPN_MAX];
        random_spn(&x, i, spn);
        tu_load(g, spn);
        int32_t reason;
        if (seega_result(g, &reason) != SEEGA_ONGOING)
            continue;
        seega_tb_entry e = probe(tb, g);
        seega_search_limits lim = SEEGA_SEARCH_LIMITS_INIT;
        seega_search_result res;
        res.version = SEEGA_SEARCH_RESULT_VERSION;
        if (e.value != SEEGA_TB_DRAW && e.distance <= 7) {
            lim.depth = 9;
            assert_int_equal(seega_search(g, &lim, &res), SEEGA_OK);
            assert_int_equal(res.proven, e.value == SEEGA_TB_WIN
                                             ? SEEGA_PROVEN_WIN
                                             : SEEGA_PROVEN_LOSS);
            assert_int_equal(res.proven_plies, e.distance);
            proven++;
            wins += e.value == SEEGA_TB_WIN;
        }
        /* With the tables attached the root is proven at once, and the
         * search's value and action keep the table's. */
        assert_int_equal(seega_set_tablebase(g, tb), SEEGA_OK);
        lim.depth = 2;
        assert_int_equal(seega_search(g, &lim, &res), SEEGA_OK);
        assert_int_equal(seega_set_tablebase(g, NULL), SEEGA_OK);
        if (e.value == SEEGA_TB_WIN) {
            assert_int_equal(res.proven, SEEGA_PROVEN_WIN);
            assert_int_equal(res.proven_plies, e.distance);
        } else if (e.value == SEEGA_TB_LOSS) {
            assert_int_equal(res.proven, SEEGA_PROVEN_LOSS);
            assert_int_equal(res.proven_plies, e.distance);
        }
        /* The best action keeps the value: the child is one ply nearer. */
        if (e.value != SEEGA_TB_DRAW && e.distance > 1) {
            int32_t side = seega_to_move(g);
            assert_int_equal(seega_play(g, e.best), SEEGA_OK);
            seega_tb_entry c = probe(tb, g);
            int same = seega_to_move(g) == side;
            assert_int_equal(c.value, same ? e.value : -e.value);
            assert_int_equal(c.distance, e.distance - 1);
        }
    }
    assert_true(proven > 20);
    assert_true(wins > 0);
    seega_free(g);
    seega_tb_close(tb);
    remove_dir(dir);
}

/* ---- states inside a turn ------------------------------------------------ */

static int score(int value, int dist)
{
    return value > 0 ? 100000 - dist : value < 0 ? -100000 + dist : 0;
}

/* The probe of g is the best of its children's probes, one ply on. */
static void check_by_children(const seega_tablebase *tb, seega_game *g)
{
    seega_tb_entry e = probe(tb, g);
    seega_action acts[SEEGA_MAX_ACTIONS];
    int n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS), best = -1000000;
    int32_t side = seega_to_move(g);
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        assert_int_equal(seega_play(g, acts[i]), SEEGA_OK);
        seega_tb_entry c = probe(tb, g);
        int v = seega_to_move(g) == side ? c.value : -c.value;
        int sc = score(v, c.distance + 1);
        if (sc > best)
            best = sc;
        if (acts[i] == e.best)
            assert_int_equal(sc, score(e.value, e.distance));
        assert_int_equal(seega_undo(g), SEEGA_OK);
    }
    assert_int_equal(best, score(e.value, e.distance));
}

static void test_turn_states(void **state)
{
    (void)state;
    seega_rules r = rules_of("classic 5");
    char *dir = scratch_dir();
    seega_tablebase *tb = generate(&r, 3, dir);
    seega_game *g = tu_game_rules(&r);
    /* A chain under way: a2-b2 takes c2 (d2 beyond); the chain piece and
     * its pass are probed through their actions. */
    tu_load(g, "x3o/5/1o3/x1ox1/5 x 0 0 0 a2");
    check_by_children(tb, g);
    /* The table's best line from a won 3v2 position, to the end: every
     * state on it (chains included) is one ply nearer the end. */
    tu_load(g, "x4/5/5/o4/x1o1x x 0 0 0 -");
    seega_tb_entry e = probe(tb, g);
    assert_int_equal(e.value, SEEGA_TB_WIN);
    int plies = 0;
    for (;;) {
        int32_t reason;
        e = probe(tb, g);
        if (seega_result(g, &reason) != SEEGA_ONGOING) {
            assert_int_equal(e.distance, 0);
            assert_int_equal(e.best, 0);
            break;
        }
        check_by_children(tb, g);
        int32_t side = seega_to_move(g);
        assert_int_equal(seega_play(g, e.best), SEEGA_OK);
        seega_tb_entry c = probe(tb, g);
        assert_int_equal(c.value,
                         seega_to_move(g) == side ? e.value : -e.value);
        assert_int_equal(c.distance, e.distance - 1);
        plies++;
    }
    tu_load(g, "x4/5/5/o4/x1o1x x 0 0 0 -");
    assert_int_equal(plies, probe(tb, g).distance);
    /* The extra turn after a pass (OPPONENT_OPENS): O on a1 is blocked by
     * X on a2 and b1; it passes, and X must open a way. */
    tu_load(g, "5/5/5/x4/ox2x o 0 0 0 -");
    check_by_children(tb, g);
    assert_int_equal(seega_play(g, seega_action_make(SEEGA_ACTION_PASS,
                                                     SEEGA_NO_SQUARE,
                                                     SEEGA_NO_SQUARE)),
                     SEEGA_OK);
    int32_t chain;
    assert_int_equal(seega_turn_state(g, &chain), SEEGA_TURN_EXTRA);
    check_by_children(tb, g);
    seega_free(g);
    seega_tb_close(tb);
    remove_dir(dir);
}

/* ---- the quiet limit ---------------------------------------------------- */

static void expect(const seega_tablebase *tb, seega_game *g, const char *spn,
                   int value, int distance)
{
    tu_load(g, spn);
    seega_tb_entry e = probe(tb, g);
    if (e.value != value || e.distance != distance)
        print_error("%s: %d %d, expected %d %d\n", spn, (int)e.value,
                    (int)e.distance, value, distance);
    assert_int_equal(e.value, value);
    assert_int_equal(e.distance, distance);
}

/*
 * MODERN: a limit of 50 quiet turns, after which the count decides. The
 * value depends on the counter; the distance counts the plies to the one
 * that settles the result, a capture or the end of the game, that ply
 * included (docs/tablebases.md, "The quiet limit").
 */
static void test_quiet_limit(void **state)
{
    (void)state;
    seega_rules r = rules_of("modern 5");
    char *dir = scratch_dir();
    seega_tablebase *tb = generate(&r, 2, dir);
    seega_game *g = tu_game_rules(&r);
    /* X a1, e5 against O c3: no X step makes a sandwich, and a lone piece
     * never captures, so every turn is quiet and the count gives X the
     * game when the limit comes: at counter 49 one turn away, at 0 fifty
     * turns; for O to move, a loss as far. At 50 the game is over. */
    expect(tb, g, "4x/5/2o2/5/x4 x 0 0 49 -", SEEGA_TB_WIN, 1);
    expect(tb, g, "4x/5/2o2/5/x4 x 0 0 0 -", SEEGA_TB_WIN, 50);
    expect(tb, g, "4x/5/2o2/5/x4 o 0 0 49 -", SEEGA_TB_LOSS, 1);
    expect(tb, g, "4x/5/2o2/5/x4 o 0 0 7 -", SEEGA_TB_LOSS, 43);
    expect(tb, g, "4x/5/2o2/5/x4 x 0 0 50 -", SEEGA_TB_WIN, 0);
    /* One against one: the count draws. */
    expect(tb, g, "4x/5/2o2/5/5 x 0 0 49 -", SEEGA_TB_DRAW, -1);
    expect(tb, g, "4x/5/2o2/5/5 o 0 0 0 -", SEEGA_TB_DRAW, -1);
    /* X c2, d1 against O b1, c1: X forces a capture after two quiet turns
     * (its own and O's), so it wins while two quiet turns fit before the
     * limit, at counters up to 47, in 3 plies; from 48 the count (2
     * against 2) draws. The best line from 47: each quiet turn one ply
     * nearer, and the capture, the settling ply, sets the counter to 0. */
    expect(tb, g, "5/5/5/2x2/1oox1 x 0 0 0 -", SEEGA_TB_WIN, 3);
    expect(tb, g, "5/5/5/2x2/1oox1 x 0 0 48 -", SEEGA_TB_DRAW, -1);
    expect(tb, g, "5/5/5/2x2/1oox1 x 0 0 47 -", SEEGA_TB_WIN, 3);
    for (int d = 3; d >= 1; d--) {
        seega_tb_entry e = probe(tb, g);
        assert_int_equal(e.value, d % 2 ? SEEGA_TB_WIN : SEEGA_TB_LOSS);
        assert_int_equal(e.distance, d);
        assert_int_equal(seega_quiet_count(g), 50 - d);
        assert_int_equal(seega_play(g, e.best), SEEGA_OK);
    }
    assert_int_equal(seega_quiet_count(g), 0); /* it captured */
    assert_int_equal(probe(tb, g).value, SEEGA_TB_LOSS); /* O, 1 against 2 */
    seega_free(g);
    seega_tb_close(tb);
    remove_dir(dir);
}

/* A search of the game with the tables attached: its proof. */
static seega_search_result search_with(const seega_tablebase *tb,
                                       seega_game *g)
{
    seega_search_limits lim = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result res;
    memset(&res, 0, sizeof res);
    res.version = SEEGA_SEARCH_RESULT_VERSION;
    lim.depth = 3;
    assert_int_equal(seega_set_tablebase(g, tb), SEEGA_OK);
    assert_int_equal(seega_search(g, &lim, &res), SEEGA_OK);
    assert_int_equal(seega_set_tablebase(g, NULL), SEEGA_OK);
    return res;
}

/*
 * The distance under a quiet limit L, at the counters 0, 1, L-2 and L-1,
 * for a capture now, a capture later and a win by count, X to move and O
 * to move: the probe gives the plies to the settling ply, and a search
 * with the same tables proves the same result at the same distance
 * (seega_search_result.proven_plies). Under MODERN (L = 50):
 *
 * - capture now: X c2, a1 against O b1; c2-c1 takes O's last piece, 1
 *   ply, at every counter (at 49 a quiet move, which brings the count
 *   in the same ply, is as fast); with O e5 besides, the same capture
 *   leaves a game of 2 against 1 that goes on, but settles the result in
 *   that ply (a quiet move at 49 would let the count of 2 against 2
 *   draw);
 * - capture later: X b2, b1 against O a1, in a corner; X needs two quiet
 *   moves of its own and two of O's before b2-a2 traps and takes it (5
 *   plies), unless the count comes first: L - q plies at 48 and 49;
 * - win by count: X a1, e5 against O c3; no capture can be forced, the
 *   count decides, L - q plies away;
 * and for O to move the same positions lose, as far as O can delay.
 *
 * Under DIAGONAL's rules with a limit of 5 (a blocked side loses): X b1,
 * b2, b3 against O a1. No piece in a corner can be taken, but b3-a2
 * blocks O, which loses at once: a quiet ply that settles the game, 1
 * ply at every counter (at 4 the count, 3 against 1, gives the same).
 */
static void test_quiet_distances(void **state)
{
    (void)state;
    static const struct {
        const char *rules, *board;
        char side;
        int value, dist[4]; /* at counters 0, 1, L-2, L-1 */
    } cases[] = {
        {"modern 5", "5/5/5/2x2/xo3", 'x', SEEGA_TB_WIN, {1, 1, 1, 1}},
        {"modern 5", "4o/5/5/2x2/xo3", 'x', SEEGA_TB_WIN, {1, 1, 1, 1}},
        {"modern 5", "5/5/5/1x3/ox3", 'x', SEEGA_TB_WIN, {5, 5, 2, 1}},
        {"modern 5", "4x/5/2o2/5/x4", 'x', SEEGA_TB_WIN, {50, 49, 2, 1}},
        {"modern 5", "5/5/5/1x3/ox3", 'o', SEEGA_TB_LOSS, {50, 49, 2, 1}},
        {"modern 5", "4x/5/2o2/5/x4", 'o', SEEGA_TB_LOSS, {50, 49, 2, 1}},
        {"diagonal 5 quiet_limit=5", "5/5/1x3/1x3/ox3", 'x', SEEGA_TB_WIN,
         {1, 1, 1, 1}},
    };
    const char *made = "";
    char *dir = NULL;
    seega_tablebase *tb = NULL;
    seega_game *g = NULL;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seega_rules r = rules_of(cases[i].rules);
        if (strcmp(made, cases[i].rules) != 0) {
            if (tb) {
                seega_free(g);
                seega_tb_close(tb);
                remove_dir(dir);
            }
            made = cases[i].rules;
            dir = scratch_dir();
            tb = generate(&r, r.quiet_limit == 50 ? 2 : 3, dir);
            g = tu_game_rules(&r);
        }
        int L = r.quiet_limit, counters[4] = {0, 1, L - 2, L - 1};
        for (int k = 0; k < 4; k++) {
            char spn[SEEGA_SPN_MAX];
            snprintf(spn, sizeof spn, "%s %c 0 0 %d -", cases[i].board,
                     cases[i].side, counters[k]);
            expect(tb, g, spn, cases[i].value, cases[i].dist[k]);
            seega_search_result res = search_with(tb, g);
            if (res.proven_plies != cases[i].dist[k])
                print_error("%s: the search proves %d in %d plies\n", spn,
                            (int)res.proven, (int)res.proven_plies);
            assert_int_equal(res.proven, cases[i].value > 0
                                             ? SEEGA_PROVEN_WIN
                                             : SEEGA_PROVEN_LOSS);
            assert_int_equal(res.proven_plies, cases[i].dist[k]);
        }
    }
    seega_free(g);
    seega_tb_close(tb);
    remove_dir(dir);
}

/* ---- files: resume, truncation, corruption, other rules ----------------- */

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

typedef struct stages {
    int found, done;
} stages;

static void count_stages(void *user, const seega_tb_progress *p)
{
    stages *s = user;
    if (p->stage == SEEGA_TB_STAGE_FOUND)
        s->found++;
    if (p->stage == SEEGA_TB_STAGE_DONE)
        s->done++;
}

static void test_files(void **state)
{
    (void)state;
    seega_rules r = rules_of("classic 5"), other = rules_of("traditional 5");
    char *dir = scratch_dir();
    char msg[SEEGA_ERROR_MAX], path[1024], copy[1024];
    seega_tablebase *tb = NULL;

    /* no tables yet */
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg), SEEGA_E_IO);
    assert_null(tb);
    assert_true(strstr(msg, "no tables") != NULL);

    stages s = {0, 0};
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    opt.progress = count_stages;
    opt.progress_user = &s;
    assert_int_equal(seega_tb_generate(&r, 2, dir, &opt, msg, sizeof msg),
                     SEEGA_OK);
    assert_int_equal(s.done, 3); /* 1v1, 1v2+2v1, 2v2 */
    assert_int_equal(s.found, 0);

    /* a second run keeps everything; a lost file is made again, the same */
    snprintf(path, sizeof path, "%s/classic+5.2v1.sgtb", dir);
    long size = file_size(path);
    assert_true(size > 512);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    unsigned char *before = malloc((size_t)size);
    assert_int_equal(fread(before, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    assert_int_equal(unlink(path), 0);
    s.found = s.done = 0;
    assert_int_equal(seega_tb_generate(&r, 2, dir, &opt, msg, sizeof msg),
                     SEEGA_OK);
    assert_int_equal(s.done, 1);
    assert_int_equal(s.found, 2);
    assert_int_equal(file_size(path), size);
    f = fopen(path, "rb");
    unsigned char *after = malloc((size_t)size);
    assert_int_equal(fread(after, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    assert_memory_equal(before, after, (size_t)size);

    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg), SEEGA_OK);
    assert_int_equal(seega_tb_max_pieces(tb), 2);
    seega_tb_close(tb);
    tb = NULL;

    /* other rules: no files of theirs */
    assert_int_equal(seega_tb_open(&other, dir, &tb, msg, sizeof msg),
                     SEEGA_E_IO);
    /* a file of other rules under these rules' name */
    snprintf(copy, sizeof copy, "%s/traditional+5.2v2.sgtb", dir);
    snprintf(path, sizeof path, "%s/classic+5.2v2.sgtb", dir);
    assert_int_equal(rename(path, copy), 0);
    f = fopen(copy, "rb");
    size = file_size(copy);
    unsigned char *buf = malloc((size_t)size);
    assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    assert_int_equal(rename(copy, path), 0);
    /* traditional needs 2v2 only at its smallest: write the classic one
     * under the traditional name */
    f = fopen(copy, "wb");
    fwrite(buf, 1, (size_t)size, f);
    fclose(f);
    assert_int_equal(seega_tb_open(&other, dir, &tb, msg, sizeof msg),
                     SEEGA_E_CORRUPT);
    assert_true(strstr(msg, "other rules") != NULL);
    unlink(copy);

    /* truncated */
    f = fopen(path, "wb");
    fwrite(buf, 1, (size_t)size - 1, f);
    fclose(f);
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg),
                     SEEGA_E_CORRUPT);
    assert_true(strstr(msg, "truncated") != NULL);
    /* one byte changed in the values */
    buf[600] ^= 0x40;
    f = fopen(path, "wb");
    fwrite(buf, 1, (size_t)size, f);
    fclose(f);
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg),
                     SEEGA_E_CORRUPT);
    assert_true(strstr(msg, "checksum") != NULL);
    /* another format version */
    buf[600] ^= 0x40;
    buf[8] = 99;
    f = fopen(path, "wb");
    fwrite(buf, 1, (size_t)size, f);
    fclose(f);
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg),
                     SEEGA_E_CORRUPT);
    assert_true(strstr(msg, "format") != NULL);
    /* only the header */
    f = fopen(path, "wb");
    fwrite(buf, 1, 100, f);
    fclose(f);
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg),
                     SEEGA_E_CORRUPT);
    assert_null(tb);
    /* generation repairs it */
    assert_int_equal(seega_tb_generate(&r, 2, dir, NULL, msg, sizeof msg),
                     SEEGA_OK);
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg), SEEGA_OK);
    seega_tb_close(tb);

    /* a directory that is not there */
    char missing[1100];
    snprintf(missing, sizeof missing, "%s/none", dir);
    assert_int_equal(seega_tb_generate(&r, 2, missing, NULL, msg, sizeof msg),
                     SEEGA_E_IO);
    assert_true(strstr(msg, "none") != NULL);

    free(before);
    free(after);
    free(buf);
    remove_dir(dir);
}

/* The checksum of a table file, written from the description in
 * docs/tablebases.md ("Files"), into its field (offset 104). */
static void put_checksum(unsigned char *b, size_t n)
{
    memset(b + 104, 0, 8);
    uint64_t h = 0x5EE6A7B1E5ull;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w = 0;
        for (int k = 7; k >= 0; k--)
            w = w << 8 | b[i + (size_t)k];
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
        h = h << 31 | h >> 33;
    }
    for (; i < n; i++)
        h = (h ^ b[i]) * 0x100000001B3ull;
    h ^= (uint64_t)n;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    for (int k = 0; k < 8; k++)
        b[104 + k] = (unsigned char)(h >> (8 * k));
}

static unsigned char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    long size = file_size(path);
    assert_true(size > 0);
    unsigned char *b = malloc((size_t)size);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    *n = (size_t)size;
    return b;
}

static void write_file(const char *path, const unsigned char *b, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, n, f), n);
    fclose(f);
}

static void put32(unsigned char *b, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        b[k] = (unsigned char)(v >> (8 * k));
}

static uint32_t get32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
           (uint32_t)b[3] << 24;
}

/* Open with one header field of path's file changed (and the checksum
 * made right again when `sum`): refused, with a message holding `word`. */
static void refused_with(const seega_rules *r, const char *dir,
                         const char *path, const unsigned char *good,
                         size_t n, size_t off, uint32_t value, int sum,
                         const char *word)
{
    unsigned char *b = malloc(n);
    assert_non_null(b);
    memcpy(b, good, n);
    put32(b + off, value);
    if (sum)
        put_checksum(b, n);
    write_file(path, b, n);
    char msg[SEEGA_ERROR_MAX];
    seega_tablebase *tb = NULL;
    int32_t st = seega_tb_open(r, dir, &tb, msg, sizeof msg);
    if (st != SEEGA_E_CORRUPT || !strstr(msg, word) || !strstr(msg, path))
        print_error("field at %zu = %u: status %d, \"%s\" (want \"%s\")\n",
                    off, (unsigned)value, (int)st, msg, word);
    assert_int_equal(st, SEEGA_E_CORRUPT);
    assert_null(tb);
    assert_non_null(strstr(msg, word));
    assert_non_null(strstr(msg, path));
    write_file(path, good, n);
    free(b);
}

/*
 * Each refusal of a file names what is wrong: a header field (the format,
 * the header size, the board, the tier, the bytes a distance, the ranks a
 * slot), and a header whose figures the body contradicts even under a
 * right checksum (wins, draws, losses, the longest win and loss and its
 * slot: what `seega-tb stats` prints), or a quiet-limit table from before
 * the ranks of the side ahead were kept.
 */
static void test_header_refusals(void **state)
{
    (void)state;
    seega_rules r = rules_of("classic 5"), m = rules_of("modern 5");
    char *dir = scratch_dir();
    char path[1024], msg[SEEGA_ERROR_MAX];
    seega_tablebase *tb = generate(&r, 3, dir);
    seega_tb_close(tb);
    snprintf(path, sizeof path, "%s/classic+5.3v3.sgtb", dir);
    size_t n;
    unsigned char *good = read_file(path, &n);
    assert_int_equal(get32(good + 8), 1); /* the format */
    assert_int_equal(get32(good + 352), 0); /* no ranks without a limit */
    uint64_t wins = get32(good + 40), draws = get32(good + 48),
             losses = get32(good + 56);
    uint32_t longest = get32(good + 64), longest_loss = get32(good + 68);
    uint32_t slot = get32(good + 72);
    assert_true(wins > 1 && draws > 0 && losses > 1 && longest > 1);

    refused_with(&r, dir, path, good, n, 8, 3, 0, "format 3");
    refused_with(&r, dir, path, good, n, 12, 513, 0, "header size 513");
    refused_with(&r, dir, path, good, n, 16, 7, 0, "board size 7");
    refused_with(&r, dir, path, good, n, 20, 2, 0, "tier (2v3, not 3v3)");
    refused_with(&r, dir, path, good, n, 28, 3, 0, "bytes a distance 3");
    refused_with(&r, dir, path, good, n, 352, 3, 0, "ranks a slot 3");
    refused_with(&r, dir, path, good, n, 40, (uint32_t)wins + 1, 1,
                 "wins");
    refused_with(&r, dir, path, good, n, 48, (uint32_t)draws - 1, 1,
                 "draws");
    refused_with(&r, dir, path, good, n, 56, (uint32_t)losses + 7, 1,
                 "losses");
    refused_with(&r, dir, path, good, n, 64, longest + 2, 1, "longest win");
    refused_with(&r, dir, path, good, n, 68, longest_loss - 1, 1,
                 "longest loss");
    refused_with(&r, dir, path, good, n, 72, slot + 1, 1, "longest win");
    /* unchanged, it opens */
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg), SEEGA_OK);
    seega_tb_close(tb);
    free(good);

    /* a quiet-limit table with two ranks a slot (ranks field 0) */
    tb = generate(&m, 2, dir);
    seega_tb_close(tb);
    snprintf(path, sizeof path, "%s/modern+5.2v1.sgtb", dir);
    good = read_file(path, &n);
    assert_int_equal(get32(good + 352), 3);
    refused_with(&m, dir, path, good, n, 352, 0, 1, "generate it again");
    refused_with(&m, dir, path, good, n, 352, 4, 1, "ranks a slot 4");
    free(good);
    remove_dir(dir);
}

/*
 * Nothing that opens or resumes tables waits on a FIFO (or a device)
 * named like a tier file, or takes a file it cannot read for a missing
 * tier: SEEGA_E_IO with the file's name. An alarm ends the test if a call
 * blocks.
 */
static void test_special_files(void **state)
{
    (void)state;
    seega_rules r = rules_of("classic 5");
    char *dir = scratch_dir();
    char path[1024], msg[SEEGA_ERROR_MAX];
    seega_tablebase *tb = generate(&r, 2, dir);
    seega_tb_close(tb);
    tb = NULL;
    snprintf(path, sizeof path, "%s/classic+5.2v2.sgtb", dir);
    size_t n;
    unsigned char *good = read_file(path, &n);
    assert_int_equal(unlink(path), 0);
    assert_int_equal(mkfifo(path, 0600), 0);
    alarm(60);
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg),
                     SEEGA_E_IO);
    assert_null(tb);
    assert_non_null(strstr(msg, path));
    assert_non_null(strstr(msg, "not a regular file"));
    /* the generator neither waits on it nor replaces it */
    assert_int_equal(seega_tb_generate(&r, 2, dir, NULL, msg, sizeof msg),
                     SEEGA_E_IO);
    assert_non_null(strstr(msg, path));
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    /* a device */
    assert_int_equal(unlink(path), 0);
    assert_int_equal(symlink("/dev/zero", path), 0);
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg),
                     SEEGA_E_IO);
    assert_non_null(strstr(msg, "not a regular file"));
    /* a loop of links: neither there nor absent */
    assert_int_equal(unlink(path), 0);
    assert_int_equal(symlink(path, path), 0);
    assert_int_equal(seega_tb_open(&r, dir, &tb, msg, sizeof msg),
                     SEEGA_E_IO);
    assert_non_null(strstr(msg, path));
    assert_int_equal(unlink(path), 0);
    alarm(0);

    /* A file it cannot read: as a user other than root, whom permissions
     * do not stop (as root, the check runs in a child that takes the
     * user nobody). */
    write_file(path, good, n);
    assert_int_equal(chmod(path, 0), 0);
    assert_int_equal(chmod(dir, 0755), 0);
    int root = geteuid() == 0;
    pid_t pid = root ? fork() : 0;
    assert_true(pid >= 0);
    if (pid == 0) {
        if (root && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(3);
        int32_t st2 = seega_tb_open(&r, dir, &tb, msg, sizeof msg);
        int ok = st2 == SEEGA_E_IO && tb == NULL && strstr(msg, path) &&
                 strstr(msg, "ermission");
        if (!ok)
            print_error("unreadable: status %d, %s\n", (int)st2, msg);
        if (root) { /* the child's copies, freed for valgrind's count */
            free(good);
            free(dir);
            _exit(ok ? 0 : 1);
        }
        assert_true(ok);
    } else {
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        assert_int_equal(WEXITSTATUS(status), 0);
    }
    chmod(path, 0600);
    free(good);
    remove_dir(dir);
}

/* ---- bad input ----------------------------------------------------------- */

static void test_bad_input(void **state)
{
    (void)state;
    seega_rules r = rules_of("classic 5");
    char *dir = scratch_dir();
    char msg[SEEGA_ERROR_MAX];
    seega_tablebase *tb = NULL;

    assert_int_equal(seega_tb_generate(NULL, 2, dir, NULL, msg, sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_tb_generate(&r, 2, NULL, NULL, msg, sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_tb_generate(&r, 0, dir, NULL, msg, sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_tb_generate(&r, 13, dir, NULL, msg, sizeof msg),
                     SEEGA_E_INVALID);
    seega_rules trad = rules_of("traditional 5");
    assert_int_equal(seega_tb_generate(&trad, 1, dir, NULL, msg, sizeof msg),
                     SEEGA_E_INVALID); /* lose_at 1: two pieces at least */
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    opt.version = 77;
    assert_int_equal(seega_tb_generate(&r, 2, dir, &opt, msg, sizeof msg),
                     SEEGA_E_VERSION);
    opt = (seega_tb_options)SEEGA_TB_OPTIONS_INIT;
    opt.threads = 65;
    assert_int_equal(seega_tb_generate(&r, 2, dir, &opt, msg, sizeof msg),
                     SEEGA_E_INVALID);
    seega_rules big = rules_of("classic 7");
    assert_int_equal(seega_tb_generate(&big, 2, dir, NULL, msg, sizeof msg),
                     SEEGA_E_RULES);
    assert_true(strstr(msg, "5x5") != NULL);
    /* tables of CLASSIC are not those of CLASSIC with a quiet limit */
    seega_rules quiet = rules_of("classic 5 quiet_limit=50");
    assert_int_equal(seega_tb_open(&quiet, dir, &tb, msg, sizeof msg),
                     SEEGA_E_IO);
    assert_true(strstr(msg, "no tables") != NULL);
    seega_rules bad = r;
    bad.version = 99;
    assert_int_equal(seega_tb_open(&bad, dir, &tb, msg, sizeof msg),
                     SEEGA_E_VERSION);
    assert_int_equal(seega_tb_open(&r, NULL, &tb, msg, sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_tb_open(&r, dir, NULL, msg, sizeof msg),
                     SEEGA_E_INVALID);
    assert_null(tb);
    seega_tb_close(NULL);
    assert_int_equal(seega_tb_max_pieces(NULL), SEEGA_E_INVALID);

    tb = generate(&r, 2, dir);
    seega_game *g = tu_game_rules(&r);
    seega_tb_entry e = {SEEGA_TB_ENTRY_VERSION, 0, 0, 0};
    /* the placing */
    assert_int_equal(seega_tb_probe(tb, g, &e), SEEGA_E_NOT_COVERED);
    assert_true(strstr(seega_last_error(g), "not in the tables") != NULL);
    /* three pieces a side in tables of two */
    tu_load(g, "5/5/xxx2/5/ooo2 x 0 0 0 -");
    assert_int_equal(seega_tb_probe(tb, g, &e), SEEGA_E_NOT_COVERED);
    /* 2v3 is not covered either, 2v2 is */
    tu_load(g, "5/5/xx3/5/ooo2 x 0 0 0 -");
    assert_int_equal(seega_tb_probe(tb, g, &e), SEEGA_E_NOT_COVERED);
    tu_load(g, "5/5/xx3/5/oo3 x 0 0 0 -");
    assert_int_equal(seega_tb_probe(tb, g, &e), SEEGA_OK);
    e.version = 2;
    assert_int_equal(seega_tb_probe(tb, g, &e), SEEGA_E_VERSION);
    e.version = SEEGA_TB_ENTRY_VERSION;
    assert_int_equal(seega_tb_probe(NULL, g, &e), SEEGA_E_INVALID);
    assert_int_equal(seega_tb_probe(tb, NULL, &e), SEEGA_E_INVALID);
    assert_int_equal(seega_tb_probe(tb, g, NULL), SEEGA_E_INVALID);
    /* a game of other rules */
    seega_game *t = tu_game(SEEGA_TRADITIONAL, 5);
    tu_load(t, "5/5/xx3/5/oo3 x 0 0 0 -");
    assert_int_equal(seega_tb_probe(tb, t, &e), SEEGA_E_RULES);
    assert_int_equal(seega_set_tablebase(t, tb), SEEGA_E_RULES);
    assert_int_equal(seega_set_tablebase(NULL, tb), SEEGA_E_INVALID);
    seega_free(t);

    seega_tb_tier ti;
    ti.version = SEEGA_TB_TIER_VERSION;
    assert_int_equal(seega_tb_tier_info(tb, 2, 2, &ti), SEEGA_OK);
    assert_int_equal(ti.positions, ti.wins + ti.draws + ti.losses);
    assert_int_equal(seega_tb_tier_info(tb, 3, 2, &ti), SEEGA_E_NOT_COVERED);
    assert_int_equal(seega_tb_tier_info(tb, -1, 2, &ti), SEEGA_E_NOT_COVERED);
    assert_int_equal(seega_tb_tier_info(NULL, 2, 2, &ti), SEEGA_E_INVALID);
    ti.version = 0;
    assert_int_equal(seega_tb_tier_info(tb, 2, 2, &ti), SEEGA_E_VERSION);
    uint64_t n;
    assert_int_equal(seega_tb_verify(tb, 3, 3, &n, msg, sizeof msg),
                     SEEGA_E_NOT_COVERED);
    assert_int_equal(seega_tb_verify(NULL, 1, 1, &n, msg, sizeof msg),
                     SEEGA_E_INVALID);
    assert_string_equal(seega_status_text(SEEGA_E_NOT_COVERED),
                        "position not covered by the tablebase");
    assert_string_equal(seega_status_text(SEEGA_E_IO),
                        "file input/output failed");
    assert_string_equal(seega_status_text(SEEGA_E_CORRUPT),
                        "corrupt or foreign tablebase file");
    seega_free(g);
    seega_tb_close(tb);
    remove_dir(dir);
}

/* The longest win of a tier, as tier_info gives it, is a win at that
 * distance when probed. */
static void test_tier_info(void **state)
{
    (void)state;
    seega_rules r = rules_of("classic 5");
    char *dir = scratch_dir();
    seega_tablebase *tb = generate(&r, 3, dir);
    seega_game *g = tu_game_rules(&r);
    int tiers = 0;
    for (int u = 1; u <= 3; u++)
        for (int t = 1; t <= 3; t++) {
            seega_tb_tier ti;
            ti.version = SEEGA_TB_TIER_VERSION;
            assert_int_equal(seega_tb_tier_info(tb, u, t, &ti), SEEGA_OK);
            assert_int_equal(ti.positions, ti.wins + ti.draws + ti.losses);
            if (!ti.wins) {
                assert_int_equal(ti.longest_win, -1);
                continue;
            }
            tu_load(g, ti.longest_win_spn);
            seega_tb_entry e = probe(tb, g);
            assert_int_equal(e.value, SEEGA_TB_WIN);
            assert_int_equal(e.distance, ti.longest_win);
            assert_int_equal(seega_pieces(g, SEEGA_X), u);
            assert_int_equal(seega_pieces(g, SEEGA_O), t);
            tiers++;
        }
    assert_true(tiers >= 3);
    seega_free(g);
    seega_tb_close(tb);
    remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_tier_info),
        cmocka_unit_test(test_turn_states),
        cmocka_unit_test(test_search_agrees),
        cmocka_unit_test(test_probe_actions),
        cmocka_unit_test(test_exact_classic),
        cmocka_unit_test(test_exact_traditional),
        cmocka_unit_test(test_exact_diagonal_no_limit),
        cmocka_unit_test(test_exact_modern_no_limit),
        cmocka_unit_test(test_exact_mixed),
        cmocka_unit_test(test_exact_modern),
        cmocka_unit_test(test_exact_diagonal),
        cmocka_unit_test(test_exact_short_limits),
        cmocka_unit_test(test_quiet_limit),
        cmocka_unit_test(test_quiet_distances),
        cmocka_unit_test(test_header_refusals),
        cmocka_unit_test(test_special_files),
    };
    /* SEEGA_TEST_FILTER=PATTERN runs only the tests it names (cmocka's
     * wildcards), e.g. "test_exact*". */
    if (getenv("SEEGA_TEST_FILTER"))
        cmocka_set_test_filter(getenv("SEEGA_TEST_FILTER"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * The naive endgame solver of tests/reference/tb_naive.c, on its own.
 *
 * Hand-made positions whose value and distance are worked out below from
 * docs/rules.md (the derivation is in the comment of each), looked up in
 * what the solver reports; every 1v1 CLASSIC position a draw; the number
 * of positions reported; the refusals. And, on a sample of the reported
 * positions, the definition itself checked through the reference's text
 * interface (ref_set_spn, ref_legal, ref_play): a win in d has a child that
 * is a win for the mover in d-1 and none in less, a loss in d has every
 * child a loss for the mover and the longest in d-1, a draw has no
 * winning child and not every child a loss.
 *
 * Small piece counts only (max 2 a side, or 3 on one side), so that it
 * runs in seconds, under valgrind too.
 *
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <seega.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference.h"
#include "tb_naive.h"

/* ------------------------------------------------------------------ */
/* What the solver reports, keyed by SPN                                */

typedef struct {
    char spn[48]; /* "" for an empty slot */
    int16_t dist;
    int16_t settle;
    int8_t value;
} entry;

typedef struct {
    entry *e;
    size_t size; /* a power of two */
    size_t n;
    long dup; /* positions reported twice */
} table;

static uint64_t spn_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    /* FNV's low bits are weak: mix the high ones in. */
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
}

static entry *slot_of(entry *e, size_t size, const char *spn)
{
    size_t i = (size_t)spn_hash(spn) & (size - 1);
    while (e[i].spn[0] && strcmp(e[i].spn, spn) != 0)
        i = (i + 1) & (size - 1);
    return &e[i];
}

static void table_grow(table *t)
{
    size_t size = t->size ? 2 * t->size : 1024;
    entry *e = calloc(size, sizeof *e);
    assert_non_null(e);
    for (size_t i = 0; i < t->size; i++)
        if (t->e[i].spn[0])
            *slot_of(e, size, t->e[i].spn) = t->e[i];
    free(t->e);
    t->e = e;
    t->size = size;
}

static void collect(void *user, const char *spn, int value, int distance,
                    int settle)
{
    table *t = user;
    if (10 * (t->n + 1) > 7 * t->size)
        table_grow(t);
    assert_true(strlen(spn) < sizeof t->e[0].spn);
    entry *e = slot_of(t->e, t->size, spn);
    if (e->spn[0]) {
        t->dup++;
        return;
    }
    strcpy(e->spn, spn);
    e->value = (int8_t)value;
    e->dist = (int16_t)distance;
    e->settle = (int16_t)settle;
    t->n++;
}

static const entry *find(const table *t, const char *spn)
{
    if (t->size == 0)
        return NULL;
    const entry *e = slot_of(t->e, t->size, spn);
    return e->spn[0] ? e : NULL;
}

static void table_free(table *t)
{
    free(t->e);
    memset(t, 0, sizeof *t);
}

/* Solve into t (emptied first); returns the solver's count. */
static long long solve(const seega_rules *r, int max_x, int max_o, table *t)
{
    table_free(t);
    long long n = ref_tb_solve_sides(r, max_x, max_o, collect, t);
    assert_int_equal(t->dup, 0);
    return n;
}

/* Assert the plies to the settling ply reported for spn. */
static void expect_settle(const table *t, const char *spn, int settle)
{
    const entry *e = find(t, spn);
    assert_non_null(e);
    if (e->settle != settle)
        print_error("%s: got settle %d, want %d\n", spn, e->settle, settle);
    assert_int_equal(e->settle, settle);
}

/* Assert the value and distance reported for spn. */
static void expect(const table *t, const char *spn, int value, int dist)
{
    const entry *e = find(t, spn);
    if (e == NULL)
        print_error("not reported: %s\n", spn);
    assert_non_null(e);
    if (e->value != value || e->dist != dist)
        print_error("%s: got value %d distance %d, want %d %d\n", spn,
                    e->value, e->dist, value, dist);
    assert_int_equal(e->value, value);
    assert_int_equal(e->dist, dist);
}

static seega_rules preset(int32_t variant, int32_t quiet_limit)
{
    seega_rules r;
    assert_int_equal(seega_rules_preset(&r, variant, 5), SEEGA_OK);
    r.quiet_limit = quiet_limit;
    return r;
}

/* ------------------------------------------------------------------ */
/* The definition, checked through the text interface                   */

/* A finished game's value for side. */
static int result_value(int result, int side)
{
    if (result == SEEGA_DRAW)
        return 0;
    int winner = result == SEEGA_X_WINS ? SEEGA_X : SEEGA_O;
    return winner == side ? 1 : -1;
}

/* The SPN of g with its quiet counter written as 0 (the solver's form
 * when the rules have no limit). */
static void spn_quiet0(const ref_game *g, char *out, size_t cap)
{
    char spn[128], board[64], side[4], hx[8], ho[8], q[16], st[8];
    ref_get_spn(g, spn, sizeof spn);
    assert_int_equal(sscanf(spn, "%63s %3s %7s %7s %15s %7s", board, side, hx,
                            ho, q, st),
                     6);
    snprintf(out, cap, "%s %s %s %s 0 %s", board, side, hx, ho, st);
}

/*
 * Every reported win or loss, and every stride-th draw, whose children
 * all are reported positions or finished games: its value and distance
 * follow from its children's by the definition. Returns how many were
 * checked; asserts that wins and losses of distance 1 or more were among
 * them.
 */
static long check_definition(const seega_rules *r, const table *t, int stride)
{
    long wins = 0, losses = 0;
    ref_game *g = ref_new(r);
    assert_non_null(g);
    long seen = 0, checked = 0;
    for (size_t i = 0; i < t->size; i++) {
        const entry *e = &t->e[i];
        if (!e->spn[0])
            continue;
        if (e->dist < 0 && seen++ % stride != 0)
            continue; /* draws: a sample */
        assert_int_equal(ref_set_spn(g, e->spn), 0);
        int mover = ref_to_move(g);
        int res = ref_result(g, NULL);
        if (res != SEEGA_ONGOING) {
            assert_int_equal(e->value, result_value(res, mover));
            assert_int_equal(e->dist, 0);
            checked++;
            continue;
        }
        char texts[REF_MAX_ACTIONS][8];
        int n = ref_legal(g, texts, REF_MAX_ACTIONS);
        assert_true(n > 0);
        int known = 1, win_min = -1, all_lost = 1, lost_max = -1;
        for (int a = 0; a < n && known; a++) {
            assert_int_equal(ref_play(g, texts[a]), 0);
            int cv = 0, cd = 0;
            int cres = ref_result(g, NULL);
            if (cres != SEEGA_ONGOING) {
                cv = result_value(cres, ref_to_move(g));
                cd = 0;
            } else {
                char spn[128];
                if (r->quiet_limit == 0)
                    spn_quiet0(g, spn, sizeof spn);
                else
                    ref_get_spn(g, spn, sizeof spn);
                const entry *c = find(t, spn);
                if (c == NULL) {
                    known = 0; /* a chain, '!' or '*' state: not reported */
                } else {
                    cv = c->value;
                    cd = c->dist;
                }
            }
            int same = ref_to_move(g) == mover;
            assert_int_equal(ref_undo(g), 0);
            if (!known)
                break;
            if (!same)
                cv = -cv;
            if (cv > 0 && (win_min < 0 || cd < win_min))
                win_min = cd;
            if (cv >= 0)
                all_lost = 0;
            else if (cd > lost_max)
                lost_max = cd;
        }
        if (!known)
            continue;
        int want_v, want_d;
        if (win_min >= 0) {
            want_v = 1;
            want_d = win_min + 1;
        } else if (all_lost) {
            want_v = -1;
            want_d = lost_max + 1;
        } else {
            want_v = 0;
            want_d = -1;
        }
        if (e->value != want_v || e->dist != want_d)
            print_error("%s: reported %d %d, its children give %d %d\n",
                        e->spn, e->value, e->dist, want_v, want_d);
        assert_int_equal(e->value, want_v);
        assert_int_equal(e->dist, want_d);
        wins += want_v > 0;
        losses += want_v < 0;
        checked++;
    }
    ref_free(g);
    assert_true(wins > 0);
    assert_true(losses > 0);
    return checked;
}

/* ------------------------------------------------------------------ */
/* Tests                                                                */

static void test_refusals(void **state)
{
    (void)state;
    seega_rules r = preset(SEEGA_CLASSIC, 0);
    assert_int_equal(ref_tb_solve(&r, 0, NULL, NULL), -1);
    assert_int_equal(ref_tb_solve(&r, 13, NULL, NULL), -1);
    assert_int_equal(ref_tb_solve(&r, -1, NULL, NULL), -1);
    assert_int_equal(ref_tb_solve(NULL, 2, NULL, NULL), -1);
    assert_int_equal(ref_tb_solve_sides(&r, 0, 2, NULL, NULL), -1);
    assert_int_equal(ref_tb_solve_sides(&r, 2, 13, NULL, NULL), -1);
    seega_rules r7;
    assert_int_equal(seega_rules_preset(&r7, SEEGA_CLASSIC, 7), SEEGA_OK);
    assert_int_equal(ref_tb_solve(&r7, 1, NULL, NULL), -1);
    seega_rules r9;
    assert_int_equal(seega_rules_preset(&r9, SEEGA_TRADITIONAL, 9), SEEGA_OK);
    assert_int_equal(ref_tb_solve(&r9, 2, NULL, NULL), -1);
    /* Invalid rules on 5x5. */
    seega_rules bad = r;
    bad.version = 99;
    assert_int_equal(ref_tb_solve(&bad, 1, NULL, NULL), -1);
    bad = r;
    bad.lose_at = 2;
    assert_int_equal(ref_tb_solve(&bad, 1, NULL, NULL), -1);
    bad = r;
    bad.quiet_limit = -1;
    assert_int_equal(ref_tb_solve(&bad, 1, NULL, NULL), -1);
    /* A start set too large to number is refused at once. */
    assert_int_equal(ref_tb_solve(&r, 12, NULL, NULL), -1);
}

/*
 * 1v1 CLASSIC: a capture needs two pieces of the mover (one arriving, one
 * beyond the enemy), so with one piece a side nothing is ever captured;
 * a lone piece has at least two orthogonal neighbours and one enemy piece
 * fills at most one, so nobody is ever blocked; and there is no quiet
 * limit. Every game goes on forever: every position is a draw, and the
 * states are exactly the 25 * 24 boards, either side to move (no chain,
 * '!' or finished state is reachable).
 */
static void test_classic_1v1_draws(void **state)
{
    (void)state;
    seega_rules r = preset(SEEGA_CLASSIC, 0);
    table t = {0};
    long long n = solve(&r, 1, 1, &t);
    assert_int_equal(n, 1200);
    assert_int_equal(t.n, 1200);
    for (size_t i = 0; i < t.size; i++) {
        if (!t.e[i].spn[0])
            continue;
        assert_int_equal(t.e[i].value, 0);
        assert_int_equal(t.e[i].dist, -1);
    }
    /* X a1, O e5. */
    expect(&t, "4o/5/5/5/x4 x 0 0 0 -", 0, -1);
    table_free(&t);
}

static void test_classic_max2(void **state)
{
    (void)state;
    seega_rules r = preset(SEEGA_CLASSIC, 0);
    table t = {0};
    /* The same through the interface of the task, max_pieces 2. */
    long long n = ref_tb_solve(&r, 2, collect, &t);
    assert_int_equal(t.dup, 0);
    assert_true(n > 0);
    /* Reported: every board with 1 or 2 pieces a side, either side to
     * move: 2 * (25*24 + 2 * 300*23 + 300*253) = 180600. The states
     * solved are more (those with no piece of a side, '!' states). */
    assert_int_equal(t.n, 180600);
    assert_true(n > 180600);

    /*
     * X a1, b3; O a2; X to move. b3-a3 arrives next to a2 with a1 beyond
     * it: a2 is captured, O has no piece left and loses at once. A
     * finished game is at distance 0, so this is a win in 1.
     */
    expect(&t, "5/5/1x3/o4/x4 x 0 0 0 -", 1, 1);
    /* 1v1 inside the larger set: still a draw (see above). */
    expect(&t, "4o/5/5/5/x4 o 0 0 0 -", 0, -1);

    long checked = check_definition(&r, &t, 13);
    assert_true(checked > 5000);
    table_free(&t);
}

/*
 * The chain: CLASSIC, X b1, d2, b5; O c2, b4; X to move. (A chain needs
 * three pieces of the mover: the two captures need two different far
 * pieces, since no square lies two steps in line from both of two
 * neighbouring squares; hence X up to 3 pieces, O up to 2.)
 *
 *   5  . x . . .
 *   4  . o . . .
 *   3  . . . . .
 *   2  . . o x .
 *   1  . x . . .
 *      a b c d e
 *
 * b1-b2 captures c2 (d2 beyond it); O is left with b4, and b2-b3 would
 * capture b4 (b5 beyond), so the chain goes on: that state is a win in 1
 * for X (b2-b3 takes the last piece). So b1-b2 is a win in 2: each chain
 * step is a ply. No X step captures two pieces at once (b1-b2 is the
 * only capturing step), so there is no win in 1: a win in 2 exactly.
 * (Without chain captures the turn would end after b1-b2 and O would
 * move: a win would take at least 3 plies.)
 */
static void test_classic_chain(void **state)
{
    (void)state;
    const char *spn = "1x3/1o3/5/2ox1/1x3 x 0 0 0 -";
    seega_rules r = preset(SEEGA_CLASSIC, 0);
    table t = {0};
    assert_true(solve(&r, 3, 2, &t) > 0);
    expect(&t, spn, 1, 2);
    table_free(&t);
}

static void test_diagonal(void **state)
{
    (void)state;
    seega_rules r = preset(SEEGA_DIAGONAL, 0);
    table t = {0};

    /*
     * X a1 alone; O a2, b1, b2; X to move. With moves in eight
     * directions a1 has three neighbours, all taken: X has no step at
     * the start of its turn, and under blocked LOSES it has lost: a
     * finished game, a loss at distance 0. (Three O pieces: O up to 3.)
     */
    assert_true(solve(&r, 1, 3, &t) > 0);
    expect(&t, "5/5/5/oo3/xo3 x 0 0 0 -", -1, 0);

    /*
     * X a2, c3; O b2; X to move. a2-a1 arrives with b2 next to it to the
     * north-east and c3 beyond (captures in eight directions; the centre
     * piece may be the far side of a sandwich): b2 is captured, O has no
     * piece left. A win in 1.
     */
    assert_true(solve(&r, 2, 2, &t) > 0);
    expect(&t, "5/5/2x2/xo3/5 x 0 0 0 -", 1, 1);
    assert_true(check_definition(&r, &t, 29) > 2000);
    table_free(&t);
}

/*
 * TRADITIONAL (lose_at 1): X a1, b3; O a2, e5; X to move. b3-a3 captures
 * a2 (a1 beyond): O is left with one piece, lose_at or fewer, and loses at
 * once. A win in 1. And with lose_at 1 a start set needs two pieces a
 * side: with max_pieces 1 it is empty, and nothing is solved.
 */
static void test_traditional(void **state)
{
    (void)state;
    seega_rules r = preset(SEEGA_TRADITIONAL, 0);
    table t = {0};
    assert_int_equal(solve(&r, 1, 1, &t), 0);
    assert_int_equal(t.n, 0);

    long long n = solve(&r, 2, 2, &t);
    assert_true(n > 0);
    /* 2v2 boards only: 2 * 300 * 253. */
    assert_int_equal(t.n, 151800);
    expect(&t, "4o/5/1x3/o4/x4 x 0 0 0 -", 1, 1);
    assert_true(check_definition(&r, &t, 17) > 2000);
    table_free(&t);
}

/*
 * MODERN with quiet_limit 2 (the counter decides). X a1, e5; O c3.
 *
 *   5  . . . . x
 *   3  . . o . .
 *   1  x . . . .
 *
 * No capture is possible here for X in one move (c3 is the centre and
 * immune anyway, and no X piece can reach a square next to it with
 * another X piece beyond), and O, with one piece, never captures. Nobody
 * is blocked (one O piece cannot box in two X pieces, nor two X pieces
 * the centre, which has four neighbours).
 * - quiet 2 at a turn start: the game is over, scored by count, X 2 to
 *   O 1: X wins. X to move: win at 0; O to move: loss at 0.
 * - quiet 1, X to move: every X move (no capture) ends a quiet turn, the
 *   counter reaches 2: X wins. A win in 1. O to move: every O move does
 *   the same: a loss in 1.
 * - quiet 0, X to move: every X move gives O to move at quiet 1 with the
 *   same material: each a loss in 1 for O (as above, wherever the pieces
 *   stand: one O piece never captures, 2 X pieces always beat 1 on
 *   count). A win in 2. O to move at quiet 0: every O move gives X to
 *   move at quiet 1, 2v1: a win in 1 for X. A loss in 2.
 * 1v1, X a1, O e5: at quiet 2 a finished draw by count (value 0,
 * distance 0); at quiet 1 every move ends the game in a drawn count: no
 * child wins, not all lose: a draw, distance -1.
 */
static void test_quiet_limit(void **state)
{
    (void)state;
    seega_rules r = preset(SEEGA_MODERN, 2);
    table t = {0};
    long long n = solve(&r, 2, 2, &t);
    assert_true(n > 0);
    /* Every counter 0..2: 3 * 180600. */
    assert_int_equal(t.n, 3 * 180600);
    expect(&t, "4x/5/2o2/5/x4 x 0 0 2 -", 1, 0);
    expect(&t, "4x/5/2o2/5/x4 o 0 0 2 -", -1, 0);
    expect(&t, "4x/5/2o2/5/x4 x 0 0 1 -", 1, 1);
    expect(&t, "4x/5/2o2/5/x4 o 0 0 1 -", -1, 1);
    expect(&t, "4x/5/2o2/5/x4 x 0 0 0 -", 1, 2);
    expect(&t, "4x/5/2o2/5/x4 o 0 0 0 -", -1, 2);
    expect(&t, "4o/5/5/5/x4 x 0 0 2 -", 0, 0);
    expect(&t, "4o/5/5/5/x4 x 0 0 1 -", 0, -1);
    assert_true(check_definition(&r, &t, 37) > 5000);
    /* The plies to the ply that settles the result: where the limit
     * decides, the same as the distance. */
    expect_settle(&t, "4x/5/2o2/5/x4 x 0 0 0 -", 2);
    expect_settle(&t, "4x/5/2o2/5/x4 o 0 0 1 -", 1);
    expect_settle(&t, "4x/5/2o2/5/x4 x 0 0 2 -", 0);
    expect_settle(&t, "4o/5/5/5/x4 x 0 0 1 -", -1);
    /* X a1, c2; O b1, e5. c2-c1 takes b1 (X a1 and c1 around it), and the
     * count then gives X the game two quiet turns later: a win in 3
     * plies, settled by the capture, in 1. A quiet X move instead lets O
     * move too, and the count of 2 against 2 draws. At counter 1 the same
     * capture (the counter then 0 again) is the only win. */
    expect(&t, "4o/5/5/2x2/xo3 x 0 0 0 -", 1, 3);
    expect_settle(&t, "4o/5/5/2x2/xo3 x 0 0 0 -", 1);
    expect(&t, "4o/5/5/2x2/xo3 x 0 0 1 -", 1, 3);
    expect_settle(&t, "4o/5/5/2x2/xo3 x 0 0 1 -", 1);

    /* A custom limit of 6 works, with every counter reported. */
    r.quiet_limit = 6;
    assert_true(solve(&r, 1, 1, &t) > 0);
    assert_int_equal(t.n, 7 * 1200);
    expect(&t, "4o/5/5/5/x4 x 0 0 6 -", 0, 0);
    expect(&t, "4o/5/5/5/x4 x 0 0 0 -", 0, -1);
    table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_classic_1v1_draws),
        cmocka_unit_test(test_classic_max2),
        cmocka_unit_test(test_classic_chain),
        cmocka_unit_test(test_diagonal),
        cmocka_unit_test(test_traditional),
        cmocka_unit_test(test_quiet_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

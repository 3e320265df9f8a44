/*
 * Notation (docs/notation.md): SPN refusal cases one by one ("Refused
 * positions" (#notation_refused)), accepted odd-but-well-formed
 * positions, canonical writing, white space, round trips on every size;
 * action text parsing and formatting.
 *
 * Every expectation is derived by hand from docs/notation.md and the
 * team's decisions where it is silent (fields separated by spaces only,
 * quiet at most 2147483647, off-board or malformed action text is
 * SEEGA_E_PARSE).
 *
 * The refusal tables check every case and report each failing one before
 * the test fails, so one library bug does not hide the others.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

struct spn_case {
    int32_t variant;
    int32_t ppt; /* placements_per_turn, 0: the preset's */
    const char *spn;
    const char *fields; /* words one of which the message should hold */
};

/* A distinct, valid position loaded before each refusal. */
static const char *const base_spn[] = {
    "",                        /* unused: variants are 1-4 */
    "4o/5/5/5/x4 x 0 0 3 -",   /* CLASSIC */
    "4o/5/5/5/x4 x 0 0 3 -",   /* DIAGONAL */
    "4o/5/5/5/x4 x 0 0 3 -",   /* MODERN */
    "o3o/5/5/5/xx3 x 0 0 3 -", /* TRADITIONAL */
};

static seega_game *case_game(const struct spn_case *c)
{
    seega_rules r = tu_rules(c->variant, 5);
    if (c->ppt)
        r.placements_per_turn = c->ppt;
    return tu_game_rules(&r);
}

static void run_refusals(const struct spn_case *cases, size_t n)
{
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        seega_game *g = case_game(&cases[i]);
        tu_load(g, base_spn[cases[i].variant]);
        bad += tu_check_refused(g, cases[i].spn, cases[i].fields);
        /* and refused by a fresh game too, which stays at the start */
        seega_free(g);
        g = case_game(&cases[i]);
        bad += tu_check_refused(g, cases[i].spn, NULL);
        seega_free(g);
    }
    assert_int_equal(bad, 0);
}

static void run_acceptances(const struct spn_case *cases, size_t n)
{
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        seega_game *g = case_game(&cases[i]);
        bad += tu_check_accepted(g, cases[i].spn, NULL);
        assert_int_equal(seega_history_length(g), 0);
        seega_free(g);
    }
    assert_int_equal(bad, 0);
}

#define C SEEGA_CLASSIC
#define D SEEGA_DIAGONAL
#define M SEEGA_MODERN
#define T SEEGA_TRADITIONAL
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Wrong number of fields. */
static void test_refuse_field_count(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "", NULL},
        {C, 0, "   ", NULL},
        {C, 0, "5/5/5/5/5", NULL},
        {C, 0, "5/5/5/5/5 x 12 12", "field"},
        {C, 0, "5/5/5/5/5 x 12 12 0", "field"},
        {C, 0, "5/5/5/5/5 x 12 12 0 - -", "field"},
        {C, 0, "5/5/5/5/5 x 12 12 0 - 0", "field"},
        {C, 0, "5/5/5/5/5 x 1 2 12 0 -", NULL},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/* Separators: spaces only between fields; nothing glued together. */
static void test_refuse_separators(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "5/5/5/5/5\tx 12 12 0 -", NULL},
        {C, 0, "5/5/5/5/5 x\t12 12 0 -", NULL},
        {C, 0, "5/5/5/5/5 x 12 12 0\n-", NULL},
        {C, 0, "5/5/5/5/5x 12 12 0 -", NULL},
        {C, 0, "5/5/5/5/5 x 12 12 0 - x", NULL},
        {C, 0, "5/5/5/5/5,x,12,12,0,-", NULL},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/* Wrong number of ranks, or of squares in a rank. */
static void test_refuse_ranks_and_squares(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "5/5/5/5 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5/5/5/5/5 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5/5/5/5/ x 12 12 0 -", "board|rank"},
        {C, 0, "/5/5/5/5/5 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5//5/5 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5/4/5/5 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5/6/5/5 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5/5/5/x5 x 11 12 0 +", "board|rank"},
        {C, 0, "5/5/5/5/xxxx x 8 12 0 -", "board|rank"},
        {C, 0, "7/7/7/7/7/7/7 x 24 24 0 -", "board|rank"},
        {C, 0, "9/9/9/9/9/9/9/9/9 x 40 40 0 -", "board|rank"},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/* Runs of empty squares: one digit 1-9, never split, never 0. */
static void test_refuse_non_canonical_runs(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "5/5/5/5/23 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5/5/5/11111 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5/5/5/14 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5/5/5/05 x 12 12 0 -", "board|rank"},
        {C, 0, "5/5/5/5/x04 x 11 12 0 +", "board|rank"},
        {C, 0, "5/5/5/5/x13 x 11 12 0 +", "board|rank"},
        {C, 0, "4o/5/5/5/x22 x 0 0 0 -", "board|rank"},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/* Bad characters in each field. */
static void test_refuse_bad_characters(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "5/5/5/5/X4 x 11 12 0 +", "board|rank"},
        {C, 0, "5/5/5/5/O4 o 12 11 0 +", "board|rank"},
        {C, 0, "5/5/5/5/z4 x 11 12 0 +", "board|rank"},
        {C, 0, "5/5/5/5/.4 x 11 12 0 +", "board|rank"},
        {C, 0, "5/5/5/5/x4 X 11 12 0 +", "move|side|turn"},
        {C, 0, "5/5/5/5/5 X 12 12 0 -", "move|side|turn"},
        {C, 0, "5/5/5/5/5 - 12 12 0 -", "move|side|turn"},
        {C, 0, "5/5/5/5/5 xo 12 12 0 -", "move|side|turn"},
        {C, 0, "5/5/5/5/5 0 12 12 0 -", "move|side|turn"},
        {C, 0, "5/5/5/5/5 x 012 12 0 -", "hand"},
        {C, 0, "5/5/5/5/5 x 12 012 0 -", "hand"},
        {C, 0, "5/5/5/5/5 x +12 12 0 -", "hand"},
        {C, 0, "5/5/5/5/5 x 12 1a 0 -", "hand"},
        {C, 0, "5/5/5/5/5 x x 12 0 -", "hand"},
        {C, 0, "4o/5/5/5/x4 x -0 0 0 -", "hand"},
        {C, 0, "4o/5/5/5/x4 x 0 00 0 -", "hand"},
        {C, 0, "4o/5/5/5/x4 x 0 0 00 -", "quiet"},
        {C, 0, "4o/5/5/5/x4 x 0 0 01 -", "quiet"},
        {C, 0, "4o/5/5/5/x4 x 0 0 -1 -", "quiet"},
        {C, 0, "4o/5/5/5/x4 x 0 0 +1 -", "quiet"},
        {C, 0, "4o/5/5/5/x4 x 0 0 1.0 -", "quiet"},
        {C, 0, "4o/5/5/5/x4 x 0 0 0x10 -", "quiet"},
        {C, 0, "4o/5/5/5/x4 x 0 0 - -", "quiet"},
        {C, 0, "5/5/5/5/5 x 12 12 0 ?", "state"},
        {C, 0, "5/5/5/5/5 x 12 12 0 --", "state"},
        {C, 0, "4o/5/5/5/x4 x 0 0 0 +-", "state"},
        {C, 0, "4o/5/5/5/x4 x 0 0 0 0", "state"},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/* quiet above 2147483647 is refused, whatever the limit. */
static void test_refuse_quiet_overflow(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "4o/5/5/5/x4 x 0 0 2147483648 -", "quiet"},
        {C, 0, "4o/5/5/5/x4 x 0 0 4294967296 -", "quiet"},
        {C, 0, "4o/5/5/5/x4 x 0 0 4294967297 -", "quiet"},
        {C, 0, "4o/5/5/5/x4 x 0 0 99999999999999999999999 -", "quiet"},
        {T, 0, "o3o/5/5/5/xx3 x 0 0 2147483648 -", "quiet"},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/* More pieces on board plus in hand than a side has (12 on 5x5). */
static void test_refuse_too_many_pieces(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "5/5/5/5/5 x 13 12 0 -", NULL},
        {C, 0, "5/5/5/5/5 x 12 13 0 -", NULL},
        {C, 0, "5/5/5/5/x4 x 12 12 0 +", NULL},
        /* moving phase: 13 X on the board */
        {C, 0, "xxxxx/xxxxx/xxx1o/ooooo/oooo1 o 0 0 0 -", NULL},
        /* 13 O */
        {M, 0, "ooooo/ooooo/ooo1x/xxxxx/xxxx1 x 0 0 0 -", NULL},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/*
 * During the placing: board plus hand equals the total; centre empty;
 * quiet 0; counts, side to move and '+'/'-' per the placing order.
 */
static void test_refuse_placing_inconsistent(void **state)
{
    static const struct spn_case cases[] = {
        /* board + hand != 12 */
        {C, 0, "5/5/5/5/x4 x 10 12 0 +", NULL},
        {C, 0, "5/5/5/5/xx3 o 10 11 0 -", NULL},
        {C, 0, "5/5/5/5/5 x 11 12 0 -", NULL},
        {C, 0, "5/5/5/5/5 x 0 12 0 -", NULL},
        /* a piece on the centre */
        {C, 0, "5/5/2x2/5/x4 o 10 12 0 -", NULL},
        {C, 0, "5/5/2o2/5/xx3 o 10 11 0 +", NULL},
        /* quiet other than 0 */
        {C, 0, "5/5/5/5/xx3 o 10 12 1 -", "quiet"},
        {M, 0, "5/5/5/5/xx3 o 10 12 3 -", "quiet"},
        /* order: side to move / '+' / counts */
        {C, 0, "5/5/5/5/5 o 12 12 0 -", NULL},
        {C, 0, "5/5/5/5/5 x 12 12 0 +", NULL},
        {C, 0, "5/5/5/5/x4 x 11 12 0 -", NULL},
        {C, 0, "5/5/5/5/x4 o 11 12 0 -", NULL},
        {C, 0, "5/5/5/5/x4 o 11 12 0 +", NULL},
        {C, 0, "5/5/5/5/xx3 x 10 12 0 -", NULL},
        {C, 0, "5/5/5/5/xx3 o 10 12 0 +", NULL},
        {C, 0, "5/5/5/5/xx3 x 10 12 0 +", NULL},
        {C, 0, "5/5/5/5/oo3 x 12 10 0 -", NULL},
        {C, 0, "5/5/5/5/xxx2 o 9 12 0 -", NULL},
        {C, 0, "5/5/5/5/xxo2 x 10 11 0 -", NULL},
        {C, 0, "o3o/5/5/5/x3x o 10 10 0 -", NULL},
        {C, 0, "o3o/5/5/5/x3x o 10 10 0 +", NULL},
        /* the last placement is O's: X cannot still hold a piece */
        {C, 0, "xoxox/oxxxo/xo1ox/oxxxo/oo1oo x 1 0 0 -", NULL},
        {C, 0, "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 -", NULL},
        /* a chain square, '!' or '*' during the placing */
        {C, 0, "5/5/5/5/x4 x 11 12 0 a1", "state"},
        {C, 0, "5/5/5/5/xx3 o 10 12 0 !", "state"},
        {T, 0, "5/2x2/5/2x2/5 o 10 12 0 *", "state"},
        /* one placement per turn: never '+', X and O alternate */
        {C, 1, "5/5/5/5/x4 x 11 12 0 +", NULL},
        {C, 1, "5/5/5/5/x4 x 11 12 0 -", NULL},
        {C, 1, "5/5/5/5/xx3 o 10 12 0 -", NULL},
        {C, 1, "5/5/5/5/xo3 o 11 11 0 -", NULL},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/* Opening squares (TRADITIONAL): X's first on c2 c4, O's on b3 d3. */
static void test_refuse_opening_squares(void **state)
{
    static const struct spn_case cases[] = {
        {T, 0, "5/5/5/5/x4 x 11 12 0 +", NULL},
        {T, 0, "5/5/1x3/5/5 x 11 12 0 +", NULL},
        {T, 0, "5/5/5/5/xx3 o 10 12 0 -", NULL},
        {T, 0, "5/2x2/5/5/x4 o 10 12 0 -", NULL},
        {T, 0, "5/2x2/5/2x2/o4 o 10 11 0 +", NULL},
        {T, 0, "5/2x2/o4/2x2/o4 x 10 10 0 -", NULL},
        {T, 0, "5/2x2/1o3/2x2/o4 x 10 10 0 -", NULL},
        {T, 0, "5/2x2/1o1o1/x4/5 x 10 10 0 -", NULL},
        {T, 1, "5/5/5/5/x4 o 11 12 0 -", NULL},
        {T, 1, "5/5/5/2x2/o4 x 11 11 0 -", NULL},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/* '+' outside the placing; quiet above a nonzero limit; both at lose_at. */
static void test_refuse_moving_phase(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "4o/5/5/5/xx3 x 0 0 0 +", "state"},
        {M, 0, "4o/5/5/5/xx3 x 0 0 51 -", "quiet"},
        {M, 0, "4o/5/5/5/xx3 x 0 0 1000 -", "quiet"},
        {D, 0, "4o/5/5/5/xx3 x 0 0 151 -", "quiet"},
        {M, 0, "5/5/5/5/5 x 0 0 0 -", NULL},
        {C, 0, "5/5/5/5/5 o 0 0 0 -", NULL},
        {T, 0, "4o/5/5/5/x4 x 0 0 0 -", NULL},
        {T, 0, "5/5/5/5/x4 o 0 0 0 -", NULL},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/*
 * Chain squares. The reference position, accepted by CLASSIC and
 * TRADITIONAL (see test_rules_chain.c):
 *
 *   x . . . o
 *   o x . . .
 *   . o . . .      X's c2 piece can capture with c2-b2.
 *   x . x . x
 *   . . . . .
 */
static void test_refuse_chain_square(void **state)
{
    static const struct spn_case cases[] = {
        /* chain captures off */
        {M, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 c2", "state|chain"},
        {D, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 c2", "state|chain"},
        /* an empty square; an enemy piece */
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 b2", "state|chain"},
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 b3", "state|chain"},
        {C, 0, "x3o/ox3/1o3/x1x1x/5 o 0 0 0 c2", "state|chain"},
        /* X's e2 and a5 have no capturing move */
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 e2", "state|chain"},
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 a5", "state|chain"},
        /* quiet other than 0 */
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 1 c2", "state|chain|quiet"},
        {T, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 7 c2", "state|chain|quiet"},
        /* a side at lose_at: TRADITIONAL, O has one piece */
        {T, 0, "5/1x3/1o3/2x1x/5 x 0 0 0 c2", NULL},
        /* not a square of this board, or not canonical */
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 f2", "state|chain"},
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 c6", "state|chain"},
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 c0", "state|chain"},
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 C2", "state|chain"},
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 c02", "state|chain"},
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 c", "state|chain"},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/*
 * '!' needs OPPONENT_OPENS, the side not to move without a step and the
 * side to move with one.
 *
 *   . . . . o
 *   . . . . .
 *   . . . . .      X's a1 has no step; O has.
 *   o . . . .
 *   x o . . .
 */
static void test_refuse_extra_turn_state(void **state)
{
    static const struct spn_case cases[] = {
        {M, 0, "4o/5/5/o4/xo3 o 0 0 1 !", "state"},
        {D, 0, "4o/5/5/o4/xo3 o 0 0 1 !", "state"},
        {T, 0, "4o/5/5/o4/xo3 o 0 0 1 !", "state"},
        /* X (not to move) has a step a1-a2 */
        {C, 0, "4o/5/5/5/xo3 o 0 0 1 !", "state"},
        /* X is to move: O, not to move, has steps */
        {C, 0, "4o/5/5/o4/xo3 x 0 0 1 !", "state"},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/*
 * '*' needs REMOVES, a step for the side to move, quiet 0, and neither
 * side at lose_at.
 *
 *   . . . . o
 *   . . . . .
 *   . . o . .      after X removed b1: a1-b1 is a step
 *   o . . . o
 *   x . . o x
 */
static void test_refuse_removed_state(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "4o/5/2o2/o3o/x2ox x 0 0 0 *", "state"},
        {M, 0, "4o/5/2o2/o3o/x2ox x 0 0 0 *", "state"},
        /* no step: b1 still O */
        {T, 0, "4o/5/2o2/o3o/xo1ox x 0 0 0 *", "state"},
        {T, 0, "4o/5/2o2/o3o/x2ox x 0 0 1 *", "state|quiet"},
        /* O at lose_at (1 piece) */
        {T, 0, "4o/5/5/5/xx3 x 0 0 0 *", NULL},
    };
    (void)state;
    run_refusals(cases, N_OF(cases));
}

/* A 5x5 position into a 7x7 game, and the converse sizes. */
static void test_refuse_other_board_size(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 7);
    int bad = 0;
    (void)state;
    bad += tu_check_refused(g, "5/5/5/5/5 x 12 12 0 -", "board|rank");
    bad += tu_check_refused(g, "9/9/9/9/9/9/9/9/9 x 40 40 0 -", "board|rank");
    bad += tu_check_refused(g, "8/7/7/7/7/7/7 x 24 24 0 -", "board|rank");
    bad += tu_check_refused(g, "7/7/7/7/7/7/7 x 25 24 0 -", NULL);
    seega_free(g);
    g = tu_game(SEEGA_CLASSIC, 9);
    bad += tu_check_refused(g, "7/7/7/7/7/7/7 x 24 24 0 -", "board|rank");
    bad += tu_check_refused(g, "9/9/9/9/9/9/9/9/9 x 41 40 0 -", NULL);
    seega_free(g);
    assert_int_equal(bad, 0);
}

/* A refused SPN leaves history and result alone too. */
static void test_refusal_leaves_game_unchanged(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    (void)state;
    tu_play(g, "a1");
    tu_play(g, "b1");
    assert_int_equal(seega_set_spn(g, "5/5/5/5 x 12 12 0 -"), SEEGA_E_PARSE);
    assert_true(seega_last_error(g)[0] != '\0');
    assert_int_equal(seega_history_length(g), 2);
    tu_assert_spn(g, "5/5/5/5/xx3 o 10 12 0 -");
    assert_int_equal(seega_undo(g), SEEGA_OK);
    tu_assert_spn(g, "5/5/5/5/x4 x 11 12 0 +");

    /* a finished game stays finished */
    tu_load(g, "5/5/5/5/x4 o 0 0 0 -");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    assert_int_equal(seega_set_spn(g, "4o/5/5/5/x4 x 0 0 0 +"), SEEGA_E_PARSE);
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    seega_free(g);
}

/* Odd but well-formed positions are accepted, even unreachable ones. */
static void test_accept_odd_positions(void **state)
{
    static const struct spn_case cases[] = {
        {C, 0, "5/5/5/5/5 x 12 12 0 -", NULL},
        {C, 0, "4o/5/5/5/x4 x 0 0 0 -", NULL},
        /* 12 X against 3 O */
        {C, 0, "xxxxx/xxxxx/xx3/5/ooo2 o 0 0 7 -", NULL},
        /* a piece on the centre; X to move though O moves first */
        {C, 0, "5/5/2o2/5/x4 x 0 0 0 -", NULL},
        /* a piece standing in an old sandwich */
        {C, 0, "5/5/5/5/xox2 o 0 0 0 -", NULL},
        /* quiet above 50 where there is no limit; at INT32_MAX */
        {C, 0, "4o/5/5/5/x4 x 0 0 51 -", NULL},
        {C, 0, "4o/5/5/5/x4 x 0 0 2147483647 -", NULL},
        {T, 0, "o3o/5/5/5/xx3 x 0 0 2147483647 -", NULL},
        /* quiet exactly at the limit: loads (as a finished game) */
        {M, 0, "4o/5/5/5/xx3 x 0 0 50 -", NULL},
        {D, 0, "4o/5/5/5/xx3 x 0 0 150 -", NULL},
        /* one side at lose_at: loads, finished */
        {C, 0, "4o/5/5/5/5 x 0 0 0 -", NULL},
        {T, 0, "4o/5/5/5/xx3 x 0 0 0 -", NULL},
        /* the side to move blocked */
        {C, 0, "xoxox/oxoxo/xo1ox/oxoxo/xoxox x 0 0 0 -", NULL},
        {D, 0, "5/5/5/xx3/ox3 o 0 0 0 -", NULL},
        /* placing: mid-turn, a piece between two enemies */
        {C, 0, "5/5/5/5/xox2 o 10 11 0 +", NULL},
        {C, 0, "5/5/5/5/xx3 o 10 12 0 -", NULL},
        {C, 0, "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 +", NULL},
        {C, 1, "5/5/5/5/x4 o 11 12 0 -", NULL},
        {C, 1, "5/5/5/5/xo3 x 11 11 0 -", NULL},
        {C, 1, "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 -", NULL},
        /* opening squares respected */
        {T, 0, "5/5/5/2x2/5 x 11 12 0 +", NULL},
        {T, 0, "5/2x2/5/2x2/5 o 10 12 0 -", NULL},
        {T, 0, "5/2x2/1o3/2x2/5 o 10 11 0 +", NULL},
        {T, 0, "5/2x2/3o1/2x2/5 o 10 11 0 +", NULL},
        {T, 0, "5/2x2/1o1o1/2x2/x4 x 9 10 0 +", NULL},
        {T, 1, "5/5/5/2x2/5 o 11 12 0 -", NULL},
        {T, 1, "5/2x2/1o3/2x2/5 o 10 11 0 -", NULL},
        /* no opening-square check once the placing is over */
        {T, 0, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -", NULL},
        /* the special states */
        {C, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 c2", NULL},
        {T, 0, "x3o/ox3/1o3/x1x1x/5 x 0 0 0 c2", NULL},
        {C, 0, "5/1x3/1o3/2x1x/5 x 0 0 0 c2", NULL},
        {C, 0, "4o/5/5/o4/xo3 o 0 0 1 !", NULL},
        {C, 0, "4o/5/5/o4/xo3 o 0 0 0 !", NULL},
        {T, 0, "4o/5/2o2/o3o/x2ox x 0 0 0 *", NULL},
        {T, 0, "oo3/5/5/5/xx3 x 0 0 0 *", NULL},
    };
    (void)state;
    run_acceptances(cases, N_OF(cases));
}

/* Leading/trailing white space and runs of spaces on read. */
static void test_whitespace_on_read(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    int bad = 0;
    (void)state;
    bad += tu_check_accepted(g, "  4o/5/5/5/x4   x  0 0   3 -  ",
                             "4o/5/5/5/x4 x 0 0 3 -");
    bad += tu_check_accepted(g, "\t4o/5/5/5/x4 x 0 0 3 -\n",
                             "4o/5/5/5/x4 x 0 0 3 -");
    bad += tu_check_accepted(g, "4o/5/5/5/x4 x 0 0 3 -\r\n",
                             "4o/5/5/5/x4 x 0 0 3 -");
    bad += tu_check_accepted(g, " \t\n 5/5/5/5/5    x 12     12 0 -",
                             "5/5/5/5/5 x 12 12 0 -");
    assert_int_equal(bad, 0);
    seega_free(g);
}

/*
 * Canonical writing: runs one digit, lower case, single spaces; runs of
 * empty squares merge as pieces move.
 */
static void test_canonical_writing(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    (void)state;
    tu_assert_spn(g, "5/5/5/5/5 x 12 12 0 -");
    tu_load(g, "4o/5/5/5/x4 x 0 0 3 -");
    tu_play(g, "A1-B1");
    tu_assert_spn(g, "4o/5/5/5/1x3 o 0 0 4 -");
    tu_play(g, "e5-d5");
    tu_assert_spn(g, "3o1/5/5/5/1x3 x 0 0 5 -");
    tu_play(g, "b1-c1");
    tu_assert_spn(g, "3o1/5/5/5/2x2 o 0 0 6 -");
    tu_play(g, "d5-e5");
    tu_play(g, "c1-c2");
    tu_assert_spn(g, "4o/5/5/2x2/5 o 0 0 8 -");
    seega_free(g);
}

/* The written forms after actions, on every board size. */
static void test_written_forms_all_sizes(void **state)
{
    seega_game *g;
    (void)state;
    g = tu_game(SEEGA_CLASSIC, 5);
    tu_play(g, "B1");
    tu_assert_spn(g, "5/5/5/5/1x3 x 11 12 0 +");
    tu_play(g, " d1 ");
    tu_assert_spn(g, "5/5/5/5/1x1x1 o 10 12 0 -");
    tu_play(g, "e5");
    tu_assert_spn(g, "4o/5/5/5/1x1x1 o 10 11 0 +");
    seega_free(g);

    g = tu_game(SEEGA_CLASSIC, 7);
    tu_assert_spn(g, "7/7/7/7/7/7/7 x 24 24 0 -");
    tu_play(g, "a1");
    tu_play(g, "g7");
    tu_assert_spn(g, "6x/7/7/7/7/7/x6 o 22 24 0 -");
    seega_free(g);

    g = tu_game(SEEGA_CLASSIC, 9);
    tu_assert_spn(g, "9/9/9/9/9/9/9/9/9 x 40 40 0 -");
    tu_play(g, "a1");
    tu_assert_spn(g, "9/9/9/9/9/9/9/9/x8 x 39 40 0 +");
    tu_play(g, "i9");
    tu_assert_spn(g, "8x/9/9/9/9/9/9/9/x8 o 38 40 0 -");
    tu_play(g, "e4");
    tu_assert_spn(g, "8x/9/9/9/9/4o4/9/9/x8 o 38 39 0 +");
    seega_free(g);
}

/* Round trips on every size, both phases. */
static void test_round_trips_all_sizes(void **state)
{
    static const struct {
        int32_t variant, size;
        const char *spn;
    } cases[] = {
        {C, 5, "5/5/5/5/5 x 12 12 0 -"},
        {C, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"},
        {C, 5, "o1o1o/1x1x1/2o2/x3x/1o1o1 x 0 0 12 -"},
        {C, 7, "7/7/7/7/7/7/7 x 24 24 0 -"},
        {C, 7, "7/7/7/7/7/7/xx5 o 22 24 0 -"},
        {C, 7, "o6/7/3x3/7/7/7/6x x 0 0 3 -"},
        {C, 7,
         "xoxoxox/oxoxoxo/xoxoxox/oxo1oxo/xoxoxox/oxoxoxo/xoxoxox o 0 0 0 -"},
        {T, 7, "7/7/3x3/7/3x3/7/7 o 22 24 0 -"},
        {C, 9, "9/9/9/9/9/9/9/9/9 x 40 40 0 -"},
        {C, 9, "9/9/9/9/9/9/9/9/xx7 o 38 40 0 -"},
        {C, 9, "9/9/9/4x4/9/9/9/9/o8 o 0 0 0 -"},
        {C, 9, "o7x/9/9/9/4o4/9/9/9/x7o x 0 0 99 -"},
        {T, 9, "9/9/9/4x4/9/4x4/9/9/9 o 38 40 0 -"},
        {M, 9, "9/9/9/9/9/9/9/9/1x1x1x1x1 o 0 0 49 -"},
    };
    int bad = 0;
    (void)state;
    for (size_t i = 0; i < N_OF(cases); i++) {
        seega_game *g = tu_game(cases[i].variant, cases[i].size);
        bad += tu_check_accepted(g, cases[i].spn, NULL);
        seega_free(g);
    }
    assert_int_equal(bad, 0);
}

/* ------------------------------------------------------------ actions */

struct action_case {
    const char *text;
    int32_t kind, from, to;
};

static void check_parse_ok(int32_t size, const struct action_case *c, size_t n)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, size);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        seega_action a = 0;
        int32_t rc = seega_action_from_text(g, c[i].text, &a);
        if (rc != SEEGA_OK || seega_action_kind(a) != c[i].kind ||
            seega_action_from(a) != c[i].from ||
            seega_action_to(a) != c[i].to) {
            print_error("%dx%d: \"%s\" -> rc %d kind %d from %d to %d\n",
                        (int)size, (int)size, c[i].text, (int)rc,
                        (int)seega_action_kind(a), (int)seega_action_from(a),
                        (int)seega_action_to(a));
            bad++;
        }
    }
    seega_free(g);
    assert_int_equal(bad, 0);
}

static void check_parse_bad(int32_t size, const char *const *texts, size_t n)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, size);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        seega_action a = 0;
        int32_t rc = seega_action_from_text(g, texts[i], &a);
        if (rc != SEEGA_E_PARSE) {
            print_error("%dx%d: \"%s\" -> rc %d, expected SEEGA_E_PARSE\n",
                        (int)size, (int)size, texts[i], (int)rc);
            bad++;
        } else if (seega_last_error(g)[0] == '\0') {
            print_error("\"%s\": empty message\n", texts[i]);
            bad++;
        }
    }
    seega_free(g);
    assert_int_equal(bad, 0);
}

#define NS SEEGA_NO_SQUARE
#define PL SEEGA_ACTION_PLACE
#define ST SEEGA_ACTION_STEP
#define RM SEEGA_ACTION_REMOVE
#define PS SEEGA_ACTION_PASS

static void test_action_parse_ok(void **state)
{
    static const struct action_case c5[] = {
        {"c2", PL, NS, 7},       {"C2", PL, NS, 7},
        {"  c2  ", PL, NS, 7},   {"\tc2\n", PL, NS, 7},
        {"a1", PL, NS, 0},       {"e5", PL, NS, 24},
        {"c3", PL, NS, 12},      {"c2-c3", ST, 7, 12},
        {"C2-C3", ST, 7, 12},    {"c2-C3", ST, 7, 12},
        {" e5-e4 ", ST, 24, 19}, {"a1-e5", ST, 0, 24},
        {"xb3", RM, NS, 11},     {"Xb3", RM, NS, 11},
        {"XB3", RM, NS, 11},     {" xe5\n", RM, NS, 24},
        {"pass", PS, NS, NS},    {"PASS", PS, NS, NS},
        {"Pass", PS, NS, NS},    {" pass\r\n", PS, NS, NS},
    };
    static const struct action_case c7[] = {
        {"g7", PL, NS, 48},
        {"d4", PL, NS, 24},
        {"g6-g7", ST, 41, 48},
        {"xa7", RM, NS, 42},
    };
    static const struct action_case c9[] = {
        {"i9", PL, NS, 80},    {"e5", PL, NS, 40}, {"e5-e6", ST, 40, 49},
        {"h9-i9", ST, 79, 80}, {"XI1", RM, NS, 8},
    };
    (void)state;
    check_parse_ok(5, c5, N_OF(c5));
    check_parse_ok(7, c7, N_OF(c7));
    check_parse_ok(9, c9, N_OF(c9));
}

static void test_action_parse_bad(void **state)
{
    static const char *const b5[] = {
        "",     " ",      "c",     "2",      "2c",     "c0",       "c6",
        "f1",   "k9",     "a10",   "c22",    "c02",    "c2-",      "-c3",
        "c2c3", "c2--c3", "c2-c6", "f2-c3",  "c2 c3",  "c2-c3-c4", "x",
        "xf3",  "xx3",    "x3",    "pas",    "passs",  "pass2",    "pass pass",
        "z9",   "@1",     "c2x",   "xc2-c3", "c2-xc3", "-",        "c-2",
        "c2-3", "xpass",  "c2+",   "c 2",
    };
    static const char *const b7[] = {"h1", "a8", "h8-h7", "xh1", "g8"};
    static const char *const b9[] = {"j1", "a10", "i10", "xj9", "i9-j9"};
    (void)state;
    check_parse_bad(5, b5, N_OF(b5));
    check_parse_bad(7, b7, N_OF(b7));
    check_parse_bad(9, b9, N_OF(b9));
}

static void test_action_format(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    char buf[SEEGA_ACTION_TEXT_MAX];
    (void)state;
    assert_int_equal(
        seega_action_to_text(g, seega_action_make(PL, NS, 7), buf, sizeof buf),
        2);
    assert_string_equal(buf, "c2");
    assert_int_equal(
        seega_action_to_text(g, seega_action_make(ST, 7, 12), buf, sizeof buf),
        5);
    assert_string_equal(buf, "c2-c3");
    assert_int_equal(
        seega_action_to_text(g, seega_action_make(RM, NS, 13), buf, sizeof buf),
        3);
    assert_string_equal(buf, "xd3");
    assert_int_equal(
        seega_action_to_text(g, seega_action_make(PS, NS, NS), buf, sizeof buf),
        4);
    assert_string_equal(buf, "pass");
    /* too small: nothing written */
    strcpy(buf, "zz");
    assert_int_equal(
        seega_action_to_text(g, seega_action_make(ST, 7, 12), buf, 5),
        SEEGA_E_BUFFER);
    assert_string_equal(buf, "zz");
    assert_int_equal(
        seega_action_to_text(g, seega_action_make(ST, 7, 12), buf, 6), 5);
    seega_free(g);

    g = tu_game(SEEGA_CLASSIC, 9);
    assert_true(seega_action_to_text(g, seega_action_make(ST, 79, 80), buf,
                                     sizeof buf) > 0);
    assert_string_equal(buf, "h9-i9");
    assert_true(seega_action_to_text(g, seega_action_make(RM, NS, 40), buf,
                                     sizeof buf) > 0);
    assert_string_equal(buf, "xe5");
    seega_free(g);

    g = tu_game(SEEGA_CLASSIC, 7);
    assert_true(seega_action_to_text(g, seega_action_make(PL, NS, 48), buf,
                                     sizeof buf) > 0);
    assert_string_equal(buf, "g7");
    seega_free(g);
}

/* Parse then format gives the lower-case canonical text. */
static void test_action_round_trip(void **state)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"C2", "c2"},     {" c2-C3 ", "c2-c3"}, {"XB3", "xb3"},
        {"PASS", "pass"}, {"e5-e4", "e5-e4"},
    };
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    (void)state;
    for (size_t i = 0; i < N_OF(cases); i++) {
        seega_action a;
        char buf[SEEGA_ACTION_TEXT_MAX];
        assert_int_equal(seega_action_from_text(g, cases[i].in, &a), SEEGA_OK);
        assert_true(seega_action_to_text(g, a, buf, sizeof buf) > 0);
        assert_string_equal(buf, cases[i].out);
    }
    seega_free(g);
}

/* Square names. */
static void test_square_text(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    char buf[SEEGA_SQUARE_TEXT_MAX];
    int32_t sq = -100;
    (void)state;
    assert_int_equal(seega_square_to_text(g, 12, buf, sizeof buf), 2);
    assert_string_equal(buf, "c3");
    assert_int_equal(seega_square_to_text(g, 24, buf, sizeof buf), 2);
    assert_string_equal(buf, "e5");
    assert_int_equal(seega_square_to_text(g, 25, buf, sizeof buf),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_square_from_text(g, " C3 ", &sq), SEEGA_OK);
    assert_int_equal(sq, 12);
    assert_int_equal(seega_square_from_text(g, "f1", &sq), SEEGA_E_PARSE);
    assert_int_equal(seega_square_from_text(g, "a6", &sq), SEEGA_E_PARSE);
    assert_int_equal(seega_square_from_text(g, "c2-c3", &sq), SEEGA_E_PARSE);
    seega_free(g);

    g = tu_game(SEEGA_CLASSIC, 9);
    assert_int_equal(seega_square_from_text(g, "e5", &sq), SEEGA_OK);
    assert_int_equal(sq, 40);
    assert_int_equal(seega_square_to_text(g, 80, buf, sizeof buf), 2);
    assert_string_equal(buf, "i9");
    seega_free(g);
}

/*
 * Well-formed actions that are not legal are SEEGA_E_ILLEGAL from
 * seega_play, not parse errors.
 */
static void test_wellformed_but_illegal(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    (void)state;
    assert_int_equal(tu_try(g, "c2-c3"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "pass"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "xb3"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "c3"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "k9"), SEEGA_E_PARSE);
    tu_assert_spn(g, "5/5/5/5/5 x 12 12 0 -");
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refuse_field_count),
        cmocka_unit_test(test_refuse_separators),
        cmocka_unit_test(test_refuse_ranks_and_squares),
        cmocka_unit_test(test_refuse_non_canonical_runs),
        cmocka_unit_test(test_refuse_bad_characters),
        cmocka_unit_test(test_refuse_quiet_overflow),
        cmocka_unit_test(test_refuse_too_many_pieces),
        cmocka_unit_test(test_refuse_placing_inconsistent),
        cmocka_unit_test(test_refuse_opening_squares),
        cmocka_unit_test(test_refuse_moving_phase),
        cmocka_unit_test(test_refuse_chain_square),
        cmocka_unit_test(test_refuse_extra_turn_state),
        cmocka_unit_test(test_refuse_removed_state),
        cmocka_unit_test(test_refuse_other_board_size),
        cmocka_unit_test(test_refusal_leaves_game_unchanged),
        cmocka_unit_test(test_accept_odd_positions),
        cmocka_unit_test(test_whitespace_on_read),
        cmocka_unit_test(test_canonical_writing),
        cmocka_unit_test(test_written_forms_all_sizes),
        cmocka_unit_test(test_round_trips_all_sizes),
        cmocka_unit_test(test_action_parse_ok),
        cmocka_unit_test(test_action_parse_bad),
        cmocka_unit_test(test_action_format),
        cmocka_unit_test(test_action_round_trip),
        cmocka_unit_test(test_square_text),
        cmocka_unit_test(test_wellformed_but_illegal),
    };
    return cmocka_run_group_tests_name("spn", tests, NULL, NULL);
}

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
 * Every test is a table of cases and one loop: a new case is one row.
 * The loops check every row and report each failing one (its index, its
 * input, what was expected and what came) before the test fails, so one
 * library bug does not hide the others.
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

/* A distinct, valid position loaded before each case. */
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

/* After a failing row's own messages: which row it was. */
static int report(const char *table, size_t i, int32_t variant, int32_t size,
                  int bad)
{
    if (bad)
        print_error("  ^ %s row %zu (variant %d, %dx%d)\n", table, i,
                    (int)variant, (int)size, (int)size);
    return bad;
}

/*
 * Each SPN is refused (SEEGA_E_PARSE, the game unchanged, a message naming
 * one of the fields) by a game at base_spn, and by a fresh game, which
 * stays at the start.
 */
static void run_refusals(const struct spn_case *cases, size_t n)
{
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        seega_game *g = case_game(&cases[i]);
        int b = 0;
        tu_load(g, base_spn[cases[i].variant]);
        b += tu_check_refused(g, cases[i].spn, cases[i].fields);
        /* and refused by a fresh game too, which stays at the start */
        seega_free(g);
        g = case_game(&cases[i]);
        b += tu_check_refused(g, cases[i].spn, NULL);
        seega_free(g);
        bad += report("REFUSED", i, cases[i].variant, 5, b);
    }
    assert_int_equal(bad, 0);
}

/* Each SPN loads into a fresh game, with no history, and into a game at
 * base_spn, and is written back as it is. */
static void run_acceptances(const struct spn_case *cases, size_t n)
{
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        seega_game *g = case_game(&cases[i]);
        int b = tu_check_accepted(g, cases[i].spn, NULL);
        if (seega_history_length(g) != 0) {
            print_error("set_spn(\"%s\") left a history\n", cases[i].spn);
            b++;
        }
        tu_load(g, base_spn[cases[i].variant]);
        b += tu_check_accepted(g, cases[i].spn, NULL);
        seega_free(g);
        bad += report("ACCEPTED", i, cases[i].variant, 5, b);
    }
    assert_int_equal(bad, 0);
}

#define C SEEGA_CLASSIC
#define D SEEGA_DIAGONAL
#define M SEEGA_MODERN
#define T SEEGA_TRADITIONAL
#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static const struct spn_case REFUSED[] = {
    /* Wrong number of fields. */
    {C, 0, "", NULL},
    {C, 0, "   ", NULL},
    {C, 0, "5/5/5/5/5", NULL},
    {C, 0, "5/5/5/5/5 x 12 12", "field"},
    {C, 0, "5/5/5/5/5 x 12 12 0", "field"},
    {C, 0, "5/5/5/5/5 x 12 12 0 - -", "field"},
    {C, 0, "5/5/5/5/5 x 12 12 0 - 0", "field"},
    {C, 0, "5/5/5/5/5 x 1 2 12 0 -", NULL},

    /* Separators: spaces only between fields; nothing glued together. */
    {C, 0, "5/5/5/5/5\tx 12 12 0 -", NULL},
    {C, 0, "5/5/5/5/5 x\t12 12 0 -", NULL},
    {C, 0, "5/5/5/5/5 x 12 12 0\n-", NULL},
    {C, 0, "5/5/5/5/5x 12 12 0 -", NULL},
    {C, 0, "5/5/5/5/5 x 12 12 0 - x", NULL},
    {C, 0, "5/5/5/5/5,x,12,12,0,-", NULL},

    /* Wrong number of ranks, or of squares in a rank. */
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

    /* Runs of empty squares: one digit 1-9, never split, never 0. */
    {C, 0, "5/5/5/5/23 x 12 12 0 -", "board|rank"},
    {C, 0, "5/5/5/5/11111 x 12 12 0 -", "board|rank"},
    {C, 0, "5/5/5/5/14 x 12 12 0 -", "board|rank"},
    {C, 0, "5/5/5/5/05 x 12 12 0 -", "board|rank"},
    {C, 0, "5/5/5/5/x04 x 11 12 0 +", "board|rank"},
    {C, 0, "5/5/5/5/x13 x 11 12 0 +", "board|rank"},
    {C, 0, "4o/5/5/5/x22 x 0 0 0 -", "board|rank"},

    /* Bad characters in each field. */
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

    /* quiet above 2147483647 is refused, whatever the limit. */
    {C, 0, "4o/5/5/5/x4 x 0 0 2147483648 -", "quiet"},
    {C, 0, "4o/5/5/5/x4 x 0 0 4294967296 -", "quiet"},
    {C, 0, "4o/5/5/5/x4 x 0 0 4294967297 -", "quiet"},
    {C, 0, "4o/5/5/5/x4 x 0 0 99999999999999999999999 -", "quiet"},
    {T, 0, "o3o/5/5/5/xx3 x 0 0 2147483648 -", "quiet"},

    /* More pieces on board plus in hand than a side has (12 on 5x5). */
    {C, 0, "5/5/5/5/5 x 13 12 0 -", NULL},
    {C, 0, "5/5/5/5/5 x 12 13 0 -", NULL},
    {C, 0, "5/5/5/5/x4 x 12 12 0 +", NULL},
    /* moving phase: 13 X on the board */
    {C, 0, "xxxxx/xxxxx/xxx1o/ooooo/oooo1 o 0 0 0 -", NULL},
    /* 13 O */
    {M, 0, "ooooo/ooooo/ooo1x/xxxxx/xxxx1 x 0 0 0 -", NULL},

    /*
     * During the placing: board plus hand equals the total; centre empty;
     * quiet 0; counts, side to move and '+'/'-' per the placing order.
     */
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

    /* Opening squares (TRADITIONAL): X's first on c2 c4, O's on b3 d3. */
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

    /* '+' outside the placing; quiet above a nonzero limit; both at lose_at. */
    {C, 0, "4o/5/5/5/xx3 x 0 0 0 +", "state"},
    {M, 0, "4o/5/5/5/xx3 x 0 0 51 -", "quiet"},
    {M, 0, "4o/5/5/5/xx3 x 0 0 1000 -", "quiet"},
    {D, 0, "4o/5/5/5/xx3 x 0 0 151 -", "quiet"},
    {M, 0, "5/5/5/5/5 x 0 0 0 -", NULL},
    {C, 0, "5/5/5/5/5 o 0 0 0 -", NULL},
    {T, 0, "4o/5/5/5/x4 x 0 0 0 -", NULL},
    {T, 0, "5/5/5/5/x4 o 0 0 0 -", NULL},

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
    {M, 0, "4o/5/5/o4/xo3 o 0 0 1 !", "state"},
    {D, 0, "4o/5/5/o4/xo3 o 0 0 1 !", "state"},
    {T, 0, "4o/5/5/o4/xo3 o 0 0 1 !", "state"},
    /* X (not to move) has a step a1-a2 */
    {C, 0, "4o/5/5/5/xo3 o 0 0 1 !", "state"},
    /* X is to move: O, not to move, has steps */
    {C, 0, "4o/5/5/o4/xo3 x 0 0 1 !", "state"},

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
    {C, 0, "4o/5/2o2/o3o/x2ox x 0 0 0 *", "state"},
    {M, 0, "4o/5/2o2/o3o/x2ox x 0 0 0 *", "state"},
    /* no step: b1 still O */
    {T, 0, "4o/5/2o2/o3o/xo1ox x 0 0 0 *", "state"},
    {T, 0, "4o/5/2o2/o3o/x2ox x 0 0 1 *", "state|quiet"},
    /* O at lose_at (1 piece) */
    {T, 0, "4o/5/5/5/xx3 x 0 0 0 *", NULL},
};

/* A 5x5 position into a 7x7 game, and the converse sizes: refused by a
 * fresh CLASSIC game of the size given. */
static const struct {
    int32_t size;
    const char *spn, *fields;
} OTHER_SIZE[] = {
    {7, "5/5/5/5/5 x 12 12 0 -", "board|rank"},
    {7, "9/9/9/9/9/9/9/9/9 x 40 40 0 -", "board|rank"},
    {7, "8/7/7/7/7/7/7 x 24 24 0 -", "board|rank"},
    {7, "7/7/7/7/7/7/7 x 25 24 0 -", NULL},
    {9, "7/7/7/7/7/7/7 x 24 24 0 -", "board|rank"},
    {9, "9/9/9/9/9/9/9/9/9 x 41 40 0 -", NULL},
};

static void test_refusals(void **state)
{
    int bad = 0;
    (void)state;
    run_refusals(REFUSED, N_OF(REFUSED));
    for (size_t i = 0; i < N_OF(OTHER_SIZE); i++) {
        seega_game *g = tu_game(SEEGA_CLASSIC, OTHER_SIZE[i].size);
        bad += report("OTHER_SIZE", i, SEEGA_CLASSIC, OTHER_SIZE[i].size,
                      tu_check_refused(g, OTHER_SIZE[i].spn,
                                       OTHER_SIZE[i].fields));
        seega_free(g);
    }
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

static const struct spn_case ACCEPTED[] = {
    /* Odd but well-formed positions are accepted, even unreachable ones. */
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

/*
 * SPNs loaded into a fresh game of the preset and size given (on 5x5 also
 * into a game at base_spn) and written back as `written` (NULL: as they
 * are).
 */
static const struct {
    int32_t variant, size;
    const char *spn, *written;
} REWRITTEN[] = {
    /* Leading/trailing white space and runs of spaces on read. */
    {C, 5, "  4o/5/5/5/x4   x  0 0   3 -  ", "4o/5/5/5/x4 x 0 0 3 -"},
    {C, 5, "\t4o/5/5/5/x4 x 0 0 3 -\n", "4o/5/5/5/x4 x 0 0 3 -"},
    {C, 5, "4o/5/5/5/x4 x 0 0 3 -\r\n", "4o/5/5/5/x4 x 0 0 3 -"},
    {C, 5, " \t\n 5/5/5/5/5    x 12     12 0 -", "5/5/5/5/5 x 12 12 0 -"},

    /* Round trips on every size, both phases. */
    {C, 5, "5/5/5/5/5 x 12 12 0 -", NULL},
    {C, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -", NULL},
    {C, 5, "o1o1o/1x1x1/2o2/x3x/1o1o1 x 0 0 12 -", NULL},
    {C, 7, "7/7/7/7/7/7/7 x 24 24 0 -", NULL},
    {C, 7, "7/7/7/7/7/7/xx5 o 22 24 0 -", NULL},
    {C, 7, "o6/7/3x3/7/7/7/6x x 0 0 3 -", NULL},
    {C, 7, "xoxoxox/oxoxoxo/xoxoxox/oxo1oxo/xoxoxox/oxoxoxo/xoxoxox o 0 0 0 -",
     NULL},
    {T, 7, "7/7/3x3/7/3x3/7/7 o 22 24 0 -", NULL},
    {C, 9, "9/9/9/9/9/9/9/9/9 x 40 40 0 -", NULL},
    {C, 9, "9/9/9/9/9/9/9/9/xx7 o 38 40 0 -", NULL},
    {C, 9, "9/9/9/4x4/9/9/9/9/o8 o 0 0 0 -", NULL},
    {C, 9, "o7x/9/9/9/4o4/9/9/9/x7o x 0 0 99 -", NULL},
    {T, 9, "9/9/9/4x4/9/4x4/9/9/9 o 38 40 0 -", NULL},
    {M, 9, "9/9/9/9/9/9/9/9/1x1x1x1x1 o 0 0 49 -", NULL},
};

static void test_acceptances(void **state)
{
    int bad = 0;
    (void)state;
    run_acceptances(ACCEPTED, N_OF(ACCEPTED));
    for (size_t i = 0; i < N_OF(REWRITTEN); i++) {
        seega_game *g = tu_game(REWRITTEN[i].variant, REWRITTEN[i].size);
        int b = tu_check_accepted(g, REWRITTEN[i].spn, REWRITTEN[i].written);
        if (REWRITTEN[i].size == 5) {
            tu_load(g, base_spn[REWRITTEN[i].variant]);
            b += tu_check_accepted(g, REWRITTEN[i].spn, REWRITTEN[i].written);
        }
        bad += report("REWRITTEN", i, REWRITTEN[i].variant, REWRITTEN[i].size,
                      b);
        seega_free(g);
    }
    assert_int_equal(bad, 0);
}

/* Positions written after actions (steps as in testutil.h's tu_row). */
static const tu_row WRITTEN[] = {
    /* Canonical writing: runs one digit, lower case, single spaces; runs
     * of empty squares merge as pieces move. */
    {"canonical writing", "classic", NULL,
     "spn 5/5/5/5/5 x 12 12 0 -; load 4o/5/5/5/x4 x 0 0 3 -; play A1-B1; "
     "spn 4o/5/5/5/1x3 o 0 0 4 -; play e5-d5; spn 3o1/5/5/5/1x3 x 0 0 5 -; "
     "play b1-c1; spn 3o1/5/5/5/2x2 o 0 0 6 -; play d5-e5; play c1-c2; "
     "spn 4o/5/5/2x2/5 o 0 0 8 -"},

    /* The written forms after actions, on every board size. */
    {"written forms, 5x5", "classic", NULL,
     "play B1; spn 5/5/5/5/1x3 x 11 12 0 +; play \" d1 \"; "
     "spn 5/5/5/5/1x1x1 o 10 12 0 -; play e5; spn 4o/5/5/5/1x1x1 o 10 11 0 +"},
    {"written forms, 7x7", "classic 7", NULL,
     "spn 7/7/7/7/7/7/7 x 24 24 0 -; play a1; play g7; "
     "spn 6x/7/7/7/7/7/x6 o 22 24 0 -"},
    {"written forms, 9x9", "classic 9", NULL,
     "spn 9/9/9/9/9/9/9/9/9 x 40 40 0 -; play a1; "
     "spn 9/9/9/9/9/9/9/9/x8 x 39 40 0 +; play i9; "
     "spn 8x/9/9/9/9/9/9/9/x8 o 38 40 0 -; play e4; "
     "spn 8x/9/9/9/9/4o4/9/9/x8 o 38 39 0 +"},

    /* Well-formed actions that are not legal are SEEGA_E_ILLEGAL from
     * seega_play, not parse errors. */
    {"well-formed but illegal", "classic", NULL,
     "try c2-c3 illegal; try pass illegal; try xb3 illegal; try c3 illegal; "
     "try k9 parse; spn 5/5/5/5/5 x 12 12 0 -"},
};

static void test_written(void **state)
{
    (void)state;
    TU_ROWS(WRITTEN);
}

/* ------------------------------------------------------------ actions */

#define NS SEEGA_NO_SQUARE
#define PL SEEGA_ACTION_PLACE
#define ST SEEGA_ACTION_STEP
#define RM SEEGA_ACTION_REMOVE
#define PS SEEGA_ACTION_PASS

/* Action texts that parse, on a CLASSIC board of the size given. */
static const struct {
    int32_t size;
    const char *text;
    int32_t kind, from, to;
} PARSE_OK[] = {
    {5, "c2", PL, NS, 7},
    {5, "C2", PL, NS, 7},
    {5, "  c2  ", PL, NS, 7},
    {5, "\tc2\n", PL, NS, 7},
    {5, "a1", PL, NS, 0},
    {5, "e5", PL, NS, 24},
    {5, "c3", PL, NS, 12},
    {5, "c2-c3", ST, 7, 12},
    {5, "C2-C3", ST, 7, 12},
    {5, "c2-C3", ST, 7, 12},
    {5, " e5-e4 ", ST, 24, 19},
    {5, "a1-e5", ST, 0, 24},
    {5, "xb3", RM, NS, 11},
    {5, "Xb3", RM, NS, 11},
    {5, "XB3", RM, NS, 11},
    {5, " xe5\n", RM, NS, 24},
    {5, "pass", PS, NS, NS},
    {5, "PASS", PS, NS, NS},
    {5, "Pass", PS, NS, NS},
    {5, " pass\r\n", PS, NS, NS},
    {7, "g7", PL, NS, 48},
    {7, "d4", PL, NS, 24},
    {7, "g6-g7", ST, 41, 48},
    {7, "xa7", RM, NS, 42},
    {9, "i9", PL, NS, 80},
    {9, "e5", PL, NS, 40},
    {9, "e5-e6", ST, 40, 49},
    {9, "h9-i9", ST, 79, 80},
    {9, "XI1", RM, NS, 8},
};

static void test_action_parse_ok(void **state)
{
    int bad = 0;
    (void)state;
    for (size_t i = 0; i < N_OF(PARSE_OK); i++) {
        seega_game *g = tu_game(SEEGA_CLASSIC, PARSE_OK[i].size);
        seega_action a = 0;
        int32_t rc = seega_action_from_text(g, PARSE_OK[i].text, &a);
        if (rc != SEEGA_OK || seega_action_kind(a) != PARSE_OK[i].kind ||
            seega_action_from(a) != PARSE_OK[i].from ||
            seega_action_to(a) != PARSE_OK[i].to) {
            print_error("PARSE_OK row %zu, %dx%d: \"%s\" -> rc %d kind %d "
                        "from %d to %d, expected kind %d from %d to %d\n",
                        i, (int)PARSE_OK[i].size, (int)PARSE_OK[i].size,
                        PARSE_OK[i].text, (int)rc, (int)seega_action_kind(a),
                        (int)seega_action_from(a), (int)seega_action_to(a),
                        (int)PARSE_OK[i].kind, (int)PARSE_OK[i].from,
                        (int)PARSE_OK[i].to);
            bad++;
        }
        seega_free(g);
    }
    assert_int_equal(bad, 0);
}

/* Action texts that are SEEGA_E_PARSE, with a message. */
static const struct {
    int32_t size;
    const char *text;
} PARSE_BAD[] = {
    {5, ""}, {5, " "}, {5, "c"}, {5, "2"}, {5, "2c"}, {5, "c0"}, {5, "c6"},
    {5, "f1"}, {5, "k9"}, {5, "a10"}, {5, "c22"}, {5, "c02"}, {5, "c2-"},
    {5, "-c3"}, {5, "c2c3"}, {5, "c2--c3"}, {5, "c2-c6"}, {5, "f2-c3"},
    {5, "c2 c3"}, {5, "c2-c3-c4"}, {5, "x"}, {5, "xf3"}, {5, "xx3"}, {5, "x3"},
    {5, "pas"}, {5, "passs"}, {5, "pass2"}, {5, "pass pass"}, {5, "z9"},
    {5, "@1"}, {5, "c2x"}, {5, "xc2-c3"}, {5, "c2-xc3"}, {5, "-"}, {5, "c-2"},
    {5, "c2-3"}, {5, "xpass"}, {5, "c2+"}, {5, "c 2"},
    {7, "h1"}, {7, "a8"}, {7, "h8-h7"}, {7, "xh1"}, {7, "g8"},
    {9, "j1"}, {9, "a10"}, {9, "i10"}, {9, "xj9"}, {9, "i9-j9"},
};

static void test_action_parse_bad(void **state)
{
    int bad = 0;
    (void)state;
    for (size_t i = 0; i < N_OF(PARSE_BAD); i++) {
        seega_game *g = tu_game(SEEGA_CLASSIC, PARSE_BAD[i].size);
        seega_action a = 0;
        int32_t rc = seega_action_from_text(g, PARSE_BAD[i].text, &a);
        if (rc != SEEGA_E_PARSE) {
            print_error("PARSE_BAD row %zu, %dx%d: \"%s\" -> rc %d, expected "
                        "SEEGA_E_PARSE\n",
                        i, (int)PARSE_BAD[i].size, (int)PARSE_BAD[i].size,
                        PARSE_BAD[i].text, (int)rc);
            bad++;
        } else if (seega_last_error(g)[0] == '\0') {
            print_error("PARSE_BAD row %zu, \"%s\": empty message\n", i,
                        PARSE_BAD[i].text);
            bad++;
        }
        seega_free(g);
    }
    assert_int_equal(bad, 0);
}

/*
 * Actions written as text into a buffer of cap bytes (0: a large one)
 * that holds "zz" before: the status (the length, or an error) and the
 * buffer after ("zz": nothing written).
 */
static const struct {
    int32_t size, kind, from, to;
    size_t cap;
    int32_t rc;
    const char *text;
} FORMAT[] = {
    {5, PL, NS, 7, 0, 2, "c2"},
    {5, ST, 7, 12, 0, 5, "c2-c3"},
    {5, RM, NS, 13, 0, 3, "xd3"},
    {5, PS, NS, NS, 0, 4, "pass"},
    /* too small: nothing written */
    {5, ST, 7, 12, 5, SEEGA_E_BUFFER, "zz"},
    {5, ST, 7, 12, 6, 5, "c2-c3"},
    {9, ST, 79, 80, 0, 5, "h9-i9"},
    {9, RM, NS, 40, 0, 3, "xe5"},
    {7, PL, NS, 48, 0, 2, "g7"},
};

static void test_action_format(void **state)
{
    int bad = 0;
    (void)state;
    for (size_t i = 0; i < N_OF(FORMAT); i++) {
        seega_game *g = tu_game(SEEGA_CLASSIC, FORMAT[i].size);
        char buf[SEEGA_ACTION_TEXT_MAX] = "zz";
        seega_action a =
            seega_action_make(FORMAT[i].kind, FORMAT[i].from, FORMAT[i].to);
        int32_t rc = seega_action_to_text(
            g, a, buf, FORMAT[i].cap ? FORMAT[i].cap : sizeof buf);
        if (rc != FORMAT[i].rc || strcmp(buf, FORMAT[i].text) != 0) {
            print_error("FORMAT row %zu, %dx%d, cap %zu: got %d \"%s\", "
                        "expected %d \"%s\"\n",
                        i, (int)FORMAT[i].size, (int)FORMAT[i].size,
                        FORMAT[i].cap, (int)rc, buf, (int)FORMAT[i].rc,
                        FORMAT[i].text);
            bad++;
        }
        seega_free(g);
    }
    assert_int_equal(bad, 0);
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

/* Square names: written from an index (the status and the name), and
 * read back (the status and, when it is read, the index). */
static const struct {
    int32_t size, sq, rc;
    const char *text;
} SQUARE_TO_TEXT[] = {
    {5, 12, 2, "c3"},
    {5, 24, 2, "e5"},
    {5, 25, SEEGA_E_INVALID, ""},
    {9, 80, 2, "i9"},
};

static const struct {
    int32_t size;
    const char *text;
    int32_t rc, sq;
} SQUARE_FROM_TEXT[] = {
    {5, " C3 ", SEEGA_OK, 12},    {5, "f1", SEEGA_E_PARSE, 0},
    {5, "a6", SEEGA_E_PARSE, 0},  {5, "c2-c3", SEEGA_E_PARSE, 0},
    {9, "e5", SEEGA_OK, 40},
};

static void test_square_text(void **state)
{
    int bad = 0;
    (void)state;
    for (size_t i = 0; i < N_OF(SQUARE_TO_TEXT); i++) {
        seega_game *g = tu_game(SEEGA_CLASSIC, SQUARE_TO_TEXT[i].size);
        char buf[SEEGA_SQUARE_TEXT_MAX] = "";
        int32_t rc =
            seega_square_to_text(g, SQUARE_TO_TEXT[i].sq, buf, sizeof buf);
        if (rc != SQUARE_TO_TEXT[i].rc ||
            (rc > 0 && strcmp(buf, SQUARE_TO_TEXT[i].text) != 0)) {
            print_error("SQUARE_TO_TEXT row %zu, %dx%d square %d: got %d "
                        "\"%s\", expected %d \"%s\"\n",
                        i, (int)SQUARE_TO_TEXT[i].size,
                        (int)SQUARE_TO_TEXT[i].size, (int)SQUARE_TO_TEXT[i].sq,
                        (int)rc, buf, (int)SQUARE_TO_TEXT[i].rc,
                        SQUARE_TO_TEXT[i].text);
            bad++;
        }
        seega_free(g);
    }
    for (size_t i = 0; i < N_OF(SQUARE_FROM_TEXT); i++) {
        seega_game *g = tu_game(SEEGA_CLASSIC, SQUARE_FROM_TEXT[i].size);
        int32_t sq = -100;
        int32_t rc = seega_square_from_text(g, SQUARE_FROM_TEXT[i].text, &sq);
        if (rc != SQUARE_FROM_TEXT[i].rc ||
            (rc == SEEGA_OK && sq != SQUARE_FROM_TEXT[i].sq)) {
            print_error("SQUARE_FROM_TEXT row %zu, %dx%d \"%s\": got %d "
                        "square %d, expected %d square %d\n",
                        i, (int)SQUARE_FROM_TEXT[i].size,
                        (int)SQUARE_FROM_TEXT[i].size, SQUARE_FROM_TEXT[i].text,
                        (int)rc, (int)sq, (int)SQUARE_FROM_TEXT[i].rc,
                        (int)SQUARE_FROM_TEXT[i].sq);
            bad++;
        }
        seega_free(g);
    }
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_refusal_leaves_game_unchanged),
        cmocka_unit_test(test_acceptances),
        cmocka_unit_test(test_written),
        cmocka_unit_test(test_action_parse_ok),
        cmocka_unit_test(test_action_parse_bad),
        cmocka_unit_test(test_action_format),
        cmocka_unit_test(test_action_round_trip),
        cmocka_unit_test(test_square_text),
    };
    return cmocka_run_group_tests_name("spn", tests, NULL, NULL);
}

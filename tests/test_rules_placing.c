/*
 * The placing phase (docs/rules.md, "The placing phase" (#rules_placing)),
 * and the start of the moving phase (docs/rules.md, "The moving phase"
 * (#rules_moving)).
 *
 * Every expectation is derived by hand from docs/rules.md. Boards are
 * drawn rank N at the top, as SPN writes them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

static const int32_t all_presets[] = {SEEGA_CLASSIC, SEEGA_DIAGONAL,
                                      SEEGA_MODERN, SEEGA_TRADITIONAL};

/*
 * Two placements per turn, each its own action; after the first the same
 * side is still to move and the state is '+'.
 *
 *   start           after a1          after b1
 *   . . . . .       . . . . .         . . . . .
 *   ...             ...               ...
 *   . . . . .       x . . . .         x x . . .
 */
static void test_two_placements_per_turn(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        seega_game *g = tu_game(all_presets[i], 5);
        tu_assert_spn(g, "5/5/5/5/5 x 12 12 0 -");
        assert_int_equal(seega_phase(g), SEEGA_PHASE_PLACING);
        assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);

        tu_play(g, "a1");
        tu_assert_spn(g, "5/5/5/5/x4 x 11 12 0 +");
        assert_int_equal(seega_to_move(g), SEEGA_X);
        assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_PLACED_ONE);
        assert_int_equal(seega_in_hand(g, SEEGA_X), 11);
        assert_int_equal(seega_pieces(g, SEEGA_X), 1);

        tu_play(g, "b1");
        tu_assert_spn(g, "5/5/5/5/xx3 o 10 12 0 -");
        assert_int_equal(seega_to_move(g), SEEGA_O);
        assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);

        tu_play(g, "e5");
        tu_assert_spn(g, "4o/5/5/5/xx3 o 10 11 0 +");
        assert_int_equal(seega_to_move(g), SEEGA_O);

        tu_play(g, "d5");
        tu_assert_spn(g, "3oo/5/5/5/xx3 x 10 10 0 -");
        assert_int_equal(seega_to_move(g), SEEGA_X);
        assert_int_equal(seega_phase(g), SEEGA_PHASE_PLACING);
        seega_free(g);
    }
}

/* TRADITIONAL: the same, on the marked squares (c2 c4 for X, b3 d3 for O). */
static void test_two_placements_per_turn_traditional(void **state)
{
    seega_game *g = tu_game(SEEGA_TRADITIONAL, 5);
    (void)state;
    tu_play(g, "c2");
    tu_assert_spn(g, "5/5/5/2x2/5 x 11 12 0 +");
    tu_play(g, "c4");
    tu_assert_spn(g, "5/2x2/5/2x2/5 o 10 12 0 -");
    tu_play(g, "b3");
    tu_assert_spn(g, "5/2x2/1o3/2x2/5 o 10 11 0 +");
    tu_play(g, "d3");
    tu_assert_spn(g, "5/2x2/1o1o1/2x2/5 x 10 10 0 -");
    seega_free(g);
}

/* placements_per_turn = 1: the turn passes after every placement. */
static void test_one_placement_per_turn(void **state)
{
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *g;
    (void)state;
    r.placements_per_turn = 1;
    g = tu_game_rules(&r);
    tu_play(g, "a1");
    tu_assert_spn(g, "5/5/5/5/x4 o 11 12 0 -");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);
    tu_play(g, "e5");
    tu_assert_spn(g, "4o/5/5/5/x4 x 11 11 0 -");
    tu_play(g, "b1");
    tu_assert_spn(g, "4o/5/5/5/xx3 o 10 11 0 -");
    seega_free(g);
}

/*
 * placements_per_turn = 1, end of the placing: O places the 24th piece and
 * O (CLASSIC's first mover) moves first.
 *
 *   x o x o x
 *   o x x x o
 *   x o . o x
 *   o x x x o
 *   . o x o o     O places a1, its last piece
 */
static void test_one_placement_per_turn_end(void **state)
{
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *g;
    (void)state;
    r.placements_per_turn = 1;
    g = tu_game_rules_spn(&r, "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 -");
    tu_assert_legal(g, "a1");
    tu_play(g, "a1");
    tu_assert_spn(g, "xoxox/oxxxo/xo1ox/oxxxo/ooxoo o 0 0 0 -");
    assert_int_equal(seega_phase(g), SEEGA_PHASE_MOVING);
    tu_assert_legal(g, "b3-c3 d3-c3");
    seega_free(g);
}

/* The centre is never a legal placement, on every board size. */
static void test_centre_never_placeable(void **state)
{
    static char exp[8 * SEEGA_MAX_ACTIONS];
    static const struct {
        int32_t size;
        const char *centre;
        int32_t index;
    } cases[] = {{5, "c3", 12}, {7, "d4", 24}, {9, "e5", 40}};
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seega_game *g = tu_game(SEEGA_CLASSIC, cases[i].size);
        char before[SEEGA_SPN_MAX];
        assert_int_equal(seega_legal_moves(g, NULL, 0),
                         cases[i].size * cases[i].size - 1);
        tu_assert_legal(g,
                        tu_squares_except(cases[i].size, cases[i].centre, exp));
        assert_true(seega_get_spn(g, before, sizeof before) > 0);
        assert_int_equal(tu_try(g, cases[i].centre), SEEGA_E_ILLEGAL);
        assert_int_equal(seega_place(g, cases[i].index), SEEGA_E_ILLEGAL);
        tu_assert_spn(g, before);
        /* still refused after the first placement of the turn */
        tu_play(g, "a1");
        assert_int_equal(tu_try(g, cases[i].centre), SEEGA_E_ILLEGAL);
        seega_free(g);
    }
}

/*
 * Mid-placing, X to place: the legal placements are the 20 empty squares
 * other than the centre.
 *
 *   . . . o o
 *   . . . . .
 *   . . . . .
 *   . . . . .
 *   x x . . .
 */
static void test_placements_are_empty_non_centre(void **state)
{
    static char exp[8 * SEEGA_MAX_ACTIONS];
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, "3oo/5/5/5/xx3 x 10 10 0 -");
    (void)state;
    tu_assert_legal(g, tu_squares_except(5, "a1 b1 c3 d5 e5", exp));
    assert_int_equal(seega_legal_moves(g, NULL, 0), 20);
    seega_free(g);
}

/* A placement on an occupied square is refused, the game unchanged. */
static void test_occupied_square_refused(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, "3oo/5/5/5/xx3 x 10 10 0 -");
    (void)state;
    assert_int_equal(tu_try(g, "a1"), SEEGA_E_ILLEGAL); /* own piece */
    assert_int_equal(tu_try(g, "e5"), SEEGA_E_ILLEGAL); /* enemy piece */
    assert_int_equal(seega_place(g, 0), SEEGA_E_ILLEGAL);
    assert_int_equal(seega_place(g, 24), SEEGA_E_ILLEGAL);
    tu_assert_spn(g, "3oo/5/5/5/xx3 x 10 10 0 -");
    tu_play(g, "c1");
    assert_int_equal(tu_try(g, "c1"), SEEGA_E_ILLEGAL); /* just placed */
    tu_assert_spn(g, "3oo/5/5/5/xxx2 x 9 10 0 +");
    seega_free(g);
}

/* Steps, removals and passes are refused during the placing. */
static void test_only_placements_during_placing(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, "3oo/5/5/5/xx3 x 10 10 0 -");
    (void)state;
    assert_int_equal(tu_try(g, "a1-a2"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "b1-c1"), SEEGA_E_ILLEGAL);
    assert_int_equal(seega_move(g, 1, 2), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "pass"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "xe5"), SEEGA_E_ILLEGAL);
    tu_assert_spn(g, "3oo/5/5/5/xx3 x 10 10 0 -");
    seega_free(g);
}

/* Off-board integer squares are SEEGA_E_INVALID, not ILLEGAL. */
static void test_place_off_board_invalid(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    (void)state;
    assert_int_equal(seega_place(g, 25), SEEGA_E_INVALID);
    assert_int_equal(seega_place(g, -1), SEEGA_E_INVALID);
    assert_int_equal(seega_place(g, 200), SEEGA_E_INVALID);
    tu_assert_spn(g, "5/5/5/5/5 x 12 12 0 -");
    seega_free(g);
}

/*
 * TRADITIONAL opening squares: X's first two pieces on the centre file's
 * neighbours of the centre, O's on the centre rank's.
 */
static void test_opening_squares_all_sizes(void **state)
{
    static char exp[8 * SEEGA_MAX_ACTIONS];
    static const struct {
        int32_t size;
        const char *x1, *x2, *o1, *o2, *centre;
    } cases[] = {{5, "c2", "c4", "b3", "d3", "c3"},
                 {7, "d3", "d5", "c4", "e4", "d4"},
                 {9, "e4", "e6", "d5", "f5", "e5"}};
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seega_game *g = tu_game(SEEGA_TRADITIONAL, cases[i].size);
        char both[16], all4[32];
        snprintf(both, sizeof both, "%s %s", cases[i].x1, cases[i].x2);
        tu_assert_legal(g, both);
        assert_int_equal(tu_try(g, "a1"), SEEGA_E_ILLEGAL);
        assert_int_equal(tu_try(g, cases[i].o1), SEEGA_E_ILLEGAL);
        assert_int_equal(tu_try(g, cases[i].centre), SEEGA_E_ILLEGAL);
        tu_play(g, cases[i].x2);
        tu_assert_legal(g, cases[i].x1);
        tu_play(g, cases[i].x1);
        snprintf(both, sizeof both, "%s %s", cases[i].o1, cases[i].o2);
        tu_assert_legal(g, both);
        assert_int_equal(tu_try(g, "a1"), SEEGA_E_ILLEGAL);
        tu_play(g, cases[i].o1);
        tu_assert_legal(g, cases[i].o2);
        tu_play(g, cases[i].o2);
        /* from X's third piece on: any empty square but the centre */
        snprintf(all4, sizeof all4, "%s %s %s %s %s", cases[i].x1, cases[i].x2,
                 cases[i].o1, cases[i].o2, cases[i].centre);
        tu_assert_legal(g, tu_squares_except(cases[i].size, all4, exp));
        seega_free(g);
    }
}

/*
 * Opening squares with one placement per turn: X, O, X, O each place on
 * their marked squares first.
 */
static void test_opening_squares_one_per_turn(void **state)
{
    static char exp[8 * SEEGA_MAX_ACTIONS];
    seega_rules r = tu_rules(SEEGA_TRADITIONAL, 5);
    seega_game *g;
    (void)state;
    r.placements_per_turn = 1;
    g = tu_game_rules(&r);
    tu_assert_legal(g, "c2 c4");
    tu_play(g, "c2");
    tu_assert_spn(g, "5/5/5/2x2/5 o 11 12 0 -");
    tu_assert_legal(g, "b3 d3");
    tu_play(g, "d3");
    tu_assert_legal(g, "c4");
    assert_int_equal(tu_try(g, "a1"), SEEGA_E_ILLEGAL);
    tu_play(g, "c4");
    tu_assert_legal(g, "b3");
    tu_play(g, "b3");
    tu_assert_spn(g, "5/2x2/1o1o1/2x2/5 x 10 10 0 -");
    tu_assert_legal(g, tu_squares_except(5, "c2 c4 b3 d3 c3", exp));
    seega_free(g);
}

/* Without opening_squares (the other presets) the first placement is free. */
static void test_no_opening_squares_elsewhere(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        seega_game *g = tu_game(all_presets[i], 5);
        assert_int_equal(seega_legal_moves(g, NULL, 0), 24);
        tu_play(g, "a1");
        tu_play(g, "e1");
        tu_play(g, "a5");
        tu_play(g, "e5");
        tu_assert_spn(g, "o3o/5/5/5/x3x x 10 10 0 -");
        seega_free(g);
    }
}

/*
 * No capture during the placing: O places b1 between X's a1 and c1 and
 * the piece stays.
 *
 *   . . . . .
 *   . . . . .
 *   . . . . .
 *   . . . . .
 *   x . x . .     O places b1
 */
static void test_placed_between_enemies_stays(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "5/5/5/5/x1x2 o 10 12 0 -");
        tu_play(g, "b1");
        tu_assert_spn(g, "5/5/5/5/xox2 o 10 11 0 +");
        assert_int_equal(seega_pieces(g, SEEGA_O), 1);
        tu_assert_captures(g, "");
        seega_free(g);
    }
}

/*
 * No capture during the placing: X places c1 closing a1-b1-c1 around O's
 * b1; nothing is captured.
 *
 *   . . . . .
 *   . . . . .
 *   . . . . .
 *   . . . . o
 *   x o . . x     X places c1
 */
static void test_placement_closing_sandwich_captures_nothing(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "5/5/5/4o/xo2x x 10 10 0 -");
        tu_play(g, "c1");
        tu_assert_spn(g, "5/5/5/4o/xox1x x 9 10 0 +");
        assert_int_equal(seega_pieces(g, SEEGA_O), 2);
        assert_int_equal(seega_quiet_count(g), 0);
        tu_assert_captures(g, "");
        seega_free(g);
    }
}

/*
 * The last placement closes two sandwiches (b1 next to X's b2 with O's b3
 * beyond; b1 next to X's c1 with O's d1 beyond) and still captures
 * nothing; both X pieces are then safe when the moving starts.
 *
 *   x o x o x
 *   o x x x o
 *   x o . o x
 *   o x x x o
 *   o . x o o     O places b1, its last piece
 */
static void test_last_placement_captures_nothing(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g = tu_game_spn(all_presets[i], 5,
                                    "xoxox/oxxxo/xo1ox/oxxxo/o1xoo o 0 1 0 +");
        tu_assert_legal(g, "b1");
        tu_play(g, "b1");
        assert_int_equal(seega_pieces(g, SEEGA_X), 12);
        assert_int_equal(seega_pieces(g, SEEGA_O), 12);
        assert_int_equal(seega_phase(g), SEEGA_PHASE_MOVING);
        tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
        seega_free(g);
    }
}

/*
 * End of the placing: the move goes to the rule's first mover. O places
 * a1, its 12th piece.
 *
 *   x o x o x
 *   o x x x o
 *   x o . o x
 *   o x x x o
 *   . o x o o
 *
 * O next to the centre: b3, d3 (orthogonally; its diagonal neighbours
 * b2 d2 b4 d4 are X). X next to it: c2, c4.
 */
static void test_first_mover_after_placing(void **state)
{
    static const struct {
        int32_t variant;
        const char *spn;
        int32_t to_move;
        const char *legal;
    } cases[] = {
        {SEEGA_CLASSIC, "xoxox/oxxxo/xo1ox/oxxxo/ooxoo o 0 0 0 -", SEEGA_O,
         "b3-c3 d3-c3"},
        {SEEGA_DIAGONAL, "xoxox/oxxxo/xo1ox/oxxxo/ooxoo o 0 0 0 -", SEEGA_O,
         "b3-c3 d3-c3"},
        {SEEGA_TRADITIONAL, "xoxox/oxxxo/xo1ox/oxxxo/ooxoo o 0 0 0 -", SEEGA_O,
         "b3-c3 d3-c3"},
        {SEEGA_MODERN, "xoxox/oxxxo/xo1ox/oxxxo/ooxoo x 0 0 0 -", SEEGA_X,
         "c2-c3 c4-c3"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seega_game *g = tu_game_spn(cases[i].variant, 5,
                                    "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 +");
        assert_int_equal(seega_phase(g), SEEGA_PHASE_PLACING);
        tu_assert_legal(g, "a1");
        tu_play(g, "a1");
        tu_assert_spn(g, cases[i].spn);
        assert_int_equal(seega_phase(g), SEEGA_PHASE_MOVING);
        assert_int_equal(seega_to_move(g), cases[i].to_move);
        assert_int_equal(seega_quiet_count(g), 0);
        tu_assert_legal(g, cases[i].legal);
        tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
        seega_free(g);
    }
}

/*
 * The first_mover field on its own: CLASSIC with first_mover = X.
 */
static void test_first_mover_field(void **state)
{
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *g;
    (void)state;
    r.first_mover = SEEGA_X;
    g = tu_game_rules_spn(&r, "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 +");
    tu_play(g, "a1");
    tu_assert_spn(g, "xoxox/oxxxo/xo1ox/oxxxo/ooxoo x 0 0 0 -");
    tu_assert_legal(g, "c2-c3 c4-c3");
    seega_free(g);
}

/*
 * The blocked check right after the last placement. O places e1 last; all
 * eight neighbours of the centre are X, so O (first mover) has no step.
 *
 *   o o o o o
 *   o x x x o
 *   o x . x o
 *   o x x x o
 *   x x x x .     O places e1
 *
 * DIAGONAL (LOSES): O loses at once, before any move; O is "to move" in
 * the finished game. CLASSIC (OPPONENT_OPENS): O's only action is pass.
 * MODERN: X moves first and can (b3 c2 d3 c4 touch the centre).
 */
static void test_blocked_check_after_last_placement(void **state)
{
    const char *before = "ooooo/oxxxo/ox1xo/oxxxo/xxxx1 o 0 1 0 +";
    seega_game *g;
    (void)state;

    g = tu_game_spn(SEEGA_DIAGONAL, 5, before);
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_legal(g, "e1");
    tu_play(g, "e1");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_BLOCKED);
    tu_assert_spn(g, "ooooo/oxxxo/ox1xo/oxxxo/xxxxo o 0 0 0 -");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_int_equal(seega_legal_moves(g, NULL, 0), 0);
    assert_int_equal(tu_try(g, "b3-c3"), SEEGA_E_GAME_OVER);
    seega_free(g);

    g = tu_game_spn(SEEGA_CLASSIC, 5, before);
    tu_play(g, "e1");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_spn(g, "ooooo/oxxxo/ox1xo/oxxxo/xxxxo o 0 0 0 -");
    tu_assert_legal(g, "pass");
    seega_free(g);

    g = tu_game_spn(SEEGA_MODERN, 5, before);
    tu_play(g, "e1");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_spn(g, "ooooo/oxxxo/ox1xo/oxxxo/xxxxo x 0 0 0 -");
    tu_assert_legal(g, "b3-c3 c2-c3 c4-c3 d3-c3");
    seega_free(g);
}

/*
 * MODERN: X moves first; on the checkerboard below no X piece touches the
 * centre, so right after O's last placement X is blocked and may only
 * pass. Under CLASSIC the same board gives O (first mover) four steps.
 *
 *   x o x o x
 *   o x o x o
 *   x o . o x
 *   o x o x o
 *   x . x o x     O places b1, its last piece
 */
static void test_first_mover_blocked_passes(void **state)
{
    const char *before = "xoxox/oxoxo/xo1ox/oxoxo/x1xox o 0 1 0 +";
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, before);
    (void)state;
    tu_play(g, "b1");
    tu_assert_spn(g, "xoxox/oxoxo/xo1ox/oxoxo/xoxox x 0 0 0 -");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_legal(g, "pass");
    tu_play(g, "pass");
    tu_assert_spn(g, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 1 -");
    tu_assert_legal(g, "b3-c3 c2-c3 c4-c3 d3-c3");
    seega_free(g);

    g = tu_game_spn(SEEGA_CLASSIC, 5, before);
    tu_play(g, "b1");
    tu_assert_spn(g, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -");
    tu_assert_legal(g, "b3-c3 c2-c3 c4-c3 d3-c3");
    seega_free(g);
}

/* The material rule is never checked during the placing. */
static void test_no_material_check_while_placing(void **state)
{
    seega_game *g = tu_game(SEEGA_TRADITIONAL, 5);
    (void)state;
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_play(g, "c2");
    tu_play(g, "c4");
    /* O has no piece on the board, X two: lose_at 1 does not apply */
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_play(g, "b3");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_placements_per_turn),
        cmocka_unit_test(test_two_placements_per_turn_traditional),
        cmocka_unit_test(test_one_placement_per_turn),
        cmocka_unit_test(test_one_placement_per_turn_end),
        cmocka_unit_test(test_centre_never_placeable),
        cmocka_unit_test(test_placements_are_empty_non_centre),
        cmocka_unit_test(test_occupied_square_refused),
        cmocka_unit_test(test_only_placements_during_placing),
        cmocka_unit_test(test_place_off_board_invalid),
        cmocka_unit_test(test_opening_squares_all_sizes),
        cmocka_unit_test(test_opening_squares_one_per_turn),
        cmocka_unit_test(test_no_opening_squares_elsewhere),
        cmocka_unit_test(test_placed_between_enemies_stays),
        cmocka_unit_test(test_placement_closing_sandwich_captures_nothing),
        cmocka_unit_test(test_last_placement_captures_nothing),
        cmocka_unit_test(test_first_mover_after_placing),
        cmocka_unit_test(test_first_mover_field),
        cmocka_unit_test(test_blocked_check_after_last_placement),
        cmocka_unit_test(test_first_mover_blocked_passes),
        cmocka_unit_test(test_no_material_check_while_placing),
    };
    return cmocka_run_group_tests_name("rules_placing", tests, NULL, NULL);
}

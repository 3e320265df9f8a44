/*
 * A side that cannot move, the `blocked` field (docs/rules.md, "A side
 * that cannot move" (#rules_blocked)): LOSES, PASSES, OPPONENT_OPENS (with
 * the must-open constraint) and REMOVES, per preset and with the field
 * set on its own.
 *
 * Every expectation is derived by hand from docs/rules.md. Boards are
 * drawn rank N at the top, as SPN writes them.
 *
 * Note: on these boards both sides can never be blocked at once in the
 * moving phase (some piece always touches an empty square orthogonally,
 * as docs/rules.md, "Both sides blocked" (#rules_end_both_blocked) says),
 * so the BOTH_BLOCKED ending cannot be reached from a legal SPN and has
 * no test here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

/*
 * X at a1 boxed in by O's a2 and b1 (orthogonally); O has e5 elsewhere.
 *
 *   . . . . o
 *   . . . . .
 *   . . . . .
 *   o . . . .
 *   x o . . .
 */
#define BOXED "4o/5/5/o4/xo3 x 0 0 0 -"

/* ---------------------------------------------------------------- LOSES */

/*
 * DIAGONAL: X c2-b2 leaves O's a1 with all three neighbours (a2 b1 b2)
 * taken; O, to move, has no step and loses. Nothing was captured, so the
 * quiet counter went to 1 first.
 *
 *   . . . . .        . . . . .
 *   . . . . .        . . . . .
 *   . . . . .   ->   . . . . .
 *   x . x . .        x x . . .
 *   o x . . .        o x . . .
 */
static void test_loses_diagonal(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_DIAGONAL, 5, "5/5/5/x1x2/ox3 x 0 0 0 -");
    (void)state;
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_play(g, "c2-b2");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_BLOCKED);
    tu_assert_spn(g, "5/5/5/xx3/ox3 o 0 0 1 -");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_int_equal(seega_legal_moves(g, NULL, 0), 0);
    assert_int_equal(tu_try(g, "pass"), SEEGA_E_GAME_OVER);
    seega_free(g);
}

/* The blocked field on its own: CLASSIC with LOSES, loaded blocked. */
static void test_loses_field(void **state)
{
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *g;
    (void)state;
    r.blocked = SEEGA_BLOCKED_LOSES;
    g = tu_game_rules_spn(&r, BOXED);
    tu_assert_result(g, SEEGA_O_WINS, SEEGA_REASON_BLOCKED);
    tu_assert_spn(g, BOXED);
    assert_int_equal(seega_legal_moves(g, NULL, 0), 0);
    seega_free(g);
}

/* --------------------------------------------------------------- PASSES */

/*
 * MODERN: the blocked side's only action is pass; then the other side
 * moves, with no constraint (e5 may move though it opens nothing); a pass
 * is a turn for the quiet counter.
 */
static void test_passes_modern(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, BOXED);
    (void)state;
    tu_assert_legal(g, "pass");
    assert_int_equal(tu_try(g, "a1-a2"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "xb1"), SEEGA_E_ILLEGAL);
    tu_play(g, "pass");
    tu_assert_spn(g, "4o/5/5/o4/xo3 o 0 0 1 -");
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);
    tu_assert_legal(g, "a2-a3 a2-b2 b1-b2 b1-c1 e5-d5 e5-e4");
    tu_play(g, "e5-e4");
    tu_assert_spn(g, "5/4o/5/o4/xo3 x 0 0 2 -");
    tu_assert_legal(g, "pass");
    tu_play(g, "pass");
    tu_play(g, "a2-a3");
    tu_assert_spn(g, "5/4o/o4/5/xo3 x 0 0 4 -");
    tu_assert_legal(g, "a1-a2");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    seega_free(g);
}

/* The blocked field on its own: TRADITIONAL with PASSES. */
static void test_passes_field(void **state)
{
    seega_rules r = tu_rules(SEEGA_TRADITIONAL, 5);
    seega_game *g;
    (void)state;
    r.blocked = SEEGA_BLOCKED_PASSES;
    g = tu_game_rules_spn(&r, "4o/5/2o2/o3o/xo1ox x 0 0 0 -");
    tu_assert_legal(g, "pass");
    tu_play(g, "pass");
    tu_assert_spn(g, "4o/5/2o2/o3o/xo1ox o 0 0 1 -");
    seega_free(g);
}

/* ------------------------------------------------------- OPPONENT_OPENS */

/*
 * CLASSIC: X passes; O takes the extra turn ('!') and must open: only
 * moves of a2 or b1 leave X a step; e5's moves do not.
 */
static void test_opponent_opens_classic(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, BOXED);
    (void)state;
    tu_assert_legal(g, "pass");
    assert_int_equal(tu_try(g, "a1-a2"), SEEGA_E_ILLEGAL);
    tu_play(g, "pass");
    tu_assert_spn(g, "4o/5/5/o4/xo3 o 0 0 1 !");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_EXTRA);
    tu_assert_legal(g, "a2-a3 a2-b2 b1-b2 b1-c1");
    assert_int_equal(tu_try(g, "e5-e4"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "pass"), SEEGA_E_ILLEGAL);
    tu_assert_spn(g, "4o/5/5/o4/xo3 o 0 0 1 !");
    tu_play(g, "a2-a3");
    tu_assert_spn(g, "4o/5/o4/5/xo3 x 0 0 2 -");
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);
    tu_assert_legal(g, "a1-a2");
    seega_free(g);
}

/* The '!' position loaded from SPN gives the same constraint. */
static void test_opponent_opens_loaded(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, "4o/5/5/o4/xo3 o 0 0 1 !");
    (void)state;
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_EXTRA);
    tu_assert_legal(g, "a2-a3 a2-b2 b1-b2 b1-c1");
    seega_free(g);
}

/* The blocked field on its own: MODERN with OPPONENT_OPENS. */
static void test_opponent_opens_field(void **state)
{
    seega_rules r = tu_rules(SEEGA_MODERN, 5);
    seega_game *g;
    (void)state;
    r.blocked = SEEGA_BLOCKED_OPPONENT_OPENS;
    g = tu_game_rules_spn(&r, BOXED);
    tu_play(g, "pass");
    tu_assert_spn(g, "4o/5/5/o4/xo3 o 0 0 1 !");
    tu_assert_legal(g, "a2-a3 a2-b2 b1-b2 b1-c1");
    seega_free(g);
}

/*
 * When no first move can open, every move is legal. a2 and b1 cannot
 * move (a3, b2, c1 are O too), and a corner piece cannot be captured.
 *
 *   . . . . .
 *   . . . . .
 *   o . . . .
 *   o o . . .
 *   x o o . .
 *
 * After O's extra turn X is still blocked and passes again.
 */
static void test_opponent_opens_none_possible(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, "5/5/o4/oo3/xoo2 x 0 0 0 -");
    (void)state;
    tu_assert_legal(g, "pass");
    tu_play(g, "pass");
    tu_assert_spn(g, "5/5/o4/oo3/xoo2 o 0 0 1 !");
    tu_assert_legal(g, "a3-a4 a3-b3 b2-b3 b2-c2 c1-c2 c1-d1");
    tu_play(g, "a3-a4");
    tu_assert_spn(g, "5/o4/5/oo3/xoo2 x 0 0 2 -");
    tu_assert_legal(g, "pass");
    tu_play(g, "pass");
    tu_assert_spn(g, "5/o4/5/oo3/xoo2 o 0 0 3 !");
    seega_free(g);
}

/*
 * "after its captures", opening by capture. CLASSIC with capture_dirs =
 * all eight (moves stay orthogonal). X (b1, b2) is blocked.
 *
 *   . . . . .
 *   o . . . .
 *   . o . . .
 *   o x o . .
 *   o x o . .
 *
 * O's a4-a3 does not free a square next to X by leaving a4, but at a3 it
 * captures b2 diagonally (c1 beyond), which frees b2 for X's b1: legal.
 * a4-a5 and a4-b4 open nothing: illegal. The other moves leave a square
 * next to X (some also capture b2).
 */
static void test_opponent_opens_by_capture(void **state)
{
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *g;
    (void)state;
    r.capture_dirs = SEEGA_DIRS_ALL;
    g = tu_game_rules_spn(&r, "5/o4/1o3/oxo2/oxo2 x 0 0 0 -");
    tu_assert_legal(g, "pass");
    tu_play(g, "pass");
    tu_assert_spn(g, "5/o4/1o3/oxo2/oxo2 o 0 0 1 !");
    tu_assert_legal(g, "a2-a3 a4-a3 b3-a3 b3-b4 b3-c3 c1-d1 c2-c3 c2-d2");
    assert_int_equal(tu_try(g, "a4-a5"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "a4-b4"), SEEGA_E_ILLEGAL);
    tu_play(g, "a4-a3");
    tu_assert_captures(g, "b2");
    /* the a3 piece has no further capturing move: the turn ends */
    tu_assert_spn(g, "5/5/oo3/o1o2/oxo2 x 0 0 0 -");
    tu_assert_legal(g, "b1-b2");
    seega_free(g);
}

/*
 * "after its captures", closing by capture, and the chain after the
 * first move is not constrained. CLASSIC with capture_dirs = all eight.
 * X (a1, b2, d2) is blocked.
 *
 *   . . . . .
 *   . . . . .
 *   . o . o o
 *   o x o x o
 *   x o . o .
 *
 * d1-c1 leaves d1 (next to d2) but captures d2 (NE, e3 beyond), and then
 * no X piece touches an empty square: illegal. e3-e4 touches no X piece:
 * illegal. All other first moves open (d1-e1, e2-e1: d2 can step back;
 * c2-c1 captures d2 but frees c2 for b2; ...).
 *
 * b1-c1 captures d2 and frees b1; then the chain: c1-b1 captures b2 (b3
 * beyond) and leaves X's a1 blocked again. It is legal all the same.
 */
static void test_opponent_opens_after_captures_and_chain(void **state)
{
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *g;
    (void)state;
    r.capture_dirs = SEEGA_DIRS_ALL;
    g = tu_game_rules_spn(&r, "5/5/1o1oo/oxoxo/xo1o1 x 0 0 0 -");
    tu_assert_legal(g, "pass");
    tu_play(g, "pass");
    tu_assert_spn(g, "5/5/1o1oo/oxoxo/xo1o1 o 0 0 1 !");
    tu_assert_legal(g, "a2-a3 b1-c1 b3-a3 b3-b4 b3-c3 c2-c1 c2-c3 "
                       "d1-e1 d3-c3 d3-d4 e2-e1");
    assert_int_equal(tu_try(g, "d1-c1"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "e3-e4"), SEEGA_E_ILLEGAL);
    tu_play(g, "b1-c1");
    tu_assert_captures(g, "d2");
    tu_assert_spn(g, "5/5/1o1oo/oxo1o/x1oo1 o 0 0 0 c1");
    tu_assert_legal(g, "c1-b1 pass");
    tu_play(g, "c1-b1");
    tu_assert_captures(g, "b2");
    tu_assert_spn(g, "5/5/1o1oo/o1o1o/xo1o1 x 0 0 0 -");
    tu_assert_legal(g, "pass");
    seega_free(g);
}

/*
 * "or leave it with lose_at pieces or fewer": a first move that takes the
 * blocked side's last piece is legal though it opens nothing. CLASSIC
 * with capture_dirs = all eight; X has b2 only.
 *
 *   . . . . .
 *   . . . . .
 *   . o . o .
 *   o x o . .
 *   o o . . .
 *
 * d3-c3 captures b2 (SW, a1 beyond): X has 0 = lose_at pieces, legal.
 * d3's other moves open nothing: illegal. O wins by material at once.
 */
static void test_opponent_opens_lose_at(void **state)
{
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *g;
    (void)state;
    r.capture_dirs = SEEGA_DIRS_ALL;
    g = tu_game_rules_spn(&r, "5/5/1o1o1/oxo2/oo3 x 0 0 0 -");
    tu_play(g, "pass");
    tu_assert_legal(g, "a2-a3 b1-c1 b3-a3 b3-b4 b3-c3 c2-c1 c2-c3 c2-d2 "
                       "d3-c3");
    assert_int_equal(tu_try(g, "d3-d2"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "d3-d4"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "d3-e3"), SEEGA_E_ILLEGAL);
    tu_play(g, "d3-c3");
    tu_assert_result(g, SEEGA_O_WINS, SEEGA_REASON_MATERIAL);
    tu_assert_spn(g, "5/5/1oo2/o1o2/oo3 x 0 0 0 -");
    seega_free(g);
}

/* -------------------------------------------------------------- REMOVES */

/*
 * TRADITIONAL: X (a1, e1) is blocked; its only actions are removals of
 * any O piece, the one on the centre included.
 *
 *   . . . . o
 *   . . . . .
 *   . . o . .
 *   o . . . o
 *   x o . o x
 */
#define REMOVE_POS "4o/5/2o2/o3o/xo1ox x 0 0 3 -"

static void test_removes_only_removals(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_TRADITIONAL, 5, REMOVE_POS);
    (void)state;
    tu_assert_legal(g, "xa2 xb1 xc3 xd1 xe2 xe5");
    assert_int_equal(tu_try(g, "pass"), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "xa1"), SEEGA_E_ILLEGAL); /* own piece */
    assert_int_equal(tu_try(g, "xc1"), SEEGA_E_ILLEGAL); /* empty */
    tu_assert_spn(g, REMOVE_POS);
    seega_free(g);
}

/*
 * Removing b1 gives X the step a1-b1: state '*', only that step; then the
 * turn ends. The removal resets the quiet counter like a capture, and the
 * turn that had it does not count as quiet.
 */
static void test_removes_then_moves(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_TRADITIONAL, 5, REMOVE_POS);
    (void)state;
    tu_play(g, "xb1");
    tu_assert_spn(g, "4o/5/2o2/o3o/x2ox x 0 0 0 *");
    tu_assert_captures(g, "b1");
    assert_int_equal(seega_to_move(g), SEEGA_X);
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_REMOVED);
    assert_int_equal(seega_pieces(g, SEEGA_O), 5);
    tu_assert_legal(g, "a1-b1");
    assert_int_equal(tu_try(g, "xa2"), SEEGA_E_ILLEGAL); /* one removal */
    assert_int_equal(tu_try(g, "pass"), SEEGA_E_ILLEGAL);
    tu_play(g, "a1-b1");
    tu_assert_spn(g, "4o/5/2o2/o3o/1x1ox o 0 0 0 -");
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);
    seega_free(g);
}

/* A removal that frees no step ends the turn (the centre piece here). */
static void test_removes_centre_piece_turn_ends(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_TRADITIONAL, 5, REMOVE_POS);
    (void)state;
    tu_play(g, "xc3");
    tu_assert_spn(g, "4o/5/5/o3o/xo1ox o 0 0 0 -");
    tu_assert_captures(g, "c3");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);
    tu_load(g, REMOVE_POS);
    tu_play(g, "xe5");
    tu_assert_spn(g, "5/5/2o2/o3o/xo1ox o 0 0 0 -");
    seega_free(g);
}

/*
 * The move after a removal captures as usual.
 *
 *   . . . . .
 *   . . . . .
 *   . . o . .
 *   o o x o .
 *   x o o . .
 *
 * X (a1, c2) is blocked. xa2 frees a2; a1-a2 then captures b2 (c2
 * beyond). The a2 piece has no further capture: the turn ends.
 */
static void test_removes_then_captures(void **state)
{
    static const int32_t v[] = {SEEGA_TRADITIONAL, SEEGA_CLASSIC};
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_rules r = tu_rules(v[i], 5);
        seega_game *g;
        r.blocked = SEEGA_BLOCKED_REMOVES; /* CLASSIC: the field alone */
        g = tu_game_rules_spn(&r, "5/5/2o2/ooxo1/xoo2 x 0 0 0 -");
        tu_assert_legal(g, "xa2 xb1 xb2 xc1 xc3 xd2");
        tu_play(g, "xa2");
        tu_assert_spn(g, "5/5/2o2/1oxo1/xoo2 x 0 0 0 *");
        tu_assert_legal(g, "a1-a2");
        tu_play(g, "a1-a2");
        tu_assert_captures(g, "b2");
        tu_assert_spn(g, "5/5/2o2/x1xo1/1oo2 o 0 0 0 -");
        assert_int_equal(seega_pieces(g, SEEGA_O), 4);
        seega_free(g);
    }
}

/*
 * After a removal the move captures and chains as usual (TRADITIONAL).
 *
 *   x o . . .
 *   o . . . .
 *   . . o . .
 *   o o x o .
 *   x o o . .
 *
 * X (a5, c2, a1) is blocked. xa2; a1-a2 takes b2 (c2 beyond); the a2
 * piece can go on with a2-a3, taking a4 (a5 beyond); then nothing more.
 */
static void test_removes_then_chain(void **state)
{
    seega_game *g =
        tu_game_spn(SEEGA_TRADITIONAL, 5, "xo3/o4/2o2/ooxo1/xoo2 x 0 0 0 -");
    (void)state;
    tu_assert_legal(g, "xa2 xa4 xb1 xb2 xb5 xc1 xc3 xd2");
    tu_play(g, "xa2");
    tu_assert_spn(g, "xo3/o4/2o2/1oxo1/xoo2 x 0 0 0 *");
    tu_assert_legal(g, "a1-a2");
    tu_play(g, "a1-a2");
    tu_assert_spn(g, "xo3/o4/2o2/x1xo1/1oo2 x 0 0 0 a2");
    tu_assert_legal(g, "a2-a3 pass");
    tu_play(g, "a2-a3");
    tu_assert_captures(g, "a4");
    tu_assert_spn(g, "xo3/5/x1o2/2xo1/1oo2 o 0 0 0 -");
    assert_int_equal(seega_pieces(g, SEEGA_O), 5);
    seega_free(g);
}

/* The '*' state loaded from SPN. */
static void test_removes_state_loaded(void **state)
{
    seega_game *g =
        tu_game_spn(SEEGA_TRADITIONAL, 5, "4o/5/2o2/o3o/x2ox x 0 0 0 *");
    (void)state;
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_REMOVED);
    tu_assert_legal(g, "a1-b1");
    seega_free(g);
}

/*
 * The blocked field on its own: DIAGONAL with REMOVES. X's a1 is boxed in
 * by a2, b1, b2 (eight-way moves). After xb2 it steps a1-b2 diagonally.
 *
 *   . . . . .
 *   . . . . .
 *   . . . . .
 *   o o . . .
 *   x o . . .
 */
static void test_removes_field_diagonal(void **state)
{
    seega_rules r = tu_rules(SEEGA_DIAGONAL, 5);
    seega_game *g;
    (void)state;
    r.blocked = SEEGA_BLOCKED_REMOVES;
    g = tu_game_rules_spn(&r, "5/5/5/oo3/xo3 x 0 0 0 -");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_legal(g, "xa2 xb1 xb2");
    tu_play(g, "xb2");
    tu_assert_spn(g, "5/5/5/o4/xo3 x 0 0 0 *");
    tu_assert_legal(g, "a1-b2");
    tu_play(g, "a1-b2");
    tu_assert_spn(g, "5/5/5/ox3/1o3 o 0 0 0 -");
    seega_free(g);
}

/* Under DIAGONAL itself (LOSES) the same position is lost for X at once. */
static void test_loses_loaded_diagonal(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_DIAGONAL, 5, "5/5/5/oo3/xo3 x 0 0 0 -");
    (void)state;
    tu_assert_result(g, SEEGA_O_WINS, SEEGA_REASON_BLOCKED);
    assert_int_equal(seega_legal_moves(g, NULL, 0), 0);
    tu_assert_spn(g, "5/5/5/oo3/xo3 x 0 0 0 -");
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loses_diagonal),
        cmocka_unit_test(test_loses_field),
        cmocka_unit_test(test_loses_loaded_diagonal),
        cmocka_unit_test(test_passes_modern),
        cmocka_unit_test(test_passes_field),
        cmocka_unit_test(test_opponent_opens_classic),
        cmocka_unit_test(test_opponent_opens_loaded),
        cmocka_unit_test(test_opponent_opens_field),
        cmocka_unit_test(test_opponent_opens_none_possible),
        cmocka_unit_test(test_opponent_opens_by_capture),
        cmocka_unit_test(test_opponent_opens_after_captures_and_chain),
        cmocka_unit_test(test_opponent_opens_lose_at),
        cmocka_unit_test(test_removes_only_removals),
        cmocka_unit_test(test_removes_then_moves),
        cmocka_unit_test(test_removes_centre_piece_turn_ends),
        cmocka_unit_test(test_removes_then_captures),
        cmocka_unit_test(test_removes_then_chain),
        cmocka_unit_test(test_removes_state_loaded),
        cmocka_unit_test(test_removes_field_diagonal),
    };
    return cmocka_run_group_tests_name("rules_blocked", tests, NULL, NULL);
}

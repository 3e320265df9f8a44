/*
 * The end of the game (docs/rules.md, "The end of the game" (#rules_end)):
 * material, quiet turns, blocked, their order, scoring by count, positions
 * loaded already finished, and what a finished game allows.
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

/* A finished game has no legal action and refuses every action. */
static void assert_finished(seega_game *g)
{
    char before[SEEGA_SPN_MAX];
    seega_action buf[SEEGA_MAX_ACTIONS];
    assert_true(seega_get_spn(g, before, sizeof before) > 0);
    /* the state field is '-' once the game is over */
    assert_true(strlen(before) > 2);
    assert_string_equal(before + strlen(before) - 2, " -");
    assert_int_equal(seega_legal_moves(g, buf, SEEGA_MAX_ACTIONS), 0);
    assert_int_equal(
        seega_play(g, seega_action_make(SEEGA_ACTION_PASS, SEEGA_NO_SQUARE,
                                        SEEGA_NO_SQUARE)),
        SEEGA_E_GAME_OVER);
    assert_int_equal(tu_try(g, "a1-a2"), SEEGA_E_GAME_OVER);
    assert_int_equal(tu_try(g, "b1-b2"), SEEGA_E_GAME_OVER);
    assert_int_equal(tu_try(g, "c3"), SEEGA_E_GAME_OVER);
    assert_int_equal(tu_try(g, "xa1"), SEEGA_E_GAME_OVER);
    assert_int_equal(seega_move(g, 0, 5), SEEGA_E_GAME_OVER);
    assert_int_equal(seega_place(g, 12), SEEGA_E_GAME_OVER);
    tu_assert_spn(g, before);
}

/* A fresh game and a loaded one are ongoing. */
static void test_ongoing_values(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    int32_t why = -100;
    (void)state;
    assert_int_equal(seega_result(g, &why), SEEGA_ONGOING);
    assert_int_equal(why, SEEGA_REASON_NONE);
    assert_int_equal(seega_result(g, NULL), SEEGA_ONGOING);
    tu_load(g, "4o/5/5/5/x4 x 0 0 0 -");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    seega_free(g);
}

/*
 * Material, lose_at 0: X c2-c1 takes O's last piece (b1). The loser is
 * then "to move". DIAGONAL included: O also has no step then, but
 * material is checked first.
 *
 *   . . . . .
 *   . . . . .
 *   . . . . .
 *   . . x . .
 *   x o . . .
 */
static void test_material_lose_at_0(void **state)
{
    static const int32_t v[] = {SEEGA_CLASSIC, SEEGA_DIAGONAL, SEEGA_MODERN};
    (void)state;
    for (int i = 0; i < 3; i++) {
        seega_game *g = tu_game_spn(v[i], 5, "5/5/5/2x2/xo3 x 0 0 0 -");
        tu_play(g, "c2-c1");
        tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
        tu_assert_spn(g, "5/5/5/5/x1x2 o 0 0 0 -");
        assert_int_equal(seega_to_move(g), SEEGA_O);
        assert_int_equal(seega_phase(g), SEEGA_PHASE_MOVING);
        assert_finished(g);
        seega_free(g);
    }
}

/*
 * Material, lose_at 1 (TRADITIONAL): the same capture leaves O with one
 * piece (e5), which loses; under MODERN (lose_at 0) the game goes on.
 *
 *   . . . . o
 *   . . . . .
 *   . . . . .
 *   . . x . .
 *   x o . . .
 */
static void test_material_lose_at_1(void **state)
{
    seega_game *g;
    seega_rules r;
    (void)state;
    g = tu_game_spn(SEEGA_TRADITIONAL, 5, "4o/5/5/2x2/xo3 x 0 0 0 -");
    tu_play(g, "c2-c1");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    tu_assert_spn(g, "4o/5/5/5/x1x2 o 0 0 0 -");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_finished(g);
    seega_free(g);

    g = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/2x2/xo3 x 0 0 0 -");
    tu_play(g, "c2-c1");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_spn(g, "4o/5/5/5/x1x2 o 0 0 0 -");
    seega_free(g);

    /* the lose_at field on its own */
    r = tu_rules(SEEGA_MODERN, 5);
    r.lose_at = 1;
    g = tu_game_rules_spn(&r, "4o/5/5/2x2/xo3 x 0 0 0 -");
    tu_play(g, "c2-c1");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    seega_free(g);
}

/*
 * MODERN quiet limit 50, scored by count. Draw: one piece each.
 *
 *   . . . . o
 *   . . . . .
 *   . . . . .
 *   . . . . .
 *   x . . . .     quiet 49, X a1-a2 makes it 50
 */
static void test_quiet_limit_modern_draw(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/5/x4 x 0 0 48 -");
    (void)state;
    tu_play(g, "a1-a2");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    assert_int_equal(seega_quiet_count(g), 49);
    tu_play(g, "e5-e4");
    tu_assert_result(g, SEEGA_DRAW, SEEGA_REASON_QUIET);
    tu_assert_spn(g, "5/4o/5/x4/5 x 0 0 50 -");
    /* the side to move at the start of the next turn */
    assert_int_equal(seega_to_move(g), SEEGA_X);
    assert_finished(g);
    seega_free(g);
}

/* MODERN quiet limit: the side with more pieces wins (X 2, O 1). */
static void test_quiet_limit_modern_win(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/5/xx3 x 0 0 49 -");
    (void)state;
    tu_play(g, "a1-a2");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_QUIET);
    tu_assert_spn(g, "4o/5/5/x4/1x3 o 0 0 50 -");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_finished(g);
    seega_free(g);
}

/* MODERN: passes count as turns towards the limit (O 3, X 1: O wins). */
static void test_quiet_limit_by_passes(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/o4/xo3 x 0 0 49 -");
    (void)state;
    tu_assert_legal(g, "pass");
    tu_play(g, "pass");
    tu_assert_result(g, SEEGA_O_WINS, SEEGA_REASON_QUIET);
    tu_assert_spn(g, "4o/5/5/o4/xo3 o 0 0 50 -");
    seega_free(g);
}

/* DIAGONAL quiet limit 150: 149 -> 150 ends; O 2 against X 1 wins. */
static void test_quiet_limit_diagonal(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_DIAGONAL, 5, "oo3/5/5/5/x4 x 0 0 148 -");
    (void)state;
    tu_play(g, "a1-b2");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_spn(g, "oo3/5/5/1x3/5 o 0 0 149 -");
    tu_play(g, "a5-a4");
    tu_assert_result(g, SEEGA_O_WINS, SEEGA_REASON_QUIET);
    tu_assert_spn(g, "1o3/o4/5/1x3/5 x 0 0 150 -");
    assert_finished(g);
    seega_free(g);

    g = tu_game_spn(SEEGA_DIAGONAL, 5, "4o/5/5/5/xx3 x 0 0 149 -");
    tu_play(g, "b1-c2");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_QUIET);
    tu_assert_spn(g, "4o/5/5/2x2/x4 o 0 0 150 -");
    seega_free(g);

    /* a capture on the 150th turn resets the counter instead */
    g = tu_game_spn(SEEGA_DIAGONAL, 5, "4o/4o/5/2x2/xo3 x 0 0 149 -");
    tu_play(g, "c2-c1");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    assert_int_equal(seega_quiet_count(g), 0);
    seega_free(g);
}

/* The quiet_limit field on its own: CLASSIC with a limit of 3. */
static void test_quiet_limit_field(void **state)
{
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *g;
    (void)state;
    r.quiet_limit = 3;
    g = tu_game_rules_spn(&r, "4o/5/5/5/xx3 x 0 0 1 -");
    tu_play(g, "a1-a2");
    tu_play(g, "e5-e4");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_QUIET);
    tu_assert_spn(g, "5/4o/5/x4/1x3 x 0 0 3 -");
    seega_free(g);
}

/* No limit (CLASSIC, TRADITIONAL): the counter is kept and shown anyway. */
static void test_no_quiet_limit(void **state)
{
    static const int32_t v[] = {SEEGA_CLASSIC, SEEGA_TRADITIONAL};
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g = tu_game_spn(v[i], 5, "o3o/5/5/5/xx3 x 0 0 1000 -");
        tu_play(g, "a1-a2");
        tu_assert_spn(g, "o3o/5/5/x4/1x3 o 0 0 1001 -");
        tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
        tu_play(g, "a5-a4");
        assert_int_equal(seega_quiet_count(g), 1002);
        seega_free(g);
    }
}

/* The counter stops at INT32_MAX (seega.h). */
static void test_quiet_counter_saturates(void **state)
{
    seega_game *g =
        tu_game_spn(SEEGA_CLASSIC, 5, "o3o/5/5/5/xx3 x 0 0 2147483646 -");
    (void)state;
    tu_play(g, "a1-a2");
    tu_assert_spn(g, "o3o/5/5/x4/1x3 o 0 0 2147483647 -");
    tu_play(g, "a5-a4");
    tu_assert_spn(g, "4o/o4/5/x4/1x3 x 0 0 2147483647 -");
    assert_int_equal(seega_quiet_count(g), INT32_MAX);
    seega_free(g);
}

/*
 * Order of the checks: quiet turns before blocked. DIAGONAL, X e1-d1
 * completes the wall around O's nine pieces (no capture: c1 and c2 have
 * O beyond them, not X). O then has no step.
 *
 *   . . . . .
 *   x x x x .
 *   o o o x .
 *   o o o x .
 *   o o o . x
 *
 * quiet 149: the 150th quiet turn ends the game first, scored by count:
 * O 9 against X 7, O wins (QUIET). quiet 0: O is blocked and loses.
 */
static void test_quiet_checked_before_blocked(void **state)
{
    seega_game *g =
        tu_game_spn(SEEGA_DIAGONAL, 5, "5/xxxx1/ooox1/ooox1/ooo1x x 0 0 149 -");
    (void)state;
    tu_play(g, "e1-d1");
    tu_assert_result(g, SEEGA_O_WINS, SEEGA_REASON_QUIET);
    tu_assert_spn(g, "5/xxxx1/ooox1/ooox1/ooox1 o 0 0 150 -");
    seega_free(g);

    g = tu_game_spn(SEEGA_DIAGONAL, 5, "5/xxxx1/ooox1/ooox1/ooo1x x 0 0 0 -");
    tu_play(g, "e1-d1");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_BLOCKED);
    tu_assert_spn(g, "5/xxxx1/ooox1/ooox1/ooox1 o 0 0 1 -");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_finished(g);
    seega_free(g);
}

/* --------------------------------------- positions loaded as finished */

/* MODERN with quiet 50: over, by count (X 2, O 1). */
static void test_loaded_quiet_limit(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/5/xx3 x 0 0 50 -");
    (void)state;
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_QUIET);
    tu_assert_spn(g, "4o/5/5/5/xx3 x 0 0 50 -");
    assert_int_equal(seega_to_move(g), SEEGA_X);
    assert_finished(g);
    seega_free(g);

    g = tu_game_spn(SEEGA_DIAGONAL, 5, "4o/5/5/5/x4 x 0 0 150 -");
    tu_assert_result(g, SEEGA_DRAW, SEEGA_REASON_QUIET);
    assert_finished(g);
    seega_free(g);
}

/* DIAGONAL: the side to move has no step: it has lost. */
static void test_loaded_blocked_diagonal(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_DIAGONAL, 5, "5/5/5/xx3/ox3 o 0 0 0 -");
    (void)state;
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_BLOCKED);
    tu_assert_spn(g, "5/5/5/xx3/ox3 o 0 0 0 -");
    assert_finished(g);
    seega_free(g);
}

/* A side at lose_at: over by material. */
static void test_loaded_material(void **state)
{
    seega_game *g;
    (void)state;
    g = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/5/5 x 0 0 0 -");
    tu_assert_result(g, SEEGA_O_WINS, SEEGA_REASON_MATERIAL);
    assert_finished(g);
    seega_free(g);

    g = tu_game_spn(SEEGA_CLASSIC, 5, "5/5/5/5/x4 o 0 0 0 -");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    assert_finished(g);
    seega_free(g);

    g = tu_game_spn(SEEGA_TRADITIONAL, 5, "4o/5/5/5/xx3 x 0 0 0 -");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    assert_finished(g);
    seega_free(g);

    /* material comes before the quiet limit */
    g = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/5/5 x 0 0 50 -");
    tu_assert_result(g, SEEGA_O_WINS, SEEGA_REASON_MATERIAL);
    seega_free(g);

    /* and before blocked: DIAGONAL, O to move with no piece at all */
    g = tu_game_spn(SEEGA_DIAGONAL, 5, "5/5/5/5/x4 o 0 0 0 -");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    seega_free(g);
}

/* Loading an ongoing position into a finished game makes it ongoing. */
static void test_load_clears_result(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/5/xx3 x 0 0 50 -");
    (void)state;
    tu_load(g, "4o/5/5/5/xx3 x 0 0 49 -");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_legal(g, "a1-a2 b1-b2 b1-c1");
    seega_free(g);
}

/* Undo out of a finished game makes it ongoing again. */
static void test_undo_reopens(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, "5/5/5/2x2/xo3 x 0 0 0 -");
    (void)state;
    tu_play(g, "c2-c1");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    assert_int_equal(seega_undo(g), SEEGA_OK);
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_spn(g, "5/5/5/2x2/xo3 x 0 0 0 -");
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ongoing_values),
        cmocka_unit_test(test_material_lose_at_0),
        cmocka_unit_test(test_material_lose_at_1),
        cmocka_unit_test(test_quiet_limit_modern_draw),
        cmocka_unit_test(test_quiet_limit_modern_win),
        cmocka_unit_test(test_quiet_limit_by_passes),
        cmocka_unit_test(test_quiet_limit_diagonal),
        cmocka_unit_test(test_quiet_limit_field),
        cmocka_unit_test(test_no_quiet_limit),
        cmocka_unit_test(test_quiet_counter_saturates),
        cmocka_unit_test(test_quiet_checked_before_blocked),
        cmocka_unit_test(test_loaded_quiet_limit),
        cmocka_unit_test(test_loaded_blocked_diagonal),
        cmocka_unit_test(test_loaded_material),
        cmocka_unit_test(test_load_clears_result),
        cmocka_unit_test(test_undo_reopens),
    };
    return cmocka_run_group_tests_name("rules_end", tests, NULL, NULL);
}

/*
 * Chain captures (docs/rules.md, "Chain captures" (#rules_chain)), the
 * SPN chain state, and the material check in the middle of a chain.
 *
 * Every expectation is derived by hand from docs/rules.md. Boards are
 * drawn rank N at the top, as SPN writes them.
 *
 * The chain board used throughout, X to move:
 *
 *   x . . . o      X c1-c2 captures d2 (e2 beyond). Then the c2 piece's
 *   o x . . .      only capturing move is c2-b2 (b3 with b4 beyond);
 *   . o . . .      c2-c3 (b3 with a3 empty beyond), c2-d2 and c2-c1
 *   x . . o x      capture nothing. After c2-b2 the b2 piece has no
 *   . . x . .      capturing move left. a2-a3 (a4 with a5 beyond) is
 *                  another capturing move of X, by another piece.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

#define CHAIN_START "x3o/ox3/1o3/x2ox/2x2 x 0 0 0 -"
#define CHAIN_MID "x3o/ox3/1o3/x1x1x/5 x 0 0 0 c2"
#define CHAIN_STOPPED "x3o/ox3/1o3/x1x1x/5 o 0 0 0 -"
#define CHAIN_DONE "x3o/ox3/5/xx2x/5 o 0 0 0 -"

static const int32_t chain_presets[] = {SEEGA_CLASSIC, SEEGA_TRADITIONAL};

/* A capture that can be followed by another puts the turn in chain state. */
static void test_chain_state_after_capture(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g = tu_game_spn(chain_presets[i], 5, CHAIN_START);
        int32_t chain = -100;
        tu_play(g, "c1-c2");
        tu_assert_spn(g, CHAIN_MID);
        tu_assert_captures(g, "d2");
        assert_int_equal(seega_to_move(g), SEEGA_X);
        assert_int_equal(seega_turn_state(g, &chain), SEEGA_TURN_CHAIN);
        assert_int_equal(chain, 7); /* c2 */
        assert_int_equal(seega_quiet_count(g), 0);
        tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
        seega_free(g);
    }
}

/* During a chain only the chain piece's capturing moves and pass. */
static void test_chain_only_capturing_moves_and_pass(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g = tu_game_spn(chain_presets[i], 5, CHAIN_START);
        tu_play(g, "c1-c2");
        tu_assert_legal(g, "c2-b2 pass");
        /* the chain piece's non-capturing moves */
        assert_int_equal(tu_try(g, "c2-c3"), SEEGA_E_ILLEGAL);
        assert_int_equal(tu_try(g, "c2-d2"), SEEGA_E_ILLEGAL);
        assert_int_equal(tu_try(g, "c2-c1"), SEEGA_E_ILLEGAL);
        /* another piece's capturing move, and a quiet one */
        assert_int_equal(tu_try(g, "a2-a3"), SEEGA_E_ILLEGAL);
        assert_int_equal(tu_try(g, "b4-c4"), SEEGA_E_ILLEGAL);
        tu_assert_spn(g, CHAIN_MID);
        seega_free(g);
    }
}

/* The chain goes on, then the turn ends by itself with no capture left. */
static void test_chain_continues_then_ends_by_itself(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g = tu_game_spn(chain_presets[i], 5, CHAIN_START);
        int32_t chain = -100;
        tu_play(g, "c1-c2");
        tu_play(g, "c2-b2");
        tu_assert_spn(g, CHAIN_DONE);
        tu_assert_captures(g, "b3");
        assert_int_equal(seega_to_move(g), SEEGA_O);
        assert_int_equal(seega_turn_state(g, &chain), SEEGA_TURN_NORMAL);
        assert_int_equal(chain, SEEGA_NO_SQUARE);
        assert_int_equal(seega_pieces(g, SEEGA_O), 2);
        tu_assert_legal(g, "a4-a3 e5-d5 e5-e4");
        seega_free(g);
    }
}

/* pass stops the chain and ends the turn. */
static void test_chain_pass_ends_turn(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g = tu_game_spn(chain_presets[i], 5, CHAIN_START);
        tu_play(g, "c1-c2");
        tu_play(g, "pass");
        tu_assert_spn(g, CHAIN_STOPPED);
        assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);
        assert_int_equal(seega_last_captures(g, NULL, 0), 0);
        /* O's turn: no pass for a side that can move */
        assert_int_equal(tu_try(g, "pass"), SEEGA_E_ILLEGAL);
        tu_assert_legal(g, "a4-a3 b3-a3 b3-b2 b3-c3 e5-d5 e5-e4");
        seega_free(g);
    }
}

/* A chain position loaded from SPN behaves the same. */
static void test_chain_loaded_from_spn(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g = tu_game_spn(chain_presets[i], 5, CHAIN_MID);
        int32_t chain = -100;
        assert_int_equal(seega_turn_state(g, &chain), SEEGA_TURN_CHAIN);
        assert_int_equal(chain, 7);
        tu_assert_legal(g, "c2-b2 pass");
        tu_play(g, "pass");
        /* the chain turn captured (d2), so the counter stays 0 */
        tu_assert_spn(g, CHAIN_STOPPED);
        tu_load(g, CHAIN_MID);
        tu_play(g, "c2-b2");
        tu_assert_spn(g, CHAIN_DONE);
        seega_free(g);
    }
}

/* No chains in DIAGONAL and MODERN: the capture ends the turn. */
static void test_no_chain_in_diagonal_modern(void **state)
{
    static const int32_t v[] = {SEEGA_DIAGONAL, SEEGA_MODERN};
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g = tu_game_spn(v[i], 5, CHAIN_START);
        tu_play(g, "c1-c2");
        tu_assert_spn(g, CHAIN_STOPPED);
        tu_assert_captures(g, "d2");
        assert_int_equal(seega_to_move(g), SEEGA_O);
        assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);
        seega_free(g);
    }
}

/* The chain_captures field on its own, both ways. */
static void test_chain_field(void **state)
{
    seega_rules r = tu_rules(SEEGA_MODERN, 5);
    seega_game *g;
    (void)state;
    r.chain_captures = 1;
    g = tu_game_rules_spn(&r, CHAIN_START);
    tu_play(g, "c1-c2");
    tu_assert_spn(g, CHAIN_MID);
    tu_assert_legal(g, "c2-b2 pass");
    seega_free(g);

    r = tu_rules(SEEGA_CLASSIC, 5);
    r.chain_captures = 0;
    g = tu_game_rules_spn(&r, CHAIN_START);
    tu_play(g, "c1-c2");
    tu_assert_spn(g, CHAIN_STOPPED);
    seega_free(g);
}

/*
 * The quiet counter shows 0 during a chain and stays 0 after the chain
 * turn, whether it ends by pass or by itself; the next quiet turn makes
 * it 1.
 */
static void test_quiet_during_and_after_chain(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g =
            tu_game_spn(chain_presets[i], 5, "x3o/ox3/1o3/x2ox/2x2 x 0 0 5 -");
        tu_play(g, "c1-c2");
        assert_int_equal(seega_quiet_count(g), 0);
        tu_assert_spn(g, CHAIN_MID);
        tu_play(g, "pass");
        assert_int_equal(seega_quiet_count(g), 0);
        tu_play(g, "e5-e4");
        tu_assert_spn(g, "x4/ox2o/1o3/x1x1x/5 x 0 0 1 -");

        tu_load(g, "x3o/ox3/1o3/x2ox/2x2 x 0 0 5 -");
        tu_play(g, "c1-c2");
        tu_play(g, "c2-b2");
        assert_int_equal(seega_quiet_count(g), 0);
        tu_play(g, "e5-e4");
        tu_assert_spn(g, "x4/ox2o/5/xx2x/5 x 0 0 1 -");
        seega_free(g);
    }
}

/*
 * Material in the middle of a chain. O has b3 and d2 only.
 *
 *   . . . . .
 *   . x . . .
 *   . o . . .
 *   . . . o x
 *   . . x . .
 *
 * TRADITIONAL (lose_at 1): c1-c2 takes d2, O is left with 1 piece and
 * loses at once, although c2-b2 would capture again; O is then "to move".
 * CLASSIC (lose_at 0): the chain goes on, and c2-b2 takes O's last piece.
 */
static void test_material_win_mid_chain(void **state)
{
    seega_game *g;
    (void)state;
    g = tu_game_spn(SEEGA_TRADITIONAL, 5, "5/1x3/1o3/3ox/2x2 x 0 0 0 -");
    tu_play(g, "c1-c2");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    tu_assert_spn(g, "5/1x3/1o3/2x1x/5 o 0 0 0 -");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_NORMAL);
    assert_int_equal(seega_legal_moves(g, NULL, 0), 0);
    assert_int_equal(tu_try(g, "c2-b2"), SEEGA_E_GAME_OVER);
    assert_int_equal(tu_try(g, "pass"), SEEGA_E_GAME_OVER);
    seega_free(g);

    g = tu_game_spn(SEEGA_CLASSIC, 5, "5/1x3/1o3/3ox/2x2 x 0 0 0 -");
    tu_play(g, "c1-c2");
    tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
    tu_assert_spn(g, "5/1x3/1o3/2x1x/5 x 0 0 0 c2");
    tu_play(g, "c2-b2");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    tu_assert_spn(g, "5/1x3/5/1x2x/5 o 0 0 0 -");
    assert_int_equal(seega_to_move(g), SEEGA_O);
    assert_int_equal(seega_legal_moves(g, NULL, 0), 0);
    seega_free(g);
}

/*
 * Two captures at once, and no chain after them.
 *
 *   o . . . .
 *   x . . . x
 *   o . . . o
 *   . . x . .
 *   x o . o x
 *
 * X c2-c1 takes b1 (a1 beyond) and d1 (e1 beyond) at once. From c1 the
 * piece has no capturing move (b1, d1 and c2 capture nothing), so the
 * turn ends at once.
 */
static void test_double_capture_then_no_chain(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g =
            tu_game_spn(chain_presets[i], 5, "o4/x3x/o3o/2x2/xo1ox x 0 0 0 -");
        tu_play(g, "c2-c1");
        tu_assert_spn(g, "o4/x3x/o3o/5/x1x1x o 0 0 0 -");
        tu_assert_captures(g, "b1 d1");
        seega_free(g);
    }
}

/*
 * A chain with a choice: after c1-c2 (takes d2, e2 beyond) the c2 piece
 * can capture with c2-b2 (b3, b4 beyond) or with c2-c3 (c4, c5 beyond:
 * the mover on the centre captures like any piece).
 *
 *   . . x . o
 *   . x o . .
 *   . o . . .
 *   . . . o x
 *   . . x . .
 */
static void test_chain_with_two_options(void **state)
{
    (void)state;
    for (int i = 0; i < 2; i++) {
        seega_game *g =
            tu_game_spn(chain_presets[i], 5, "2x1o/1xo2/1o3/3ox/2x2 x 0 0 0 -");
        tu_play(g, "c1-c2");
        tu_assert_spn(g, "2x1o/1xo2/1o3/2x1x/5 x 0 0 0 c2");
        tu_assert_legal(g, "c2-b2 c2-c3 pass");
        tu_play(g, "c2-c3");
        /* from c3: c4 captures nothing (b4, c5 own; d4 empty), nor d3 or
         * c2; b3 is occupied */
        tu_assert_spn(g, "2x1o/1x3/1ox2/4x/5 o 0 0 0 -");
        tu_assert_captures(g, "c4");

        tu_load(g, "2x1o/1xo2/1o3/2x1x/5 x 0 0 0 c2");
        tu_play(g, "c2-b2");
        tu_assert_spn(g, "2x1o/1xo2/5/1x2x/5 o 0 0 0 -");
        tu_assert_captures(g, "b3");
        seega_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chain_state_after_capture),
        cmocka_unit_test(test_chain_only_capturing_moves_and_pass),
        cmocka_unit_test(test_chain_continues_then_ends_by_itself),
        cmocka_unit_test(test_chain_pass_ends_turn),
        cmocka_unit_test(test_chain_loaded_from_spn),
        cmocka_unit_test(test_no_chain_in_diagonal_modern),
        cmocka_unit_test(test_chain_field),
        cmocka_unit_test(test_quiet_during_and_after_chain),
        cmocka_unit_test(test_material_win_mid_chain),
        cmocka_unit_test(test_double_capture_then_no_chain),
        cmocka_unit_test(test_chain_with_two_options),
    };
    return cmocka_run_group_tests_name("rules_chain", tests, NULL, NULL);
}

/*
 * Moves and captures (docs/rules.md, "The moving phase" (#rules_moving),
 * "Capture: the sandwich" (#rules_capture), "The centre square"
 * (#rules_centre) and "Quiet turns" (#rules_end_quiet)).
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
 * Orthogonal sandwich: X c2-c1 closes a1-b1-c1 around O's b1.
 *
 *   . . . . o        . . . . o
 *   . . . . o        . . . . o
 *   . . . . .   ->   . . . . .
 *   . . x . .        . . . . .
 *   x o . . .        x . x . .
 *
 * No further capture for the c1 piece (no O near), so even with chains
 * the turn ends. Every preset.
 */
static void test_orthogonal_sandwich(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "4o/4o/5/2x2/xo3 x 0 0 0 -");
        tu_play(g, "c2-c1");
        tu_assert_spn(g, "4o/4o/5/5/x1x2 o 0 0 0 -");
        tu_assert_captures(g, "b1");
        assert_int_equal(seega_pieces(g, SEEGA_O), 2);
        assert_int_equal(seega_piece_at(g, 1), SEEGA_EMPTY);
        tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
        seega_free(g);
    }
}

/*
 * Two captures in one move: X d1-d2 sandwiches d3 (d4 beyond) and c2
 * (b2 beyond).
 *
 *   o o . . .        o o . . .
 *   . . . x .        . . . x .
 *   . . . o .   ->   . . . . .
 *   . x o . .        . x . x .
 *   . . . x .        . . . . .
 */
static void test_two_captures_at_once(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "oo3/3x1/3o1/1xo2/3x1 x 0 0 0 -");
        tu_play(g, "d1-d2");
        tu_assert_spn(g, "oo3/3x1/5/1x1x1/5 o 0 0 0 -");
        tu_assert_captures(g, "c2 d3");
        seega_free(g);
    }
}

/*
 * Three captures in one move on 7x7: X b3-c3 sandwiches c4 (c5), c2 (c1)
 * and d3 (e3). The 7x7 centre is d4.
 *
 *   o o . . . . .        o o . . . . .
 *   . . . . . . .        . . . . . . .
 *   . . x . . . .        . . x . . . .
 *   . . o . . . .   ->   . . . . . . .
 *   . x . o x . .        . . x . x . .
 *   . . o . . . .        . . . . . . .
 *   . . x . . . .        . . x . . . .
 */
static void test_three_captures_at_once_7x7(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g = tu_game_spn(all_presets[i], 7,
                                    "oo5/7/2x4/2o4/1x1ox2/2o4/2x4 x 0 0 0 -");
        int32_t sq[8];
        tu_play(g, "b3-c3");
        tu_assert_spn(g, "oo5/7/2x4/7/2x1x2/7/2x4 o 0 0 0 -");
        assert_int_equal(seega_last_captures(g, sq, 8), 3);
        /* ascending indices: c2 = 9, d3 = 17, c4 = 23 */
        assert_int_equal(sq[0], 9);
        assert_int_equal(sq[1], 17);
        assert_int_equal(sq[2], 23);
        /* the count is returned also when cap is smaller */
        assert_int_equal(seega_last_captures(g, sq, 1), 3);
        assert_int_equal(sq[0], 9);
        seega_free(g);
    }
}

/*
 * A piece that moves in between two enemies is safe: O b2-b1.
 *
 *   o . . . .        o . . . .
 *   . . . . .        . . . . .
 *   . . . . .   ->   . . . . .
 *   . o . . .        . . . . .
 *   x . x . .        x o x . .
 */
static void test_moving_between_enemies_is_safe(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "o4/5/5/1o3/x1x2 o 0 0 0 -");
        tu_play(g, "b2-b1");
        tu_assert_spn(g, "o4/5/5/5/xox2 x 0 0 1 -");
        assert_int_equal(seega_piece_at(g, 1), SEEGA_O);
        tu_assert_captures(g, "");
        seega_free(g);
    }
}

/*
 * A piece in an old sandwich stays when the enemy moves another piece,
 * even one that lands next to it: X b3-b2 (b2 is above b1, not in line
 * with a1-b1-c1; below b1 is the edge).
 *
 *   o . . . .        o . . . .
 *   . . . . .        . . . . .
 *   . x . . .   ->   . . . . .
 *   . . . . .        . x . . .
 *   x o x . .        x o x . .
 */
static void test_old_sandwich_not_sprung(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "o4/5/1x3/5/xox2 x 0 0 0 -");
        tu_play(g, "b3-b2");
        tu_assert_spn(g, "o4/5/5/1x3/xox2 o 0 0 1 -");
        assert_int_equal(seega_piece_at(g, 1), SEEGA_O);
        tu_assert_captures(g, "");
        seega_free(g);
    }
}

/*
 * Only the move that closes the trap springs it: X c1-d1 opens the
 * sandwich around b1, O moves elsewhere, X d1-c1 closes it again and
 * captures.
 *
 *   o . . . .     . . . . .
 *   . . . . .     o . . . .
 *   . . . . .     . . . . .
 *   . . . . .     . . . . .
 *   x o x . .     x o . x .  then d1-c1 captures b1
 */
static void test_reclosing_a_trap_captures(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) { /* O keeps 1 piece: not TRADITIONAL */
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "o4/5/5/5/xox2 x 0 0 0 -");
        tu_play(g, "c1-d1");
        tu_assert_spn(g, "o4/5/5/5/xo1x1 o 0 0 1 -");
        tu_play(g, "a5-a4");
        tu_assert_spn(g, "5/o4/5/5/xo1x1 x 0 0 2 -");
        tu_play(g, "d1-c1");
        tu_assert_spn(g, "5/o4/5/5/x1x2 o 0 0 0 -");
        tu_assert_captures(g, "b1");
        tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
        seega_free(g);
    }
}

/*
 * Diagonal capture: X d4-d3 has c2 (O) then b1 (X) to its south-west.
 * Captured under DIAGONAL only.
 *
 *   o . . . o
 *   . . . x .
 *   . . . . .
 *   . . o . .
 *   . x . . .
 */
static void test_diagonal_capture_only_in_diagonal(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "o3o/3x1/5/2o2/1x3 x 0 0 0 -");
        tu_play(g, "d4-d3");
        if (all_presets[i] == SEEGA_DIAGONAL) {
            tu_assert_spn(g, "o3o/5/3x1/5/1x3 o 0 0 0 -");
            tu_assert_captures(g, "c2");
        } else {
            tu_assert_spn(g, "o3o/5/3x1/2o2/1x3 o 0 0 1 -");
            tu_assert_captures(g, "");
        }
        seega_free(g);
    }
}

/* capture_dirs = 8 with move_dirs = 4 (MODERN changed): diagonal capture,
 * orthogonal moves; and the reverse: diagonal moves, no diagonal capture. */
static void test_capture_and_move_dirs_independent(void **state)
{
    seega_rules r = tu_rules(SEEGA_MODERN, 5);
    seega_game *g;
    (void)state;
    r.capture_dirs = SEEGA_DIRS_ALL;
    g = tu_game_rules_spn(&r, "o3o/3x1/5/2o2/1x3 x 0 0 0 -");
    tu_assert_legal(g, "b1-a1 b1-b2 b1-c1 d4-c4 d4-d3 d4-d5 d4-e4");
    tu_play(g, "d4-d3");
    tu_assert_spn(g, "o3o/5/3x1/5/1x3 o 0 0 0 -");
    seega_free(g);

    r = tu_rules(SEEGA_MODERN, 5);
    r.move_dirs = SEEGA_DIRS_ALL;
    g = tu_game_rules_spn(&r, "o3o/3x1/5/2o2/1x3 x 0 0 0 -");
    /* c2 and e5 are occupied */
    tu_assert_legal(g, "b1-a1 b1-a2 b1-b2 b1-c1 "
                       "d4-c3 d4-c4 d4-c5 d4-d3 d4-d5 d4-e3 d4-e4");
    tu_play(g, "d4-d3");
    tu_assert_spn(g, "o3o/5/3x1/2o2/1x3 o 0 0 1 -");
    seega_free(g);
}

/*
 * Eight-way moves in DIAGONAL only.
 *
 *   o . . . o
 *   . . . . .
 *   . . . . .
 *   . . . . .
 *   x x . . .
 */
static void test_eight_way_moves_only_in_diagonal(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "o3o/5/5/5/xx3 x 0 0 0 -");
        if (all_presets[i] == SEEGA_DIAGONAL)
            tu_assert_legal(g, "a1-a2 a1-b2 b1-a2 b1-b2 b1-c1 b1-c2");
        else
            tu_assert_legal(g, "a1-a2 b1-b2 b1-c1");
        seega_free(g);
    }
}

/* A diagonal step is refused where moves are orthogonal. */
static void test_diagonal_step_refused_orthogonal(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, "o3o/5/5/5/xx3 x 0 0 0 -");
    (void)state;
    assert_int_equal(tu_try(g, "a1-b2"), SEEGA_E_ILLEGAL);
    assert_int_equal(seega_move(g, 0, 6), SEEGA_E_ILLEGAL);
    assert_int_equal(tu_try(g, "a1-a3"), SEEGA_E_ILLEGAL); /* two squares */
    assert_int_equal(tu_try(g, "b1-a1"), SEEGA_E_ILLEGAL); /* occupied */
    assert_int_equal(tu_try(g, "a5-a4"), SEEGA_E_ILLEGAL); /* enemy piece */
    assert_int_equal(tu_try(g, "c1-c2"), SEEGA_E_ILLEGAL); /* empty */
    assert_int_equal(tu_try(g, "pass"), SEEGA_E_ILLEGAL);  /* not blocked */
    assert_int_equal(tu_try(g, "a2"), SEEGA_E_ILLEGAL);    /* placing over */
    assert_int_equal(seega_move(g, 0, 25), SEEGA_E_INVALID);
    assert_int_equal(seega_move(g, -1, 0), SEEGA_E_INVALID);
    tu_assert_spn(g, "o3o/5/5/5/xx3 x 0 0 0 -");
    seega_free(g);
}

/*
 * The centre may be entered and left freely.
 *
 *   o . . . o
 *   . . . . .
 *   . . . . .
 *   . . x . .
 *   . . . . .
 */
static void test_centre_entered_and_left(void **state)
{
    static const int32_t orth[] = {SEEGA_CLASSIC, SEEGA_MODERN};
    seega_game *g;
    (void)state;
    for (int i = 0; i < 2; i++) {
        g = tu_game_spn(orth[i], 5, "o3o/5/5/2x2/5 x 0 0 0 -");
        tu_assert_legal(g, "c2-b2 c2-c1 c2-c3 c2-d2");
        tu_play(g, "c2-c3");
        tu_play(g, "a5-a4");
        tu_assert_spn(g, "4o/o4/2x2/5/5 x 0 0 2 -");
        tu_assert_legal(g, "c3-b3 c3-c2 c3-c4 c3-d3");
        tu_play(g, "c3-c4");
        tu_assert_spn(g, "4o/o1x2/5/5/5 o 0 0 3 -");
        seega_free(g);
    }
    g = tu_game_spn(SEEGA_DIAGONAL, 5, "o3o/5/5/2x2/5 x 0 0 0 -");
    tu_assert_legal(g, "c2-b1 c2-b2 c2-b3 c2-c1 c2-c3 c2-d1 c2-d2 c2-d3");
    tu_play(g, "c2-c3");
    tu_play(g, "a5-a4");
    tu_assert_legal(g, "c3-b2 c3-b3 c3-b4 c3-c2 c3-c4 c3-d2 c3-d3 c3-d4");
    seega_free(g);
}

/*
 * centre_immune: X b2-b3 closes b3-c3-d3 around O's c3 on the centre.
 * Immune (CLASSIC, DIAGONAL, MODERN): nothing captured. TRADITIONAL
 * (not immune): c3 captured.
 *
 *   o . . . o
 *   . . . . .
 *   . . o x .
 *   . x . . .
 *   . . . . .
 */
static void test_centre_immune(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "o3o/5/2ox1/1x3/5 x 0 0 0 -");
        tu_play(g, "b2-b3");
        if (all_presets[i] == SEEGA_TRADITIONAL) {
            tu_assert_spn(g, "o3o/5/1x1x1/5/5 o 0 0 0 -");
            tu_assert_captures(g, "c3");
        } else {
            tu_assert_spn(g, "o3o/5/1xox1/5/5 o 0 0 1 -");
            assert_int_equal(seega_piece_at(g, 12), SEEGA_O);
            tu_assert_captures(g, "");
        }
        seega_free(g);
    }
}

/* The centre_immune field on its own: CLASSIC with it off captures. */
static void test_centre_immune_field_off(void **state)
{
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *g;
    (void)state;
    r.centre_immune = 0;
    g = tu_game_rules_spn(&r, "o3o/5/2ox1/1x3/5 x 0 0 0 -");
    tu_play(g, "b2-b3");
    tu_assert_spn(g, "o3o/5/1x1x1/5/5 o 0 0 0 -");
    seega_free(g);

    r = tu_rules(SEEGA_TRADITIONAL, 5);
    r.centre_immune = 1;
    g = tu_game_rules_spn(&r, "o3o/5/2ox1/1x3/5 x 0 0 0 -");
    tu_play(g, "b2-b3");
    tu_assert_spn(g, "o3o/5/1xox1/5/5 o 0 0 1 -");
    seega_free(g);
}

/*
 * A piece on the centre acts as the far side of a sandwich: X b1-c1
 * captures c2 with X's c3 beyond. Every preset.
 *
 *   o . . . o        o . . . o
 *   . . . . .        . . . . .
 *   . . x . .   ->   . . x . .
 *   . . o . .        . . . . .
 *   . x . . .        . . x . .
 */
static void test_centre_piece_is_far_side(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "o3o/5/2x2/2o2/1x3 x 0 0 0 -");
        tu_play(g, "b1-c1");
        tu_assert_spn(g, "o3o/5/2x2/5/2x2 o 0 0 0 -");
        tu_assert_captures(g, "c2");
        seega_free(g);
    }
}

/*
 * The piece moving onto the centre captures like any other (immune or
 * not): X c2-c3 with O on b3 and X on a3.
 *
 *   o . . . o        o . . . o
 *   . . . . .        . . . . .
 *   x o . . .   ->   x . x . .
 *   . . x . .        . . . . .
 *   . . . . .        . . . . .
 */
static void test_mover_onto_centre_captures(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "o3o/5/xo3/2x2/5 x 0 0 0 -");
        tu_play(g, "c2-c3");
        tu_assert_spn(g, "o3o/5/x1x2/5/5 o 0 0 0 -");
        tu_assert_captures(g, "b3");
        seega_free(g);
    }
}

/* last_captures: none at the start, after set_spn and after a quiet move. */
static void test_last_captures_empty(void **state)
{
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    (void)state;
    assert_int_equal(seega_last_captures(g, NULL, 0), 0);
    tu_load(g, "4o/4o/5/2x2/xo3 x 0 0 0 -");
    assert_int_equal(seega_last_captures(g, NULL, 0), 0);
    tu_play(g, "c2-d2");
    assert_int_equal(seega_last_captures(g, NULL, 0), 0);
    tu_play(g, "e5-d5");
    tu_play(g, "d2-c2");
    assert_int_equal(seega_last_captures(g, NULL, 0), 0);
    tu_play(g, "d5-c5");
    tu_play(g, "c2-c1");
    tu_assert_captures(g, "b1");
    assert_int_equal(seega_undo(g), SEEGA_OK);
    assert_int_equal(seega_last_captures(g, NULL, 0), 0);
    seega_free(g);
}

/*
 * The quiet counter: +1 after each turn without a capture, 0 after a
 * capture.
 *
 *   . . . . o
 *   . . . . o
 *   . . . . .
 *   . . x . .
 *   x o . . .     quiet 7, O to move
 */
static void test_quiet_counter(void **state)
{
    (void)state;
    for (int i = 0; i < 4; i++) {
        seega_game *g =
            tu_game_spn(all_presets[i], 5, "4o/4o/5/2x2/xo3 o 0 0 7 -");
        assert_int_equal(seega_quiet_count(g), 7);
        tu_play(g, "e5-d5");
        tu_assert_spn(g, "3o1/4o/5/2x2/xo3 x 0 0 8 -");
        tu_play(g, "c2-c1");
        tu_assert_spn(g, "3o1/4o/5/5/x1x2 o 0 0 0 -");
        assert_int_equal(seega_quiet_count(g), 0);
        tu_play(g, "d5-c5");
        tu_assert_spn(g, "2o2/4o/5/5/x1x2 x 0 0 1 -");
        tu_play(g, "a1-a2");
        tu_assert_spn(g, "2o2/4o/5/x4/2x2 o 0 0 2 -");
        assert_int_equal(seega_quiet_count(g), 2);
        seega_free(g);
    }
}

/*
 * No wrap-around at the board's edge, on every size: X steps down the
 * last file to rank 1; the squares "east" of it by index are a2 (O) and
 * b2 (X), which must not count as a sandwich.
 *
 *   o . . . .        o . . . .
 *   . . . . .        . . . . .
 *   . . . . .   ->   . . . . .
 *   o x . . x        o x . . .
 *   . . . . .        . . . . x
 */
static void test_no_wrap_around(void **state)
{
    static const struct {
        int32_t size;
        const char *before, *step, *after, *legal;
    } cases[] = {
        {5, "o4/5/5/ox2x/5 x 0 0 0 -", "e2-e1", "o4/5/5/ox3/4x o 0 0 1 -",
         "b2-b1 b2-b3 b2-c2 e2-d2 e2-e1 e2-e3"},
        {7, "o6/7/7/7/7/ox4x/7 x 0 0 0 -", "g2-g1",
         "o6/7/7/7/7/ox5/6x o 0 0 1 -", "b2-b1 b2-b3 b2-c2 g2-f2 g2-g1 g2-g3"},
        {9, "o8/9/9/9/9/9/9/ox6x/9 x 0 0 0 -", "i2-i1",
         "o8/9/9/9/9/9/9/ox7/8x o 0 0 1 -",
         "b2-b1 b2-b3 b2-c2 i2-h2 i2-i1 i2-i3"},
    };
    static const int32_t orth[] = {SEEGA_CLASSIC, SEEGA_MODERN,
                                   SEEGA_TRADITIONAL};
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seega_game *g;
        for (int v = 0; v < 3; v++) {
            g = tu_game_spn(orth[v], cases[i].size, cases[i].before);
            tu_assert_legal(g, cases[i].legal);
            tu_play(g, cases[i].step);
            tu_assert_spn(g, cases[i].after);
            tu_assert_captures(g, "");
            seega_free(g);
        }
        g = tu_game_spn(SEEGA_DIAGONAL, cases[i].size, cases[i].before);
        tu_play(g, cases[i].step);
        tu_assert_spn(g, cases[i].after);
        seega_free(g);
    }
}

/*
 * 9x9 captures in the upper ranks (index 54 to 80): X b8-a8 takes a7
 * (a6 beyond); O e1-e2; X h9-i9 takes i8 (i7 beyond).
 *
 *   . . . . . . . x .
 *   . x . . . . . . o
 *   o . . . . . . . x
 *   x . . . . . . . .
 *   (ranks 5-2 empty)
 *   . . . . o . . . .
 */
static void test_captures_9x9_upper_ranks(void **state)
{
    (void)state;
    for (int i = 0; i < 3; i++) {
        seega_game *g = tu_game_spn(all_presets[i], 9,
                                    "7x1/1x6o/o7x/x8/9/9/9/9/4o4 x 0 0 0 -");
        tu_play(g, "b8-a8");
        tu_assert_spn(g, "7x1/x7o/8x/x8/9/9/9/9/4o4 o 0 0 0 -");
        tu_assert_captures(g, "a7");
        tu_play(g, "e1-e2");
        tu_play(g, "h9-i9");
        tu_assert_spn(g, "8x/x8/8x/x8/9/9/9/4o4/9 o 0 0 0 -");
        tu_assert_captures(g, "i8");
        seega_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_orthogonal_sandwich),
        cmocka_unit_test(test_two_captures_at_once),
        cmocka_unit_test(test_three_captures_at_once_7x7),
        cmocka_unit_test(test_moving_between_enemies_is_safe),
        cmocka_unit_test(test_old_sandwich_not_sprung),
        cmocka_unit_test(test_reclosing_a_trap_captures),
        cmocka_unit_test(test_diagonal_capture_only_in_diagonal),
        cmocka_unit_test(test_capture_and_move_dirs_independent),
        cmocka_unit_test(test_eight_way_moves_only_in_diagonal),
        cmocka_unit_test(test_diagonal_step_refused_orthogonal),
        cmocka_unit_test(test_centre_entered_and_left),
        cmocka_unit_test(test_centre_immune),
        cmocka_unit_test(test_centre_immune_field_off),
        cmocka_unit_test(test_centre_piece_is_far_side),
        cmocka_unit_test(test_mover_onto_centre_captures),
        cmocka_unit_test(test_last_captures_empty),
        cmocka_unit_test(test_quiet_counter),
        cmocka_unit_test(test_no_wrap_around),
        cmocka_unit_test(test_captures_9x9_upper_ranks),
    };
    return cmocka_run_group_tests_name("rules_capture", tests, NULL, NULL);
}

/*
 * Moves and captures (docs/rules.md, "The moving phase" (#rules_moving),
 * "Capture: the sandwich" (#rules_capture), "The centre square"
 * (#rules_centre) and "Quiet turns" (#rules_end_quiet)).
 *
 * Every expectation is derived by hand from docs/rules.md. Boards are
 * drawn rank N at the top, as SPN writes them. One table of cases (the
 * rules, the start, the script of steps: see tu_row in testutil.h); a
 * row whose rules list several presets runs under each.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

#define ALL5 "classic|diagonal|modern|traditional"
#define ORTH5 "classic|modern|traditional"

static const tu_row CAPTURE[] = {
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
    {"orthogonal sandwich", ALL5, "4o/4o/5/2x2/xo3 x 0 0 0 -",
     "play c2-c1; spn 4o/4o/5/5/x1x2 o 0 0 0 -; caps b1; pieces o 2; "
     "at b1 empty; result ongoing"},

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
    {"two captures at once", ALL5, "oo3/3x1/3o1/1xo2/3x1 x 0 0 0 -",
     "play d1-d2; spn oo3/3x1/5/1x1x1/5 o 0 0 0 -; caps c2 d3"},

    /*
     * Three captures in one move on 7x7: X b3-c3 sandwiches c4 (c5), c2 (c1)
     * and d3 (e3). The 7x7 centre is d4. The squares come in ascending
     * indices (c2 = 9, d3 = 17, c4 = 23), and the count is returned also
     * when there is room for fewer.
     *
     *   o o . . . . .        o o . . . . .
     *   . . . . . . .        . . . . . . .
     *   . . x . . . .        . . x . . . .
     *   . . o . . . .   ->   . . . . . . .
     *   . x . o x . .        . . x . x . .
     *   . . o . . . .        . . . . . . .
     *   . . x . . . .        . . x . . . .
     */
    {"three captures at once, 7x7",
     "classic 7|diagonal 7|modern 7|traditional 7",
     "oo5/7/2x4/2o4/1x1ox2/2o4/2x4 x 0 0 0 -",
     "play b3-c3; spn oo5/7/2x4/7/2x1x2/7/2x4 o 0 0 0 -; caps_at 9 17 23"},

    /*
     * A piece that moves in between two enemies is safe: O b2-b1.
     *
     *   o . . . .        o . . . .
     *   . . . . .        . . . . .
     *   . . . . .   ->   . . . . .
     *   . o . . .        . . . . .
     *   x . x . .        x o x . .
     */
    {"moving between enemies is safe", ALL5, "o4/5/5/1o3/x1x2 o 0 0 0 -",
     "play b2-b1; spn o4/5/5/5/xox2 x 0 0 1 -; at b1 o; caps"},

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
    {"old sandwich not sprung", ALL5, "o4/5/1x3/5/xox2 x 0 0 0 -",
     "play b3-b2; spn o4/5/5/1x3/xox2 o 0 0 1 -; at b1 o; caps"},

    /*
     * Only the move that closes the trap springs it: X c1-d1 opens the
     * sandwich around b1, O moves elsewhere, X d1-c1 closes it again and
     * captures. O keeps 1 piece: not TRADITIONAL (lose_at 1).
     *
     *   o . . . .     . . . . .
     *   . . . . .     o . . . .
     *   . . . . .     . . . . .
     *   . . . . .     . . . . .
     *   x o x . .     x o . x .  then d1-c1 captures b1
     */
    {"reclosing a trap captures", "classic|diagonal|modern",
     "o4/5/5/5/xox2 x 0 0 0 -",
     "play c1-d1; spn o4/5/5/5/xo1x1 o 0 0 1 -; "
     "play a5-a4; spn 5/o4/5/5/xo1x1 x 0 0 2 -; "
     "play d1-c1; spn 5/o4/5/5/x1x2 o 0 0 0 -; caps b1; result ongoing"},

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
    {"diagonal capture (DIAGONAL)", "diagonal", "o3o/3x1/5/2o2/1x3 x 0 0 0 -",
     "play d4-d3; spn o3o/5/3x1/5/1x3 o 0 0 0 -; caps c2"},
    {"no diagonal capture elsewhere", ORTH5, "o3o/3x1/5/2o2/1x3 x 0 0 0 -",
     "play d4-d3; spn o3o/5/3x1/2o2/1x3 o 0 0 1 -; caps"},

    /* capture_dirs = 8 with move_dirs = 4 (MODERN changed): diagonal
     * capture, orthogonal moves; and the reverse: diagonal moves, no
     * diagonal capture (c2 and e5 are occupied). */
    {"capture_dirs alone", "modern capture_dirs=8",
     "o3o/3x1/5/2o2/1x3 x 0 0 0 -",
     "legal b1-a1 b1-b2 b1-c1 d4-c4 d4-d3 d4-d5 d4-e4; play d4-d3; "
     "spn o3o/5/3x1/5/1x3 o 0 0 0 -"},
    {"move_dirs alone", "modern move_dirs=8", "o3o/3x1/5/2o2/1x3 x 0 0 0 -",
     "legal b1-a1 b1-a2 b1-b2 b1-c1 d4-c3 d4-c4 d4-c5 d4-d3 d4-d5 d4-e3 "
     "d4-e4; play d4-d3; spn o3o/5/3x1/2o2/1x3 o 0 0 1 -"},

    /*
     * Eight-way moves in DIAGONAL only.
     *
     *   o . . . o
     *   . . . . .
     *   . . . . .
     *   . . . . .
     *   x x . . .
     */
    {"eight-way moves (DIAGONAL)", "diagonal", "o3o/5/5/5/xx3 x 0 0 0 -",
     "legal a1-a2 a1-b2 b1-a2 b1-b2 b1-c1 b1-c2"},
    {"four-way moves elsewhere", ORTH5, "o3o/5/5/5/xx3 x 0 0 0 -",
     "legal a1-a2 b1-b2 b1-c1"},

    /* A diagonal step is refused where moves are orthogonal. */
    {"diagonal step refused, orthogonal moves", "classic",
     "o3o/5/5/5/xx3 x 0 0 0 -",
     "try a1-b2 illegal; move 0 6 illegal;"
     "try a1-a3 illegal;" /* two squares */
     "try b1-a1 illegal;" /* occupied */
     "try a5-a4 illegal;" /* enemy piece */
     "try c1-c2 illegal;" /* empty */
     "try pass illegal;"  /* not blocked */
     "try a2 illegal;"    /* placing over */
     "move 0 25 invalid; move -1 0 invalid; spn o3o/5/5/5/xx3 x 0 0 0 -"},

    /*
     * The centre may be entered and left freely.
     *
     *   o . . . o
     *   . . . . .
     *   . . . . .
     *   . . x . .
     *   . . . . .
     */
    {"centre entered and left", "classic|modern", "o3o/5/5/2x2/5 x 0 0 0 -",
     "legal c2-b2 c2-c1 c2-c3 c2-d2; play c2-c3; play a5-a4; "
     "spn 4o/o4/2x2/5/5 x 0 0 2 -; legal c3-b3 c3-c2 c3-c4 c3-d3; "
     "play c3-c4; spn 4o/o1x2/5/5/5 o 0 0 3 -"},
    {"centre entered and left (DIAGONAL)", "diagonal",
     "o3o/5/5/2x2/5 x 0 0 0 -",
     "legal c2-b1 c2-b2 c2-b3 c2-c1 c2-c3 c2-d1 c2-d2 c2-d3; play c2-c3; "
     "play a5-a4; legal c3-b2 c3-b3 c3-b4 c3-c2 c3-c4 c3-d2 c3-d3 c3-d4"},

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
    {"centre immune", "classic|diagonal|modern", "o3o/5/2ox1/1x3/5 x 0 0 0 -",
     "play b2-b3; spn o3o/5/1xox1/5/5 o 0 0 1 -; at c3 o; caps"},
    {"centre not immune (TRADITIONAL)", "traditional",
     "o3o/5/2ox1/1x3/5 x 0 0 0 -",
     "play b2-b3; spn o3o/5/1x1x1/5/5 o 0 0 0 -; caps c3"},

    /* The centre_immune field on its own: CLASSIC with it off captures;
     * TRADITIONAL with it on does not. */
    {"centre_immune off alone", "classic centre_immune=0",
     "o3o/5/2ox1/1x3/5 x 0 0 0 -",
     "play b2-b3; spn o3o/5/1x1x1/5/5 o 0 0 0 -"},
    {"centre_immune on alone", "traditional centre_immune=1",
     "o3o/5/2ox1/1x3/5 x 0 0 0 -",
     "play b2-b3; spn o3o/5/1xox1/5/5 o 0 0 1 -"},

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
    {"centre piece is the far side", ALL5, "o3o/5/2x2/2o2/1x3 x 0 0 0 -",
     "play b1-c1; spn o3o/5/2x2/5/2x2 o 0 0 0 -; caps c2"},

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
    {"mover onto the centre captures", ALL5, "o3o/5/xo3/2x2/5 x 0 0 0 -",
     "play c2-c3; spn o3o/5/x1x2/5/5 o 0 0 0 -; caps b3"},

    /* last_captures: none at the start, after set_spn and after a quiet
     * move; and none again after undoing a capture. */
    {"last captures empty", "classic", NULL,
     "ncaps 0; load 4o/4o/5/2x2/xo3 x 0 0 0 -; ncaps 0; play c2-d2; ncaps 0; "
     "play e5-d5; play d2-c2; ncaps 0; play d5-c5; play c2-c1; caps b1; "
     "undo; ncaps 0"},

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
    {"quiet counter", ALL5, "4o/4o/5/2x2/xo3 o 0 0 7 -",
     "quiet 7; play e5-d5; spn 3o1/4o/5/2x2/xo3 x 0 0 8 -; "
     "play c2-c1; spn 3o1/4o/5/5/x1x2 o 0 0 0 -; quiet 0; "
     "play d5-c5; spn 2o2/4o/5/5/x1x2 x 0 0 1 -; "
     "play a1-a2; spn 2o2/4o/5/x4/2x2 o 0 0 2 -; quiet 2"},

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
    {"no wrap-around, 5x5", ORTH5, "o4/5/5/ox2x/5 x 0 0 0 -",
     "legal b2-b1 b2-b3 b2-c2 e2-d2 e2-e1 e2-e3; play e2-e1; "
     "spn o4/5/5/ox3/4x o 0 0 1 -; caps"},
    {"no wrap-around, 5x5 (DIAGONAL)", "diagonal", "o4/5/5/ox2x/5 x 0 0 0 -",
     "play e2-e1; spn o4/5/5/ox3/4x o 0 0 1 -"},
    {"no wrap-around, 7x7", "classic 7|modern 7|traditional 7",
     "o6/7/7/7/7/ox4x/7 x 0 0 0 -",
     "legal b2-b1 b2-b3 b2-c2 g2-f2 g2-g1 g2-g3; play g2-g1; "
     "spn o6/7/7/7/7/ox5/6x o 0 0 1 -; caps"},
    {"no wrap-around, 7x7 (DIAGONAL)", "diagonal 7",
     "o6/7/7/7/7/ox4x/7 x 0 0 0 -",
     "play g2-g1; spn o6/7/7/7/7/ox5/6x o 0 0 1 -"},
    {"no wrap-around, 9x9", "classic 9|modern 9|traditional 9",
     "o8/9/9/9/9/9/9/ox6x/9 x 0 0 0 -",
     "legal b2-b1 b2-b3 b2-c2 i2-h2 i2-i1 i2-i3; play i2-i1; "
     "spn o8/9/9/9/9/9/9/ox7/8x o 0 0 1 -; caps"},
    {"no wrap-around, 9x9 (DIAGONAL)", "diagonal 9",
     "o8/9/9/9/9/9/9/ox6x/9 x 0 0 0 -",
     "play i2-i1; spn o8/9/9/9/9/9/9/ox7/8x o 0 0 1 -"},

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
    {"captures in the upper ranks, 9x9", "classic 9|diagonal 9|modern 9",
     "7x1/1x6o/o7x/x8/9/9/9/9/4o4 x 0 0 0 -",
     "play b8-a8; spn 7x1/x7o/8x/x8/9/9/9/9/4o4 o 0 0 0 -; caps a7; "
     "play e1-e2; play h9-i9; spn 8x/x8/8x/x8/9/9/9/4o4/9 o 0 0 0 -; "
     "caps i8"},
};

TU_ROWS_MAIN("rules_capture", CAPTURE)

/*
 * The placing phase (docs/rules.md, "The placing phase" (#rules_placing)),
 * and the start of the moving phase (docs/rules.md, "The moving phase"
 * (#rules_moving)).
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

/* the presets without opening squares */
#define FREE5 "classic|diagonal|modern"

static const tu_row PLACING[] = {
    /*
     * Two placements per turn, each its own action; after the first the same
     * side is still to move and the state is '+'.
     *
     *   start           after a1          after b1
     *   . . . . .       . . . . .         . . . . .
     *   ...             ...               ...
     *   . . . . .       x . . . .         x x . . .
     */
    {"two placements per turn", FREE5, NULL,
     "spn 5/5/5/5/5 x 12 12 0 -; phase placing; state normal; "
     "play a1; spn 5/5/5/5/x4 x 11 12 0 +; tomove x; state placed_one; "
     "hand x 11; pieces x 1; "
     "play b1; spn 5/5/5/5/xx3 o 10 12 0 -; tomove o; state normal; "
     "play e5; spn 4o/5/5/5/xx3 o 10 11 0 +; tomove o; "
     "play d5; spn 3oo/5/5/5/xx3 x 10 10 0 -; tomove x; phase placing"},

    /* TRADITIONAL: the same, on the marked squares (c2 c4 for X, b3 d3 for
     * O). */
    {"two placements per turn (TRADITIONAL)", "traditional", NULL,
     "play c2; spn 5/5/5/2x2/5 x 11 12 0 +; play c4; "
     "spn 5/2x2/5/2x2/5 o 10 12 0 -; play b3; spn 5/2x2/1o3/2x2/5 o 10 11 0 +; "
     "play d3; spn 5/2x2/1o1o1/2x2/5 x 10 10 0 -"},

    /* placements_per_turn = 1: the turn passes after every placement. */
    {"one placement per turn", "classic placements_per_turn=1", NULL,
     "play a1; spn 5/5/5/5/x4 o 11 12 0 -; tomove o; state normal; "
     "play e5; spn 4o/5/5/5/x4 x 11 11 0 -; play b1; "
     "spn 4o/5/5/5/xx3 o 10 11 0 -"},

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
    {"one placement per turn: the end", "classic placements_per_turn=1",
     "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 -",
     "legal a1; play a1; spn xoxox/oxxxo/xo1ox/oxxxo/ooxoo o 0 0 0 -; "
     "phase moving; legal b3-c3 d3-c3"},

    /* The centre is never a legal placement, on every board size, not even
     * after the first placement of the turn. */
    {"centre never placeable, 5x5", "classic", NULL,
     "nlegal 24; legal_except c3; try c3 illegal; place 12 illegal; "
     "spn 5/5/5/5/5 x 12 12 0 -; play a1; try c3 illegal"},
    {"centre never placeable, 7x7", "classic 7", NULL,
     "nlegal 48; legal_except d4; try d4 illegal; place 24 illegal; "
     "spn 7/7/7/7/7/7/7 x 24 24 0 -; play a1; try d4 illegal"},
    {"centre never placeable, 9x9", "classic 9", NULL,
     "nlegal 80; legal_except e5; try e5 illegal; place 40 illegal; "
     "spn 9/9/9/9/9/9/9/9/9 x 40 40 0 -; play a1; try e5 illegal"},

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
    {"placements: the empty squares but the centre", "classic",
     "3oo/5/5/5/xx3 x 10 10 0 -", "legal_except a1 b1 c3 d5 e5; nlegal 20"},

    /* A placement on an occupied square is refused, the game unchanged. */
    {"occupied square refused", "classic", "3oo/5/5/5/xx3 x 10 10 0 -",
     "try a1 illegal;" /* own piece */
     "try e5 illegal;" /* enemy piece */
     "place 0 illegal; place 24 illegal; spn 3oo/5/5/5/xx3 x 10 10 0 -; "
     "play c1;"
     "try c1 illegal;" /* just placed */
     "spn 3oo/5/5/5/xxx2 x 9 10 0 +"},

    /* Steps, removals and passes are refused during the placing. */
    {"only placements during the placing", "classic",
     "3oo/5/5/5/xx3 x 10 10 0 -",
     "try a1-a2 illegal; try b1-c1 illegal; move 1 2 illegal; "
     "try pass illegal; try xe5 illegal; spn 3oo/5/5/5/xx3 x 10 10 0 -"},

    /* Off-board integer squares are SEEGA_E_INVALID, not ILLEGAL. */
    {"place off the board: invalid", "classic", NULL,
     "place 25 invalid; place -1 invalid; place 200 invalid; "
     "spn 5/5/5/5/5 x 12 12 0 -"},

    /*
     * TRADITIONAL opening squares: X's first two pieces on the centre file's
     * neighbours of the centre, O's on the centre rank's.
     */
    {"opening squares, 5x5", "traditional 5", NULL,
     "legal c2 c4; try a1 illegal; try b3 illegal; try c3 illegal; "
     "play c4; legal c2; play c2; legal b3 d3; try a1 illegal; "
     "play b3; legal d3; play d3;"
     /* from X's third piece on: any empty square but the centre */
     "legal_except c2 c4 b3 d3 c3"},
    {"opening squares, 7x7", "traditional 7", NULL,
     "legal d3 d5; try a1 illegal; try c4 illegal; try d4 illegal; "
     "play d5; legal d3; play d3; legal c4 e4; try a1 illegal; "
     "play c4; legal e4; play e4;"
     /* from X's third piece on: any empty square but the centre */
     "legal_except d3 d5 c4 e4 d4"},
    {"opening squares, 9x9", "traditional 9", NULL,
     "legal e4 e6; try a1 illegal; try d5 illegal; try e5 illegal; "
     "play e6; legal e4; play e4; legal d5 f5; try a1 illegal; "
     "play d5; legal f5; play f5;"
     /* from X's third piece on: any empty square but the centre */
     "legal_except e4 e6 d5 f5 e5"},

    /*
     * Opening squares with one placement per turn: X, O, X, O each place on
     * their marked squares first.
     */
    {"opening squares, one placement per turn",
     "traditional placements_per_turn=1", NULL,
     "legal c2 c4; play c2; spn 5/5/5/2x2/5 o 11 12 0 -; legal b3 d3; "
     "play d3; legal c4; try a1 illegal; play c4; legal b3; play b3; "
     "spn 5/2x2/1o1o1/2x2/5 x 10 10 0 -; legal_except c2 c4 b3 d3 c3"},

    /* Without opening_squares (the other presets) the first placement is
     * free. */
    {"no opening squares elsewhere", FREE5, NULL,
     "nlegal 24; play a1; play e1; play a5; play e5; "
     "spn o3o/5/5/5/x3x x 10 10 0 -"},

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
    {"placed between enemies, stays", FREE5, "5/5/5/5/x1x2 o 10 12 0 -",
     "play b1; spn 5/5/5/5/xox2 o 10 11 0 +; pieces o 1; caps"},

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
    {"placement closing a sandwich captures nothing", FREE5,
     "5/5/5/4o/xo2x x 10 10 0 -",
     "play c1; spn 5/5/5/4o/xox1x x 9 10 0 +; pieces o 2; quiet 0; caps"},

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
    {"last placement captures nothing", FREE5 "|traditional",
     "xoxox/oxxxo/xo1ox/oxxxo/o1xoo o 0 1 0 +",
     "legal b1; play b1; pieces x 12; pieces o 12; phase moving; "
     "result ongoing"},

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
    {"first mover after the placing: O", "classic|diagonal|traditional",
     "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 +",
     "phase placing; legal a1; play a1; "
     "spn xoxox/oxxxo/xo1ox/oxxxo/ooxoo o 0 0 0 -; phase moving; tomove o; "
     "quiet 0; legal b3-c3 d3-c3; result ongoing"},
    {"first mover after the placing: X (MODERN)", "modern",
     "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 +",
     "phase placing; legal a1; play a1; "
     "spn xoxox/oxxxo/xo1ox/oxxxo/ooxoo x 0 0 0 -; phase moving; tomove x; "
     "quiet 0; legal c2-c3 c4-c3; result ongoing"},

    /* The first_mover field on its own: CLASSIC with first_mover = X. */
    {"first_mover alone", "classic first_mover=x",
     "xoxox/oxxxo/xo1ox/oxxxo/1oxoo o 0 1 0 +",
     "play a1; spn xoxox/oxxxo/xo1ox/oxxxo/ooxoo x 0 0 0 -; "
     "legal c2-c3 c4-c3"},

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
    {"blocked after the last placement (DIAGONAL)", "diagonal",
     "ooooo/oxxxo/ox1xo/oxxxo/xxxx1 o 0 1 0 +",
     "result ongoing; legal e1; play e1; result x blocked; "
     "spn ooooo/oxxxo/ox1xo/oxxxo/xxxxo o 0 0 0 -; tomove o; nlegal 0; "
     "try b3-c3 game_over"},
    {"blocked after the last placement (CLASSIC)", "classic",
     "ooooo/oxxxo/ox1xo/oxxxo/xxxx1 o 0 1 0 +",
     "play e1; result ongoing; spn ooooo/oxxxo/ox1xo/oxxxo/xxxxo o 0 0 0 -; "
     "legal pass"},
    {"blocked after the last placement (MODERN)", "modern",
     "ooooo/oxxxo/ox1xo/oxxxo/xxxx1 o 0 1 0 +",
     "play e1; result ongoing; spn ooooo/oxxxo/ox1xo/oxxxo/xxxxo x 0 0 0 -; "
     "legal b3-c3 c2-c3 c4-c3 d3-c3"},

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
    {"first mover blocked, passes (MODERN)", "modern",
     "xoxox/oxoxo/xo1ox/oxoxo/x1xox o 0 1 0 +",
     "play b1; spn xoxox/oxoxo/xo1ox/oxoxo/xoxox x 0 0 0 -; result ongoing; "
     "legal pass; play pass; spn xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 1 -; "
     "legal b3-c3 c2-c3 c4-c3 d3-c3"},
    {"the same board, O first (CLASSIC)", "classic",
     "xoxox/oxoxo/xo1ox/oxoxo/x1xox o 0 1 0 +",
     "play b1; spn xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -; "
     "legal b3-c3 c2-c3 c4-c3 d3-c3"},

    /* The material rule is never checked during the placing: after c2 c4
     * O has no piece on the board, X two: lose_at 1 does not apply. */
    {"no material check while placing", "traditional", NULL,
     "result ongoing; play c2; play c4; result ongoing; play b3; "
     "result ongoing"},
};

TU_ROWS_MAIN("rules_placing", PLACING)

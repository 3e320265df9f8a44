/*
 * A side that cannot move, the `blocked` field (docs/rules.md, "A side
 * that cannot move" (#rules_blocked)): LOSES, PASSES, OPPONENT_OPENS (with
 * the must-open constraint) and REMOVES, per preset and with the field
 * set on its own.
 *
 * Every expectation is derived by hand from docs/rules.md. Boards are
 * drawn rank N at the top, as SPN writes them. One table of cases (the
 * rules, the start, the script of steps: see tu_row in testutil.h); a
 * row whose rules list several presets runs under each.
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

static const tu_row BLOCKED[] = {
    /* ------------------------------------------------------------ LOSES */

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
    {"loses (DIAGONAL)", "diagonal", "5/5/5/x1x2/ox3 x 0 0 0 -",
     "result ongoing; play c2-b2; result x blocked; "
     "spn 5/5/5/xx3/ox3 o 0 0 1 -; tomove o; nlegal 0; try pass game_over"},

    /* The blocked field on its own: CLASSIC with LOSES, loaded blocked. */
    {"loses alone", "classic blocked=loses", BOXED,
     "result o blocked; spn " BOXED "; nlegal 0"},

    /*
     * Under DIAGONAL itself (LOSES) the position of "removes alone (DIAGONAL)"
     * below is lost for X at once.
     */
    {"loses, loaded (DIAGONAL)", "diagonal", "5/5/5/oo3/xo3 x 0 0 0 -",
     "result o blocked; nlegal 0; spn 5/5/5/oo3/xo3 x 0 0 0 -"},

    /* ----------------------------------------------------------- PASSES */

    /*
     * MODERN: the blocked side's only action is pass; then the other side
     * moves, with no constraint (e5 may move though it opens nothing); a
     * pass is a turn for the quiet counter.
     */
    {"passes (MODERN)", "modern", BOXED,
     "legal pass; try a1-a2 illegal; try xb1 illegal; play pass; "
     "spn 4o/5/5/o4/xo3 o 0 0 1 -; state normal; "
     "legal a2-a3 a2-b2 b1-b2 b1-c1 e5-d5 e5-e4; play e5-e4; "
     "spn 5/4o/5/o4/xo3 x 0 0 2 -; legal pass; play pass; play a2-a3; "
     "spn 5/4o/o4/5/xo3 x 0 0 4 -; legal a1-a2; result ongoing"},

    /* The blocked field on its own: TRADITIONAL with PASSES. */
    {"passes alone", "traditional blocked=passes",
     "4o/5/2o2/o3o/xo1ox x 0 0 0 -",
     "legal pass; play pass; spn 4o/5/2o2/o3o/xo1ox o 0 0 1 -"},

    /* --------------------------------------------------- OPPONENT_OPENS */

    /*
     * CLASSIC: X passes; O takes the extra turn ('!') and must open: only
     * moves of a2 or b1 leave X a step; e5's moves do not.
     */
    {"opponent opens (CLASSIC)", "classic", BOXED,
     "legal pass; try a1-a2 illegal; play pass; "
     "spn 4o/5/5/o4/xo3 o 0 0 1 !; tomove o; state extra; "
     "legal a2-a3 a2-b2 b1-b2 b1-c1; try e5-e4 illegal; try pass illegal; "
     "spn 4o/5/5/o4/xo3 o 0 0 1 !; play a2-a3; spn 4o/5/o4/5/xo3 x 0 0 2 -; "
     "state normal; legal a1-a2"},

    /* The '!' position loaded from SPN gives the same constraint. */
    {"opponent opens, loaded", "classic", "4o/5/5/o4/xo3 o 0 0 1 !",
     "state extra; legal a2-a3 a2-b2 b1-b2 b1-c1"},

    /* The blocked field on its own: MODERN with OPPONENT_OPENS. */
    {"opponent opens alone", "modern blocked=opponent_opens", BOXED,
     "play pass; spn 4o/5/5/o4/xo3 o 0 0 1 !; "
     "legal a2-a3 a2-b2 b1-b2 b1-c1"},

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
    {"opponent opens: none possible", "classic", "5/5/o4/oo3/xoo2 x 0 0 0 -",
     "legal pass; play pass; spn 5/5/o4/oo3/xoo2 o 0 0 1 !; "
     "legal a3-a4 a3-b3 b2-b3 b2-c2 c1-c2 c1-d1; play a3-a4; "
     "spn 5/o4/5/oo3/xoo2 x 0 0 2 -; legal pass; play pass; "
     "spn 5/o4/5/oo3/xoo2 o 0 0 3 !"},

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
     * next to X (some also capture b2). The a3 piece then has no further
     * capturing move: the turn ends.
     */
    {"opponent opens by capture", "classic capture_dirs=8",
     "5/o4/1o3/oxo2/oxo2 x 0 0 0 -",
     "legal pass; play pass; spn 5/o4/1o3/oxo2/oxo2 o 0 0 1 !; "
     "legal a2-a3 a4-a3 b3-a3 b3-b4 b3-c3 c1-d1 c2-c3 c2-d2; "
     "try a4-a5 illegal; try a4-b4 illegal; play a4-a3; caps b2; "
     "spn 5/5/oo3/o1o2/oxo2 x 0 0 0 -; legal b1-b2"},

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
    {"opponent opens after captures, then a chain", "classic capture_dirs=8",
     "5/5/1o1oo/oxoxo/xo1o1 x 0 0 0 -",
     "legal pass; play pass; spn 5/5/1o1oo/oxoxo/xo1o1 o 0 0 1 !; "
     "legal a2-a3 b1-c1 b3-a3 b3-b4 b3-c3 c2-c1 c2-c3 d1-e1 d3-c3 d3-d4 "
     "e2-e1; try d1-c1 illegal; try e3-e4 illegal; play b1-c1; caps d2; "
     "spn 5/5/1o1oo/oxo1o/x1oo1 o 0 0 0 c1; legal c1-b1 pass; play c1-b1; "
     "caps b2; spn 5/5/1o1oo/o1o1o/xo1o1 x 0 0 0 -; legal pass"},

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
    {"opponent opens: lose_at", "classic capture_dirs=8",
     "5/5/1o1o1/oxo2/oo3 x 0 0 0 -",
     "play pass; legal a2-a3 b1-c1 b3-a3 b3-b4 b3-c3 c2-c1 c2-c3 c2-d2 d3-c3; "
     "try d3-d2 illegal; try d3-d4 illegal; try d3-e3 illegal; play d3-c3; "
     "result o material; spn 5/5/1oo2/o1o2/oo3 x 0 0 0 -"},

    /* ---------------------------------------------------------- REMOVES */

    /* REMOVE_POS: only removals, of any O piece. */
    {"removes: only removals", "traditional", REMOVE_POS,
     "legal xa2 xb1 xc3 xd1 xe2 xe5; try pass illegal;"
     "try xa1 illegal;" /* own piece */
     "try xc1 illegal;" /* empty */
     "spn " REMOVE_POS},

    /*
     * Removing b1 gives X the step a1-b1: state '*', only that step; then the
     * turn ends. The removal resets the quiet counter like a capture, and the
     * turn that had it does not count as quiet.
     */
    {"removes, then moves", "traditional", REMOVE_POS,
     "play xb1; spn 4o/5/2o2/o3o/x2ox x 0 0 0 *; caps b1; tomove x; "
     "state removed; pieces o 5; legal a1-b1;"
     "try xa2 illegal;" /* one removal */
     "try pass illegal; play a1-b1; spn 4o/5/2o2/o3o/1x1ox o 0 0 0 -; "
     "state normal"},

    /* A removal that frees no step ends the turn (the centre piece here). */
    {"removes the centre piece: the turn ends", "traditional", REMOVE_POS,
     "play xc3; spn 4o/5/5/o3o/xo1ox o 0 0 0 -; caps c3; tomove o; "
     "state normal; load " REMOVE_POS "; play xe5; "
     "spn 5/5/2o2/o3o/xo1ox o 0 0 0 -"},

    /*
     * The move after a removal captures as usual (CLASSIC: the field
     * alone).
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
    {"removes, then captures", "traditional|classic blocked=removes",
     "5/5/2o2/ooxo1/xoo2 x 0 0 0 -",
     "legal xa2 xb1 xb2 xc1 xc3 xd2; play xa2; "
     "spn 5/5/2o2/1oxo1/xoo2 x 0 0 0 *; legal a1-a2; play a1-a2; caps b2; "
     "spn 5/5/2o2/x1xo1/1oo2 o 0 0 0 -; pieces o 4"},

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
    {"removes, then a chain", "traditional",
     "xo3/o4/2o2/ooxo1/xoo2 x 0 0 0 -",
     "legal xa2 xa4 xb1 xb2 xb5 xc1 xc3 xd2; play xa2; "
     "spn xo3/o4/2o2/1oxo1/xoo2 x 0 0 0 *; legal a1-a2; play a1-a2; "
     "spn xo3/o4/2o2/x1xo1/1oo2 x 0 0 0 a2; legal a2-a3 pass; play a2-a3; "
     "caps a4; spn xo3/5/x1o2/2xo1/1oo2 o 0 0 0 -; pieces o 5"},

    /* The '*' state loaded from SPN. */
    {"removed state, loaded", "traditional", "4o/5/2o2/o3o/x2ox x 0 0 0 *",
     "state removed; legal a1-b1"},

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
    {"removes alone (DIAGONAL)", "diagonal blocked=removes",
     "5/5/5/oo3/xo3 x 0 0 0 -",
     "result ongoing; legal xa2 xb1 xb2; play xb2; "
     "spn 5/5/5/o4/xo3 x 0 0 0 *; legal a1-b2; play a1-b2; "
     "spn 5/5/5/ox3/1o3 o 0 0 0 -"},
};

TU_ROWS_MAIN("rules_blocked", BLOCKED)

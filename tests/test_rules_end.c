/*
 * The end of the game (docs/rules.md, "The end of the game" (#rules_end)):
 * material, quiet turns, blocked, their order, scoring by count, positions
 * loaded already finished, and what a finished game allows.
 *
 * Every expectation is derived by hand from docs/rules.md. Boards are
 * drawn rank N at the top, as SPN writes them. One table of cases (the
 * rules, the start, the script of steps: see tu_row in testutil.h; the
 * step "finished" checks that a finished game has no legal action and
 * refuses every action); a row whose rules list several presets runs
 * under each.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

static const tu_row END[] = {
    /* A fresh game and a loaded one are ongoing (the reason may be NULL). */
    {"ongoing values", "classic", NULL,
     "result ongoing; outcome ongoing; load 4o/5/5/5/x4 x 0 0 0 -; "
     "result ongoing"},

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
    {"material, lose_at 0", "classic|diagonal|modern",
     "5/5/5/2x2/xo3 x 0 0 0 -",
     "play c2-c1; result x material; spn 5/5/5/5/x1x2 o 0 0 0 -; tomove o; "
     "phase moving; finished"},

    /*
     * Material, lose_at 1 (TRADITIONAL): the same capture leaves O with one
     * piece (e5), which loses; under MODERN (lose_at 0) the game goes on;
     * the lose_at field on its own decides it.
     *
     *   . . . . o
     *   . . . . .
     *   . . . . .
     *   . . x . .
     *   x o . . .
     */
    {"material, lose_at 1", "traditional", "4o/5/5/2x2/xo3 x 0 0 0 -",
     "play c2-c1; result x material; spn 4o/5/5/5/x1x2 o 0 0 0 -; tomove o; "
     "finished"},
    {"material, lose_at 0 (MODERN)", "modern", "4o/5/5/2x2/xo3 x 0 0 0 -",
     "play c2-c1; result ongoing; spn 4o/5/5/5/x1x2 o 0 0 0 -"},
    {"lose_at alone", "modern lose_at=1", "4o/5/5/2x2/xo3 x 0 0 0 -",
     "play c2-c1; result x material"},

    /*
     * MODERN quiet limit 50, scored by count. Draw: one piece each. Then
     * the side to move is the one at the start of the next turn.
     *
     *   . . . . o
     *   . . . . .
     *   . . . . .
     *   . . . . .
     *   x . . . .     quiet 48, X a1-a2 makes it 49
     */
    {"quiet limit, MODERN, draw", "modern", "4o/5/5/5/x4 x 0 0 48 -",
     "play a1-a2; result ongoing; quiet 49; play e5-e4; result draw quiet; "
     "spn 5/4o/5/x4/5 x 0 0 50 -; tomove x; finished"},

    /* MODERN quiet limit: the side with more pieces wins (X 2, O 1). */
    {"quiet limit, MODERN, win", "modern", "4o/5/5/5/xx3 x 0 0 49 -",
     "play a1-a2; result x quiet; spn 4o/5/5/x4/1x3 o 0 0 50 -; tomove o; "
     "finished"},

    /* MODERN: passes count as turns towards the limit (O 3, X 1: O wins). */
    {"quiet limit by passes", "modern", "4o/5/5/o4/xo3 x 0 0 49 -",
     "legal pass; play pass; result o quiet; spn 4o/5/5/o4/xo3 o 0 0 50 -"},

    /* DIAGONAL quiet limit 150: 149 -> 150 ends; O 2 against X 1 wins;
     * X 2 against O 1: X wins; a capture on the 150th turn resets the
     * counter instead. */
    {"quiet limit, DIAGONAL", "diagonal", "oo3/5/5/5/x4 x 0 0 148 -",
     "play a1-b2; result ongoing; spn oo3/5/5/1x3/5 o 0 0 149 -; "
     "play a5-a4; result o quiet; spn 1o3/o4/5/1x3/5 x 0 0 150 -; finished"},
    {"quiet limit, DIAGONAL, X wins", "diagonal", "4o/5/5/5/xx3 x 0 0 149 -",
     "play b1-c2; result x quiet; spn 4o/5/5/2x2/x4 o 0 0 150 -"},
    {"capture on the 150th turn", "diagonal", "4o/4o/5/2x2/xo3 x 0 0 149 -",
     "play c2-c1; result ongoing; quiet 0"},

    /* The quiet_limit field on its own: CLASSIC with a limit of 3. */
    {"quiet_limit alone", "classic quiet_limit=3", "4o/5/5/5/xx3 x 0 0 1 -",
     "play a1-a2; play e5-e4; result x quiet; spn 5/4o/5/x4/1x3 x 0 0 3 -"},

    /* No limit (CLASSIC, TRADITIONAL): the counter is kept and shown
     * anyway. */
    {"no quiet limit", "classic|traditional", "o3o/5/5/5/xx3 x 0 0 1000 -",
     "play a1-a2; spn o3o/5/5/x4/1x3 o 0 0 1001 -; result ongoing; "
     "play a5-a4; quiet 1002"},

    /* The counter stops at INT32_MAX (seega.h). */
    {"quiet counter saturates", "classic",
     "o3o/5/5/5/xx3 x 0 0 2147483646 -",
     "play a1-a2; spn o3o/5/5/x4/1x3 o 0 0 2147483647 -; play a5-a4; "
     "spn 4o/o4/5/x4/1x3 x 0 0 2147483647 -; quiet 2147483647"},

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
    {"quiet checked before blocked", "diagonal",
     "5/xxxx1/ooox1/ooox1/ooo1x x 0 0 149 -",
     "play e1-d1; result o quiet; spn 5/xxxx1/ooox1/ooox1/ooox1 o 0 0 150 -"},
    {"blocked when the quiet limit is far", "diagonal",
     "5/xxxx1/ooox1/ooox1/ooo1x x 0 0 0 -",
     "play e1-d1; result x blocked; spn 5/xxxx1/ooox1/ooox1/ooox1 o 0 0 1 -; "
     "tomove o; finished"},

    /* ----------------------------------- positions loaded as finished */

    /* MODERN with quiet 50: over, by count (X 2, O 1); DIAGONAL at 150 with
     * one piece each: a draw. */
    {"loaded at the quiet limit", "modern", "4o/5/5/5/xx3 x 0 0 50 -",
     "result x quiet; spn 4o/5/5/5/xx3 x 0 0 50 -; tomove x; finished"},
    {"loaded at the quiet limit, draw", "diagonal", "4o/5/5/5/x4 x 0 0 150 -",
     "result draw quiet; finished"},

    /* DIAGONAL: the side to move has no step: it has lost. */
    {"loaded blocked (DIAGONAL)", "diagonal", "5/5/5/xx3/ox3 o 0 0 0 -",
     "result x blocked; spn 5/5/5/xx3/ox3 o 0 0 0 -; finished"},

    /* A side at lose_at: over by material. */
    {"loaded at lose_at: X has none", "modern", "4o/5/5/5/5 x 0 0 0 -",
     "result o material; finished"},
    {"loaded at lose_at: O has none", "classic", "5/5/5/5/x4 o 0 0 0 -",
     "result x material; finished"},
    {"loaded at lose_at 1", "traditional", "4o/5/5/5/xx3 x 0 0 0 -",
     "result x material; finished"},
    /* material comes before the quiet limit */
    {"material before the quiet limit", "modern", "4o/5/5/5/5 x 0 0 50 -",
     "result o material"},
    /* and before blocked: DIAGONAL, O to move with no piece at all */
    {"material before blocked", "diagonal", "5/5/5/5/x4 o 0 0 0 -",
     "result x material"},

    /* Loading an ongoing position into a finished game makes it ongoing. */
    {"load clears the result", "modern", "4o/5/5/5/xx3 x 0 0 50 -",
     "load 4o/5/5/5/xx3 x 0 0 49 -; result ongoing; legal a1-a2 b1-b2 b1-c1"},

    /* Undo out of a finished game makes it ongoing again. */
    {"undo reopens", "classic", "5/5/5/2x2/xo3 x 0 0 0 -",
     "play c2-c1; result x material; undo; result ongoing; "
     "spn 5/5/5/2x2/xo3 x 0 0 0 -"},
};

TU_ROWS_MAIN("rules_end", END)

/*
 * Chain captures (docs/rules.md, "Chain captures" (#rules_chain)), the
 * SPN chain state, and the material check in the middle of a chain.
 *
 * Every expectation is derived by hand from docs/rules.md. Boards are
 * drawn rank N at the top, as SPN writes them. One table of cases (the
 * rules, the start, the script of steps: see tu_row in testutil.h); a
 * row whose rules list several presets runs under each.
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

/* the presets with chain captures */
#define CHAINS "classic|traditional"

static const tu_row CHAIN[] = {
    /* A capture that can be followed by another puts the turn in chain
     * state. */
    {"chain state after a capture", CHAINS, CHAIN_START,
     "play c1-c2; spn " CHAIN_MID "; caps d2; tomove x; state chain c2; "
     "quiet 0; result ongoing"},

    /* During a chain only the chain piece's capturing moves and pass. */
    {"only capturing moves and pass", CHAINS, CHAIN_START,
     "play c1-c2; legal c2-b2 pass;"
     /* the chain piece's non-capturing moves */
     "try c2-c3 illegal; try c2-d2 illegal; try c2-c1 illegal;"
     /* another piece's capturing move, and a quiet one */
     "try a2-a3 illegal; try b4-c4 illegal; spn " CHAIN_MID},

    /* The chain goes on, then the turn ends by itself with no capture
     * left. */
    {"chain continues, then ends by itself", CHAINS, CHAIN_START,
     "play c1-c2; play c2-b2; spn " CHAIN_DONE "; caps b3; tomove o; "
     "state normal -; pieces o 2; legal a4-a3 e5-d5 e5-e4"},

    /* pass stops the chain and ends the turn. */
    {"pass ends the chain", CHAINS, CHAIN_START,
     "play c1-c2; play pass; spn " CHAIN_STOPPED "; state normal; ncaps 0;"
     /* O's turn: no pass for a side that can move */
     "try pass illegal; legal a4-a3 b3-a3 b3-b2 b3-c3 e5-d5 e5-e4"},

    /* A chain position loaded from SPN behaves the same; the chain turn
     * captured (d2), so after pass the counter stays 0. */
    {"chain loaded from SPN", CHAINS, CHAIN_MID,
     "state chain c2; legal c2-b2 pass; play pass; spn " CHAIN_STOPPED "; "
     "load " CHAIN_MID "; play c2-b2; spn " CHAIN_DONE},

    /* No chains in DIAGONAL and MODERN: the capture ends the turn. */
    {"no chain in DIAGONAL and MODERN", "diagonal|modern", CHAIN_START,
     "play c1-c2; spn " CHAIN_STOPPED "; caps d2; tomove o; state normal"},

    /* The chain_captures field on its own, both ways. */
    {"chain_captures on alone", "modern chain_captures=1", CHAIN_START,
     "play c1-c2; spn " CHAIN_MID "; legal c2-b2 pass"},
    {"chain_captures off alone", "classic chain_captures=0", CHAIN_START,
     "play c1-c2; spn " CHAIN_STOPPED},

    /*
     * The quiet counter shows 0 during a chain and stays 0 after the chain
     * turn, whether it ends by pass or by itself; the next quiet turn makes
     * it 1.
     */
    {"quiet during and after a chain", CHAINS,
     "x3o/ox3/1o3/x2ox/2x2 x 0 0 5 -",
     "play c1-c2; quiet 0; spn " CHAIN_MID "; play pass; quiet 0; "
     "play e5-e4; spn x4/ox2o/1o3/x1x1x/5 x 0 0 1 -; "
     "load x3o/ox3/1o3/x2ox/2x2 x 0 0 5 -; play c1-c2; play c2-b2; quiet 0; "
     "play e5-e4; spn x4/ox2o/5/xx2x/5 x 0 0 1 -"},

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
     * loses at once, although c2-b2 would capture again; O is then "to
     * move". CLASSIC (lose_at 0): the chain goes on, and c2-b2 takes O's
     * last piece.
     */
    {"material win mid-chain (TRADITIONAL)", "traditional",
     "5/1x3/1o3/3ox/2x2 x 0 0 0 -",
     "play c1-c2; result x material; spn 5/1x3/1o3/2x1x/5 o 0 0 0 -; "
     "tomove o; state normal; nlegal 0; try c2-b2 game_over; "
     "try pass game_over"},
    {"material win at the chain's end (CLASSIC)", "classic",
     "5/1x3/1o3/3ox/2x2 x 0 0 0 -",
     "play c1-c2; result ongoing; spn 5/1x3/1o3/2x1x/5 x 0 0 0 c2; "
     "play c2-b2; result x material; spn 5/1x3/5/1x2x/5 o 0 0 0 -; "
     "tomove o; nlegal 0"},

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
    {"double capture, then no chain", CHAINS, "o4/x3x/o3o/2x2/xo1ox x 0 0 0 -",
     "play c2-c1; spn o4/x3x/o3o/5/x1x1x o 0 0 0 -; caps b1 d1"},

    /*
     * A chain with a choice: after c1-c2 (takes d2, e2 beyond) the c2 piece
     * can capture with c2-b2 (b3, b4 beyond) or with c2-c3 (c4, c5 beyond:
     * the mover on the centre captures like any piece). From c3: c4
     * captures nothing (b4, c5 own; d4 empty), nor d3 or c2; b3 is
     * occupied.
     *
     *   . . x . o
     *   . x o . .
     *   . o . . .
     *   . . . o x
     *   . . x . .
     */
    {"chain with two options", CHAINS, "2x1o/1xo2/1o3/3ox/2x2 x 0 0 0 -",
     "play c1-c2; spn 2x1o/1xo2/1o3/2x1x/5 x 0 0 0 c2; "
     "legal c2-b2 c2-c3 pass; play c2-c3; spn 2x1o/1x3/1ox2/4x/5 o 0 0 0 -; "
     "caps c4; load 2x1o/1xo2/1o3/2x1x/5 x 0 0 0 c2; play c2-b2; "
     "spn 2x1o/1xo2/5/1x2x/5 o 0 0 0 -; caps b3"},
};

TU_ROWS_MAIN("rules_chain", CHAIN)

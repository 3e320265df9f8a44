/*
 * Whether a position written out field by field can arise under the
 * rules: the refusal list of docs/notation.md, "Refused positions"
 * (#notation_refused). text/ parses SPN into an sg_gpos and asks here;
 * the messages name the SPN field at fault.
 */
#include "core/core.h"
#include "core/rules.h"
#include "core/util.h"

#include <stdint.h>

static const char *const HAND_FIELD[2] = {"x-in-hand", "o-in-hand"};

static const char *side_name(int side) { return side == SEEGA_X ? "X" : "O"; }

/* The checks of the placing phase (docs/notation.md, "During the placing
 * (any piece in hand)" (#notation_refused_placing)). */
static int32_t check_placing(const sg_crules *r, const sg_gpos *g,
                             const int count[2], char *err, size_t cap)
{
    int n = r->n, pieces = (n * n - 1) / 2, centre = n * n / 2;
    char name[SEEGA_SQUARE_TEXT_MAX];
    int placed[2], side, x_placed, mid;
    for (int s = 0; s < 2; s++) {
        if (count[s] + g->hand[s] != pieces) {
            sg_format(err, cap,
                      "%s: during the placing %s must have its %d pieces on the "
                      "board and in hand together, not %d on the board and %d "
                      "in hand",
                      HAND_FIELD[s], side_name(s), pieces, count[s],
                      g->hand[s]);
            return SEEGA_E_PARSE;
        }
        placed[s] = count[s];
    }
    if (g->cell[centre] != SEEGA_EMPTY) {
        sg_square_name(n, centre, name);
        sg_format(err, cap, "board: the centre %s must be empty during the "
                            "placing",
                  name);
        return SEEGA_E_PARSE;
    }
    if (g->quiet != rule_quiet_start()) {
        sg_format(err, cap, "quiet: must be 0 during the placing (got %ld)",
                  (long)g->quiet);
        return SEEGA_E_PARSE;
    }
    rule_placing_after(r->ppt, placed[0] + placed[1], &side, &x_placed, &mid);
    if (placed[0] != x_placed) {
        sg_format(err, cap,
                  "x-in-hand, o-in-hand: X has placed %d and O %d, which the "
                  "placing order (X first, %d at a time) never gives",
                  placed[0], placed[1], r->ppt);
        return SEEGA_E_PARSE;
    }
    if (g->side != side) {
        sg_format(err, cap,
                  "to-move: after %d placements it is %s's turn to place, not "
                  "%s's",
                  placed[0] + placed[1], side_name(side), side_name(g->side));
        return SEEGA_E_PARSE;
    }
    if (g->state != (mid ? SG_ST_PLACED1 : SG_ST_NORMAL)) {
        sg_format(err, cap,
                  "state: after %d placements it must be '%c' (during the "
                  "placing it is '+' after the first of two placements, "
                  "else '-')",
                  placed[0] + placed[1], mid ? '+' : '-');
        return SEEGA_E_PARSE;
    }
    for (int s = 0; s < 2; s++) {
        int m0 = rule_opening_square(n, s, 0), m1 = rule_opening_square(n, s, 1);
        int on = (g->cell[m0] == s) + (g->cell[m1] == s);
        if (on < rule_opening_placed(r, placed[s])) {
            char a[SEEGA_SQUARE_TEXT_MAX], b[SEEGA_SQUARE_TEXT_MAX];
            sg_square_name(n, m0, a);
            sg_square_name(n, m1, b);
            sg_format(err, cap,
                      "board: with opening squares %s's first pieces must "
                      "stand on %s and %s",
                      side_name(s), a, b);
            return SEEGA_E_PARSE;
        }
    }
    return SEEGA_OK;
}

/* The checks of the moving phase that need the rules engine. */
static int32_t check_moving(const sg_board *board, const sg_crules *r,
                            const sg_gpos *g, const sg_posbuf *pos,
                            const int count[2], char *err, size_t cap)
{
    int me = g->side, low[2];
    char name[SEEGA_SQUARE_TEXT_MAX];
    low[0] = rule_material_lost(r, count[0]);
    low[1] = rule_material_lost(r, count[1]);
    if (low[0] && low[1]) {
        sg_format(err, cap,
                  "board: both sides have %d piece%s or fewer (lose_at) in the "
                  "moving phase",
                  r->lose_at, r->lose_at == 1 ? "" : "s");
        return SEEGA_E_PARSE;
    }
    switch (g->state) {
    case SG_ST_PLACED1:
        sg_format(err, cap, "%s",
                  "state: '+' exists only during the placing (pieces in hand)");
        return SEEGA_E_PARSE;
    case SG_ST_CHAIN:
        sg_square_name(r->n, g->chain, name);
        if (!r->chain) {
            sg_format(err, cap,
                      "state: chain square %s, but these rules have no chain "
                      "captures",
                      name);
        } else if (g->cell[g->chain] != me) {
            sg_format(err, cap,
                      "state: chain square %s does not hold a piece of the side "
                      "to move (%s)",
                      name, side_name(me));
        } else if (g->quiet != rule_quiet_reset()) {
            sg_format(err, cap, "quiet: must be 0 during a chain (got %ld)",
                      (long)g->quiet);
        } else if (low[0] || low[1]) {
            sg_format(err, cap,
                      "state: chain square %s, but a side has lose_at pieces "
                      "or fewer",
                      name);
        } else if (!board->can_capture_from(pos, r, g->chain)) {
            sg_format(err, cap,
                      "state: the chain piece on %s has no capturing move",
                      name);
        } else {
            return SEEGA_OK;
        }
        return SEEGA_E_PARSE;
    case SG_ST_EXTRA:
        if (r->blocked != SEEGA_BLOCKED_OPPONENT_OPENS) {
            sg_format(err, cap, "%s",
                      "state: '!' needs the blocked rule OPPONENT_OPENS");
        } else if (board->has_step(pos, r, me ^ 1)) {
            sg_format(err, cap,
                      "state: '!' but the side not to move (%s) has a legal "
                      "step, so it did not have to pass",
                      side_name(me ^ 1));
        } else if (!board->has_step(pos, r, me)) {
            sg_format(err, cap,
                      "state: '!' but the side to move (%s) has no legal step",
                      side_name(me));
        } else {
            return SEEGA_OK;
        }
        return SEEGA_E_PARSE;
    case SG_ST_REMOVED:
        if (r->blocked != SEEGA_BLOCKED_REMOVES) {
            sg_format(err, cap, "%s",
                      "state: '*' needs the blocked rule REMOVES");
        } else if (!board->has_step(pos, r, me)) {
            sg_format(err, cap,
                      "state: '*' but the side to move (%s) has no legal step",
                      side_name(me));
        } else if (g->quiet != rule_quiet_reset()) {
            sg_format(err, cap,
                      "quiet: must be 0 right after a removal (got %ld)",
                      (long)g->quiet);
        } else if (low[0] || low[1]) {
            sg_format(err, cap, "%s",
                      "state: '*' but a side has lose_at pieces or fewer");
        } else {
            return SEEGA_OK;
        }
        return SEEGA_E_PARSE;
    default:
        return SEEGA_OK;
    }
}

int32_t sg_position_check(const sg_board *board, const sg_crules *r,
                          sg_gpos *g, const int32_t hand[2], sg_posbuf *out,
                          char *err, size_t cap)
{
    int n = r->n, pieces = (n * n - 1) / 2, count[2] = {0, 0};
    int32_t rc;
    sg_posbuf pos;

    for (int sq = 0; sq < n * n; sq++)
        if (g->cell[sq] != SEEGA_EMPTY)
            count[g->cell[sq]]++;
    for (int s = 0; s < 2; s++) {
        if (hand[s] > pieces - count[s]) {
            sg_format(err, cap,
                      "%s: %s has %d on the board and %ld in hand, more than "
                      "its %d pieces",
                      HAND_FIELD[s], side_name(s), count[s], (long)hand[s],
                      pieces);
            return SEEGA_E_PARSE;
        }
        g->hand[s] = (int)hand[s];
    }
    if (g->hand[0] + g->hand[1] > 0) {
        if ((rc = check_placing(r, g, count, err, cap)) != SEEGA_OK)
            return rc;
    }
    if (r->quiet_limit && g->quiet > r->quiet_limit) {
        sg_format(err, cap, "quiet: %ld is above the rules' quiet_limit %ld",
                  (long)g->quiet, (long)r->quiet_limit);
        return SEEGA_E_PARSE;
    }
    board->load(&pos, g);
    if (g->hand[0] + g->hand[1] == 0 &&
        (rc = check_moving(board, r, g, &pos, count, err, cap)) != SEEGA_OK)
        return rc;
    board->settle(&pos, r);
    *out = pos;
    return SEEGA_OK;
}

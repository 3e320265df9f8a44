/*
 * The rules struct: presets, validation (once, at seega_new) and the
 * digest the hot layers read.
 */
#include "core/core.h"
#include "core/rules.h"
#include "core/util.h"

#include <string.h>

SEEGA_API int32_t seega_rules_preset(seega_rules *out, int32_t variant,
                                     int32_t board_size)
{
    seega_rules r = SEEGA_RULES_INIT; /* CLASSIC */
    if (!out || variant < SEEGA_CLASSIC || variant > SEEGA_TRADITIONAL ||
        (board_size != 5 && board_size != 7 && board_size != 9))
        return SEEGA_E_INVALID;
    r.board_size = board_size;
    switch (variant) {
    case SEEGA_DIAGONAL:
        r.move_dirs = r.capture_dirs = SEEGA_DIRS_ALL;
        r.chain_captures = 0;
        r.blocked = SEEGA_BLOCKED_LOSES;
        r.quiet_limit = 150;
        break;
    case SEEGA_MODERN:
        r.first_mover = SEEGA_X;
        r.chain_captures = 0;
        r.blocked = SEEGA_BLOCKED_PASSES;
        r.quiet_limit = 50;
        break;
    case SEEGA_TRADITIONAL:
        r.opening_squares = 1;
        r.centre_immune = 0;
        r.blocked = SEEGA_BLOCKED_REMOVES;
        r.lose_at = 1;
        break;
    default:
        break;
    }
    *out = r;
    return SEEGA_OK;
}

/* One field's check: in [lo, hi], else a message naming it. */
static int32_t field(const char *name, int32_t v, int ok, const char *want,
                     char *msg, size_t cap)
{
    if (ok)
        return SEEGA_OK;
    sg_format(msg, cap, "rules.%s must be %s (got %ld)", name, want, (long)v);
    return SEEGA_E_RULES;
}

int32_t sg_rules_check(const seega_rules *r, char *msg, size_t cap)
{
    int32_t rc;
    if (r->version != SEEGA_RULES_VERSION) {
        sg_format(msg, cap,
                  "rules.version %lu is not known to this library (which "
                  "reads version %d; use SEEGA_RULES_VERSION)",
                  (unsigned long)r->version, SEEGA_RULES_VERSION);
        return SEEGA_E_VERSION;
    }
#define CHECK(name, cond, want)                                                \
    if ((rc = field(#name, r->name, (cond), want, msg, cap)) != SEEGA_OK)      \
        return rc;
    CHECK(board_size,
          r->board_size == 5 || r->board_size == 7 || r->board_size == 9,
          "5, 7 or 9")
    CHECK(placements_per_turn,
          r->placements_per_turn == 1 || r->placements_per_turn == 2, "1 or 2")
    CHECK(opening_squares, r->opening_squares == 0 || r->opening_squares == 1,
          "0 or 1")
    CHECK(first_mover, r->first_mover == SEEGA_X || r->first_mover == SEEGA_O,
          "SEEGA_X (0) or SEEGA_O (1)")
    CHECK(move_dirs,
          r->move_dirs == SEEGA_DIRS_ORTHOGONAL || r->move_dirs == SEEGA_DIRS_ALL,
          "SEEGA_DIRS_ORTHOGONAL (4) or SEEGA_DIRS_ALL (8)")
    CHECK(capture_dirs,
          r->capture_dirs == SEEGA_DIRS_ORTHOGONAL ||
              r->capture_dirs == SEEGA_DIRS_ALL,
          "SEEGA_DIRS_ORTHOGONAL (4) or SEEGA_DIRS_ALL (8)")
    CHECK(centre_immune, r->centre_immune == 0 || r->centre_immune == 1,
          "0 or 1")
    CHECK(chain_captures, r->chain_captures == 0 || r->chain_captures == 1,
          "0 or 1")
    CHECK(blocked,
          r->blocked >= SEEGA_BLOCKED_LOSES && r->blocked <= SEEGA_BLOCKED_REMOVES,
          "SEEGA_BLOCKED_LOSES (1), _PASSES (2), _OPPONENT_OPENS (3) or "
          "_REMOVES (4)")
    CHECK(lose_at, r->lose_at == 0 || r->lose_at == 1, "0 or 1")
    CHECK(quiet_limit, r->quiet_limit >= 0, "0 (no limit) or more")
#undef CHECK
    sg_format(msg, cap, "%s", "");
    return SEEGA_OK;
}

SEEGA_API int32_t seega_rules_validate(const seega_rules *rules, char *msg,
                                       size_t cap)
{
    if (!rules) {
        sg_format(msg, cap, "%s", "rules is NULL");
        return SEEGA_E_INVALID;
    }
    return sg_rules_check(rules, msg, cap);
}

void sg_crules_from(sg_crules *c, const seega_rules *r)
{
    c->n = r->board_size;
    c->ppt = r->placements_per_turn;
    c->opening = r->opening_squares;
    c->first = r->first_mover;
    c->move8 = r->move_dirs == SEEGA_DIRS_ALL;
    c->cap8 = r->capture_dirs == SEEGA_DIRS_ALL;
    c->immune = r->centre_immune;
    c->chain = r->chain_captures;
    c->blocked = r->blocked;
    c->lose_at = r->lose_at;
    c->quiet_limit = r->quiet_limit;
    c->lost_max = rule_material_lost_max(c);
}

const sg_core *sg_core_for(int n)
{
    switch (n) {
    case 5: return &sg_core5;
    case 7: return &sg_core7;
    case 9: return &sg_core9;
    default: return NULL;
    }
}

/*
 * The rules struct: presets, validation (once, at seega_new) and the
 * digest the hot layers read.
 */
#include "core/core.h"
#include "core/rules.h"
#include "core/rules_fields.h"
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

int32_t sg_rules_check(const seega_rules *r, char *msg, size_t cap)
{
    if (r->version != SEEGA_RULES_VERSION) {
        sg_format(msg, cap,
                  "rules.version %lu is not known to this library (which "
                  "reads version %d; use SEEGA_RULES_VERSION)",
                  (unsigned long)r->version, SEEGA_RULES_VERSION);
        return SEEGA_E_VERSION;
    }
    /* Each field of the table in turn; the first out of range is named. */
#define CHECK(name, kind, ok, want)                                            \
    {                                                                          \
        int32_t v = r->name;                                                   \
        if (!(ok)) {                                                           \
            sg_format(msg, cap, "rules.%s must be %s (got %ld)", #name, want,  \
                      (long)v);                                                \
            return SEEGA_E_RULES;                                              \
        }                                                                      \
    }
    SG_RULES_FIELDS(CHECK)
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

int sg_rules_equal(const seega_rules *a, const seega_rules *b)
{
#define SAME(name, kind, ok, want) &&a->name == b->name
    return 1 SG_RULES_FIELDS(SAME);
#undef SAME
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

const sg_board *sg_board_for(int n)
{
    switch (n) {
    case 5: return &sg_board5;
    case 7: return &sg_board7;
    case 9: return &sg_board9;
    default: return NULL;
    }
}

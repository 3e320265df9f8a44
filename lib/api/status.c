/* Status texts, the run-time version and the action value accessors. */
#include "core/core.h"

SEEGA_API int32_t seega_version_number(void) { return SEEGA_VERSION_NUMBER; }

SEEGA_API const char *seega_status_text(int32_t status)
{
    switch (status) {
    case SEEGA_OK: return "ok";
    case SEEGA_E_INVALID: return "invalid argument";
    case SEEGA_E_ILLEGAL: return "illegal action";
    case SEEGA_E_PARSE: return "malformed text";
    case SEEGA_E_NOMEM: return "out of memory";
    case SEEGA_E_GAME_OVER: return "the game is over";
    case SEEGA_E_BUFFER: return "buffer too small";
    case SEEGA_E_VERSION: return "unknown struct version";
    case SEEGA_E_RULES: return "rules out of range";
    case SEEGA_E_IO: return "file input/output failed";
    case SEEGA_E_CORRUPT: return "corrupt or foreign tablebase file";
    case SEEGA_E_NOT_COVERED: return "position not covered by the tablebase";
    case SEEGA_E_STOPPED: return "the caller stopped the operation";
    default: return "unknown status";
    }
}

/* A square for the action encoding: -1 is "none" (0xFF); anything else
 * that cannot be a square becomes 0xFE, which no board has, so that
 * seega_play refuses it rather than wrapping onto a real square. */
static uint32_t enc_square(int32_t sq)
{
    if (sq == SEEGA_NO_SQUARE)
        return SG_NOSQ;
    return sq < 0 || sq > 0xFD ? 0xFEu : (uint32_t)sq;
}

SEEGA_API seega_action seega_action_make(int32_t kind, int32_t from,
                                         int32_t to)
{
    uint32_t k = kind >= SEEGA_ACTION_PLACE && kind <= SEEGA_ACTION_PASS
                     ? (uint32_t)kind
                     : 0;
    return SG_ACT(k, enc_square(from), enc_square(to));
}

SEEGA_API int32_t seega_action_kind(seega_action action)
{
    int k = SG_ACT_KIND(action);
    return (action >> 24) == 0 && k >= SEEGA_ACTION_PLACE &&
                   k <= SEEGA_ACTION_PASS
               ? k
               : 0;
}

SEEGA_API int32_t seega_action_from(seega_action action)
{
    int sq = SG_ACT_FROM(action);
    return sq == (int)SG_NOSQ ? SEEGA_NO_SQUARE : sq;
}

SEEGA_API int32_t seega_action_to(seega_action action)
{
    int sq = SG_ACT_TO(action);
    return sq == (int)SG_NOSQ ? SEEGA_NO_SQUARE : sq;
}

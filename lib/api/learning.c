/*
 * The learning interface: a fixed action-index space, legal masks and
 * observation planes (see the "learning" group in seega.h).
 */
#include "api/game.h"
#include "text/notation.h"

#include <string.h>

/* Step directions in index order: N S E W NE SW NW SE. */
static const int DF[8] = {0, 0, 1, -1, 1, -1, -1, 1};
static const int DR[8] = {1, -1, 0, 0, 1, -1, 1, -1};

/* The index of a well-formed action, or -1 for a step that is not one
 * square long. */
static int32_t index_of(int n, seega_action a)
{
    int s = n * n, from = SG_ACT_FROM(a), to = SG_ACT_TO(a);
    switch (SG_ACT_KIND(a)) {
    case SEEGA_ACTION_PLACE: return to;
    case SEEGA_ACTION_REMOVE: return 9 * s + to;
    case SEEGA_ACTION_PASS: return 10 * s;
    default:
        for (int d = 0; d < 8; d++)
            if (to % n - from % n == DF[d] && to / n - from / n == DR[d])
                return s + 8 * from + d;
        return -1;
    }
}

SEEGA_API int32_t seega_num_distinct_actions(const seega_game *game)
{
    return game ? 10 * game->cr.n * game->cr.n + 1 : SEEGA_E_INVALID;
}

SEEGA_API int32_t seega_action_to_index(const seega_game *game,
                                        seega_action action)
{
    int32_t i;
    if (!game)
        return SEEGA_E_INVALID;
    if (!sg_action_wellformed(game->cr.n, action) ||
        (i = index_of(game->cr.n, action)) < 0)
        return sg_fail(game, SEEGA_E_INVALID,
                       "action 0x%08lx has no index: it is not well-formed "
                       "or not a one-square step",
                       (unsigned long)action);
    return i;
}

SEEGA_API int32_t seega_action_from_index(const seega_game *game,
                                          int32_t index, seega_action *out)
{
    int n, s;
    if (!game)
        return SEEGA_E_INVALID;
    if (!out)
        return sg_fail(game, SEEGA_E_INVALID,
                       "seega_action_from_index: out is NULL");
    n = game->cr.n;
    s = n * n;
    if (index < 0 || index > 10 * s)
        return sg_fail(game, SEEGA_E_INVALID,
                       "action index %ld is out of range (0..%d)", (long)index,
                       10 * s);
    if (index < s) {
        *out = SG_ACT(SEEGA_ACTION_PLACE, SG_NOSQ, index);
    } else if (index < 9 * s) {
        int from = (index - s) / 8, d = (index - s) % 8;
        int f = from % n + DF[d], r = from / n + DR[d];
        if (f < 0 || f >= n || r < 0 || r >= n)
            return sg_fail(game, SEEGA_E_INVALID,
                           "action index %ld is a step off the board",
                           (long)index);
        *out = SG_ACT(SEEGA_ACTION_STEP, from, r * n + f);
    } else if (index < 10 * s) {
        *out = SG_ACT(SEEGA_ACTION_REMOVE, SG_NOSQ, index - 9 * s);
    } else {
        *out = SG_ACT(SEEGA_ACTION_PASS, SG_NOSQ, SG_NOSQ);
    }
    return SEEGA_OK;
}

SEEGA_API int32_t seega_legal_mask(const seega_game *game, uint8_t *mask,
                                   size_t cap)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    size_t size;
    int n;
    if (!game)
        return SEEGA_E_INVALID;
    if (!mask)
        return sg_fail(game, SEEGA_E_INVALID, "seega_legal_mask: mask is NULL");
    size = (size_t)seega_num_distinct_actions(game);
    if (cap < size)
        return sg_fail(game, SEEGA_E_BUFFER,
                       "mask of %lu bytes is too small: %lu needed",
                       (unsigned long)cap, (unsigned long)size);
    memset(mask, 0, size);
    n = game->board->legal(&game->pos, &game->cr, list);
    for (int i = 0; i < n; i++)
        mask[index_of(game->cr.n, list[i])] = 1;
    return n;
}

SEEGA_API int32_t seega_observation_size(const seega_game *game)
{
    return game ? SEEGA_OBS_PLANES * game->cr.n * game->cr.n : SEEGA_E_INVALID;
}

static uint8_t clamp255(int64_t v) { return (uint8_t)(v > 255 ? 255 : v); }

SEEGA_API int32_t seega_observation(const seega_game *game, uint8_t *buf,
                                    size_t cap)
{
    sg_gpos g;
    int s, me;
    size_t size;
    if (!game)
        return SEEGA_E_INVALID;
    if (!buf)
        return sg_fail(game, SEEGA_E_INVALID, "seega_observation: buf is NULL");
    size = (size_t)seega_observation_size(game);
    if (cap < size)
        return sg_fail(game, SEEGA_E_BUFFER,
                       "observation buffer of %lu bytes is too small: %lu "
                       "needed",
                       (unsigned long)cap, (unsigned long)size);
    game->board->store(&game->pos, &g);
    s = g.n * g.n;
    me = g.side;
    memset(buf, 0, size);
    for (int sq = 0; sq < s; sq++) {
        if (g.cell[sq] == me)
            buf[sq] = 1;
        else if (g.cell[sq] == (me ^ 1))
            buf[s + sq] = 1;
    }
    buf[2 * s + s / 2] = 1;
    int32_t limit = game->cr.quiet_limit;
    uint8_t fill[SEEGA_OBS_PLANES] = {
        0, 0, 0,
        (uint8_t)(me == SEEGA_X),
        (uint8_t)(g.hand[0] + g.hand[1] > 0),
        clamp255(g.hand[me]),
        clamp255(g.hand[me ^ 1]),
        0,
        (uint8_t)(g.state == SG_ST_PLACED1),
        (uint8_t)(g.state == SG_ST_EXTRA),
        (uint8_t)(g.state == SG_ST_REMOVED),
        clamp255(g.quiet),
        limit ? clamp255((int64_t)limit - g.quiet) : 255,
    };
    for (int p = 3; p < SEEGA_OBS_PLANES; p++)
        if (p != 7)
            memset(buf + (size_t)p * s, fill[p], (size_t)s);
    if (g.state == SG_ST_CHAIN)
        buf[7 * s + g.chain] = 1;
    return (int32_t)size;
}

/* Random playouts (see the "simulation" group in seega.h). */
#include "api/game.h"

SEEGA_API int32_t seega_playouts(const seega_game *game, uint64_t seed,
                                 uint32_t count, uint32_t max_actions,
                                 seega_playout_stats *stats)
{
    uint64_t out[5] = {0, 0, 0, 0, 0};
    if (!game)
        return SEEGA_E_INVALID;
    if (!stats)
        return sg_fail(game, SEEGA_E_INVALID, "seega_playouts: stats is NULL");
    if (stats->version != SEEGA_PLAYOUT_STATS_VERSION)
        return sg_fail(game, SEEGA_E_VERSION,
                       "seega_playouts: stats->version %lu is not known (set "
                       "it to SEEGA_PLAYOUT_STATS_VERSION)",
                       (unsigned long)stats->version);
    game->board->playouts(&game->pos, &game->cr, seed, count, max_actions, out);
    stats->reserved = 0;
    stats->x_wins = out[0];
    stats->o_wins = out[1];
    stats->draws = out[2];
    stats->unfinished = out[3];
    stats->actions = out[4];
    return SEEGA_OK;
}

/*
 * The search API (see the "search" group in seega.h): argument checks and
 * the mapping of the game onto the search runtime (search/runtime.c),
 * which holds the transposition table, the time budget, the threads and
 * the stop flag.
 */
#include "api/game.h"
#include "tb/tb.h"

#define MAX_TT_MB SEEGA_TT_MB_MAX
#define MAX_THREADS SEEGA_THREADS_MAX

SEEGA_API int32_t seega_search_limits_init(seega_search_limits *limits)
{
    seega_search_limits init = SEEGA_SEARCH_LIMITS_INIT;
    if (!limits)
        return SEEGA_E_INVALID;
    *limits = init;
    return SEEGA_OK;
}

static int32_t check_limits(const seega_game *g, const seega_search_limits *l)
{
    if (l->depth < 0 || l->time_ms < 0 || l->remaining_ms < 0 ||
        l->increment_ms < 0 || l->threads < 0 || l->tt_mb < 0)
        return sg_fail(g, SEEGA_E_INVALID,
                       "search limits must not be negative");
    if (l->level > 3 || l->level < 0)
        return sg_fail(g, SEEGA_E_INVALID,
                       "search level %ld is out of range (0 = full strength, "
                       "1..3)",
                       (long)l->level);
    if (l->threads > MAX_THREADS)
        return sg_fail(g, SEEGA_E_INVALID, "at most %d search threads (got %ld)",
                       MAX_THREADS, (long)l->threads);
    if (l->tt_mb > MAX_TT_MB)
        return sg_fail(g, SEEGA_E_INVALID,
                       "tt_mb %ld is above the maximum %d", (long)l->tt_mb,
                       MAX_TT_MB);
    return SEEGA_OK;
}

/* seega_search after its entry (see there): checks, set-up, search. */
/* The search's view of attached tables: exact values at the 5x5 positions
 * they cover. */
static int32_t tb_search_probe(const void *tb, const sg_posbuf *pos,
                               int32_t *value, int32_t *dist)
{
    return sg_tb_probe5((const struct seega_tablebase *)tb, pos, value, dist,
                        NULL);
}

static int32_t search_entered(seega_game *game,
                              const seega_search_limits *limits,
                              seega_search_result *result, int64_t start)
{
    sg_root root;
    int32_t rc, threads;
    if (!limits || !result)
        return sg_fail(game, SEEGA_E_INVALID, "seega_search: %s is NULL",
                       limits ? "result" : "limits");
    if (limits->version != SEEGA_SEARCH_LIMITS_VERSION ||
        result->version != SEEGA_SEARCH_RESULT_VERSION)
        return sg_fail(game, SEEGA_E_VERSION,
                       "seega_search: unknown %s version %lu",
                       limits->version != SEEGA_SEARCH_LIMITS_VERSION ? "limits"
                                                                      : "result",
                       (unsigned long)(limits->version !=
                                               SEEGA_SEARCH_LIMITS_VERSION
                                           ? limits->version
                                           : result->version));
    if ((rc = check_limits(game, limits)) != SEEGA_OK)
        return rc;
    if (game->board->outcome(&game->pos).result != SEEGA_ONGOING)
        return sg_fail(game, SEEGA_E_GAME_OVER,
                       "nothing to search: the game is over");
    threads = limits->threads > 1 ? limits->threads : 1;
    if ((rc = sg_runtime_reserve(&game->rt, game->alloc, game->ud,
                                 limits->tt_mb, threads, game->err,
                                 sizeof game->err)) != SEEGA_OK)
        return rc;
    root.board = game->board;
    root.r = &game->cr;
    root.pos = &game->pos;
    root.hist = game->hist;
    root.hist_len = game->hist_len;
    root.tb = game->tb;
    root.tb_probe = game->tb ? tb_search_probe : NULL;
    sg_runtime_run(&game->rt, &root, limits, threads, result, start);
    return SEEGA_OK;
}

/*
 * A stop counts from the moment a search is entered: `stop` is cleared
 * before `searching` is set, so a seega_search_stop that sees `searching`
 * sets a flag that nothing clears until the next search, and every phase
 * below (checks, allocation, clearing the table, the search) looks at it.
 */
SEEGA_API int32_t seega_search(seega_game *game,
                               const seega_search_limits *limits,
                               seega_search_result *result)
{
    int32_t rc;
    int64_t start = sg_now_ns();
    if (!game)
        return SEEGA_E_INVALID;
    sg_runtime_enter(&game->rt);
    rc = search_entered(game, limits, result, start);
    sg_runtime_leave(&game->rt);
    return rc;
}

SEEGA_API void seega_search_stop(seega_game *game)
{
    if (game)
        sg_runtime_stop(&game->rt);
}

SEEGA_API int32_t seega_hint(seega_game *game, int32_t time_ms,
                             seega_action *action)
{
    seega_search_limits limits = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result res;
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if (!action || time_ms < 0)
        return sg_fail(game, SEEGA_E_INVALID,
                       action ? "seega_hint: time_ms %ld is negative"
                              : "seega_hint: action is NULL (time_ms %ld)",
                       (long)time_ms);
    limits.time_ms = time_ms ? time_ms : 1000;
    res.version = SEEGA_SEARCH_RESULT_VERSION;
    if ((rc = seega_search(game, &limits, &res)) != SEEGA_OK)
        return rc;
    *action = res.best;
    return SEEGA_OK;
}

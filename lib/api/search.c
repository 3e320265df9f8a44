/*
 * The search API (see the "search" group in seega.h): argument checks,
 * limits and time budget, the transposition table (allocated once per
 * game, resized only when asked), and the stop flag.
 */
#if !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include "api/game.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <time.h>

#define DEFAULT_TT_MB 16
#define MAX_TT_MB SEEGA_TT_MB_MAX
#define MAX_THREADS SEEGA_THREADS_MAX
#define HISTORY_HASHES 128 /* earlier positions checked for repetitions */

int64_t sg_now_ns(void)
{
    struct timespec ts;
#if defined(CLOCK_MONOTONIC)
    clock_gettime(CLOCK_MONOTONIC, &ts);
#else
    timespec_get(&ts, TIME_UTC);
#endif
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int sg_search_should_stop(sg_search *s)
{
    if (s->stopped)
        return 1;
    if (s->node_limit && s->nodes >= s->node_limit)
        return s->stopped = 1;
    if ((s->nodes & 1023) == 0) {
        if (atomic_load_explicit(s->stop_flag, memory_order_relaxed) ||
            (s->halt_flag &&
             atomic_load_explicit(s->halt_flag, memory_order_relaxed)))
            return s->stopped = 1;
        if (s->deadline_ns && sg_now_ns() >= s->deadline_ns)
            return s->stopped = 1;
        if (s->shared && atomic_load_explicit(&s->shared->depth,
                                              memory_order_relaxed) >=
                             s->cur_depth)
            return s->overtaken = s->stopped = 1;
    }
    return 0;
}

static void shared_lock(sg_shared *sh)
{
    while (atomic_flag_test_and_set_explicit(&sh->lock, memory_order_acquire))
        ;
}

int sg_shared_put(sg_shared *sh, const seega_search_result *res)
{
    int first;
    shared_lock(sh);
    first = res->depth > sh->result.depth;
    if (first) {
        sh->result = *res;
        atomic_store_explicit(&sh->depth, res->depth, memory_order_relaxed);
    }
    atomic_flag_clear_explicit(&sh->lock, memory_order_release);
    return first;
}

int sg_shared_get(sg_shared *sh, seega_search_result *res)
{
    uint32_t version = res->version;
    shared_lock(sh);
    *res = sh->result;
    atomic_flag_clear_explicit(&sh->lock, memory_order_release);
    res->version = version;
    return res->depth;
}

SEEGA_API int32_t seega_search_limits_init(seega_search_limits *limits)
{
    seega_search_limits init = SEEGA_SEARCH_LIMITS_INIT;
    if (!limits)
        return SEEGA_E_INVALID;
    *limits = init;
    return SEEGA_OK;
}

/* The search block: one context per thread, then the table. Allocated at
 * the first search and when tt_mb changes or more threads are asked for;
 * on failure the old block stays. The contexts are zeroed here; the table
 * is cleared by clear_table, which a stop can cut short. */
static int32_t ensure_table(seega_game *g, int32_t tt_mb, int32_t threads)
{
    size_t entries, bytes, head;
    sg_search *s;
    if (tt_mb == 0)
        tt_mb = g->search ? g->tt_mb : DEFAULT_TT_MB;
    if (g->search && tt_mb == g->tt_mb && threads <= g->search_threads)
        return SEEGA_OK;
    if (threads < g->search_threads)
        threads = g->search_threads;
    entries = 1;
    while (entries * 2 * sizeof(sg_tt_entry) <= (size_t)tt_mb << 20)
        entries *= 2;
    head = (size_t)threads * sizeof(sg_search);
    head = (head + 63) & ~(size_t)63;
    bytes = head + entries * sizeof(sg_tt_entry);
    s = (sg_search *)g->alloc(g->ud, NULL, 0, bytes);
    if (!s)
        return sg_fail(g, SEEGA_E_NOMEM,
                       "out of memory allocating a %ld MiB transposition table",
                       (long)tt_mb);
    if (g->search)
        g->alloc(g->ud, g->search, g->search_bytes, 0);
    memset(s, 0, head);
    for (int32_t i = 0; i < threads; i++) {
        s[i].tt = (sg_tt_entry *)(void *)((char *)s + head);
        s[i].tt_mask = entries - 1;
    }
    g->search = s;
    g->search_bytes = bytes;
    g->tt_mb = tt_mb;
    g->search_threads = threads;
    g->tt_dirty = 1;
    return SEEGA_OK;
}

/* Clear the table if it needs it, a slice at a time, giving up when a stop
 * is asked: clearing a large table takes a while (its pages are touched
 * for the first time), and a stop must not wait for it. 1 if the table is
 * clear. */
static int clear_table(seega_game *g)
{
    const size_t slice = (size_t)1 << 20;
    size_t n = (size_t)(g->search->tt_mask + 1) * sizeof(sg_tt_entry);
    char *tt = (char *)(void *)g->search->tt;
    if (!g->tt_dirty)
        return 1;
    for (size_t at = 0; at < n; at += slice) {
        if (atomic_load_explicit(&g->stop, memory_order_relaxed))
            return 0;
        memset(tt + at, 0, n - at < slice ? n - at : slice);
    }
    g->tt_dirty = 0;
    return 1;
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

/*
 * The levels: how deep, and how much noise (uniform, +-noise, a piece is
 * 100) on the evaluation. Set by measurement with seega-match (docs/
 * performance.md): 1 scores >= 80% against a random player, 2 >= 75%
 * against 1 and 3 >= 75% against 2, on every preset, with a margin.
 */
static const struct {
    int depth, noise;
    uint64_t nodes; /* a cap, so that a level answers promptly on 7x7 and
                       9x9 too (0 = none); nodes keep it reproducible */
} LEVEL[4] = {{SEEGA_MAX_DEPTH, 0, 0},
              {1, 250, 0},
              {2, 80, 0},
              {7, 0, 1000000}};

typedef struct helper_job {
    seega_game *game;
    sg_search *ctx;
    seega_search_result res;
} helper_job;

/* A helper thread of Lazy SMP: the same search with its own share of the
 * moves at PV nodes (s_share), publishing each iteration it completes
 * (sg_shared_put), until the main thread is done. */
static void *helper_main(void *arg)
{
    helper_job *j = (helper_job *)arg;
    j->res.version = SEEGA_SEARCH_RESULT_VERSION;
    j->game->core->search(&j->game->pos, j->ctx, &j->res, NULL, NULL);
    return NULL;
}

/* The threads of one search; the helpers start once the search shows it
 * is worth their start-up cost (see smp_progress). */
typedef struct smp {
    seega_game *game;
    int32_t threads, started;
    int64_t start_ns;
    seega_progress_fn user_fn;
    void *user;
    sg_shared shared;
    helper_job jobs[MAX_THREADS];
    pthread_t tids[MAX_THREADS];
} smp;

/* Start the helpers; their first iteration is `depth`. */
static void smp_start_helpers(smp *m, int depth)
{
    seega_game *game = m->game;
    sg_search *s = &game->search[0];
    for (int32_t i = 1; i < m->threads; i++) {
        sg_search *h = &game->search[i];
        sg_tt_entry *tt = h->tt;
        uint64_t mask = h->tt_mask;
        memcpy(h, s, offsetof(sg_search, nodes));
        h->tt = tt;
        h->tt_mask = mask;
        h->node_limit = 0;
        h->first_depth = depth;
        h->part = i;
        h->halt_flag = &game->halt;
        h->nodes = 0;
        h->stopped = 0;
        memset(h->killers, 0, sizeof h->killers);
        memset(h->history, 0, sizeof h->history);
        m->jobs[i].game = game;
        m->jobs[i].ctx = h;
        if (pthread_create(&m->tids[i], NULL, helper_main, &m->jobs[i]) != 0)
            break; /* fewer helpers: still a correct search */
        m->started = i;
    }
}

/*
 * Called after each completed iteration of the main thread: start the
 * helpers at the first iteration from depth 3 or 2 ms on (a search that
 * ends sooner gains nothing from threads), then pass the report on.
 */
static void smp_progress(void *arg, const seega_search_result *info)
{
    smp *m = (smp *)arg;
    if (m->threads > 1 && !m->started &&
        (info->depth >= 3 || sg_now_ns() - m->start_ns > 2000000))
        smp_start_helpers(m, (int)info->depth + 1);
    if (m->user_fn)
        m->user_fn(m->user, info);
}

/*
 * A search that completed no iteration (stopped at once, out of time or
 * nodes in its first ply) still answers with a searched action: one full
 * ply and its quiescence, past every limit. That costs microseconds; with
 * `table_ok` 0 (a clear that a stop cut short) it uses a one-entry table
 * of its own.
 */
static void search_one_ply(seega_game *g, sg_search *s,
                           seega_search_result *res, int table_ok)
{
    sg_tt_entry own[1];
    sg_tt_entry *tt = s->tt;
    uint64_t mask = s->tt_mask;
    atomic_int no_stop;
    atomic_int *stop_flag = s->stop_flag;
    atomic_init(&no_stop, 0);
    if (!table_ok) {
        atomic_init(&own[0].check, 0);
        atomic_init(&own[0].data, 0);
        s->tt = own;
        s->tt_mask = 0;
    }
    s->stop_flag = &no_stop;
    s->node_limit = 0;
    s->deadline_ns = s->soft_deadline_ns = 0;
    s->shared = NULL;
    s->parts = 1;
    s->first_depth = s->max_depth = 1;
    s->stopped = 0;
    g->core->search(&g->pos, s, res, NULL, NULL);
    s->stop_flag = stop_flag;
    s->tt = tt;
    s->tt_mask = mask;
}

/* seega_search after its entry (see there): checks, set-up, search. */
static int32_t search_entered(seega_game *game,
                              const seega_search_limits *limits,
                              seega_search_result *result, int64_t start)
{
    sg_search *s;
    int32_t rc, threads;
    int64_t budget_ms = 0;
    int table_ok;
    smp m;
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
    if (game->core->outcome(&game->pos).result != SEEGA_ONGOING)
        return sg_fail(game, SEEGA_E_GAME_OVER,
                       "nothing to search: the game is over");
    threads = limits->threads > 1 ? limits->threads : 1;
    if ((rc = ensure_table(game, limits->tt_mb, threads)) != SEEGA_OK)
        return rc;

    s = game->search;
    /* A new generation makes the table's old entries invisible; every
     * SG_TT_GENS searches the table is cleared for real. */
    if (++s->gen >= SG_TT_GENS) {
        game->tt_dirty = 1;
        s->gen = 1;
    }
    table_ok = clear_table(game);
    s->r = &game->cr;
    s->nodes = 0;
    s->stopped = 0;
    s->node_limit = limits->nodes;
    if (LEVEL[limits->level].nodes &&
        (!s->node_limit || LEVEL[limits->level].nodes < s->node_limit))
        s->node_limit = LEVEL[limits->level].nodes;
    s->max_depth = LEVEL[limits->level].depth;
    if (limits->depth && limits->depth < s->max_depth)
        s->max_depth = limits->depth;
    s->first_depth = 1;
    s->shared = NULL;
    s->part = 0;
    s->parts = 1;
    s->noise = LEVEL[limits->level].noise;
    s->seed = limits->seed;
    memset(s->killers, 0, sizeof s->killers);
    memset(s->history, 0, sizeof s->history);
    /* Time: a fixed time, or a share of the clock (never more than a
     * third of what is left); no new iteration after half the budget.
     * In 64 bits: the limits are any int32_t. */
    s->deadline_ns = s->soft_deadline_ns = 0;
    if (limits->remaining_ms) {
        budget_ms = (int64_t)limits->remaining_ms / 25 +
                    (int64_t)limits->increment_ms * 3 / 4;
        if (budget_ms > limits->remaining_ms / 3)
            budget_ms = limits->remaining_ms / 3;
        if (budget_ms < 1)
            budget_ms = 1;
        s->soft_deadline_ns = start + budget_ms * 500000;
    }
    if (limits->time_ms && (!budget_ms || limits->time_ms < budget_ms))
        budget_ms = limits->time_ms;
    if (budget_ms)
        s->deadline_ns = start + budget_ms * 1000000;
    /* The positions before the root, for repetitions. */
    s->path_len = 0;
    for (size_t i = game->hist_len > HISTORY_HASHES
                        ? game->hist_len - HISTORY_HASHES
                        : 0;
         i < game->hist_len; i++)
        s->path[s->path_len++] = game->core->hash(&game->hist[i].before);
    s->stop_flag = &game->stop;
    s->halt_flag = NULL;
    atomic_store(&game->halt, 0);

    /* Lazy SMP: the helpers search the same iterations into the shared
     * table and hand each one they complete to the others (sg_shared);
     * the main thread (this one) alone reports, and halts them when it is
     * done. */
    if (threads > 1) {
        atomic_init(&m.shared.depth, 0);
        atomic_flag_clear(&m.shared.lock);
        m.shared.result.depth = 0;
        s->shared = &m.shared;
        s->parts = threads;
    }
    m.game = game;
    m.threads = threads;
    m.started = 0;
    m.start_ns = start;
    m.user_fn = limits->progress;
    m.user = limits->progress_user;
    result->depth = 0;
    if (table_ok && !atomic_load(&game->stop))
        game->core->search(&game->pos, s, result, smp_progress, &m);
    atomic_store(&game->halt, 1);
    for (int32_t i = 1; i <= m.started; i++) {
        pthread_join(m.tids[i], NULL);
        s->nodes += game->search[i].nodes;
    }
    if (result->depth == 0)
        search_one_ply(game, s, result, table_ok);
    result->nodes = s->nodes;
    result->time_ms = (uint64_t)((sg_now_ns() - start) / 1000000);
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
    atomic_store(&game->stop, 0);
    atomic_store(&game->searching, 1);
    rc = search_entered(game, limits, result, start);
    atomic_store(&game->searching, 0);
    return rc;
}

SEEGA_API void seega_search_stop(seega_game *game)
{
    if (game && atomic_load(&game->searching))
        atomic_store(&game->stop, 1);
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

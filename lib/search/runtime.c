/*
 * The search runtime of a game (search.h: sg_runtime): the
 * search block (one context per thread, then the transposition table,
 * allocated once per game, resized only when asked), the time budget,
 * the Lazy SMP helper threads, and the stop flag. The public functions
 * (api/search.c) check the arguments and call it.
 */
#include "search/search.h"
#include "core/util.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>

#define DEFAULT_TT_MB 16
#define MAX_THREADS SEEGA_THREADS_MAX
#define HISTORY_HASHES 128 /* earlier positions checked for repetitions */

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

void sg_runtime_init(sg_runtime *rt)
{
    rt->search = NULL;
    rt->search_bytes = 0;
    rt->tt_mb = 0;
    rt->search_threads = 0;
    rt->tt_dirty = 0;
    atomic_init(&rt->stop, 0);
    atomic_init(&rt->halt, 0);
    atomic_init(&rt->searching, 0);
}

void sg_runtime_free(sg_runtime *rt, seega_alloc_fn alloc, void *ud)
{
    if (rt->search)
        alloc(ud, rt->search, rt->search_bytes, 0);
}

/* `stop` is cleared before `searching` is set: see seega_search. */
void sg_runtime_enter(sg_runtime *rt)
{
    atomic_store(&rt->stop, 0);
    atomic_store(&rt->searching, 1);
}

void sg_runtime_leave(sg_runtime *rt)
{
    atomic_store(&rt->searching, 0);
}

void sg_runtime_stop(sg_runtime *rt)
{
    if (atomic_load(&rt->searching))
        atomic_store(&rt->stop, 1);
}

/* The entries of a table of tt_mb MiB: the largest power of two whose
 * bytes fit. In 64 bits: from 2048 MiB on, the bytes overflow a 32-bit
 * size_t. */
static uint64_t tt_entries(int32_t tt_mb)
{
    uint64_t entries = 1, room = (uint64_t)tt_mb << 20;
    while (entries * 2 * sizeof(sg_tt_entry) <= room)
        entries *= 2;
    return entries;
}

/* The search block: one context per thread, then the table. Allocated at
 * the first search and when tt_mb changes or more threads are asked for;
 * on failure the old block stays. A block over PTRDIFF_MAX bytes (a table
 * of 2048 MiB or more on a 32-bit target) is refused without asking the
 * allocator: no object may be that large. The contexts are zeroed here;
 * the table is cleared by clear_table, which a stop can cut short. */
int32_t sg_runtime_reserve(sg_runtime *rt, seega_alloc_fn alloc, void *ud,
                           int32_t tt_mb, int32_t threads, char *msg,
                           size_t cap)
{
    uint64_t entries, bytes, head;
    sg_search *s;
    if (tt_mb == 0)
        tt_mb = rt->search ? rt->tt_mb : DEFAULT_TT_MB;
    if (rt->search && tt_mb == rt->tt_mb && threads <= rt->search_threads)
        return SEEGA_OK;
    if (threads < rt->search_threads)
        threads = rt->search_threads;
    entries = tt_entries(tt_mb);
    head = (uint64_t)threads * sizeof(sg_search);
    head = (head + 63) & ~(uint64_t)63;
    bytes = head + entries * sizeof(sg_tt_entry);
    if (bytes > (uint64_t)PTRDIFF_MAX) {
        int32_t most = 1;
        while (most < SEEGA_TT_MB_MAX &&
               head + tt_entries(2 * most) * sizeof(sg_tt_entry) <=
                   (uint64_t)PTRDIFF_MAX)
            most *= 2;
        sg_format(msg, cap,
                  "out of memory: a %ld MiB transposition table is larger "
                  "than one block can be on this system (at most %ld MiB)",
                  (long)tt_mb, (long)most);
        return SEEGA_E_NOMEM;
    }
    s = (sg_search *)alloc(ud, NULL, 0, (size_t)bytes);
    if (!s) {
        sg_format(msg, cap,
                  "out of memory allocating a %ld MiB transposition table",
                  (long)tt_mb);
        return SEEGA_E_NOMEM;
    }
    if (rt->search)
        alloc(ud, rt->search, rt->search_bytes, 0);
    memset(s, 0, (size_t)head);
    for (int32_t i = 0; i < threads; i++) {
        s[i].tt = (sg_tt_entry *)(void *)((char *)s + head);
        s[i].tt_mask = entries - 1;
    }
    rt->search = s;
    rt->search_bytes = (size_t)bytes;
    rt->tt_mb = tt_mb;
    rt->search_threads = threads;
    rt->tt_dirty = 1;
    return SEEGA_OK;
}

/* Clear the table if it needs it, a slice at a time, giving up when a stop
 * is asked: clearing a large table takes a while (its pages are touched
 * for the first time), and a stop must not wait for it. 1 if the table is
 * clear. */
static int clear_table(sg_runtime *rt)
{
    const size_t slice = (size_t)1 << 20;
    size_t n = (size_t)(rt->search->tt_mask + 1) * sizeof(sg_tt_entry);
    char *tt = (char *)(void *)rt->search->tt;
    if (!rt->tt_dirty)
        return 1;
    for (size_t at = 0; at < n; at += slice) {
        if (atomic_load_explicit(&rt->stop, memory_order_relaxed))
            return 0;
        memset(tt + at, 0, n - at < slice ? n - at : slice);
    }
    rt->tt_dirty = 0;
    return 1;
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
    const sg_root *root;
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
    j->root->board->search(j->root->pos, j->ctx, &j->res, NULL, NULL);
    return NULL;
}

/* The threads of one search; the helpers start once the search shows it
 * is worth their start-up cost (see smp_progress). */
typedef struct smp {
    sg_runtime *rt;
    const sg_root *root;
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
    sg_runtime *rt = m->rt;
    sg_search *s = &rt->search[0];
    for (int32_t i = 1; i < m->threads; i++) {
        sg_search *h = &rt->search[i];
        sg_tt_entry *tt = h->tt;
        uint64_t mask = h->tt_mask;
        memcpy(h, s, offsetof(sg_search, nodes));
        h->tt = tt;
        h->tt_mask = mask;
        h->node_limit = 0;
        h->first_depth = depth;
        h->part = i;
        h->halt_flag = &rt->halt;
        h->nodes = 0;
        h->stopped = 0;
        memset(h->killers, 0, sizeof h->killers);
        memset(h->history, 0, sizeof h->history);
        m->jobs[i].root = m->root;
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
static void search_one_ply(const sg_root *root, sg_search *s,
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
    root->board->search(root->pos, s, res, NULL, NULL);
    s->stop_flag = stop_flag;
    s->tt = tt;
    s->tt_mask = mask;
}

/* A search of root with the block that sg_runtime_reserve made ready. */
void sg_runtime_run(sg_runtime *rt, const sg_root *root,
                    const seega_search_limits *limits, int32_t threads,
                    seega_search_result *result, int64_t start)
{
    sg_search *s;
    int64_t budget_ms = 0;
    int table_ok;
    smp m;
    s = rt->search;
    /* A new generation makes the table's old entries invisible; every
     * SG_TT_GENS searches the table is cleared for real. */
    if (++s->gen >= SG_TT_GENS) {
        rt->tt_dirty = 1;
        s->gen = 1;
    }
    table_ok = clear_table(rt);
    s->r = root->r;
    s->tb_probe = root->tb_probe;
    s->tb = root->tb;
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
    for (size_t i = root->hist_len > HISTORY_HASHES
                        ? root->hist_len - HISTORY_HASHES
                        : 0;
         i < root->hist_len; i++)
        s->path[s->path_len++] = root->board->hash(&root->hist[i].before);
    s->stop_flag = &rt->stop;
    s->halt_flag = NULL;
    atomic_store(&rt->halt, 0);

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
    m.rt = rt;
    m.root = root;
    m.threads = threads;
    m.started = 0;
    m.start_ns = start;
    m.user_fn = limits->progress;
    m.user = limits->progress_user;
    result->depth = 0;
    if (table_ok && !atomic_load(&rt->stop))
        root->board->search(root->pos, s, result, smp_progress, &m);
    atomic_store(&rt->halt, 1);
    for (int32_t i = 1; i <= m.started; i++) {
        pthread_join(m.tids[i], NULL);
        s->nodes += rt->search[i].nodes;
    }
    if (result->depth == 0)
        search_one_ply(root, s, result, table_ok);
    result->nodes = s->nodes;
    result->time_ms = (uint64_t)((sg_now_ns() - start) / 1000000);
}

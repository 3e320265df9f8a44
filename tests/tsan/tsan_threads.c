/*
 * Threads: many games and searches at once, for ThreadSanitizer.
 *
 * WORKERS threads each own their games (the API's rule: one game, one
 * thread at a time) and loop over everything a game can do: random
 * actions with undo, SPN reloads, clones, perft, playouts, the learning
 * interface, and searches on one thread and several (Lazy SMP), with and
 * without limits, some stopped by their own progress callback. A stopper
 * thread meanwhile calls seega_search_stop on the workers' long-lived
 * search games, over and over, from outside; searches without any limit
 * rely on it to end. Functions that take no game (presets, validation,
 * status texts) are called from every thread.
 *
 * Besides the sanitizer's verdict (run under -fsanitize=thread, any race
 * fails the test: TSAN_OPTIONS=halt_on_error=1), it checks that games do
 * not interfere: a single-threaded, depth-limited search gives the same
 * result on every thread as on the main thread before the workers start;
 * every search leaves its game's SPN and history unchanged and answers a
 * legal action; stopped searches end.
 *
 * SEEGA_STRESS_ROUNDS (default 10) sets the rounds per worker.
 *
 * SPDX-License-Identifier: MIT
 */
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <pthread.h>
#include <seega.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WORKERS 4

static atomic_int g_failures;
static atomic_int g_done;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                    \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
            atomic_fetch_add(&g_failures, 1);                                  \
        }                                                                      \
    } while (0)

/* Positions searched by every thread and by the main thread. */
static const struct {
    int32_t variant, size;
    const char *spn;
} POSITIONS[] = {
    {SEEGA_CLASSIC, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"},
    {SEEGA_MODERN, 5, "5/2ox1/xx3/5/5 x 0 0 0 -"},
    {SEEGA_DIAGONAL, 5, "o4/x3x/1o1o1/xo3/3xo x 0 0 12 -"},
    {SEEGA_TRADITIONAL, 5, "ooxoo/oxxxo/o2xx/oxxoo/oxxox o 0 0 0 *"},
    {SEEGA_CLASSIC, 7, "7/7/7/7/3x3/7/7 x 23 24 0 +"},
};
#define NPOS (sizeof POSITIONS / sizeof POSITIONS[0])

static seega_search_result g_baseline[NPOS];

/* The search games, published for the stopper. */
static _Atomic(seega_game *) g_search_games[WORKERS];

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static seega_game *game_at(int32_t variant, int32_t size, const char *spn)
{
    seega_rules r;
    seega_game *g = NULL;
    if (seega_rules_preset(&r, variant, size) != SEEGA_OK ||
        seega_new(&r, &g) != SEEGA_OK)
        return NULL;
    if (spn && seega_set_spn(g, spn) != SEEGA_OK) {
        seega_free(g);
        return NULL;
    }
    return g;
}

static int is_legal(const seega_game *g, seega_action a)
{
    seega_action acts[SEEGA_MAX_ACTIONS];
    int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
    for (int32_t i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    return 0;
}

static int32_t deterministic_search(seega_game *g, seega_search_result *res)
{
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    l.depth = 4;
    l.tt_mb = 1;
    memset(res, 0, sizeof *res);
    res->version = SEEGA_SEARCH_RESULT_VERSION;
    return seega_search(g, &l, res);
}

/* Progress callback: stop after the second iteration. */
static void stop_on_progress(void *user, const seega_search_result *info)
{
    if (info->depth >= 2)
        seega_search_stop((seega_game *)user);
}

typedef struct worker {
    int id;
    int rounds;
    uint64_t rng;
    long searches, actions;
} worker;

/* Random actions with undo and reloads, on a game owned by this thread. */
static void play_around(worker *w, seega_game *g)
{
    seega_action acts[SEEGA_MAX_ACTIONS];
    char spn[SEEGA_SPN_MAX], again[SEEGA_SPN_MAX];
    for (int i = 0; i < 150 && seega_result(g, NULL) == SEEGA_ONGOING; i++) {
        int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
        uint64_t x = rng_next(&w->rng);
        CHECK(n > 0, "no legal action in an ongoing game");
        if (n <= 0)
            return;
        CHECK(seega_play(g, acts[x % (uint64_t)n]) == SEEGA_OK, "play");
        w->actions++;
        if ((x >> 20) % 7 == 0) {
            CHECK(seega_undo(g) == SEEGA_OK, "undo");
        } else if ((x >> 20) % 11 == 0) {
            CHECK(seega_get_spn(g, spn, sizeof spn) > 0, "get_spn");
            CHECK(seega_set_spn(g, spn) == SEEGA_OK, "set_spn %s", spn);
            CHECK(seega_get_spn(g, again, sizeof again) > 0 &&
                      strcmp(spn, again) == 0,
                  "round trip");
        }
    }
}

static void other_calls(worker *w, seega_game *g)
{
    seega_game *c = NULL;
    seega_playout_stats st;
    uint64_t count;
    uint8_t buf[SEEGA_OBS_PLANES * 81];
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    CHECK(seega_clone(g, &c) == SEEGA_OK, "clone");
    if (c) {
        play_around(w, c);
        seega_free(c);
    }
    CHECK(seega_perft(g, 2, &count) == SEEGA_OK, "perft");
    st.version = SEEGA_PLAYOUT_STATS_VERSION;
    CHECK(seega_playouts(g, rng_next(&w->rng), 20, 300, &st) == SEEGA_OK,
          "playouts");
    CHECK(seega_legal_mask(g, buf, sizeof buf) >= 0, "legal_mask");
    CHECK(seega_observation(g, buf, sizeof buf) > 0, "observation");
    /* functions without a game, from every thread */
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        CHECK(seega_rules_preset(&r, v, 9) == SEEGA_OK, "preset");
        CHECK(seega_rules_validate(&r, msg, sizeof msg) == SEEGA_OK, "validate");
    }
    CHECK(seega_status_text(SEEGA_E_NOMEM)[0] != '\0', "status text");
    CHECK(seega_version_number() == SEEGA_VERSION_NUMBER, "version");
}

/* One search on the long-lived search game; the stopper may stop it. */
static void search_once(worker *w, seega_game *sg, int kind)
{
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result res;
    char before[SEEGA_SPN_MAX], after[SEEGA_SPN_MAX];
    int32_t hist = seega_history_length(sg), rc;
    uint64_t x = rng_next(&w->rng);
    l.tt_mb = 1 + (int32_t)(x % 3);
    l.seed = x;
    switch (kind) {
    case 0: /* no limit at all: only the stopper ends it */
        l.threads = 1 + (int32_t)((x >> 8) % 3);
        break;
    case 1: /* a time limit, several threads */
        l.time_ms = 30;
        l.threads = 2 + (int32_t)((x >> 8) % 3);
        break;
    case 2: /* stopped by its own progress callback */
        l.progress = stop_on_progress;
        l.progress_user = sg;
        l.threads = 1 + (int32_t)((x >> 8) % 2);
        break;
    default: /* node limit, a weaker level */
        l.nodes = 20000;
        l.level = 1 + (int32_t)((x >> 8) % 3);
        l.threads = 2;
        break;
    }
    memset(&res, 0, sizeof res);
    res.version = SEEGA_SEARCH_RESULT_VERSION;
    CHECK(seega_get_spn(sg, before, sizeof before) > 0, "get_spn");
    rc = seega_search(sg, &l, &res);
    w->searches++;
    CHECK(rc == SEEGA_OK, "search kind %d: %d %s", kind, (int)rc,
          seega_last_error(sg));
    CHECK(seega_get_spn(sg, after, sizeof after) > 0 &&
              strcmp(before, after) == 0 && seega_history_length(sg) == hist,
          "search changed the game");
    CHECK(is_legal(sg, res.best), "search kind %d: best 0x%08x not legal in %s",
          kind, (unsigned)res.best, before);
}

static void *worker_main(void *arg)
{
    worker *w = (worker *)arg;
    seega_game *sg = game_at(SEEGA_CLASSIC, 7, NULL);
    CHECK(sg != NULL, "new");
    if (!sg)
        return NULL;
    /* a position with moves to think about */
    for (int i = 0; i < 10; i++) {
        seega_action acts[SEEGA_MAX_ACTIONS];
        int32_t n = seega_legal_moves(sg, acts, SEEGA_MAX_ACTIONS);
        seega_play(sg, acts[rng_next(&w->rng) % (uint64_t)n]);
    }
    atomic_store(&g_search_games[w->id], sg);

    for (int round = 0; round < w->rounds; round++) {
        /* games of every preset and size, owned by this thread */
        for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
            int32_t size = 5 + 2 * (int32_t)(rng_next(&w->rng) % 3);
            seega_game *g = game_at(v, size, NULL);
            CHECK(g != NULL, "new");
            if (!g)
                continue;
            play_around(w, g);
            other_calls(w, g);
            seega_free(g);
        }
        /* the deterministic searches agree with the main thread's */
        for (size_t p = 0; p < NPOS; p++) {
            seega_search_result res;
            seega_game *g = game_at(POSITIONS[p].variant, POSITIONS[p].size,
                                    POSITIONS[p].spn);
            CHECK(g != NULL, "position %lu", (unsigned long)p);
            if (!g)
                continue;
            CHECK(deterministic_search(g, &res) == SEEGA_OK, "search");
            CHECK(res.best == g_baseline[p].best &&
                      res.score == g_baseline[p].score &&
                      res.depth == g_baseline[p].depth &&
                      res.nodes == g_baseline[p].nodes,
                  "thread %d, position %lu: best 0x%08x score %d nodes %llu, "
                  "main thread 0x%08x %d %llu",
                  w->id, (unsigned long)p, (unsigned)res.best, (int)res.score,
                  (unsigned long long)res.nodes, (unsigned)g_baseline[p].best,
                  (int)g_baseline[p].score,
                  (unsigned long long)g_baseline[p].nodes);
            w->searches++;
            seega_free(g);
        }
        for (int kind = 0; kind < 4; kind++)
            search_once(w, sg, kind);
    }
    return NULL;
}

/* Stop the workers' search games, again and again, until they finish. */
static void *stopper_main(void *arg)
{
    struct timespec pause = {0, 5 * 1000000};
    long *stops = (long *)arg;
    while (!atomic_load(&g_done)) {
        for (int i = 0; i < WORKERS; i++) {
            seega_game *g = atomic_load(&g_search_games[i]);
            if (g) {
                seega_search_stop(g);
                (*stops)++;
            }
        }
        nanosleep(&pause, NULL);
    }
    return NULL;
}

int main(void)
{
    pthread_t tids[WORKERS], stopper;
    worker w[WORKERS];
    long stops = 0, searches = 0, actions = 0;
    int rounds = 10;
    const char *env = getenv("SEEGA_STRESS_ROUNDS");
    if (env && atoi(env) > 0)
        rounds = atoi(env);

    for (size_t p = 0; p < NPOS; p++) {
        seega_game *g = game_at(POSITIONS[p].variant, POSITIONS[p].size,
                                POSITIONS[p].spn);
        if (!g || deterministic_search(g, &g_baseline[p]) != SEEGA_OK) {
            fprintf(stderr, "baseline search %lu failed\n", (unsigned long)p);
            return 1;
        }
        seega_free(g);
    }
    if (pthread_create(&stopper, NULL, stopper_main, &stops) != 0)
        return 1;
    for (int i = 0; i < WORKERS; i++) {
        w[i].id = i;
        w[i].rounds = rounds;
        w[i].rng = 0x1234567ULL * (uint64_t)(i + 1);
        w[i].searches = w[i].actions = 0;
        if (pthread_create(&tids[i], NULL, worker_main, &w[i]) != 0)
            return 1;
    }
    for (int i = 0; i < WORKERS; i++) {
        pthread_join(tids[i], NULL);
        searches += w[i].searches;
        actions += w[i].actions;
    }
    atomic_store(&g_done, 1);
    pthread_join(stopper, NULL);
    for (int i = 0; i < WORKERS; i++)
        seega_free(atomic_load(&g_search_games[i]));
    printf("%d threads x %d rounds: %ld searches, %ld actions, %ld stops, "
           "%d failures\n",
           WORKERS, rounds, searches, actions, stops,
           atomic_load(&g_failures));
    return atomic_load(&g_failures) ? 1 : 0;
}

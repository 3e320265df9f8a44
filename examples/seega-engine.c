/*
 * seega-engine: libseega behind a line protocol in the spirit of UCI, for
 * GUIs, tournament managers and scripts. The protocol is described in
 * docs/engine.md; in short:
 *
 *   seega                       handshake: id lines, options, "seegaok"
 *   isready                     "readyok" (answered at once, also mid-search)
 *   setoption name N value V    Level, Threads, Hash, Seed
 *   rules <rules text>          e.g. "rules modern 7", "rules classic 5
 *                               quiet_limit=100": a new game
 *   newgame                     the start position of the current rules
 *   position startpos [moves a b ...]
 *   position spn <SPN> [moves a b ...]
 *   go [depth N] [nodes N] [movetime MS] [infinite]
 *      [xtime MS] [otime MS] [xinc MS] [oinc MS]
 *                               search on a thread: "info ..." lines, then
 *                               "bestmove <action>"
 *   stop                        end the search now (bestmove follows)
 *   legal                       "legal <actions...>"
 *   perft N                     "perft depth N nodes C time MS"
 *   show                        the board, "spn ...", "result ..."
 *   quit
 *
 * Errors are answered with one line "error <message>"; the state is then
 * unchanged. Only the public API of libseega is used.
 */
#define _POSIX_C_SOURCE 200809L
#include <seega.h>

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LINE_MAX_LEN 8192

typedef struct engine {
    seega_game *game;
    seega_rules rules;
    char rules_text[SEEGA_RULES_TEXT_MAX];
    /* options */
    int32_t level, threads, hash_mb;
    uint64_t seed;
    /* the search thread */
    pthread_t thread;
    int running;  /* a thread was started and not yet joined (main only) */
    int infinite; /* the running search waits for stop before bestmove */
    seega_search_limits limits;
    double start;
    pthread_mutex_t lock; /* guards the fields below, and standard output */
    pthread_cond_t stopped_cond;
    int stop_requested;
    int finished;        /* the search thread has printed bestmove */
    uint64_t info_nodes; /* nodes of the last info line (search thread) */
    int32_t info_depth;
} engine;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Print one line, whole, with the lock held by the caller or not. */
static void out_locked(const char *fmt, va_list ap)
{
    vprintf(fmt, ap);
    putchar('\n');
    fflush(stdout);
}

static void out(engine *e, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&e->lock);
    va_start(ap, fmt);
    out_locked(fmt, ap);
    va_end(ap);
    pthread_mutex_unlock(&e->lock);
}

/* ---- the search thread --------------------------------------------------- */

static void format_score(const seega_search_result *r, char *buf, size_t cap)
{
    if (r->proven == SEEGA_PROVEN_WIN)
        snprintf(buf, cap, "win %d", (int)r->proven_plies);
    else if (r->proven == SEEGA_PROVEN_LOSS)
        snprintf(buf, cap, "loss %d", (int)r->proven_plies);
    else if (r->proven == SEEGA_PROVEN_DRAW)
        snprintf(buf, cap, "draw");
    else
        snprintf(buf, cap, "cp %d", (int)r->score);
}

/* One "info" line for a result. */
static void print_info(engine *e, const seega_search_result *r)
{
    char line[64 + SEEGA_PV_MAX * SEEGA_ACTION_TEXT_MAX], score[32];
    char text[SEEGA_ACTION_TEXT_MAX];
    uint64_t ms = (uint64_t)((now_s() - e->start) * 1000.0);
    size_t len;
    e->info_nodes = r->nodes;
    e->info_depth = r->depth;
    format_score(r, score, sizeof score);
    len = (size_t)snprintf(
        line, sizeof line,
        "info depth %d score %s nodes %llu time %llu nps "
        "%llu pv",
        (int)r->depth, score, (unsigned long long)r->nodes,
        (unsigned long long)ms,
        (unsigned long long)(ms ? r->nodes * 1000 / ms : r->nodes));
    for (int32_t i = 0; i < r->pv_len && i < SEEGA_PV_MAX; i++) {
        /* Allowed from the progress callback: it reads the board size. */
        if (seega_action_to_text(e->game, r->pv[i], text, sizeof text) < 0)
            break;
        len += (size_t)snprintf(line + len, sizeof line - len, " %s", text);
    }
    out(e, "%s", line);
}

static void on_progress(void *user, const seega_search_result *info)
{
    engine *e = user;
    int stop;
    print_info(e, info);
    pthread_mutex_lock(&e->lock);
    stop = e->stop_requested;
    pthread_mutex_unlock(&e->lock);
    /* A stop that came before the search had started is caught here. */
    if (stop)
        seega_search_stop(e->game);
}

static void *search_main(void *arg)
{
    engine *e = arg;
    seega_search_result r;
    char best[SEEGA_ACTION_TEXT_MAX] = "none";
    int32_t rc;
    memset(&r, 0, sizeof r);
    r.version = SEEGA_SEARCH_RESULT_VERSION;
    rc = seega_search(e->game, &e->limits, &r);
    if (rc == SEEGA_OK) {
        /* The last iteration was reported, unless the search stopped in
         * the middle of the next one. */
        if (r.nodes != e->info_nodes || r.depth != e->info_depth)
            print_info(e, &r);
        seega_action_to_text(e->game, r.best, best, sizeof best);
    } else {
        out(e, "error search: %s", seega_last_error(e->game));
    }
    pthread_mutex_lock(&e->lock);
    /* After "go infinite", bestmove waits for stop (as in UCI). */
    while (e->infinite && !e->stop_requested)
        pthread_cond_wait(&e->stopped_cond, &e->lock);
    printf("bestmove %s\n", best);
    fflush(stdout);
    e->finished = 1;
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* Wait for the search thread, if any, after asking it to stop (or not). */
static void finish_search(engine *e, int stop)
{
    if (!e->running)
        return;
    if (stop) {
        pthread_mutex_lock(&e->lock);
        e->stop_requested = 1;
        pthread_cond_broadcast(&e->stopped_cond);
        pthread_mutex_unlock(&e->lock);
        seega_search_stop(e->game);
    }
    pthread_join(e->thread, NULL);
    e->running = 0;
}

/* ---- commands ------------------------------------------------------------ */

/* The next word of *p (split in place), or NULL at the end. */
static char *next_word(char **p)
{
    char *s = *p, *w;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s) {
        *p = s;
        return NULL;
    }
    w = s;
    while (*s && *s != ' ' && *s != '\t')
        s++;
    if (*s)
        *s++ = '\0';
    *p = s;
    return w;
}

static int word_is(const char *w, const char *name)
{
    for (; *w && *name; w++, name++) {
        char c = *w >= 'A' && *w <= 'Z' ? (char)(*w - 'A' + 'a') : *w;
        if (c != *name)
            return 0;
    }
    return *w == *name;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    unsigned long long v;
    if (!s || *s == '-')
        return -1;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno || end == s || *end)
        return -1;
    *out = v;
    return 0;
}

static int parse_i32(const char *s, int32_t lo, int32_t hi, int32_t *out)
{
    uint64_t v;
    if (parse_u64(s, &v) || v < (uint64_t)lo || v > (uint64_t)hi)
        return -1;
    *out = (int32_t)v;
    return 0;
}

static void cmd_hello(engine *e)
{
    int32_t v = seega_version_number();
    out(e, "id name seega-engine %s", SEEGA_VERSION_STRING);
    out(e, "id author the libseega authors");
    out(e, "id library %d.%d.%d", (int)(v / 10000), (int)(v / 100 % 100),
        (int)(v % 100));
    out(e, "protocol 1");
    out(e, "option name Level type spin default 0 min 0 max 3");
    out(e, "option name Threads type spin default 1 min 1 max 64");
    out(e, "option name Hash type spin default 16 min 1 max 16384");
    out(e, "option name Seed type spin default 0 min 0 max "
           "18446744073709551615");
    out(e, "seegaok");
}

static void cmd_setoption(engine *e, char *rest)
{
    char *w = next_word(&rest), *name, *value;
    int32_t v;
    uint64_t u;
    if (!w || !word_is(w, "name") || !(name = next_word(&rest)) ||
        !(w = next_word(&rest)) || !word_is(w, "value") ||
        !(value = next_word(&rest))) {
        out(e, "error setoption: expected 'setoption name <Name> value "
               "<Value>'");
        return;
    }
    if (word_is(name, "level")) {
        if (parse_i32(value, 0, 3, &v))
            goto range;
        e->level = v;
    } else if (word_is(name, "threads")) {
        if (parse_i32(value, 1, 64, &v))
            goto range;
        e->threads = v;
    } else if (word_is(name, "hash")) {
        if (parse_i32(value, 1, 16384, &v))
            goto range;
        e->hash_mb = v;
    } else if (word_is(name, "seed")) {
        if (parse_u64(value, &u))
            goto range;
        e->seed = u;
    } else {
        out(e,
            "error setoption: unknown option '%.40s' (Level, Threads, "
            "Hash, Seed)",
            name);
    }
    return;
range:
    out(e,
        "error setoption: bad value '%.40s' for %.40s (see the option "
        "lines of 'seega')",
        value, name);
}

/* A new game with the current rules; 0 on success. */
static int new_game(engine *e, const seega_rules *r)
{
    seega_game *g;
    if (seega_new(r, &g) != SEEGA_OK) {
        out(e, "error cannot create a game");
        return -1;
    }
    seega_free(e->game);
    e->game = g;
    e->rules = *r;
    seega_rules_to_text(r, e->rules_text, sizeof e->rules_text);
    return 0;
}

static void cmd_rules(engine *e, char *rest)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    if (seega_rules_from_text(rest, &r, msg, sizeof msg) != SEEGA_OK) {
        out(e, "error rules: %s", msg);
        return;
    }
    new_game(e, &r);
}

/* Play the words of rest as actions on g; 0, or -1 after an error line. */
static int play_words(engine *e, seega_game *g, char *rest)
{
    for (char *w; (w = next_word(&rest)) != NULL;) {
        seega_action a;
        if (seega_action_from_text(g, w, &a) != SEEGA_OK ||
            seega_play(g, a) != SEEGA_OK) {
            out(e, "error position: move '%.20s': %s", w, seega_last_error(g));
            return -1;
        }
    }
    return 0;
}

static void cmd_position(engine *e, char *rest)
{
    char spn[SEEGA_SPN_MAX * 2] = "", *w = next_word(&rest), *f;
    size_t n = 0;
    int has_moves = 0;
    seega_game *check;
    if (!w || (!word_is(w, "startpos") && !word_is(w, "spn"))) {
        out(e, "error position: expected 'position startpos [moves ...]' or "
               "'position spn <SPN> [moves ...]'");
        return;
    }
    /* The words up to "moves" make the SPN; rest then holds the moves. */
    while ((f = next_word(&rest)) != NULL) {
        if (word_is(f, "moves")) {
            has_moves = 1;
            break;
        }
        if (word_is(w, "startpos")) {
            out(e, "error position: only 'moves' may follow 'startpos'");
            return;
        }
        n += (size_t)snprintf(spn + n, n < sizeof spn ? sizeof spn - n : 0,
                              "%s%s", n ? " " : "", f);
    }
    if (word_is(w, "spn") && (n == 0 || n >= sizeof spn)) {
        out(e, "error position: %s",
            n ? "the SPN is too long" : "the SPN is missing");
        return;
    }
    /* Check everything on a scratch game first: all or nothing. */
    if (seega_new(&e->rules, &check) != SEEGA_OK) {
        out(e, "error cannot create a game");
        return;
    }
    if (!spn[0])
        seega_get_spn(check, spn, sizeof spn); /* the start position */
    if (seega_set_spn(check, spn) != SEEGA_OK) {
        out(e, "error position: %s", seega_last_error(check));
    } else if (!has_moves || play_words(e, check, rest) == 0) {
        /* Then on the engine's own game, which keeps its search table. */
        int32_t len = seega_history_length(check);
        seega_set_spn(e->game, spn);
        for (int32_t i = 0; i < len; i++) {
            seega_action a;
            seega_history_action(check, i, &a);
            if (seega_play(e->game, a) != SEEGA_OK) {
                out(e, "error position: %s", seega_last_error(e->game));
                break;
            }
        }
    }
    seega_free(check);
}

static void cmd_go(engine *e, char *rest)
{
    seega_search_limits *l = &e->limits;
    int32_t side = seega_to_move(e->game), v;
    int infinite = 0, any = 0;
    uint64_t u;
    seega_search_limits_init(l);
    l->level = e->level;
    l->threads = e->threads;
    l->tt_mb = e->hash_mb;
    l->seed = e->seed;
    for (char *w; (w = next_word(&rest)) != NULL;) {
        char *val = NULL;
        if (word_is(w, "infinite")) {
            infinite = 1;
            continue;
        }
        if (!word_is(w, "depth") && !word_is(w, "nodes") &&
            !word_is(w, "movetime") && !word_is(w, "xtime") &&
            !word_is(w, "otime") && !word_is(w, "xinc") &&
            !word_is(w, "oinc")) {
            out(e,
                "error go: unknown word '%.20s' (depth, nodes, movetime, "
                "infinite, xtime, otime, xinc, oinc)",
                w);
            return;
        }
        val = next_word(&rest);
        if (word_is(w, "nodes")) {
            if (parse_u64(val, &u) || u == 0)
                goto bad;
            l->nodes = u;
            any = 1;
            continue;
        }
        if (parse_i32(val,
                      word_is(w, "depth") || word_is(w, "movetime") ? 1 : 0,
                      word_is(w, "depth") ? SEEGA_MAX_DEPTH : INT32_MAX, &v))
            goto bad;
        if (word_is(w, "depth")) {
            l->depth = v;
            any = 1;
        } else if (word_is(w, "movetime")) {
            l->time_ms = v;
            any = 1;
        } else if (word_is(w, "xtime") || word_is(w, "otime")) {
            if ((side == SEEGA_X) == word_is(w, "xtime"))
                l->remaining_ms = v > 0 ? v : 1;
            any = 1;
        } else if ((side == SEEGA_X) == word_is(w, "xinc")) {
            l->increment_ms = v;
        }
        continue;
    bad:
        out(e, "error go: bad value '%.20s' for %s", val ? val : "", w);
        return;
    }
    if (!any)
        infinite = 1; /* a bare "go" searches until "stop" */
    if (seega_result(e->game, NULL) != SEEGA_ONGOING) {
        out(e, "info string the game is over");
        out(e, "bestmove none");
        return;
    }
    if (infinite) {
        l->depth = 0;
        l->nodes = 0;
        l->time_ms = 0;
        l->remaining_ms = 0;
    }
    l->progress = on_progress;
    l->progress_user = e;
    e->infinite = infinite;
    e->stop_requested = 0;
    e->finished = 0;
    e->info_nodes = 0;
    e->info_depth = -1;
    e->start = now_s();
    if (pthread_create(&e->thread, NULL, search_main, e) != 0) {
        out(e, "error go: cannot start the search thread");
        return;
    }
    e->running = 1;
}

static void cmd_legal(engine *e)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    char line[16 + SEEGA_MAX_ACTIONS * SEEGA_ACTION_TEXT_MAX] = "legal";
    char text[SEEGA_ACTION_TEXT_MAX];
    size_t len = 5;
    int32_t n = seega_legal_moves(e->game, list, SEEGA_MAX_ACTIONS);
    for (int32_t i = 0; i < n; i++) {
        seega_action_to_text(e->game, list[i], text, sizeof text);
        len += (size_t)snprintf(line + len, sizeof line - len, " %s", text);
    }
    out(e, "%s", line);
}

static void cmd_perft(engine *e, char *rest)
{
    int32_t depth;
    uint64_t count;
    double t;
    if (parse_i32(next_word(&rest), 0, 64, &depth)) {
        out(e, "error perft: expected 'perft <depth>' with depth 0..64");
        return;
    }
    t = now_s();
    if (seega_perft(e->game, depth, &count) != SEEGA_OK) {
        out(e, "error perft: %s", seega_last_error(e->game));
        return;
    }
    out(e, "perft depth %d nodes %llu time %llu", (int)depth,
        (unsigned long long)count,
        (unsigned long long)((now_s() - t) * 1000.0));
}

static void cmd_show(engine *e)
{
    static const char *const results[] = {"*", "1-0", "0-1", "1/2-1/2"};
    static const char *const reasons[] = {"", " material", " blocked", " quiet",
                                          " both_blocked"};
    int n = seega_board_size(e->game);
    char row[64], spn[SEEGA_SPN_MAX];
    int32_t reason, result = seega_result(e->game, &reason);
    for (int rank = n - 1; rank >= 0; rank--) {
        int len = snprintf(row, sizeof row, "board %d", rank + 1);
        for (int f = 0; f < n; f++) {
            int sq = rank * n + f, p = seega_piece_at(e->game, sq);
            len += snprintf(row + len, sizeof row - (size_t)len, " %c",
                            p == SEEGA_X      ? 'x'
                            : p == SEEGA_O    ? 'o'
                            : sq == n * n / 2 ? '+'
                                              : '.');
        }
        out(e, "%s", row);
    }
    {
        int len = snprintf(row, sizeof row, "board  ");
        for (int f = 0; f < n; f++)
            len +=
                snprintf(row + len, sizeof row - (size_t)len, " %c", 'a' + f);
        out(e, "%s", row);
    }
    seega_get_spn(e->game, spn, sizeof spn);
    out(e, "spn %s", spn);
    out(e, "rules %s", e->rules_text);
    out(e, "tomove %s", seega_to_move(e->game) == SEEGA_X ? "x" : "o");
    out(e, "result %s%s", results[result], reasons[reason]);
}

/* ---- main ---------------------------------------------------------------- */

int main(void)
{
    static engine eng;
    engine *e = &eng;
    seega_rules r;
    char line[LINE_MAX_LEN];

    setvbuf(stdout, NULL, _IOLBF, 0);
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->stopped_cond, NULL);
    e->threads = 1;
    e->hash_mb = 16;
    seega_rules_preset(&r, SEEGA_CLASSIC, 5);
    if (new_game(e, &r) != 0)
        return 1;

    while (fgets(line, sizeof line, stdin)) {
        char *rest = line, *cmd;
        size_t n = strlen(line);
        if (n == sizeof line - 1 && line[n - 1] != '\n') {
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            out(e, "error line too long (at most %d characters)",
                LINE_MAX_LEN - 2);
            continue;
        }
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (!(cmd = next_word(&rest)))
            continue;
        /* These three are answered at once, also during a search. */
        if (word_is(cmd, "isready")) {
            out(e, "readyok");
            continue;
        }
        if (word_is(cmd, "stop")) {
            finish_search(e, 1);
            continue;
        }
        if (word_is(cmd, "quit"))
            break;
        /* Anything else waits for a search to end; an infinite one only
         * ends with stop. */
        if (e->running) {
            int waiting_forever;
            pthread_mutex_lock(&e->lock);
            waiting_forever = e->infinite && !e->finished;
            pthread_mutex_unlock(&e->lock);
            if (waiting_forever) {
                out(e, "error busy: an infinite search is running (send "
                       "stop first)");
                continue;
            }
            finish_search(e, 0);
        }
        if (word_is(cmd, "seega"))
            cmd_hello(e);
        else if (word_is(cmd, "setoption"))
            cmd_setoption(e, rest);
        else if (word_is(cmd, "rules"))
            cmd_rules(e, rest);
        else if (word_is(cmd, "newgame"))
            new_game(e, &e->rules);
        else if (word_is(cmd, "position"))
            cmd_position(e, rest);
        else if (word_is(cmd, "go"))
            cmd_go(e, rest);
        else if (word_is(cmd, "legal"))
            cmd_legal(e);
        else if (word_is(cmd, "perft"))
            cmd_perft(e, rest);
        else if (word_is(cmd, "show"))
            cmd_show(e);
        else
            out(e, "error unknown command '%.40s'", cmd);
    }
    finish_search(e, 1);
    seega_free(e->game);
    pthread_cond_destroy(&e->stopped_cond);
    pthread_mutex_destroy(&e->lock);
    return 0;
}

/*
 * seega-engine: libseega behind a line protocol in the spirit of UCI, for
 * GUIs, tournament managers and scripts. The protocol is described in
 * docs/engine.md; in short:
 *
 *   seega                       handshake: id lines, options, "seegaok"
 *   isready                     "readyok" (answered at once, also mid-search)
 *   setoption name N value V    Level, Threads, Hash, Seed, Tables
 *   rules <rules text>          e.g. "rules modern 7", "rules classic 5
 *                               quiet_limit=100": a new game
 *   newgame                     the start position of the current rules
 *   position startpos [moves a b ...]
 *   position spn <SPN> [moves a b ...]
 *   go [depth N] [nodes N] [movetime MS] [infinite]
 *      [xtime MS] [otime MS] [xinc MS] [oinc MS]
 *                               search on a thread: "info ..." lines, then
 *                               "bestmove <action>"
 *   stop                        end the search or perft now
 *   legal                       "legal <actions...>"
 *   perft N                     on a thread too: "perft depth N nodes C
 *                               time MS"
 *   show                        the board, "spn ...", "result ..."
 *   quit
 *
 * Errors are answered with one line "error <message>"; the state is then
 * unchanged. Only the public API of libseega is used.
 *
 * `seega-engine --tables DIR` (or the option Tables) attaches the endgame
 * tables of the rules in DIR (made by seega-tb) to the game, so that the
 * search plays the positions they hold perfectly.
 *
 * Three threads: a reader that only reads lines into a queue, so that the
 * input is always read; the main thread, which runs the commands; and a
 * worker for the current job (a search or a perft). While a job runs,
 * isready, stop and quit are handled as soon as they are read; other
 * commands wait for the job's end in a list of their own (or are refused
 * during a search that only ends with stop).
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
/* Commands waiting for a job to end, at most. */
#define WAITING_MAX 1000

enum { JOB_NONE, JOB_SEARCH, JOB_PERFT };
enum { ITEM_LINE, ITEM_TOO_LONG, ITEM_EOF };

/* A line read, in the input queue or the list of waiting commands. */
typedef struct item {
    struct item *next;
    int kind;
    char text[];
} item;

typedef struct item_list {
    item *head, *tail;
    int count;
} item_list;

typedef struct engine {
    seega_game *game;
    seega_rules rules;
    char rules_text[SEEGA_RULES_TEXT_MAX];
    /* endgame tables: the directory ("" for none) and the tables of the
     * rules there, attached to game */
    char tables_dir[LINE_MAX_LEN];
    seega_tablebase *tb;
    const char *tables_default; /* --tables, the option's default, or "" */
    /* options */
    int32_t level, threads, hash_mb;
    uint64_t seed;
    /* the worker thread (main only, but for what the worker reads) */
    pthread_t thread;
    int job;      /* JOB_*: a worker was started and not yet joined */
    int infinite; /* the running search waits for stop before bestmove */
    seega_search_limits limits;
    int32_t perft_depth;
    double start;
    item_list waiting; /* commands read during a job, run after it */
    pthread_mutex_t lock; /* guards the fields below, and standard output */
    pthread_cond_t stopped_cond; /* stop_requested set (search thread) */
    pthread_cond_t wake;         /* input read, or a job finished (main) */
    item_list input;             /* lines read and not yet taken (reader) */
    int stop_requested;
    int finished;        /* the worker has printed its last line */
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
    pthread_cond_broadcast(&e->wake);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* ---- perft on the worker thread ------------------------------------------ */

/*
 * seega_perft cannot be interrupted, so the worker splits the count: it
 * plays the first plies itself (on a clone of the game) and calls
 * seega_perft for the subtrees of `leaf` plies, checking for stop between
 * two calls. `leaf` adapts so that one call takes a few milliseconds to a
 * few tens: a stop is answered within a fraction of a second.
 */
typedef struct perft_job {
    engine *e;
    seega_game *g;
    int32_t leaf;
    uint64_t count;
} perft_job;

static int stop_asked(engine *e)
{
    int stop;
    pthread_mutex_lock(&e->lock);
    stop = e->stop_requested;
    pthread_mutex_unlock(&e->lock);
    return stop;
}

/* Add the count of depth plies from j->g to j->count; -1 when stopped or
 * failed (the message in j->g). */
static int perft_split(perft_job *j, int32_t depth)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    int32_t n;
    if (stop_asked(j->e))
        return -1;
    if (depth <= j->leaf) {
        uint64_t c;
        double t = now_s(), dt;
        if (seega_perft(j->g, depth, &c) != SEEGA_OK)
            return -1;
        j->count += c;
        dt = now_s() - t;
        if (depth == j->leaf && dt < 0.002)
            j->leaf++;
        else if (dt > 0.05 && j->leaf > 1)
            j->leaf--;
        return 0;
    }
    n = seega_legal_moves(j->g, list, SEEGA_MAX_ACTIONS);
    for (int32_t i = 0; i < n; i++) {
        int rc;
        if (seega_play(j->g, list[i]) != SEEGA_OK)
            return -1;
        rc = perft_split(j, depth - 1);
        seega_undo(j->g);
        if (rc)
            return -1;
    }
    return 0;
}

static void *perft_main(void *arg)
{
    engine *e = arg;
    perft_job j = {e, NULL, 3, 0};
    char line[160];
    int rc = -1;
    if (seega_clone(e->game, &j.g) != SEEGA_OK)
        snprintf(line, sizeof line, "error perft: out of memory");
    else if ((rc = perft_split(&j, e->perft_depth)) == 0)
        snprintf(line, sizeof line, "perft depth %d nodes %llu time %llu",
                 (int)e->perft_depth, (unsigned long long)j.count,
                 (unsigned long long)((now_s() - e->start) * 1000.0));
    else if (stop_asked(e))
        snprintf(line, sizeof line, "error perft: stopped after %llu ms",
                 (unsigned long long)((now_s() - e->start) * 1000.0));
    else
        snprintf(line, sizeof line, "error perft: %s", seega_last_error(j.g));
    seega_free(j.g);
    pthread_mutex_lock(&e->lock);
    printf("%s\n", line);
    fflush(stdout);
    e->finished = 1;
    pthread_cond_broadcast(&e->wake);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* ---- the job: start, stop, end ------------------------------------------- */

static int start_job(engine *e, int job, void *(*fn)(void *))
{
    e->stop_requested = 0;
    e->finished = 0;
    e->start = now_s();
    if (pthread_create(&e->thread, NULL, fn, e) != 0)
        return -1;
    e->job = job;
    return 0;
}

/* Ask the running job, if any, to end now. */
static void request_stop(engine *e)
{
    if (!e->job)
        return;
    pthread_mutex_lock(&e->lock);
    e->stop_requested = 1;
    pthread_cond_broadcast(&e->stopped_cond);
    pthread_mutex_unlock(&e->lock);
    if (e->job == JOB_SEARCH)
        seega_search_stop(e->game);
}

/* Join the job once it has finished; 1 when there is none (any more). */
static int reap_job(engine *e)
{
    int done;
    if (!e->job)
        return 1;
    pthread_mutex_lock(&e->lock);
    done = e->finished;
    pthread_mutex_unlock(&e->lock);
    if (done) {
        pthread_join(e->thread, NULL);
        e->job = JOB_NONE;
    }
    return done;
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
    out(e, "option name Tables type string default %s",
        e->tables_default[0] ? e->tables_default : "<empty>");
    out(e, "seegaok");
}

/* Open the tables of rules r in dir into *tb: 0, or -1 with the
 * library's message in msg. */
static int open_tables(const char *dir, const seega_rules *r,
                       seega_tablebase **tb, char *msg, size_t cap)
{
    return seega_tb_open(r, dir, tb, msg, cap) == SEEGA_OK ? 0 : -1;
}

/* setoption name Tables value DIR: the tables of the current rules in DIR;
 * an empty value or "<empty>" plays without tables. */
static void set_tables(engine *e, char *value)
{
    seega_tablebase *tb = NULL;
    char msg[SEEGA_ERROR_MAX];
    size_t n = strlen(value);
    while (n > 0 && (value[n - 1] == ' ' || value[n - 1] == '\t'))
        value[--n] = '\0';
    if (n > 0 && strcmp(value, "<empty>") != 0) {
        if (open_tables(value, &e->rules, &tb, msg, sizeof msg) != 0) {
            out(e, "error setoption: Tables: %s", msg);
            return;
        }
        if (seega_set_tablebase(e->game, tb) != SEEGA_OK) {
            out(e, "error setoption: Tables: %s", seega_last_error(e->game));
            seega_tb_close(tb);
            return;
        }
    } else {
        seega_set_tablebase(e->game, NULL);
        value = "";
    }
    seega_tb_close(e->tb);
    e->tb = tb;
    snprintf(e->tables_dir, sizeof e->tables_dir, "%s", value);
}

static void cmd_setoption(engine *e, char *rest)
{
    char *w = next_word(&rest), *name, *value;
    int32_t v;
    uint64_t u;
    if (!w || !word_is(w, "name") || !(name = next_word(&rest)) ||
        !(w = next_word(&rest)) || !word_is(w, "value")) {
        out(e, "error setoption: expected 'setoption name <Name> value "
               "<Value>'");
        return;
    }
    /* Tables takes the rest of the line (a directory may hold spaces),
     * and may be empty. */
    if (word_is(name, "tables")) {
        while (*rest == ' ' || *rest == '\t')
            rest++;
        set_tables(e, rest);
        return;
    }
    if (!(value = next_word(&rest))) {
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
            "Hash, Seed, Tables)",
            name);
    }
    return;
range:
    out(e,
        "error setoption: bad value '%.40s' for %.40s (see the option "
        "lines of 'seega')",
        value, name);
}

/* A new game with rules r and the tables tb (NULL: none), which must be
 * e->tb or become it; 0 on success. */
static int new_game(engine *e, const seega_rules *r, seega_tablebase *tb)
{
    seega_game *g;
    if (seega_new(r, &g) != SEEGA_OK) {
        out(e, "error cannot create a game");
        return -1;
    }
    if (tb && seega_set_tablebase(g, tb) != SEEGA_OK) {
        out(e, "error tables: %s", seega_last_error(g));
        seega_free(g);
        return -1;
    }
    seega_free(e->game);
    e->game = g;
    if (tb != e->tb) {
        seega_tb_close(e->tb);
        e->tb = tb;
    }
    e->rules = *r;
    seega_rules_to_text(r, e->rules_text, sizeof e->rules_text);
    return 0;
}

static void cmd_rules(engine *e, char *rest)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX], text[SEEGA_RULES_TEXT_MAX];
    seega_tablebase *tb = e->tb;
    if (seega_rules_from_text(rest, &r, msg, sizeof msg) != SEEGA_OK) {
        out(e, "error rules: %s", msg);
        return;
    }
    /* With tables, the new rules need theirs (from the same directory). */
    seega_rules_to_text(&r, text, sizeof text);
    if (e->tb && strcmp(text, e->rules_text) != 0 &&
        open_tables(e->tables_dir, &r, &tb, msg, sizeof msg) != 0) {
        out(e,
            "error rules: no tables of %s in %s: %s (setoption name Tables "
            "value <empty> plays without tables)",
            text, e->tables_dir, msg);
        return;
    }
    if (new_game(e, &r, tb) != 0 && tb != e->tb)
        seega_tb_close(tb);
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
    int infinite = 0, any = 0, words = 0;
    uint64_t u;
    seega_search_limits_init(l);
    l->level = e->level;
    l->threads = e->threads;
    l->tt_mb = e->hash_mb;
    l->seed = e->seed;
    for (char *w; (w = next_word(&rest)) != NULL;) {
        char *val = NULL;
        words = 1;
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
            /* Only the clock of the side to move is a limit. */
            if ((side == SEEGA_X) == word_is(w, "xtime")) {
                l->remaining_ms = v > 0 ? v : 1;
                any = 1;
            }
        } else if ((side == SEEGA_X) == word_is(w, "xinc")) {
            l->increment_ms = v;
        }
        continue;
    bad:
        out(e, "error go: bad value '%.20s' for %s", val ? val : "", w);
        return;
    }
    if (seega_result(e->game, NULL) != SEEGA_ONGOING) {
        out(e, "info string the game is over");
        out(e, "bestmove none");
        return;
    }
    /* A bare "go" searches until "stop"; so does a "go" whose words set no
     * limit for the side to move (only the other side's clock), as UCI
     * engines do: said in an info line, since it is likely a mistake. */
    if (!any && !infinite && words)
        out(e,
            "info string no limit for %c, the side to move: searching "
            "until stop",
            side == SEEGA_X ? 'X' : 'O');
    if (!any)
        infinite = 1;
    if (infinite) {
        l->depth = 0;
        l->nodes = 0;
        l->time_ms = 0;
        l->remaining_ms = 0;
    }
    l->progress = on_progress;
    l->progress_user = e;
    e->infinite = infinite;
    e->info_nodes = 0;
    e->info_depth = -1;
    if (start_job(e, JOB_SEARCH, search_main) != 0)
        out(e, "error go: cannot start the search thread");
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
    if (parse_i32(next_word(&rest), 0, SEEGA_PERFT_MAX_DEPTH,
                  &e->perft_depth)) {
        out(e, "error perft: expected 'perft <depth>' with depth 0..%d",
            SEEGA_PERFT_MAX_DEPTH);
        return;
    }
    if (start_job(e, JOB_PERFT, perft_main) != 0)
        out(e, "error perft: cannot start a thread");
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

/* ---- input ------------------------------------------------------------- */

static void list_push(item_list *l, item *it)
{
    it->next = NULL;
    if (l->tail)
        l->tail->next = it;
    else
        l->head = it;
    l->tail = it;
    l->count++;
}

static item *list_pop(item_list *l)
{
    item *it = l->head;
    if (it) {
        l->head = it->next;
        if (!l->head)
            l->tail = NULL;
        l->count--;
    }
    return it;
}

static void list_free(item_list *l)
{
    item *it;
    while ((it = list_pop(l)) != NULL)
        free(it);
}

static item *new_item(int kind, const char *text)
{
    size_t n = strlen(text);
    item *it = malloc(sizeof *it + n + 1);
    if (it) {
        it->kind = kind;
        memcpy(it->text, text, n + 1);
    }
    return it;
}

/* The reader thread: every line of standard input into e->input, then an
 * ITEM_EOF. It never waits for anything but the input. */
static void *reader_main(void *arg)
{
    engine *e = arg;
    char line[LINE_MAX_LEN];
    for (;;) {
        item *it;
        int kind = ITEM_LINE;
        if (!fgets(line, sizeof line, stdin)) {
            kind = ITEM_EOF;
            line[0] = '\0';
        } else {
            size_t n = strlen(line);
            if (n == sizeof line - 1 && line[n - 1] != '\n') {
                int c;
                while ((c = getchar()) != EOF && c != '\n')
                    ;
                kind = ITEM_TOO_LONG;
                line[0] = '\0';
            }
            while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
                line[--n] = '\0';
        }
        /* Out of memory: wait and try again (the line is not lost). */
        while (!(it = new_item(kind, line))) {
            struct timespec t = {0, 10 * 1000 * 1000};
            nanosleep(&t, NULL);
        }
        pthread_mutex_lock(&e->lock);
        list_push(&e->input, it);
        pthread_cond_broadcast(&e->wake);
        pthread_mutex_unlock(&e->lock);
        if (kind == ITEM_EOF)
            return NULL;
    }
}

/* The next line read, waiting for one; NULL when the job finished first. */
static item *next_input(engine *e)
{
    item *it;
    pthread_mutex_lock(&e->lock);
    while (!e->input.head && !(e->job && e->finished))
        pthread_cond_wait(&e->wake, &e->lock);
    it = list_pop(&e->input);
    pthread_mutex_unlock(&e->lock);
    return it;
}

/* After quit: stop the job and give it a moment to print its last line;
 * 0 when it has ended (else the process exits with it still running). */
static int end_job_for_quit(engine *e)
{
    struct timespec until;
    request_stop(e);
    if (!e->job)
        return 0;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 2;
    pthread_mutex_lock(&e->lock);
    while (!e->finished &&
           pthread_cond_timedwait(&e->wake, &e->lock, &until) != ETIMEDOUT)
        ;
    pthread_mutex_unlock(&e->lock);
    return reap_job(e) ? 0 : -1;
}

/* Run one command line (no job is running); 1 after quit. */
static int run_command(engine *e, char *line)
{
    char *rest = line, *cmd;
    if (!(cmd = next_word(&rest)))
        return 0;
    if (word_is(cmd, "isready"))
        out(e, "readyok");
    else if (word_is(cmd, "stop"))
        ; /* nothing runs */
    else if (word_is(cmd, "quit"))
        return 1;
    else if (word_is(cmd, "seega"))
        cmd_hello(e);
    else if (word_is(cmd, "setoption"))
        cmd_setoption(e, rest);
    else if (word_is(cmd, "rules"))
        cmd_rules(e, rest);
    else if (word_is(cmd, "newgame"))
        new_game(e, &e->rules, e->tb);
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
    return 0;
}

/* A line read while a job runs: isready, stop and quit at once, the
 * others wait for the job's end (or are refused). 1 after quit. */
static int during_job(engine *e, item *it)
{
    char copy[LINE_MAX_LEN], *rest = copy, *cmd;
    int stop_asked_already;
    snprintf(copy, sizeof copy, "%s", it->text);
    cmd = next_word(&rest);
    if (cmd && word_is(cmd, "isready")) {
        out(e, "readyok");
        free(it);
        return 0;
    }
    if (cmd && word_is(cmd, "stop")) {
        request_stop(e);
        free(it);
        return 0;
    }
    if (cmd && word_is(cmd, "quit")) {
        free(it);
        return 1;
    }
    if (!cmd && it->kind == ITEM_LINE) { /* an empty line */
        free(it);
        return 0;
    }
    pthread_mutex_lock(&e->lock);
    stop_asked_already = e->stop_requested;
    pthread_mutex_unlock(&e->lock);
    if (e->job == JOB_SEARCH && e->infinite && !stop_asked_already) {
        out(e, "error busy: an infinite search is running (send stop "
               "first)");
        free(it);
    } else if (e->waiting.count >= WAITING_MAX) {
        out(e, "error busy: %d commands already wait for the %s to end",
            WAITING_MAX, e->job == JOB_SEARCH ? "search" : "perft");
        free(it);
    } else {
        list_push(&e->waiting, it);
    }
    return 0;
}

/* ---- main ---------------------------------------------------------------- */

static int usage(FILE *f, int status)
{
    fprintf(f, "usage: seega-engine [--tables DIR]\n"
               "The Seega engine protocol on standard input and output "
               "(docs/engine.md).\n"
               "\n"
               "  --tables DIR  endgame tables (made by seega-tb) of the "
               "rules in DIR:\n"
               "                the search plays the positions they hold "
               "perfectly\n"
               "  -h, --help    this help\n");
    return status;
}

int main(int argc, char **argv)
{
    static engine eng;
    engine *e = &eng;
    seega_rules r;
    pthread_t reader;
    int eof = 0, quit = 0;
    const char *tables = NULL;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
            return usage(stdout, 0);
        if (!strcmp(argv[i], "--tables") && i + 1 < argc)
            tables = argv[++i];
        else if (!strncmp(argv[i], "--tables=", 9))
            tables = argv[i] + 9;
        else {
            fprintf(stderr, "seega-engine: %s '%s'\n",
                    strcmp(argv[i], "--tables") ? "unknown option"
                                                : "a directory must follow",
                    argv[i]);
            return usage(stderr, 2);
        }
    }
    if (tables && !*tables) { /* not the root: a directory must be named */
        fprintf(stderr, "seega-engine: --tables needs a directory, not '' "
                        "(\".\" for the current one)\n");
        return usage(stderr, 2);
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->stopped_cond, NULL);
    pthread_cond_init(&e->wake, NULL);
    e->threads = 1;
    e->hash_mb = 16;
    seega_rules_preset(&r, SEEGA_CLASSIC, 5);
    e->tables_default = tables ? tables : "";
    if (tables) {
        char msg[SEEGA_ERROR_MAX];
        if (open_tables(tables, &r, &e->tb, msg, sizeof msg) != 0) {
            fprintf(stderr, "seega-engine: cannot open the tables of classic "
                            "5 in '%s': %s\n",
                    tables, msg);
            return 1;
        }
        snprintf(e->tables_dir, sizeof e->tables_dir, "%s", tables);
    }
    if (new_game(e, &r, e->tb) != 0)
        return 1;
    if (pthread_create(&reader, NULL, reader_main, e) != 0) {
        out(e, "error cannot start the input thread");
        return 1;
    }
    pthread_detach(reader);

    while (!quit) {
        item *it;
        reap_job(e);
        /* After the end of input, a search that only ends with stop is
         * stopped; everything else read runs to its end. */
        if (eof && e->job == JOB_SEARCH && e->infinite)
            request_stop(e);
        if (!e->job && (it = list_pop(&e->waiting)) != NULL) {
            /* A command that waited for the job. */
        } else if (!e->job && eof) {
            break;
        } else if ((it = next_input(e)) == NULL) {
            continue; /* the job finished */
        }
        if (it->kind == ITEM_EOF) {
            eof = 1;
            free(it);
            continue;
        }
        if (e->job) {
            quit = during_job(e, it);
            continue;
        }
        if (it->kind == ITEM_TOO_LONG)
            out(e, "error line too long (at most %d characters)",
                LINE_MAX_LEN - 2);
        else
            quit = run_command(e, it->text);
        free(it);
    }
    if (end_job_for_quit(e) != 0) {
        fflush(stdout);
        exit(0); /* a perft that does not stop in time: leave it */
    }
    pthread_mutex_lock(&e->lock);
    list_free(&e->input);
    pthread_mutex_unlock(&e->lock);
    list_free(&e->waiting);
    seega_free(e->game);
    seega_tb_close(e->tb);
    return 0;
}

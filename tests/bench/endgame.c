/*
 * seega-endgame-bench: the engine against perfect play, on positions
 * whose value the tables know.
 *
 *   seega-endgame-bench --tables build/tables/classic+5.sgtbpack \
 *       --tiers 4v3,4v4 --positions 6 --engine time=100
 *
 * Per tier UvT (the side to move has U pieces, the other T): random
 * moving-phase positions, X to move, quiet counter 0, that the tables
 * value as won, drawn or lost for X, N of each. The engine (a
 * seega_search configuration, without tables unless told) plays X; the
 * tables play O (seega_tb_probe's best action: the fastest win, else a
 * draw, else the slowest loss). Printed per tier: the won positions
 * converted within the cap and the plies they took over the tables'
 * distance, the drawn positions held (not lost within the cap), and in
 * the lost ones the plies survived over the distance. --check fails
 * (exit 1) if a game contradicts the tables, and with a perfect engine
 * (`perfect`, or `tables`: the search with the tables attached) if any
 * figure is not exact. See tests/bench/README.md. Not a test, except
 * with --check.
 */
#define _POSIX_C_SOURCE 200809L
#include <seega.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench_util.h"

#define MAX_TIERS 32
#define KINDS 3 /* won, drawn, lost: for the side to move */

static const char *const KIND_NAMES[KINDS] = {"won", "drawn", "lost"};

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint32_t rng_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)(((rng_next(s) >> 32) * (uint64_t)n) >> 32);
}

/* ---- the engine --------------------------------------------------------- */

typedef struct {
    int perfect; /* `perfect`: the probe's best action, no search */
    int tables;  /* `tables`: the bench's tables attached to the search */
    seega_search_limits limits;
    char name[128];
} engine;

static int parse_engine(const char *spec, engine *e, char *err, size_t cap)
{
    char buf[128], *tok, *save = NULL;
    seega_search_limits init = SEEGA_SEARCH_LIMITS_INIT;
    memset(e, 0, sizeof *e);
    e->limits = init;
    if (strlen(spec) >= sizeof buf || !*spec) {
        snprintf(err, cap, "bad engine '%.40s'", spec);
        return -1;
    }
    strcpy(e->name, spec);
    strcpy(buf, spec);
    for (tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '='), *end;
        long long v;
        if (!strcmp(tok, "perfect")) {
            e->perfect = 1;
            continue;
        }
        if (!strcmp(tok, "tables")) {
            e->tables = 1;
            continue;
        }
        if (!eq || eq[1] < '0' || eq[1] > '9') {
            snprintf(err, cap,
                     "bad engine '%s': '%s' is not perfect, tables or key=N",
                     spec, tok);
            return -1;
        }
        *eq = 0;
        errno = 0;
        v = strtoll(eq + 1, &end, 10);
        if (errno || *end || v < 1 || v > 1000000000) {
            snprintf(err, cap, "bad engine '%s': %s must be a positive number",
                     spec, tok);
            return -1;
        }
        if (!strcmp(tok, "depth") && v <= SEEGA_MAX_DEPTH)
            e->limits.depth = (int32_t)v;
        else if (!strcmp(tok, "time"))
            e->limits.time_ms = (int32_t)v;
        else if (!strcmp(tok, "nodes"))
            e->limits.nodes = (uint64_t)v;
        else if (!strcmp(tok, "level") && v <= 3)
            e->limits.level = (int32_t)v;
        else if (!strcmp(tok, "tt") && v <= 16384)
            e->limits.tt_mb = (int32_t)v;
        else {
            snprintf(err, cap,
                     "bad engine '%s': unknown key or value out of range "
                     "'%s' (depth, time, nodes, level, tt)",
                     spec, tok);
            return -1;
        }
    }
    if (!e->perfect && !e->limits.depth && !e->limits.time_ms &&
        !e->limits.nodes && !e->limits.level) {
        snprintf(err, cap,
                 "bad engine '%s': a search needs depth=, time=, nodes= or "
                 "level= (or say perfect)",
                 spec);
        return -1;
    }
    return 0;
}

/* ---- positions ---------------------------------------------------------- */

/* A random position of tier u v t: u X pieces and t O pieces on the 5x5
 * board, X to move, both hands empty, quiet counter 0. */
static void random_spn(uint64_t *rng, int u, int t, char *spn, size_t cap)
{
    char board[25];
    size_t pos = 0;
    memset(board, 0, sizeof board);
    for (int placed = 0; placed < u + t;) {
        uint32_t sq = rng_below(rng, 25);
        if (!board[sq])
            board[sq] = placed++ < u ? 'x' : 'o';
    }
    for (int rank = 0; rank < 5; rank++) {
        int run = 0;
        for (int f = 0; f < 5; f++) {
            char ch = board[rank * 5 + f];
            if (!ch) {
                run++;
                continue;
            }
            if (run)
                spn[pos++] = (char)('0' + run), run = 0;
            spn[pos++] = ch;
        }
        if (run)
            spn[pos++] = (char)('0' + run);
        spn[pos++] = rank < 4 ? '/' : ' ';
    }
    snprintf(spn + pos, cap - pos, "x 0 0 0 -");
}

/* ---- one game ----------------------------------------------------------- */

typedef struct {
    int kind;      /* 0 won, 1 drawn, 2 lost: the tables' value for X */
    int distance;  /* the tables' distance (-1 for a draw) */
    int plies;     /* actions played until the end, or the cap */
    int result;    /* for the engine: 1 won, 0 drawn or unfinished, -1 lost */
    int finished;  /* the rules ended the game within the cap */
    char spn[SEEGA_SPN_MAX];
} game_out;

typedef struct {
    uint64_t moves, nodes;
    double seconds;
} engine_stats;

static int play(const seega_rules *rules, const seega_tablebase *tb,
                const engine *e, int cap, uint64_t seed, game_out *o,
                engine_stats *st, char *err, size_t errcap)
{
    seega_game *g = NULL;
    int32_t rc, r;
    if ((rc = seega_new(rules, &g)) != SEEGA_OK ||
        (rc = seega_set_spn(g, o->spn)) != SEEGA_OK ||
        (e->tables && (rc = seega_set_tablebase(g, tb)) != SEEGA_OK)) {
        snprintf(err, errcap, "cannot set up %s: %s", o->spn,
                 seega_status_text(rc));
        seega_free(g);
        return -1;
    }
    o->plies = 0;
    while ((r = seega_result(g, NULL)) == SEEGA_ONGOING && o->plies < cap) {
        seega_action a;
        if (seega_to_move(g) == SEEGA_O || e->perfect) {
            seega_tb_entry te;
            te.version = SEEGA_TB_ENTRY_VERSION;
            if ((rc = seega_tb_probe(tb, g, &te)) != SEEGA_OK) {
                snprintf(err, errcap, "seega_tb_probe failed: %s",
                         seega_status_text(rc));
                seega_free(g);
                return -1;
            }
            a = te.best;
        } else {
            seega_search_limits l = e->limits;
            seega_search_result sr;
            double t0 = bench_now();
            l.seed = rng_next(&seed);
            sr.version = SEEGA_SEARCH_RESULT_VERSION;
            if ((rc = seega_search(g, &l, &sr)) != SEEGA_OK) {
                snprintf(err, errcap, "seega_search failed: %s (%s)",
                         seega_status_text(rc), seega_last_error(g));
                seega_free(g);
                return -1;
            }
            st->seconds += bench_now() - t0;
            st->moves++;
            st->nodes += sr.nodes;
            a = sr.best;
        }
        if ((rc = seega_play(g, a)) != SEEGA_OK) {
            snprintf(err, errcap, "illegal action after %d plies from %s: %s",
                     o->plies, o->spn, seega_status_text(rc));
            seega_free(g);
            return -1;
        }
        o->plies++;
    }
    o->finished = r != SEEGA_ONGOING;
    o->result = r == SEEGA_X_WINS ? 1 : r == SEEGA_O_WINS ? -1 : 0;
    seega_free(g);
    return 0;
}

/* What the tables guarantee whatever the engine does, and with a perfect
 * engine, exactly what happens; 0 if the game agrees. `dist`: the
 * distance counts plies to the end of the game (no quiet limit; under
 * one it counts to the next capture, and only the values are checked). */
static int check_game(const game_out *o, int exact, int dist, int cap)
{
    const char *why = NULL;
    if (o->kind == 1 && o->result > 0)
        why = "a draw won against the tables";
    else if (o->kind == 2 && o->result >= 0 && o->finished)
        why = "a loss drawn or won against the tables";
    else if (exact && o->kind == 0 && o->result < 0)
        why = "a perfect engine lost a won position";
    else if (exact && o->kind == 1 && o->result < 0)
        why = "a perfect engine lost a drawn position";
    else if (!dist)
        why = NULL;
    else if (o->kind == 0 && o->result > 0 && o->plies < o->distance)
        why = "won faster than the tables' fastest win";
    else if (o->kind == 2 && o->result >= 0 && o->distance <= cap)
        why = "a loss not lost within its distance";
    else if (o->kind == 2 && o->result < 0 && o->plies > o->distance)
        why = "a loss lasted longer than the tables' slowest loss";
    else if (exact && o->kind == 0 && o->distance <= cap &&
             (o->result <= 0 || o->plies != o->distance))
        why = "a perfect engine did not win in the tables' distance";
    else if (exact && o->kind == 1 && (o->finished || o->plies != cap))
        why = "a perfect engine did not hold the draw to the cap";
    else if (exact && o->kind == 2 && o->plies != o->distance)
        why = "a perfect engine did not last the tables' distance";
    if (!why)
        return 0;
    fprintf(stderr, "CHECK FAILED: %s: %s, distance %d, %d plies, result %d\n",
            o->spn, why, o->distance, o->plies, o->result);
    return 1;
}

/* ---- the report --------------------------------------------------------- */

typedef struct {
    int u, t;
    int count[KINDS];  /* positions found */
    int converted;     /* won positions won within the cap */
    double won_ratio;  /* sum of plies / distance over those */
    int won_drawn, won_lost; /* won positions not converted: unfinished
                                or drawn, lost */
    int held;          /* drawn positions not lost */
    double lost_ratio; /* sum of plies survived / distance, lost ones */
} tier_out;

static void print_ratio(double sum, int n, int ratios)
{
    if (n && ratios)
        printf(" %10.3f", sum / n);
    else
        printf(" %10s", "-");
}

static void print_share(int k, int n)
{
    char buf[32];
    if (n)
        snprintf(buf, sizeof buf, "%d (%.0f%%)", k, 100.0 * k / n);
    else
        snprintf(buf, sizeof buf, "-");
    printf(" %11s", buf);
}

static void print_tier(const char *name, const tier_out *t, int ratios)
{
    printf("%-5s %5d", name, t->count[0]);
    print_share(t->converted, t->count[0]);
    print_ratio(t->won_ratio, t->converted, ratios);
    printf(" %5d %5d", t->won_drawn, t->won_lost);
    printf(" %6d", t->count[1]);
    print_share(t->held, t->count[1]);
    printf(" %5d", t->count[2]);
    print_ratio(t->lost_ratio, t->count[2], ratios);
    printf("\n");
}

/* ---- command line ------------------------------------------------------- */

static void usage(FILE *f)
{
    fprintf(f,
        "usage: seega-endgame-bench --tables PATH [options]\n"
        "\n"
        "  --tables PATH     the tables: a directory or a pack file\n"
        "  --generate MAX    first generate the tables up to MAX pieces a "
        "side into\n"
        "                    the directory PATH (made if missing; kept "
        "files are reused)\n"
        "  --preset NAME     classic, diagonal, modern, traditional (5x5; "
        "default classic)\n"
        "  --tiers LIST      tiers UvT, U pieces for the side to move (X), "
        "T for O\n"
        "                    (default 3v2,3v3)\n"
        "  --positions N     positions of each value (won, drawn, lost) a "
        "tier (default 6)\n"
        "  --engine SPEC     the engine playing X: depth=D, time=MS, "
        "nodes=N, level=L,\n"
        "                    tt=MB, combined with commas; `tables` attaches "
        "the tables\n"
        "                    to its search; `perfect` plays the tables' "
        "action (default depth=4)\n"
        "  --cap PLIES       a game still going after PLIES actions stops "
        "(default 300)\n"
        "  --seed S          seed of the positions (default 1)\n"
        "  --quiet           no line per game on stderr\n"
        "  --check           exit 1 if a game contradicts the tables (and, "
        "with a perfect\n"
        "                    engine, if a figure is not exact)\n");
}

static int fail_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "seega-endgame-bench: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n\n");
    usage(stderr);
    return 2;
}

static int parse_int(const char *s, long lo, long hi, int *out)
{
    char *end;
    long v;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

int main(int argc, char **argv)
{
    const char *tables = NULL, *tiers_text = "3v2,3v3";
    const char *engine_text = "depth=4";
    int preset = SEEGA_CLASSIC, positions = 6, cap = 300, generate = 0;
    int quiet = 0, check = 0, ntiers = 0, fails = 0, ratios;
    uint64_t seed = 1;
    tier_out tiers[MAX_TIERS], all;
    seega_rules rules;
    seega_tablebase *tb = NULL;
    engine eng;
    engine_stats est = {0, 0, 0};
    char err[512], msg[SEEGA_ERROR_MAX];
    double t0;
    memset(tiers, 0, sizeof tiers);
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val;
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(opt, "--quiet")) {
            quiet = 1;
            continue;
        }
        if (!strcmp(opt, "--check")) {
            check = 1;
            continue;
        }
        if (i + 1 >= argc)
            return fail_usage("option '%s' needs a value", opt);
        val = argv[++i];
        if (!strcmp(opt, "--tables")) {
            tables = val;
        } else if (!strcmp(opt, "--generate")) {
            if (parse_int(val, 2, SEEGA_TB_MAX_PIECES, &generate))
                return fail_usage("--generate must be 2 .. 12 (got '%s')", val);
        } else if (!strcmp(opt, "--preset")) {
            if (!(preset = bench_preset_of(val)))
                return fail_usage("unknown preset '%s'", val);
        } else if (!strcmp(opt, "--tiers")) {
            tiers_text = val;
        } else if (!strcmp(opt, "--positions")) {
            if (parse_int(val, 1, 100000, &positions))
                return fail_usage("--positions must be 1 .. 100000 (got '%s')",
                                  val);
        } else if (!strcmp(opt, "--engine")) {
            engine_text = val;
        } else if (!strcmp(opt, "--cap")) {
            if (parse_int(val, 1, 100000000, &cap))
                return fail_usage("--cap must be positive (got '%s')", val);
        } else if (!strcmp(opt, "--seed")) {
            char *end;
            errno = 0;
            seed = strtoull(val, &end, 0);
            if (errno || *end || !*val || *val == '-')
                return fail_usage("--seed must be a number (got '%s')", val);
        } else {
            return fail_usage("unknown option '%s'", opt);
        }
    }
    if (!tables)
        return fail_usage("%s", "--tables PATH is needed");
    if (parse_engine(engine_text, &eng, err, sizeof err))
        return fail_usage("%s", err);
    {
        const char *p = tiers_text;
        while (*p) {
            char *end;
            long u = strtol(p, &end, 10), t;
            if (end == p || *end != 'v' || ntiers == MAX_TIERS)
                return fail_usage("bad --tiers '%s' (e.g. 4v3,4v4)",
                                  tiers_text);
            p = end + 1;
            t = strtol(p, &end, 10);
            if (end == p || (*end && *end != ',') || u < 1 || t < 1 ||
                u > SEEGA_TB_MAX_PIECES || t > SEEGA_TB_MAX_PIECES)
                return fail_usage("bad --tiers '%s' (e.g. 4v3,4v4)",
                                  tiers_text);
            tiers[ntiers].u = (int)u;
            tiers[ntiers++].t = (int)t;
            p = *end ? end + 1 : end;
        }
    }
    seega_rules_preset(&rules, preset, 5);
    ratios = rules.quiet_limit == 0;
    if (generate) {
        seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
        opt.threads = 1;
        if (mkdir(tables, 0777) && errno != EEXIST) {
            fprintf(stderr, "seega-endgame-bench: cannot make %s: %s\n", tables,
                    strerror(errno));
            return 1;
        }
        if (seega_tb_generate(&rules, generate, tables, &opt, msg,
                              sizeof msg)) {
            fprintf(stderr, "seega-endgame-bench: generate: %s\n", msg);
            return 1;
        }
    }
    if (seega_tb_open(&rules, tables, &tb, msg, sizeof msg)) {
        fprintf(stderr, "seega-endgame-bench: %s\n", msg);
        return 1;
    }
    for (int k = 0; k < ntiers; k++)
        if (tiers[k].u > seega_tb_max_pieces(tb) ||
            tiers[k].t > seega_tb_max_pieces(tb) ||
            tiers[k].u <= rules.lose_at || tiers[k].t <= rules.lose_at) {
            fprintf(stderr,
                    "seega-endgame-bench: tier %dv%d: the tables hold %d to "
                    "%d pieces a side\n",
                    tiers[k].u, tiers[k].t, (int)rules.lose_at + 1,
                    (int)seega_tb_max_pieces(tb));
            seega_tb_close(tb);
            return 1;
        }

    printf("endgame: %s 5x5, tables %s (up to %d a side), engine %s, %d "
           "positions of each value a tier, cap %d plies, seed %llu\n",
           BENCH_PRESETS[preset - 1], tables, (int)seega_tb_max_pieces(tb),
           eng.name, positions, cap, (unsigned long long)seed);
    fflush(stdout);
    t0 = bench_now();
    for (int k = 0; k < ntiers && !fails; k++) {
        tier_out *t = &tiers[k];
        seega_game *g = NULL;
        uint64_t rng =
            seed ^ (0x9E3779B97F4A7C15u * (uint64_t)(t->u * 16 + t->t));
        long tries = 0, max_tries = 20000L * positions;
        if (seega_new(&rules, &g) != SEEGA_OK)
            return 1;
        /* Draw positions until N of each value are found (or give up:
         * some tiers have no draws, or few). */
        while (tries++ < max_tries &&
               (t->count[0] < positions || t->count[1] < positions ||
                t->count[2] < positions)) {
            seega_tb_entry te;
            game_out o;
            memset(&o, 0, sizeof o);
            random_spn(&rng, t->u, t->t, o.spn, sizeof o.spn);
            te.version = SEEGA_TB_ENTRY_VERSION;
            if (seega_set_spn(g, o.spn) != SEEGA_OK ||
                seega_result(g, NULL) != SEEGA_ONGOING ||
                seega_tb_probe(tb, g, &te) != SEEGA_OK)
                continue;
            o.kind = te.value == SEEGA_TB_WIN    ? 0
                     : te.value == SEEGA_TB_DRAW ? 1
                                                 : 2;
            o.distance = te.distance;
            if (t->count[o.kind] >= positions)
                continue;
            if (play(&rules, tb, &eng, cap, rng_next(&rng), &o, &est, err,
                     sizeof err)) {
                fprintf(stderr, "seega-endgame-bench: %s\n", err);
                fails++;
                break;
            }
            t->count[o.kind]++;
            if (o.kind == 0) {
                if (o.result > 0) {
                    t->converted++;
                    t->won_ratio += (double)o.plies / o.distance;
                } else if (o.result < 0) {
                    t->won_lost++;
                } else {
                    t->won_drawn++;
                }
            } else if (o.kind == 1) {
                t->held += o.result >= 0;
            } else {
                t->lost_ratio += (double)o.plies / o.distance;
            }
            if (check)
                fails += check_game(&o, eng.perfect || eng.tables, ratios, cap);
            if (!quiet)
                fprintf(stderr,
                        "%dv%d %-5s distance %3d: %s after %d plies  %s\n",
                        t->u, t->t, KIND_NAMES[o.kind], o.distance,
                        !o.finished    ? "unfinished"
                        : o.result > 0 ? "X won"
                        : o.result < 0 ? "X lost"
                                       : "drawn",
                        o.plies, o.spn);
        }
        seega_free(g);
    }
    printf("%-5s %5s %11s %10s %5s %5s %6s %11s %5s %10s\n", "tier", "won",
           "converted", "plies/dist", "stuck", "lost", "drawn", "held", "lost",
           "surv/dist");
    memset(&all, 0, sizeof all);
    for (int k = 0; k < ntiers; k++) {
        char name[16];
        const tier_out *t = &tiers[k];
        snprintf(name, sizeof name, "%dv%d", t->u, t->t);
        print_tier(name, t, ratios);
        for (int j = 0; j < KINDS; j++)
            all.count[j] += t->count[j];
        all.converted += t->converted;
        all.won_ratio += t->won_ratio;
        all.won_drawn += t->won_drawn;
        all.won_lost += t->won_lost;
        all.held += t->held;
        all.lost_ratio += t->lost_ratio;
    }
    print_tier("all", &all, ratios);
    printf("engine: %llu moves, %.2f ms/move, %.0f nodes/s; time %.1f s\n",
           (unsigned long long)est.moves,
           est.moves ? 1e3 * est.seconds / (double)est.moves : 0.0,
           est.seconds > 0 ? (double)est.nodes / est.seconds : 0.0,
           bench_now() - t0);
    if (check)
        printf("check: %s\n", fails ? "FAILED" : "ok");
    seega_tb_close(tb);
    return fails ? 1 : 0;
}

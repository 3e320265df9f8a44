/*
 * seega-match: play N games between two players and measure which is
 * stronger, through the public API only.
 *
 *   seega-match --preset classic --size 5 --games 200 --a level=3 --b random
 *   seega-match --selftest
 *
 * Players: random, material2 (a fixed depth-2 material-only alpha-beta,
 * written here, like Ludii's agent), or a seega_search configuration
 * given as comma-separated key=value pairs: level=1..3, depth=D, time=MS,
 * nodes=N, threads=T, tt=MB (e.g. "level=2", "depth=6",
 * "time=100,threads=2").
 *
 * Games alternate colours (game 2k: A is X; 2k+1: A is O); both games of a
 * pair start from the same opening of random placements. A game that
 * reaches the action cap is adjudicated by the tables where they cover
 * the position (--tables PATH), else by the count of pieces. The score
 * of A, (wins + draws / 2) / games, is given with a 95% Wilson interval,
 * and turned into an Elo difference where it is strictly between 0 and 1;
 * the pairs' pentanomial counts give fishtest's Elo with its error bar,
 * and with --sprt E0,E1 the generalized SPRT (fishtest's LLR_logistic)
 * stops the match when it decides. --log FILE writes every game as a
 * game record (docs/records.md). See tests/bench/README.md. Not a test,
 * except --selftest.
 */
#define _POSIX_C_SOURCE 200809L
#include <seega.h>

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"

#define Z95 1.959963984540054 /* the 97.5% quantile of the normal law */
#define MAX_GAMES 1000000
#define MAX_JOBS 64
#define SPRT_GAMES 20000 /* --games under --sprt, unless given */
#define REASON_CAP 5 /* beside SEEGA_REASON_*: adjudicated at the cap */

static const char *const REASONS[] = {"none",         "material",
                                      "blocked",      "quiet",
                                      "both blocked", "adjudicated"};

/* ---- pseudo-random numbers: splitmix64 --------------------------------- */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* A seed derived from a seed and a number (a game, a pair, a player). */
static uint64_t derive(uint64_t seed, uint64_t n)
{
    uint64_t s = seed ^ (n * 0xD1B54A32D192ED03u);
    rng_next(&s);
    return rng_next(&s);
}

/* Uniform in 0 .. n-1 (n > 0). */
static uint32_t rng_below(uint64_t *s, uint32_t n)
{
    return (uint32_t)(((rng_next(s) >> 32) * (uint64_t)n) >> 32);
}

/* Today as a record's Date, "YYYY.MM.DD" (local time). */
static void today(char *buf, size_t cap)
{
    time_t t = time(NULL);
    struct tm tm;
    if (!localtime_r(&t, &tm) || !strftime(buf, cap, "%Y.%m.%d", &tm))
        snprintf(buf, cap, "????.??.??");
}

/* ---- statistics --------------------------------------------------------- */

/* The 95% Wilson score interval of a proportion p observed in n trials. */
static void wilson(double p, double n, double *lo, double *hi)
{
    double z2 = Z95 * Z95, d = 1 + z2 / n;
    double c = (p + z2 / (2 * n)) / d;
    double h = Z95 / d * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    *lo = c - h < 0 ? 0 : c - h;
    *hi = c + h > 1 ? 1 : c + h;
}

/* The Elo difference of an expected score p: +-INFINITY at 1 and 0. */
static double elo(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return 400 * log10(p / (1 - p));
}

/* ---- pentanomial statistics and the SPRT (fishtest) ---------------------
 *
 * A pair of games (one opening, colours swapped) scores 0, 0.5, 1, 1.5 or
 * 2 points for A: class i of the pentanomial counts n[0..4], worth
 * a_i = i/4 a game. The pairs are the samples, so what the colours and
 * the opening give cancels out of each and the variance is the pairs'.
 * As fishtest does, an empty class counts PENTA_EPS (so that every
 * likelihood below is defined), N is the sum of the counts and p_i their
 * shares. tests/bench/sprt_reference.py computes the same figures
 * another way; --selftest compares. */

#define PENTA_EPS 1e-3

typedef struct {
    double n;    /* pairs (regularized) */
    double p[5]; /* shares of the classes */
    double mu;   /* expected score a game */
    double var;  /* variance of a pair's score a game */
} penta;

static void penta_of(const int counts[5], penta *s)
{
    s->n = 0;
    for (int i = 0; i < 5; i++)
        s->n += counts[i] > 0 ? counts[i] : PENTA_EPS;
    s->mu = s->var = 0;
    for (int i = 0; i < 5; i++) {
        s->p[i] = (counts[i] > 0 ? counts[i] : PENTA_EPS) / s->n;
        s->mu += s->p[i] * i / 4.0;
    }
    for (int i = 0; i < 5; i++)
        s->var += s->p[i] * (i / 4.0 - s->mu) * (i / 4.0 - s->mu);
}

/* The expected score of a logistic Elo difference. */
static double score_of_elo(double e)
{
    return 1 / (1 + pow(10, -e / 400));
}

/* sum p_i log q_i - sum p_i log p_i for q, the most likely distribution of
 * the classes with mean s (0 < s < 1): q_i = p_i / (1 + x (a_i - s)),
 * with x the root of the secular equation sum p_i (a_i - s) / (1 + x (a_i
 * - s)) = 0 on (-1/(1-s), 1/s), where every 1 + x (a_i - s) > 0 (fishtest's
 * MLE_expected; Proposition 1.1 of "support_MLE_multinomial.pdf"). The
 * left side falls from +inf to -inf across the interval (p_0, p_4 > 0),
 * so bisection finds the root. */
static double penta_mle_ll(const penta *s, double m)
{
    double lo = -1 / (1 - m), hi = 1 / m, x = 0, ll = 0;
    for (int k = 0; k < 200; k++) {
        double f = 0;
        x = lo + (hi - lo) / 2;
        if (x <= lo || x >= hi)
            break; /* the interval is down to adjacent doubles */
        for (int i = 0; i < 5; i++)
            f += s->p[i] * (i / 4.0 - m) / (1 + x * (i / 4.0 - m));
        if (f > 0)
            lo = x;
        else
            hi = x;
    }
    for (int i = 0; i < 5; i++)
        ll -= s->p[i] * log(1 + x * (i / 4.0 - m));
    return ll;
}

/* The log-likelihood ratio of the generalized SPRT of H1: Elo = elo1
 * against H0: Elo = elo0 (logistic Elo), fishtest's LLR_logistic:
 * N sum p_i log(q1_i / q0_i), q0 and q1 the most likely distributions with
 * the means of elo0 and elo1. */
static double penta_llr(const penta *s, double elo0, double elo1)
{
    return s->n * (penta_mle_ll(s, score_of_elo(elo1)) -
                   penta_mle_ll(s, score_of_elo(elo0)));
}

/* The Elo of the mean score, the half-width of its 95% interval (mu -+
 * 1.96 sqrt(var / N) mapped to Elo) and the likelihood of superiority,
 * as fishtest's get_elo. */
static void penta_elo(const penta *s, double *e, double *e95, double *los)
{
    double se = sqrt(s->var / s->n);
    double lo = s->mu - Z95 * se, hi = s->mu + Z95 * se;
    *e = 400 * log10(s->mu / (1 - s->mu));
    *e95 = ((hi >= 1 ? INFINITY : 400 * log10(hi / (1 - hi))) -
            (lo <= 0 ? -INFINITY : 400 * log10(lo / (1 - lo)))) /
           2;
    *los = se > 0 ? 0.5 * erfc(-(s->mu - 0.5) / se / sqrt(2.0))
                  : (s->mu > 0.5 ? 1.0 : s->mu < 0.5 ? 0.0 : 0.5);
}

static void print_elo(FILE *f, double e)
{
    if (isinf(e))
        fprintf(f, "%sinf", e > 0 ? "+" : "-");
    else
        fprintf(f, "%+.1f", e);
}

/* ---- players ------------------------------------------------------------ */

enum { P_RANDOM, P_MATERIAL2, P_SEARCH };

typedef struct {
    int type;
    int32_t level, depth, time_ms, threads, tt_mb;
    uint64_t nodes;
    int threads_set;
    char tables[200]; /* tables=PATH: attached to the player's game */
    char name[256];
} player;

/* Parse a player; on failure, write why into err and return -1. */
static int parse_count(const char *s, long long max, long long *out)
{
    char *end;
    long long v;
    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtoll(s, &end, 10);
    if (errno || *end || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_player(const char *spec, player *p, char *err, size_t cap)
{
    char buf[sizeof p->name], *tok, *save = NULL;
    memset(p, 0, sizeof *p);
    if (strlen(spec) >= sizeof p->name) {
        snprintf(err, cap, "player spec too long: %.40s...", spec);
        return -1;
    }
    strcpy(p->name, spec);
    if (!strcmp(spec, "random")) {
        p->type = P_RANDOM;
        return 0;
    }
    if (!strcmp(spec, "material2")) {
        p->type = P_MATERIAL2;
        return 0;
    }
    p->type = P_SEARCH;
    if (!strchr(spec, '=')) {
        snprintf(err, cap,
                 "unknown player '%s' (random, material2, level=N, depth=D, "
                 "time=MS, nodes=N)",
                 spec);
        return -1;
    }
    strcpy(buf, spec);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        long long v;
        if (!eq) {
            snprintf(err, cap, "bad player '%s': '%s' is not key=value", spec,
                     tok);
            return -1;
        }
        *eq = 0;
        if (!strcmp(tok, "level")) {
            if (parse_count(eq + 1, 3, &v) || v < 1) {
                snprintf(err, cap, "bad player '%s': level must be 1, 2 or 3",
                         spec);
                return -1;
            }
            p->level = (int32_t)v;
        } else if (!strcmp(tok, "depth") || !strcmp(tok, "time") ||
                   !strcmp(tok, "threads") || !strcmp(tok, "tt")) {
            long long max = !strcmp(tok, "depth")     ? SEEGA_MAX_DEPTH
                            : !strcmp(tok, "threads") ? 64
                            : !strcmp(tok, "tt")      ? 16384
                                                      : 3600000;
            if (parse_count(eq + 1, max, &v) || v < 1) {
                snprintf(err, cap, "bad player '%s': %s must be 1 .. %lld",
                         spec, tok, max);
                return -1;
            }
            if (tok[0] == 'd')
                p->depth = (int32_t)v;
            else if (tok[0] == 't' && tok[1] == 'i')
                p->time_ms = (int32_t)v;
            else if (tok[0] == 't' && tok[1] == 'h')
                p->threads = (int32_t)v, p->threads_set = 1;
            else
                p->tt_mb = (int32_t)v;
        } else if (!strcmp(tok, "tables")) {
            if (!eq[1] || strlen(eq + 1) >= sizeof p->tables) {
                snprintf(err, cap, "bad player '%s': tables= needs a path "
                         "(a directory or a pack)", spec);
                return -1;
            }
            strcpy(p->tables, eq + 1);
        } else if (!strcmp(tok, "nodes")) {
            if (parse_count(eq + 1, (long long)1 << 50, &v) || v < 1) {
                snprintf(err, cap, "bad player '%s': nodes must be positive",
                         spec);
                return -1;
            }
            p->nodes = (uint64_t)v;
        } else {
            snprintf(err, cap,
                     "bad player '%s': unknown key '%s' (level, depth, time, "
                     "nodes, threads, tt, tables)",
                     spec, tok);
            return -1;
        }
    }
    if (!p->level && !p->depth && !p->time_ms && !p->nodes) {
        snprintf(err, cap,
                 "bad player '%s': a full-strength search needs a limit "
                 "(depth=, time= or nodes=) or a level=",
                 spec);
        return -1;
    }
    return 0;
}

/* What one player did in one game (and, summed, in a match). */
typedef struct {
    uint64_t searches; /* actions chosen by a search (seega_search, material2) */
    uint64_t nodes;
    uint64_t depth_sum;
    double seconds;
    double max_seconds; /* the slowest move */
    char max_spn[SEEGA_SPN_MAX];
} pstats;

/* ---- material2: depth-2 material-only alpha-beta ------------------------ */

#define M2_WIN 10000
#define M2_INF 30000

/* The value of the position for `side`: a finished game is won, lost or
 * drawn; else pieces (board and hand) minus the enemy's. */
static int m2_eval(const seega_game *g, int side)
{
    int32_t r = seega_result(g, NULL);
    if (r == SEEGA_DRAW)
        return 0;
    if (r == SEEGA_X_WINS || r == SEEGA_O_WINS)
        return (r == SEEGA_X_WINS) == (side == SEEGA_X) ? M2_WIN : -M2_WIN;
    return seega_pieces(g, side) + seega_in_hand(g, side) -
           seega_pieces(g, side ^ 1) - seega_in_hand(g, side ^ 1);
}

/* Negamax alpha-beta, the value for the side to move; a child keeps its
 * sign when the same side is still to move (chain, '+', '*'). */
static int m2_search(seega_game *g, int depth, int alpha, int beta,
                     uint64_t *nodes)
{
    seega_action moves[SEEGA_MAX_ACTIONS];
    int side = seega_to_move(g), best = -M2_INF;
    int32_t n;
    if (depth == 0 || seega_result(g, NULL) != SEEGA_ONGOING)
        return m2_eval(g, side);
    n = seega_legal_moves(g, moves, SEEGA_MAX_ACTIONS);
    for (int32_t i = 0; i < n; i++) {
        int v;
        if (seega_play(g, moves[i]) != SEEGA_OK)
            abort(); /* a legal action was refused: a library bug */
        (*nodes)++;
        if (seega_to_move(g) == side)
            v = m2_search(g, depth - 1, alpha, beta, nodes);
        else
            v = -m2_search(g, depth - 1, -beta, -alpha, nodes);
        seega_undo(g);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* The root: every action at equal best value is a candidate (searched
 * with alpha one below the best so far, so ties get exact values); the
 * seeded generator picks one. */
static seega_action material2_choose(seega_game *g, uint64_t *rng,
                                     uint64_t *nodes, int *value)
{
    seega_action moves[SEEGA_MAX_ACTIONS], ties[SEEGA_MAX_ACTIONS];
    int side = seega_to_move(g), best = -M2_INF, nties = 0;
    int32_t n = seega_legal_moves(g, moves, SEEGA_MAX_ACTIONS);
    for (int32_t i = 0; i < n; i++) {
        int v;
        if (seega_play(g, moves[i]) != SEEGA_OK)
            abort();
        (*nodes)++;
        if (seega_to_move(g) == side)
            v = m2_search(g, 1, best - 1, M2_INF, nodes);
        else
            v = -m2_search(g, 1, -M2_INF, -(best - 1), nodes);
        seega_undo(g);
        if (v > best) {
            best = v;
            nties = 0;
        }
        if (v == best)
            ties[nties++] = moves[i];
    }
    *value = best;
    return nties ? ties[rng_below(rng, (uint32_t)nties)] : 0;
}

/* ---- one game ----------------------------------------------------------- */

typedef struct {
    seega_rules rules;
    int preset, size;
    int games, jobs, quiet, threads;
    int opening_plies, max_actions;
    uint64_t seed;
    player p[2]; /* A, B */
    FILE *log;   /* --log: every game as a game record, or NULL */
    char date[16]; /* the Date tag of the records: the match's start */
    int sprt;      /* --sprt: stop when the LLR leaves its bounds */
    double elo0, elo1, alpha, beta;
    const seega_tablebase *adj_tb; /* --tables: adjudication, or NULL */
    const seega_tablebase *ptb[2]; /* each player's tables=, or NULL */
} config;

/* The SPRT's bounds on the LLR (Wald): accept H0 at or below the lower,
 * H1 at or above the upper. */
static double sprt_lower(const config *c)
{
    return log(c->beta / (1 - c->alpha));
}

static double sprt_upper(const config *c)
{
    return log((1 - c->beta) / c->alpha);
}

typedef struct {
    int done;
    int a_side;  /* SEEGA_X or SEEGA_O */
    int outcome; /* for A: 1 win, 0 draw, -1 loss */
    int reason;  /* SEEGA_REASON_* or REASON_CAP */
    int actions;
    int max_reps; /* the most times a position occurred */
    int pieces[2]; /* X's and O's pieces at the end */
    int by_tables; /* adjudicated at the cap by the tables */
    int tb_value, tb_distance, tb_mover; /* their probe, if so */
    uint64_t hash; /* of the final position: identical runs, identical games */
    pstats st[2];
} game_out;

static int choose(const config *c, int who, seega_game *g, uint64_t *rng,
                  seega_action *out, pstats *st, char *err, size_t cap)
{
    const player *p = &c->p[who];
    seega_action moves[SEEGA_MAX_ACTIONS];
    double t0 = bench_now(), dt;
    if (p->type == P_RANDOM) {
        int32_t n = seega_legal_moves(g, moves, SEEGA_MAX_ACTIONS);
        if (n <= 0) {
            snprintf(err, cap, "no legal action in an ongoing game");
            return -1;
        }
        *out = moves[rng_below(rng, (uint32_t)n)];
        return 0;
    }
    if (p->type == P_MATERIAL2) {
        int value;
        *out = material2_choose(g, rng, &st->nodes, &value);
        st->depth_sum += 2;
    } else {
        seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
        seega_search_result r;
        int32_t rc;
        l.level = p->level;
        l.depth = p->depth;
        l.nodes = p->nodes;
        l.time_ms = p->time_ms;
        l.threads = p->threads_set ? p->threads : c->threads;
        l.tt_mb = p->tt_mb;
        l.seed = rng_next(rng);
        r.version = SEEGA_SEARCH_RESULT_VERSION;
        rc = seega_search(g, &l, &r);
        if (rc != SEEGA_OK) {
            snprintf(err, cap, "seega_search failed: %s (%s)",
                     seega_status_text(rc), seega_last_error(g));
            return -1;
        }
        *out = r.best;
        st->nodes += r.nodes;
        st->depth_sum += (uint64_t)(r.depth > 0 ? r.depth : 0);
    }
    dt = bench_now() - t0;
    st->searches++;
    st->seconds += dt;
    if (dt > st->max_seconds) {
        st->max_seconds = dt;
        seega_get_spn(g, st->max_spn, sizeof st->max_spn);
    }
    return 0;
}

/* The games one game is played on: one per player (each keeps its own
 * search table), both given every action. */
typedef struct {
    seega_game *g[2];
} board;

static int board_open(const config *c, board *b, char *err, size_t cap)
{
    int32_t rc;
    memset(b, 0, sizeof *b);
    for (int p = 0; p < 2; p++)
        if ((rc = seega_new(&c->rules, &b->g[p])) != SEEGA_OK) {
            snprintf(err, cap, "seega_new failed: %s", seega_status_text(rc));
            return -1;
        }
    for (int p = 0; p < 2; p++)
        if (c->ptb[p] &&
            (rc = seega_set_tablebase(b->g[p], c->ptb[p])) != SEEGA_OK) {
            snprintf(err, cap, "seega_set_tablebase failed: %s",
                     seega_status_text(rc));
            return -1;
        }
    /* Allocate each searching player's table now, so that the time of the
     * first move of the first game is that of its search alone. */
    for (int p = 0; p < 2; p++)
        if (c->p[p].type == P_SEARCH) {
            seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
            seega_search_result r;
            l.depth = 1;
            l.tt_mb = c->p[p].tt_mb;
            r.version = SEEGA_SEARCH_RESULT_VERSION;
            if ((rc = seega_search(b->g[p], &l, &r)) != SEEGA_OK) {
                snprintf(err, cap, "seega_search failed: %s (%s)",
                         seega_status_text(rc), seega_last_error(b->g[p]));
                return -1;
            }
        }
    return 0;
}

static void board_close(board *b)
{
    seega_free(b->g[0]);
    seega_free(b->g[1]);
}

/* Play an action on both games. */
static int32_t board_play(board *b, seega_action a)
{
    int32_t rc = seega_play(b->g[0], a);
    if (rc == SEEGA_OK && (rc = seega_play(b->g[1], a)) != SEEGA_OK)
        seega_undo(b->g[0]);
    return rc;
}

/* The winner of a game stopped at the cap (SEEGA_X, SEEGA_O, or -1 for a
 * draw; -2 with err set on failure): the tables' value where they cover
 * the position (o->by_tables and the probe set), else the count of
 * pieces on the board. */
static int adjudicate(const config *c, const seega_game *g, game_out *o,
                      char *err, size_t cap)
{
    seega_tb_entry e;
    int32_t dx = seega_pieces(g, SEEGA_X) - seega_pieces(g, SEEGA_O), rc;
    e.version = SEEGA_TB_ENTRY_VERSION;
    rc = c->adj_tb ? seega_tb_probe(c->adj_tb, g, &e) : SEEGA_E_NOT_COVERED;
    if (rc == SEEGA_OK) {
        int mover = seega_to_move(g);
        o->by_tables = 1;
        o->tb_value = e.value;
        o->tb_distance = e.distance;
        o->tb_mover = mover;
        return e.value == SEEGA_TB_WIN    ? mover
               : e.value == SEEGA_TB_LOSS ? mover ^ 1
                                          : -1;
    }
    if (rc != SEEGA_E_NOT_COVERED) {
        snprintf(err, cap, "seega_tb_probe failed at the cap: %s",
                 seega_status_text(rc));
        return -2;
    }
    return dx > 0 ? SEEGA_X : dx < 0 ? SEEGA_O : -1;
}

static int play_game(const config *c, board *b, int index, game_out *o,
                     char *err, size_t cap)
{
    seega_action moves[SEEGA_MAX_ACTIONS];
    seega_game *g = b->g[0]; /* for the questions both games answer alike */
    uint64_t orng = derive(c->seed, 2 * (uint64_t)(index / 2) + 1);
    uint64_t rng[2];
    int32_t rc;
    memset(o, 0, sizeof *o);
    rng[0] = derive(c->seed, 4 * (uint64_t)index + 2);
    rng[1] = derive(c->seed, 4 * (uint64_t)index + 4);
    o->a_side = (index % 2 == 0) ? SEEGA_X : SEEGA_O;
    /* The opening: random placements, the same for both games of a pair. */
    for (int k = 0; k < c->opening_plies; k++) {
        int32_t n;
        if (seega_phase(g) != SEEGA_PHASE_PLACING)
            break;
        n = seega_legal_moves(g, moves, SEEGA_MAX_ACTIONS);
        if (n <= 0 || board_play(b, moves[rng_below(&orng, (uint32_t)n)]))
            break;
        o->actions++;
    }
    while (seega_result(g, NULL) == SEEGA_ONGOING &&
           o->actions < c->max_actions) {
        int side = seega_to_move(g);
        int who = side == o->a_side ? 0 : 1;
        int32_t reps;
        seega_action a = 0;
        if (choose(c, who, b->g[who], &rng[who], &a, &o->st[who], err, cap))
            return -1;
        if ((rc = board_play(b, a)) != SEEGA_OK) {
            char spn[SEEGA_SPN_MAX], text[SEEGA_ACTION_TEXT_MAX] = "?";
            seega_get_spn(g, spn, sizeof spn);
            seega_action_to_text(g, a, text, sizeof text);
            snprintf(err, cap, "player %c (%s) chose an illegal action %s "
                     "(0x%08lx) in %s: %s",
                     "AB"[who], c->p[who].name, text, (unsigned long)a, spn,
                     seega_status_text(rc));
            return -1;
        }
        o->actions++;
        reps = seega_repetitions(g);
        if (reps > o->max_reps)
            o->max_reps = reps;
    }
    {
        int32_t reason = SEEGA_REASON_NONE, r = seega_result(g, &reason);
        int winner; /* SEEGA_X, SEEGA_O or -1 */
        if (r == SEEGA_ONGOING) {
            o->reason = REASON_CAP;
            if ((winner = adjudicate(c, g, o, err, cap)) == -2)
                return -1;
        } else {
            o->reason = reason;
            winner = r == SEEGA_X_WINS ? SEEGA_X : r == SEEGA_O_WINS ? SEEGA_O : -1;
        }
        o->outcome = winner < 0 ? 0 : winner == o->a_side ? 1 : -1;
    }
    o->pieces[0] = seega_pieces(g, SEEGA_X);
    o->pieces[1] = seega_pieces(g, SEEGA_O);
    seega_hash(g, &o->hash);
    o->done = 1;
    return 0;
}

/* ---- the match: games shared out to J threads --------------------------- */

typedef struct {
    const config *c;
    game_out *out;
    pthread_mutex_t lock;
    int next, finished, failed;
    int logged;  /* records written to the log so far */
    int w, d, l; /* so far, for the progress line */
    int penta[5];  /* finished pairs by A's points: 0, 0.5, 1, 1.5, 2 */
    int stop;      /* the SPRT has decided: start no more games */
    char err[512];
} match;

/* The game as a game record (docs/records.md), in a new buffer (NULL
 * with err set on failure). The tags say who played X and O (the player
 * specs), the game's number as Round, and for a game the rules had not
 * ended, the adjudicated result. */
static char *game_record(const config *c, seega_game *g, int index,
                         const game_out *o, char *err, size_t cap)
{
    seega_record_tags tags = SEEGA_RECORD_TAGS_INIT;
    char round[16], seed[24], count[96];
    const char *extra[4];
    char *text;
    int32_t len;
    snprintf(round, sizeof round, "%d", index + 1);
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)c->seed);
    tags.event = "seega-match";
    tags.date = c->date;
    tags.round = round;
    tags.x_player = c->p[o->a_side == SEEGA_X ? 0 : 1].name;
    tags.o_player = c->p[o->a_side == SEEGA_X ? 1 : 0].name;
    extra[0] = "Seed";
    extra[1] = seed;
    tags.extra = extra;
    tags.extra_count = 1;
    if (o->reason == REASON_CAP) {
        /* outcome is A's: A's side won, lost, or a draw */
        int winner = o->outcome == 0  ? -1
                     : o->outcome > 0 ? o->a_side
                                      : o->a_side ^ 1;
        tags.result = winner < 0          ? "1/2-1/2"
                      : winner == SEEGA_X ? "1-0"
                                          : "0-1";
        tags.termination = "adjudication";
        if (o->by_tables && o->tb_value == SEEGA_TB_DRAW)
            snprintf(count, sizeof count,
                     "tables after %d actions: a draw, %c to move", o->actions,
                     o->tb_mover == SEEGA_X ? 'X' : 'O');
        else if (o->by_tables)
            snprintf(count, sizeof count,
                     "tables after %d actions: %c to move %s in %d plies",
                     o->actions, o->tb_mover == SEEGA_X ? 'X' : 'O',
                     o->tb_value == SEEGA_TB_WIN ? "wins" : "loses",
                     o->tb_distance);
        else
            snprintf(count, sizeof count,
                     "pieces on the board after %d actions: X %d, O %d",
                     o->actions, o->pieces[0], o->pieces[1]);
        extra[2] = "Adjudication";
        extra[3] = count;
        tags.extra_count = 2;
    }
    len = seega_record_write(g, &tags, NULL, 0);
    if (len < 0 || !(text = (char *)malloc((size_t)len + 1))) {
        snprintf(err, cap, "seega_record_write failed: %s (%s)",
                 seega_status_text(len < 0 ? len : SEEGA_E_NOMEM),
                 seega_last_error(g));
        return NULL;
    }
    if ((len = seega_record_write(g, &tags, text, (size_t)len + 1)) < 0) {
        snprintf(err, cap, "seega_record_write failed: %s (%s)",
                 seega_status_text(len), seega_last_error(g));
        free(text);
        return NULL;
    }
    return text;
}

static void *worker(void *arg)
{
    match *m = (match *)arg;
    char err[512] = "";
    for (;;) {
        int i, rc;
        game_out o;
        board b;
        pthread_mutex_lock(&m->lock);
        i = m->failed || m->stop ? m->c->games : m->next++;
        pthread_mutex_unlock(&m->lock);
        if (i >= m->c->games)
            break;
        /* Fresh games for every game: a search may reuse what earlier
         * searches of its game object left, and each game must be the
         * same whichever worker plays it after whichever games. */
        rc = board_open(m->c, &b, err, sizeof err) ||
             play_game(m->c, &b, i, &o, err, sizeof err);
        if (!rc && m->c->log) {
            /* Records in the order the games finish, separated by a
             * blank line. */
            char *text = game_record(m->c, b.g[0], i, &o, err, sizeof err);
            rc = !text;
            if (text) {
                pthread_mutex_lock(&m->lock);
                if (m->logged++)
                    fputc('\n', m->c->log);
                fputs(text, m->c->log);
                pthread_mutex_unlock(&m->lock);
                free(text);
            }
        }
        board_close(&b);
        if (rc) {
            pthread_mutex_lock(&m->lock);
            if (!m->failed)
                snprintf(m->err, sizeof m->err, "game %d: %.480s", i + 1, err);
            m->failed = 1;
            pthread_mutex_unlock(&m->lock);
            break;
        }
        pthread_mutex_lock(&m->lock);
        m->out[i] = o;
        m->finished++;
        if ((i ^ 1) < m->c->games && m->out[i ^ 1].done) {
            /* a pair is complete: one more sample of the SPRT */
            m->penta[o.outcome + m->out[i ^ 1].outcome + 2]++;
            if (m->c->sprt) {
                penta ps;
                double llr;
                penta_of(m->penta, &ps);
                llr = penta_llr(&ps, m->c->elo0, m->c->elo1);
                if (llr <= sprt_lower(m->c) || llr >= sprt_upper(m->c))
                    m->stop = 1;
            }
        }
        m->w += o.outcome > 0;
        m->d += o.outcome == 0;
        m->l += o.outcome < 0;
        if (!m->c->quiet)
            fprintf(stderr,
                    "[%*d/%d] game %d: A=%c %s (%s, %d actions, X %d O %d, "
                    "repeated %dx); A +%d =%d -%d\n",
                    m->c->games >= 1000 ? 4 : 3, m->finished, m->c->games,
                    i + 1, o.a_side == SEEGA_X ? 'X' : 'O',
                    o.outcome > 0 ? "wins" : o.outcome < 0 ? "loses" : "draws",
                    REASONS[o.reason], o.actions, o.pieces[0], o.pieces[1],
                    o.max_reps, m->w, m->d, m->l);
        pthread_mutex_unlock(&m->lock);
    }
    return NULL;
}

/* Play the whole match into out[c->games]; 0 on success. */
static int run_match(const config *c, game_out *out, char *err, size_t cap)
{
    pthread_t th[MAX_JOBS];
    int jobs = c->jobs < 1 ? 1 : c->jobs, started = 0;
    match m;
    memset(&m, 0, sizeof m);
    memset(out, 0, (size_t)c->games * sizeof *out); /* done = 0: not played */
    m.c = c;
    m.out = out;
    pthread_mutex_init(&m.lock, NULL);
    if (jobs > c->games)
        jobs = c->games;
    if (jobs <= 1) {
        worker(&m);
    } else {
        for (int j = 0; j < jobs; j++)
            if (pthread_create(&th[j], NULL, worker, &m) == 0)
                started++;
        if (!started)
            worker(&m);
        for (int j = 0; j < started; j++)
            pthread_join(th[j], NULL);
    }
    pthread_mutex_destroy(&m.lock);
    if (m.failed) {
        snprintf(err, cap, "%s", m.err);
        return -1;
    }
    return 0;
}

/* ---- the report --------------------------------------------------------- */

static void report(const config *c, const game_out *out, double wall)
{
    int w = 0, d = 0, l = 0, reasons[6] = {0}, adj[3] = {0}, adj_rep = 0;
    int played = 0, pairs = 0, counts[5] = {0}, by_tables[3] = {0};
    uint64_t digest = 0;
    int side[2][3] = {{0}}; /* A as X / as O: wins, draws, losses */
    long long actions = 0;
    pstats tot[2];
    double n, score, lo, hi;
    memset(tot, 0, sizeof tot);
    for (int i = 0; i < c->games; i++) {
        const game_out *o = &out[i];
        int k = o->outcome > 0 ? 0 : o->outcome == 0 ? 1 : 2;
        if (!o->done) /* not started: the SPRT stopped the match */
            continue;
        played++;
        if (i % 2 && out[i - 1].done) {
            counts[o->outcome + out[i - 1].outcome + 2]++;
            pairs++;
        }
        by_tables[k] += o->by_tables;
        w += k == 0, d += k == 1, l += k == 2;
        side[o->a_side][k]++;
        reasons[o->reason]++;
        if (o->reason == REASON_CAP) {
            adj[k]++;
            adj_rep += o->max_reps >= 3;
        }
        actions += o->actions;
        digest = derive(digest ^ o->hash, (uint64_t)(o->outcome + 2));
        for (int p = 0; p < 2; p++) {
            const pstats *s = &o->st[p];
            tot[p].searches += s->searches;
            tot[p].nodes += s->nodes;
            tot[p].depth_sum += s->depth_sum;
            tot[p].seconds += s->seconds;
            if (s->max_seconds > tot[p].max_seconds) {
                tot[p].max_seconds = s->max_seconds;
                memcpy(tot[p].max_spn, s->max_spn, sizeof s->max_spn);
            }
        }
    }
    n = played > 0 ? played : 1;
    score = (w + d / 2.0) / n;
    wilson(score, n, &lo, &hi);

    printf("match: %s %dx%d, %d games, seed %llu, opening %d placements, cap "
           "%d actions\n",
           BENCH_PRESETS[c->preset - 1], c->size, c->size, played,
           (unsigned long long)c->seed, c->opening_plies, c->max_actions);
    printf("A: %s\nB: %s\n", c->p[0].name, c->p[1].name);
    printf("A wins %d, draws %d, losses %d  (as X: +%d =%d -%d; as O: +%d "
           "=%d -%d)\n",
           w, d, l, side[SEEGA_X][0], side[SEEGA_X][1], side[SEEGA_X][2],
           side[SEEGA_O][0], side[SEEGA_O][1], side[SEEGA_O][2]);
    printf("adjudicated at the cap: %d (A +%d =%d -%d); of these, %d with a "
           "position seen 3+ times\n",
           reasons[REASON_CAP], adj[0], adj[1], adj[2], adj_rep);
    if (c->adj_tb)
        printf("  by the tables: %d (A +%d =%d -%d), by count: %d\n",
               by_tables[0] + by_tables[1] + by_tables[2], by_tables[0],
               by_tables[1], by_tables[2],
               reasons[REASON_CAP] -
                   (by_tables[0] + by_tables[1] + by_tables[2]));
    printf("ends: material %d, blocked %d, quiet %d, both blocked %d, "
           "adjudicated %d; %.1f actions a game\n",
           reasons[SEEGA_REASON_MATERIAL], reasons[SEEGA_REASON_BLOCKED],
           reasons[SEEGA_REASON_QUIET], reasons[SEEGA_REASON_BOTH_BLOCKED],
           reasons[REASON_CAP], (double)actions / n);
    printf("score %.3f  95%% [%.3f, %.3f] (Wilson)\n", score, lo, hi);
    if (score > 0 && score < 1) {
        printf("Elo ");
        print_elo(stdout, elo(score));
        printf("  95%% [");
        print_elo(stdout, elo(lo));
        printf(", ");
        print_elo(stdout, elo(hi));
        printf("]\n");
    } else {
        printf("Elo undefined (score %s); 95%% bound ", score <= 0 ? "0" : "1");
        print_elo(stdout, elo(score <= 0 ? hi : lo));
        printf("\n");
    }
    if (pairs) {
        penta ps;
        double e, e95, los;
        penta_of(counts, &ps);
        penta_elo(&ps, &e, &e95, &los);
        printf("pairs %d, A's points 0 / 0.5 / 1 / 1.5 / 2: %d %d %d %d %d\n",
               pairs, counts[0], counts[1], counts[2], counts[3], counts[4]);
        {
            /* the interval itself, which is not symmetric in Elo */
            double se = sqrt(ps.var / ps.n);
            printf("Elo %+.1f +- %.1f, 95%% [", e, e95);
            print_elo(stdout, elo(ps.mu - Z95 * se));
            printf(", ");
            print_elo(stdout, elo(ps.mu + Z95 * se));
            printf("] (pentanomial), LOS %.1f%%\n", 100 * los);
        }
        if (c->sprt) {
            double llr = penta_llr(&ps, c->elo0, c->elo1);
            printf("SPRT elo0 %g, elo1 %g (logistic), alpha %g, beta %g: "
                   "LLR %.2f [%.2f, %.2f], %s\n",
                   c->elo0, c->elo1, c->alpha, c->beta, llr, sprt_lower(c),
                   sprt_upper(c),
                   llr >= sprt_upper(c)   ? "H1 accepted"
                   : llr <= sprt_lower(c) ? "H0 accepted"
                                          : "no decision at --games");
        }
    } else if (c->sprt) {
        printf("SPRT: no pair finished\n");
    }
    for (int p = 0; p < 2; p++) {
        const pstats *s = &tot[p];
        if (!s->searches)
            continue;
        printf("%c %-14s %8llu searches, %.2f ms/move (max %.1f ms), "
               "%.0f nodes/s, avg depth %.2f\n",
               "AB"[p], c->p[p].name, (unsigned long long)s->searches,
               1e3 * s->seconds / (double)s->searches, 1e3 * s->max_seconds,
               s->seconds > 0 ? (double)s->nodes / s->seconds : 0.0,
               (double)s->depth_sum / (double)s->searches);
        printf("  slowest move from %s\n", s->max_spn);
    }
    printf("time %.1f s (jobs %d); games digest %016llx\n", wall, c->jobs,
           (unsigned long long)digest);
}

/* ---- self test ---------------------------------------------------------- */

/* Plain minimax without pruning: what material2's alpha-beta must equal. */
static int m2_plain(seega_game *g, int depth)
{
    seega_action moves[SEEGA_MAX_ACTIONS];
    int side = seega_to_move(g), best = -M2_INF;
    int32_t n;
    if (depth == 0 || seega_result(g, NULL) != SEEGA_ONGOING)
        return m2_eval(g, side);
    n = seega_legal_moves(g, moves, SEEGA_MAX_ACTIONS);
    for (int32_t i = 0; i < n; i++) {
        int v;
        seega_play(g, moves[i]);
        v = seega_to_move(g) == side ? m2_plain(g, depth - 1)
                                     : -m2_plain(g, depth - 1);
        seega_undo(g);
        if (v > best)
            best = v;
    }
    return best;
}

/* material2 against plain minimax on positions of random games of every
 * preset (chains, passes, removals and ends included). */
static int check_material2(int *checked)
{
    int fails = 0;
    uint64_t rng = 99;
    for (int preset = 1; preset <= 4; preset++) {
        seega_rules r;
        seega_game *g;
        seega_rules_preset(&r, preset, 5);
        if (seega_new(&r, &g) != SEEGA_OK)
            return 1;
        for (int k = 0; k < 300 && seega_result(g, NULL) == SEEGA_ONGOING;
             k++) {
            seega_action moves[SEEGA_MAX_ACTIONS];
            uint64_t nodes = 0, pick = k;
            int value, want;
            int32_t n;
            if (k >= 20) {
                material2_choose(g, &pick, &nodes, &value);
                want = m2_plain(g, 2);
                (*checked)++;
                if (value != want) {
                    char spn[SEEGA_SPN_MAX];
                    seega_get_spn(g, spn, sizeof spn);
                    fprintf(stderr, "FAIL material2 %s: %d, minimax %d\n",
                            spn, value, want);
                    fails++;
                }
            }
            n = seega_legal_moves(g, moves, SEEGA_MAX_ACTIONS);
            seega_play(g, moves[rng_below(&rng, (uint32_t)n)]);
        }
        seega_free(g);
    }
    return fails;
}

static int near(double a, double b, double eps)
{
    return fabs(a - b) <= eps;
}

/* The end of the record that starts at p: where the next record's first
 * tag line starts (a line beginning with '[' after a line of moves), or
 * the end of the text. Records are separated by a blank line, but a blank
 * line also separates a record's tags from its moves. */
static const char *record_end(const char *p)
{
    int in_moves = 0;
    while (*p) {
        const char *q = p;
        while (*q == ' ' || *q == '\t' || *q == '\r')
            q++;
        if (*q == '[' && in_moves)
            return p;
        if (*q && *q != '\n' && *q != '[' && *q != ';')
            in_moves = 1;
        p = strchr(q, '\n');
        p = p ? p + 1 : q + strlen(q);
    }
    return p;
}

/* Read back the records that a match of c wrote to f, every game once:
 * each must load (seega_record_rules, seega_new, seega_record_read) to the
 * final position of the game played (its hash and, replayed here, its
 * SPN), with the game's number of actions, and tags that say who played
 * and, for a game adjudicated at the cap, the result. */
static int check_log(const config *c, FILE *f, const game_out *out,
                     int *adjudicated)
{
    int fails = 0, records = 0, seen[16] = {0};
    long size;
    char *all, *p;
    if (fflush(f) || fseek(f, 0, SEEK_END) || (size = ftell(f)) <= 0 ||
        fseek(f, 0, SEEK_SET) || !(all = (char *)malloc((size_t)size + 1))) {
        fprintf(stderr, "FAIL log: nothing written\n");
        return 1;
    }
    if (fread(all, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "FAIL log: cannot read it back\n");
        free(all);
        return 1;
    }
    all[size] = 0;
    for (p = all; *p; records++) {
        char *end = (char *)record_end(p), keep = *end, msg[SEEGA_ERROR_MAX];
        char tag[64], spn[SEEGA_SPN_MAX], want_spn[SEEGA_SPN_MAX];
        seega_rules r;
        seega_game *g = NULL;
        uint64_t h = 0;
        int round;
        tag[0] = 0;
        *end = 0;
        if (seega_record_tag(p, "Round", tag, sizeof tag) <= 0 ||
            (round = atoi(tag)) < 1 || round > c->games || round > 16 ||
            seen[round - 1]++) {
            fprintf(stderr, "FAIL log: record %d has a bad Round '%s'\n",
                    records + 1, tag);
            fails++;
        } else if (seega_record_rules(p, &r, msg, sizeof msg) != SEEGA_OK ||
                   seega_new(&r, &g) != SEEGA_OK ||
                   seega_record_read(g, p) != SEEGA_OK) {
            fprintf(stderr, "FAIL log: game %d does not read back: %s\n", round,
                    g ? seega_last_error(g) : msg);
            fails++;
        } else {
            const game_out *o = &out[round - 1];
            board b;
            game_out again;
            char err[512];
            int x_is_a = o->a_side == SEEGA_X;
            seega_hash(g, &h);
            seega_get_spn(g, spn, sizeof spn);
            /* the game once more, for its final SPN */
            if (board_open(c, &b, err, sizeof err) ||
                play_game(c, &b, round - 1, &again, err, sizeof err))
                snprintf(want_spn, sizeof want_spn, "(%.100s)", err);
            else
                seega_get_spn(b.g[0], want_spn, sizeof want_spn);
            board_close(&b);
            if (h != o->hash || strcmp(spn, want_spn) ||
                seega_history_length(g) != o->actions) {
                fprintf(stderr,
                        "FAIL log: game %d reads back as %s after %d "
                        "actions, played %s after %d\n",
                        round, spn, (int)seega_history_length(g), want_spn,
                        o->actions);
                fails++;
            }
            if (seega_record_tag(p, "Event", tag, sizeof tag) < 0 ||
                strcmp(tag, "seega-match") ||
                seega_record_tag(p, "X", tag, sizeof tag) < 0 ||
                strcmp(tag, c->p[x_is_a ? 0 : 1].name) ||
                seega_record_tag(p, "O", tag, sizeof tag) < 0 ||
                strcmp(tag, c->p[x_is_a ? 1 : 0].name) ||
                seega_record_tag(p, "Date", tag, sizeof tag) < 0 ||
                strcmp(tag, c->date)) {
                fprintf(stderr,
                        "FAIL log: game %d: wrong Event, X, O or "
                        "Date\n",
                        round);
                fails++;
            }
            if (o->reason == REASON_CAP) {
                /* A's outcome, from X's point of view */
                int x_score = x_is_a ? o->outcome : -o->outcome;
                const char *want = x_score > 0   ? "1-0"
                                   : x_score < 0 ? "0-1"
                                                 : "1/2-1/2";
                char term[64] = "";
                (*adjudicated)++;
                if (seega_result(g, NULL) != SEEGA_ONGOING ||
                    seega_record_tag(p, "Result", tag, sizeof tag) < 0 ||
                    strcmp(tag, want) ||
                    seega_record_tag(p, "Termination", term, sizeof term) < 0 ||
                    strcmp(term, "adjudication")) {
                    fprintf(stderr,
                            "FAIL log: game %d adjudicated %s is "
                            "recorded %s (%s)\n",
                            round, want, tag, term);
                    fails++;
                }
            }
        }
        seega_free(g);
        *end = keep;
        p = end;
    }
    if (records != c->games) {
        fprintf(stderr, "FAIL log: %d records for %d games\n", records,
                c->games);
        fails++;
    }
    free(all);
    return fails;
}

/* Fixed pentanomial counts with their LLR, Elo, error bar and LOS as
 * tests/bench/sprt_reference.py computes them (its output, pasted): the
 * reference finds the most likely distributions by maximizing the dual
 * (golden-section search), penta_mle_ll by the secular equation. */
static const struct {
    int n[5];
    double elo0, elo1, llr, elo, elo95, los;
} SPRT_REF[] = {
    {{10, 20, 40, 20, 10}, 0, 10,
     -0.137899222, -0.000000000, 37.442059735, 0.500000000},
    {{5, 30, 60, 40, 15}, 0, 10,
     1.514637062, 34.860070288, 27.573063738, 0.993790335},
    {{15, 40, 60, 30, 5}, 0, 10,
     -1.994209099, -34.860070288, 27.573063738, 0.006209665},
    {{0, 3, 10, 12, 5}, 0, 5,
     0.428512934, 113.920346578, 61.274733123, 0.999963091},
    {{1, 0, 2, 0, 1}, -10, 10,
     -0.000000000, -0.000000000, 296.401750185, 0.500000000},
    {{0, 0, 7, 0, 0}, 0, 10,
     -0.198563218, -0.000000000, 4.861548235, 0.500000000},
    {{120, 310, 580, 402, 160}, 0, 5,
     3.682838283, 19.026286716, 9.252641055, 0.999973196},
    {{2, 10, 30, 40, 25}, 50, 100,
     7.192113166, 129.007564599, 37.334941967, 1.000000000},
    {{30, 40, 20, 8, 2}, -100, -50,
     -8.597173214, -164.069786036, 42.244367296, 0.000000000},
};

/* The pentanomial statistics against the reference, and what follows
 * from their definitions: Wald's bounds, and the symmetry of swapping A
 * and B (counts reversed, Elo negated). */
static int check_sprt_stats(void)
{
    int fails = 0;
    config c;
    memset(&c, 0, sizeof c);
    c.alpha = c.beta = 0.05;
    if (!near(sprt_lower(&c), -2.944438979, 1e-8) ||
        !near(sprt_upper(&c), 2.944438979, 1e-8)) {
        fprintf(stderr, "FAIL SPRT bounds [%.9f, %.9f]\n", sprt_lower(&c),
                sprt_upper(&c));
        fails++;
    }
    for (size_t i = 0; i < sizeof SPRT_REF / sizeof SPRT_REF[0]; i++) {
        penta ps, rs;
        int rev[5];
        double llr, e, e95, los, rllr, re, re95, rlos;
        penta_of(SPRT_REF[i].n, &ps);
        llr = penta_llr(&ps, SPRT_REF[i].elo0, SPRT_REF[i].elo1);
        penta_elo(&ps, &e, &e95, &los);
        if (!near(llr, SPRT_REF[i].llr, 1e-6) ||
            !near(e, SPRT_REF[i].elo, 1e-6) ||
            !near(e95, SPRT_REF[i].elo95, 1e-6) ||
            !near(los, SPRT_REF[i].los, 1e-6)) {
            fprintf(stderr,
                    "FAIL SPRT case %zu: LLR %.9f Elo %.9f +- %.9f LOS %.9f, "
                    "want %.9f %.9f +- %.9f %.9f\n",
                    i, llr, e, e95, los, SPRT_REF[i].llr, SPRT_REF[i].elo,
                    SPRT_REF[i].elo95, SPRT_REF[i].los);
            fails++;
        }
        for (int k = 0; k < 5; k++)
            rev[k] = SPRT_REF[i].n[4 - k];
        penta_of(rev, &rs);
        rllr = penta_llr(&rs, -SPRT_REF[i].elo0, -SPRT_REF[i].elo1);
        penta_elo(&rs, &re, &re95, &rlos);
        if (!near(rllr, llr, 1e-9) || !near(re, -e, 1e-9) ||
            !near(re95, e95, 1e-9) || !near(rlos, 1 - los, 1e-9)) {
            fprintf(stderr, "FAIL SPRT case %zu with A and B swapped\n", i);
            fails++;
        }
    }
    return fails;
}

/* A match under the SPRT stops at the first pair after which the LLR is
 * out of its bounds: level 1 against random, H1 (+100) accepted within
 * a few pairs. */
static int check_sprt_stop(void)
{
    config c;
    game_out out[40];
    char err[512];
    int counts[5] = {0}, played = 0, fails = 0;
    memset(&c, 0, sizeof c);
    c.preset = SEEGA_CLASSIC;
    c.size = 5;
    seega_rules_preset(&c.rules, c.preset, c.size);
    c.games = 40;
    c.jobs = 1;
    c.quiet = 1;
    c.seed = 7;
    c.opening_plies = 4;
    c.max_actions = 400;
    c.sprt = 1;
    c.elo0 = 0;
    c.elo1 = 100;
    c.alpha = c.beta = 0.05;
    parse_player("level=1", &c.p[0], err, sizeof err);
    parse_player("random", &c.p[1], err, sizeof err);
    memset(out, 0, sizeof out);
    if (run_match(&c, out, err, sizeof err)) {
        fprintf(stderr, "FAIL SPRT match: %s\n", err);
        return 1;
    }
    for (int i = 0; i < c.games; i++)
        played += out[i].done;
    for (int i = 0; i + 1 < played; i += 2) {
        penta ps;
        double llr;
        counts[out[i].outcome + out[i + 1].outcome + 2]++;
        penta_of(counts, &ps);
        llr = penta_llr(&ps, c.elo0, c.elo1);
        /* inside the bounds after every pair but the last; after the
         * last, at or above the upper one (H1) */
        int inside = llr > sprt_lower(&c) && llr < sprt_upper(&c);
        if ((i + 2 < played) != inside ||
            (i + 2 >= played && llr < sprt_upper(&c))) {
            fprintf(stderr, "FAIL SPRT: LLR %.2f after pair %d of %d\n", llr,
                    i / 2 + 1, played / 2);
            fails++;
        }
    }
    if (played % 2 || played < 2 || played >= c.games) {
        fprintf(stderr, "FAIL SPRT: stopped after %d games\n", played);
        fails++;
    }
    return fails;
}

/* Remove a directory of files that this program made (the tables). */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *ent;
    char path[512];
    if (!d)
        return;
    while ((ent = readdir(d)))
        if (strcmp(ent->d_name, ".") && strcmp(ent->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
            remove(path);
        }
    closedir(d);
    remove(dir);
}

/* Adjudication by the tables: a covered position where the count and the
 * tables disagree is scored as the tables say; without tables, or above
 * them, by the count. The tables (CLASSIC up to 3 a side, about a second)
 * are generated into a temporary directory. */
static int check_tables_adjudication(void)
{
    seega_rules r;
    seega_tablebase *tb = NULL;
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    char dir[] = "/tmp/seega-match-XXXXXX", msg[SEEGA_ERROR_MAX];
    seega_game *g = NULL;
    config c;
    uint64_t rng = 3;
    int fails = 0, found = 0, tw, cw;
    seega_rules_preset(&r, SEEGA_CLASSIC, 5);
    opt.threads = 1;
    if (!mkdtemp(dir) || seega_tb_generate(&r, 3, dir, &opt, msg, sizeof msg) ||
        seega_tb_open(&r, dir, &tb, msg, sizeof msg) || seega_new(&r, &g)) {
        fprintf(stderr, "FAIL tables for the adjudication: %s\n", msg);
        fails = 1;
        goto done;
    }
    memset(&c, 0, sizeof c);
    c.rules = r;
    /* random 2v2 to 3v3 positions, X to move, where the tables' winner
     * is not the count's: a draw, and a win of either side */
    for (int k = 0; k < 20000 && found < 2; k++) {
        char spn[64], sq[25];
        int nx = 2 + (int)rng_below(&rng, 2), no = 2 + (int)rng_below(&rng, 2);
        int pos = 0;
        seega_tb_entry e;
        game_out o;
        memset(sq, 0, sizeof sq);
        for (int placed = 0; placed < nx + no;) {
            uint32_t at = rng_below(&rng, 25);
            if (!sq[at])
                sq[at] = placed++ < nx ? 'x' : 'o';
        }
        for (int rank = 0; rank < 5; rank++) {
            int run = 0;
            for (int f = 0; f < 5; f++) {
                char ch = sq[rank * 5 + f];
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
        snprintf(spn + pos, sizeof spn - (size_t)pos, "x 0 0 0 -");
        e.version = SEEGA_TB_ENTRY_VERSION;
        if (seega_set_spn(g, spn) || seega_result(g, NULL) != SEEGA_ONGOING ||
            seega_tb_probe(tb, g, &e))
            continue;
        tw = e.value == SEEGA_TB_WIN ? SEEGA_X : e.value ? SEEGA_O : -1;
        cw = nx > no ? SEEGA_X : nx < no ? SEEGA_O : -1;
        if (tw == cw || found >= 2 || (found == 0) != (tw < 0))
            continue;
        /* the tables and the count disagree: first a draw (the count
         * says X wins 3v2, O 2v3), then a win for either side (3v3,
         * a draw by count) */
        found++;
        memset(&o, 0, sizeof o);
        c.adj_tb = tb;
        if (adjudicate(&c, g, &o, msg, sizeof msg) != tw || !o.by_tables ||
            o.tb_distance != e.distance) {
            fprintf(stderr, "FAIL %s is not adjudicated by the tables\n", spn);
            fails++;
        }
        memset(&o, 0, sizeof o);
        c.adj_tb = NULL;
        if (adjudicate(&c, g, &o, msg, sizeof msg) != cw || o.by_tables) {
            fprintf(stderr, "FAIL %s is not adjudicated by count\n", spn);
            fails++;
        }
    }
    if (found < 2) {
        fprintf(stderr, "FAIL no position where tables and count disagree\n");
        fails++;
    }
    {
        /* the start of the moving phase: above the tables, by count */
        game_out o;
        memset(&o, 0, sizeof o);
        c.adj_tb = tb;
        if (seega_set_spn(g, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -") ||
            adjudicate(&c, g, &o, msg, sizeof msg) != -1 || o.by_tables) {
            fprintf(stderr, "FAIL 12v12 not adjudicated by count\n");
            fails++;
        }
    }
done:
    seega_free(g);
    seega_tb_close(tb);
    remove_dir(dir);
    return fails;
}

static int selftest(void)
{
    int fails = 0;
    double lo, hi;
    char err[512];
    /* Wilson intervals, from the closed forms (z = 1.95996). */
    static const struct {
        double k, n, lo, hi;
    } W[] = {
        {0, 10, 0.0, 0.277533},  {10, 10, 0.722467, 1.0},
        {50, 100, 0.403832, 0.596168}, {5, 10, 0.236593, 0.763407},
        {1, 10, 0.017876, 0.404150},   {75, 100, 0.656955, 0.824548},
    };
    for (size_t i = 0; i < sizeof W / sizeof W[0]; i++) {
        wilson(W[i].k / W[i].n, W[i].n, &lo, &hi);
        if (!near(lo, W[i].lo, 1e-5) || !near(hi, W[i].hi, 1e-5)) {
            fprintf(stderr, "FAIL wilson %g/%g: [%.6f, %.6f], want [%.6f, %.6f]\n",
                    W[i].k, W[i].n, lo, hi, W[i].lo, W[i].hi);
            fails++;
        }
    }
    if (!near(elo(0.5), 0, 1e-9) || !near(elo(0.75), 190.848501, 1e-5) ||
        !near(elo(0.25), -190.848501, 1e-5) ||
        !near(elo(10.0 / 11), 400, 1e-9) || !isinf(elo(0)) || elo(0) > 0 ||
        !isinf(elo(1)) || elo(1) < 0) {
        fprintf(stderr, "FAIL elo\n");
        fails++;
    }
    fails += check_sprt_stats();
    fails += check_sprt_stop();
    fails += check_tables_adjudication();
    {
        int checked = 0;
        fails += check_material2(&checked);
        if (checked < 100) {
            fprintf(stderr, "FAIL material2 checked on %d positions only\n",
                    checked);
            fails++;
        }
    }
    /* Four quick games random vs random, with one job and with two: the
     * same games; then material2 vs level 1, two games. */
    {
        config c;
        game_out a[4], b[4];
        memset(&c, 0, sizeof c);
        c.preset = SEEGA_CLASSIC;
        c.size = 5;
        seega_rules_preset(&c.rules, c.preset, c.size);
        c.games = 4;
        c.jobs = 1;
        c.quiet = 1;
        c.seed = 12345;
        c.opening_plies = 4;
        c.max_actions = 400;
        parse_player("random", &c.p[0], err, sizeof err);
        parse_player("random", &c.p[1], err, sizeof err);
        if (run_match(&c, a, err, sizeof err)) {
            fprintf(stderr, "FAIL random match: %s\n", err);
            return 1;
        }
        /* with two jobs, logged: the records come in the order the
         * games finish */
        c.jobs = 2;
        today(c.date, sizeof c.date);
        if (!(c.log = tmpfile())) {
            fprintf(stderr, "FAIL no temporary file for --log\n");
            return 1;
        }
        if (run_match(&c, b, err, sizeof err)) {
            fprintf(stderr, "FAIL random match, 2 jobs: %s\n", err);
            return 1;
        }
        {
            int adjudicated = 0;
            game_out capped[2];
            fails += check_log(&c, c.log, b, &adjudicated);
            fclose(c.log);
            /* and two games cut short at 30 actions (the placing phase
             * is 24): adjudicated, with a result the rules did not give */
            c.games = 2;
            c.jobs = 1;
            c.max_actions = 30;
            c.log = tmpfile();
            if (!c.log || run_match(&c, capped, err, sizeof err)) {
                fprintf(stderr, "FAIL capped match: %s\n", c.log ? err : "");
                return 1;
            }
            fails += check_log(&c, c.log, capped, &adjudicated);
            fclose(c.log);
            c.log = NULL;
            c.games = 4;
            c.max_actions = 400;
            c.jobs = 2;
            if (adjudicated < 2) {
                fprintf(stderr, "FAIL log: %d adjudicated games read back\n",
                        adjudicated);
                fails++;
            }
        }
        for (int i = 0; i < 4; i++) {
            if (!a[i].done || a[i].actions < 24 ||
                a[i].a_side != (i % 2 ? SEEGA_O : SEEGA_X)) {
                fprintf(stderr, "FAIL game %d not played right\n", i + 1);
                fails++;
            }
            if (a[i].hash != b[i].hash || a[i].outcome != b[i].outcome ||
                a[i].actions != b[i].actions) {
                fprintf(stderr, "FAIL game %d differs with 2 jobs\n", i + 1);
                fails++;
            }
        }
        c.games = 2;
        c.jobs = 1;
        c.max_actions = 120;
        parse_player("material2", &c.p[0], err, sizeof err);
        parse_player("level=1", &c.p[1], err, sizeof err);
        if (run_match(&c, a, err, sizeof err)) {
            fprintf(stderr, "FAIL material2 vs level=1: %s\n", err);
            return 1;
        }
        if (!a[0].done || !a[1].done || !a[0].st[0].searches ||
            !a[0].st[1].searches) {
            fprintf(stderr, "FAIL material2 vs level=1 not played right\n");
            fails++;
        }
    }
    {
        player p;
        static const char *const bad[] = {"", "level=0", "level=4", "depth=",
                                          "depth=x", "threads=2", "foo=1",
                                          "randomx", "nodes=-1", "time=1e3"};
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
            if (parse_player(bad[i], &p, err, sizeof err) == 0) {
                fprintf(stderr, "FAIL player '%s' accepted\n", bad[i]);
                fails++;
            }
    }
    printf("selftest: %s\n", fails ? "FAILED" : "ok");
    return fails ? 1 : 0;
}

/* ---- command line ------------------------------------------------------- */

static void usage(FILE *f)
{
    fprintf(f,
        "usage: seega-match [options] --a PLAYER --b PLAYER\n"
        "       seega-match --selftest\n"
        "\n"
        "options:\n"
        "  --preset NAME        classic, diagonal, modern, traditional "
        "(default classic)\n"
        "  --size N             5, 7 or 9 (default 5)\n"
        "  --games N            games to play (default 100); game 2k: A is "
        "X, 2k+1: A is O\n"
        "  --seed S             seed of the openings and the players "
        "(default 1)\n"
        "  --opening-plies K    random placements before the players take "
        "over, the same\n"
        "                       for both games of a pair (default 2*(N-3), "
        "+4 with opening squares)\n"
        "  --max-actions M      adjudicate a game by count after M actions "
        "(default 16*N*N)\n"
        "  --threads T          search threads of each searching player "
        "(default 1)\n"
        "  --jobs J             games played at the same time (default 1)\n"
        "  --quiet              no progress line per game\n"
        "  --log FILE           write every game to FILE as a game record "
        "(docs/records.md)\n"
        "  --sprt E0,E1         stop when the SPRT of Elo E1 against E0 "
        "(logistic) decides,\n"
        "                       on pairs' pentanomial counts (fishtest); "
        "--games is the most\n"
        "                       (default then 20000)\n"
        "  --alpha A, --beta B  the SPRT's error rates (default 0.05 each)\n"
        "  --tables PATH        adjudicate at the cap by the tables where they "
        "cover the\n"
        "                       position (a directory or a pack), else by "
        "count\n"
        "  --selftest           check the statistics, play a few quick games "
        "and read\n"
        "                       their records back\n"
        "\n"
        "players:\n"
        "  random               a uniformly random legal action\n"
        "  material2            depth-2 material-only alpha-beta (like "
        "Ludii's agent)\n"
        "  level=N              seega_search at level N (1..3)\n"
        "  depth=D, time=MS, nodes=N\n"
        "                       full-strength seega_search with that limit\n"
        "  keys combine with commas, e.g. level=2,time=50 or "
        "depth=6,threads=2,tt=64;\n"
        "  tables=PATH attaches tables to the player's search\n");
}

static int known_option(const char *name)
{
    static const char *const OPTS[] = {
        "--a",    "--b",    "--preset",        "--size",        "--games",
        "--seed", "--jobs", "--opening-plies", "--max-actions", "--threads",
        "--log",  "--sprt", "--alpha",         "--beta",        "--tables"};
    for (size_t i = 0; i < sizeof OPTS / sizeof OPTS[0]; i++)
        if (!strcmp(name, OPTS[i]))
            return 1;
    return 0;
}

static int fail_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "seega-match: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n\n");
    usage(stderr);
    return 2;
}

int main(int argc, char **argv)
{
    config c;
    const char *a = NULL, *b = NULL;
    char err[512];
    long long v;
    game_out *out;
    double t0;
    const char *log_path = NULL, *tables = NULL;
    seega_tablebase *tbs[3] = {NULL, NULL, NULL};
    int opening = -1, cap = -1, rc, games_set = 0;
    memset(&c, 0, sizeof c);
    c.preset = SEEGA_CLASSIC;
    c.size = 5;
    c.games = 100;
    c.jobs = 1;
    c.threads = 1;
    c.seed = 1;
    c.alpha = c.beta = 0.05;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = NULL, *eq;
        char name[32];
        if (!strcmp(opt, "--selftest"))
            return selftest();
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(opt, "--quiet")) {
            c.quiet = 1;
            continue;
        }
        if (strncmp(opt, "--", 2) != 0)
            return fail_usage("unexpected argument '%s'", opt);
        /* --name VALUE or --name=VALUE */
        eq = strchr(opt, '=');
        if (eq) {
            if ((size_t)(eq - opt) >= sizeof name)
                return fail_usage("unknown option '%s'", opt);
            memcpy(name, opt, (size_t)(eq - opt));
            name[eq - opt] = 0;
            val = eq + 1;
        } else {
            if (strlen(opt) >= sizeof name)
                return fail_usage("unknown option '%s'", opt);
            strcpy(name, opt);
            if (!known_option(name))
                return fail_usage("unknown option '%s'", opt);
            if (i + 1 >= argc)
                return fail_usage("option '%s' needs a value", opt);
            val = argv[++i];
        }
        if (!strcmp(name, "--a") || !strcmp(name, "--b")) {
            *(name[2] == 'a' ? &a : &b) = val;
        } else if (!strcmp(name, "--preset")) {
            if (!(c.preset = bench_preset_of(val)))
                return fail_usage("unknown preset '%s'", val);
        } else if (!strcmp(name, "--size")) {
            if (parse_count(val, 9, &v) || (v != 5 && v != 7 && v != 9))
                return fail_usage("--size must be 5, 7 or 9 (got '%s')", val);
            c.size = (int)v;
        } else if (!strcmp(name, "--games")) {
            if (parse_count(val, MAX_GAMES, &v) || v < 1)
                return fail_usage("--games must be 1 .. 1000000 (got '%s')", val);
            c.games = (int)v;
            games_set = 1;
        } else if (!strcmp(name, "--seed")) {
            char *end;
            errno = 0;
            if (*val == '-' || !*val)
                return fail_usage("--seed must be a number (got '%s')", val);
            c.seed = strtoull(val, &end, 0);
            if (errno || *end)
                return fail_usage("--seed must be a number (got '%s')", val);
        } else if (!strcmp(name, "--opening-plies")) {
            if (parse_count(val, 100, &v))
                return fail_usage("--opening-plies must be 0 .. 100 (got '%s')",
                                  val);
            opening = (int)v;
        } else if (!strcmp(name, "--max-actions")) {
            if (parse_count(val, 100000000, &v) || v < 1)
                return fail_usage("--max-actions must be positive (got '%s')",
                                  val);
            cap = (int)v;
        } else if (!strcmp(name, "--threads")) {
            if (parse_count(val, 64, &v) || v < 1)
                return fail_usage("--threads must be 1 .. 64 (got '%s')", val);
            c.threads = (int)v;
        } else if (!strcmp(name, "--log")) {
            log_path = val;
        } else if (!strcmp(name, "--tables")) {
            tables = val;
        } else if (!strcmp(name, "--sprt")) {
            char *end;
            c.elo0 = strtod(val, &end);
            if (end == val || *end != ',' ||
                (c.elo1 = strtod(end + 1, &end), *end) || !isfinite(c.elo0) ||
                !isfinite(c.elo1) || c.elo0 >= c.elo1 || c.elo0 <= -2000 ||
                c.elo1 >= 2000)
                return fail_usage("--sprt needs ELO0,ELO1 with ELO0 < ELO1, "
                                  "within -2000 .. 2000 (got '%s')",
                                  val);
            c.sprt = 1;
        } else if (!strcmp(name, "--alpha") || !strcmp(name, "--beta")) {
            char *end;
            double x = strtod(val, &end);
            if (end == val || *end || !(x > 0 && x < 0.5))
                return fail_usage("--alpha and --beta must be in (0, 0.5) "
                                  "(got '%s')",
                                  val);
            *(name[2] == 'a' ? &c.alpha : &c.beta) = x;
        } else if (!strcmp(name, "--jobs")) {
            if (parse_count(val, MAX_JOBS, &v) || v < 1)
                return fail_usage("--jobs must be 1 .. 64 (got '%s')", val);
            c.jobs = (int)v;
        } else {
            return fail_usage("unknown option '%s'", opt);
        }
    }
    if (!a || !b)
        return fail_usage("%s", "both players are needed: --a PLAYER --b PLAYER");
    if (parse_player(a, &c.p[0], err, sizeof err) ||
        parse_player(b, &c.p[1], err, sizeof err))
        return fail_usage("%s", err);
    if (seega_rules_preset(&c.rules, c.preset, c.size) != SEEGA_OK)
        return fail_usage("%s", "bad preset or size");
    c.opening_plies = opening >= 0 ? opening
                                   : 2 * (c.size - 3) +
                                         (c.rules.opening_squares ? 4 : 0);
    c.max_actions = cap > 0 ? cap : 16 * c.size * c.size;
    if (c.sprt && !games_set)
        c.games = SPRT_GAMES; /* the SPRT decides when to stop */
    /* The tables: --tables for the adjudication, tables= for a player. */
    for (int k = 0; k < 3; k++) {
        const char *path = k == 2 ? tables : c.p[k].tables[0] ? c.p[k].tables
                                                               : NULL;
        char msg[SEEGA_ERROR_MAX];
        if (path && seega_tb_open(&c.rules, path, &tbs[k], msg, sizeof msg)) {
            fprintf(stderr, "seega-match: tables %s: %s\n", path, msg);
            for (int j = 0; j < k; j++)
                seega_tb_close(tbs[j]);
            return 1;
        }
    }
    c.ptb[0] = tbs[0];
    c.ptb[1] = tbs[1];
    c.adj_tb = tbs[2];

    out = (game_out *)calloc((size_t)c.games, sizeof *out);
    if (!out) {
        fprintf(stderr, "seega-match: out of memory\n");
        for (int k = 0; k < 3; k++)
            seega_tb_close(tbs[k]);
        return 1;
    }
    today(c.date, sizeof c.date);
    if (log_path && !(c.log = fopen(log_path, "w"))) {
        fprintf(stderr, "seega-match: cannot write %s: %s\n", log_path,
                strerror(errno));
        free(out);
        for (int k = 0; k < 3; k++)
            seega_tb_close(tbs[k]);
        return 1;
    }
    t0 = bench_now();
    rc = run_match(&c, out, err, sizeof err);
    if (rc)
        fprintf(stderr, "seega-match: %s\n", err);
    else
        report(&c, out, bench_now() - t0);
    if (c.log && fclose(c.log) != 0 && !rc) {
        fprintf(stderr, "seega-match: error writing %s\n", log_path);
        rc = 1;
    }
    free(out);
    for (int k = 0; k < 3; k++)
        seega_tb_close(tbs[k]);
    return rc ? 1 : 0;
}

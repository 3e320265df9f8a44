/*
 * seega-bench: the library and the naive reference (tests/reference) side
 * by side, in one run, on the same work:
 *   - perft on the start position and on the moving positions of
 *     positions.txt (leaves per second);
 *   - random playouts from the start (actions per second);
 * per preset and board size, with the ratio library / reference.
 *
 *   seega-bench [positions.txt]           the whole table
 *   seega-bench perft PRESET SIZE DEPTH [SPN...]
 *   seega-bench playouts PRESET SIZE COUNT [SEED]
 *   seega-bench search [positions.txt]    search: time to depth, nodes/s
 *   seega-bench random [COUNT [SEED]]     perft on random moving positions
 *   seega-bench nodes [first-moving.txt]  perft per node, library and reference
 *
 * The two single modes run the library only and print what they counted
 * and the seconds it took;
 * tests/bench/callgrind.sh runs them under callgrind for instruction
 * counts. Not a test: speed is measured here, never asserted.
 */
#define _POSIX_C_SOURCE 200809L
#include <seega.h>

#include "bench_util.h"
#include "reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MIN_SECONDS 0.1 /* each measurement repeats until this long */
#define REPEATS 3         /* library and reference, interleaved; medians */

static seega_rules rules_of(int variant, int size)
{
    seega_rules r;
    if (seega_rules_preset(&r, variant, size) != SEEGA_OK) {
        fprintf(stderr, "bad preset or size\n");
        exit(2);
    }
    return r;
}

static seega_game *lib_game(const seega_rules *r, const char *spn)
{
    seega_game *g;
    if (seega_new(r, &g) != SEEGA_OK || (spn && seega_set_spn(g, spn))) {
        fprintf(stderr, "library refused %s\n", spn ? spn : "the rules");
        exit(1);
    }
    return g;
}

/* ---- the reference's playouts: the same kind of work, naively ---------- */

static uint64_t xs(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static uint64_t ref_playouts(const seega_rules *r, uint64_t seed,
                             uint32_t count, uint32_t max_actions)
{
    static char texts[SEEGA_MAX_ACTIONS][8];
    uint64_t s = seed | 1, actions = 0;
    ref_game *start = ref_new(r);
    for (uint32_t i = 0; i < count; i++) {
        ref_game *g = ref_clone(start);
        for (uint32_t k = 0; k < max_actions; k++) {
            int n = ref_legal(g, texts, SEEGA_MAX_ACTIONS);
            if (n == 0)
                break;
            ref_play(g, texts[xs(&s) % (uint64_t)n]);
            actions++;
        }
        ref_free(g);
    }
    ref_free(start);
    return actions;
}

/* ---- measurements ---------------------------------------------------------- */

typedef struct {
    double work;    /* leaves or actions per run */
    double seconds; /* per run */
} measure;

static measure lib_perft(const seega_rules *r, const char *spn, int depth)
{
    seega_game *g = lib_game(r, spn);
    uint64_t n = 0;
    int runs = 0;
    double t0 = bench_now(), t;
    do {
        seega_perft(g, depth, &n);
        runs++;
    } while ((t = bench_now() - t0) < MIN_SECONDS);
    seega_free(g);
    return (measure){(double)n, t / runs};
}

static measure ref_perft_m(const seega_rules *r, const char *spn, int depth)
{
    ref_game *g = ref_new(r);
    uint64_t n = 0;
    int runs = 0;
    double t0 = bench_now(), t;
    if (spn && ref_set_spn(g, spn)) {
        fprintf(stderr, "reference refused %s\n", spn);
        exit(1);
    }
    do {
        n = ref_perft(g, depth);
        runs++;
    } while ((t = bench_now() - t0) < MIN_SECONDS);
    ref_free(g);
    return (measure){(double)n, t / runs};
}

#define PLAYOUT_CAP 3000

static measure lib_playouts(const seega_rules *r, uint32_t count)
{
    seega_game *g = lib_game(r, NULL);
    seega_playout_stats st;
    uint64_t seed = 1;
    int runs = 0;
    double t0 = bench_now(), t, work = 0;
    st.version = SEEGA_PLAYOUT_STATS_VERSION;
    do {
        seega_playouts(g, seed++, count, PLAYOUT_CAP, &st);
        work += (double)st.actions;
        runs++;
    } while ((t = bench_now() - t0) < MIN_SECONDS);
    seega_free(g);
    return (measure){work / runs, t / runs};
}

static measure ref_playouts_m(const seega_rules *r, uint32_t count)
{
    uint64_t seed = 1;
    int runs = 0;
    double t0 = bench_now(), t, work = 0;
    do {
        work += (double)ref_playouts(r, seed++, count, PLAYOUT_CAP);
        runs++;
    } while ((t = bench_now() - t0) < MIN_SECONDS);
    return (measure){work / runs, t / runs};
}

static double rate(measure m) { return m.work / m.seconds; }

/* One line of a positions file (positions.txt's format: preset, size,
 * depth, SPN); 0 for a comment or a line that is not one. */
typedef struct {
    char name[32];
    int size, depth;
    char spn[256];
} bench_line;

static int read_line(const char *line, bench_line *b)
{
    return line[0] != '#' && sscanf(line, "%31s %d %d %255[^\n]", b->name,
                                    &b->size, &b->depth, b->spn) == 4;
}

/* One row's work: perft (spn NULL: the start) or playouts (count > 0). */
typedef struct {
    const seega_rules *r;
    const char *spn;
    int depth;
    uint32_t lib_count, ref_count;
} job;

static measure job_run(const job *j, int lib)
{
    if (j->lib_count)
        return lib ? lib_playouts(j->r, j->lib_count)
                   : ref_playouts_m(j->r, j->ref_count);
    return lib ? lib_perft(j->r, j->spn, j->depth)
               : ref_perft_m(j->r, j->spn, j->depth);
}

static double median3(double a, double b, double c)
{
    return a > b ? (b > c ? b : a > c ? c : a) : (a > c ? a : b > c ? c : b);
}

/* The library and the reference REPEATS times each, alternating, so that a
 * burst of load elsewhere hits one run of either, not a whole side: the
 * medians of their rates in *a and *b; returns the work of one run. */
static double side_by_side(const job *j, double *a, double *b)
{
    double lib[REPEATS], ref[REPEATS], work = 0;
    for (int i = 0; i < REPEATS; i++) {
        measure m = job_run(j, 1);
        work = m.work;
        lib[i] = rate(m);
        ref[i] = rate(job_run(j, 0));
    }
    *a = median3(lib[0], lib[1], lib[2]);
    *b = median3(ref[0], ref[1], ref[2]);
    return work;
}

/* One row of the table: side_by_side and the ratio of the medians. */
static void row(const char *preset, int size, const char *what, const job *j,
                double *log_sum, int *rows)
{
    double a, b, work = side_by_side(j, &a, &b);
    printf("%-11s %dx%d  %-22s %12.0f  %9.2f M/s  %9.3f M/s  %7.1fx\n",
           preset, size, size, what, work, a / 1e6, b / 1e6, a / b);
    fflush(stdout);
    *log_sum += log(a / b);
    (*rows)++;
}

/* ---- search: time to depth and nodes per second, 1 and 2 threads ------ */

/* The median of n (n <= 16) times. */
static double median(double *t, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
            double x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* One search of g to `depth` with `threads`; its time in seconds. */
static double timed_search(seega_game *g, int depth, int threads,
                           seega_search_result *res)
{
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    l.depth = depth;
    l.threads = threads;
    res->version = SEEGA_SEARCH_RESULT_VERSION;
    double t0 = bench_now();
    seega_search(g, &l, res);
    return bench_now() - t0;
}

/*
 * One row: the median time over SEARCH_RUNS searches with 1 and with 2
 * threads, the runs interleaved (1, 2, 1, 2, ...) so that a change in the
 * machine's load hits both alike; then the speed-up t1 / t2. The first
 * search of a game allocates its table, so it is not timed.
 */
#define SEARCH_RUNS 7
static double search_row(const char *preset, int size, const char *what,
                         const seega_rules *r, const char *spn)
{
    seega_game *g[2];
    seega_search_result res;
    double t[2][SEARCH_RUNS], med[2];
    uint64_t nodes[2] = {0, 0};
    int32_t reached[2] = {0, 0};
    int depth = 0;
    /* the first depth that takes one thread 0.1 s or more (a shorter
     * search measures little but the clock), at most 20 */
    g[0] = lib_game(r, spn);
    g[1] = lib_game(r, spn);
    timed_search(g[0], 1, 1, &res);
    timed_search(g[1], 1, 2, &res);
    for (int d = 1; !depth && d <= 20; d++)
        if (timed_search(g[0], d, 1, &res) >= 0.1 || d == 20 || res.proven)
            depth = d;
    printf("%-11s %dx%d  %-9s", preset, size, size, what);
    for (int i = 0; i < SEARCH_RUNS; i++)
        for (int k = 0; k < 2; k++) {
            t[k][i] = timed_search(g[k], depth, k + 1, &res);
            nodes[k] += res.nodes;
            reached[k] = res.depth;
        }
    for (int k = 0; k < 2; k++) {
        med[k] = median(t[k], SEARCH_RUNS);
        double total = 0;
        for (int i = 0; i < SEARCH_RUNS; i++)
            total += t[k][i];
        printf("  d%-2d %7.4f s %6.2f Mn/s", (int)reached[k], med[k],
               (double)nodes[k] / total / 1e6);
        seega_free(g[k]);
    }
    printf("  %5.2fx\n", med[0] / med[1]);
    fflush(stdout);
    return med[0] / med[1];
}

/* The speed-ups so far: their log sum, the lowest, how many below 1. */
typedef struct speedups {
    double log_sum, worst;
    int rows, slower;
} speedups;

static void tally(speedups *u, double x)
{
    u->log_sum += log(x);
    u->worst = x < u->worst ? x : u->worst;
    u->slower += x < 1;
    u->rows++;
}

static int search_table(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[512];
    speedups u = {0, 1e9, 0, 0};
    if (!f) {
        perror(path);
        return 1;
    }
    printf("search to a fixed depth (the first that takes one thread 0.1 s "
           "or more):\nmedian time of %d runs and nodes per second, with 1 "
           "and 2 threads,\nand the speed-up t1 / t2\n\n"
           "%-11s %-5s %-9s  %-27s  %-27s  %s\n",
           SEARCH_RUNS, "preset", "size", "position", "1 thread",
           "2 threads", "speed-up");
    for (int v = 1; v <= 4; v++) {
        for (int size = 5; size <= 9; size += 2) {
            seega_rules r = rules_of(v, size);
            tally(&u,
                  search_row(BENCH_PRESETS[v - 1], size, "start", &r, NULL));
            rewind(f);
            int k = 0;
            while (fgets(line, sizeof line, f)) {
                bench_line b;
                char what[32];
                if (!read_line(line, &b) || bench_preset_of(b.name) != v ||
                    b.size != size || ++k > 1)
                    continue;
                snprintf(what, sizeof what, "moving#%d", k);
                tally(&u,
                      search_row(BENCH_PRESETS[v - 1], size, what, &r, b.spn));
            }
        }
    }
    fclose(f);
    printf("\n2 threads vs 1: geometric mean speed-up %.2fx, lowest %.2fx, "
           "slower on %d of %d positions\n",
           exp(u.log_sum / u.rows), u.worst, u.slower, u.rows);
    return 0;
}

static int table(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[512];
    double log_sum = 0;
    int rows = 0;
    static const int start_depth[10] = {0, 0, 0, 0, 0, 5, 0, 4, 0, 3};
    static const uint32_t lib_count[10] = {0, 0, 0, 0, 0, 400, 0, 100, 0, 40};
    static const uint32_t ref_count[10] = {0, 0, 0, 0, 0, 8, 0, 2, 0, 1};
    if (!f) {
        perror(path);
        return 1;
    }
    printf("libseega %s, perft leaves and playout actions per second\n\n",
           SEEGA_VERSION_STRING);
    printf("%-11s %-5s %-22s %12s  %13s  %13s  %8s\n", "preset", "size",
           "benchmark", "work", "library", "reference", "ratio");
    for (int v = 1; v <= 4; v++) {
        for (int size = 5; size <= 9; size += 2) {
            seega_rules r = rules_of(v, size);
            char what[64];
            int d = start_depth[size];
            snprintf(what, sizeof what, "perft start d%d", d);
            job j = {&r, NULL, d, 0, 0};
            row(BENCH_PRESETS[v - 1], size, what, &j, &log_sum, &rows);
            rewind(f);
            int k = 0;
            while (fgets(line, sizeof line, f)) {
                bench_line b;
                if (!read_line(line, &b) || bench_preset_of(b.name) != v ||
                    b.size != size)
                    continue;
                snprintf(what, sizeof what, "perft moving#%d d%d", ++k,
                         b.depth);
                j = (job){&r, b.spn, b.depth, 0, 0};
                row(BENCH_PRESETS[v - 1], size, what, &j, &log_sum, &rows);
            }
            snprintf(what, sizeof what, "playouts from start");
            j = (job){&r, NULL, 0, lib_count[size], ref_count[size]};
            row(BENCH_PRESETS[v - 1], size, what, &j, &log_sum, &rows);
        }
    }
    fclose(f);
    printf("\ngeometric mean of the ratios: %.1fx over %d rows\n",
           exp(log_sum / rows), rows);
    return 0;
}

/* ---- perft on random moving positions (not chosen in advance) ---------- */

/*
 * A moving-phase position reached by random play from the start: the
 * placing to its end, then 0-39 random actions; written as SPN into spn.
 * 0 if the game ended on the way.
 */
static int random_position(const seega_rules *r, uint64_t *s, char *spn,
                           size_t cap)
{
    seega_game *g = lib_game(r, NULL);
    seega_action list[SEEGA_MAX_ACTIONS];
    int extra = (int)(xs(s) % 40), ok = 1;
    while (ok && (seega_phase(g) == SEEGA_PHASE_PLACING || extra-- > 0)) {
        int32_t n = seega_legal_moves(g, list, SEEGA_MAX_ACTIONS);
        ok = n > 0 && seega_play(g, list[xs(s) % (uint64_t)n]) == SEEGA_OK;
    }
    ok = ok && seega_result(g, NULL) == SEEGA_ONGOING &&
         seega_get_spn(g, spn, cap) > 0;
    seega_free(g);
    return ok;
}

/*
 * perft from `count` random moving positions per preset and size, each at
 * the first depth (up to 9) where one run of the reference takes 10 ms or
 * more: the library and the reference side by side as in the table (the
 * ratio per position), the counts compared, and per preset and size the
 * geometric mean, the lowest and the highest ratio.
 */
static int random_table(int count, uint64_t seed)
{
    double all_log = 0;
    int all_rows = 0;
    printf("libseega %s, perft on %d random moving positions per preset and "
           "size (seed %llu)\n\n%-11s %-5s %-5s %12s  %13s  %13s  %8s  %s\n",
           SEEGA_VERSION_STRING, count, (unsigned long long)seed, "preset",
           "size", "depth", "leaves", "library", "reference", "ratio",
           "position");
    for (int v = 1; v <= 4; v++) {
        for (int size = 5; size <= 9; size += 2) {
            seega_rules r = rules_of(v, size);
            uint64_t s = seed * 0x9E3779B97F4A7C15u + (uint64_t)(v * 16 + size);
            s = s ? s : 1; /* xorshift stays at 0 */
            double log_sum = 0, lo = 1e300, hi = 0;
            for (int i = 0; i < count;) {
                char spn[SEEGA_SPN_MAX];
                if (!random_position(&r, &s, spn, sizeof spn))
                    continue;
                ref_game *g = ref_new(&r);
                if (!g || ref_set_spn(g, spn)) {
                    fprintf(stderr, "reference refused %s\n", spn);
                    ref_free(g);
                    return 1;
                }
                int depth = 0;
                uint64_t n = 0, lib_n = 0;
                double t;
                do {
                    double t0 = bench_now();
                    n = ref_perft(g, ++depth);
                    t = bench_now() - t0;
                } while (t < 0.01 && depth < 9);
                ref_free(g);
                if (n == 0) /* every line ends early: nothing to time */
                    continue;
                i++;
                seega_game *lg = lib_game(&r, spn);
                int32_t rc = seega_perft(lg, depth, &lib_n);
                seega_free(lg);
                if (rc != SEEGA_OK) {
                    fprintf(stderr, "seega_perft: %s\n", seega_status_text(rc));
                    return 1;
                }
                if (lib_n != n) {
                    fprintf(stderr, "perft %d differs (library %llu, "
                            "reference %llu): %s\n", depth,
                            (unsigned long long)lib_n, (unsigned long long)n,
                            spn);
                    return 1;
                }
                job j = {&r, spn, depth, 0, 0};
                double a, b;
                side_by_side(&j, &a, &b);
                double x = a / b;
                printf("%-11s %dx%d  d%-4d %12llu  %9.2f M/s  %9.3f M/s  "
                       "%7.1fx  %s\n",
                       BENCH_PRESETS[v - 1], size, size, depth,
                       (unsigned long long)n, a / 1e6, b / 1e6, x, spn);
                fflush(stdout);
                log_sum += log(x);
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
            }
            printf("%-11s %dx%d  geometric mean %.1fx, lowest %.1fx, "
                   "highest %.1fx\n\n",
                   BENCH_PRESETS[v - 1], size, size, exp(log_sum / count), lo,
                   hi);
            all_log += log_sum;
            all_rows += count;
        }
    }
    printf("geometric mean of the ratios: %.1fx over %d positions\n",
           exp(all_log / all_rows), all_rows);
    return 0;
}

/* ---- perft per node: where a node's cost decides ------------------------ */

/* The positions perft visits with one ply or more to go, counted through
 * the reference (a node whose game is over counts too: perft asks it for
 * its actions). */
static uint64_t ref_nodes(ref_game *g, int depth)
{
    char texts[SEEGA_MAX_ACTIONS][8];
    uint64_t n = 1;
    if (depth <= 1)
        return depth == 1;
    int k = ref_legal(g, texts, SEEGA_MAX_ACTIONS);
    for (int i = 0; i < k; i++) {
        ref_play(g, texts[i]);
        n += ref_nodes(g, depth - 1);
        ref_undo(g);
    }
    return n;
}

/*
 * Per position of the file (in the format of positions.txt): perft's
 * leaves and nodes, and the time per node of the library and of the
 * reference, side by side as in the table. In a narrow tree (few leaves a
 * node) what a node costs, not what a leaf costs, decides the ratio.
 */
static int nodes_table(const char *path)
{
    FILE *f = fopen(path, "r");
    char line[512];
    if (!f) {
        perror(path);
        return 1;
    }
    printf("libseega %s, perft per node (a node: a position perft visits "
           "with a ply or more to go)\n\n%-11s %-5s %-5s %10s %8s %7s  "
           "%12s  %12s  %7s\n",
           SEEGA_VERSION_STRING, "preset", "size", "depth", "leaves", "nodes",
           "l/node", "library", "reference", "ratio");
    while (fgets(line, sizeof line, f)) {
        bench_line pl;
        int v;
        if (!read_line(line, &pl))
            continue;
        if (!(v = bench_preset_of(pl.name)) || pl.depth < 1) {
            fprintf(stderr, "%s: bad line: %s", path, line);
            fclose(f);
            return 1;
        }
        seega_rules r = rules_of(v, pl.size);
        ref_game *g = ref_new(&r);
        if (!g || ref_set_spn(g, pl.spn)) {
            fprintf(stderr, "reference refused %s\n", pl.spn);
            ref_free(g);
            fclose(f);
            return 1;
        }
        double nodes = (double)ref_nodes(g, pl.depth);
        uint64_t ref_leaves = ref_perft(g, pl.depth);
        ref_free(g);
        job j = {&r, pl.spn, pl.depth, 0, 0};
        double a, b, leaves = side_by_side(&j, &a, &b);
        if (leaves != (double)ref_leaves) {
            fprintf(stderr, "perft %d differs (library %.0f, reference "
                    "%llu): %s\n", pl.depth, leaves,
                    (unsigned long long)ref_leaves, pl.spn);
            fclose(f);
            return 1;
        }
        if (leaves == 0) { /* every line ends early: nothing to time */
            printf("%-11s %dx%d  d%-4d %10d  (no leaves)\n", pl.name,
                   pl.size, pl.size, pl.depth, 0);
            continue;
        }
        printf("%-11s %dx%d  d%-4d %10.0f %8.0f %7.1f  %7.2f ns/n  %7.1f "
               "ns/n  %6.1fx\n",
               pl.name, pl.size, pl.size, pl.depth, leaves, nodes,
               leaves / nodes, leaves / a / nodes * 1e9,
               leaves / b / nodes * 1e9, a / b);
        fflush(stdout);
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 5 && !strcmp(argv[1], "perft")) {
        seega_rules r = rules_of(bench_preset_of(argv[2]), atoi(argv[3]));
        uint64_t total = 0, n;
        int depth = atoi(argv[4]);
        double t0 = bench_now();
        if (argc == 5) {
            seega_game *g = lib_game(&r, NULL);
            seega_perft(g, depth, &total);
            seega_free(g);
        }
        for (int i = 5; i < argc; i++) {
            seega_game *g = lib_game(&r, argv[i]);
            seega_perft(g, depth, &n);
            total += n;
            seega_free(g);
        }
        printf("leaves %llu\nseconds %.6f\n", (unsigned long long)total,
               bench_now() - t0);
        return 0;
    }
    if (argc >= 5 && !strcmp(argv[1], "playouts")) {
        seega_rules r = rules_of(bench_preset_of(argv[2]), atoi(argv[3]));
        seega_game *g = lib_game(&r, NULL);
        seega_playout_stats st;
        st.version = SEEGA_PLAYOUT_STATS_VERSION;
        double t0 = bench_now();
        seega_playouts(g, argc > 5 ? strtoull(argv[5], NULL, 10) : 1,
                       (uint32_t)atoi(argv[4]), PLAYOUT_CAP, &st);
        printf("actions %llu\nseconds %.6f\n", (unsigned long long)st.actions,
               bench_now() - t0);
        seega_free(g);
        return 0;
    }
    if (argc >= 2 && argc <= 4 && !strcmp(argv[1], "random")) {
        int count = argc > 2 ? atoi(argv[2]) : 10;
        if (count < 1) {
            fprintf(stderr, "random: COUNT must be 1 or more\n");
            return 2;
        }
        return random_table(count, argc > 3 ? strtoull(argv[3], NULL, 10) : 1);
    }
    if (argc >= 2 && argc <= 3 && !strcmp(argv[1], "nodes"))
        return nodes_table(argc > 2 ? argv[2] : SEEGA_BENCH_FIRST_MOVING);
    if (argc >= 2 && !strcmp(argv[1], "search"))
        return search_table(argc > 2 ? argv[2] : SEEGA_BENCH_POSITIONS);
    if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
        fprintf(stderr,
                "usage: %s [positions.txt]\n"
                "       %s perft PRESET SIZE DEPTH [SPN...]\n"
                "       %s playouts PRESET SIZE COUNT [SEED]\n"
                "       %s search [positions.txt]\n"
                "       %s random [COUNT [SEED]]\n"
                "       %s nodes [first-moving.txt]\n",
                argv[0], argv[0], argv[0], argv[0], argv[0], argv[0]);
        return 2;
    }
    return table(argc == 2 ? argv[1] : SEEGA_BENCH_POSITIONS);
}

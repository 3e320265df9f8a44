/*
 * seega-tb: generate, probe and summarise 5x5 endgame tablebases
 * (docs/tablebases.md).
 *
 *   seega-tb generate RULES MAX DIR [--threads N] [--batch N] [--quiet]
 *   seega-tb bench RULES MAX DIR [--threads N] [--batch N]
 *   seega-tb probe DIR SPN...
 *   seega-tb stats DIR
 *   seega-tb verify DIR
 *
 * RULES is a rules text ("classic 5", "traditional 5"); MAX the most
 * pieces a side; N threads (default: every core online, at most 64; one
 * in the MPI build). probe prints one line per SPN: `win|draw|loss
 * DISTANCE ACTION` (DISTANCE `-` for a draw, ACTION `-` once the game is
 * over). verify checks every tier against one ply of lookahead
 * (seega_tb_verify). bench generates into a new directory inside DIR,
 * prints the rate and the bytes exchanged of each pair of tiers, and
 * removes it.
 *
 * Built with -DSEEGA_MPI=ON, the same program is also seega-tb-mpi: run
 * under mpirun (or srun), generate and bench spread the work over the
 * ranks (seega_tb_generate_cluster over MPI_Alltoallv,
 * docs/distributed.md); --batch sets the values a rank gathers before an
 * exchange. The other commands run on rank 0.
 *
 * The exit status is 0 on success, 1 on a failure (with a message on
 * stderr), 2 on a usage error.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <seega.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef SEEGA_TB_MPI
#include <limits.h>
#include <mpi.h>
#endif

/* This process among the ranks (one without MPI). */
static int rank = 0, ranks = 1;
/* Bytes this rank sent to the others, by SEEGA_TB_EXCHANGE_* kind. */
static unsigned long long sent[3];

#ifdef SEEGA_TB_MPI
/* The exchange of seega_tb_generate_cluster: one MPI_Alltoallv, or where
 * an offset would not fit an int, one MPI_Sendrecv a peer. */
static int32_t mpi_exchange(void *user, int32_t kind, const void *send,
                            const uint64_t *send_bytes, void *recv,
                            const uint64_t *recv_bytes)
{
    (void)user;
    int *sc = malloc(4 * (size_t)ranks * sizeof *sc);
    if (!sc)
        return -1;
    int *sd = sc + ranks, *rc = sd + ranks, *rd = rc + ranks;
    uint64_t so = 0, ro = 0;
    for (int r = 0; r < ranks; r++) {
        if (r != rank)
            sent[kind] += send_bytes[r];
        sc[r] = (int)send_bytes[r];
        rc[r] = (int)recv_bytes[r];
        sd[r] = so <= INT_MAX ? (int)so : -1;
        rd[r] = ro <= INT_MAX ? (int)ro : -1;
        so += send_bytes[r];
        ro += recv_bytes[r];
    }
    int err;
    if (so <= INT_MAX && ro <= INT_MAX) {
        err = MPI_Alltoallv(send, sc, sd, MPI_BYTE, recv, rc, rd, MPI_BYTE,
                            MPI_COMM_WORLD);
    } else {
        /* Step k: send to rank + k, receive from rank - k. */
        err = MPI_SUCCESS;
        for (int k = 0; k < ranks && err == MPI_SUCCESS; k++) {
            int to = (rank + k) % ranks, from = (rank - k + ranks) % ranks;
            uint64_t at_s = 0, at_r = 0;
            for (int r = 0; r < to; r++)
                at_s += send_bytes[r];
            for (int r = 0; r < from; r++)
                at_r += recv_bytes[r];
            err = MPI_Sendrecv((const char *)send + at_s, sc[to], MPI_BYTE,
                               to, 0, (char *)recv + at_r, rc[from],
                               MPI_BYTE, from, 0, MPI_COMM_WORLD,
                               MPI_STATUS_IGNORE);
        }
    }
    free(sc);
    return err == MPI_SUCCESS ? 0 : -1;
}
#endif

/* Generate as this process's rank (alone without MPI). */
static int32_t generate(const seega_rules *rules, int max, const char *dir,
                        const seega_tb_options *opt, uint32_t batch,
                        char *msg, size_t cap)
{
    seega_tb_cluster cl = {SEEGA_TB_CLUSTER_VERSION, rank, ranks, NULL, NULL,
                           batch};
#ifdef SEEGA_TB_MPI
    cl.exchange = mpi_exchange;
#endif
    return seega_tb_generate_cluster(rules, max, dir, opt, &cl, msg, cap);
}

/* Report a failed generation: the message of a failure on any rank,
 * which every rank has, once; a failure of this rank alone (its message
 * does not name a rank) ends the whole job. */
static int generate_failed(const char *msg)
{
    if (ranks > 1 && strncmp(msg, "rank ", 5) != 0) {
        fprintf(stderr, "seega-tb: rank %d: %s\n", rank, msg);
#ifdef SEEGA_TB_MPI
        MPI_Abort(MPI_COMM_WORLD, 1);
#endif
    }
    if (rank == 0)
        fprintf(stderr, "seega-tb: %s\n", msg);
    return 1;
}

static int usage(void)
{
    if (rank != 0)
        return 2;
    fprintf(stderr,
            "usage: seega-tb generate RULES MAX DIR [--threads N] [--batch N] "
            "[--quiet]\n"
            "       seega-tb bench RULES MAX DIR [--threads N] [--batch N]\n"
            "       seega-tb probe DIR SPN...\n"
            "       seega-tb stats DIR\n"
            "       seega-tb verify DIR\n");
    return 2;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* What a pair of tiers took: filled by the progress callback. */
#define MAX_PAIRS 100
typedef struct {
    int mover, other;
    unsigned long long slots;
    double seconds;
    unsigned long long bytes[3]; /* sent by this rank, by kind */
} pair_figures;

typedef struct {
    double start, pair_start;
    int print;       /* print the progress */
    unsigned long long at_start[3];
    int npairs;
    pair_figures pair[MAX_PAIRS];
} progress_state;

static void on_progress(void *user, const seega_tb_progress *p)
{
    progress_state *ps = user;
    switch (p->stage) {
    case SEEGA_TB_STAGE_START:
        ps->pair_start = now();
        memcpy(ps->at_start, sent, sizeof sent);
        if (ps->print)
            fprintf(stderr, "tiers %dv%d and %dv%d: %llu slots\n",
                    (int)p->mover, (int)p->other, (int)p->other,
                    (int)p->mover, (unsigned long long)p->slots);
        break;
    case SEEGA_TB_STAGE_DONE:
        if (ps->npairs < MAX_PAIRS) {
            pair_figures *f = &ps->pair[ps->npairs++];
            f->mover = (int)p->mover;
            f->other = (int)p->other;
            f->slots = (unsigned long long)p->slots;
            f->seconds = now() - ps->pair_start;
            for (int k = 0; k < 3; k++)
                f->bytes[k] = sent[k] - ps->at_start[k];
        }
        if (ps->print)
            fprintf(stderr,
                    "tiers %dv%d and %dv%d: done in %.1f s (%.1f s in all)\n",
                    (int)p->mover, (int)p->other, (int)p->other,
                    (int)p->mover, now() - ps->pair_start,
                    now() - ps->start);
        break;
    case SEEGA_TB_STAGE_FOUND:
        if (ps->print)
            fprintf(stderr, "tiers %dv%d and %dv%d: on disk, kept\n",
                    (int)p->mover, (int)p->other, (int)p->other,
                    (int)p->mover);
        break;
    default: break;
    }
}

/* The arguments of generate and bench. */
typedef struct {
    seega_rules rules;
    int max;
    const char *dir;
    seega_tb_options opt;
    uint32_t batch;
    int quiet;
} gen_args;

/* 0, or the exit status of a bad command line. */
static int parse_gen(int argc, char **argv, int quiet_ok, gen_args *ga)
{
    if (argc < 5)
        return usage();
    char msg[SEEGA_ERROR_MAX];
    if (seega_rules_from_text(argv[2], &ga->rules, msg, sizeof msg) !=
        SEEGA_OK) {
        if (rank == 0)
            fprintf(stderr, "seega-tb: %s\n", msg);
        return 1;
    }
    char *end;
    long max = strtol(argv[3], &end, 10);
    if (*end || end == argv[3] || max < 0 || max > 99) {
        if (rank == 0)
            fprintf(stderr, "seega-tb: MAX must be a number of pieces: %s\n",
                    argv[3]);
        return 2;
    }
    ga->max = (int)max;
    ga->dir = argv[4];
    ga->opt = (seega_tb_options)SEEGA_TB_OPTIONS_INIT;
    ga->batch = 0;
    ga->quiet = 0;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    ga->opt.threads = cores < 1 ? 1 : cores > 64 ? 64 : (int32_t)cores;
#ifdef SEEGA_TB_MPI
    ga->opt.threads = 1; /* one rank a core */
#endif
    for (int i = 5; i < argc; i++) {
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            ga->opt.threads = (int32_t)strtol(argv[++i], &end, 10);
            if (*end) {
                if (rank == 0)
                    fprintf(stderr, "seega-tb: bad thread count\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--batch") == 0 && i + 1 < argc) {
            unsigned long b = strtoul(argv[++i], &end, 10);
            if (*end || b > SEEGA_TB_BATCH_MAX) {
                if (rank == 0)
                    fprintf(stderr, "seega-tb: --batch takes 0..%d\n",
                            SEEGA_TB_BATCH_MAX);
                return 2;
            }
            ga->batch = (uint32_t)b;
        } else if (quiet_ok && strcmp(argv[i], "--quiet") == 0) {
            ga->quiet = 1;
        } else {
            return usage();
        }
    }
    return 0;
}

static int cmd_generate(int argc, char **argv)
{
    gen_args ga;
    int rc = parse_gen(argc, argv, 1, &ga);
    if (rc)
        return rc;
    static progress_state ps;
    ps.start = ps.pair_start = now();
    ps.print = !ga.quiet && rank == 0;
    ga.opt.progress = on_progress;
    ga.opt.progress_user = &ps;
    char msg[SEEGA_ERROR_MAX];
    if (generate(&ga.rules, ga.max, ga.dir, &ga.opt, ga.batch, msg,
                 sizeof msg) != SEEGA_OK)
        return generate_failed(msg);
    if (ps.print)
        fprintf(stderr, "done in %.1f s\n", now() - ps.start);
    return 0;
}

/* Remove the tables bench wrote, and its directory. */
static void remove_bench_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        int n = snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (n > 0 && (size_t)n < sizeof path)
            remove(path);
    }
    closedir(d);
    remove(dir);
}

/*
 * bench: generate into a new directory inside DIR and print, for each
 * pair of tiers and in all: the positions (used slots) and slots, the
 * seconds (rank 0's clock), the positions a second in all and a rank,
 * and the bytes the ranks sent each other a position: the values that
 * cross a rank boundary, the tables gathered to rank 0, and the control
 * steps.
 */
static int cmd_bench(int argc, char **argv)
{
    gen_args ga;
    int rc = parse_gen(argc, argv, 0, &ga);
    if (rc)
        return rc;
    char dir[4096] = "";
    if (rank == 0) {
        int n = snprintf(dir, sizeof dir, "%s/seega-tb-bench.XXXXXX", ga.dir);
        if (n < 0 || (size_t)n >= sizeof dir || !mkdtemp(dir)) {
            fprintf(stderr, "seega-tb: cannot make a directory in %s\n",
                    ga.dir);
            dir[0] = '\0';
        }
    }
#ifdef SEEGA_TB_MPI
    MPI_Bcast(dir, (int)sizeof dir, MPI_CHAR, 0, MPI_COMM_WORLD);
#endif
    if (!dir[0])
        return 1;
    static progress_state ps;
    ps.start = ps.pair_start = now();
    ga.opt.progress = on_progress;
    ga.opt.progress_user = &ps;
    char msg[SEEGA_ERROR_MAX];
    int32_t st = generate(&ga.rules, ga.max, dir, &ga.opt, ga.batch, msg,
                          sizeof msg);
    double total_s = now() - ps.start;
    if (st != SEEGA_OK) {
        if (rank == 0)
            remove_bench_dir(dir);
        return generate_failed(msg);
    }
    /* the bytes of every rank, summed on rank 0 */
    unsigned long long bytes[MAX_PAIRS][3];
    for (int i = 0; i < ps.npairs; i++)
        memcpy(bytes[i], ps.pair[i].bytes, sizeof bytes[i]);
#ifdef SEEGA_TB_MPI
    MPI_Reduce(rank == 0 ? MPI_IN_PLACE : bytes, bytes, 3 * ps.npairs,
               MPI_UNSIGNED_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
#endif
    if (rank != 0)
        return 0;
    seega_tablebase *tb = NULL;
    if (seega_tb_open(&ga.rules, dir, &tb, msg, sizeof msg) != SEEGA_OK) {
        fprintf(stderr, "seega-tb: %s\n", msg);
        remove_bench_dir(dir);
        return 1;
    }
    char text[SEEGA_RULES_TEXT_MAX];
    seega_rules_to_text(&ga.rules, text, sizeof text);
    printf("seega-tb bench: %s, tiers up to %dv%d, %d rank%s x %d thread%s, "
           "batch %u\n",
           text, ga.max, ga.max, ranks, ranks == 1 ? "" : "s",
           (int)(ga.opt.threads ? ga.opt.threads : 1),
           ga.opt.threads > 1 ? "s" : "",
           (unsigned)(ga.batch ? ga.batch : 4194304u));
    printf("%-5s %12s %12s %8s %12s %12s %8s %8s %8s\n", "pair", "positions",
           "slots", "seconds", "pos/s", "pos/s/rank", "upd B/p", "tab B/p",
           "ctl B/p");
    unsigned long long all_pos = 0, all_slots = 0, all_b[3] = {0, 0, 0};
    double all_s = 0;
    for (int i = 0; i <= ps.npairs; i++) {
        unsigned long long pos = 0, slots, *b;
        double s;
        char name[16];
        if (i < ps.npairs) {
            const pair_figures *f = &ps.pair[i];
            for (int k = 0; k < 2; k++) {
                seega_tb_tier ti;
                ti.version = SEEGA_TB_TIER_VERSION;
                if (seega_tb_tier_info(tb, k ? f->other : f->mover,
                                       k ? f->mover : f->other,
                                       &ti) == SEEGA_OK &&
                    (k == 0 || f->mover != f->other))
                    pos += ti.positions;
            }
            slots = f->slots;
            s = f->seconds;
            b = bytes[i];
            snprintf(name, sizeof name, "%dv%d", f->mover, f->other);
            all_pos += pos;
            all_slots += slots;
            all_s += s;
            for (int k = 0; k < 3; k++)
                all_b[k] += b[k];
        } else {
            pos = all_pos;
            slots = all_slots;
            s = all_s;
            b = all_b;
            snprintf(name, sizeof name, "all");
        }
        double per = pos ? 1.0 / (double)pos : 0;
        printf("%-5s %12llu %12llu %8.2f %12.0f %12.0f %8.3f %8.3f %8.3f\n",
               name, pos, slots, s, s > 0 ? pos / s : 0,
               s > 0 ? pos / s / ranks : 0, b[SEEGA_TB_EXCHANGE_UPDATES] * per, b[SEEGA_TB_EXCHANGE_TABLES] * per,
               b[SEEGA_TB_EXCHANGE_CONTROL] * per);
    }
    printf("wall %.2f s\n", total_s);
    seega_tb_close(tb);
    remove_bench_dir(dir);
    return 0;
}

/* The rules of the tables in dir, from their file names
 * (RULES.UvT.sgtb, RULES with '+' for spaces): 0, or 1 with a message. */
static int rules_in_dir(const char *dir, seega_rules *rules)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "seega-tb: cannot read %s\n", dir);
        return 1;
    }
    char found[SEEGA_RULES_TEXT_MAX] = "";
    int several = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *name = e->d_name;
        size_t n = strlen(name);
        if (n < 10 || strcmp(name + n - 5, ".sgtb") != 0)
            continue;
        const char *dot = strchr(name, '.');
        if (!dot || (size_t)(dot - name) >= sizeof found)
            continue;
        char text[SEEGA_RULES_TEXT_MAX];
        memcpy(text, name, (size_t)(dot - name));
        text[dot - name] = '\0';
        if (found[0] && strcmp(found, text) != 0)
            several = 1;
        else
            strcpy(found, text);
    }
    closedir(d);
    if (!found[0]) {
        fprintf(stderr, "seega-tb: no tables in %s\n", dir);
        return 1;
    }
    if (several) {
        fprintf(stderr, "seega-tb: %s holds tables of several rule sets\n",
                dir);
        return 1;
    }
    for (char *c = found; *c; c++)
        if (*c == '+')
            *c = ' ';
    char msg[SEEGA_ERROR_MAX];
    if (seega_rules_from_text(found, rules, msg, sizeof msg) != SEEGA_OK) {
        fprintf(stderr, "seega-tb: %s: %s\n", found, msg);
        return 1;
    }
    return 0;
}

static int open_dir(const char *dir, seega_rules *rules, seega_tablebase **tb)
{
    if (rules_in_dir(dir, rules))
        return 1;
    char msg[SEEGA_ERROR_MAX];
    if (seega_tb_open(rules, dir, tb, msg, sizeof msg) != SEEGA_OK) {
        fprintf(stderr, "seega-tb: %s\n", msg);
        return 1;
    }
    return 0;
}

static int cmd_probe(int argc, char **argv)
{
    if (argc < 4)
        return usage();
    seega_rules rules;
    seega_tablebase *tb;
    if (open_dir(argv[2], &rules, &tb))
        return 1;
    seega_game *g;
    if (seega_new(&rules, &g) != SEEGA_OK) {
        seega_tb_close(tb);
        fprintf(stderr, "seega-tb: out of memory\n");
        return 1;
    }
    int rc = 0;
    for (int i = 3; i < argc && rc == 0; i++) {
        seega_tb_entry e = {SEEGA_TB_ENTRY_VERSION, 0, 0, 0};
        if (seega_set_spn(g, argv[i]) != SEEGA_OK ||
            seega_tb_probe(tb, g, &e) != SEEGA_OK) {
            fprintf(stderr, "seega-tb: %s: %s\n", argv[i], seega_last_error(g));
            rc = 1;
            break;
        }
        char act[SEEGA_ACTION_TEXT_MAX] = "-", dist[16] = "-";
        if (e.best)
            seega_action_to_text(g, e.best, act, sizeof act);
        if (e.value != SEEGA_TB_DRAW)
            snprintf(dist, sizeof dist, "%d", (int)e.distance);
        printf("%s %s %s\n",
               e.value == SEEGA_TB_WIN    ? "win"
               : e.value == SEEGA_TB_LOSS ? "loss"
                                          : "draw",
               dist, act);
    }
    seega_free(g);
    seega_tb_close(tb);
    return rc;
}

static int cmd_stats(int argc, char **argv)
{
    if (argc != 3)
        return usage();
    seega_rules rules;
    seega_tablebase *tb;
    if (open_dir(argv[2], &rules, &tb))
        return 1;
    char text[SEEGA_RULES_TEXT_MAX];
    seega_rules_to_text(&rules, text, sizeof text);
    int maxp = seega_tb_max_pieces(tb);
    printf("rules: %s\nmax pieces a side: %d\n", text, maxp);
    if (rules.quiet_limit)
        printf("values at quiet counter 0; distances in quiet turns to the "
               "capture or end\nthat settles the result (at most %d)\n",
               (int)rules.quiet_limit);
    printf("\n");
    printf("%-6s %14s %14s %14s %14s %6s  %s\n", "tier", "positions", "wins",
           "draws", "losses", "max", "longest win (side to move: x)");
    unsigned long long all[4] = {0, 0, 0, 0};
    for (int total = 0; total <= 2 * maxp; total++)
        for (int u = 0; u <= maxp; u++) {
            int t = total - u;
            seega_tb_tier ti;
            ti.version = SEEGA_TB_TIER_VERSION;
            if (t < 0 || seega_tb_tier_info(tb, u, t, &ti) != SEEGA_OK)
                continue;
            char tier[32];
            snprintf(tier, sizeof tier, "%dv%d", u, t);
            printf("%-6s %14llu %14llu %14llu %14llu %6d  %s\n", tier,
                   (unsigned long long)ti.positions,
                   (unsigned long long)ti.wins, (unsigned long long)ti.draws,
                   (unsigned long long)ti.losses, (int)ti.longest_win,
                   ti.longest_win_spn);
            all[0] += ti.positions;
            all[1] += ti.wins;
            all[2] += ti.draws;
            all[3] += ti.losses;
        }
    printf("%-6s %14llu %14llu %14llu %14llu\n", "all", all[0], all[1], all[2],
           all[3]);
    seega_tb_close(tb);
    return 0;
}

static int cmd_verify(int argc, char **argv)
{
    if (argc != 3)
        return usage();
    seega_rules rules;
    seega_tablebase *tb;
    if (open_dir(argv[2], &rules, &tb))
        return 1;
    int maxp = seega_tb_max_pieces(tb), rc = 0;
    for (int total = 0; total <= 2 * maxp && rc == 0; total++)
        for (int u = 0; u <= maxp && rc == 0; u++) {
            char msg[SEEGA_ERROR_MAX];
            uint64_t n;
            double t0 = now();
            int32_t st = seega_tb_verify(tb, u, total - u, &n, msg, sizeof msg);
            if (st == SEEGA_E_NOT_COVERED)
                continue;
            if (st != SEEGA_OK) {
                fprintf(stderr, "seega-tb: %s\n", msg);
                rc = 1;
                break;
            }
            printf("tier %dv%d: %llu positions consistent (%.1f s)\n", u,
                   total - u, (unsigned long long)n, now() - t0);
        }
    seega_tb_close(tb);
    return rc;
}

static int run(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    if (strcmp(argv[1], "generate") == 0)
        return cmd_generate(argc, argv);
    if (strcmp(argv[1], "bench") == 0)
        return cmd_bench(argc, argv);
    if (rank != 0) /* the other commands run on rank 0 */
        return 0;
    if (strcmp(argv[1], "probe") == 0)
        return cmd_probe(argc, argv);
    if (strcmp(argv[1], "stats") == 0)
        return cmd_stats(argc, argv);
    if (strcmp(argv[1], "verify") == 0)
        return cmd_verify(argc, argv);
    return usage();
}

int main(int argc, char **argv)
{
#ifdef SEEGA_TB_MPI
    int level;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &level);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    int rc = run(argc, argv);
    MPI_Finalize();
    return rc;
#else
    return run(argc, argv);
#endif
}

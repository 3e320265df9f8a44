/*
 * seega-tb: generate, probe and summarise 5x5 endgame tablebases
 * (docs/tablebases.md).
 *
 *   seega-tb generate RULES MAX DIR [--threads N] [--quiet]
 *   seega-tb bench RULES MAX DIR [--threads N]
 *   seega-tb probe DIR SPN... [--rules RULES]
 *   seega-tb stats DIR [--rules RULES]
 *   seega-tb verify DIR [--rules RULES]
 *   seega-tb pack DIR MAX FILE [--rules RULES]
 *   seega-tb --help
 *
 * RULES is a rules text of 5x5 rules ("classic 5", "traditional 5"); MAX
 * the most pieces a side, lose_at+1 .. 12; DIR a directory ("" is
 * refused: "." is the current one); N threads, 1 .. 64 (default: every
 * core online, at most 64; one in the MPI build). generate reports each
 * pair of tiers on stderr, and the sweep under way within a pair: on a
 * terminal one status line rewritten in place, otherwise a line at most
 * every 5 s; --quiet prints errors only. probe prints one line per SPN:
 * `win|draw|loss DISTANCE ACTION` (DISTANCE `-` for a draw, ACTION `-`
 * once the game is over). verify checks every tier against one ply of
 * lookahead (seega_tb_verify). pack writes the tiers up to MAX a side
 * into one compressed pack FILE (seega_tb_pack), which probe, stats and
 * verify read in place of DIR. probe, stats, verify and pack read the
 * one rule set whose tables DIR holds, or the one --rules names when it
 * holds several; a pack file's rules are --rules, or else its name
 * (RULES.sgtbpack, '+' for spaces, as seega-tb pack names its example). bench generates into a new directory inside DIR, prints the
 * rate and the bytes exchanged of each pair of tiers, and removes it.
 *
 * Built with -DSEEGA_MPI=ON, the same program is also seega-tb-mpi: run
 * under mpirun (or srun), generate and bench spread the work over the
 * ranks (seega_tb_generate_cluster over MPI_Alltoallv,
 * docs/distributed.md), and take --batch B, the values a rank gathers
 * before an exchange (0 .. SEEGA_TB_BATCH_MAX, 0 for the default). The
 * other commands run on rank 0. Every rank checks the command line; a
 * usage error is printed once, by rank 0, and every rank exits with 2.
 *
 * The exit status is 0 on success, 1 on a failure (with a message on
 * stderr), 2 on a usage error (a bad or empty argument, MAX out of range
 * for the rules, a directory with the tables of several rule sets and no
 * --rules); under MPI every rank exits with the same status.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L
#include <seega.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
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

#ifdef SEEGA_TB_MPI
#define PROG "seega-tb-mpi"
#define BATCH_OPT " [--batch B]"
#else
#define PROG "seega-tb"
#define BATCH_OPT ""
#endif

static void print_usage(FILE *f)
{
    fprintf(f,
            "usage: " PROG " generate RULES MAX DIR [--threads N]" BATCH_OPT
            " [--quiet]\n"
            "       " PROG " bench RULES MAX DIR [--threads N]" BATCH_OPT "\n"
            "       " PROG " probe DIR SPN... [--rules RULES]\n"
            "       " PROG " stats DIR [--rules RULES]\n"
            "       " PROG " verify DIR [--rules RULES]\n"
            "       " PROG " pack DIR MAX FILE [--rules RULES]\n"
            "       " PROG " --help\n"
            "RULES: a rules text of 5x5 rules (\"classic 5\", \"traditional "
            "5\"); MAX: pieces a side,\n"
            "lose_at+1 .. %d; DIR: a directory (\".\" for the current one), "
            "or a pack FILE for probe,\nstats, verify and pack; N: threads, "
            "1 .. 64\n"
            "(default: %s)."
#ifdef SEEGA_TB_MPI
            " B: values a rank gathers before an exchange, 0 .. %d\n"
            "(0: the default, 4194304)."
#endif
            " --rules picks the rule set of DIR's tables when it\n"
            "holds several. Exit status: 0 success, 1 failure, 2 usage "
            "error.\n",
            SEEGA_TB_MAX_PIECES,
#ifdef SEEGA_TB_MPI
            "1 a rank", SEEGA_TB_BATCH_MAX
#else
            "every core online"
#endif
    );
}

/* A usage error: the usage on stderr (from rank 0 only: every rank checks
 * the same command line), exit status 2. */
static int usage(void)
{
    if (rank == 0)
        print_usage(stderr);
    return 2;
}

/* A usage error with its reason (on rank 0), exit status 2. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int bad_usage(const char *fmt, ...)
{
    if (rank == 0) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "seega-tb: ");
        vfprintf(stderr, fmt, ap);
        fprintf(stderr, "\n(" PROG " --help for the usage)\n");
        va_end(ap);
    }
    return 2;
}

/* A whole number lo .. hi, in decimal digits only: 0, or -1. */
static int parse_number(const char *s, long lo, long hi, long *out)
{
    if (!isdigit((unsigned char)s[0]) &&
        !(s[0] == '-' && isdigit((unsigned char)s[1])))
        return -1;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* RULES: a rules text of 5x5 rules; 0, or 2 after a message. */
static int parse_rules(const char *text, seega_rules *rules)
{
    char msg[SEEGA_ERROR_MAX];
    if (seega_rules_from_text(text, rules, msg, sizeof msg) != SEEGA_OK)
        return bad_usage("bad rules '%s': %s", text, msg);
    if (rules->board_size != 5)
        return bad_usage("tables are for 5x5 rules only (got '%s')", text);
    return 0;
}

/* DIR: any name but "" (which would mean the root); 0, or 2. */
static int check_dir(const char *dir)
{
    if (!dir[0])
        return bad_usage("the directory is empty: name one (\".\" for the "
                         "current one)");
    return 0;
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

/* The least time between two lines of progress within a pair, and
 * between two updates of the status line on a terminal. */
#define PLAIN_EVERY 5.0
#define STATUS_EVERY 0.25

typedef struct {
    double start, pair_start;
    int print;       /* print the progress */
    int tty;         /* stderr is a terminal: a status line in place */
    int status_len;  /* the status line on the terminal, 0 for none */
    double last_line;  /* when a line was last printed */
    double last_status; /* when the status line was last rewritten */
    double mark;       /* the last START or LEVEL: a sweep begins after */
    double last_work;  /* the last STAGE_WORK */
    double sweep_start; /* when the sweep under way began, about */
    int sweep_level;    /* its level (-1: none yet in this pair) */
    uint64_t sweep_done;
    unsigned long long at_start[3];
    int npairs;
    pair_figures pair[MAX_PAIRS];
} progress_state;

/* The progress of generate and bench (one generation a process). */
static progress_state prog;

/* Erase the status line from the terminal, before any other line. */
static void status_clear(progress_state *ps)
{
    if (ps->status_len) {
        fprintf(stderr, "\r%*s\r", ps->status_len, "");
        ps->status_len = 0;
    }
}

/* A line of progress: the status line rewritten in place on a terminal
 * (cut to its width), else a line. */
static void progress_line(progress_state *ps, const char *line, int status)
{
    int n = (int)strlen(line);
    if (status && ps->tty) {
#ifdef TIOCGWINSZ
        struct winsize ws;
        if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 &&
            n > ws.ws_col - 1)
            n = ws.ws_col - 1;
#endif
        fprintf(stderr, "\r%.*s", n, line);
        if (ps->status_len > n)
            fprintf(stderr, "%*s", ps->status_len - n, "");
        ps->status_len = n;
        ps->last_status = now();
        fflush(stderr);
        return;
    }
    status_clear(ps);
    fprintf(stderr, "%s\n", line);
    ps->last_line = now();
}

static void on_progress(void *user, const seega_tb_progress *p)
{
    progress_state *ps = user;
    char line[256];
    int mover = (int)p->mover, other = (int)p->other;
    switch (p->stage) {
    case SEEGA_TB_STAGE_START:
        /* no status line before the pair has run STATUS_EVERY */
        ps->pair_start = ps->mark = ps->last_status = now();
        ps->sweep_level = -1;
        memcpy(ps->at_start, sent, sizeof sent);
        if (ps->print) {
            snprintf(line, sizeof line, "tiers %dv%d and %dv%d: %llu slots",
                     mover, other, other, mover,
                     (unsigned long long)p->slots);
            progress_line(ps, line, 0);
        }
        break;
    case SEEGA_TB_STAGE_LEVEL: {
        /* the levels whose walk back is too short for a STAGE_WORK */
        double t = ps->mark = now();
        if (!ps->print || t - (ps->tty ? ps->last_status : ps->last_line) <
                              (ps->tty ? STATUS_EVERY : PLAIN_EVERY))
            break;
        snprintf(line, sizeof line, "tiers %dv%d and %dv%d: level %d done, "
                 "%.1f s", mover, other, other, mover, (int)p->level,
                 t - ps->pair_start);
        progress_line(ps, line, 1);
        break;
    }
    case SEEGA_TB_STAGE_WORK: {
        if (p->version < 2)
            break;
        double t = now();
        if ((int)p->level != ps->sweep_level || p->done < ps->sweep_done) {
            /* a new sweep: it began after the last report of the previous
             * one and after the last level's end */
            ps->sweep_start = ps->mark > ps->last_work ? ps->mark
                                                       : ps->last_work;
            ps->sweep_level = (int)p->level;
        }
        ps->sweep_done = p->done;
        ps->last_work = t;
        if (!ps->print || (!ps->tty && t - ps->last_line < PLAIN_EVERY))
            break;
        double rate = t > ps->sweep_start
                          ? (double)p->done / (t - ps->sweep_start)
                          : 0;
        snprintf(line, sizeof line,
                 "tiers %dv%d and %dv%d: level %d, %s%llu/%llu slots "
                 "(%.0f%%), %.0f slots/s, %.1f s",
                 mover, other, other, mover, (int)p->level,
                 ranks > 1 ? "rank 0's " : "", (unsigned long long)p->done,
                 (unsigned long long)p->total,
                 p->total ? 100.0 * (double)p->done / (double)p->total : 0.0,
                 rate, t - ps->pair_start);
        progress_line(ps, line, 1);
        break;
    }
    case SEEGA_TB_STAGE_DONE:
        if (ps->npairs < MAX_PAIRS) {
            pair_figures *f = &ps->pair[ps->npairs++];
            f->mover = mover;
            f->other = other;
            f->slots = (unsigned long long)p->slots;
            f->seconds = now() - ps->pair_start;
            for (int k = 0; k < 3; k++)
                f->bytes[k] = sent[k] - ps->at_start[k];
        }
        if (ps->print) {
            snprintf(line, sizeof line,
                     "tiers %dv%d and %dv%d: done in %.1f s (%.1f s in all)",
                     mover, other, other, mover, now() - ps->pair_start,
                     now() - ps->start);
            progress_line(ps, line, 0);
        }
        break;
    case SEEGA_TB_STAGE_FOUND:
        if (ps->print) {
            snprintf(line, sizeof line,
                     "tiers %dv%d and %dv%d: on disk, kept", mover, other,
                     other, mover);
            progress_line(ps, line, 0);
        }
        break;
    default: break;
    }
}

/* Report a failed generation: the message of a failure on any rank,
 * which every rank has, once; a failure of this rank alone (its message
 * does not name a rank) ends the whole job. */
static int generate_failed(const char *msg)
{
    status_clear(&prog);
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

/* The arguments of generate and bench. */
typedef struct {
    seega_rules rules;
    int max;
    const char *dir;
    seega_tb_options opt;
    uint32_t batch;
    int quiet;
} gen_args;

/*
 * generate|bench RULES MAX DIR [options]: 0, or 2 after a message. Every
 * argument the library would refuse is checked here, the same on every
 * rank, so that a bad command line is a usage error printed once, never
 * a failure of each rank.
 */
static int parse_gen(int argc, char **argv, int quiet_ok, gen_args *ga)
{
    if (argc < 5)
        return usage();
    int rc = parse_rules(argv[2], &ga->rules);
    if (rc)
        return rc;
    long max, lo = ga->rules.lose_at + 1;
    if (parse_number(argv[3], lo, SEEGA_TB_MAX_PIECES, &max)) {
        char text[SEEGA_RULES_TEXT_MAX];
        seega_rules_to_text(&ga->rules, text, sizeof text);
        return bad_usage("MAX must be a number of pieces, %ld .. %d under "
                         "%s (got '%s')",
                         lo, SEEGA_TB_MAX_PIECES, text, argv[3]);
    }
    ga->max = (int)max;
    ga->dir = argv[4];
    if ((rc = check_dir(ga->dir)) != 0)
        return rc;
    ga->opt = (seega_tb_options)SEEGA_TB_OPTIONS_INIT;
    ga->batch = 0;
    ga->quiet = 0;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    ga->opt.threads = cores < 1 ? 1 : cores > 64 ? 64 : (int32_t)cores;
#ifdef SEEGA_TB_MPI
    ga->opt.threads = 1; /* one rank a core */
#endif
    for (int i = 5; i < argc; i++) {
        long v;
        if (strcmp(argv[i], "--threads") == 0) {
            if (i + 1 >= argc)
                return bad_usage("--threads needs a number, 1 .. 64");
            if (parse_number(argv[++i], 1, 64, &v))
                return bad_usage("--threads takes 1 .. 64 (got '%s')",
                                 argv[i]);
            ga->opt.threads = (int32_t)v;
        } else if (strcmp(argv[i], "--batch") == 0) {
#ifdef SEEGA_TB_MPI
            if (i + 1 >= argc)
                return bad_usage("--batch needs a number, 0 .. %d",
                                 SEEGA_TB_BATCH_MAX);
            if (parse_number(argv[++i], 0, SEEGA_TB_BATCH_MAX, &v))
                return bad_usage("--batch takes 0 .. %d (got '%s')",
                                 SEEGA_TB_BATCH_MAX, argv[i]);
            ga->batch = (uint32_t)v;
#else
            return bad_usage("--batch is for seega-tb-mpi");
#endif
        } else if (quiet_ok && strcmp(argv[i], "--quiet") == 0) {
            ga->quiet = 1;
        } else {
            if (rank == 0)
                fprintf(stderr, "seega-tb: unknown argument '%s'\n", argv[i]);
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
    progress_state *ps = &prog;
    ps->start = ps->pair_start = ps->last_line = now();
    ps->print = !ga.quiet && rank == 0;
    ps->tty = isatty(STDERR_FILENO);
    ga.opt.progress = on_progress;
    ga.opt.progress_user = ps;
    char msg[SEEGA_ERROR_MAX];
    if (generate(&ga.rules, ga.max, ga.dir, &ga.opt, ga.batch, msg,
                 sizeof msg) != SEEGA_OK)
        return generate_failed(msg);
    if (ps->print) {
        char line[64];
        snprintf(line, sizeof line, "done in %.1f s", now() - ps->start);
        progress_line(ps, line, 0);
    }
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
    progress_state *ps = &prog; /* the figures, nothing printed */
    ps->start = ps->pair_start = now();
    ga.opt.progress = on_progress;
    ga.opt.progress_user = ps;
    char msg[SEEGA_ERROR_MAX];
    int32_t st = generate(&ga.rules, ga.max, dir, &ga.opt, ga.batch, msg,
                          sizeof msg);
    double total_s = now() - ps->start;
    if (st != SEEGA_OK) {
        if (rank == 0)
            remove_bench_dir(dir);
        return generate_failed(msg);
    }
    /* the bytes of every rank, summed on rank 0 */
    unsigned long long bytes[MAX_PAIRS][3];
    for (int i = 0; i < ps->npairs; i++)
        memcpy(bytes[i], ps->pair[i].bytes, sizeof bytes[i]);
#ifdef SEEGA_TB_MPI
    MPI_Reduce(rank == 0 ? MPI_IN_PLACE : bytes, bytes, 3 * ps->npairs,
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
    for (int i = 0; i <= ps->npairs; i++) {
        unsigned long long pos = 0, slots, *b;
        double s;
        char name[16];
        if (i < ps->npairs) {
            const pair_figures *f = &ps->pair[i];
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

/* The rule sets whose tables dir holds, from their file names
 * (RULES.UvT.sgtb, RULES the rules text with '+' for spaces), sorted, in
 * found[0 .. n-1]; n, or -1 when dir cannot be read. */
#define MAX_SETS 16
static int rule_sets_in_dir(const char *dir,
                            char found[MAX_SETS][SEEGA_RULES_TEXT_MAX])
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *name = e->d_name;
        size_t len = strlen(name);
        if (len < 10 || strcmp(name + len - 5, ".sgtb") != 0)
            continue;
        const char *dot = strchr(name, '.');
        if (!dot || dot == name ||
            (size_t)(dot - name) >= SEEGA_RULES_TEXT_MAX)
            continue;
        char text[SEEGA_RULES_TEXT_MAX];
        memcpy(text, name, (size_t)(dot - name));
        text[dot - name] = '\0';
        for (char *c = text; *c; c++)
            if (*c == '+')
                *c = ' ';
        int at = 0;
        while (at < n && strcmp(found[at], text) < 0)
            at++;
        if ((at < n && strcmp(found[at], text) == 0) || n == MAX_SETS)
            continue;
        memmove(found[at + 1], found[at], (size_t)(n - at) * sizeof found[0]);
        strcpy(found[at], text);
        n++;
    }
    closedir(d);
    return n;
}

/* Open the tables of dir: those of the rules text `rules_text` (--rules),
 * else of the one rule set dir holds. 0; 1 after a failure; 2 after a
 * usage error (several rule sets and no --rules). */
static int open_dir(const char *dir, const char *rules_text,
                    seega_rules *rules, seega_tablebase **tb)
{
    struct stat st;
    if (!rules_text && stat(dir, &st) == 0 && S_ISREG(st.st_mode)) {
        /* A pack: its rules from its name, RULES.sgtbpack. */
        const char *base = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
        size_t n = strlen(base), ext = strlen(".sgtbpack");
        char text[SEEGA_RULES_TEXT_MAX], msg[SEEGA_ERROR_MAX];
        if (n <= ext || n - ext >= sizeof text ||
            strcmp(base + n - ext, ".sgtbpack") != 0) {
            fprintf(stderr, "seega-tb: %s: a pack whose name does not say "
                            "its rules (RULES.sgtbpack): pass --rules RULES\n"
                            "(" PROG " --help for the usage)\n", dir);
            return 2;
        }
        memcpy(text, base, n - ext);
        text[n - ext] = '\0';
        for (char *c = text; *c; c++)
            if (*c == '+')
                *c = ' ';
        if (seega_rules_from_text(text, rules, msg, sizeof msg) != SEEGA_OK) {
            fprintf(stderr, "seega-tb: %s: its name does not say its rules "
                            "(%s): pass --rules RULES\n"
                            "(" PROG " --help for the usage)\n", dir, msg);
            return 2;
        }
        rules_text = "";
    }
    if (!rules_text) {
        char found[MAX_SETS][SEEGA_RULES_TEXT_MAX];
        int n = rule_sets_in_dir(dir, found);
        if (n < 0) {
            fprintf(stderr, "seega-tb: cannot read %s\n", dir);
            return 1;
        }
        if (n == 0) {
            fprintf(stderr, "seega-tb: no tables in %s\n", dir);
            return 1;
        }
        if (n > 1) {
            fprintf(stderr,
                    "seega-tb: %s holds the tables of several rule sets:",
                    dir);
            for (int i = 0; i < n; i++)
                fprintf(stderr, "%s '%s'", i ? "," : "", found[i]);
            fprintf(stderr, "; pass --rules RULES to pick one\n"
                            "(" PROG " --help for the usage)\n");
            return 2;
        }
        char msg[SEEGA_ERROR_MAX];
        if (seega_rules_from_text(found[0], rules, msg, sizeof msg) !=
            SEEGA_OK) {
            fprintf(stderr, "seega-tb: %s: %s\n", found[0], msg);
            return 1;
        }
    }
    char msg[SEEGA_ERROR_MAX];
    if (seega_tb_open(rules, dir, tb, msg, sizeof msg) != SEEGA_OK) {
        fprintf(stderr, "seega-tb: %s\n", msg);
        return 1;
    }
    return 0;
}

/* The arguments of probe, stats and verify. */
typedef struct {
    const char *dir;
    char **spn; /* probe's positions */
    int nspn;
    const char *rules_text; /* --rules, or NULL */
    seega_rules rules;      /* its rules */
} read_args;

/*
 * COMMAND DIR [SPN...] [--rules RULES], the option anywhere after the
 * command: 0, or 2 after a message. spn_min .. spn_max positions.
 */
static int parse_read(int argc, char **argv, int spn_min, int spn_max,
                      read_args *ra)
{
    int npos = 0, rc;
    memset(ra, 0, sizeof *ra);
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--rules") == 0) {
            if (i + 1 >= argc)
                return bad_usage("--rules needs a rules text, such as "
                                 "\"classic 5\"");
            ra->rules_text = argv[++i];
        } else if (strncmp(argv[i], "--rules=", 8) == 0) {
            ra->rules_text = argv[i] + 8;
        } else if (strncmp(argv[i], "--", 2) == 0) {
            if (rank == 0)
                fprintf(stderr, "seega-tb: unknown argument '%s'\n", argv[i]);
            return usage();
        } else {
            argv[2 + npos++] = argv[i]; /* the operands, in order */
        }
    }
    if (npos < 1 + spn_min || npos > 1 + spn_max)
        return usage();
    ra->dir = argv[2];
    ra->spn = argv + 3;
    ra->nspn = npos - 1;
    if ((rc = check_dir(ra->dir)) != 0)
        return rc;
    if (ra->rules_text && (rc = parse_rules(ra->rules_text, &ra->rules)) != 0)
        return rc;
    return 0;
}

static int cmd_probe(const read_args *ra)
{
    seega_rules rules = ra->rules;
    seega_tablebase *tb;
    int rc = open_dir(ra->dir, ra->rules_text, &rules, &tb);
    if (rc)
        return rc;
    seega_game *g;
    if (seega_new(&rules, &g) != SEEGA_OK) {
        seega_tb_close(tb);
        fprintf(stderr, "seega-tb: out of memory\n");
        return 1;
    }
    for (int i = 0; i < ra->nspn && rc == 0; i++) {
        const char *spn = ra->spn[i];
        seega_tb_entry e = {SEEGA_TB_ENTRY_VERSION, 0, 0, 0};
        if (seega_set_spn(g, spn) != SEEGA_OK ||
            seega_tb_probe(tb, g, &e) != SEEGA_OK) {
            fprintf(stderr, "seega-tb: %s: %s\n", spn, seega_last_error(g));
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

static int cmd_stats(const read_args *ra)
{
    seega_rules rules = ra->rules;
    seega_tablebase *tb;
    int rc = open_dir(ra->dir, ra->rules_text, &rules, &tb);
    if (rc)
        return rc;
    char text[SEEGA_RULES_TEXT_MAX];
    seega_rules_to_text(&rules, text, sizeof text);
    int maxp = seega_tb_max_pieces(tb);
    printf("rules: %s\nmax pieces a side: %d\n", text, maxp);
    if (rules.quiet_limit)
        printf("values at quiet counter 0; distances in plies to the one "
               "that settles the result,\na capture or the end of the game "
               "(at most %d, the limit's)\n",
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

static int cmd_verify(const read_args *ra)
{
    seega_rules rules = ra->rules;
    seega_tablebase *tb;
    int rc = open_dir(ra->dir, ra->rules_text, &rules, &tb);
    if (rc)
        return rc;
    int maxp = seega_tb_max_pieces(tb);
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

static int cmd_pack(const read_args *ra)
{
    char *end;
    errno = 0;
    long maxp = strtol(ra->spn[0], &end, 10);
    if (errno || end == ra->spn[0] || *end || maxp < 1 ||
        maxp > SEEGA_TB_MAX_PIECES)
        return bad_usage("MAX must be a number of pieces, 1 .. %d (got "
                         "'%s')", SEEGA_TB_MAX_PIECES, ra->spn[0]);
    const char *out = ra->spn[1];
    if (!*out)
        return bad_usage("the pack's file name is empty");
    seega_rules rules = ra->rules;
    seega_tablebase *tb;
    int rc = open_dir(ra->dir, ra->rules_text, &rules, &tb);
    if (rc)
        return rc;
    if (maxp > seega_tb_max_pieces(tb)) {
        int have = seega_tb_max_pieces(tb);
        seega_tb_close(tb);
        return bad_usage("%s holds the tiers up to %d a side, not %ld",
                         ra->dir, have, maxp);
    }
    char msg[SEEGA_ERROR_MAX];
    double t0 = now();
    int32_t st = seega_tb_pack(tb, (int32_t)maxp, out, msg, sizeof msg);
    seega_tb_close(tb);
    if (st != SEEGA_OK) {
        fprintf(stderr, "seega-tb: %s\n", msg);
        return 1;
    }
    printf("%s: the tiers up to %ld a side packed (%.1f s)\n", out, maxp,
           now() - t0);
    return 0;
}

static int run(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        if (rank == 0)
            print_usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "generate") == 0)
        return cmd_generate(argc, argv);
    if (strcmp(argv[1], "bench") == 0)
        return cmd_bench(argc, argv);
    int which = strcmp(argv[1], "probe") == 0    ? 0
                : strcmp(argv[1], "stats") == 0  ? 1
                : strcmp(argv[1], "verify") == 0 ? 2
                : strcmp(argv[1], "pack") == 0   ? 3
                                                 : -1;
    if (which < 0) {
        if (rank == 0)
            fprintf(stderr, "seega-tb: unknown command '%s'\n", argv[1]);
        return usage();
    }
    read_args ra;
    int rc = parse_read(argc, argv,
                        which == 0 ? 1 : which == 3 ? 2 : 0,
                        which == 0 ? argc : which == 3 ? 2 : 0, &ra);
    if (rc || rank != 0) /* the command runs on rank 0 */
        return rc;
    return which == 0   ? cmd_probe(&ra)
           : which == 1 ? cmd_stats(&ra)
           : which == 2 ? cmd_verify(&ra)
                        : cmd_pack(&ra);
}

int main(int argc, char **argv)
{
#ifdef SEEGA_TB_MPI
    int level;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &level);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    int rc = run(argc, argv);
    /* Every rank exits with the same status: the worst, such as rank 0's
     * alone after probe, stats or verify. Every rank gets here: a
     * failure of one rank alone has ended the job (MPI_Abort). */
    int all = rc;
    MPI_Allreduce(&rc, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Finalize();
    return all;
#else
    return run(argc, argv);
#endif
}

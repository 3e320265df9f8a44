/*
 * seega-tb-bench: the tablebase generator against the naive solver of
 * tests/reference (tb_naive.c), the same tiers, side by side in one run
 * (tests/bench/README.md).
 *
 *   seega-tb-bench [RULES [MAX]] [--threads N] [--no-naive]
 *
 * RULES in rules text ("classic 5", the default), MAX the most pieces a
 * side (3 by default). The generator runs with 1 thread and, when N > 1,
 * with N (default: the cores online), each into a fresh scratch
 * directory; the naive solver runs on one thread (it needs about 80
 * bytes a state: about 0.8 GB at MAX 3, too much beyond).
 *
 * Both solve the same positions: every turn start of the moving phase
 * with lose_at+1 .. MAX pieces a side, either colour to move. The rates
 * count those positions as the naive solver sees them (no symmetry
 * folded), so the ratio is the speed-up on the same work; the generator's
 * own count (symmetries folded) is printed beside. Nothing is asserted.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <seega.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_util.h"
#include "tb_naive.h"

static double binom(int n, int k)
{
    double r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

/* Turn starts of the tiers, both colours to move, no symmetry folded. */
static double unfolded(int lo, int max)
{
    double n = 0;
    for (int u = lo; u <= max; u++)
        for (int t = lo; t <= max; t++)
            n += binom(25, u) * binom(25 - u, t);
    return 2 * n;
}

static void remove_tree(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "seega-tb-bench: could not remove %s\n", dir);
}

/* Generate into a fresh directory: seconds, or -1; folded positions in
 * *positions. */
static double run_generator(const seega_rules *r, int max, int threads,
                            double *positions)
{
    char dir[256], msg[SEEGA_ERROR_MAX];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/seega-tb-bench-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        perror("seega-tb-bench: mkdtemp");
        return -1;
    }
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    opt.threads = threads;
    double t0 = bench_now();
    int32_t st = seega_tb_generate(r, max, dir, &opt, msg, sizeof msg);
    double secs = bench_now() - t0;
    *positions = 0;
    seega_tablebase *tb = NULL;
    if (st == SEEGA_OK)
        st = seega_tb_open(r, dir, &tb, msg, sizeof msg);
    if (st == SEEGA_OK) {
        for (int u = r->lose_at + 1; u <= max; u++)
            for (int t = r->lose_at + 1; t <= max; t++) {
                seega_tb_tier ti;
                memset(&ti, 0, sizeof ti);
                ti.version = SEEGA_TB_TIER_VERSION;
                if (seega_tb_tier_info(tb, u, t, &ti) == SEEGA_OK)
                    *positions += (double)ti.positions;
            }
        seega_tb_close(tb);
    }
    remove_tree(dir);
    if (st != SEEGA_OK) {
        fprintf(stderr, "seega-tb-bench: %s\n", msg);
        return -1;
    }
    return secs;
}

static void count_start(void *user, const char *spn, int value, int distance,
                        int settle)
{
    (void)spn;
    (void)value;
    (void)distance;
    (void)settle;
    ++*(double *)user;
}

static void row(const char *name, int threads, double secs, double work,
                double base_rate)
{
    double rate = work / secs;
    printf("%-10s %7d %10.2f %14.0f %14.0f %9.2f\n", name, threads, secs,
           rate, rate / threads, base_rate > 0 ? rate / base_rate : 1.0);
}

int main(int argc, char **argv)
{
    const char *text = "classic 5";
    int max = 3, threads = (int)sysconf(_SC_NPROCESSORS_ONLN), naive = 1,
        pos = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-naive"))
            naive = 0;
        else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: seega-tb-bench [RULES [MAX]] "
                            "[--threads N] [--no-naive]\n");
            return 2;
        } else if (pos++ == 0)
            text = argv[i];
        else
            max = atoi(argv[i]);
    }
    if (threads < 1)
        threads = 1;
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    if (seega_rules_from_text(text, &r, msg, sizeof msg) != SEEGA_OK) {
        fprintf(stderr, "seega-tb-bench: %s\n", msg);
        return 2;
    }
    int lo = r.lose_at + 1;
    if (max < lo || max > SEEGA_TB_MAX_PIECES) {
        fprintf(stderr, "seega-tb-bench: MAX out of range (%d..%d)\n", lo,
                SEEGA_TB_MAX_PIECES);
        return 2;
    }
    double work = unfolded(lo, max);
    printf("rules %s, every tier %dv%d .. %dv%d: %.0f turn starts "
           "(both colours, no symmetry folded)\n\n",
           text, lo, lo, max, max, work);
    printf("%-10s %7s %10s %14s %14s %9s\n", "solver", "threads", "seconds",
           "positions/s", "per thread", "ratio");
    double base = 0;
    if (naive) {
        double starts = 0, t0 = bench_now();
        long long n = ref_tb_solve(&r, max, count_start, &starts);
        double secs = bench_now() - t0;
        if (n < 0) {
            fprintf(stderr, "seega-tb-bench: the naive solver failed "
                            "(rules or memory)\n");
            return 1;
        }
        if (starts != work)
            fprintf(stderr, "seega-tb-bench: the naive solver saw %.0f turn "
                            "starts, expected %.0f\n", starts, work);
        row("naive", 1, secs, work, 0);
        base = work / secs;
    }
    double folded = 0, last = 0;
    int runs[2] = {1, threads};
    for (int k = 0; k < (threads > 1 ? 2 : 1); k++) {
        double secs = run_generator(&r, max, runs[k], &folded);
        if (secs < 0)
            return 1;
        row("generator", runs[k], secs, work, base);
        last = secs;
        if (k == (threads > 1 ? 1 : 0))
            printf("\ngenerator: %.0f positions with symmetries folded, "
                   "%.0f a second on %d thread%s\n",
                   folded, folded / secs, runs[k], runs[k] > 1 ? "s" : "");
    }
    if (!strcmp(text, "classic 5") && max == 5)
        printf("target: every CLASSIC 5x5 tier to 5v5 in under 900 s: "
               "%s (%.0f s)\n", last < 900 ? "met" : "missed", last);
    return 0;
}

/*
 * seega-tb-pack-bench: packed tables against plain ones, the same tiers,
 * side by side in one run (tests/bench/README.md).
 *
 *   seega-tb-pack-bench DIR [--rules RULES] [--max MAX] [--probes N]
 *
 * Opens the plain tables of RULES ("classic 5" by default) in DIR, up to
 * MAX a side (all there by default), packs them into a scratch file next
 * to them (removed at the end) and opens the pack. Prints, per tier and in
 * all, the bytes of the plain files and of the packed tiers and their
 * bytes a position; then the time to pack; then probes a second
 * (seega_tb_probe: the value, distance and best action) of N random
 * positions (100000 by default) drawn uniformly from every position the
 * tables cover, X to move, the same positions for both, each side run
 * three times in turn after one untimed pass, the median shown. Every
 * probe of the pack must give the plain tables' answer; a difference
 * stops the run with status 1.
 *
 * SPDX-License-Identifier: MIT
 */
#define _POSIX_C_SOURCE 200809L

#include <seega.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench_util.h"

static double binom(int n, int k)
{
    double r = 1;
    for (int i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A random position with u X pieces and t O pieces, X to move. */
static void random_spn(int u, int t, char *out)
{
    char cell[25];
    memset(cell, '.', sizeof cell);
    for (int k = 0; k < u + t; k++) {
        int sq;
        do
            sq = (int)(next() % 25);
        while (cell[sq] != '.');
        cell[sq] = k < u ? 'x' : 'o';
    }
    char *p = out;
    for (int row = 0; row < 5; row++) {
        int empty = 0;
        for (int col = 0; col < 5; col++) {
            char c = cell[row * 5 + col];
            if (c == '.') {
                empty++;
                continue;
            }
            if (empty)
                *p++ = (char)('0' + empty);
            empty = 0;
            *p++ = c;
        }
        if (empty)
            *p++ = (char)('0' + empty);
        if (row < 4)
            *p++ = '/';
    }
    strcpy(p, " x 0 0 0 -");
}

static long long file_bytes(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long long)st.st_size : -1;
}

static double probe_all(const seega_tablebase *tb, seega_game *const *games,
                        int n, seega_tb_entry *out)
{
    double t0 = bench_now();
    for (int i = 0; i < n; i++) {
        out[i].version = SEEGA_TB_ENTRY_VERSION;
        if (seega_tb_probe(tb, games[i], &out[i]) != SEEGA_OK) {
            fprintf(stderr, "probe failed: %s\n",
                    seega_last_error(games[i]));
            exit(1);
        }
    }
    return bench_now() - t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    const char *dir = NULL, *text = "classic 5";
    int max = 0, n = 100000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules") && i + 1 < argc)
            text = argv[++i];
        else if (!strcmp(argv[i], "--max") && i + 1 < argc)
            max = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--probes") && i + 1 < argc)
            n = atoi(argv[++i]);
        else if (argv[i][0] != '-' && !dir)
            dir = argv[i];
        else {
            fprintf(stderr, "usage: seega-tb-pack-bench DIR [--rules RULES] "
                            "[--max MAX] [--probes N]\n");
            return 2;
        }
    }
    if (!dir || n < 1) {
        fprintf(stderr, "usage: seega-tb-pack-bench DIR [--rules RULES] "
                        "[--max MAX] [--probes N]\n");
        return 2;
    }
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    seega_tablebase *plain, *packed;
    if (seega_rules_from_text(text, &r, msg, sizeof msg) != SEEGA_OK ||
        seega_tb_open(&r, dir, &plain, msg, sizeof msg) != SEEGA_OK) {
        fprintf(stderr, "seega-tb-pack-bench: %s\n", msg);
        return 1;
    }
    int lo = r.lose_at + 1, have = seega_tb_max_pieces(plain);
    if (max < lo || max > have)
        max = have;
    char path[4096], name[SEEGA_RULES_TEXT_MAX];
    seega_rules_to_text(&r, name, sizeof name);
    for (char *c = name; *c; c++)
        if (*c == ' ')
            *c = '+';
    snprintf(path, sizeof path, "%s/bench-%ld.sgtbpack", dir, (long)getpid());
    double t0 = bench_now();
    if (seega_tb_pack(plain, max, path, msg, sizeof msg) != SEEGA_OK) {
        fprintf(stderr, "seega-tb-pack-bench: %s\n", msg);
        return 1;
    }
    double pack_s = bench_now() - t0;
    long long pack_bytes = file_bytes(path);
    if (seega_tb_open(&r, path, &packed, msg, sizeof msg) != SEEGA_OK) {
        fprintf(stderr, "seega-tb-pack-bench: %s\n", msg);
        remove(path);
        return 1;
    }
    remove(path); /* the mapping stays */

    printf("rules: %s, tiers up to %d a side\n\n", text, max);
    printf("%-6s %12s %14s %10s %12s %10s\n", "tier", "positions",
           "plain bytes", "B/pos", "packed bytes", "B/pos");
    double all_pos = 0, all_plain = 0, weights[13][13];
    for (int u = lo; u <= max; u++)
        for (int t = lo; t <= max; t++) {
            seega_tb_tier ti = {.version = SEEGA_TB_TIER_VERSION};
            seega_tb_tier_info(plain, u, t, &ti);
            char file[4200];
            snprintf(file, sizeof file, "%s/%s.%dv%d.sgtb", dir, name, u, t);
            long long b = file_bytes(file);
            weights[u][t] = binom(25, u) * binom(25 - u, t);
            all_pos += (double)ti.positions;
            all_plain += (double)b;
            printf("%dv%-4d %12llu %14lld %10.3f\n", u, t,
                   (unsigned long long)ti.positions, b,
                   (double)b / (double)ti.positions);
        }
    printf("%-6s %12.0f %14.0f %10.3f %12lld %10.3f\n", "all", all_pos,
           all_plain, all_plain / all_pos, pack_bytes,
           (double)pack_bytes / all_pos);
    printf("\npacked in %.2f s; %.1f times smaller\n", pack_s,
           all_plain / (double)pack_bytes);

    /* Random positions, uniformly over the covered ones (both colours'
     * placements, so each tier by its unfolded count). */
    double total = 0;
    for (int u = lo; u <= max; u++)
        for (int t = lo; t <= max; t++)
            total += weights[u][t];
    seega_game **games = malloc((size_t)n * sizeof *games);
    seega_tb_entry *a = malloc((size_t)n * sizeof *a);
    seega_tb_entry *b = malloc((size_t)n * sizeof *b);
    if (!games || !a || !b)
        return 1;
    for (int i = 0; i < n; i++) {
        double x = (double)(next() >> 11) / 9007199254740992.0 * total;
        int u = lo, t = lo;
        for (int uu = lo; uu <= max; uu++)
            for (int tt = lo; tt <= max; tt++) {
                if (x >= 0)
                    u = uu, t = tt;
                x -= weights[uu][tt];
            }
        char spn[64];
        random_spn(u, t, spn);
        if (seega_new(&r, &games[i]) != SEEGA_OK ||
            seega_set_spn(games[i], spn) != SEEGA_OK) {
            fprintf(stderr, "bad position %s\n", spn);
            return 1;
        }
    }
    probe_all(plain, games, n, a);
    probe_all(packed, games, n, b);
    double tp[3], tq[3];
    for (int k = 0; k < 3; k++) {
        tp[k] = probe_all(plain, games, n, a);
        tq[k] = probe_all(packed, games, n, b);
    }
    for (int i = 0; i < n; i++)
        if (a[i].value != b[i].value || a[i].distance != b[i].distance ||
            a[i].best != b[i].best) {
            fprintf(stderr, "probe %d differs: plain %d %d, packed %d %d\n",
                    i, (int)a[i].value, (int)a[i].distance, (int)b[i].value,
                    (int)b[i].distance);
            return 1;
        }
    qsort(tp, 3, sizeof tp[0], cmp_double);
    qsort(tq, 3, sizeof tq[0], cmp_double);
    printf("\nprobes of %d random positions (value, distance, best action), "
           "median of 3:\n", n);
    printf("  plain   %10.0f probes/s (%.2f us a probe)\n", n / tp[1],
           1e6 * tp[1] / n);
    printf("  packed  %10.0f probes/s (%.2f us a probe), %.2f times the "
           "plain time\n", n / tq[1], 1e6 * tq[1] / n, tq[1] / tp[1]);
    printf("  every packed answer is the plain one\n");
    for (int i = 0; i < n; i++)
        seega_free(games[i]);
    free(games);
    free(a);
    free(b);
    seega_tb_close(packed);
    seega_tb_close(plain);
    return 0;
}

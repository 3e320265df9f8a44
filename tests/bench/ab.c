/*
 * seega-ab: two builds of the library, A and B, timed on the same perft
 * work in one process, so that load from elsewhere falls on both alike.
 *
 *   seega-ab [-r ROUNDS] LIBA LIBB [POSITIONS]
 *
 * LIBA and LIBB are paths to libseega.so files (two commits, two build
 * options). POSITIONS (default: standard input) holds lines
 * `preset size depth spn`, as tests/bench/positions.txt does; lines
 * starting with '#' are skipped. For each position both libraries count
 * perft (the counts must agree, or seega-ab stops with an error), then
 * run it in turn, ROUNDS times each (default 5; A first in odd rounds, B
 * first in even ones), each run repeating the count as often as it takes
 * A about 20 ms; the best run of each side is kept. It prints the time
 * per count of A and the ratio B / A per position, and their geometric
 * mean: below 1, B is faster. Not a test: it measures, it never asserts
 * speed.
 *
 * seega-ab does not link the library: each one is opened RTLD_LOCAL, so
 * its calls to its own exported functions (the two share the names) find
 * its own. A path without a '/' is looked up as dlopen does.
 */
#define _POSIX_C_SOURCE 200809L
#include <seega.h>

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_util.h"

#define RUN_SECONDS 0.02 /* each timed run repeats the count this long */

typedef struct lib {
    const char *path;
    int32_t (*preset)(seega_rules *, int32_t, int32_t);
    int32_t (*make)(const seega_rules *, seega_game **);
    void (*release)(seega_game *);
    int32_t (*set_spn)(seega_game *, const char *);
    int32_t (*perft)(const seega_game *, int32_t, uint64_t *);
} lib;

/* Sets *fn (a function pointer of any type) to the symbol `name`:
 * POSIX lets dlsym's object pointer be converted so; memcpy keeps ISO C
 * quiet about it. */
static void sym(void *h, const char *path, const char *name, void *fn)
{
    void *p = dlsym(h, name);
    if (!p) {
        fprintf(stderr, "seega-ab: %s has no %s\n", path, name);
        exit(2);
    }
    memcpy(fn, &p, sizeof p);
}

static void load(lib *l, const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "seega-ab: %s\n", dlerror());
        exit(2);
    }
    l->path = path;
    sym(h, path, "seega_rules_preset", &l->preset);
    sym(h, path, "seega_new", &l->make);
    sym(h, path, "seega_free", &l->release);
    sym(h, path, "seega_set_spn", &l->set_spn);
    sym(h, path, "seega_perft", &l->perft);
}

/* one run: the count `reps` times; its time */
static double run(const lib *l, const seega_game *g, int depth, long reps)
{
    uint64_t n;
    double t = bench_now();
    for (long i = 0; i < reps; i++)
        l->perft(g, depth, &n);
    return bench_now() - t;
}

static int usage(void)
{
    fprintf(stderr, "usage: seega-ab [-r ROUNDS] LIBA LIBB [POSITIONS]\n");
    return 2;
}

int main(int argc, char **argv)
{
    int rounds = 5, a = 1;
    if (a + 1 < argc && !strcmp(argv[a], "-r")) {
        char *end;
        errno = 0;
        long v = strtol(argv[a + 1], &end, 10);
        if (errno || *end || end == argv[a + 1] || v < 1 || v > 1000)
            return usage();
        rounds = (int)v;
        a += 2;
    }
    if (argc - a < 2 || argc - a > 3)
        return usage();
    lib L[2];
    load(&L[0], argv[a]);
    load(&L[1], argv[a + 1]);
    FILE *in = stdin;
    if (argc - a == 3 && !(in = fopen(argv[a + 2], "r"))) {
        fprintf(stderr, "seega-ab: cannot read %s\n", argv[a + 2]);
        return 2;
    }
    printf("A: %s\nB: %s\nbest of %d runs each, alternating\n\n", L[0].path,
           L[1].path, rounds);
    printf("%-12s %-5s %-5s %14s %12s %8s\n", "preset", "size", "depth",
           "leaves", "A us/count", "B/A");
    char line[1024];
    double logsum = 0;
    int count = 0;
    while (fgets(line, sizeof line, in)) {
        char name[32], spn[900];
        int size, depth;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (sscanf(line, "%31s %d %d %899[^\n]", name, &size, &depth, spn) !=
                4 ||
            !bench_preset_of(name) || depth < 1) {
            fprintf(stderr,
                    "seega-ab: bad line (want: preset size depth spn): %s\n",
                    line);
            return 2;
        }
        seega_game *g[2];
        uint64_t n[2];
        for (int k = 0; k < 2; k++) {
            seega_rules r;
            int32_t rc;
            const char *what = "seega_rules_preset";
            g[k] = NULL;
            if ((rc = L[k].preset(&r, bench_preset_of(name), size)) ==
                    SEEGA_OK &&
                (what = "seega_new", rc = L[k].make(&r, &g[k])) == SEEGA_OK &&
                (what = "seega_set_spn", rc = L[k].set_spn(g[k], spn)) ==
                    SEEGA_OK)
                what = "seega_perft", rc = L[k].perft(g[k], depth, &n[k]);
            if (rc != SEEGA_OK) {
                fprintf(stderr, "seega-ab: %s: %s returned %d on: %s\n",
                        L[k].path, what, (int)rc, line);
                return 1;
            }
        }
        if (n[0] != n[1]) {
            fprintf(stderr,
                    "seega-ab: the counts differ (A %llu, B %llu): %s\n",
                    (unsigned long long)n[0], (unsigned long long)n[1], line);
            return 1;
        }
        /* repetitions so that one run takes A about RUN_SECONDS: doubled
         * until a run (warm, after the counts above) takes that long */
        long reps = 1;
        while (reps < (1L << 30) && run(&L[0], g[0], depth, reps) < RUN_SECONDS)
            reps *= 2;
        double best[2] = {INFINITY, INFINITY};
        for (int i = 0; i < rounds; i++)
            for (int j = 0; j < 2; j++) {
                int k = i % 2 ? 1 - j : j;
                double s = run(&L[k], g[k], depth, reps);
                if (s < best[k])
                    best[k] = s;
            }
        double ratio = best[1] / best[0];
        logsum += log(ratio);
        count++;
        printf("%-12s %dx%-3d d%-4d %14llu %12.2f %8.3f\n", name, size, size,
               depth, (unsigned long long)n[0], best[0] / (double)reps * 1e6,
               ratio);
        fflush(stdout);
        for (int k = 0; k < 2; k++)
            L[k].release(g[k]);
    }
    if (in != stdin)
        fclose(in);
    if (!count) {
        fprintf(stderr, "seega-ab: no positions\n");
        return 2;
    }
    printf("\ngeometric mean of B/A over %d positions: %.3f\n", count,
           exp(logsum / count));
    return 0;
}

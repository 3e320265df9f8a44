/*
 * seega-tb: generate, probe and summarise 5x5 endgame tablebases
 * (docs/tablebases.md).
 *
 *   seega-tb generate RULES MAX DIR [--threads N] [--quiet]
 *   seega-tb probe DIR SPN...
 *   seega-tb stats DIR
 *   seega-tb verify DIR
 *
 * RULES is a rules text ("classic 5", "traditional 5"); MAX the most
 * pieces a side; N threads (default: every core online, at most 64). probe prints one line per SPN: `win|draw|loss DISTANCE
 * ACTION` (DISTANCE `-` for a draw, ACTION `-` once the game is over).
 * verify checks every tier against one ply of lookahead
 * (seega_tb_verify).
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

static int usage(void)
{
    fprintf(stderr,
            "usage: seega-tb generate RULES MAX DIR [--threads N] [--quiet]\n"
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

typedef struct {
    double start, pair_start;
} progress_state;

static void on_progress(void *user, const seega_tb_progress *p)
{
    progress_state *ps = user;
    switch (p->stage) {
    case SEEGA_TB_STAGE_START:
        ps->pair_start = now();
        fprintf(stderr, "tiers %dv%d and %dv%d: %llu slots\n", (int)p->mover,
                (int)p->other, (int)p->other, (int)p->mover,
                (unsigned long long)p->slots);
        break;
    case SEEGA_TB_STAGE_DONE:
        fprintf(stderr, "tiers %dv%d and %dv%d: done in %.1f s (%.1f s in all)\n",
                (int)p->mover, (int)p->other, (int)p->other, (int)p->mover,
                now() - ps->pair_start, now() - ps->start);
        break;
    case SEEGA_TB_STAGE_FOUND:
        fprintf(stderr, "tiers %dv%d and %dv%d: on disk, kept\n",
                (int)p->mover, (int)p->other, (int)p->other, (int)p->mover);
        break;
    default: break;
    }
}

static int cmd_generate(int argc, char **argv)
{
    if (argc < 5)
        return usage();
    seega_rules rules;
    char msg[SEEGA_ERROR_MAX];
    if (seega_rules_from_text(argv[2], &rules, msg, sizeof msg) != SEEGA_OK) {
        fprintf(stderr, "seega-tb: %s\n", msg);
        return 1;
    }
    char *end;
    long max = strtol(argv[3], &end, 10);
    if (*end || end == argv[3] || max < 0 || max > 99) {
        fprintf(stderr, "seega-tb: MAX must be a number of pieces: %s\n",
                argv[3]);
        return 2;
    }
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    progress_state ps = {now(), now()};
    opt.progress = on_progress;
    opt.progress_user = &ps;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    opt.threads = cores < 1 ? 1 : cores > 64 ? 64 : (int32_t)cores;
    for (int i = 5; i < argc; i++) {
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            opt.threads = (int32_t)strtol(argv[++i], &end, 10);
            if (*end) {
                fprintf(stderr, "seega-tb: bad thread count\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--quiet") == 0) {
            opt.progress = NULL;
        } else {
            return usage();
        }
    }
    int32_t st = seega_tb_generate(&rules, (int32_t)max, argv[4], &opt, msg,
                                   sizeof msg);
    if (st != SEEGA_OK) {
        fprintf(stderr, "seega-tb: %s\n", msg);
        return 1;
    }
    if (opt.progress)
        fprintf(stderr, "done in %.1f s\n", now() - ps.start);
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

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    if (strcmp(argv[1], "generate") == 0)
        return cmd_generate(argc, argv);
    if (strcmp(argv[1], "probe") == 0)
        return cmd_probe(argc, argv);
    if (strcmp(argv[1], "stats") == 0)
        return cmd_stats(argc, argv);
    if (strcmp(argv[1], "verify") == 0)
        return cmd_verify(argc, argv);
    return usage();
}

/*
 * Stopping a tablebase generation, and its progress inside a pair of
 * tiers (seega_tb_options version 2: the stop callback and
 * SEEGA_TB_STAGE_WORK), through the public API.
 *
 * - A stop callback that says stop in the middle of a pair ends the
 *   generation promptly with SEEGA_E_STOPPED: the pairs finished stay, the
 *   pair under way is not written, and running it again gives the files
 *   of a generation never stopped, byte for byte. The stop is asked often
 *   enough (bounded in the process's CPU time, which load does not
 *   stretch) and not at every chunk; never again once it said stop.
 * - A stop decided in a progress callback is asked at once afterwards.
 * - STAGE_WORK: the slots done of the sweep under way, never more often
 *   than every 250 ms, and at least once in a sweep that lasts longer;
 *   done <= total, done never going back within a sweep.
 * - Options of version 1 get no STAGE_WORK, and their stop field is not
 *   read.
 *
 * SEEGA_TEST_SCALE below 1 (the valgrind step of tests/run_all.sh) takes
 * the tables of 2 pieces a side, checks no times, and leaves out the
 * tests that need a pair of 3 against 4.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tb_scratch.h"
#include "testutil.h"

#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int small(void)
{
    const char *e = getenv("SEEGA_TEST_SCALE");
    return e && atof(e) < 1;
}

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double wall(void) { return clock_s(CLOCK_MONOTONIC); }
static double cpu(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }

/* ---- a generation, recorded ------------------------------------------- */

#define MAX_EVENTS 8192

typedef struct event {
    int stage, mover, other, level;
    uint64_t slots, done, total;
    double t;
} event;

typedef struct poll_rec {
    double wall, cpu;
    int forced; /* a progress callback ran since the poll before */
} poll_rec;

typedef struct run {
    event ev[MAX_EVENTS];
    int nev;
    poll_rec polls[MAX_EVENTS];
    int npolls;
    int progress_since; /* a progress callback since the last poll */
    /* when to stop: once the pair arm_mover v arm_other has started, at
     * its stop_after-th poll, or once it had stop_on_work STAGE_WORK
     * reports, or fallback_s after it started */
    int arm_mover, arm_other;
    int stop_after, stop_on_work;
    double fallback_s;
    int armed, polls_armed, works_armed;
    double t_armed;
    int stopped, polls_after_stop;
    double stop_wall, stop_cpu;
} run;

static void on_progress(void *user, const seega_tb_progress *p)
{
    run *r = user;
    assert_int_equal(p->version, SEEGA_TB_PROGRESS_VERSION);
    if (r->nev < MAX_EVENTS)
        r->ev[r->nev++] = (event){p->stage, p->mover, p->other, p->level,
                                  p->slots, p->done,  p->total, wall()};
    r->progress_since = 1;
    if (p->stage == SEEGA_TB_STAGE_START && p->mover == r->arm_mover &&
        p->other == r->arm_other) {
        r->armed = 1;
        r->t_armed = wall();
    }
    if (p->stage == SEEGA_TB_STAGE_WORK && r->armed)
        r->works_armed++;
}

static int32_t on_stop(void *user)
{
    run *r = user;
    double w = wall(), c = cpu();
    if (r->npolls < MAX_EVENTS)
        r->polls[r->npolls++] = (poll_rec){w, c, r->progress_since};
    r->progress_since = 0;
    if (r->stopped) {
        r->polls_after_stop++;
        return 1;
    }
    if (!r->armed)
        return 0;
    r->polls_armed++;
    if ((r->stop_after && r->polls_armed >= r->stop_after) ||
        (r->stop_on_work && r->works_armed >= r->stop_on_work) ||
        w - r->t_armed > r->fallback_s) {
        r->stopped = 1;
        r->stop_wall = w;
        r->stop_cpu = c;
        return 1;
    }
    return 0;
}

static int32_t generate(run *r, int max, const char *dir, int threads,
                        char *msg, size_t cap)
{
    seega_rules rules = rules_of("classic 5");
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    opt.threads = threads;
    opt.progress = on_progress;
    opt.progress_user = r;
    opt.stop = on_stop;
    opt.stop_user = r;
    return seega_tb_generate(&rules, max, dir, &opt, msg, cap);
}

static int count_stage(const run *r, int stage)
{
    int n = 0;
    for (int i = 0; i < r->nev; i++)
        n += r->ev[i].stage == stage;
    return n;
}

static int exists(const char *dir, const char *tier)
{
    char path[1024];
    struct stat st;
    snprintf(path, sizeof path, "%s/classic+5.%s.sgtb", dir, tier);
    return stat(path, &st) == 0;
}

static int files_in(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

/* Every file of `want` is in `dir` with the same bytes. */
static void assert_has_files_of(const char *dir, const char *want)
{
    DIR *d = opendir(want);
    assert_non_null(d);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        n++;
        char pa[1024], pb[1024];
        snprintf(pa, sizeof pa, "%s/%s", want, e->d_name);
        snprintf(pb, sizeof pb, "%s/%s", dir, e->d_name);
        FILE *fa = fopen(pa, "rb"), *fb = fopen(pb, "rb");
        assert_non_null(fa);
        if (!fb)
            fail_msg("%s is missing", pb);
        long at = 0;
        int ca, cb;
        do {
            ca = fgetc(fa);
            cb = fgetc(fb);
            if (ca != cb)
                fail_msg("%s differs at byte %ld", e->d_name, at);
            at++;
        } while (ca != EOF);
        fclose(fa);
        fclose(fb);
    }
    closedir(d);
    assert_true(n > 0);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/*
 * The STAGE_WORK reports of a run: each in the pair under way, at the
 * level under way (0 before the pair's first level is done, else the one
 * after the last done), total the pair's slots (one process), done <=
 * total and never going back within a sweep; at least 200 ms apart (the
 * library keeps 250 ms on its clock); and every stretch between two other
 * reports of a pair (the first look and level 1, then each level) that
 * lasts over a second has one. Returns the number of WORK reports.
 */
static int check_work(const run *r)
{
    int works = 0, u = 0, t = 0, last_level = 0, prev_work = -1;
    uint64_t slots = 0;
    double last_other = 0, last_work = -1;
    for (int i = 0; i < r->nev; i++) {
        const event *e = &r->ev[i];
        if (e->stage != SEEGA_TB_STAGE_WORK) {
            if ((e->stage == SEEGA_TB_STAGE_LEVEL) && e->t - last_other > 1.0 &&
                (prev_work < 0 || r->ev[prev_work].t < last_other))
                fail_msg("%dv%d: %.2f s before level %d without a report",
                         u, t, e->t - last_other, e->level);
            if (e->stage == SEEGA_TB_STAGE_START) {
                u = e->mover;
                t = e->other;
                slots = e->slots;
                last_level = 0;
            }
            if (e->stage == SEEGA_TB_STAGE_LEVEL)
                last_level = e->level;
            assert_int_equal(e->done, 0);
            assert_int_equal(e->total, 0);
            last_other = e->t;
            continue;
        }
        works++;
        if (e->mover != u || e->other != t)
            fail_msg("a report of %dv%d during %dv%d", e->mover, e->other, u,
                     t);
        if (e->level != (last_level ? last_level + 1 : 0) &&
            !(last_level == 0 && e->level == 1))
            fail_msg("%dv%d: a report of level %d after level %d", u, t,
                     e->level, last_level);
        assert_int_equal(e->slots, slots);
        assert_int_equal(e->total, slots);
        assert_true(e->done <= e->total);
        if (prev_work >= 0) {
            const event *p = &r->ev[prev_work];
            if (!small() && e->t - last_work < 0.2)
                fail_msg("two reports %.3f s apart", e->t - last_work);
            if (p->mover == u && p->other == t && p->level == e->level &&
                e->done < p->done)
                fail_msg("%dv%d level %d: done went back from %llu to %llu",
                         u, t, e->level, (unsigned long long)p->done,
                         (unsigned long long)e->done);
        }
        prev_work = i;
        last_work = e->t;
    }
    return works;
}

/* The polls: at most 100 ms of the process's CPU apart (two threads: 20
 * ms of the library's clock and a chunk each), and those that no progress
 * callback caused, at least 15 ms of wall time apart in the median (not
 * at every chunk). */
static void check_polls(const run *r)
{
    double gaps[MAX_EVENTS], worst = 0;
    int n = 0;
    for (int i = 1; i < r->npolls; i++) {
        double c = r->polls[i].cpu - r->polls[i - 1].cpu;
        worst = c > worst ? c : worst;
        if (!r->polls[i].forced)
            gaps[n++] = r->polls[i].wall - r->polls[i - 1].wall;
    }
    assert_true(n > 10);
    qsort(gaps, (size_t)n, sizeof gaps[0], cmp_double);
    print_message("%d polls; CPU between two at most %.1f ms; median "
                  "%.1f ms of wall time between unforced ones\n",
                  r->npolls, worst * 1e3, gaps[n / 2] * 1e3);
    if (worst > 0.1)
        fail_msg("%.1f ms of CPU without a poll", worst * 1e3);
    if (gaps[n / 2] < 0.015)
        fail_msg("polls %.1f ms apart (median)", gaps[n / 2] * 1e3);
}

/* ---- stop, keep, resume -------------------------------------------------- */

/* The directory of test_stop_and_resume: every pair up to 3v3, and 1v4
 * and 2v4, for test_work and test_v1_no_work. */
static char *g_dir;

static void test_stop_and_resume(void **state)
{
    (void)state;
    int max = small() ? 2 : 4;
    static run r1, r2;
    char msg[SEEGA_ERROR_MAX];
    char *dir = scratch_dir(), *fresh = scratch_dir();

    /* Stopped at the second poll inside the pair of 3 against 3 (2v2 with
     * 2 pieces a side: its first poll), after the pairs of 4 pieces and
     * fewer, 1v4, 2v3 and 2v4. */
    memset(&r1, 0, sizeof r1);
    r1.arm_mover = r1.arm_other = max == 2 ? 2 : 3;
    r1.stop_after = max == 2 ? 1 : 2;
    r1.fallback_s = 1e9;
    double t0 = wall();
    int32_t st = generate(&r1, max, dir, 2, msg, sizeof msg);
    double end_wall = wall(), end_cpu = cpu();
    if (st != SEEGA_E_STOPPED)
        fail_msg("status %d: %s", (int)st, msg);
    assert_true(r1.stopped);
    assert_int_equal(r1.polls_after_stop, 0);
    print_message("stopped after %.2f s: %s\n", r1.stop_wall - t0, msg);
    assert_non_null(strstr(msg, "stopped"));
    assert_non_null(strstr(msg, dir));
    assert_non_null(strstr(msg, "again"));
    /* the pairs done are written, the pair stopped is not, nor a part of
     * it */
    /* 1v1 1v2, and 1v3 2v2 1v4 2v3 2v4: one file for 1v1 and 2v2 */
    int pairs = max == 2 ? 2 : 7;
    assert_int_equal(count_stage(&r1, SEEGA_TB_STAGE_DONE), pairs);
    assert_int_equal(files_in(dir), max == 2 ? 3 : 12);
    assert_true(exists(dir, max == 2 ? "1v2" : "4v2"));
    assert_false(exists(dir, max == 2 ? "2v2" : "3v3"));
    if (!small()) {
        double w = end_wall - r1.stop_wall, c = end_cpu - r1.stop_cpu;
        print_message("ended %.1f ms after the stop (%.1f ms of CPU)\n",
                      w * 1e3, c * 1e3);
        /* about 100 ms and a chunk; the wall time only loosely, since
         * other work on the machine stretches it */
        if (c > 0.15 || w > 1.0)
            fail_msg("ended %.1f ms (CPU %.1f ms) after the stop", w * 1e3,
                     c * 1e3);
        check_polls(&r1);
    }
    print_message("%d reports of work\n", check_work(&r1));

    /* Again, up to 3 pieces a side: the pairs on disk are kept, 3v3 is
     * made, and the files are those of a generation never stopped. */
    int again = max == 2 ? 2 : 3;
    memset(&r2, 0, sizeof r2);
    st = generate(&r2, again, dir, 2, msg, sizeof msg);
    if (st != SEEGA_OK)
        fail_msg("again: %s", msg);
    assert_int_equal(count_stage(&r2, SEEGA_TB_STAGE_FOUND),
                     again == 2 ? 2 : 5);
    assert_int_equal(count_stage(&r2, SEEGA_TB_STAGE_DONE), 1);
    seega_rules rules = rules_of("classic 5");
    seega_tb_options v1 = SEEGA_TB_OPTIONS_INIT;
    v1.version = 1;
    v1.threads = 2;
    assert_int_equal(
        seega_tb_generate(&rules, again, fresh, &v1, msg, sizeof msg),
        SEEGA_OK);
    assert_has_files_of(dir, fresh);
    remove_dir(fresh);
    g_dir = dir;
}

/* A stop decided in a progress callback: asked at once, so that the
 * pair of 1 against 2, one chunk, is not finished (and not written). */
typedef struct flag_stop {
    int stop, asked;
} flag_stop;

static void stop_at_1v2(void *user, const seega_tb_progress *p)
{
    flag_stop *f = user;
    if (p->stage == SEEGA_TB_STAGE_START && p->mover == 1 && p->other == 2)
        f->stop = 1;
}

static int32_t stop_if_flag(void *user)
{
    flag_stop *f = user;
    f->asked += f->stop;
    return f->stop;
}

static void test_stop_from_progress(void **state)
{
    (void)state;
    seega_rules rules = rules_of("classic 5");
    char *dir = scratch_dir();
    char msg[SEEGA_ERROR_MAX];
    flag_stop f = {0, 0};
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    opt.progress = stop_at_1v2;
    opt.progress_user = &f;
    opt.stop = stop_if_flag;
    opt.stop_user = &f;
    assert_int_equal(seega_tb_generate(&rules, 2, dir, &opt, msg, sizeof msg),
                     SEEGA_E_STOPPED);
    assert_int_equal(f.asked, 1);
    assert_true(exists(dir, "1v1"));
    assert_false(exists(dir, "1v2"));
    assert_false(exists(dir, "2v1"));
    assert_int_equal(files_in(dir), 1);
    assert_string_equal(seega_status_text(SEEGA_E_STOPPED),
                        "the caller stopped the operation");
    remove_dir(dir);
}

/* ---- STAGE_WORK ---------------------------------------------------------- */

/* The pair of 3 against 4 (4.5 million slots), after the pairs on disk:
 * its first look at every slot lasts seconds; stopped at its third
 * report. */
static void test_work(void **state)
{
    (void)state;
    if (small() || !g_dir)
        skip();
    static run r;
    char msg[SEEGA_ERROR_MAX];
    memset(&r, 0, sizeof r);
    r.arm_mover = 3;
    r.arm_other = 4;
    r.stop_on_work = 3;
    r.fallback_s = 8;
    int32_t st = generate(&r, 4, g_dir, 1, msg, sizeof msg);
    if (st != SEEGA_E_STOPPED)
        fail_msg("status %d: %s", (int)st, msg);
    assert_int_equal(count_stage(&r, SEEGA_TB_STAGE_FOUND), 8);
    assert_int_equal(r.works_armed, 3);
    int works = check_work(&r);
    assert_true(works >= 3);
    /* the first report, 250 ms after the sweep began */
    const event *start = NULL, *first = NULL;
    for (int i = 0; i < r.nev && !first; i++) {
        if (r.ev[i].stage == SEEGA_TB_STAGE_START)
            start = &r.ev[i];
        if (r.ev[i].stage == SEEGA_TB_STAGE_WORK)
            first = &r.ev[i];
    }
    assert_non_null(start);
    assert_int_equal(first->mover, 3);
    assert_int_equal(first->level, 0);
    assert_true(first->done > 0);
    print_message("3v4: first report after %.3f s, %llu of %llu slots\n",
                  first->t - start->t, (unsigned long long)first->done,
                  (unsigned long long)first->total);
    assert_true(first->t - start->t >= 0.2);
    assert_false(exists(g_dir, "3v4"));
}

/* Options of version 1: the pair of 3 against 4 runs for a second in a
 * child process, which gets no STAGE_WORK, and is then killed (version 1
 * has no stop). */
static void pipe_progress(void *user, const seega_tb_progress *p)
{
    int fd = *(int *)user;
    int32_t rec[3] = {p->stage, p->mover, p->other};
    if (write(fd, rec, sizeof rec) != (ssize_t)sizeof rec)
        _exit(2);
}

static int32_t never(void *user)
{
    (void)user;
    _exit(3); /* version 1 has no stop: never read */
}

static void test_v1_no_work(void **state)
{
    (void)state;
    if (small() || !g_dir)
        skip();
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(fds[0]);
        seega_rules rules = rules_of("classic 5");
        seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
        opt.version = 1;
        opt.threads = 1;
        opt.progress = pipe_progress;
        opt.progress_user = &fds[1];
        opt.stop = never;
        char msg[SEEGA_ERROR_MAX];
        seega_tb_generate(&rules, 4, g_dir, &opt, msg, sizeof msg);
        _exit(0);
    }
    close(fds[1]);
    int found = 0, works = 0, started = 0;
    double until = wall() + 30;
    for (;;) {
        double left = until - wall();
        if (left <= 0)
            break;
        struct pollfd pf = {fds[0], POLLIN, 0};
        if (poll(&pf, 1, (int)(left * 1000) + 1) <= 0)
            continue;
        int32_t rec[3];
        if (read(fds[0], rec, sizeof rec) != (ssize_t)sizeof rec)
            break;
        found += rec[0] == SEEGA_TB_STAGE_FOUND;
        works += rec[0] == SEEGA_TB_STAGE_WORK;
        if (rec[0] == SEEGA_TB_STAGE_START && rec[1] == 3 && rec[2] == 4) {
            started = 1;
            until = wall() + 1.0;
        }
    }
    kill(pid, SIGKILL);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    close(fds[0]);
    assert_true(WIFSIGNALED(status)); /* still at work: not stopped */
    assert_int_equal(found, 8);
    assert_true(started);
    assert_int_equal(works, 0);
}

/* Version 1's struct ends at progress_user: the stop field is not read
 * (the children of test_v1_no_work check it too, when they run). */
static int32_t stop_now(void *user)
{
    ++*(int *)user;
    return 1;
}

static void test_v1_options(void **state)
{
    (void)state;
    seega_rules rules = rules_of("classic 5");
    char *dir = scratch_dir();
    char msg[SEEGA_ERROR_MAX];
    int calls = 0;
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    opt.version = 1;
    opt.stop = stop_now;
    opt.stop_user = &calls;
    assert_int_equal(seega_tb_generate(&rules, 2, dir, &opt, msg, sizeof msg),
                     SEEGA_OK);
    assert_int_equal(calls, 0);
    assert_int_equal(files_in(dir), 4);
    /* version 2: stopped at the first poll, before anything is written */
    opt.version = 2;
    char *other = scratch_dir();
    assert_int_equal(
        seega_tb_generate(&rules, 2, other, &opt, msg, sizeof msg),
        SEEGA_E_STOPPED);
    assert_int_equal(calls, 1);
    assert_int_equal(files_in(other), 0);
    remove_dir(other);
    remove_dir(dir);
}

static int teardown(void **state)
{
    (void)state;
    if (g_dir)
        remove_dir(g_dir);
    g_dir = NULL;
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stop_and_resume),
        cmocka_unit_test(test_work),
        cmocka_unit_test(test_v1_no_work),
        cmocka_unit_test(test_stop_from_progress),
        cmocka_unit_test(test_v1_options),
    };
    if (getenv("SEEGA_TEST_FILTER"))
        cmocka_set_test_filter(getenv("SEEGA_TEST_FILTER"));
    return cmocka_run_group_tests(tests, NULL, teardown);
}

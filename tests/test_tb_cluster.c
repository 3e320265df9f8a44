/*
 * Tablebase generation spread over ranks (docs/distributed.md), through
 * the public API: seega_tb_generate_cluster with the ranks as threads of
 * this process and an exchange that copies between them (the MPI build
 * of seega-tb is tested by tests/cli/tb_mpi.sh).
 *
 * - The files of 2, 3 and 5 ranks, with one and two threads a rank and
 *   batches small enough that each level takes many exchanges, equal the
 *   files of seega_tb_generate byte for byte, with and without a quiet
 *   limit.
 * - A rerun keeps the finished pairs.
 * - A failure on one rank ends the call on every rank with its message:
 *   a directory rank 0 cannot write, a rank that does not see rank 0's
 *   files, an exchange that fails; so does a stop on one rank.
 * - Bad clusters are refused.
 *
 * SEEGA_TEST_SCALE below 1 (the valgrind step of tests/run_all.sh) takes
 * one piece a side fewer (and its levels take one batch each).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tb_scratch.h"
#include "testutil.h"

#include <dirent.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAXR 8

/* Every .sgtb file of a equals the file of the same name in b, and they
 * hold as many. */
static void assert_same_files(const char *a, const char *b)
{
    int na = 0, nb = 0;
    DIR *d = opendir(a);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strstr(e->d_name, ".sgtb"))
            continue;
        na++;
        char pa[1024], pb[1024];
        snprintf(pa, sizeof pa, "%s/%s", a, e->d_name);
        snprintf(pb, sizeof pb, "%s/%s", b, e->d_name);
        FILE *fa = fopen(pa, "rb"), *fb = fopen(pb, "rb");
        assert_non_null(fa);
        if (!fb)
            fail_msg("%s is missing", pb);
        int ca, cb;
        long at = 0;
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
    d = opendir(b);
    while ((e = readdir(d)) != NULL)
        nb += strstr(e->d_name, ".sgtb") != NULL;
    closedir(d);
    assert_int_equal(na, nb);
    assert_true(na > 0);
}

/* The most pieces a side of the tests: 3, or 2 under a reduced scale. */
static int top(void)
{
    const char *e = getenv("SEEGA_TEST_SCALE");
    return e && atof(e) < 1 ? 2 : 3;
}

/* ---- ranks as threads ------------------------------------------------- */

typedef struct hub {
    int ranks;
    pthread_barrier_t bar;
    const void *send[MAXR];
    const uint64_t *sb[MAXR];
    int kind[MAXR];
    int calls[MAXR];
    int fail_at;    /* the exchange of this number fails on every rank */
    int mismatch;   /* sizes or kinds that did not agree */
    uint64_t bytes[3]; /* by kind, between different ranks */
    uint64_t updates;  /* exchanges of SEEGA_TB_EXCHANGE_UPDATES */
    int stop_at;       /* rank stop_rank stops at its stop_at-th poll */
    int stop_rank;
    int polls[MAXR];   /* the polls of each rank's stop callback */
} hub;

typedef struct rank_run {
    hub *h;
    int rank;
    seega_rules rules;
    int max, threads;
    uint32_t batch;
    const char *dir;
    int32_t st;
    char msg[SEEGA_ERROR_MAX];
    int found;  /* pairs found on disk */
    int levels; /* levels solved, over every pair */
} rank_run;

static int32_t hub_exchange(void *user, int32_t kind, const void *send,
                            const uint64_t *send_bytes, void *recv,
                            const uint64_t *recv_bytes)
{
    rank_run *rr = user;
    hub *h = rr->h;
    int me = rr->rank;
    if (h->fail_at && ++h->calls[me] >= h->fail_at)
        return -1;
    h->send[me] = send;
    h->sb[me] = send_bytes;
    h->kind[me] = kind;
    pthread_barrier_wait(&h->bar);
    uint8_t *out = recv;
    for (int r = 0; r < h->ranks; r++) {
        uint64_t off = 0;
        for (int k = 0; k < me; k++)
            off += h->sb[r][k];
        if (h->sb[r][me] != recv_bytes[r] || h->kind[r] != kind)
            __atomic_store_n(&h->mismatch, 1, __ATOMIC_RELAXED);
        else if (recv_bytes[r])
            memcpy(out, (const uint8_t *)h->send[r] + off, recv_bytes[r]);
        out += recv_bytes[r];
        if (r != me)
            __atomic_fetch_add(&h->bytes[kind], recv_bytes[r],
                               __ATOMIC_RELAXED);
    }
    if (me == 0 && kind == SEEGA_TB_EXCHANGE_UPDATES)
        h->updates++;
    pthread_barrier_wait(&h->bar);
    return 0;
}

static void on_progress(void *user, const seega_tb_progress *p)
{
    rank_run *rr = user;
    rr->found += p->stage == SEEGA_TB_STAGE_FOUND;
    rr->levels += p->stage == SEEGA_TB_STAGE_LEVEL;
}

static int32_t rank_stop(void *user)
{
    rank_run *rr = user;
    hub *h = rr->h;
    return ++h->polls[rr->rank] >= h->stop_at && rr->rank == h->stop_rank;
}

static void *rank_main(void *arg)
{
    rank_run *rr = arg;
    seega_tb_cluster cl = {SEEGA_TB_CLUSTER_VERSION, rr->rank, rr->h->ranks,
                           hub_exchange, rr, rr->batch};
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    opt.threads = rr->threads;
    opt.progress = on_progress;
    opt.progress_user = rr;
    if (rr->h->stop_at) {
        opt.stop = rank_stop;
        opt.stop_user = rr;
    }
    rr->st = seega_tb_generate_cluster(&rr->rules, rr->max, rr->dir, &opt,
                                       &cl, rr->msg, sizeof rr->msg);
    return NULL;
}

/* Generate with `ranks` threads as ranks; dirs[r] is rank r's directory.
 * The results land in out[]. */
static void run_cluster(hub *h, int ranks, const char *text, int max,
                        int threads, uint32_t batch, const char **dirs,
                        rank_run *out)
{
    memset(h->calls, 0, sizeof h->calls);
    h->ranks = ranks;
    h->mismatch = 0;
    memset(h->bytes, 0, sizeof h->bytes);
    h->updates = 0;
    assert_int_equal(pthread_barrier_init(&h->bar, NULL, (unsigned)ranks), 0);
    pthread_t tid[MAXR];
    for (int r = 0; r < ranks; r++) {
        out[r] = (rank_run){h,       r,    rules_of(text), max, threads,
                            batch,   dirs[r], 0,          "",  0,  0};
        assert_int_equal(pthread_create(&tid[r], NULL, rank_main, &out[r]),
                         0);
    }
    for (int r = 0; r < ranks; r++)
        pthread_join(tid[r], NULL);
    pthread_barrier_destroy(&h->bar);
    assert_int_equal(h->mismatch, 0);
}

static void generate_alone(const char *text, int max, const char *dir)
{
    seega_rules r = rules_of(text);
    char msg[SEEGA_ERROR_MAX];
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    opt.threads = 2;
    int32_t st = seega_tb_generate(&r, max, dir, &opt, msg, sizeof msg);
    if (st != SEEGA_OK)
        fail_msg("%s", msg);
}

/* ---- the same files ---------------------------------------------------- */

static void same_as_alone(const char *text, int max)
{
    char *alone = scratch_dir();
    generate_alone(text, max, alone);
    static const struct {
        int ranks, threads;
        uint32_t batch;
    } runs[] = {{2, 1, 0}, {3, 2, 64}, {5, 1, 7}};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        char *dir = scratch_dir();
        const char *dirs[MAXR];
        for (int r = 0; r < MAXR; r++)
            dirs[r] = dir;
        hub h = {0};
        rank_run rr[MAXR];
        run_cluster(&h, runs[i].ranks, text, max, runs[i].threads,
                    runs[i].batch, dirs, rr);
        for (int r = 0; r < runs[i].ranks; r++)
            if (rr[r].st != SEEGA_OK)
                fail_msg("%s, %d ranks, rank %d: %s", text, runs[i].ranks, r,
                         rr[r].msg);
        /* the values crossed ranks, and small batches took more than one
         * exchange in a level (a chunk of slots is walked whole: the
         * tiers of 2 a side are one chunk) */
        assert_true(h.bytes[SEEGA_TB_EXCHANGE_UPDATES] > 0);
        assert_true(h.bytes[SEEGA_TB_EXCHANGE_TABLES] > 0);
        if (runs[i].batch && max == 3 &&
            h.updates <= (uint64_t)rr[0].levels)
            fail_msg("%s, batch %u: %llu exchanges of values in %d levels",
                     text, (unsigned)runs[i].batch,
                     (unsigned long long)h.updates, rr[0].levels);
        assert_same_files(dir, alone);
        remove_dir(dir);
    }
    remove_dir(alone);
}

static void test_same_files_classic(void **state)
{
    (void)state;
    /* OPPONENT_OPENS: the mirror slots */
    same_as_alone("classic 5", top());
}

static void test_same_files_modern(void **state)
{
    (void)state;
    /* a quiet limit: two runs a pair, two ranks a slot */
    same_as_alone("modern 5", top());
}

static void test_same_files_traditional(void **state)
{
    (void)state;
    /* REMOVES, and a side with one piece left has lost */
    same_as_alone("traditional 5", top());
}

static void test_resume(void **state)
{
    (void)state;
    char *dir = scratch_dir(), *alone = scratch_dir();
    const char *dirs[MAXR] = {dir, dir, dir};
    hub h = {0};
    rank_run rr[MAXR];
    int max = top();
    run_cluster(&h, 3, "classic 5", max - 1, 1, 0, dirs, rr);
    for (int r = 0; r < 3; r++)
        assert_int_equal(rr[r].st, SEEGA_OK);
    /* the pairs up to max - 1 a side are kept: 1v1 (max 2), or 1v1 1v2
     * 2v2 (max 3) */
    run_cluster(&h, 2, "classic 5", max, 1, 0, dirs, rr);
    for (int r = 0; r < 2; r++) {
        assert_int_equal(rr[r].st, SEEGA_OK);
        assert_int_equal(rr[r].found, max == 2 ? 1 : 3);
    }
    generate_alone("classic 5", max, alone);
    assert_same_files(dir, alone);
    remove_dir(dir);
    remove_dir(alone);
}

/* ---- failures ---------------------------------------------------------- */

/* Two ranks, rank r in dir r, fail with SEEGA_E_IO and the same message,
 * which names the rank where it failed and holds `text`. */
static void fails_on_both(const char *d0, const char *d1, const char *rank,
                          const char *text)
{
    const char *dirs[MAXR] = {d0, d1};
    hub h = {0};
    rank_run rr[MAXR];
    run_cluster(&h, 2, "classic 5", 3, 1, 0, dirs, rr);
    for (int r = 0; r < 2; r++) {
        assert_int_equal(rr[r].st, SEEGA_E_IO);
        assert_string_equal(rr[r].msg, rr[0].msg);
    }
    if (strncmp(rr[0].msg, rank, strlen(rank)) != 0 ||
        !strstr(rr[0].msg, text))
        fail_msg("unexpected message: %s", rr[0].msg);
}

static void test_unwritable(void **state)
{
    (void)state;
    /* a file where the directory should be: no one writes there, root
     * included */
    char *dir = scratch_dir();
    char path[1024];
    snprintf(path, sizeof path, "%s/file", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
    fails_on_both(path, path, "rank 0: ", path);
    remove_dir(dir);
}

static void test_not_shared(void **state)
{
    (void)state;
    char *d0 = scratch_dir(), *d1 = scratch_dir();
    fails_on_both(d0, d1, "rank 1: ", "every rank sees");
    remove_dir(d0);
    remove_dir(d1);
}

static void test_exchange_fails(void **state)
{
    (void)state;
    int at[] = {1, 2, 5, 40};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++) {
        char *dir = scratch_dir();
        const char *dirs[MAXR] = {dir, dir, dir};
        hub h = {0};
        h.fail_at = at[i];
        rank_run rr[MAXR];
        run_cluster(&h, 3, "classic 5", 3, 1, 16, dirs, rr);
        for (int r = 0; r < 3; r++) {
            assert_int_equal(rr[r].st, SEEGA_E_IO);
            assert_non_null(strstr(rr[r].msg, "exchange between ranks failed"));
        }
        remove_dir(dir);
    }
}

/* A stop on one rank ends every rank with SEEGA_E_STOPPED and the message
 * of that rank, at the next step they take together; a run without a stop
 * then finishes the same files as one process. */
static void test_stop_on_one_rank(void **state)
{
    (void)state;
    char *dir = scratch_dir(), *alone = scratch_dir();
    const char *dirs[MAXR] = {dir, dir, dir};
    hub h = {0};
    h.stop_rank = 1;
    h.stop_at = 4; /* a few phases in: 1v2's first, unless slower */
    rank_run rr[MAXR];
    run_cluster(&h, 3, "classic 5", top(), 1, 16, dirs, rr);
    for (int r = 0; r < 3; r++) {
        assert_int_equal(rr[r].st, SEEGA_E_STOPPED);
        assert_string_equal(rr[r].msg, rr[0].msg);
    }
    if (strncmp(rr[0].msg, "rank 1: ", 8) != 0 ||
        !strstr(rr[0].msg, "stopped"))
        fail_msg("unexpected message: %s", rr[0].msg);
    assert_int_equal(h.polls[1], h.stop_at); /* not asked again */
    memset(&h, 0, sizeof h);
    run_cluster(&h, 3, "classic 5", top(), 1, 16, dirs, rr);
    for (int r = 0; r < 3; r++)
        assert_int_equal(rr[r].st, SEEGA_OK);
    generate_alone("classic 5", top(), alone);
    assert_same_files(dir, alone);
    remove_dir(dir);
    remove_dir(alone);
}

static int32_t never_called(void *user, int32_t kind, const void *send,
                            const uint64_t *sb, void *recv,
                            const uint64_t *rb)
{
    (void)kind, (void)send, (void)sb, (void)recv, (void)rb;
    ++*(int *)user;
    return -1;
}

static void test_bad_cluster(void **state)
{
    (void)state;
    seega_rules r = rules_of("classic 5");
    char *dir = scratch_dir();
    char msg[SEEGA_ERROR_MAX];
    int calls = 0;
    seega_tb_cluster good = {SEEGA_TB_CLUSTER_VERSION, 0, 2, never_called,
                             &calls, 0};
    seega_tb_cluster c = good;
    c.version = 99;
    assert_int_equal(seega_tb_generate_cluster(&r, 3, dir, NULL, &c, msg,
                                               sizeof msg),
                     SEEGA_E_VERSION);
    assert_non_null(strstr(msg, "cluster version"));
    int bad[][2] = {{-1, 2}, {2, 2}, {0, 0}, {0, -3}, {0, 65537}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c = good;
        c.rank = bad[i][0];
        c.ranks = bad[i][1];
        assert_int_equal(seega_tb_generate_cluster(&r, 3, dir, NULL, &c, msg,
                                                   sizeof msg),
                         SEEGA_E_INVALID);
        assert_true(strstr(msg, "rank") != NULL);
    }
    c = good;
    c.batch = SEEGA_TB_BATCH_MAX + 1;
    assert_int_equal(seega_tb_generate_cluster(&r, 3, dir, NULL, &c, msg,
                                               sizeof msg),
                     SEEGA_E_INVALID);
    assert_non_null(strstr(msg, "batch"));
    c = good;
    c.exchange = NULL;
    assert_int_equal(
        seega_tb_generate_cluster(&r, 3, dir, NULL, &c, msg, sizeof msg),
        SEEGA_E_INVALID);
    assert_non_null(strstr(msg, "exchange"));
    /* bad arguments are found before any exchange, as without a cluster */
    c = good;
    assert_int_equal(seega_tb_generate_cluster(&r, 99, dir, NULL, &c, msg,
                                               sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_tb_generate_cluster(NULL, 3, dir, NULL, &c, msg,
                                               sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(calls, 0);
    /* nothing was written */
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;
    while ((e = readdir(d)) != NULL)
        files += e->d_name[0] != '.';
    closedir(d);
    assert_int_equal(files, 0);
    /* one rank: no exchange needed, the files of seega_tb_generate */
    c = good;
    c.ranks = 1;
    c.exchange = NULL;
    assert_int_equal(
        seega_tb_generate_cluster(&r, 3, dir, NULL, &c, msg, sizeof msg),
        SEEGA_OK);
    char *alone = scratch_dir();
    generate_alone("classic 5", 3, alone);
    assert_same_files(dir, alone);
    remove_dir(alone);
    remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_cluster),
        cmocka_unit_test(test_same_files_classic),
        cmocka_unit_test(test_same_files_modern),
        cmocka_unit_test(test_same_files_traditional),
        cmocka_unit_test(test_resume),
        cmocka_unit_test(test_unwritable),
        cmocka_unit_test(test_not_shared),
        cmocka_unit_test(test_exchange_fails),
        cmocka_unit_test(test_stop_on_one_rank),
    };
    if (getenv("SEEGA_TEST_FILTER"))
        cmocka_set_test_filter(getenv("SEEGA_TEST_FILTER"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}

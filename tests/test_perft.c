/*
 * Every row of the perft table in docs/notation.md, "Perft"
 * (#notation_perft), through seega_perft.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"

#define FULL5 "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"

/* A table row: the position and its counts from depth 1, 0 after the
 * last. */
typedef struct {
    int32_t variant, size;
    const char *spn; /* NULL: the start of the game */
    uint64_t n[7];
} perft_row;

/*
 * Soft check of one row: the counts at depth 0 to the last, and that
 * perft leaves the game as it was. Prints the row (index, position,
 * depth, expected and got) and returns 1 on failure.
 */
static int check_row(const char *table, size_t i, const perft_row *row)
{
    seega_game *g = tu_game(row->variant, row->size);
    char before[SEEGA_SPN_MAX], after[SEEGA_SPN_MAX];
    const char *spn = row->spn ? row->spn : "start";
    int bad = 0;
    uint64_t n = 99;
    if (row->spn)
        tu_load(g, row->spn);
    assert_true(seega_get_spn(g, before, sizeof before) > 0);
    if (seega_perft(g, 0, &n) != SEEGA_OK || n != 1) {
        print_error("%s row %zu (variant %d size %d, %s) depth 0: got %llu, "
                    "want 1\n",
                    table, i, (int)row->variant, (int)row->size, spn,
                    (unsigned long long)n);
        bad = 1;
    }
    for (int32_t d = 1; d <= 7 && row->n[d - 1] && !bad; d++) {
        int32_t rc;
        n = 0;
        rc = seega_perft(g, d, &n);
        if (rc != SEEGA_OK || n != row->n[d - 1]) {
            print_error("%s row %zu (variant %d size %d, %s) depth %d: got "
                        "%llu (status %d), want %llu\n",
                        table, i, (int)row->variant, (int)row->size, spn,
                        (int)d, (unsigned long long)n, (int)rc,
                        (unsigned long long)row->n[d - 1]);
            bad = 1;
        }
    }
    /* perft leaves the game as it was */
    assert_true(seega_get_spn(g, after, sizeof after) > 0);
    if (strcmp(before, after) != 0 || seega_history_length(g) != 0) {
        print_error("%s row %zu (%s): perft changed the game to \"%s\"\n",
                    table, i, spn, after);
        bad = 1;
    }
    seega_free(g);
    return bad;
}

static void check_rows(const char *table, const perft_row *rows, size_t count)
{
    int bad = 0;
    for (size_t i = 0; i < count; i++)
        bad += check_row(table, i, &rows[i]);
    assert_int_equal(bad, 0);
}

#define CHECK_ROWS(rows) check_rows(#rows, rows, sizeof rows / sizeof rows[0])

/* The rows of docs/notation.md: from the start of every preset and size,
 * and from the full 5x5 board (only the centre empty, O to move). */
static const perft_row NOTATION[] = {
    {SEEGA_CLASSIC, 5, NULL, {24, 552, 12144, 255024, 5100480}},
    {SEEGA_DIAGONAL, 5, NULL, {24, 552, 12144, 255024, 5100480}},
    {SEEGA_MODERN, 5, NULL, {24, 552, 12144, 255024, 5100480}},
    {SEEGA_TRADITIONAL, 5, NULL, {2, 2, 4, 4, 80}},
    {SEEGA_CLASSIC, 5, FULL5, {4, 12, 32, 72, 152}},
    {SEEGA_TRADITIONAL, 5, FULL5, {4, 12, 32, 72, 152}},
    {SEEGA_DIAGONAL, 5, FULL5, {4, 12, 40, 128, 784}},
    {SEEGA_MODERN, 5, FULL5, {4, 12, 32, 80, 224}},
    {SEEGA_CLASSIC, 7, NULL, {48, 2256, 103776}},
    {SEEGA_CLASSIC, 9, NULL, {80, 6320, 492960}},
};

static void test_perft_notation(void **state)
{
    (void)state;
    CHECK_ROWS(NOTATION);
}

/* A finished game has no sequences of one action or more. */
static void test_perft_finished(void **state)
{
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/5/xx3 x 0 0 50 -");
    uint64_t n = 99;
    (void)state;
    assert_int_equal(seega_perft(g, 0, &n), SEEGA_OK);
    assert_int_equal(n, 1);
    assert_int_equal(seega_perft(g, 1, &n), SEEGA_OK);
    assert_int_equal(n, 0);
    assert_int_equal(seega_perft(g, -1, &n), SEEGA_E_INVALID);
    seega_free(g);
}

/*
 * The depth is bounded (SEEGA_PERFT_MAX_DEPTH): the recursion takes a
 * stack frame per ply, so a deeper request, on any position, is refused
 * rather than run. The maximum itself is accepted where the tree ends
 * within it.
 */
static void test_perft_max_depth(void **state)
{
    /* MODERN, two quiet turns from the quiet limit: every line ends in a
     * draw after four actions or fewer */
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "x4/5/5/5/4o x 0 0 48 -");
    seega_game *over = tu_game_spn(SEEGA_MODERN, 5, "4o/5/5/5/xx3 x 0 0 50 -");
    seega_game *start = tu_game(SEEGA_CLASSIC, 5);
    uint64_t n = 99;
    (void)state;
    assert_int_equal(SEEGA_PERFT_MAX_DEPTH, 32);
    assert_int_equal(seega_perft(g, SEEGA_PERFT_MAX_DEPTH, &n), SEEGA_OK);
    assert_int_equal(n, 0);
    n = 99;
    assert_int_equal(seega_perft(over, SEEGA_PERFT_MAX_DEPTH, &n), SEEGA_OK);
    assert_int_equal(n, 0);
    /* beyond it: refused with a message naming the bound, whatever the
     * position (the count is left alone) */
    seega_game *games[] = {g, over, start};
    int32_t depths[] = {SEEGA_PERFT_MAX_DEPTH + 1, 1000, 10000, INT32_MAX};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        for (size_t j = 0; j < sizeof depths / sizeof depths[0]; j++) {
            n = 99;
            assert_int_equal(seega_perft(games[i], depths[j], &n),
                             SEEGA_E_INVALID);
            assert_int_equal(n, 99);
            assert_non_null(
                strstr(seega_last_error(games[i]), "SEEGA_PERFT_MAX_DEPTH"));
            assert_true(
                tu_contains_ci(seega_last_error(games[i]), "maximum, 32"));
        }
    }
    seega_free(start);
    seega_free(over);
    seega_free(g);
}

/*
 * Moving-phase positions of every preset on every size: those of the
 * benchmark (tests/bench/positions.txt), reached by random play (chains and
 * quiet counters among them), to the benchmark's depth (4-6). The counts
 * were computed by the naive reference implementation in tests/reference
 * (written apart from lib/); the differential test checks the same
 * agreement on random games.
 */
static const perft_row MOVING[] = {
    {1, 5, "x1xoo/3o1/oox1x/1o2x/2ox1 o 0 0 0 -", {12, 150, 1781, 20453, 248558, 2712772}},
    {1, 5, "xxxxo/xxo1o/o3x/1xxoo/oo1o1 x 0 0 0 b2", {2, 20, 151, 1437, 12893, 123320}},
    {1, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -", {4, 12, 32, 72, 152, 488}},
    {1, 7, "o1oo1oo/o1oox2/2x1x2/1o2xxo/ox2x2/xxx1xo1/1o2x1o x 0 0 2 -", {20, 456, 9426, 217759, 4736411}},
    {1, 7, "xxxooxx/xxxxoox/xoo1oo1/xxxoox1/ooxoox1/ooxooxx/oxoooox o 0 0 6 -", {4, 23, 147, 1127, 8059, 61054}},
    {1, 9, "oxooooox1/1x1o1oooo/x2x2oo1/oxx1x1oox/ox1o2ooo/8o/1x6o/x2xooo2/oxoxxx2x x 0 0 5 -", {32, 930, 26823, 836181, 23846222}},
    {1, 9, "ooooxxxxx/oxxoxooxo/ooxoxoxxx/xxoo1o1xx/xooox1x1x/oxx1xx1oo/xxo2xxox/ooxoxxooo/oxooooxxx x 0 0 1 -", {19, 166, 2623, 25880, 375462}},
    {2, 5, "xo2o/2o1x/oo1x1/3ox/ooo1x o 0 0 3 -", {32, 375, 10909, 140027, 3825111}},
    {2, 5, "oo3/2oo1/1oox1/1oo2/o4 o 0 0 9 -", {29, 110, 3555, 16192, 523945}},
    {2, 7, "x1xx1oo/xo1o1ox/ooooxxx/o2ox1o/xooo1xx/xoo1x1o/oooxxxx o 0 0 1 -", {34, 958, 32264, 918253}},
    {2, 7, "o4ox/o3x1x/2o1xoo/oo1xx2/1ooxx1x/2x1x2/1x1xx1x o 0 0 1 -", {34, 1551, 52425, 2389211}},
    {2, 9, "ooxx1oxxx/ox1oxxxoo/xxx2ooox/x2x2oxo/xxxooo1ox/oxo1ooooo/oxxoxoxox/oxooxooxx/xxoxoxxox o 0 0 3 -", {28, 889, 26401, 914280}},
    {2, 9, "2xx1x2x/4o3x/2o1x2x1/o1x6/3ooo1oo/o2o1ooo1/oo2o1o2/2xoo3o/x3xooxx o 0 0 14 -", {90, 4414, 394221, 19155592}},
    {3, 5, "x1o2/1o3/o1x2/5/o1x2 x 0 0 28 -", {9, 99, 751, 6750, 52405, 473089}},
    {3, 5, "oxxx1/1x2o/oox1o/oo1ox/xxxxx x 0 0 0 -", {9, 64, 571, 4201, 39156, 288525}},
    {3, 7, "xxo2o1/1x1xo2/4o1x/x2oox1/1xo1oo1/1o1o2o/2o1o1o x 0 0 24 -", {17, 598, 9801, 328591, 5332605}},
    {3, 7, "oo1ooxo/oxxxoox/x3oox/x1oxo1o/xooxxxo/ox1xxxx/oxoxxoo x 0 0 2 -", {10, 108, 1321, 15130, 197623, 2383379}},
    {3, 9, "oxxoxx1xx/xxo1oo1x1/x2ooox2/x2ooox1x/1x1oooo1x/2o2ooo1/o2xooo1x/4oooo1/xxx1oxxox x 0 0 3 -", {32, 919, 29400, 847520, 27184374}},
    {3, 9, "xoxxoooox/xoxo1xxxx/xoxxx1xxo/xxx1xx1x1/oxoox1xoo/xooxxxo1o/xoox1xoox/xooxoooxo/xooxoooox x 0 0 2 -", {21, 216, 4512, 47040, 991280, 11454612}},
    {4, 5, "x1o1o/xoo1x/3xx/2o1x/xoxxx o 0 0 20 -", {11, 98, 1003, 9761, 97288, 1023485}},
    {4, 5, "xxxoo/xxxo1/x2o1/2xo1/xxooo x 0 0 5 -", {8, 52, 464, 3972, 35005, 298862}},
    {4, 7, "oooxxxo/2ox1xx/1o1o1xx/o4o1/2ox3/o6/ox1ox1o x 0 0 36 -", {12, 312, 4219, 107407, 1527789}},
    {4, 7, "oxoooxx/oxxxxxx/xo2xxx/xxx1o1x/ooox1oo/ooox1ox/xooooxx x 0 0 1 -", {10, 67, 424, 3616, 33420, 337461}},
    {4, 9, "xooo1o2o/ox1xxoo1o/o2oo2oo/oxx1ox1x1/o1oxx2xx/4xx3/1o1ox1xxx/ooo2xxxo/1o1o1oxxo x 0 0 2 -", {32, 1181, 34933, 1288252, 38937902}},
    {4, 9, "oooxxoxoo/oxxxxx1xx/xooo1ooxx/oox1o1xxo/xxxx1o1xx/oxx4xo/xoox1xoox/ooooxxooo/xoxooxxox o 0 0 3 -", {14, 213, 2316, 36806, 443320, 7532141}},
};

static void test_perft_moving_positions(void **state)
{
    (void)state;
    CHECK_ROWS(MOVING);
}

/*
 * The first position of the moving phase (every piece placed, only the
 * centre empty), reached by random placing, three per preset on 5x5 and
 * one per preset on 7x7 and 9x9, to depth 7 (DIAGONAL 6, whose trees are
 * wide): narrow trees where perft counts square by square over the few
 * empty squares (SG_TINY in lib/fast/perft_tiny_impl.h), through
 * captures, chains, blocked sides and removals. Counts from the naive
 * reference implementation (tests/reference).
 */
static const perft_row FIRST_MOVING[] = {
    {1, 5, "xxxox/ooxxo/oo1ox/xooxo/xooxx o 0 0 0 -", {3, 5, 12, 27, 73, 296, 1325}},
    {1, 5, "xxxoo/oxoxo/oo1xo/ooxxx/xxoxo o 0 0 0 -", {2, 5, 18, 116, 526, 3543, 18138}},
    {1, 5, "xxxoo/oxoxo/xx1xo/xooxo/ooxox o 0 0 0 -", {2, 6, 18, 77, 362, 2024, 11685}},
    {2, 5, "ooxxo/oxoxo/xx1ox/xooox/oxxox o 0 0 0 -", {5, 47, 566, 5095, 71247, 837385}},
    {2, 5, "oxxxx/oxxox/oo1xo/xoxox/oooxo o 0 0 0 -", {4, 38, 641, 7788, 128049, 1745491}},
    {2, 5, "oxoox/xoxox/ox1oo/xoxxo/xxoox o 0 0 0 -", {4, 29, 520, 6180, 115951, 1507022}},
    {3, 5, "xxooo/xoxxx/xo1ox/xoooo/ooxxx x 0 0 0 -", {1, 7, 57, 330, 2800, 17651, 169339}},
    {3, 5, "oxxxx/ooxox/ox1ox/xxooo/xxooo x 0 0 0 -", {2, 8, 28, 92, 502, 2147, 12238}},
    {3, 5, "ooxxo/ooxox/oo1xx/xxooo/xoxxx x 0 0 0 -", {2, 6, 26, 77, 384, 1348, 8021}},
    {4, 5, "oxxoo/oxxox/oo1oo/xxxxx/xoxoo o 0 0 0 -", {2, 3, 3, 5, 18, 47, 235}},
    {4, 5, "xooxx/xxxoo/xo1oo/oxxoo/xooxx o 0 0 0 -", {2, 5, 12, 94, 328, 2326, 10954}},
    {4, 5, "xoxoo/oxxxo/xo1ox/xxxoo/ooxox o 0 0 0 -", {2, 5, 8, 16, 32, 129, 410}},
    {1, 7, "oxoooxo/xooxooo/ooxoxox/xxx1xxo/xoxoxox/ooxxoox/xoxxoxx o 0 0 0 -", {2, 6, 11, 18, 45, 173, 856}},
    {2, 7, "xxxooxo/xxxxxxo/xooxooo/ooo1oxo/oxoxoxx/xooxxxx/oooxoox o 0 0 0 -", {6, 25, 138, 1393, 18887, 309388}},
    {3, 7, "xooxxoo/xxoxxox/ooxxoxx/xoo1xxo/ooooxxo/xooxxxx/xoxoooo x 0 0 0 -", {2, 4, 22, 124, 937, 5621, 45854}},
    {4, 7, "oxoooxo/oxoxxxx/oooxoxo/xxo1ooo/xxoxoxx/xooooxx/xooxxxx o 0 0 0 -", {2, 25, 50, 279, 1327, 7534, 42277}},
    {1, 9, "xxooooxxx/ooxxxxxxo/xxooxxxox/ooxooooxx/oxxx1oooo/xxooxxooo/xoxoooxxo/xxooxooox/oxxoxoxox o 0 0 0 -", {2, 5, 8, 24, 108, 513, 2703}},
    {2, 9, "xooxoxooo/oxxoxoxoo/xoooxxxoo/xoooxxxxo/oxxx1xxoo/xxxxoxoox/xoxooooox/xxxoooxox/ooxxxoxxo o 0 0 0 -", {2, 11, 131, 1819, 33555, 686137}},
    {3, 9, "oxxoxoxoo/oooxxoxxx/ooxoxooox/ooxxxoxxx/xoxx1xoxx/oooxoxxxo/xooxoxooo/ooxxxxooo/xxooxoxxo x 0 0 0 -", {3, 4, 11, 19, 81, 269, 1874}},
    {4, 9, "xooxxxoox/xxooxoxox/xoxooxxoo/xoxoxoooo/xxoo1ooxx/xoooxxxxo/xxxxxoxxo/xooxoxxoo/ooxxooxoo o 0 0 0 -", {2, 42, 91, 570, 2887, 18909, 110923}},
};

static void test_perft_first_moving(void **state)
{
    (void)state;
    CHECK_ROWS(FIRST_MOVING);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_notation),
        cmocka_unit_test(test_perft_finished),
        cmocka_unit_test(test_perft_max_depth),
        cmocka_unit_test(test_perft_moving_positions),
        cmocka_unit_test(test_perft_first_moving),
    };
    return cmocka_run_group_tests_name("perft", tests, NULL, NULL);
}

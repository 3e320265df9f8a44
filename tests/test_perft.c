/*
 * Every row of the perft table in RULES.md section 5, through seega_perft.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

#define FULL5 "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"

static void check_perft(int32_t variant, int32_t size, const char *spn,
                        const uint64_t *expected, int32_t depths)
{
    seega_game *g = tu_game(variant, size);
    char before[SEEGA_SPN_MAX];
    uint64_t n;
    if (spn)
        tu_load(g, spn);
    assert_true(seega_get_spn(g, before, sizeof before) > 0);
    assert_int_equal(seega_perft(g, 0, &n), SEEGA_OK);
    assert_int_equal(n, 1);
    for (int32_t d = 1; d <= depths; d++) {
        n = 0;
        assert_int_equal(seega_perft(g, d, &n), SEEGA_OK);
        if (n != expected[d - 1])
            print_error("variant %d size %d depth %d: got %llu, want %llu\n",
                        (int)variant, (int)size, (int)d, (unsigned long long)n,
                        (unsigned long long)expected[d - 1]);
        assert_int_equal(n, expected[d - 1]);
    }
    /* perft leaves the game as it was */
    tu_assert_spn(g, before);
    assert_int_equal(seega_history_length(g), 0);
    seega_free(g);
}

static void test_perft_start5_classic(void **state)
{
    static const uint64_t e[] = {24, 552, 12144, 255024, 5100480};
    (void)state;
    check_perft(SEEGA_CLASSIC, 5, NULL, e, 5);
}

static void test_perft_start5_diagonal(void **state)
{
    static const uint64_t e[] = {24, 552, 12144, 255024, 5100480};
    (void)state;
    check_perft(SEEGA_DIAGONAL, 5, NULL, e, 5);
}

static void test_perft_start5_modern(void **state)
{
    static const uint64_t e[] = {24, 552, 12144, 255024, 5100480};
    (void)state;
    check_perft(SEEGA_MODERN, 5, NULL, e, 5);
}

static void test_perft_start5_traditional(void **state)
{
    static const uint64_t e[] = {2, 2, 4, 4, 80};
    (void)state;
    check_perft(SEEGA_TRADITIONAL, 5, NULL, e, 5);
}

static void test_perft_full5_classic(void **state)
{
    static const uint64_t e[] = {4, 12, 32, 72, 152};
    (void)state;
    check_perft(SEEGA_CLASSIC, 5, FULL5, e, 5);
}

static void test_perft_full5_traditional(void **state)
{
    static const uint64_t e[] = {4, 12, 32, 72, 152};
    (void)state;
    check_perft(SEEGA_TRADITIONAL, 5, FULL5, e, 5);
}

static void test_perft_full5_diagonal(void **state)
{
    static const uint64_t e[] = {4, 12, 40, 128, 784};
    (void)state;
    check_perft(SEEGA_DIAGONAL, 5, FULL5, e, 5);
}

static void test_perft_full5_modern(void **state)
{
    static const uint64_t e[] = {4, 12, 32, 80, 224};
    (void)state;
    check_perft(SEEGA_MODERN, 5, FULL5, e, 5);
}

static void test_perft_start7_classic(void **state)
{
    static const uint64_t e[] = {48, 2256, 103776};
    (void)state;
    check_perft(SEEGA_CLASSIC, 7, NULL, e, 3);
}

static void test_perft_start9_classic(void **state)
{
    static const uint64_t e[] = {80, 6320, 492960};
    (void)state;
    check_perft(SEEGA_CLASSIC, 9, NULL, e, 3);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_start5_classic),
        cmocka_unit_test(test_perft_start5_diagonal),
        cmocka_unit_test(test_perft_start5_modern),
        cmocka_unit_test(test_perft_start5_traditional),
        cmocka_unit_test(test_perft_full5_classic),
        cmocka_unit_test(test_perft_full5_traditional),
        cmocka_unit_test(test_perft_full5_diagonal),
        cmocka_unit_test(test_perft_full5_modern),
        cmocka_unit_test(test_perft_start7_classic),
        cmocka_unit_test(test_perft_start9_classic),
        cmocka_unit_test(test_perft_finished),
    };
    return cmocka_run_group_tests_name("perft", tests, NULL, NULL);
}

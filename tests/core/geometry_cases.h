/*
 * Geometry of one board size (SG_N) against plain coordinates: masks,
 * every direction shift of every square, centre and opening squares.
 * Included by test_geometry5.c, test_geometry7.c, test_geometry9.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/core.h"
#include "core/geometry_impl.h"

static const int DF[8] = {0, 0, 1, -1, 1, -1, -1, 1}; /* N S E W NE SW NW SE */
static const int DR[8] = {1, -1, 0, 0, 1, -1, 1, -1};

static void test_masks(void **state)
{
    (void)state;
    assert_int_equal(bb_count(m_full()), N * N);
    assert_int_equal(bb_count(m_file_a()), N);
    assert_int_equal(bb_count(m_file_z()), N);
    assert_int_equal(bb_count(m_rank_1()), N);
    assert_int_equal(bb_count(m_rank_z()), N);
    for (int sq = 0; sq < N * N; sq++) {
        int f = sq % N, r = sq / N;
        assert_int_equal(bb_test(m_file_a(), sq), f == 0);
        assert_int_equal(bb_test(m_file_z(), sq), f == N - 1);
        assert_int_equal(bb_test(m_rank_1(), sq), r == 0);
        assert_int_equal(bb_test(m_rank_z(), sq), r == N - 1);
    }
    /* Centre: c3, d4, e5. */
    assert_int_equal(CENTRE, (N / 2) * N + N / 2);
    assert_int_equal(PIECES, (N * N - 1) / 2);
    /* Opening squares: X on the centre's file, O on its rank. */
    int c = N / 2;
    assert_true(bb_test(m_marked(SEEGA_X), (c - 1) * N + c));
    assert_true(bb_test(m_marked(SEEGA_X), (c + 1) * N + c));
    assert_true(bb_test(m_marked(SEEGA_O), c * N + c - 1));
    assert_true(bb_test(m_marked(SEEGA_O), c * N + c + 1));
    assert_int_equal(bb_count(m_marked(SEEGA_X)), 2);
    assert_int_equal(bb_count(m_marked(SEEGA_O)), 2);
}

static void test_shifts(void **state)
{
    (void)state;
    for (int d = 0; d < 8; d++) {
        /* Opposite directions pair up as d ^ 1. */
        assert_int_equal(DF[d], -DF[d ^ 1]);
        assert_int_equal(DR[d], -DR[d ^ 1]);
        assert_int_equal(dir_delta(d), DR[d] * N + DF[d]);
        for (int sq = 0; sq < N * N; sq++) {
            int f = sq % N + DF[d], r = sq / N + DR[d];
            BB got = sh(bb_bit(sq), d);
            if (f < 0 || f >= N || r < 0 || r >= N) {
                assert_false(bb_any(got));
            } else {
                assert_int_equal(bb_count(got), 1);
                assert_int_equal(bb_lsb(got), r * N + f);
            }
        }
        /* The whole board shifted stays on it. */
        assert_false(bb_any(bb_andnot(sh(m_full(), d), m_full())));
    }
}

/* The neighbour tables against the shifts they replace. */
static void test_adjacency(void **state)
{
    (void)state;
    for (int sq = 0; sq < N * N; sq++) {
        BB b = bb_bit(sq), four = BB_ZERO, eight;
        for (int d = 0; d < 4; d++)
            four = bb_or(four, sh(b, d));
        eight = four;
        for (int d = 4; d < 8; d++)
            eight = bb_or(eight, sh(b, d));
        assert_true(bb_eq(adj(sq, 0), four));
        assert_true(bb_eq(adj(sq, 1), eight));
    }
    /* two steps along a direction */
    for (int sq = 0; sq < N * N; sq++) {
        BB b = bb_bit(sq), four = BB_ZERO, eight;
        for (int d = 0; d < 4; d++)
            four = bb_or(four, sh(sh(b, d), d));
        eight = four;
        for (int d = 4; d < 8; d++)
            eight = bb_or(eight, sh(sh(b, d), d));
        assert_true(bb_eq(far2(sq, 0), four));
        assert_true(bb_eq(far2(sq, 1), eight));
    }
    /* beyond the board: empty */
    for (int sq = N * N; sq < SG_MAX_SQ; sq++)
        assert_false(bb_any(adj(sq, 1)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_masks),
        cmocka_unit_test(test_shifts),
        cmocka_unit_test(test_adjacency),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * Checks of the bb128 operations (the 9x9 bitboard, two words) against a
 * plain model (an array of 128 bits).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/bitboard.h"

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A random set of the 81 squares of 9x9 (and its model), of a kind by
 * round: squares anywhere, only in the high word (64-80), only in the low
 * word, or few (often none). */
static bb128 random_set(unsigned char model[128], int round)
{
    static const int lo[4] = {0, 64, 0, 0}, hi[4] = {81, 81, 64, 81};
    static const unsigned one_in[4] = {3, 3, 3, 40};
    int kind = round % 4;
    bb128 b = BB128_ZERO;
    memset(model, 0, 128);
    for (int i = lo[kind]; i < hi[kind]; i++)
        if (next() % one_in[kind] == 0) {
            b = bb128_or(b, bb128_bit(i));
            model[i] = 1;
        }
    return b;
}

static void check(bb128 b, const unsigned char model[128])
{
    int count = 0, lowest = -1;
    for (int i = 0; i < 128; i++) {
        assert_int_equal(bb128_test(b, i), model[i]);
        count += model[i];
        if (model[i] && lowest < 0)
            lowest = i;
    }
    assert_int_equal(bb128_count(b), count);
    assert_int_equal(bb128_any(b), count > 0);
    if (count)
        assert_int_equal(bb128_lsb(b), lowest);
}

static void test_ops(void **state)
{
    (void)state;
    unsigned char ma[128], mb[128], mr[128];
    for (int round = 0; round < 500; round++) {
        bb128 a = random_set(ma, round), b = random_set(mb, round / 4);
        check(a, ma);
        for (int i = 0; i < 128; i++)
            mr[i] = ma[i] & mb[i];
        check(bb128_and(a, b), mr);
        for (int i = 0; i < 128; i++)
            mr[i] = ma[i] | mb[i];
        check(bb128_or(a, b), mr);
        for (int i = 0; i < 128; i++)
            mr[i] = ma[i] ^ mb[i];
        check(bb128_xor(a, b), mr);
        for (int i = 0; i < 128; i++)
            mr[i] = ma[i] & !mb[i];
        check(bb128_andnot(a, b), mr);
        /* Shifts by every distance a direction uses (1 .. 10). */
        for (int k = 1; k <= 10; k++) {
            memset(mr, 0, sizeof mr);
            for (int i = 0; i + k < 128; i++)
                mr[i + k] = ma[i];
            check(bb128_shl(a, k), mr);
            memset(mr, 0, sizeof mr);
            for (int i = k; i < 128; i++)
                mr[i - k] = ma[i];
            check(bb128_shr(a, k), mr);
        }
        /* pop_lsb walks the set in order, every square once. */
        int next_sq = 0, steps = 0;
        for (bb128 t = a; bb128_any(t); t = bb128_pop_lsb(t), steps++) {
            while (!ma[next_sq])
                next_sq++;
            assert_int_equal(bb128_lsb(t), next_sq);
            next_sq++;
        }
        assert_int_equal(steps, bb128_count(a));
        assert_true(bb128_eq(a, a));
        assert_true(bb128_eq(bb128_xor(a, b), bb128_xor(b, a)));
        /* sets one square apart, in either word, are not equal */
        static const int apart[4] = {0, 63, 64, 80};
        for (int i = 0; i < 4; i++) {
            assert_false(bb128_eq(a, bb128_xor(a, bb128_bit(apart[i]))));
            assert_false(bb128_eq(bb128_xor(a, bb128_bit(apart[i])), a));
        }
    }
}

static void test_low_and_words(void **state)
{
    (void)state;
    for (int n = 0; n < 128; n++) {
        bb128 l = bb128_low(n);
        assert_int_equal(bb128_count(l), n);
        if (n)
            assert_true(bb128_test(l, n - 1));
        assert_false(bb128_test(l, n));
    }
    bb128 b = bb128_or(bb128_bit(3), bb128_bit(70));
    assert_true(bb128_word(b, 0) == 8u);
    assert_true(bb128_word(b, 1) == 64u);
    /* across the word boundary */
    assert_int_equal(bb128_lsb(bb128_shl(bb128_bit(60), 9)), 69);
    assert_int_equal(bb128_lsb(bb128_shr(bb128_bit(70), 9)), 61);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ops),
        cmocka_unit_test(test_low_and_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

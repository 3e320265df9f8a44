/*
 * The equality of two rule sets (sg_rules_equal, core/rules.c), which
 * the tablebase functions use to refuse a game of other rules: every
 * field counts, the struct's version does not (as in the rules text).
 * The struct is changed word by word, so that a field appended to
 * seega_rules and forgotten in sg_rules_equal fails here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/core.h"

#include <string.h>

/* Every field is 32 bits wide: the struct is a run of words. */
_Static_assert(sizeof(seega_rules) % sizeof(uint32_t) == 0,
               "seega_rules is a run of 32-bit fields");
#define WORDS (sizeof(seega_rules) / sizeof(uint32_t))

static void test_each_field(void **state)
{
    (void)state;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++)
        for (int n = 5; n <= 9; n += 2) {
            seega_rules a, b;
            assert_int_equal(seega_rules_preset(&a, v, n), SEEGA_OK);
            b = a;
            assert_true(sg_rules_equal(&a, &b));
            for (size_t w = 0; w < WORDS; w++) {
                uint32_t x;
                b = a;
                memcpy(&x, (char *)&b + w * sizeof x, sizeof x);
                x ^= 1;
                memcpy((char *)&b + w * sizeof x, &x, sizeof x);
                /* word 0 is the version */
                assert_int_equal(sg_rules_equal(&a, &b), w == 0);
                assert_int_equal(sg_rules_equal(&b, &a), w == 0);
            }
        }
}

/* Presets are equal to themselves only. */
static void test_presets(void **state)
{
    (void)state;
    for (int i = 0; i < 12; i++)
        for (int j = 0; j < 12; j++) {
            seega_rules a, b;
            assert_int_equal(seega_rules_preset(&a, 1 + i / 3, 5 + i % 3 * 2),
                             SEEGA_OK);
            assert_int_equal(seega_rules_preset(&b, 1 + j / 3, 5 + j % 3 * 2),
                             SEEGA_OK);
            assert_int_equal(sg_rules_equal(&a, &b), i == j);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_field),
        cmocka_unit_test(test_presets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * The Zobrist table is what zobrist.c says it is: splitmix64 from the
 * stated seed, in the stated order. Regenerated here and compared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/zobrist.h"

static uint64_t sm_state;
static uint64_t splitmix64(void)
{
    uint64_t z = (sm_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static void test_table(void **state)
{
    (void)state;
    sm_state = SG_Z_SEED;
    for (int s = 0; s < 2; s++)
        for (int sq = 0; sq < SG_MAX_SQ; sq++)
            assert_true(sg_z_piece[s][sq] == splitmix64());
    assert_true(sg_z_side == splitmix64());
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < SG_Z_HAND; k++)
            assert_true(sg_z_hand[s][k] == splitmix64());
    for (int k = 0; k < 5; k++)
        assert_true(sg_z_state[k] == splitmix64());
    for (int sq = 0; sq < SG_MAX_SQ; sq++)
        assert_true(sg_z_chain[sq] == splitmix64());
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_table)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

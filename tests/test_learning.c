/*
 * The learning interface: the action-index space, legal masks and
 * observation planes, including the worked example of the docs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

static void test_index_space(void **state)
{
    (void)state;
    const int32_t sizes[] = {5, 7, 9}, expect[] = {251, 491, 811};
    for (int k = 0; k < 3; k++) {
        int32_t n = sizes[k], s = n * n;
        seega_game *g = tu_game(SEEGA_CLASSIC, n);
        assert_int_equal(seega_num_distinct_actions(g), expect[k]);
        int valid = 0;
        for (int32_t i = 0; i < expect[k]; i++) {
            seega_action a;
            int32_t rc = seega_action_from_index(g, i, &a);
            if (rc != SEEGA_OK) {
                /* only steps off the board have no action */
                assert_true(i >= s && i < 9 * s);
                continue;
            }
            valid++;
            assert_int_equal(seega_action_to_index(g, a), i);
        }
        /* Steps on the board: 4 n(n-1) orthogonal + 4 (n-1)^2 diagonal
         * ordered pairs, plus placements, removals and pass. */
        assert_int_equal(valid, s + 4 * n * (n - 1) + 4 * (n - 1) * (n - 1) +
                                    s + 1);
        seega_free(g);
    }
}

/* The documented layout, on 5x5. */
static void test_index_layout(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    seega_action a;
    assert_int_equal(seega_action_to_index(g, seega_action_make(SEEGA_ACTION_PLACE, -1, 7)), 7);
    /* a1-b1: from 0, direction E (2): 25 + 0 + 2 */
    assert_int_equal(seega_action_to_index(g, seega_action_make(SEEGA_ACTION_STEP, 0, 1)), 27);
    /* c3-b2: from 12, direction SW (5): 25 + 96 + 5 */
    assert_int_equal(seega_action_to_index(g, seega_action_make(SEEGA_ACTION_STEP, 12, 6)), 126);
    assert_int_equal(seega_action_to_index(g, seega_action_make(SEEGA_ACTION_REMOVE, -1, 24)), 249);
    assert_int_equal(seega_action_to_index(g, seega_action_make(SEEGA_ACTION_PASS, -1, -1)), 250);
    assert_int_equal(seega_action_from_index(g, 126, &a), SEEGA_OK);
    assert_int_equal(a, seega_action_make(SEEGA_ACTION_STEP, 12, 6));
    /* a1 west: off the board */
    assert_int_equal(seega_action_from_index(g, 25 + 3, &a), SEEGA_E_INVALID);
    assert_int_equal(seega_action_from_index(g, -1, &a), SEEGA_E_INVALID);
    assert_int_equal(seega_action_from_index(g, 251, &a), SEEGA_E_INVALID);
    assert_int_equal(seega_action_from_index(g, 0, NULL), SEEGA_E_INVALID);
    /* not a one-square step, or ill-formed */
    assert_int_equal(seega_action_to_index(g, seega_action_make(SEEGA_ACTION_STEP, 0, 2)), SEEGA_E_INVALID);
    assert_int_equal(seega_action_to_index(g, seega_action_make(SEEGA_ACTION_STEP, 4, 5)), SEEGA_E_INVALID);
    assert_int_equal(seega_action_to_index(g, 0), SEEGA_E_INVALID);
    assert_int_equal(seega_num_distinct_actions(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_action_to_index(NULL, 0), SEEGA_E_INVALID);
    seega_free(g);
}

/* The mask has a one exactly at the index of every legal action, along
 * random games of every preset and size. */
static void test_mask_matches_legal(void **state)
{
    (void)state;
    uint8_t mask[811];
    seega_action acts[SEEGA_MAX_ACTIONS];
    uint32_t x = 99;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        for (int size = 5; size <= 9; size += 2) {
            seega_game *g = tu_game(v, size);
            int32_t total = seega_num_distinct_actions(g);
            for (int step = 0; step < 400; step++) {
                int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
                assert_int_equal(seega_legal_mask(g, mask, sizeof mask), n);
                int ones = 0;
                for (int32_t i = 0; i < total; i++)
                    ones += mask[i];
                assert_int_equal(ones, n);
                for (int32_t i = 0; i < n; i++)
                    assert_int_equal(mask[seega_action_to_index(g, acts[i])], 1);
                if (n == 0)
                    break;
                x = x * 1664525u + 1013904223u;
                assert_int_equal(seega_play(g, acts[(x >> 8) % (uint32_t)n]), SEEGA_OK);
            }
            seega_free(g);
        }
    }
}

static void test_mask_errors(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    uint8_t mask[251];
    memset(mask, 7, sizeof mask);
    assert_int_equal(seega_legal_mask(g, mask, 250), SEEGA_E_BUFFER);
    assert_int_equal(mask[0], 7);
    assert_int_equal(seega_legal_mask(g, NULL, 251), SEEGA_E_INVALID);
    assert_int_equal(seega_legal_mask(NULL, mask, 251), SEEGA_E_INVALID);
    assert_int_equal(seega_legal_mask(g, mask, 251), 24);
    seega_free(g);
}

/*
 * The worked example of the docs: MODERN 5x5 (quiet limit 50), O to move
 * in a chain-free moving position with quiet counter 7.
 *   5  x . . . .
 *   4  . . . . .
 *   3  . . . . .
 *   2  . . . o .
 *   1  . . . . o
 */
static void test_observation_example(void **state)
{
    (void)state;
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "x4/5/5/3o1/4o o 0 0 7 -");
    uint8_t obs[13 * 25];
    assert_int_equal(seega_observation_size(g), 13 * 25);
    memset(obs, 0xEE, sizeof obs);
    assert_int_equal(seega_observation(g, obs, sizeof obs), 13 * 25);
    for (int sq = 0; sq < 25; sq++) {
        /* plane 0: O's pieces (O is to move): d2 = 8, e1 = 4 */
        assert_int_equal(obs[sq], sq == 8 || sq == 4);
        /* plane 1: X's piece on a5 = 20 */
        assert_int_equal(obs[25 + sq], sq == 20);
        /* plane 2: the centre c3 = 12 */
        assert_int_equal(obs[50 + sq], sq == 12);
        assert_int_equal(obs[75 + sq], 0);   /* X not to move */
        assert_int_equal(obs[100 + sq], 0);  /* moving phase */
        assert_int_equal(obs[125 + sq], 0);  /* in hand */
        assert_int_equal(obs[150 + sq], 0);
        assert_int_equal(obs[175 + sq], 0);  /* no chain */
        assert_int_equal(obs[200 + sq], 0);  /* not '+' */
        assert_int_equal(obs[225 + sq], 0);  /* not '!' */
        assert_int_equal(obs[250 + sq], 0);  /* not '*' */
        assert_int_equal(obs[275 + sq], 7);  /* quiet */
        assert_int_equal(obs[300 + sq], 43); /* 50 - 7 left */
    }
    seega_free(g);

    /* Placing: X to place its second piece ('+'), 11 and 12 in hand. */
    g = tu_game_spn(SEEGA_CLASSIC, 5, "5/5/5/5/x4 x 11 12 0 +");
    assert_int_equal(seega_observation(g, obs, sizeof obs), 13 * 25);
    assert_int_equal(obs[0], 1);        /* own piece on a1 */
    assert_int_equal(obs[75 + 3], 1);   /* X to move */
    assert_int_equal(obs[100 + 9], 1);  /* placing */
    assert_int_equal(obs[125 + 24], 11);/* own in hand */
    assert_int_equal(obs[150], 12);     /* other in hand */
    assert_int_equal(obs[200 + 5], 1);  /* '+' */
    assert_int_equal(obs[300 + 1], 255);/* no quiet limit */
    seega_free(g);

    /* A chain: X's chain piece on c3 (12). */
    g = tu_game_spn(SEEGA_CLASSIC, 5, "5/2o2/1ox2/2oo1/2xx1 x 0 0 0 c3");
    assert_int_equal(seega_observation(g, obs, sizeof obs), 13 * 25);
    for (int sq = 0; sq < 25; sq++)
        assert_int_equal(obs[175 + sq], sq == 12);
    seega_free(g);
}

static void test_observation_errors(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 9);
    uint8_t obs[13 * 81];
    memset(obs, 5, sizeof obs);
    assert_int_equal(seega_observation(g, obs, 13 * 81 - 1), SEEGA_E_BUFFER);
    assert_int_equal(obs[0], 5);
    assert_int_equal(seega_observation(g, NULL, sizeof obs), SEEGA_E_INVALID);
    assert_int_equal(seega_observation(NULL, obs, sizeof obs), SEEGA_E_INVALID);
    assert_int_equal(seega_observation_size(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_observation(g, obs, sizeof obs), 13 * 81);
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_index_space),
        cmocka_unit_test(test_index_layout),
        cmocka_unit_test(test_mask_matches_legal),
        cmocka_unit_test(test_mask_errors),
        cmocka_unit_test(test_observation_example),
        cmocka_unit_test(test_observation_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

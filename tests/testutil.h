/*
 * Small helpers shared by the cmocka tests of the public API.
 * Include after <cmocka.h> (and its prerequisites).
 */
#ifndef SEEGA_TESTUTIL_H
#define SEEGA_TESTUTIL_H

#include <seega.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A new game on a preset; fails the test on error. */
static inline seega_game *tu_game(int32_t variant, int32_t size)
{
    seega_rules r;
    seega_game *g = NULL;
    assert_int_equal(seega_rules_preset(&r, variant, size), SEEGA_OK);
    assert_int_equal(seega_new(&r, &g), SEEGA_OK);
    assert_non_null(g);
    return g;
}

/* A new game from a rules struct; fails the test on error. */
static inline seega_game *tu_game_rules(const seega_rules *r)
{
    seega_game *g = NULL;
    assert_int_equal(seega_new(r, &g), SEEGA_OK);
    return g;
}

/* Load an SPN into g, printing the library's message on failure. */
static inline void tu_load(seega_game *g, const char *spn)
{
    int32_t rc = seega_set_spn(g, spn);
    if (rc != SEEGA_OK)
        print_error("set_spn(\"%s\") failed: %s\n", spn, seega_last_error(g));
    assert_int_equal(rc, SEEGA_OK);
}

/* A new game on a preset at the given SPN. */
static inline seega_game *tu_game_spn(int32_t variant, int32_t size,
                                      const char *spn)
{
    seega_game *g = tu_game(variant, size);
    tu_load(g, spn);
    return g;
}

static inline void tu_assert_spn(const seega_game *g, const char *expected)
{
    char buf[SEEGA_SPN_MAX];
    assert_true(seega_get_spn(g, buf, sizeof buf) > 0);
    assert_string_equal(buf, expected);
}

/* Play one action given as text; fails the test unless it succeeds. */
static inline void tu_play(seega_game *g, const char *text)
{
    seega_action a;
    int32_t rc = seega_action_from_text(g, text, &a);
    if (rc == SEEGA_OK)
        rc = seega_play(g, a);
    if (rc != SEEGA_OK)
        print_error("play(\"%s\") failed: %s\n", text, seega_last_error(g));
    assert_int_equal(rc, SEEGA_OK);
}

/* The status of playing an action given as text (parse errors included). */
static inline int32_t tu_try(seega_game *g, const char *text)
{
    seega_action a;
    int32_t rc = seega_action_from_text(g, text, &a);
    return rc == SEEGA_OK ? seega_play(g, a) : rc;
}

static int tu_cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * The legal actions as one string: their texts sorted and joined by single
 * spaces ("" when there are none). buf must hold 8 * SEEGA_MAX_ACTIONS.
 */
static inline const char *tu_legal(const seega_game *g, char *buf)
{
    seega_action acts[SEEGA_MAX_ACTIONS];
    static char texts[SEEGA_MAX_ACTIONS][SEEGA_ACTION_TEXT_MAX];
    const char *ptrs[SEEGA_MAX_ACTIONS];
    int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
    assert_true(n >= 0);
    for (int32_t i = 0; i < n; i++) {
        assert_true(seega_action_to_text(g, acts[i], texts[i],
                                         SEEGA_ACTION_TEXT_MAX) > 0);
        ptrs[i] = texts[i];
    }
    qsort(ptrs, (size_t)n, sizeof ptrs[0], tu_cmp_str);
    buf[0] = '\0';
    for (int32_t i = 0; i < n; i++) {
        if (i)
            strcat(buf, " ");
        strcat(buf, ptrs[i]);
    }
    return buf;
}

/*
 * Assert the set of legal actions equals the expected list, given as texts
 * separated by spaces in any order.
 */
static inline void tu_assert_legal(const seega_game *g, const char *expected)
{
    static char got[8 * SEEGA_MAX_ACTIONS];
    static char exp_copy[8 * SEEGA_MAX_ACTIONS];
    static char sorted[8 * SEEGA_MAX_ACTIONS];
    const char *ptrs[SEEGA_MAX_ACTIONS];
    size_t n = 0;
    strncpy(exp_copy, expected, sizeof exp_copy - 1);
    exp_copy[sizeof exp_copy - 1] = '\0';
    for (char *t = strtok(exp_copy, " "); t; t = strtok(NULL, " "))
        ptrs[n++] = t;
    qsort(ptrs, n, sizeof ptrs[0], tu_cmp_str);
    sorted[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strcat(sorted, " ");
        strcat(sorted, ptrs[i]);
    }
    assert_string_equal(tu_legal(g, got), sorted);
}

static inline void tu_assert_result(const seega_game *g, int32_t result,
                                    int32_t reason)
{
    int32_t why = -100;
    assert_int_equal(seega_result(g, &why), result);
    assert_int_equal(why, reason);
}

#endif

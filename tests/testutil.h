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

/*
 * A rule set picked by the random word x (its high bits): every field the
 * fast paths specialise on (size, directions, immunity, chains, the
 * blocked rule, lose_at) and a quiet limit below quiet_mod (0: none).
 */
static inline seega_rules tu_random_rules(uint64_t x, int32_t quiet_mod)
{
    seega_rules r = SEEGA_RULES_INIT;
    r.board_size = 5 + 2 * (int32_t)((x >> 33) % 3);
    r.placements_per_turn = 1 + (int32_t)((x >> 40) & 1);
    r.opening_squares = (int32_t)((x >> 41) & 1);
    r.first_mover = (int32_t)((x >> 42) & 1);
    r.move_dirs = (x >> 43) & 1 ? 8 : 4;
    r.capture_dirs = (x >> 44) & 1 ? 8 : 4;
    r.centre_immune = (int32_t)((x >> 45) & 1);
    r.chain_captures = (int32_t)((x >> 46) & 1);
    r.blocked = 1 + (int32_t)((x >> 47) % 4);
    r.lose_at = (int32_t)((x >> 50) & 1);
    r.quiet_limit = (int32_t)((x >> 51) % (uint64_t)quiet_mod);
    return r;
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

/* ---- helpers for the rule tests (tests/test_rules_*.c, test_spn.c) ---- */

/* The rules of a preset, to be changed field by field. */
static inline seega_rules tu_rules(int32_t variant, int32_t size)
{
    seega_rules r;
    assert_int_equal(seega_rules_preset(&r, variant, size), SEEGA_OK);
    return r;
}

/* A new game from a rules struct at the given SPN. */
static inline seega_game *tu_game_rules_spn(const seega_rules *r,
                                            const char *spn)
{
    seega_game *g = tu_game_rules(r);
    tu_load(g, spn);
    return g;
}

/*
 * Every square name of an n x n board, in index order, except those listed
 * in excl (names separated by spaces), joined by single spaces.
 */
static inline const char *tu_squares_except(int32_t n, const char *excl,
                                            char *buf)
{
    char name[16];
    buf[0] = '\0';
    for (int32_t rank = 1; rank <= n; rank++) {
        for (int32_t file = 0; file < n; file++) {
            const char *p = excl;
            size_t len;
            int skip = 0;
            snprintf(name, sizeof name, "%c%d", (char)('a' + file), (int)rank);
            len = strlen(name);
            while (*p) {
                while (*p == ' ')
                    p++;
                if (strncmp(p, name, len) == 0 &&
                    (p[len] == ' ' || p[len] == '\0'))
                    skip = 1;
                while (*p && *p != ' ')
                    p++;
            }
            if (skip)
                continue;
            if (buf[0])
                strcat(buf, " ");
            strcat(buf, name);
        }
    }
    return buf;
}

/*
 * Assert the squares emptied by the last action, given as names in
 * ascending index order separated by spaces ("" for none).
 */
static inline void tu_assert_captures(const seega_game *g, const char *expected)
{
    int32_t sq[16];
    char got[128] = "";
    char name[SEEGA_SQUARE_TEXT_MAX];
    int32_t n = seega_last_captures(g, sq, 16);
    assert_true(n >= 0 && n <= 16);
    for (int32_t i = 0; i < n; i++) {
        assert_true(seega_square_to_text(g, sq[i], name, sizeof name) > 0);
        if (i)
            strcat(got, " ");
        strcat(got, name);
    }
    assert_string_equal(got, expected);
}

/* Case-insensitive "does hay contain needle". */
static inline int tu_contains_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++) {
        size_t i = 0;
        while (i < n && hay[i] && (hay[i] | 0x20) == (needle[i] | 0x20))
            i++;
        if (i == n)
            return 1;
    }
    return n == 0;
}

/*
 * Soft check that seega_set_spn refuses spn: SEEGA_E_PARSE, the game's SPN
 * unchanged, a non-empty message that (when fields is not NULL) contains
 * one of the words of fields, separated by '|'. Prints what went wrong and
 * returns 1 on failure, 0 on success, so a table of cases reports every
 * failing case before the test fails.
 */
static inline int tu_check_refused(seega_game *g, const char *spn,
                                   const char *fields)
{
    char before[SEEGA_SPN_MAX], after[SEEGA_SPN_MAX];
    int32_t rc;
    const char *msg;
    int bad = 0;
    assert_true(seega_get_spn(g, before, sizeof before) > 0);
    rc = seega_set_spn(g, spn);
    msg = seega_last_error(g);
    if (rc != SEEGA_E_PARSE) {
        print_error("set_spn(\"%s\") returned %d, expected SEEGA_E_PARSE\n",
                    spn, (int)rc);
        bad = 1;
    }
    assert_true(seega_get_spn(g, after, sizeof after) > 0);
    if (strcmp(before, after) != 0) {
        print_error("set_spn(\"%s\") changed the game: \"%s\" -> \"%s\"\n", spn,
                    before, after);
        bad = 1;
        tu_load(g, before);
    }
    if (rc != SEEGA_OK && (msg == NULL || msg[0] == '\0')) {
        print_error("set_spn(\"%s\"): empty error message\n", spn);
        bad = 1;
    }
    if (rc != SEEGA_OK && fields != NULL && msg != NULL) {
        char words[128];
        int found = 0;
        strncpy(words, fields, sizeof words - 1);
        words[sizeof words - 1] = '\0';
        for (char *w = strtok(words, "|"); w; w = strtok(NULL, "|"))
            if (tu_contains_ci(msg, w))
                found = 1;
        if (!found) {
            print_error("set_spn(\"%s\"): message \"%s\" names none of %s\n",
                        spn, msg, fields);
            bad = 1;
        }
    }
    return bad;
}

/* Soft check that spn loads and is written back as expected (NULL: same). */
static inline int tu_check_accepted(seega_game *g, const char *spn,
                                    const char *expected)
{
    char buf[SEEGA_SPN_MAX];
    int32_t rc = seega_set_spn(g, spn);
    if (rc != SEEGA_OK) {
        print_error("set_spn(\"%s\") refused (%d): %s\n", spn, (int)rc,
                    seega_last_error(g));
        return 1;
    }
    assert_true(seega_get_spn(g, buf, sizeof buf) > 0);
    if (strcmp(buf, expected ? expected : spn) != 0) {
        print_error("set_spn(\"%s\") wrote back \"%s\", expected \"%s\"\n", spn,
                    buf, expected ? expected : spn);
        return 1;
    }
    return 0;
}

/*
 * A snapshot of everything a game shows through the API, to prove that a
 * failed call changed nothing: tu_take, then tu_assert_unchanged (or
 * tu_differs). The history is kept to its last TU_SNAP_HISTORY actions.
 */
#define TU_SNAP_HISTORY 64
typedef struct tu_snap {
    char spn[SEEGA_SPN_MAX];
    int32_t hist, result, reason, to_move, phase, state, chain, quiet, reps;
    int32_t ncaps, caps[16], nlegal;
    seega_action history[TU_SNAP_HISTORY], legal[SEEGA_MAX_ACTIONS];
    uint64_t hash;
    seega_rules rules;
} tu_snap;

static inline void tu_take(const seega_game *g, tu_snap *s)
{
    memset(s, 0, sizeof *s);
    assert_true(seega_get_spn(g, s->spn, sizeof s->spn) > 0);
    s->hist = seega_history_length(g);
    assert_true(s->hist >= 0);
    for (int32_t i = s->hist > TU_SNAP_HISTORY ? s->hist - TU_SNAP_HISTORY : 0;
         i < s->hist; i++)
        assert_int_equal(seega_history_action(g, i,
                                              &s->history[i % TU_SNAP_HISTORY]),
                         SEEGA_OK);
    s->result = seega_result(g, &s->reason);
    s->to_move = seega_to_move(g);
    s->phase = seega_phase(g);
    s->state = seega_turn_state(g, &s->chain);
    s->quiet = seega_quiet_count(g);
    s->reps = seega_repetitions(g);
    s->ncaps = seega_last_captures(g, s->caps, 16);
    s->nlegal = seega_legal_moves(g, s->legal, SEEGA_MAX_ACTIONS);
    assert_int_equal(seega_hash(g, &s->hash), SEEGA_OK);
    s->rules.version = SEEGA_RULES_VERSION;
    assert_int_equal(seega_get_rules(g, &s->rules), SEEGA_OK);
}

/* Do two snapshots differ? */
static inline int tu_differs(const tu_snap *a, const tu_snap *b)
{
    return strcmp(a->spn, b->spn) != 0 || a->hist != b->hist ||
           memcmp(a->history, b->history, sizeof a->history) != 0 ||
           a->result != b->result || a->reason != b->reason ||
           a->to_move != b->to_move || a->phase != b->phase ||
           a->state != b->state || a->chain != b->chain ||
           a->quiet != b->quiet || a->reps != b->reps ||
           a->ncaps != b->ncaps || memcmp(a->caps, b->caps, sizeof a->caps) ||
           a->nlegal != b->nlegal ||
           memcmp(a->legal, b->legal, sizeof a->legal) != 0 ||
           a->hash != b->hash || memcmp(&a->rules, &b->rules, sizeof a->rules);
}

/* g shows what it showed when `before` was taken (the position and the
 * history compared first, for a readable failure). */
static inline void tu_assert_unchanged(const seega_game *g,
                                       const tu_snap *before)
{
    tu_snap now;
    tu_take(g, &now);
    assert_string_equal(now.spn, before->spn);
    assert_int_equal(now.hist, before->hist);
    assert_false(tu_differs(&now, before));
}

#endif

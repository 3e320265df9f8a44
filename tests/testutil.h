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
 * Words separated by spaces, sorted and joined by single spaces into out
 * (8 * SEEGA_MAX_ACTIONS bytes; it may be in), as tu_legal writes the
 * actions.
 */
static inline const char *tu_sorted_words(const char *in, char *out)
{
    static char copy[8 * SEEGA_MAX_ACTIONS];
    const char *ptrs[SEEGA_MAX_ACTIONS];
    size_t n = 0;
    strncpy(copy, in, sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    for (char *t = strtok(copy, " "); t && n < SEEGA_MAX_ACTIONS;
         t = strtok(NULL, " "))
        ptrs[n++] = t;
    qsort(ptrs, n, sizeof ptrs[0], tu_cmp_str);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strcat(out, " ");
        strcat(out, ptrs[i]);
    }
    return out;
}

/*
 * The legal actions as one string: their texts sorted and joined by single
 * spaces ("" when there are none). buf must hold 8 * SEEGA_MAX_ACTIONS.
 */
static inline const char *tu_legal(const seega_game *g, char *buf)
{
    seega_action acts[SEEGA_MAX_ACTIONS];
    char text[SEEGA_ACTION_TEXT_MAX];
    int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
    assert_true(n >= 0);
    buf[0] = '\0';
    for (int32_t i = 0; i < n; i++) {
        assert_true(seega_action_to_text(g, acts[i], text, sizeof text) > 0);
        if (i)
            strcat(buf, " ");
        strcat(buf, text);
    }
    return tu_sorted_words(buf, buf);
}

/*
 * Assert the set of legal actions equals the expected list, given as texts
 * separated by spaces in any order.
 */
static inline void tu_assert_legal(const seega_game *g, const char *expected)
{
    static char got[8 * SEEGA_MAX_ACTIONS];
    static char sorted[8 * SEEGA_MAX_ACTIONS];
    assert_string_equal(tu_legal(g, got), tu_sorted_words(expected, sorted));
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

/* ---- rule tests as tables: a row is a game, a start and a script ---- */

/*
 * A row of a rules table: the rules, as seega_rules_from_text reads them
 * ("classic", "modern 7 chain_captures=1"; several separated by '|': the
 * row runs once under each), the start (an SPN; NULL: the start of the
 * game) and a script of steps separated by ';'. A step is a verb and its
 * arguments; squares are names, ERR one of ok illegal game_over parse
 * invalid:
 *
 *   play A            play the action text A, which must succeed ("A":
 *                     the text between the quotes, its spaces kept)
 *   try A ERR         playing A returns ERR
 *   place I ERR       seega_place(I) returns ERR (I: a square index)
 *   move I J ERR      seega_move(I, J) returns ERR (indices)
 *   undo              seega_undo succeeds
 *   load SPN          load a position
 *   spn SPN           the game's SPN is SPN
 *   legal L           the legal actions are L, in any order (none: "legal")
 *   legal_except L    the legal actions are the placements on every square
 *                     of the board except L
 *   nlegal N          there are N legal actions
 *   caps L            the last action emptied L, in ascending index order
 *   caps_at I...      the same as indices; asked with room for one square
 *                     too, the count is still the whole count
 *   ncaps N           the last action emptied N squares
 *   result R [WHY]    ongoing, x, o or draw; WHY: material blocked quiet
 *                     both_blocked (none when R is ongoing)
 *   outcome R         the same result, asked with no reason pointer
 *   tomove S          x or o is to move
 *   state T [SQ]      the turn state: normal placed_one chain extra
 *                     removed; SQ: the chain square ("-": none)
 *   phase P           placing or moving
 *   pieces S N        side S has N pieces on the board
 *   hand S N          side S has N pieces in hand
 *   quiet N           the quiet counter is N
 *   at SQ P           the square SQ holds x, o or empty
 *   finished          the game is over: no legal action, every kind of
 *                     action refused with SEEGA_E_GAME_OVER, nothing
 *                     changed, the state field '-'
 *
 * A failing step prints the row, the rules, the step and what was found
 * instead; the row stops there and the other rows still run.
 */
typedef struct tu_row {
    const char *name;
    const char *rules;
    const char *spn;
    const char *script;
} tu_row;

#define TU_ROWS(rows) tu_run_rows(rows, sizeof(rows) / sizeof((rows)[0]))

/* The whole program of a test file that is one table: its test (named
 * after the table) and main. */
#define TU_ROWS_MAIN(group, rows)                                              \
    static void test_table(void **state)                                       \
    {                                                                          \
        (void)state;                                                           \
        TU_ROWS(rows);                                                         \
    }                                                                          \
    int main(void)                                                             \
    {                                                                          \
        const struct CMUnitTest tests[] = {                                    \
            {#rows, test_table, NULL, NULL, NULL}};                            \
        return cmocka_run_group_tests_name(group, tests, NULL, NULL);          \
    }

static inline int tu_word_code(const char *const *words, int n, const char *w)
{
    for (int i = 0; i < n; i++)
        if (strcmp(words[i], w) == 0)
            return i;
    return -1;
}

static inline int32_t tu_err_code(const char *w)
{
    static const char *const names[] = {"ok",        "invalid", "illegal",
                                        "parse",     "nomem",   "game_over"};
    int i = tu_word_code(names, 6, w);
    return i < 0 ? 1000 : -i;
}

static inline int32_t tu_side_code(const char *w)
{
    static const char *const names[] = {"x", "o", "empty"};
    int i = tu_word_code(names, 3, w);
    return i < 0 ? 1000 : i;
}

/* The square named w, or -1000. */
static inline int32_t tu_sq(const seega_game *g, const char *w)
{
    int32_t sq = -1000;
    if (seega_square_from_text(g, w, &sq) != SEEGA_OK)
        return -1000;
    return sq;
}

/* The rest of a step after its verb (leading spaces skipped). */
static inline const char *tu_rest(const char *step, const char *verb)
{
    const char *p = step + strlen(verb);
    while (*p == ' ')
        p++;
    return p;
}

/*
 * Run one step on g. Returns 0 when it holds; otherwise fills got with
 * what was found and returns 1.
 */
static inline int tu_step(seega_game *g, const char *step, char *got,
                          size_t cap)
{
    char verb[16] = "", a1[64] = "", a2[64] = "", a3[64] = "";
    int n = sscanf(step, "%15s %63s %63s %63s", verb, a1, a2, a3);
    const char *rest = tu_rest(step, verb);
    static char legal[8 * SEEGA_MAX_ACTIONS], squares[8 * SEEGA_MAX_ACTIONS];
    int32_t v, w;
    got[0] = '\0';
    if (n < 1)
        return snprintf(got, cap, "an empty step"), 1;
    if (strcmp(verb, "play") == 0) {
        /* "play \" d1 \"": the text between the quotes, spaces kept */
        char act[64];
        size_t len = strlen(rest);
        if (rest[0] == '"' && len >= 2 && rest[len - 1] == '"' &&
            len - 2 < sizeof act) {
            memcpy(act, rest + 1, len - 2);
            act[len - 2] = '\0';
            rest = act;
        }
        v = tu_try(g, rest);
        if (v != SEEGA_OK)
            return snprintf(got, cap, "status %d: %s", (int)v,
                            seega_last_error(g)),
                   1;
        return 0;
    }
    if (strcmp(verb, "try") == 0 || strcmp(verb, "place") == 0 ||
        strcmp(verb, "move") == 0) {
        /* the last word is the expected status */
        const char *last = strrchr(rest, ' ');
        char act[64];
        size_t len = last ? (size_t)(last - rest) : 0;
        if (!last || len >= sizeof act)
            return snprintf(got, cap, "a malformed step"), 1;
        memcpy(act, rest, len);
        act[len] = '\0';
        if (verb[0] == 't')
            v = tu_try(g, act);
        else if (verb[0] == 'p')
            v = seega_place(g, atoi(act));
        else
            v = seega_move(g, atoi(a1), atoi(a2));
        if (v != tu_err_code(last + 1))
            return snprintf(got, cap, "status %d", (int)v), 1;
        return 0;
    }
    if (strcmp(verb, "undo") == 0) {
        v = seega_undo(g);
        return v != SEEGA_OK ? (snprintf(got, cap, "status %d", (int)v), 1)
                             : 0;
    }
    if (strcmp(verb, "load") == 0) {
        v = seega_set_spn(g, rest);
        if (v != SEEGA_OK)
            return snprintf(got, cap, "status %d: %s", (int)v,
                            seega_last_error(g)),
                   1;
        return 0;
    }
    if (strcmp(verb, "spn") == 0) {
        if (seega_get_spn(g, got, cap) <= 0)
            return 1;
        return strcmp(got, rest) != 0;
    }
    if (strcmp(verb, "legal") == 0 || strcmp(verb, "legal_except") == 0) {
        static char sorted[8 * SEEGA_MAX_ACTIONS];
        const char *want = rest;
        if (verb[5] == '_') {
            seega_rules r = SEEGA_RULES_INIT;
            assert_int_equal(seega_get_rules(g, &r), SEEGA_OK);
            want = tu_squares_except(r.board_size, rest, squares);
        }
        tu_sorted_words(want, sorted);
        tu_legal(g, legal);
        size_t len = strlen(legal) < cap ? strlen(legal) : cap - 1;
        memcpy(got, legal, len); /* shown cut to cap, compared in full */
        got[len] = '\0';
        return strcmp(legal, sorted) != 0;
    }
    if (strcmp(verb, "nlegal") == 0) {
        v = seega_legal_moves(g, NULL, 0);
        snprintf(got, cap, "%d", (int)v);
        return v != atoi(a1);
    }
    if (strcmp(verb, "caps") == 0) {
        int32_t sq[16];
        char name[SEEGA_SQUARE_TEXT_MAX];
        v = seega_last_captures(g, sq, 16);
        if (v < 0 || v > 16)
            return snprintf(got, cap, "count %d", (int)v), 1;
        for (int32_t i = 0; i < v; i++) {
            if (seega_square_to_text(g, sq[i], name, sizeof name) <= 0)
                return snprintf(got, cap, "square %d unnamed", (int)sq[i]), 1;
            if (i)
                strncat(got, " ", cap - strlen(got) - 1);
            strncat(got, name, cap - strlen(got) - 1);
        }
        return strcmp(got, rest) != 0;
    }
    if (strcmp(verb, "caps_at") == 0) {
        int32_t sq[16], one = -1, want[16], k = 0;
        char *end;
        const char *p = rest;
        for (long x = strtol(p, &end, 10); end != p && k < 16;
             p = end, x = strtol(p, &end, 10))
            want[k++] = (int32_t)x;
        v = seega_last_captures(g, sq, 16);
        w = seega_last_captures(g, &one, 1);
        for (int32_t i = 0; i >= 0 && i < v && i < 16; i++)
            snprintf(got + strlen(got), cap - strlen(got), "%s%d", i ? " " : "",
                     (int)sq[i]);
        snprintf(got + strlen(got), cap - strlen(got),
                 " (with room for one: count %d, first %d)", (int)w, (int)one);
        if (v != k || w != k || (k > 0 && one != want[0]))
            return 1;
        for (int32_t i = 0; i < k; i++)
            if (sq[i] != want[i])
                return 1;
        return 0;
    }
    if (strcmp(verb, "ncaps") == 0) {
        v = seega_last_captures(g, NULL, 0);
        snprintf(got, cap, "%d", (int)v);
        return v != atoi(a1);
    }
    if (strcmp(verb, "result") == 0) {
        static const char *const rs[] = {"ongoing", "x", "o", "draw"};
        static const char *const ws[] = {"none",  "material",    "blocked",
                                         "quiet", "both_blocked"};
        int32_t why = -100;
        v = seega_result(g, &why);
        snprintf(got, cap, "%s %s",
                 v >= 0 && v < 4 ? rs[v] : "?",
                 why >= 0 && why < 5 ? ws[why] : "?");
        return v != tu_word_code(rs, 4, a1) ||
               why != (n > 2 ? tu_word_code(ws, 5, a2) : 0);
    }
    if (strcmp(verb, "outcome") == 0) {
        static const char *const rs[] = {"ongoing", "x", "o", "draw"};
        v = seega_result(g, NULL);
        snprintf(got, cap, "%s", v >= 0 && v < 4 ? rs[v] : "?");
        return v != tu_word_code(rs, 4, a1);
    }
    if (strcmp(verb, "tomove") == 0) {
        v = seega_to_move(g);
        snprintf(got, cap, "%d", (int)v);
        return v != tu_side_code(a1);
    }
    if (strcmp(verb, "state") == 0) {
        static const char *const ts[] = {"normal", "placed_one", "chain",
                                         "extra", "removed"};
        int32_t chain = -100;
        char name[SEEGA_SQUARE_TEXT_MAX] = "-";
        v = seega_turn_state(g, &chain);
        if (chain != SEEGA_NO_SQUARE &&
            seega_square_to_text(g, chain, name, sizeof name) <= 0)
            snprintf(name, sizeof name, "%d", (int)chain);
        snprintf(got, cap, "%s %s", v >= 0 && v < 5 ? ts[v] : "?", name);
        return v != tu_word_code(ts, 5, a1) ||
               (n > 2 && strcmp(name, a2) != 0);
    }
    if (strcmp(verb, "phase") == 0) {
        v = seega_phase(g);
        snprintf(got, cap, "%d", (int)v);
        return v != (strcmp(a1, "placing") == 0 ? SEEGA_PHASE_PLACING
                                                : SEEGA_PHASE_MOVING) ||
               (strcmp(a1, "placing") != 0 && strcmp(a1, "moving") != 0);
    }
    if (strcmp(verb, "pieces") == 0 || strcmp(verb, "hand") == 0) {
        v = verb[0] == 'p' ? seega_pieces(g, tu_side_code(a1))
                           : seega_in_hand(g, tu_side_code(a1));
        snprintf(got, cap, "%d", (int)v);
        return v != atoi(a2);
    }
    if (strcmp(verb, "quiet") == 0) {
        v = seega_quiet_count(g);
        snprintf(got, cap, "%d", (int)v);
        return v != (int32_t)strtol(a1, NULL, 10);
    }
    if (strcmp(verb, "at") == 0) {
        v = seega_piece_at(g, tu_sq(g, a1));
        snprintf(got, cap, "%d", (int)v);
        return v != tu_side_code(a2);
    }
    if (strcmp(verb, "finished") == 0) {
        static const char *const acts[] = {"a1-a2", "b1-b2", "c3", "xa1"};
        char before[SEEGA_SPN_MAX];
        size_t len;
        if (seega_get_spn(g, before, sizeof before) <= 0)
            return snprintf(got, cap, "no SPN"), 1;
        len = strlen(before);
        if (len <= 2 || strcmp(before + len - 2, " -") != 0)
            return snprintf(got, cap, "state field of \"%s\"", before), 1;
        if ((v = seega_legal_moves(g, NULL, 0)) != 0)
            return snprintf(got, cap, "%d legal actions", (int)v), 1;
        v = seega_play(g, seega_action_make(SEEGA_ACTION_PASS, SEEGA_NO_SQUARE,
                                            SEEGA_NO_SQUARE));
        if (v != SEEGA_E_GAME_OVER)
            return snprintf(got, cap, "play(pass) status %d", (int)v), 1;
        for (int i = 0; i < 4; i++)
            if ((v = tu_try(g, acts[i])) != SEEGA_E_GAME_OVER)
                return snprintf(got, cap, "%s: status %d", acts[i], (int)v), 1;
        if ((v = seega_move(g, 0, 5)) != SEEGA_E_GAME_OVER)
            return snprintf(got, cap, "move(0, 5): status %d", (int)v), 1;
        if ((v = seega_place(g, 12)) != SEEGA_E_GAME_OVER)
            return snprintf(got, cap, "place(12): status %d", (int)v), 1;
        if (seega_get_spn(g, got, cap) <= 0 || strcmp(got, before) != 0)
            return 1;
        return 0;
    }
    snprintf(got, cap, "an unknown verb");
    return 1;
}

/* Run a row's script on g; print and count the first failing step. */
static inline int tu_run_script(seega_game *g, const tu_row *row,
                                const char *rules, size_t index, int *steps)
{
    char step[512], got[512];
    const char *p = row->script;
    for (int k = 1; *p; k++) {
        const char *e = strchr(p, ';');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        while (len && *p == ' ')
            p++, len--;
        while (len && p[len - 1] == ' ')
            len--;
        assert_true(len < sizeof step);
        memcpy(step, p, len);
        step[len] = '\0';
        if (len)
            (*steps)++;
        if (len && tu_step(g, step, got, sizeof got)) {
            print_error("row %zu \"%s\" (%s, from \"%s\"), step %d: expected "
                        "\"%s\", got \"%s\"\n",
                        index, row->name, rules, row->spn ? row->spn : "start",
                        k, step, got);
            return 1;
        }
        p = e ? e + 1 : p + len;
    }
    return 0;
}

/* Run every row under each of its rule sets; fail if any step failed. */
static inline void tu_run_rows(const tu_row *rows, size_t count)
{
    int bad = 0, games = 0, steps = 0;
    for (size_t i = 0; i < count; i++) {
        const char *p = rows[i].rules;
        while (*p) {
            char text[SEEGA_RULES_TEXT_MAX];
            const char *e = strchr(p, '|');
            size_t len = e ? (size_t)(e - p) : strlen(p);
            seega_rules r = SEEGA_RULES_INIT;
            seega_game *g = NULL;
            assert_true(len < sizeof text);
            memcpy(text, p, len);
            text[len] = '\0';
            if (seega_rules_from_text(text, &r, NULL, 0) != SEEGA_OK ||
                seega_new(&r, &g) != SEEGA_OK) {
                print_error("row %zu \"%s\": rules \"%s\" refused\n", i,
                            rows[i].name, text);
                bad++;
            } else if (rows[i].spn && seega_set_spn(g, rows[i].spn)) {
                print_error("row %zu \"%s\" (%s): set_spn(\"%s\"): %s\n", i,
                            rows[i].name, text, rows[i].spn,
                            seega_last_error(g));
                bad++;
            } else {
                bad += tu_run_script(g, &rows[i], text, i, &steps);
            }
            seega_free(g);
            games++;
            p = e ? e + 1 : p + len;
        }
    }
    /* TU_COUNT=1 in the environment: say how much ran */
    if (getenv("TU_COUNT"))
        print_message("%zu rows, %d games, %d steps\n", count, games, steps);
    assert_int_equal(bad, 0);
}

#endif

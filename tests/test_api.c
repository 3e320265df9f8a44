/*
 * The public API's contract outside the rules: lifecycle, versions,
 * every error path with the game checked unchanged, text buffers, the
 * allocator, undo, clone, history, hash and repetitions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

#define MID_SPN "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -"

/* The last error message is set and mentions `word`. */
static void assert_msg(const seega_game *g, const char *word)
{
    const char *m = seega_last_error(g);
    assert_non_null(m);
    if (!strstr(m, word))
        print_error("message \"%s\" lacks \"%s\"\n", m, word);
    assert_non_null(strstr(m, word));
}

/* ---- version, status, constants ------------------------------------------ */

static void test_version(void **state)
{
    (void)state;
    assert_int_equal(seega_version_number(), SEEGA_VERSION_NUMBER);
    assert_int_equal(SEEGA_VERSION_NUMBER, SEEGA_VERSION_MAJOR * 10000 +
                                               SEEGA_VERSION_MINOR * 100 +
                                               SEEGA_VERSION_PATCH);
    char buf[32];
    snprintf(buf, sizeof buf, "%d.%d.%d", SEEGA_VERSION_MAJOR,
             SEEGA_VERSION_MINOR, SEEGA_VERSION_PATCH);
    assert_string_equal(buf, SEEGA_VERSION_STRING);
}

static void test_status_text(void **state)
{
    (void)state;
    const int32_t codes[] = {
        SEEGA_OK,          SEEGA_E_INVALID, SEEGA_E_ILLEGAL, SEEGA_E_PARSE,
        SEEGA_E_NOMEM,     SEEGA_E_GAME_OVER, SEEGA_E_BUFFER, SEEGA_E_VERSION,
        SEEGA_E_RULES,     SEEGA_E_IO,      SEEGA_E_CORRUPT, SEEGA_E_NOT_COVERED,
        SEEGA_E_STOPPED};
    /* Fixed values, never renumbered. */
    assert_int_equal(SEEGA_E_INVALID, -1);
    assert_int_equal(SEEGA_E_RULES, -8);
    assert_int_equal(SEEGA_E_NOT_COVERED, -11);
    assert_int_equal(SEEGA_E_STOPPED, -12);
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        const char *t = seega_status_text(codes[i]);
        assert_non_null(t);
        assert_string_not_equal(t, "unknown status");
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(t, seega_status_text(codes[j]));
    }
    assert_string_equal(seega_status_text(-99), "unknown status");
    assert_string_equal(seega_status_text(7), "unknown status");
}

/* ---- rules --------------------------------------------------------------- */

static void test_presets(void **state)
{
    (void)state;
    seega_rules r, init = SEEGA_RULES_INIT;
    /* The table of docs/rules.md, "The presets" (#rules_presets), field by
     * field. */
    struct {
        int v, first, mdirs, cdirs, immune, chain, blocked, lose_at, quiet,
            opening;
    } t[] = {
        {SEEGA_CLASSIC, SEEGA_O, 4, 4, 1, 1, SEEGA_BLOCKED_OPPONENT_OPENS, 0, 0, 0},
        {SEEGA_DIAGONAL, SEEGA_O, 8, 8, 1, 0, SEEGA_BLOCKED_LOSES, 0, 150, 0},
        {SEEGA_MODERN, SEEGA_X, 4, 4, 1, 0, SEEGA_BLOCKED_PASSES, 0, 50, 0},
        {SEEGA_TRADITIONAL, SEEGA_O, 4, 4, 0, 1, SEEGA_BLOCKED_REMOVES, 1, 0, 1},
    };
    for (size_t i = 0; i < 4; i++) {
        for (int size = 5; size <= 9; size += 2) {
            memset(&r, 0xAB, sizeof r);
            assert_int_equal(seega_rules_preset(&r, t[i].v, size), SEEGA_OK);
            assert_int_equal(r.version, SEEGA_RULES_VERSION);
            assert_int_equal(r.board_size, size);
            assert_int_equal(r.placements_per_turn, 2);
            assert_int_equal(r.opening_squares, t[i].opening);
            assert_int_equal(r.first_mover, t[i].first);
            assert_int_equal(r.move_dirs, t[i].mdirs);
            assert_int_equal(r.capture_dirs, t[i].cdirs);
            assert_int_equal(r.centre_immune, t[i].immune);
            assert_int_equal(r.chain_captures, t[i].chain);
            assert_int_equal(r.blocked, t[i].blocked);
            assert_int_equal(r.lose_at, t[i].lose_at);
            assert_int_equal(r.quiet_limit, t[i].quiet);
            char msg[SEEGA_ERROR_MAX];
            assert_int_equal(seega_rules_validate(&r, msg, sizeof msg), SEEGA_OK);
            assert_string_equal(msg, "");
        }
    }
    assert_int_equal(seega_rules_preset(&r, SEEGA_CLASSIC, 5), SEEGA_OK);
    assert_memory_equal(&r, &init, sizeof r);

    /* Bad arguments leave the struct untouched. */
    seega_rules keep = r;
    assert_int_equal(seega_rules_preset(NULL, SEEGA_CLASSIC, 5), SEEGA_E_INVALID);
    assert_int_equal(seega_rules_preset(&r, 0, 5), SEEGA_E_INVALID);
    assert_int_equal(seega_rules_preset(&r, 5, 5), SEEGA_E_INVALID);
    assert_int_equal(seega_rules_preset(&r, SEEGA_CLASSIC, 6), SEEGA_E_INVALID);
    assert_int_equal(seega_rules_preset(&r, SEEGA_CLASSIC, 11), SEEGA_E_INVALID);
    assert_memory_equal(&r, &keep, sizeof r);
}

/* Every field out of range is refused by validate and by new, with the
 * field named; every in-range combination of a sample is accepted. */
static void test_rules_validation(void **state)
{
    (void)state;
    struct {
        size_t off;
        const char *name;
        int32_t bad[4];
        int nbad;
    } f[] = {
        {offsetof(seega_rules, board_size), "board_size", {4, 6, 8, 0}, 4},
        {offsetof(seega_rules, placements_per_turn), "placements_per_turn", {0, 3, -1, 0}, 3},
        {offsetof(seega_rules, opening_squares), "opening_squares", {2, -1, 0, 0}, 2},
        {offsetof(seega_rules, first_mover), "first_mover", {2, -1, 0, 0}, 2},
        {offsetof(seega_rules, move_dirs), "move_dirs", {0, 5, 6, 9}, 4},
        {offsetof(seega_rules, capture_dirs), "capture_dirs", {0, 1, 2, 16}, 4},
        {offsetof(seega_rules, centre_immune), "centre_immune", {2, -1, 0, 0}, 2},
        {offsetof(seega_rules, chain_captures), "chain_captures", {2, 7, 0, 0}, 2},
        {offsetof(seega_rules, blocked), "blocked", {0, 5, -1, 0}, 3},
        {offsetof(seega_rules, lose_at), "lose_at", {2, -1, 0, 0}, 2},
        {offsetof(seega_rules, quiet_limit), "quiet_limit", {-1, INT32_MIN, 0, 0}, 2},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        for (int k = 0; k < f[i].nbad; k++) {
            seega_rules r = SEEGA_RULES_INIT;
            seega_game *g = (seega_game *)&r; /* must be reset to NULL */
            char msg[SEEGA_ERROR_MAX];
            memcpy((char *)&r + f[i].off, &f[i].bad[k], sizeof(int32_t));
            assert_int_equal(seega_rules_validate(&r, msg, sizeof msg), SEEGA_E_RULES);
            assert_non_null(strstr(msg, f[i].name));
            assert_int_equal(seega_new(&r, &g), SEEGA_E_RULES);
            assert_null(g);
        }
    }
    /* Versions: only the known one. */
    seega_rules r = SEEGA_RULES_INIT;
    seega_game *g;
    char msg[SEEGA_ERROR_MAX];
    r.version = 0;
    assert_int_equal(seega_rules_validate(&r, msg, sizeof msg), SEEGA_E_VERSION);
    assert_non_null(strstr(msg, "version"));
    assert_int_equal(seega_new(&r, &g), SEEGA_E_VERSION);
    r.version = SEEGA_RULES_VERSION + 1;
    assert_int_equal(seega_new(&r, &g), SEEGA_E_VERSION);
    assert_int_equal(seega_rules_validate(NULL, msg, sizeof msg), SEEGA_E_INVALID);
    /* A NULL or empty message buffer is fine. */
    r.version = SEEGA_RULES_VERSION;
    r.lose_at = 3;
    assert_int_equal(seega_rules_validate(&r, NULL, 0), SEEGA_E_RULES);
    /* A short buffer gets a truncated, terminated message. */
    char small[8];
    assert_int_equal(seega_rules_validate(&r, small, sizeof small), SEEGA_E_RULES);
    assert_int_equal(strlen(small), 7);
    /* Big quiet limits and all value combinations of a sample are fine. */
    r = (seega_rules)SEEGA_RULES_INIT;
    r.quiet_limit = INT32_MAX;
    assert_int_equal(seega_rules_validate(&r, NULL, 0), SEEGA_OK);
    for (int mask = 0; mask < 256; mask++) {
        r = (seega_rules)SEEGA_RULES_INIT;
        r.board_size = 5 + 2 * (mask % 3);
        r.placements_per_turn = 1 + (mask & 1);
        r.opening_squares = (mask >> 1) & 1;
        r.first_mover = (mask >> 2) & 1;
        r.move_dirs = (mask >> 3) & 1 ? 8 : 4;
        r.capture_dirs = (mask >> 4) & 1 ? 8 : 4;
        r.centre_immune = (mask >> 5) & 1;
        r.chain_captures = (mask >> 6) & 1;
        r.blocked = 1 + (mask >> 6) % 4;
        r.lose_at = (mask >> 7) & 1;
        assert_int_equal(seega_new(&r, &g), SEEGA_OK);
        seega_rules back;
        memset(&back, 0, sizeof back);
        assert_int_equal(seega_get_rules(g, &back), SEEGA_E_VERSION);
        back.version = SEEGA_RULES_VERSION;
        assert_int_equal(seega_get_rules(g, &back), SEEGA_OK);
        assert_memory_equal(&back, &r, sizeof r);
        seega_free(g);
    }
}

/* ---- lifecycle ------------------------------------------------------------ */

static void test_lifecycle_null(void **state)
{
    (void)state;
    seega_rules r = SEEGA_RULES_INIT;
    seega_game *g = (seega_game *)&r;
    seega_free(NULL);
    assert_int_equal(seega_new(NULL, &g), SEEGA_E_INVALID);
    assert_null(g);
    assert_int_equal(seega_new(&r, NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_clone(NULL, &g), SEEGA_E_INVALID);
    assert_int_equal(seega_get_rules(NULL, &r), SEEGA_E_INVALID);
    assert_non_null(seega_last_error(NULL));

    g = tu_game(SEEGA_MODERN, 7);
    assert_string_equal(seega_last_error(g), "");
    assert_int_equal(seega_clone(g, NULL), SEEGA_E_INVALID);
    assert_msg(g, "NULL");
    assert_int_equal(seega_get_rules(g, NULL), SEEGA_E_INVALID);
    r.version = 99;
    assert_int_equal(seega_get_rules(g, &r), SEEGA_E_VERSION);
    assert_msg(g, "version");
    assert_int_equal(r.board_size, 5); /* untouched */
    seega_free(g);
}

/* Every function that takes a game refuses NULL with SEEGA_E_INVALID. */
static void test_null_game(void **state)
{
    (void)state;
    seega_action a = 0;
    char buf[SEEGA_SPN_MAX];
    int32_t sq, v;
    uint64_t h;
    assert_int_equal(seega_play(NULL, seega_action_make(SEEGA_ACTION_PASS, -1, -1)),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_place(NULL, 7), SEEGA_E_INVALID);
    assert_int_equal(seega_move(NULL, 7, 12), SEEGA_E_INVALID);
    assert_int_equal(seega_undo(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_legal_moves(NULL, &a, 1), SEEGA_E_INVALID);
    assert_int_equal(seega_last_captures(NULL, &sq, 1), SEEGA_E_INVALID);
    assert_int_equal(seega_action_to_text(NULL, a, buf, sizeof buf), SEEGA_E_INVALID);
    assert_int_equal(seega_action_from_text(NULL, "c2", &a), SEEGA_E_INVALID);
    assert_int_equal(seega_square_to_text(NULL, 0, buf, sizeof buf), SEEGA_E_INVALID);
    assert_int_equal(seega_square_from_text(NULL, "a1", &sq), SEEGA_E_INVALID);
    assert_int_equal(seega_get_spn(NULL, buf, sizeof buf), SEEGA_E_INVALID);
    assert_int_equal(seega_set_spn(NULL, "5/5/5/5/5 x 12 12 0 -"), SEEGA_E_INVALID);
    assert_int_equal(seega_result(NULL, &v), SEEGA_E_INVALID);
    assert_int_equal(seega_to_move(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_phase(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_turn_state(NULL, &v), SEEGA_E_INVALID);
    assert_int_equal(seega_board_size(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_pieces(NULL, SEEGA_X), SEEGA_E_INVALID);
    assert_int_equal(seega_in_hand(NULL, SEEGA_X), SEEGA_E_INVALID);
    assert_int_equal(seega_piece_at(NULL, 0), SEEGA_E_INVALID);
    assert_int_equal(seega_quiet_count(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_hash(NULL, &h), SEEGA_E_INVALID);
    assert_int_equal(seega_history_length(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_history_action(NULL, 0, &a), SEEGA_E_INVALID);
    assert_int_equal(seega_repetitions(NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_perft(NULL, 1, &h), SEEGA_E_INVALID);
}

/* ---- bad arguments on a live game: each refused, nothing changed ---------- */

static void test_bad_arguments_change_nothing(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    tu_play(g, "c2");
    tu_snap s;
    tu_take(g, &s);
    seega_action a;
    int32_t sq, v;
    uint64_t h;
    char buf[SEEGA_SPN_MAX];

    /* Squares off the board. */
    const int32_t off[] = {-1, 25, 81, 1000, INT32_MIN, INT32_MAX};
    for (size_t i = 0; i < sizeof off / sizeof off[0]; i++) {
        assert_int_equal(seega_place(g, off[i]), SEEGA_E_INVALID);
        assert_msg(g, "off the 5x5 board");
        assert_int_equal(seega_move(g, 7, off[i]), SEEGA_E_INVALID);
        assert_int_equal(seega_move(g, off[i], 7), SEEGA_E_INVALID);
        assert_int_equal(seega_piece_at(g, off[i]), SEEGA_E_INVALID);
        assert_int_equal(seega_square_to_text(g, off[i], buf, sizeof buf), SEEGA_E_INVALID);
        assert_int_equal(seega_play(g, seega_action_make(SEEGA_ACTION_PLACE, -1, off[i])),
                         SEEGA_E_INVALID);
        tu_assert_unchanged(g, &s);
    }
    /* Ill-formed actions: kinds, squares where none belong, high bits. */
    const seega_action bad[] = {
        0,
        seega_action_make(0, -1, 3),
        seega_action_make(9, -1, 3),
        seega_action_make(SEEGA_ACTION_PLACE, 3, 4),  /* origin on a place */
        seega_action_make(SEEGA_ACTION_PLACE, -1, -1), /* no square */
        seega_action_make(SEEGA_ACTION_STEP, -1, 4),
        seega_action_make(SEEGA_ACTION_STEP, 3, -1),
        seega_action_make(SEEGA_ACTION_REMOVE, 2, 4),
        seega_action_make(SEEGA_ACTION_PASS, -1, 4),
        seega_action_make(SEEGA_ACTION_PASS, 4, -1),
        seega_action_make(SEEGA_ACTION_PLACE, -1, 3) | 0x01000000u,
        seega_action_make(SEEGA_ACTION_PLACE, -1, 300), /* must not wrap to 44 */
        0xFFFFFFFFu,
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(seega_play(g, bad[i]), SEEGA_E_INVALID);
        assert_msg(g, "not well-formed");
        assert_int_equal(seega_action_to_text(g, bad[i], buf, sizeof buf), SEEGA_E_INVALID);
        tu_assert_unchanged(g, &s);
    }
    /* Sides. */
    assert_int_equal(seega_pieces(g, 2), SEEGA_E_INVALID);
    assert_int_equal(seega_pieces(g, -1), SEEGA_E_INVALID);
    assert_int_equal(seega_in_hand(g, 2), SEEGA_E_INVALID);
    assert_msg(g, "side");
    /* NULL outputs and buffers. */
    assert_int_equal(seega_legal_moves(g, NULL, 5), SEEGA_E_INVALID);
    assert_int_equal(seega_last_captures(g, NULL, 5), SEEGA_E_INVALID);
    assert_int_equal(seega_action_to_text(g, seega_action_make(1, -1, 3), NULL, 8), SEEGA_E_INVALID);
    assert_int_equal(seega_action_from_text(g, NULL, &a), SEEGA_E_INVALID);
    assert_int_equal(seega_action_from_text(g, "c2", NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_square_to_text(g, 0, NULL, 4), SEEGA_E_INVALID);
    assert_int_equal(seega_square_from_text(g, NULL, &sq), SEEGA_E_INVALID);
    assert_int_equal(seega_square_from_text(g, "a1", NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_get_spn(g, NULL, 64), SEEGA_E_INVALID);
    assert_int_equal(seega_set_spn(g, NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_hash(g, NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_history_action(g, 0, NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_history_action(g, -1, &a), SEEGA_E_INVALID);
    assert_int_equal(seega_history_action(g, 1, &a), SEEGA_E_INVALID);
    assert_msg(g, "out of range");
    assert_int_equal(seega_perft(g, 1, NULL), SEEGA_E_INVALID);
    assert_int_equal(seega_perft(g, -1, &h), SEEGA_E_INVALID);
    assert_msg(g, "negative");
    /* NULL is fine where documented. */
    assert_true(seega_result(g, NULL) == SEEGA_ONGOING);
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_PLACED_ONE);
    assert_int_equal(seega_legal_moves(g, NULL, 0), 23); /* 24 - c2 */
    assert_int_equal(seega_last_captures(g, NULL, 0), 0);
    (void)v;
    tu_assert_unchanged(g, &s);
    seega_free(g);
}

/* Illegal but well-formed actions: SEEGA_E_ILLEGAL, nothing changed. */
static void test_illegal_actions(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    tu_snap s;
    tu_take(g, &s);
    const char *illegal[] = {"c3", "c2-c3", "xb3", "pass"};
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(tu_try(g, illegal[i]), SEEGA_E_ILLEGAL);
        assert_msg(g, "not legal now");
        tu_assert_unchanged(g, &s);
    }
    tu_play(g, "a1");
    tu_take(g, &s);
    assert_int_equal(tu_try(g, "a1"), SEEGA_E_ILLEGAL); /* occupied */
    assert_int_equal(seega_place(g, 0), SEEGA_E_ILLEGAL);
    tu_assert_unchanged(g, &s);

    tu_load(g, MID_SPN);
    tu_take(g, &s);
    const char *bad_moves[] = {"a1", "b2-c3" /* diagonal */, "a1-b1" /* full */,
                               "c2-c4",
                               "c2-c2", "xa1", "pass", "e5-c3"};
    for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
        int32_t rc = tu_try(g, bad_moves[i]);
        if (rc != SEEGA_E_ILLEGAL)
            print_error("%s gave %d\n", bad_moves[i], rc);
        assert_int_equal(rc, SEEGA_E_ILLEGAL);
        tu_assert_unchanged(g, &s);
    }
    seega_free(g);
}

/* After the game ends, every action is refused with SEEGA_E_GAME_OVER. */
static void test_game_over(void **state)
{
    (void)state;
    /* O has one piece left on a5 (lose_at 0, CLASSIC); X to move b4-b5?
     * Simpler: a position already won by material loads as finished. */
    seega_game *g = tu_game_spn(SEEGA_CLASSIC, 5, "x4/5/5/5/5 o 0 0 3 -");
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_MATERIAL);
    tu_snap s;
    tu_take(g, &s);
    assert_int_equal(s.nlegal, 0);
    assert_int_equal(seega_legal_moves(g, NULL, 0), 0);
    assert_int_equal(tu_try(g, "a5-b5"), SEEGA_E_GAME_OVER);
    assert_msg(g, "game is over");
    assert_int_equal(tu_try(g, "pass"), SEEGA_E_GAME_OVER);
    assert_int_equal(seega_move(g, 20, 21), SEEGA_E_GAME_OVER);
    assert_int_equal(seega_place(g, 0), SEEGA_E_GAME_OVER);
    /* Ill-formed is still INVALID first. */
    assert_int_equal(seega_play(g, 0), SEEGA_E_INVALID);
    uint64_t c = 99;
    assert_int_equal(seega_perft(g, 1, &c), SEEGA_OK);
    assert_int_equal(c, 0);
    assert_int_equal(seega_perft(g, 0, &c), SEEGA_OK);
    assert_int_equal(c, 1);
    tu_assert_unchanged(g, &s);
    seega_free(g);
}

/* ---- text buffers ----------------------------------------------------------- */

static void test_buffers(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 9);
    char buf[SEEGA_SPN_MAX];
    const char *start = "9/9/9/9/9/9/9/9/9 x 40 40 0 -";
    size_t len = strlen(start);
    /* Exactly enough, one too few (nothing written), zero. */
    assert_int_equal(seega_get_spn(g, buf, len + 1), (int32_t)len);
    assert_string_equal(buf, start);
    memset(buf, '#', sizeof buf);
    assert_int_equal(seega_get_spn(g, buf, len), SEEGA_E_BUFFER);
    assert_int_equal(buf[0], '#');
    assert_msg(g, "too small");
    assert_int_equal(seega_get_spn(g, buf, 0), SEEGA_E_BUFFER);

    seega_action a = seega_action_make(SEEGA_ACTION_STEP, 0, 1);
    assert_int_equal(seega_action_to_text(g, a, buf, 6), 5);
    assert_string_equal(buf, "a1-b1");
    memset(buf, '#', sizeof buf);
    assert_int_equal(seega_action_to_text(g, a, buf, 5), SEEGA_E_BUFFER);
    assert_int_equal(buf[0], '#');
    assert_int_equal(seega_square_to_text(g, 80, buf, 3), 2);
    assert_string_equal(buf, "i9");
    assert_int_equal(seega_square_to_text(g, 80, buf, 2), SEEGA_E_BUFFER);

    /* The documented maxima always suffice: the longest SPN of 9x9. */
    tu_load(g, "xoxoxoxox/oxoxoxoxo/xoxoxoxox/oxoxoxoxo/xoxo1oxox/oxoxoxoxo/"
               "xoxoxoxox/oxoxoxoxo/xoxoxoxox o 0 0 0 -");
    assert_true(seega_get_spn(g, buf, SEEGA_SPN_MAX) < SEEGA_SPN_MAX);

    /* legal_moves with a small buffer fills what fits, returns the total. */
    seega_action few[3] = {0, 0, 0}, all[SEEGA_MAX_ACTIONS];
    int32_t n = seega_legal_moves(g, all, SEEGA_MAX_ACTIONS);
    assert_int_equal(n, 4);
    assert_int_equal(seega_legal_moves(g, few, 3), 4);
    assert_memory_equal(few, all, 3 * sizeof few[0]);
    seega_free(g);
}

static void test_square_text(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 7);
    int32_t sq = -5;
    char buf[SEEGA_SQUARE_TEXT_MAX];
    for (int32_t i = 0; i < 49; i++) {
        assert_int_equal(seega_square_to_text(g, i, buf, sizeof buf), 2);
        assert_int_equal(seega_square_from_text(g, buf, &sq), SEEGA_OK);
        assert_int_equal(sq, i);
    }
    assert_int_equal(seega_square_from_text(g, " D4\t", &sq), SEEGA_OK);
    assert_int_equal(sq, 24);
    sq = -5;
    const char *bad[] = {"", "d", "d44", "h1", "a8", "a0", "4d", "d-4", "dd"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(seega_square_from_text(g, bad[i], &sq), SEEGA_E_PARSE);
        assert_int_equal(sq, -5);
    }
    assert_int_equal(seega_square_from_text(g, "h1", &sq), SEEGA_E_PARSE);
    assert_msg(g, "off a 7x7 board");
    seega_free(g);
}

static void test_action_values(void **state)
{
    (void)state;
    seega_action a = seega_action_make(SEEGA_ACTION_STEP, 7, 12);
    assert_int_equal(seega_action_kind(a), SEEGA_ACTION_STEP);
    assert_int_equal(seega_action_from(a), 7);
    assert_int_equal(seega_action_to(a), 12);
    /* The documented encoding. */
    assert_int_equal(a, (2u << 16) | (7u << 8) | 12u);
    a = seega_action_make(SEEGA_ACTION_PASS, SEEGA_NO_SQUARE, SEEGA_NO_SQUARE);
    assert_int_equal(a, (4u << 16) | 0xFFFFu);
    assert_int_equal(seega_action_from(a), SEEGA_NO_SQUARE);
    assert_int_equal(seega_action_to(a), SEEGA_NO_SQUARE);
    a = seega_action_make(SEEGA_ACTION_PLACE, SEEGA_NO_SQUARE, 80);
    assert_int_equal(seega_action_kind(a), SEEGA_ACTION_PLACE);
    assert_int_equal(seega_action_from(a), SEEGA_NO_SQUARE);
    assert_int_equal(seega_action_to(a), 80);
    assert_int_equal(seega_action_kind(seega_action_make(7, 1, 2)), 0);
    assert_int_equal(seega_action_kind(0), 0);
    assert_int_equal(seega_action_kind(a | 0x10000000u), 0);
}

/* ---- undo, history, clone ----------------------------------------------------- */

static void test_undo_restores_exactly(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_TRADITIONAL, 5);
    char spns[200][SEEGA_SPN_MAX];
    seega_action acts[SEEGA_MAX_ACTIONS];
    uint64_t hashes[200];
    int k = 0;
    uint32_t x = 12345;
    assert_int_equal(seega_undo(g), SEEGA_E_INVALID);
    assert_msg(g, "nothing to undo");
    while (k < 150 && seega_result(g, NULL) == SEEGA_ONGOING) {
        seega_get_spn(g, spns[k], SEEGA_SPN_MAX);
        seega_hash(g, &hashes[k]);
        int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
        x = x * 1103515245u + 12345u;
        assert_int_equal(seega_play(g, acts[(x >> 8) % (uint32_t)n]), SEEGA_OK);
        k++;
        assert_int_equal(seega_history_length(g), k);
    }
    for (int i = k - 1; i >= 0; i--) {
        uint64_t h;
        assert_int_equal(seega_undo(g), SEEGA_OK);
        tu_assert_spn(g, spns[i]);
        seega_hash(g, &h);
        assert_true(h == hashes[i]);
        assert_int_equal(seega_history_length(g), i);
    }
    assert_int_equal(seega_undo(g), SEEGA_E_INVALID);
    tu_assert_spn(g, "5/5/5/5/5 x 12 12 0 -");
    seega_free(g);
}

static void test_history_and_set_spn(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    seega_action a;
    char t[SEEGA_ACTION_TEXT_MAX];
    tu_play(g, "c2");
    tu_play(g, "B4");
    tu_play(g, " a1 ");
    assert_int_equal(seega_history_length(g), 3);
    const char *want[] = {"c2", "b4", "a1"};
    for (int32_t i = 0; i < 3; i++) {
        assert_int_equal(seega_history_action(g, i, &a), SEEGA_OK);
        seega_action_to_text(g, a, t, sizeof t);
        assert_string_equal(t, want[i]);
    }
    /* A refused SPN keeps position and history. */
    tu_snap s;
    tu_take(g, &s);
    assert_int_equal(seega_set_spn(g, "5/5/5/5/5 x 12 12 0"), SEEGA_E_PARSE);
    tu_assert_unchanged(g, &s);
    /* An accepted one clears the history; undo stops there. */
    tu_load(g, MID_SPN);
    assert_int_equal(seega_history_length(g), 0);
    assert_int_equal(seega_undo(g), SEEGA_E_INVALID);
    assert_int_equal(seega_last_captures(g, NULL, 0), 0);
    seega_free(g);
}

static void test_clone_is_independent(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_MODERN, 5), *c = NULL;
    tu_play(g, "a1");
    tu_play(g, "b1");
    assert_int_equal(seega_clone(g, &c), SEEGA_OK);
    assert_non_null(c);
    tu_assert_spn(c, "5/5/5/5/xx3 o 10 12 0 -");
    assert_int_equal(seega_history_length(c), 2);
    tu_play(c, "e5");
    tu_assert_spn(g, "5/5/5/5/xx3 o 10 12 0 -");
    assert_int_equal(seega_undo(c), SEEGA_OK);
    assert_int_equal(seega_undo(c), SEEGA_OK);
    assert_int_equal(seega_undo(c), SEEGA_OK);
    tu_assert_spn(c, "5/5/5/5/5 x 12 12 0 -");
    assert_int_equal(seega_history_length(g), 2);
    seega_rules r1 = SEEGA_RULES_INIT, r2 = SEEGA_RULES_INIT;
    assert_int_equal(seega_get_rules(g, &r1), SEEGA_OK);
    assert_int_equal(seega_get_rules(c, &r2), SEEGA_OK);
    assert_memory_equal(&r1, &r2, sizeof r1);
    seega_free(c);
    /* Clone of a game with no history. */
    seega_game *d;
    tu_load(g, MID_SPN);
    assert_int_equal(seega_clone(g, &d), SEEGA_OK);
    tu_assert_spn(d, MID_SPN);
    seega_free(d);
    seega_free(g);
}

/* ---- the allocator ------------------------------------------------------------ */

typedef struct counting {
    long allocs, frees, live;
    long fail_at; /* fail the n-th allocation (1-based), 0 = never */
    size_t bytes;
} counting;

static void *count_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    counting *c = (counting *)ud;
    if (nsize == 0) {
        if (ptr) {
            c->frees++;
            c->live--;
            c->bytes -= osize;
        }
        free(ptr);
        return NULL;
    }
    c->allocs++;
    if (c->fail_at && c->allocs == c->fail_at)
        return NULL;
    void *p = realloc(ptr, nsize);
    if (p) {
        if (!ptr)
            c->live++;
        c->bytes += nsize - osize;
    }
    return p;
}

static void test_allocator(void **state)
{
    (void)state;
    counting c = {0, 0, 0, 0, 0};
    seega_rules r;
    seega_game *g, *k;
    seega_rules_preset(&r, SEEGA_CLASSIC, 5);
    assert_int_equal(seega_new_with_allocator(&r, count_alloc, &c, &g), SEEGA_OK);
    assert_int_equal(c.allocs, 1);
    /* Move generation, perft, playouts, the learning interface, queries,
     * SPN and undo never allocate. */
    long before = c.allocs;
    uint64_t n;
    char buf[SEEGA_SPN_MAX];
    seega_action acts[SEEGA_MAX_ACTIONS], a;
    uint8_t mask[251], obs[13 * 25];
    seega_playout_stats st;
    st.version = SEEGA_PLAYOUT_STATS_VERSION;
    assert_int_equal(seega_perft(g, 3, &n), SEEGA_OK);
    seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
    seega_get_spn(g, buf, sizeof buf);
    tu_load(g, MID_SPN);
    for (int rep = 0; rep < 3; rep++) {
        assert_int_equal(seega_perft(g, 5, &n), SEEGA_OK);
        assert_int_equal(seega_playouts(g, 7, 50, 500, &st), SEEGA_OK);
        assert_true(seega_legal_mask(g, mask, sizeof mask) > 0);
        assert_int_equal(seega_observation(g, obs, sizeof obs), (int32_t)sizeof obs);
        assert_true(seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS) > 0);
        assert_true(seega_action_to_index(g, acts[0]) >= 0);
        assert_int_equal(seega_action_from_index(g, 250, &a), SEEGA_OK);
        seega_hash(g, &n);
        seega_repetitions(g);
        seega_last_captures(g, NULL, 0);
    }
    assert_int_equal(c.allocs, before);
    /* Play allocates only when the history grows: geometric growth. */
    tu_load(g, "5/5/5/5/5 x 12 12 0 -");
    for (int i = 0; i < 24; i++) {
        seega_legal_moves(g, acts, 1);
        seega_play(g, acts[0]);
    }
    long after_placing = c.allocs;
    assert_true(after_placing - before <= 1);
    for (int i = 0; i < 24; i++)
        seega_undo(g);
    /* replaying within the history's capacity allocates nothing either */
    for (int i = 0; i < 24; i++) {
        seega_legal_moves(g, acts, 1);
        seega_play(g, acts[0]);
    }
    for (int i = 0; i < 24; i++)
        seega_undo(g);
    assert_int_equal(c.allocs, after_placing);
    /* Clone allocates through the same allocator. */
    assert_int_equal(seega_clone(g, &k), SEEGA_OK);
    assert_true(c.live >= 3);
    seega_free(k);
    seega_free(g);
    assert_int_equal(c.live, 0);
    assert_int_equal(c.bytes, 0);
}

/* Every allocation failure gives SEEGA_E_NOMEM, leaks nothing, and leaves
 * the game usable and unchanged. */
static void test_allocation_failures(void **state)
{
    (void)state;
    seega_rules r;
    seega_rules_preset(&r, SEEGA_CLASSIC, 5);
    /* Creation. */
    counting c = {0, 0, 0, 1, 0};
    seega_game *g = (seega_game *)&r;
    assert_int_equal(seega_new_with_allocator(&r, count_alloc, &c, &g), SEEGA_E_NOMEM);
    assert_null(g);
    assert_int_equal(c.live, 0);
    /* History growth: fail the allocation after creation. */
    c = (counting){0, 0, 0, 2, 0};
    assert_int_equal(seega_new_with_allocator(&r, count_alloc, &c, &g), SEEGA_OK);
    tu_snap s;
    tu_take(g, &s);
    assert_int_equal(seega_place(g, 0), SEEGA_E_NOMEM);
    assert_msg(g, "memory");
    tu_assert_unchanged(g, &s);
    assert_int_equal(seega_place(g, 0), SEEGA_OK); /* usable afterwards */
    /* Clone: the struct, then the history. */
    for (long k = 1; k <= 2; k++) {
        seega_game *cl = (seega_game *)&r;
        c.fail_at = c.allocs + k;
        tu_take(g, &s);
        assert_int_equal(seega_clone(g, &cl), SEEGA_E_NOMEM);
        assert_null(cl);
        tu_assert_unchanged(g, &s);
    }
    c.fail_at = 0;
    seega_free(g);
    assert_int_equal(c.live, 0);
}

/* ---- queries, hash, repetitions, captures -------------------------------------- */

static void test_queries(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 9);
    int32_t chain = 5;
    assert_int_equal(seega_board_size(g), 9);
    assert_int_equal(seega_phase(g), SEEGA_PHASE_PLACING);
    assert_int_equal(seega_in_hand(g, SEEGA_X), 40);
    assert_int_equal(seega_in_hand(g, SEEGA_O), 40);
    assert_int_equal(seega_pieces(g, SEEGA_X), 0);
    assert_int_equal(seega_to_move(g), SEEGA_X);
    assert_int_equal(seega_turn_state(g, &chain), SEEGA_TURN_NORMAL);
    assert_int_equal(chain, SEEGA_NO_SQUARE);
    tu_play(g, "i9");
    assert_int_equal(seega_piece_at(g, 80), SEEGA_X);
    assert_int_equal(seega_piece_at(g, 0), SEEGA_EMPTY);
    assert_int_equal(seega_in_hand(g, SEEGA_X), 39);
    assert_int_equal(seega_pieces(g, SEEGA_X), 1);
    assert_int_equal(seega_turn_state(g, NULL), SEEGA_TURN_PLACED_ONE);

    /* A chain position: CLASSIC 5x5, X's c3 can go on with c3-d3 (d2 is
     * caught against d1). */
    seega_game *h = tu_game_spn(SEEGA_CLASSIC, 5, "5/2o2/1ox2/2oo1/2xx1 x 0 0 0 c3");
    assert_int_equal(seega_turn_state(h, &chain), SEEGA_TURN_CHAIN);
    assert_int_equal(chain, 12);
    assert_int_equal(seega_phase(h), SEEGA_PHASE_MOVING);
    seega_free(h);
    seega_free(g);
}

static void test_hash_and_repetitions(void **state)
{
    (void)state;
    /* MODERN: a quiet shuffle returns to the same position. */
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, MID_SPN), *h;
    uint64_t h0, h1, h2;
    seega_hash(g, &h0);
    assert_int_equal(seega_repetitions(g), 1);
    tu_play(g, "c2-c3"); /* O moves; no capture? c2 is o; sandwich checks */
    seega_hash(g, &h1);
    assert_true(h1 != h0);
    /* The same position loaded fresh has the same hash (incremental ==
     * from scratch), whatever the quiet counter. */
    char spn[SEEGA_SPN_MAX];
    seega_get_spn(g, spn, sizeof spn);
    h = tu_game_spn(SEEGA_MODERN, 5, spn);
    seega_hash(h, &h2);
    assert_true(h1 == h2);
    seega_free(h);
    seega_free(g);

    /* A repetition: X and O shuttle a piece back and forth. CLASSIC, no
     * captures possible on this sparse board. */
    g = tu_game_spn(SEEGA_CLASSIC, 5, "x4/5/5/5/4o x 0 0 0 -");
    seega_hash(g, &h0);
    for (int i = 0; i < 2; i++) {
        tu_play(g, "a5-b5");
        tu_play(g, "e1-d1");
        tu_play(g, "b5-a5");
        tu_play(g, "d1-e1");
        assert_int_equal(seega_repetitions(g), 2 + i);
        seega_hash(g, &h1);
        assert_true(h1 == h0);
        assert_int_equal(seega_quiet_count(g), 4 * (i + 1));
    }
    tu_play(g, "a5-b5");
    assert_int_equal(seega_repetitions(g), 3);
    seega_free(g);
}

static void test_last_captures(void **state)
{
    (void)state;
    /* MODERN 5x5, X plays a2-b2: b3 is caught against b4 and c2 against
     * d2, both at once.
     *   5  . . . . .
     *   4  . x . . .
     *   3  . o . . .
     *   2  x . o x .
     *   1  . . . . o
     */
    seega_game *g = tu_game_spn(SEEGA_MODERN, 5, "5/1x3/1o3/x1ox1/4o x 0 0 0 -");
    int32_t sq[8] = {-1, -1, -1};
    tu_play(g, "a2-b2");
    assert_int_equal(seega_last_captures(g, sq, 8), 2);
    assert_int_equal(sq[0], 7);  /* c2 */
    assert_int_equal(sq[1], 11); /* b3 */
    sq[0] = sq[1] = -1;
    assert_int_equal(seega_last_captures(g, sq, 1), 2); /* count, partial */
    assert_int_equal(sq[0], 7);
    assert_int_equal(sq[1], -1);
    assert_int_equal(seega_quiet_count(g), 0);
    tu_play(g, "e1-e2"); /* O's reply captures nothing */
    assert_int_equal(seega_last_captures(g, sq, 8), 0);
    assert_int_equal(seega_undo(g), SEEGA_OK);
    assert_int_equal(seega_last_captures(g, sq, 8), 2);
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_status_text),
        cmocka_unit_test(test_presets),
        cmocka_unit_test(test_rules_validation),
        cmocka_unit_test(test_lifecycle_null),
        cmocka_unit_test(test_null_game),
        cmocka_unit_test(test_bad_arguments_change_nothing),
        cmocka_unit_test(test_illegal_actions),
        cmocka_unit_test(test_game_over),
        cmocka_unit_test(test_buffers),
        cmocka_unit_test(test_square_text),
        cmocka_unit_test(test_action_values),
        cmocka_unit_test(test_undo_restores_exactly),
        cmocka_unit_test(test_history_and_set_spn),
        cmocka_unit_test(test_clone_is_independent),
        cmocka_unit_test(test_allocator),
        cmocka_unit_test(test_allocation_failures),
        cmocka_unit_test(test_queries),
        cmocka_unit_test(test_hash_and_repetitions),
        cmocka_unit_test(test_last_captures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

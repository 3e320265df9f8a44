/*
 * Game records and rules text: round trips over random games of every
 * preset and size (also from loaded positions), tags, the measuring call,
 * hand-written records, and malformed records refused with the line and
 * the reason while the game stays exactly as it was.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static uint32_t rnd(uint32_t n)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545F4914F6CDD1DULL) >> 32) % n;
}

/* Play up to max random legal actions. */
static void random_actions(seega_game *g, int max)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    for (int i = 0; i < max && seega_result(g, NULL) == SEEGA_ONGOING; i++) {
        int32_t n = seega_legal_moves(g, list, SEEGA_MAX_ACTIONS);
        assert_true(n > 0);
        assert_int_equal(seega_play(g, list[rnd((uint32_t)n)]), SEEGA_OK);
    }
}

/* The record of g, in a malloc'd buffer (measured first). */
static char *write_record(const seega_game *g, const seega_record_tags *tags)
{
    int32_t len = seega_record_write(g, tags, NULL, 0);
    char *buf;
    if (len < 0)
        print_error("record_write: %s\n", seega_last_error(g));
    assert_true(len > 0);
    buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    assert_int_equal(seega_record_write(g, tags, buf, (size_t)len + 1), len);
    assert_int_equal(strlen(buf), (size_t)len);
    return buf;
}

/* Everything observable about a game's position and history is equal. */
static void assert_same_game(const seega_game *a, const seega_game *b)
{
    char sa[SEEGA_SPN_MAX], sb[SEEGA_SPN_MAX];
    int32_t ra, rb, n = seega_history_length(a);
    seega_game *ca, *cb;
    assert_true(seega_get_spn(a, sa, sizeof sa) > 0);
    assert_true(seega_get_spn(b, sb, sizeof sb) > 0);
    assert_string_equal(sa, sb);
    assert_int_equal(seega_result(a, &ra), seega_result(b, &rb));
    assert_int_equal(ra, rb);
    assert_int_equal(n, seega_history_length(b));
    for (int32_t i = 0; i < n; i++) {
        seega_action x, y;
        assert_int_equal(seega_history_action(a, i, &x), SEEGA_OK);
        assert_int_equal(seega_history_action(b, i, &y), SEEGA_OK);
        assert_int_equal(x, y);
    }
    /* The start of the history, too. */
    assert_int_equal(seega_clone(a, &ca), SEEGA_OK);
    assert_int_equal(seega_clone(b, &cb), SEEGA_OK);
    while (seega_undo(ca) == SEEGA_OK)
        assert_int_equal(seega_undo(cb), SEEGA_OK);
    assert_int_not_equal(seega_undo(cb), SEEGA_OK);
    assert_true(seega_get_spn(ca, sa, sizeof sa) > 0);
    assert_true(seega_get_spn(cb, sb, sizeof sb) > 0);
    assert_string_equal(sa, sb);
    seega_free(ca);
    seega_free(cb);
}

/* Read text into a new game made with the record's own rules. */
static seega_game *read_record(const char *text)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    seega_game *g;
    int32_t rc = seega_record_rules(text, &r, msg, sizeof msg);
    if (rc != SEEGA_OK)
        print_error("record_rules: %s\n%s\n", msg, text);
    assert_int_equal(rc, SEEGA_OK);
    assert_string_equal(msg, "");
    g = tu_game_rules(&r);
    rc = seega_record_read(g, text);
    if (rc != SEEGA_OK)
        print_error("record_read: %s\n%s\n", seega_last_error(g), text);
    assert_int_equal(rc, SEEGA_OK);
    return g;
}

/* Write g, read it back, compare, and write again: the same text. */
static void round_trip(const seega_game *g, const seega_record_tags *tags)
{
    char *text = write_record(g, tags), *again;
    seega_game *back = read_record(text);
    assert_same_game(g, back);
    again = write_record(back, tags);
    assert_string_equal(text, again);
    free(again);
    free(text);
    seega_free(back);
}

static void test_round_trip_random_games(void **state)
{
    (void)state;
    static const int sizes[] = {5, 7, 9};
    int finished = 0;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++)
        for (int s = 0; s < 3; s++)
            for (int k = 0; k < 12; k++) {
                seega_game *g = tu_game(v, sizes[s]);
                /* Some games end, some stop in the placing or moving
                 * phase, mid-turn included. */
                random_actions(g, k == 0 ? 0 : k < 4 ? (int)rnd(60) : 3000);
                finished += seega_result(g, NULL) != SEEGA_ONGOING;
                round_trip(g, NULL);
                seega_free(g);
            }
    assert_true(finished > 20); /* the finished games were covered */
}

static void test_round_trip_from_loaded_position(void **state)
{
    (void)state;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++)
        for (int k = 0; k < 10; k++) {
            char spn[SEEGA_SPN_MAX];
            seega_game *g = tu_game(v, k % 2 ? 7 : 5);
            random_actions(g, 10 + (int)rnd(80));
            if (seega_result(g, NULL) != SEEGA_ONGOING)
                assert_int_equal(seega_undo(g), SEEGA_OK);
            assert_true(seega_get_spn(g, spn, sizeof spn) > 0);
            tu_load(g, spn); /* the history now starts here */
            random_actions(g, (int)rnd(40));
            char *text = write_record(g, NULL);
            assert_non_null(strstr(text, "[Start \""));
            assert_non_null(strstr(text, spn));
            free(text);
            round_trip(g, NULL);
            seega_free(g);
        }
}

static void test_round_trip_custom_rules(void **state)
{
    (void)state;
    for (int k = 0; k < 40; k++) {
        seega_rules r = tu_rules(SEEGA_CLASSIC, (int32_t[]){5, 7, 9}[k % 3]);
        char text[SEEGA_RULES_TEXT_MAX], msg[SEEGA_ERROR_MAX];
        seega_rules back;
        r.placements_per_turn = 1 + (int32_t)rnd(2);
        r.opening_squares = (int32_t)rnd(2);
        r.first_mover = (int32_t)rnd(2);
        r.move_dirs = rnd(2) ? SEEGA_DIRS_ALL : SEEGA_DIRS_ORTHOGONAL;
        r.capture_dirs = rnd(2) ? SEEGA_DIRS_ALL : SEEGA_DIRS_ORTHOGONAL;
        r.centre_immune = (int32_t)rnd(2);
        r.chain_captures = (int32_t)rnd(2);
        r.blocked = SEEGA_BLOCKED_LOSES + (int32_t)rnd(4);
        r.lose_at = (int32_t)rnd(2);
        r.quiet_limit = rnd(3) ? (int32_t)rnd(200) : INT32_MAX;
        int32_t len = seega_rules_to_text(&r, text, sizeof text);
        assert_true(len > 0 && len < SEEGA_RULES_TEXT_MAX);
        assert_int_equal(seega_rules_from_text(text, &back, msg, sizeof msg),
                         SEEGA_OK);
        assert_memory_equal(&r, &back, sizeof r);
        seega_game *g = tu_game_rules(&r);
        random_actions(g, 200);
        round_trip(g, NULL);
        seega_free(g);
    }
}

static void test_rules_text(void **state)
{
    (void)state;
    static const char *const names[] = {"classic", "diagonal", "modern",
                                        "traditional"};
    char text[SEEGA_RULES_TEXT_MAX], msg[SEEGA_ERROR_MAX], want[32];
    seega_rules r, p;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++)
        for (int n = 5; n <= 9; n += 2) {
            p = tu_rules(v, n);
            snprintf(want, sizeof want, "%s %d", names[v - 1], n);
            assert_int_equal(seega_rules_to_text(&p, text, sizeof text),
                             (int32_t)strlen(want));
            assert_string_equal(text, want);
            assert_int_equal(seega_rules_from_text(want, &r, msg, sizeof msg),
                             SEEGA_OK);
            assert_memory_equal(&r, &p, sizeof r);
        }
    /* The closest preset, then the differences in field order. */
    p = tu_rules(SEEGA_MODERN, 7);
    p.quiet_limit = 100;
    p.placements_per_turn = 1;
    assert_true(seega_rules_to_text(&p, text, sizeof text) > 0);
    assert_string_equal(text, "modern 7 placements_per_turn=1 quiet_limit=100");
    /* Reading: any case, any order, words for the enumerations. */
    assert_int_equal(seega_rules_from_text("  Modern 7  Quiet_Limit=100 "
                                           "placements_per_turn=1\n",
                                           &r, msg, sizeof msg),
                     SEEGA_OK);
    assert_memory_equal(&r, &p, sizeof r);
    assert_int_equal(seega_rules_from_text("board_size=9 first_mover=x "
                                           "move_dirs=all capture_dirs=8 "
                                           "blocked=removes",
                                           &r, msg, sizeof msg),
                     SEEGA_OK);
    p = tu_rules(SEEGA_CLASSIC, 9);
    p.first_mover = SEEGA_X;
    p.move_dirs = p.capture_dirs = SEEGA_DIRS_ALL;
    p.blocked = SEEGA_BLOCKED_REMOVES;
    assert_memory_equal(&r, &p, sizeof r);
    assert_int_equal(seega_rules_from_text("diagonal", &r, msg, sizeof msg),
                     SEEGA_OK);
    p = tu_rules(SEEGA_DIAGONAL, 5);
    assert_memory_equal(&r, &p, sizeof r);

    /* Refused, with the reason, and *out untouched. */
    static const struct {
        const char *text;
        int32_t rc;
        const char *word;
    } bad[] = {
        {"", SEEGA_E_PARSE, "empty"},
        {"   ", SEEGA_E_PARSE, "empty"},
        {"chess", SEEGA_E_PARSE, "preset"},
        {"classic 6", SEEGA_E_PARSE, "board size"},
        {"classic 5 7", SEEGA_E_PARSE, "'7'"},
        {"classic quiet=5", SEEGA_E_PARSE, "not a rules field"},
        {"first_mover=z", SEEGA_E_PARSE, "x or o"},
        {"move_dirs=6", SEEGA_E_PARSE, "orthogonal or all"},
        {"blocked=stays", SEEGA_E_PARSE, "opponent_opens"},
        {"lose_at=one", SEEGA_E_PARSE, "whole number"},
        {"quiet_limit=99999999999", SEEGA_E_PARSE, "whole number"},
        {"quiet_limit=", SEEGA_E_PARSE, "whole number"},
        {"lose_at=1 lose_at=0", SEEGA_E_PARSE, "twice"},
        {"modern 7 board_size=9", SEEGA_E_PARSE, "twice"},
        {"quiet_limit=-1", SEEGA_E_RULES, "quiet_limit"},
        {"lose_at=2", SEEGA_E_RULES, "lose_at"},
        {"board_size=6", SEEGA_E_RULES, "board_size"},
        {"classic 5 modern", SEEGA_E_PARSE, "modern"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        seega_rules untouched = tu_rules(SEEGA_TRADITIONAL, 9);
        r = untouched;
        int32_t rc = seega_rules_from_text(bad[i].text, &r, msg, sizeof msg);
        if (rc != bad[i].rc || !tu_contains_ci(msg, bad[i].word))
            print_error("'%s': %d '%s'\n", bad[i].text, (int)rc, msg);
        assert_int_equal(rc, bad[i].rc);
        assert_true(tu_contains_ci(msg, bad[i].word));
        assert_memory_equal(&r, &untouched, sizeof r);
    }
    assert_int_equal(seega_rules_from_text(NULL, &r, NULL, 0), SEEGA_E_INVALID);
    assert_int_equal(seega_rules_from_text("classic", NULL, NULL, 0),
                     SEEGA_E_INVALID);

    /* Writing: checked rules, exact buffer sizes. */
    p = tu_rules(SEEGA_MODERN, 5);
    strcpy(text, "unchanged");
    assert_int_equal(seega_rules_to_text(&p, text, 8), SEEGA_E_BUFFER);
    assert_string_equal(text, "unchanged");
    assert_int_equal(seega_rules_to_text(&p, text, 9), 8);
    assert_string_equal(text, "modern 5");
    p.lose_at = 3;
    assert_int_equal(seega_rules_to_text(&p, text, sizeof text), SEEGA_E_RULES);
    p.lose_at = 0;
    p.version = 99;
    assert_int_equal(seega_rules_to_text(&p, text, sizeof text),
                     SEEGA_E_VERSION);
    assert_int_equal(seega_rules_to_text(NULL, text, sizeof text),
                     SEEGA_E_INVALID);
}

static void test_tags(void **state)
{
    (void)state;
    seega_record_tags tags = SEEGA_RECORD_TAGS_INIT, init;
    const char *extra[] = {"Annotator", "a \"quoted\" \\ name", "Time",
                           "12:00:00"};
    char buf[256];
    seega_game *g = tu_game(SEEGA_MODERN, 5);
    random_actions(g, 30);
    memset(&init, 0xAB, sizeof init);
    assert_int_equal(seega_record_tags_init(&init), SEEGA_OK);
    assert_memory_equal(&init, &tags, sizeof tags);
    assert_int_equal(seega_record_tags_init(NULL), SEEGA_E_INVALID);

    tags.event = "Club championship";
    tags.site = "Cairo";
    tags.date = "2026.11.30";
    tags.round = "3";
    tags.x_player = "Amal";
    tags.o_player = "seega-play, level 3";
    tags.result = "1/2-1/2"; /* an adjudicated, unfinished game */
    tags.termination = "adjudication";
    tags.extra = extra;
    tags.extra_count = 2;
    char *text = write_record(g, &tags);
    assert_true(strncmp(text, "[Event \"Club championship\"]\n", 28) == 0);
    assert_non_null(
        strstr(text, "[Annotator \"a \\\"quoted\\\" \\\\ name\"]\n"));
    assert_non_null(strstr(text, "[Result \"1/2-1/2\"]\n"));
    assert_non_null(strstr(text, "\n1/2-1/2\n"));
    assert_non_null(strstr(text, "[Rules \"modern 5\"]\n"));
    assert_null(strstr(text, "[Start "));

    static const struct {
        const char *name, *value;
    } want[] = {{"Event", "Club championship"},
                {"Site", "Cairo"},
                {"Date", "2026.11.30"},
                {"Round", "3"},
                {"X", "Amal"},
                {"O", "seega-play, level 3"},
                {"Result", "1/2-1/2"},
                {"Termination", "adjudication"},
                {"Annotator", "a \"quoted\" \\ name"},
                {"Time", "12:00:00"},
                {"Rules", "modern 5"},
                {"Start", ""},
                {"Nothing", ""},
                {"event", ""}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int32_t len = seega_record_tag(text, want[i].name, buf, sizeof buf);
        assert_int_equal(len, (int32_t)strlen(want[i].value));
        assert_string_equal(buf, want[i].value);
    }
    strcpy(buf, "unchanged");
    assert_int_equal(seega_record_tag(text, "Event", buf, 17), SEEGA_E_BUFFER);
    assert_string_equal(buf, "unchanged");
    assert_int_equal(seega_record_tag(text, "Event", buf, 18), 17);
    assert_int_equal(seega_record_tag(text, "Nothing", buf, 0), SEEGA_E_BUFFER);
    assert_int_equal(seega_record_tag(NULL, "X", buf, 8), SEEGA_E_INVALID);
    assert_int_equal(seega_record_tag(text, NULL, buf, 8), SEEGA_E_INVALID);
    assert_int_equal(seega_record_tag(text, "X", NULL, 8), SEEGA_E_INVALID);
    assert_int_equal(seega_record_tag("[X \"a\"]\n[X \"b\"]\n", "O", buf, 8),
                     SEEGA_E_PARSE);

    /* The round trip keeps an adjudicated result. */
    round_trip(g, &tags);
    free(text);
    seega_free(g);
}

static void test_write_refuses_bad_tags(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    seega_record_tags tags;
    char buf[512];
    const char *extra[4];
    random_actions(g, 5);

    static const struct {
        int field; /* 0 event, 1 result, 2 extra name, 3 extra value */
        const char *value;
        const char *word;
    } bad[] = {
        {0, "two\nlines", "tags.event"}, {0, "tab\there", "control"},
        {1, "1-1", "tags.result"},       {1, "win", "1/2-1/2"},
        {2, "Bad name", "letters"},      {2, "Rules", "standard tag"},
        {2, "Result", "standard tag"},   {2, "", "empty"},
        {3, "a\rb", "control"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        seega_record_tags_init(&tags);
        extra[0] = "Name";
        extra[1] = "value";
        switch (bad[i].field) {
        case 0: tags.event = bad[i].value; break;
        case 1: tags.result = bad[i].value; break;
        case 2:
            extra[0] = bad[i].value;
            tags.extra = extra;
            tags.extra_count = 1;
            break;
        default:
            extra[1] = bad[i].value;
            tags.extra = extra;
            tags.extra_count = 1;
            break;
        }
        strcpy(buf, "unchanged");
        assert_int_equal(seega_record_write(g, &tags, buf, sizeof buf),
                         SEEGA_E_INVALID);
        assert_string_equal(buf, "unchanged");
        if (!tu_contains_ci(seega_last_error(g), bad[i].word))
            print_error("case %d: '%s'\n", (int)i, seega_last_error(g));
        assert_true(tu_contains_ci(seega_last_error(g), bad[i].word));
    }
    seega_record_tags_init(&tags);
    extra[0] = extra[2] = "Same";
    extra[1] = extra[3] = "v";
    tags.extra = extra;
    tags.extra_count = 2;
    assert_int_equal(seega_record_write(g, &tags, buf, sizeof buf),
                     SEEGA_E_INVALID);
    assert_true(tu_contains_ci(seega_last_error(g), "twice"));
    tags.extra = NULL;
    assert_int_equal(seega_record_write(g, &tags, buf, sizeof buf),
                     SEEGA_E_INVALID);
    tags.extra_count = -1;
    assert_int_equal(seega_record_write(g, &tags, buf, sizeof buf),
                     SEEGA_E_INVALID);
    seega_record_tags_init(&tags);
    tags.version = 2;
    assert_int_equal(seega_record_write(g, &tags, buf, sizeof buf),
                     SEEGA_E_VERSION);
    assert_int_equal(seega_record_write(NULL, NULL, buf, sizeof buf),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_record_write(g, NULL, NULL, 10), SEEGA_E_INVALID);

    /* A finished game's result cannot be overridden. */
    seega_free(g);
    g = tu_game_spn(SEEGA_MODERN, 5, "5/1o3/5/1x1ox/2x2 x 0 0 49 -");
    tu_play(g, "b2-b3"); /* the 50th quiet turn: X wins on count */
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_QUIET);
    seega_record_tags_init(&tags);
    tags.result = "0-1";
    assert_int_equal(seega_record_write(g, &tags, buf, sizeof buf),
                     SEEGA_E_INVALID);
    assert_true(tu_contains_ci(seega_last_error(g), "contradicts"));
    tags.result = "1-0";
    tags.termination = "ignored for a finished game";
    assert_true(seega_record_write(g, &tags, buf, sizeof buf) > 0);
    assert_string_equal(buf, "[Result \"1-0\"]\n"
                             "[Rules \"modern 5\"]\n"
                             "[Start \"5/1o3/5/1x1ox/2x2 x 0 0 49 -\"]\n"
                             "[Termination \"quiet turns\"]\n"
                             "\n"
                             "1. X b2-b3\n"
                             "1-0\n");
    seega_free(g);
}

static void test_buffer_sizes(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_TRADITIONAL, 7);
    char *text, *buf;
    random_actions(g, 100);
    text = write_record(g, NULL);
    size_t len = strlen(text);
    buf = malloc(len + 1);
    memset(buf, 'z', len + 1);
    assert_int_equal(seega_record_write(g, NULL, buf, len), SEEGA_E_BUFFER);
    for (size_t i = 0; i <= len; i++)
        assert_int_equal(buf[i], 'z'); /* nothing written */
    assert_true(tu_contains_ci(seega_last_error(g), "bytes"));
    assert_int_equal(seega_record_write(g, NULL, buf, len + 1), (int32_t)len);
    assert_string_equal(buf, text);
    assert_int_equal(seega_record_write(g, NULL, buf, 0), SEEGA_E_BUFFER);
    free(buf);
    free(text);
    seega_free(g);
}

static void test_exact_format(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    char buf[1024];
    static const char *const acts[] = {"c2", "d4", "b3", "d3"};
    for (size_t i = 0; i < 4; i++)
        tu_play(g, acts[i]);
    assert_true(seega_record_write(g, NULL, buf, sizeof buf) > 0);
    assert_string_equal(buf, "[Result \"*\"]\n"
                             "[Rules \"classic 5\"]\n"
                             "\n"
                             "1. X c2 d4\n"
                             "2. O b3 d3\n"
                             "*\n");
    seega_free(g);

    /* The chain of the CLASSIC example is one turn; TRADITIONAL's removal
     * and the move after it too. */
    g = tu_game_spn(SEEGA_CLASSIC, 5,
                    "xoxox/oxoxo/xo1xo/oxoxo/xoxox o 0 0 0 -");
    tu_play(g, "b3-c3");
    tu_play(g, "c3-d3");
    assert_true(seega_record_write(g, NULL, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "\n\n1. O b3-c3 c3-d3\n*\n"));
    seega_free(g);
    g = tu_game_spn(SEEGA_TRADITIONAL, 5,
                    "ooxoo/oxxxo/ox1xx/oxxoo/oxxox o 0 0 0 -");
    tu_play(g, "xb3");
    tu_play(g, "a3-b3");
    assert_true(seega_record_write(g, NULL, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "\n\n1. O xb3 a3-b3\n*\n"));
    seega_free(g);
}

static void test_hand_written_record(void **state)
{
    (void)state;
    /* Comments, CRLF, lower-case sides, no numbers, upper-case actions,
     * several turns on one line, tags in any order. */
    const char *text = "; a game typed by hand\r\n"
                       "[Rules \"classic\"]   ; the preset, on 5x5\r\n"
                       "\r\n"
                       "  [X \"Amal\"]\r\n"
                       "[O \"Badr\"]\r\n"
                       "\r\n"
                       "x C2 d4 { X takes the long diagonal }\r\n"
                       "o b3 d3 x a1 e5 ; and so on\r\n"
                       "3. o A5 e1\r\n"
                       "{ a comment\r\n spanning lines }  *\r\n";
    seega_game *g = read_record(text);
    char buf[32];
    assert_int_equal(seega_history_length(g), 8);
    tu_assert_spn(g, "o3x/3x1/1o1o1/2x2/x3o x 8 8 0 -");
    assert_int_equal(seega_record_tag(text, "O", buf, sizeof buf), 4);
    assert_string_equal(buf, "Badr");
    seega_free(g);

    /* No moves at all, and no result: the start position. */
    g = read_record("[Rules \"traditional 9\"]\n");
    assert_int_equal(seega_history_length(g), 0);
    tu_assert_spn(g, "9/9/9/9/9/9/9/9/9 x 40 40 0 -");
    seega_free(g);
}

/* The game g refuses text with rc; the message names the line and word;
 * nothing about g changed. */
static void check_refused(seega_game *g, const char *text, int32_t rc,
                          const char *line, const char *word)
{
    seega_game *before;
    const char *msg;
    assert_int_equal(seega_clone(g, &before), SEEGA_OK);
    int32_t got = seega_record_read(g, text);
    msg = seega_last_error(g);
    if (got != rc || !strstr(msg, line) || !tu_contains_ci(msg, word))
        print_error("record:\n%s\ngave %d '%s', expected %d with '%s', '%s'\n",
                    text, (int)got, msg, (int)rc, line, word);
    assert_int_equal(got, rc);
    assert_non_null(strstr(msg, line));
    assert_true(tu_contains_ci(msg, word));
    assert_same_game(g, before);
    seega_free(before);
}

static void test_malformed_records(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int32_t rc;
        const char *line, *word;
    } bad[] = {
        {"", SEEGA_E_PARSE, "line 1:", "no Rules tag"},
        {"1. X c2 d4\n", SEEGA_E_PARSE, "line 1:", "no Rules tag"},
        {"[Event \"x\"]\n\n1. X c2\n", SEEGA_E_PARSE, "line 3:", "Rules"},
        {"[Rules classic]\n", SEEGA_E_PARSE, "line 1:", "double quotes"},
        {"[Rules \"classic 5]\n", SEEGA_E_PARSE, "line 1:", "closing quote"},
        {"[Rules \"classic 5\"\n", SEEGA_E_PARSE, "line 1:", "']' expected"},
        {"[Rules \"classic 5\"] x\n", SEEGA_E_PARSE,
         "line 1:", "nothing may follow"},
        {"[ \"classic 5\"]\n", SEEGA_E_PARSE, "line 1:", "name is missing"},
        {"[Rules \"classic\\n 5\"]\n", SEEGA_E_PARSE, "line 1:", "backslash"},
        {"[Rules \"classic\t5\"]\n", SEEGA_E_PARSE, "line 1:", "control"},
        {"[Rules \"classic 5\"]\n[Rules \"classic 5\"]\n", SEEGA_E_PARSE,
         "line 2:", "twice"},
        {"[Rules \"classic 6\"]\n", SEEGA_E_PARSE, "line 1:", "board size"},
        {"[Rules \"classic quiet_limit=-5\"]\n", SEEGA_E_RULES,
         "line 1:", "quiet_limit"},
        {"\n\n[Rules \"modern 5\"]\n", SEEGA_E_RULES, "line 3:", "modern 5"},
        {"[Rules \"classic 7\"]\n", SEEGA_E_RULES, "line 1:", "classic 7"},
        {"[Rules \"classic 5\"]\n[Start \"5/5/5/5 x 12 12 0 -\"]\n",
         SEEGA_E_PARSE, "line 2:", "Start"},
        {"[Rules \"classic 5\"]\n\n1. X c2 d4\n2. O b3 c2\n", SEEGA_E_PARSE,
         "line 4:", "c2"},
        {"[Rules \"classic 5\"]\n\n1. X c2 d4\n2. O b3 f7\n", SEEGA_E_PARSE,
         "line 4:", "f7"},
        {"[Rules \"classic 5\"]\n\n1. X c2 d4\n2. O b3 hello\n", SEEGA_E_PARSE,
         "line 4:", "hello"},
        {"[Rules \"classic 5\"]\n\n1. X c2 d4\n2. X b3 d3\n", SEEGA_E_PARSE,
         "line 4:", "O is to move"},
        {"[Rules \"classic 5\"]\n\n1. X c2 d4\n[Event \"late\"]\n",
         SEEGA_E_PARSE, "line 4:", "tag after the moves"},
        {"[Rules \"classic 5\"]\n\n1. X c2 d4\n*\n2. O b3\n", SEEGA_E_PARSE,
         "line 5:", "after the result"},
        {"[Rules \"classic 5\"]\n\n1. X c2 d4 { never closed\n\n",
         SEEGA_E_PARSE, "line 3:", "never closed"},
        {"[Rules \"classic 5\"]\n[Result \"1-0\"]\n\n1. X c2 d4\n0-1\n",
         SEEGA_E_PARSE, "line 5:", "differs"},
        {"[Rules \"classic 5\"]\n[Result \"2-0\"]\n", SEEGA_E_PARSE,
         "line 2:", "Result tag"},
        {"[Rules \"classic 5\"]\n\n1. X c2 d4 abcdefghijklmnopqrstuvwxyz"
         "abcdefghijklmnopqrstuvwxyz\n",
         SEEGA_E_PARSE, "line 3:", "not an action"},
        /* The MODERN quiet-limit example: X wins on count. */
        {"[Rules \"modern 5\"]\n[Start \"5/1o3/5/1x1ox/2x2 x 0 0 49 -\"]\n\n"
         "1. X b2-b3\n0-1\n",
         SEEGA_E_RULES, "line 1:", "modern 5"},
    };
    seega_game *g = tu_game(SEEGA_CLASSIC, 5);
    random_actions(g, 37); /* something to keep */
    assert_int_equal(seega_history_length(g), 37);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        check_refused(g, bad[i].text, bad[i].rc, bad[i].line, bad[i].word);
    seega_free(g);

    /* Results against the rules' result. */
    g = tu_game(SEEGA_MODERN, 5);
    random_actions(g, 11);
    const char *quiet = "[Rules \"modern 5\"]\n"
                        "[Start \"5/1o3/5/1x1ox/2x2 x 0 0 49 -\"]\n\n"
                        "1. X b2-b3\n%s\n";
    char text[256];
    snprintf(text, sizeof text, quiet, "0-1");
    check_refused(g, text, SEEGA_E_PARSE, "line 5:", "ended 1-0 (quiet turns)");
    snprintf(text, sizeof text, quiet, "*");
    check_refused(g, text, SEEGA_E_PARSE, "line 5:", "the record says *");
    snprintf(text, sizeof text, quiet, "1-0 ");
    assert_int_equal(seega_record_read(g, text), SEEGA_OK);
    tu_assert_result(g, SEEGA_X_WINS, SEEGA_REASON_QUIET);
    snprintf(text, sizeof text, quiet, "1-0\n2. O a4-a3");
    tu_load(g, "5/5/5/5/5 x 12 12 0 -");
    check_refused(g, text, SEEGA_E_PARSE, "line 6:", "after the result");
    snprintf(text, sizeof text, quiet, "2. O b4-b5");
    check_refused(g, text, SEEGA_E_PARSE, "line 5:", "already over");
    snprintf(text, sizeof text, quiet, "b4-b5");
    check_refused(g, text, SEEGA_E_PARSE, "line 5:", "game is over");
    /* An unfinished game may carry any result (adjudicated). */
    assert_int_equal(seega_record_read(g, "[Rules \"modern 5\"]\n\nc2 0-1\n"),
                     SEEGA_OK);
    assert_int_equal(seega_history_length(g), 1);

    /* NULL arguments. */
    assert_int_equal(seega_record_read(NULL, text), SEEGA_E_INVALID);
    assert_int_equal(seega_record_read(g, NULL), SEEGA_E_INVALID);
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    assert_int_equal(seega_record_rules(NULL, &r, msg, sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_record_rules(text, NULL, msg, sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_record_rules("[Rules \"x\"]", &r, msg, sizeof msg),
                     SEEGA_E_PARSE);
    assert_string_equal(msg, "line 1: Rules: 'x' is neither a preset "
                             "(classic, diagonal, modern, traditional) nor "
                             "a field=value setting");
    seega_free(g);
}

/* An allocator that fails once `budget` allocations have been made. */
static int budget;
static void *failing_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    if (budget-- <= 0)
        return NULL;
    return realloc(ptr, nsize);
}

static void test_out_of_memory_changes_nothing(void **state)
{
    (void)state;
    seega_rules r = tu_rules(SEEGA_CLASSIC, 5);
    seega_game *src = tu_game(SEEGA_CLASSIC, 5), *g, *before;
    random_actions(src, 300);
    char *text = write_record(src, NULL);
    budget = 1000;
    assert_int_equal(seega_new_with_allocator(&r, failing_alloc, NULL, &g),
                     SEEGA_OK);
    random_actions(g, 20);
    assert_int_equal(seega_clone(g, &before), SEEGA_OK);
    /* Fail at every allocation the read makes, in turn. */
    for (int k = 0; k < 8; k++) {
        budget = k;
        int32_t rc = seega_record_read(g, text);
        if (rc == SEEGA_OK)
            break;
        assert_int_equal(rc, SEEGA_E_NOMEM);
        budget = 1000;
        assert_same_game(g, before);
    }
    budget = 0;
    assert_int_equal(seega_record_write(g, NULL, NULL, 0), SEEGA_E_NOMEM);
    budget = 1000;
    assert_int_equal(seega_record_read(g, text), SEEGA_OK);
    assert_same_game(g, src);
    free(text);
    seega_free(before);
    seega_free(src);
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules_text),
        cmocka_unit_test(test_exact_format),
        cmocka_unit_test(test_round_trip_random_games),
        cmocka_unit_test(test_round_trip_from_loaded_position),
        cmocka_unit_test(test_round_trip_custom_rules),
        cmocka_unit_test(test_tags),
        cmocka_unit_test(test_write_refuses_bad_tags),
        cmocka_unit_test(test_buffer_sizes),
        cmocka_unit_test(test_hand_written_record),
        cmocka_unit_test(test_malformed_records),
        cmocka_unit_test(test_out_of_memory_changes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

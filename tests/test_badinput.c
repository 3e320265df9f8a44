/*
 * Bad input, table-driven: every public function of seega.h against each
 * class of bad argument that applies to it.
 *
 * Each row of BAD_CASES names the function, the class of bad argument, the
 * game it runs on (none, placing, moving, over), the status the header
 * documents, and the call. For every row the test checks:
 *   - the status;
 *   - the game (when there is one) is unchanged: SPN, every history action,
 *     hash, result and reason, side to move, phase, turn state and chain
 *     square, quiet counter, repetitions, last captures, the legal list and
 *     the rules;
 *   - a failing call on a game replaced the game's message with a new,
 *     non-empty one;
 *   - no output was written: every output argument (actions, integers,
 *     buffers, structs, game pointers) still holds its sentinel, except
 *     where the header says otherwise (a new/clone out pointer is set to
 *     NULL on failure; a validation message buffer receives the message).
 *
 * Classes: NULL pointer, out of range (squares, sides, indexes, depths,
 * limits), wrong kind (ill-formed actions, unknown presets, wrong board),
 * wrong struct version, small buffer, game over, nothing to undo, bad
 * text. A closed or freed handle is not detectable in C (the API has no
 * handle table and a freed pointer cannot be told from a live one), so it
 * is not tested: seega_free(NULL) is a no-op, a second seega_free of the
 * same game is undefined behaviour, as for free(). tests/test_api.c
 * checks the messages' wording; this test checks the table is complete.
 *
 * SPDX-License-Identifier: MIT
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "testutil.h"

/* ---- fixtures ------------------------------------------------------------ */

enum { FX_NONE, FX_PLACING, FX_MOVING, FX_OVER };

/* Everything a call may write to. Filled with sentinels before each row
 * and compared byte for byte afterwards. */
typedef struct outs {
    seega_action act;
    int32_t i32;
    int32_t i32b;
    uint64_t u64;
    seega_game *game; /* out pointer of new/clone */
    char buf[SEEGA_ERROR_MAX];
    char msg[SEEGA_ERROR_MAX];
    seega_action acts[SEEGA_MAX_ACTIONS];
    int32_t squares[16];
    uint8_t bytes[SEEGA_OBS_PLANES * 81];
    seega_rules rules;       /* version set: a valid output struct */
    seega_rules rules_badv;  /* version 0 */
    seega_rules rules_badv2; /* version SEEGA_RULES_VERSION + 1 */
    seega_search_result res;
    seega_search_result res_badv;
    seega_search_limits lim_out;
    seega_playout_stats st;
    seega_playout_stats st_badv;
#ifdef SEEGA_RECORD_TAGS_VERSION
    seega_record_tags tags_out;
#endif
} outs;

/* Inputs, bad and good, prepared once per row. */
typedef struct ins {
    seega_rules rules;      /* CLASSIC 5x5 */
    seega_rules rules_v0;   /* version 0 */
    seega_rules rules_v9;   /* version 9 */
    seega_rules rules_bad;  /* board_size 6 */
    seega_rules rules_bad2; /* blocked 0 */
    seega_rules rules_7;    /* CLASSIC 7x7, valid */
    seega_tb_cluster cluster;      /* one rank */
    seega_tb_cluster cluster_rank; /* rank 2 of 2 */
    seega_tb_cluster cluster_v0;   /* version 0 */
    seega_tb_options tb_opt_v0;    /* version 0 */
    seega_tb_options tb_opt_v3;    /* version SEEGA_TB_OPTIONS_VERSION + 1 */
    seega_search_limits lim;
    seega_search_limits lim_v0;
    seega_search_limits lim_neg_depth, lim_neg_time, lim_neg_remaining,
        lim_neg_increment, lim_neg_threads, lim_neg_tt, lim_level4,
        lim_level_neg, lim_threads65, lim_tt_huge;
#ifdef SEEGA_RECORD_TAGS_VERSION
    seega_record_tags tags, tags_v0, tags_ctrl, tags_badresult;
#endif
} ins;

typedef struct fx {
    seega_game *g;
    seega_action legal;   /* a legal action of g, 0 if none */
    seega_action illegal; /* a well-formed action that is not legal */
    outs o;
    ins in;
#ifdef SEEGA_RECORD_TAGS_VERSION
    char record[4096]; /* the record of a CLASSIC 5x5 game */
    char record7[4096]; /* the record of a CLASSIC 7x7 game */
#endif
} fx;

#define SENT_PTR ((seega_game *)(uintptr_t)0x5EE6A5EE6AULL)

static void fill_outs(outs *o)
{
    memset(o, 0xA5, sizeof *o);
    o->game = SENT_PTR;
    o->rules.version = SEEGA_RULES_VERSION;
    o->rules_badv.version = 0;
    o->rules_badv2.version = SEEGA_RULES_VERSION + 1;
    o->res.version = SEEGA_SEARCH_RESULT_VERSION;
    o->res_badv.version = SEEGA_SEARCH_RESULT_VERSION + 6;
    o->st.version = SEEGA_PLAYOUT_STATS_VERSION;
    o->st_badv.version = 0;
#ifdef SEEGA_RECORD_TAGS_VERSION
    o->tags_out.version = SEEGA_RECORD_TAGS_VERSION;
#endif
}

static seega_search_limits limits_with(size_t off, int32_t v)
{
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    l.depth = 1;
    memcpy((char *)&l + off, &v, sizeof v);
    return l;
}

#define LIM(field, v) limits_with(offsetof(seega_search_limits, field), (v))

static void fill_ins(ins *in)
{
    seega_search_limits init = SEEGA_SEARCH_LIMITS_INIT;
    memset(in, 0, sizeof *in);
    in->rules = tu_rules(SEEGA_CLASSIC, 5);
    in->rules_7 = tu_rules(SEEGA_CLASSIC, 7);
    in->rules_v0 = in->rules;
    in->rules_v0.version = 0;
    in->cluster = (seega_tb_cluster){SEEGA_TB_CLUSTER_VERSION, 0, 1, NULL,
                                     NULL, 0};
    in->cluster_rank = in->cluster;
    in->cluster_rank.rank = 2;
    in->cluster_rank.ranks = 2;
    in->cluster_v0 = in->cluster;
    in->cluster_v0.version = 0;
    in->tb_opt_v0 = (seega_tb_options)SEEGA_TB_OPTIONS_INIT;
    in->tb_opt_v0.version = 0;
    in->tb_opt_v3 = (seega_tb_options)SEEGA_TB_OPTIONS_INIT;
    in->tb_opt_v3.version = SEEGA_TB_OPTIONS_VERSION + 1;
    in->rules_v9 = in->rules;
    in->rules_v9.version = 9;
    in->rules_bad = in->rules;
    in->rules_bad.board_size = 6;
    in->rules_bad2 = in->rules;
    in->rules_bad2.blocked = 0;
    in->lim = init;
    in->lim.depth = 1;
    in->lim_v0 = in->lim;
    in->lim_v0.version = 0;
    in->lim_neg_depth = LIM(depth, -1);
    in->lim_neg_time = LIM(time_ms, -5);
    in->lim_neg_remaining = LIM(remaining_ms, -1);
    in->lim_neg_increment = LIM(increment_ms, INT32_MIN);
    in->lim_neg_threads = LIM(threads, -1);
    in->lim_neg_tt = LIM(tt_mb, -1);
    in->lim_level4 = LIM(level, 4);
    in->lim_level_neg = LIM(level, -1);
    in->lim_threads65 = LIM(threads, 65);
    in->lim_tt_huge = LIM(tt_mb, INT32_MAX);
#ifdef SEEGA_RECORD_TAGS_VERSION
    {
        seega_record_tags t = SEEGA_RECORD_TAGS_INIT;
        in->tags = t;
        in->tags_v0 = t;
        in->tags_v0.version = 0;
        in->tags_ctrl = t;
        in->tags_ctrl.event = "line\nbreak";
        in->tags_badresult = t;
        in->tags_badresult.result = "2-0";
    }
#endif
}

/* A game in the given state, with history. */
static seega_game *make_game(int kind)
{
    seega_game *g;
    switch (kind) {
    case FX_PLACING: /* X has placed one of its two: state +, history 3 */
        g = tu_game(SEEGA_CLASSIC, 5);
        tu_play(g, "c2");
        tu_play(g, "d4");
        tu_play(g, "b3");
        return g;
    case FX_MOVING: /* moving phase, history 2 */
        g = tu_game_spn(SEEGA_MODERN, 5, "xoxox/oxoxo/xo1ox/oxoxo/xoxox o 0 0 0 -");
        tu_play(g, "c2-c3");
        tu_play(g, "b2-c2");
        tu_assert_result(g, SEEGA_ONGOING, SEEGA_REASON_NONE);
        return g;
    case FX_OVER: /* MODERN: the 50th quiet turn ends it, a draw; history 2 */
        g = tu_game_spn(SEEGA_MODERN, 5, "x4/5/5/5/4o x 0 0 48 -");
        tu_play(g, "a5-b5");
        tu_play(g, "e1-d1");
        tu_assert_result(g, SEEGA_DRAW, SEEGA_REASON_QUIET);
        return g;
    default:
        return NULL;
    }
}

/* ---- the table ------------------------------------------------------------ */

/* Row flags. */
#define F_GAME 1    /* a failing call on f->g: its message must be replaced */
#define F_OUTNULL 2 /* f->o.game is set to NULL (new / clone) */
#define F_MSG 4     /* f->o.msg receives a message (validate, from_text) */
#define F_NOSTATUS 8 /* the call returns no status; the expression checks */

#define G (f->g)
#define O (&f->o)
#define I (&f->in)
#define NOSQ SEEGA_NO_SQUARE
#define ACT(k, fr, to) seega_action_make((k), (fr), (to))
#define PLACE(s) ACT(SEEGA_ACTION_PLACE, NOSQ, (s))
#define STEP(a, b) ACT(SEEGA_ACTION_STEP, (a), (b))
#define PASS ACT(SEEGA_ACTION_PASS, NOSQ, NOSQ)

/* Expressions for functions that return no status: 0 when they behave. */
static int32_t free_null(void)
{
    seega_free(NULL);
    return 0;
}

static int32_t stop_null(void)
{
    seega_search_stop(NULL);
    return 0;
}

static int32_t tb_close_null(void)
{
    seega_tb_close(NULL);
    return 0;
}

static seega_tb_entry *tb_entry(void)
{
    static seega_tb_entry e;
    e.version = SEEGA_TB_ENTRY_VERSION;
    return &e;
}

static seega_tb_tier *tb_tier(void)
{
    static seega_tb_tier t;
    t.version = SEEGA_TB_TIER_VERSION;
    return &t;
}

static int32_t stop_idle(seega_game *g)
{
    seega_search_stop(g); /* no search running: nothing happens */
    return 0;
}

static int32_t str_is(const char *s, const char *want)
{
    return s != NULL && (want == NULL ? s[0] != '\0' : strcmp(s, want) == 0)
               ? 0
               : -100;
}

/*
 * X(id, function, class, fixture, expected status, flags, expression)
 * The expression may use f (the fixture), G (its game), O (outputs with
 * sentinels) and I (prepared inputs).
 */
#define BAD_CASES_CORE(X)                                                                     \
    /* ---- version, status text ---- */                                                      \
    X(status_unknown_neg, "seega_status_text", "out of range", FX_NONE, 0, F_NOSTATUS,        \
      str_is(seega_status_text(-99), "unknown status"))                                       \
    X(status_unknown_pos, "seega_status_text", "out of range", FX_NONE, 0, F_NOSTATUS,        \
      str_is(seega_status_text(INT32_MAX), "unknown status"))                                 \
    X(status_unknown_min, "seega_status_text", "out of range", FX_NONE, 0, F_NOSTATUS,        \
      str_is(seega_status_text(INT32_MIN), "unknown status"))                                 \
    /* ---- rules ---- */                                                                     \
    X(preset_null, "seega_rules_preset", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                  \
      seega_rules_preset(NULL, SEEGA_CLASSIC, 5))                                             \
    X(preset_kind0, "seega_rules_preset", "wrong kind", FX_NONE, SEEGA_E_INVALID, 0,           \
      seega_rules_preset(&O->rules, 0, 5))                                                    \
    X(preset_kind5, "seega_rules_preset", "wrong kind", FX_NONE, SEEGA_E_INVALID, 0,           \
      seega_rules_preset(&O->rules, SEEGA_TRADITIONAL + 1, 5))                                \
    X(preset_kind_neg, "seega_rules_preset", "wrong kind", FX_NONE, SEEGA_E_INVALID, 0,        \
      seega_rules_preset(&O->rules, -1, 5))                                                   \
    X(preset_size6, "seega_rules_preset", "out of range", FX_NONE, SEEGA_E_INVALID, 0,         \
      seega_rules_preset(&O->rules, SEEGA_CLASSIC, 6))                                        \
    X(preset_size0, "seega_rules_preset", "out of range", FX_NONE, SEEGA_E_INVALID, 0,         \
      seega_rules_preset(&O->rules, SEEGA_MODERN, 0))                                         \
    X(preset_size_big, "seega_rules_preset", "out of range", FX_NONE, SEEGA_E_INVALID, 0,      \
      seega_rules_preset(&O->rules, SEEGA_MODERN, INT32_MAX))                                 \
    X(validate_null, "seega_rules_validate", "NULL", FX_NONE, SEEGA_E_INVALID, 0,              \
      seega_rules_validate(NULL, NULL, 0))                                                    \
    X(validate_v0, "seega_rules_validate", "version", FX_NONE, SEEGA_E_VERSION, F_MSG,         \
      seega_rules_validate(&I->rules_v0, O->msg, sizeof O->msg))                              \
    X(validate_v9, "seega_rules_validate", "version", FX_NONE, SEEGA_E_VERSION, F_MSG,         \
      seega_rules_validate(&I->rules_v9, O->msg, sizeof O->msg))                              \
    X(validate_size, "seega_rules_validate", "out of range", FX_NONE, SEEGA_E_RULES, F_MSG,    \
      seega_rules_validate(&I->rules_bad, O->msg, sizeof O->msg))                             \
    X(validate_blocked, "seega_rules_validate", "out of range", FX_NONE, SEEGA_E_RULES, F_MSG, \
      seega_rules_validate(&I->rules_bad2, O->msg, sizeof O->msg))                            \
    X(validate_nomsg, "seega_rules_validate", "out of range", FX_NONE, SEEGA_E_RULES, 0,       \
      seega_rules_validate(&I->rules_bad, NULL, 0))                                           \
    X(validate_cap0, "seega_rules_validate", "small buffer", FX_NONE, SEEGA_E_RULES, 0,        \
      seega_rules_validate(&I->rules_bad, O->msg, 0))                                         \
    /* ---- lifecycle ---- */                                                                 \
    X(new_null_rules, "seega_new", "NULL", FX_NONE, SEEGA_E_INVALID, F_OUTNULL,                \
      seega_new(NULL, &O->game))                                                              \
    X(new_null_out, "seega_new", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                          \
      seega_new(&I->rules, NULL))                                                             \
    X(new_v0, "seega_new", "version", FX_NONE, SEEGA_E_VERSION, F_OUTNULL,                     \
      seega_new(&I->rules_v0, &O->game))                                                      \
    X(new_v9, "seega_new", "version", FX_NONE, SEEGA_E_VERSION, F_OUTNULL,                     \
      seega_new(&I->rules_v9, &O->game))                                                      \
    X(new_bad_rules, "seega_new", "out of range", FX_NONE, SEEGA_E_RULES, F_OUTNULL,           \
      seega_new(&I->rules_bad, &O->game))                                                     \
    X(newa_null_rules, "seega_new_with_allocator", "NULL", FX_NONE, SEEGA_E_INVALID,           \
      F_OUTNULL, seega_new_with_allocator(NULL, NULL, NULL, &O->game))                        \
    X(newa_null_out, "seega_new_with_allocator", "NULL", FX_NONE, SEEGA_E_INVALID, 0,          \
      seega_new_with_allocator(&I->rules, NULL, NULL, NULL))                                  \
    X(newa_v0, "seega_new_with_allocator", "version", FX_NONE, SEEGA_E_VERSION, F_OUTNULL,     \
      seega_new_with_allocator(&I->rules_v0, NULL, NULL, &O->game))                           \
    X(newa_bad_rules, "seega_new_with_allocator", "out of range", FX_NONE, SEEGA_E_RULES,      \
      F_OUTNULL, seega_new_with_allocator(&I->rules_bad2, NULL, NULL, &O->game))              \
    X(free_null, "seega_free", "NULL", FX_NONE, 0, F_NOSTATUS, free_null())                    \
    X(clone_null_game, "seega_clone", "NULL", FX_NONE, SEEGA_E_INVALID, F_OUTNULL,             \
      seega_clone(NULL, &O->game))                                                            \
    X(clone_null_out, "seega_clone", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,               \
      seega_clone(G, NULL))                                                                   \
    X(get_rules_null_game, "seega_get_rules", "NULL", FX_NONE, SEEGA_E_INVALID, 0,             \
      seega_get_rules(NULL, &O->rules))                                                       \
    X(get_rules_null_out, "seega_get_rules", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,      \
      seega_get_rules(G, NULL))                                                               \
    X(get_rules_v0, "seega_get_rules", "version", FX_PLACING, SEEGA_E_VERSION, F_GAME,         \
      seega_get_rules(G, &O->rules_badv))                                                     \
    X(get_rules_v2, "seega_get_rules", "version", FX_PLACING, SEEGA_E_VERSION, F_GAME,         \
      seega_get_rules(G, &O->rules_badv2))                                                    \
    /* ---- action values (pure: no status) ---- */                                          \
    X(kind_unknown, "seega_action_kind", "wrong kind", FX_NONE, 0, F_NOSTATUS,                 \
      seega_action_kind(ACT(9, 1, 2)) == 0 ? 0 : -100)                                        \
    X(kind_zero, "seega_action_kind", "wrong kind", FX_NONE, 0, F_NOSTATUS,                    \
      seega_action_kind(0) == 0 ? 0 : -100)                                                   \
    X(kind_high_bits, "seega_action_kind", "wrong kind", FX_NONE, 0, F_NOSTATUS,               \
      seega_action_kind(PLACE(3) | 0x80000000u) == 0 ? 0 : -100)                              \
    X(from_absent, "seega_action_from", "out of range", FX_NONE, 0, F_NOSTATUS,                \
      seega_action_from(PLACE(3)) == NOSQ ? 0 : -100)                                         \
    X(to_absent, "seega_action_to", "out of range", FX_NONE, 0, F_NOSTATUS,                    \
      seega_action_to(PASS) == NOSQ ? 0 : -100)                                               \
    X(make_unchecked, "seega_action_make", "wrong kind", FX_NONE, 0, F_NOSTATUS,               \
      seega_action_kind(seega_action_make(0, -1, -1)) == 0 ? 0 : -100)                        \
    /* ---- play, place, move, undo ---- */                                                  \
    X(play_null, "seega_play", "NULL", FX_NONE, SEEGA_E_INVALID, 0, seega_play(NULL, PASS))    \
    X(play_zero, "seega_play", "wrong kind", FX_PLACING, SEEGA_E_INVALID, F_GAME,              \
      seega_play(G, 0))                                                                       \
    X(play_kind0, "seega_play", "wrong kind", FX_PLACING, SEEGA_E_INVALID, F_GAME,             \
      seega_play(G, ACT(0, NOSQ, 3)))                                                         \
    X(play_kind5, "seega_play", "wrong kind", FX_PLACING, SEEGA_E_INVALID, F_GAME,             \
      seega_play(G, ACT(5, NOSQ, 3)))                                                         \
    X(play_high_bits, "seega_play", "wrong kind", FX_PLACING, SEEGA_E_INVALID, F_GAME,         \
      seega_play(G, PLACE(3) | 0x01000000u))                                                  \
    X(play_all_ones, "seega_play", "wrong kind", FX_MOVING, SEEGA_E_INVALID, F_GAME,           \
      seega_play(G, 0xFFFFFFFFu))                                                             \
    X(play_place_origin, "seega_play", "wrong kind", FX_PLACING, SEEGA_E_INVALID, F_GAME,      \
      seega_play(G, ACT(SEEGA_ACTION_PLACE, 2, 3)))                                           \
    X(play_place_nosq, "seega_play", "wrong kind", FX_PLACING, SEEGA_E_INVALID, F_GAME,        \
      seega_play(G, PLACE(NOSQ)))                                                             \
    X(play_step_nofrom, "seega_play", "wrong kind", FX_MOVING, SEEGA_E_INVALID, F_GAME,        \
      seega_play(G, STEP(NOSQ, 12)))                                                          \
    X(play_step_noto, "seega_play", "wrong kind", FX_MOVING, SEEGA_E_INVALID, F_GAME,          \
      seega_play(G, STEP(7, NOSQ)))                                                           \
    X(play_remove_origin, "seega_play", "wrong kind", FX_MOVING, SEEGA_E_INVALID, F_GAME,      \
      seega_play(G, ACT(SEEGA_ACTION_REMOVE, 1, 2)))                                          \
    X(play_pass_square, "seega_play", "wrong kind", FX_MOVING, SEEGA_E_INVALID, F_GAME,        \
      seega_play(G, ACT(SEEGA_ACTION_PASS, NOSQ, 4)))                                         \
    X(play_pass_origin, "seega_play", "wrong kind", FX_MOVING, SEEGA_E_INVALID, F_GAME,        \
      seega_play(G, ACT(SEEGA_ACTION_PASS, 4, NOSQ)))                                         \
    X(play_off_board, "seega_play", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,       \
      seega_play(G, PLACE(25)))                                                               \
    X(play_off_board_254, "seega_play", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,   \
      seega_play(G, PLACE(254)))                                                              \
    X(play_step_off_board, "seega_play", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,   \
      seega_play(G, STEP(24, 25)))                                                            \
    X(play_step_placing, "seega_play", "illegal", FX_PLACING, SEEGA_E_ILLEGAL, F_GAME,         \
      seega_play(G, STEP(7, 12)))                                                             \
    X(play_place_moving, "seega_play", "illegal", FX_MOVING, SEEGA_E_ILLEGAL, F_GAME,          \
      seega_play(G, PLACE(12)))                                                               \
    X(play_occupied, "seega_play", "illegal", FX_PLACING, SEEGA_E_ILLEGAL, F_GAME,             \
      seega_play(G, PLACE(7)))                                                                \
    X(play_centre, "seega_play", "illegal", FX_PLACING, SEEGA_E_ILLEGAL, F_GAME,               \
      seega_play(G, PLACE(12)))                                                               \
    X(play_pass_illegal, "seega_play", "illegal", FX_PLACING, SEEGA_E_ILLEGAL, F_GAME,         \
      seega_play(G, PASS))                                                                    \
    X(play_remove_illegal, "seega_play", "illegal", FX_MOVING, SEEGA_E_ILLEGAL, F_GAME,        \
      seega_play(G, ACT(SEEGA_ACTION_REMOVE, NOSQ, 0)))                                       \
    X(play_far_step, "seega_play", "illegal", FX_MOVING, SEEGA_E_ILLEGAL, F_GAME,              \
      seega_play(G, STEP(0, 24)))                                                             \
    X(play_over, "seega_play", "game over", FX_OVER, SEEGA_E_GAME_OVER, F_GAME,                \
      seega_play(G, STEP(16, 17)))                                                            \
    X(play_over_pass, "seega_play", "game over", FX_OVER, SEEGA_E_GAME_OVER, F_GAME,           \
      seega_play(G, PASS))                                                                    \
    X(play_over_illformed, "seega_play", "wrong kind", FX_OVER, SEEGA_E_INVALID, F_GAME,       \
      seega_play(G, 0))                                                                       \
    X(place_null, "seega_place", "NULL", FX_NONE, SEEGA_E_INVALID, 0, seega_place(NULL, 0))    \
    X(place_neg, "seega_place", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,           \
      seega_place(G, -1))                                                                     \
    X(place_25, "seega_place", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,            \
      seega_place(G, 25))                                                                     \
    X(place_255, "seega_place", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,           \
      seega_place(G, 255))                                                                    \
    X(place_wrap, "seega_place", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,          \
      seega_place(G, 256 + 3))                                                                \
    X(place_min, "seega_place", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,           \
      seega_place(G, INT32_MIN))                                                              \
    X(place_illegal, "seega_place", "illegal", FX_PLACING, SEEGA_E_ILLEGAL, F_GAME,            \
      seega_place(G, 7))                                                                      \
    X(place_moving, "seega_place", "illegal", FX_MOVING, SEEGA_E_ILLEGAL, F_GAME,              \
      seega_place(G, 12))                                                                     \
    X(place_over, "seega_place", "game over", FX_OVER, SEEGA_E_GAME_OVER, F_GAME,              \
      seega_place(G, 0))                                                                      \
    X(move_null, "seega_move", "NULL", FX_NONE, SEEGA_E_INVALID, 0, seega_move(NULL, 7, 12))   \
    X(move_from_neg, "seega_move", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,         \
      seega_move(G, -1, 12))                                                                  \
    X(move_to_big, "seega_move", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,           \
      seega_move(G, 7, 25))                                                                   \
    X(move_to_wrap, "seega_move", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,          \
      seega_move(G, 7, 256 + 12))                                                             \
    X(move_both_max, "seega_move", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,         \
      seega_move(G, INT32_MAX, INT32_MAX))                                                    \
    X(move_same, "seega_move", "illegal", FX_MOVING, SEEGA_E_ILLEGAL, F_GAME,                  \
      seega_move(G, 7, 7))                                                                    \
    X(move_placing, "seega_move", "illegal", FX_PLACING, SEEGA_E_ILLEGAL, F_GAME,              \
      seega_move(G, 7, 12))                                                                   \
    X(move_over, "seega_move", "game over", FX_OVER, SEEGA_E_GAME_OVER, F_GAME,                \
      seega_move(G, 16, 17))                                                                  \
    X(undo_null, "seega_undo", "NULL", FX_NONE, SEEGA_E_INVALID, 0, seega_undo(NULL))          \
    X(legal_null_game, "seega_legal_moves", "NULL", FX_NONE, SEEGA_E_INVALID, 0,               \
      seega_legal_moves(NULL, O->acts, SEEGA_MAX_ACTIONS))                                    \
    X(legal_null_buf, "seega_legal_moves", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,        \
      seega_legal_moves(G, NULL, 1))                                                          \
    X(legal_null_buf_big, "seega_legal_moves", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,     \
      seega_legal_moves(G, NULL, SIZE_MAX))                                                   \
    X(caps_null_game, "seega_last_captures", "NULL", FX_NONE, SEEGA_E_INVALID, 0,              \
      seega_last_captures(NULL, O->squares, 16))                                              \
    X(caps_null_buf, "seega_last_captures", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,        \
      seega_last_captures(G, NULL, 8))                                                        \
    /* ---- text ---- */                                                                      \
    X(a2t_null_game, "seega_action_to_text", "NULL", FX_NONE, SEEGA_E_INVALID, 0,              \
      seega_action_to_text(NULL, PLACE(3), O->buf, sizeof O->buf))                            \
    X(a2t_null_buf, "seega_action_to_text", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,       \
      seega_action_to_text(G, PLACE(3), NULL, 8))                                             \
    X(a2t_illformed, "seega_action_to_text", "wrong kind", FX_PLACING, SEEGA_E_INVALID,        \
      F_GAME, seega_action_to_text(G, ACT(7, NOSQ, 3), O->buf, sizeof O->buf))                \
    X(a2t_off_board, "seega_action_to_text", "out of range", FX_PLACING, SEEGA_E_INVALID,      \
      F_GAME, seega_action_to_text(G, STEP(3, 25), O->buf, sizeof O->buf))                    \
    X(a2t_small, "seega_action_to_text", "small buffer", FX_PLACING, SEEGA_E_BUFFER, F_GAME,   \
      seega_action_to_text(G, STEP(3, 4), O->buf, 5))                                         \
    X(a2t_small_pass, "seega_action_to_text", "small buffer", FX_PLACING, SEEGA_E_BUFFER,      \
      F_GAME, seega_action_to_text(G, PASS, O->buf, 4))                                       \
    X(a2t_cap0, "seega_action_to_text", "small buffer", FX_PLACING, SEEGA_E_BUFFER, F_GAME,    \
      seega_action_to_text(G, PLACE(3), O->buf, 0))                                           \
    X(t2a_null_game, "seega_action_from_text", "NULL", FX_NONE, SEEGA_E_INVALID, 0,            \
      seega_action_from_text(NULL, "c2", &O->act))                                            \
    X(t2a_null_text, "seega_action_from_text", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,    \
      seega_action_from_text(G, NULL, &O->act))                                               \
    X(t2a_null_out, "seega_action_from_text", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,     \
      seega_action_from_text(G, "c2", NULL))                                                  \
    X(t2a_empty, "seega_action_from_text", "bad text", FX_PLACING, SEEGA_E_PARSE, F_GAME,      \
      seega_action_from_text(G, "", &O->act))                                                 \
    X(t2a_garbage, "seega_action_from_text", "bad text", FX_PLACING, SEEGA_E_PARSE, F_GAME,    \
      seega_action_from_text(G, "c2 - c3", &O->act))                                          \
    X(t2a_off_board, "seega_action_from_text", "out of range", FX_PLACING, SEEGA_E_PARSE,      \
      F_GAME, seega_action_from_text(G, "f1", &O->act))                                       \
    X(t2a_off_board_step, "seega_action_from_text", "out of range", FX_MOVING, SEEGA_E_PARSE,  \
      F_GAME, seega_action_from_text(G, "e5-e6", &O->act))                                    \
    X(s2t_null_game, "seega_square_to_text", "NULL", FX_NONE, SEEGA_E_INVALID, 0,              \
      seega_square_to_text(NULL, 0, O->buf, sizeof O->buf))                                   \
    X(s2t_null_buf, "seega_square_to_text", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,       \
      seega_square_to_text(G, 0, NULL, 4))                                                    \
    X(s2t_neg, "seega_square_to_text", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,    \
      seega_square_to_text(G, -1, O->buf, sizeof O->buf))                                     \
    X(s2t_25, "seega_square_to_text", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,     \
      seega_square_to_text(G, 25, O->buf, sizeof O->buf))                                     \
    X(s2t_small, "seega_square_to_text", "small buffer", FX_PLACING, SEEGA_E_BUFFER, F_GAME,   \
      seega_square_to_text(G, 0, O->buf, 2))                                                  \
    X(t2s_null_game, "seega_square_from_text", "NULL", FX_NONE, SEEGA_E_INVALID, 0,            \
      seega_square_from_text(NULL, "a1", &O->i32))                                            \
    X(t2s_null_text, "seega_square_from_text", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,    \
      seega_square_from_text(G, NULL, &O->i32))                                               \
    X(t2s_null_out, "seega_square_from_text", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,     \
      seega_square_from_text(G, "a1", NULL))                                                  \
    X(t2s_off_board, "seega_square_from_text", "out of range", FX_PLACING, SEEGA_E_PARSE,      \
      F_GAME, seega_square_from_text(G, "a6", &O->i32))                                       \
    X(t2s_garbage, "seega_square_from_text", "bad text", FX_PLACING, SEEGA_E_PARSE, F_GAME,    \
      seega_square_from_text(G, "c2-c3", &O->i32))                                            \
    X(get_spn_null_game, "seega_get_spn", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                 \
      seega_get_spn(NULL, O->buf, sizeof O->buf))                                             \
    X(get_spn_null_buf, "seega_get_spn", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,          \
      seega_get_spn(G, NULL, SEEGA_SPN_MAX))                                                  \
    X(get_spn_small, "seega_get_spn", "small buffer", FX_PLACING, SEEGA_E_BUFFER, F_GAME,      \
      seega_get_spn(G, O->buf, 10))                                                           \
    X(get_spn_cap0, "seega_get_spn", "small buffer", FX_MOVING, SEEGA_E_BUFFER, F_GAME,        \
      seega_get_spn(G, O->buf, 0))                                                            \
    X(set_spn_null_game, "seega_set_spn", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                 \
      seega_set_spn(NULL, "5/5/5/5/5 x 12 12 0 -"))                                           \
    X(set_spn_null, "seega_set_spn", "NULL", FX_PLACING, SEEGA_E_INVALID, F_GAME,              \
      seega_set_spn(G, NULL))                                                                 \
    X(set_spn_empty, "seega_set_spn", "bad text", FX_PLACING, SEEGA_E_PARSE, F_GAME,           \
      seega_set_spn(G, ""))                                                                   \
    X(set_spn_fields, "seega_set_spn", "bad text", FX_MOVING, SEEGA_E_PARSE, F_GAME,           \
      seega_set_spn(G, "5/5/5/5/5 x 12 12 0"))                                                \
    X(set_spn_board7, "seega_set_spn", "wrong kind", FX_MOVING, SEEGA_E_PARSE, F_GAME,         \
      seega_set_spn(G, "7/7/7/7/7/7/7 x 24 24 0 -"))                                          \
    X(set_spn_range, "seega_set_spn", "out of range", FX_OVER, SEEGA_E_PARSE, F_GAME,          \
      seega_set_spn(G, "5/5/5/5/5 x 12 12 2147483648 -"))                                     \
    X(set_spn_refused, "seega_set_spn", "bad text", FX_OVER, SEEGA_E_PARSE, F_GAME,            \
      seega_set_spn(G, "xxxxx/xxxxx/xxx1o/5/5 o 0 0 0 -"))                                    \
    /* ---- state queries ---- */                                                             \
    X(result_null, "seega_result", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                        \
      seega_result(NULL, &O->i32))                                                            \
    X(to_move_null, "seega_to_move", "NULL", FX_NONE, SEEGA_E_INVALID, 0, seega_to_move(NULL)) \
    X(phase_null, "seega_phase", "NULL", FX_NONE, SEEGA_E_INVALID, 0, seega_phase(NULL))       \
    X(turn_state_null, "seega_turn_state", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                \
      seega_turn_state(NULL, &O->i32))                                                        \
    X(board_size_null, "seega_board_size", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                \
      seega_board_size(NULL))                                                                 \
    X(pieces_null, "seega_pieces", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                        \
      seega_pieces(NULL, SEEGA_X))                                                            \
    X(pieces_side2, "seega_pieces", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,        \
      seega_pieces(G, SEEGA_EMPTY))                                                           \
    X(pieces_side_neg, "seega_pieces", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,     \
      seega_pieces(G, -1))                                                                    \
    X(in_hand_null, "seega_in_hand", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                      \
      seega_in_hand(NULL, SEEGA_O))                                                           \
    X(in_hand_side, "seega_in_hand", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,      \
      seega_in_hand(G, 2))                                                                    \
    X(in_hand_side_max, "seega_in_hand", "out of range", FX_PLACING, SEEGA_E_INVALID, F_GAME,  \
      seega_in_hand(G, INT32_MAX))                                                            \
    X(piece_at_null, "seega_piece_at", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                    \
      seega_piece_at(NULL, 0))                                                                \
    X(piece_at_neg, "seega_piece_at", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,      \
      seega_piece_at(G, -1))                                                                  \
    X(piece_at_25, "seega_piece_at", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,       \
      seega_piece_at(G, 25))                                                                  \
    X(quiet_null, "seega_quiet_count", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                    \
      seega_quiet_count(NULL))                                                                \
    X(hash_null_game, "seega_hash", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                       \
      seega_hash(NULL, &O->u64))                                                              \
    X(hash_null_out, "seega_hash", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,                 \
      seega_hash(G, NULL))                                                                    \
    X(hist_len_null, "seega_history_length", "NULL", FX_NONE, SEEGA_E_INVALID, 0,              \
      seega_history_length(NULL))                                                             \
    X(hist_act_null_game, "seega_history_action", "NULL", FX_NONE, SEEGA_E_INVALID, 0,         \
      seega_history_action(NULL, 0, &O->act))                                                 \
    X(hist_act_null_out, "seega_history_action", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,   \
      seega_history_action(G, 0, NULL))                                                       \
    X(hist_act_neg, "seega_history_action", "out of range", FX_MOVING, SEEGA_E_INVALID,        \
      F_GAME, seega_history_action(G, -1, &O->act))                                           \
    X(hist_act_len, "seega_history_action", "out of range", FX_MOVING, SEEGA_E_INVALID,        \
      F_GAME, seega_history_action(G, 2, &O->act))                                            \
    X(hist_act_max, "seega_history_action", "out of range", FX_OVER, SEEGA_E_INVALID, F_GAME,  \
      seega_history_action(G, INT32_MAX, &O->act))                                            \
    X(reps_null, "seega_repetitions", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                     \
      seega_repetitions(NULL))                                                                \
    X(last_error_null, "seega_last_error", "NULL", FX_NONE, 0, F_NOSTATUS,                     \
      str_is(seega_last_error(NULL), NULL))                                                   \
    /* ---- analysis, simulation ---- */                                                      \
    X(perft_null_game, "seega_perft", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                     \
      seega_perft(NULL, 1, &O->u64))                                                          \
    X(perft_null_out, "seega_perft", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,               \
      seega_perft(G, 1, NULL))                                                                \
    X(perft_neg, "seega_perft", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,            \
      seega_perft(G, -1, &O->u64))                                                            \
    X(perft_min, "seega_perft", "out of range", FX_OVER, SEEGA_E_INVALID, F_GAME,              \
      seega_perft(G, INT32_MIN, &O->u64))                                                     \
    X(perft_deep, "seega_perft", "out of range", FX_OVER, SEEGA_E_INVALID, F_GAME,             \
      seega_perft(G, SEEGA_PERFT_MAX_DEPTH + 1, &O->u64))                                     \
    X(perft_max, "seega_perft", "out of range", FX_OVER, SEEGA_E_INVALID, F_GAME,              \
      seega_perft(G, INT32_MAX, &O->u64))                                                     \
    X(playouts_null_game, "seega_playouts", "NULL", FX_NONE, SEEGA_E_INVALID, 0,               \
      seega_playouts(NULL, 1, 1, 10, &O->st))                                                 \
    X(playouts_null_out, "seega_playouts", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,         \
      seega_playouts(G, 1, 1, 10, NULL))                                                      \
    X(playouts_v0, "seega_playouts", "version", FX_MOVING, SEEGA_E_VERSION, F_GAME,            \
      seega_playouts(G, 1, 1, 10, &O->st_badv))                                               \
    /* ---- learning interface ---- */                                                        \
    X(nda_null, "seega_num_distinct_actions", "NULL", FX_NONE, SEEGA_E_INVALID, 0,             \
      seega_num_distinct_actions(NULL))                                                       \
    X(a2i_null, "seega_action_to_index", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                  \
      seega_action_to_index(NULL, PLACE(0)))                                                  \
    X(a2i_illformed, "seega_action_to_index", "wrong kind", FX_MOVING, SEEGA_E_INVALID,        \
      F_GAME, seega_action_to_index(G, ACT(6, 1, 2)))                                         \
    X(a2i_off_board, "seega_action_to_index", "out of range", FX_MOVING, SEEGA_E_INVALID,      \
      F_GAME, seega_action_to_index(G, PLACE(25)))                                            \
    X(a2i_far_step, "seega_action_to_index", "wrong kind", FX_MOVING, SEEGA_E_INVALID,         \
      F_GAME, seega_action_to_index(G, STEP(0, 2)))                                           \
    X(a2i_wrap_step, "seega_action_to_index", "wrong kind", FX_MOVING, SEEGA_E_INVALID,        \
      F_GAME, seega_action_to_index(G, STEP(4, 5)))                                           \
    X(a2i_same_step, "seega_action_to_index", "wrong kind", FX_MOVING, SEEGA_E_INVALID,        \
      F_GAME, seega_action_to_index(G, STEP(6, 6)))                                           \
    X(i2a_null_game, "seega_action_from_index", "NULL", FX_NONE, SEEGA_E_INVALID, 0,           \
      seega_action_from_index(NULL, 0, &O->act))                                              \
    X(i2a_null_out, "seega_action_from_index", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,     \
      seega_action_from_index(G, 0, NULL))                                                    \
    X(i2a_neg, "seega_action_from_index", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,  \
      seega_action_from_index(G, -1, &O->act))                                                \
    X(i2a_251, "seega_action_from_index", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,  \
      seega_action_from_index(G, 251, &O->act))                                               \
    X(i2a_off_board_step, "seega_action_from_index", "out of range", FX_MOVING,                \
      SEEGA_E_INVALID, F_GAME, seega_action_from_index(G, 25 + 8 * 0 + 1, &O->act))           \
    X(i2a_off_board_step_e, "seega_action_from_index", "out of range", FX_MOVING,              \
      SEEGA_E_INVALID, F_GAME, seega_action_from_index(G, 25 + 8 * 4 + 2, &O->act))           \
    X(mask_null_game, "seega_legal_mask", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                 \
      seega_legal_mask(NULL, O->bytes, sizeof O->bytes))                                      \
    X(mask_null_buf, "seega_legal_mask", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,           \
      seega_legal_mask(G, NULL, 251))                                                         \
    X(mask_small, "seega_legal_mask", "small buffer", FX_MOVING, SEEGA_E_BUFFER, F_GAME,       \
      seega_legal_mask(G, O->bytes, 250))                                                     \
    X(mask_cap0, "seega_legal_mask", "small buffer", FX_PLACING, SEEGA_E_BUFFER, F_GAME,       \
      seega_legal_mask(G, O->bytes, 0))                                                       \
    X(obs_size_null, "seega_observation_size", "NULL", FX_NONE, SEEGA_E_INVALID, 0,            \
      seega_observation_size(NULL))                                                           \
    X(obs_null_game, "seega_observation", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                 \
      seega_observation(NULL, O->bytes, sizeof O->bytes))                                     \
    X(obs_null_buf, "seega_observation", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,           \
      seega_observation(G, NULL, 1000))                                                       \
    X(obs_small, "seega_observation", "small buffer", FX_MOVING, SEEGA_E_BUFFER, F_GAME,       \
      seega_observation(G, O->bytes, SEEGA_OBS_PLANES * 25 - 1))                              \
    /* ---- search ---- */                                                                    \
    X(limits_init_null, "seega_search_limits_init", "NULL", FX_NONE, SEEGA_E_INVALID, 0,       \
      seega_search_limits_init(NULL))                                                         \
    X(search_null_game, "seega_search", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                   \
      seega_search(NULL, &I->lim, &O->res))                                                   \
    X(search_null_limits, "seega_search", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,          \
      seega_search(G, NULL, &O->res))                                                         \
    X(search_null_result, "seega_search", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,          \
      seega_search(G, &I->lim, NULL))                                                         \
    X(search_limits_v0, "seega_search", "version", FX_MOVING, SEEGA_E_VERSION, F_GAME,         \
      seega_search(G, &I->lim_v0, &O->res))                                                   \
    X(search_result_v, "seega_search", "version", FX_MOVING, SEEGA_E_VERSION, F_GAME,          \
      seega_search(G, &I->lim, &O->res_badv))                                                 \
    X(search_neg_depth, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,    \
      seega_search(G, &I->lim_neg_depth, &O->res))                                            \
    X(search_neg_time, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,     \
      seega_search(G, &I->lim_neg_time, &O->res))                                             \
    X(search_neg_remaining, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID,        \
      F_GAME, seega_search(G, &I->lim_neg_remaining, &O->res))                                \
    X(search_neg_increment, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID,        \
      F_GAME, seega_search(G, &I->lim_neg_increment, &O->res))                                \
    X(search_neg_threads, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,  \
      seega_search(G, &I->lim_neg_threads, &O->res))                                          \
    X(search_neg_tt, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,       \
      seega_search(G, &I->lim_neg_tt, &O->res))                                               \
    X(search_level4, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,       \
      seega_search(G, &I->lim_level4, &O->res))                                               \
    X(search_level_neg, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,    \
      seega_search(G, &I->lim_level_neg, &O->res))                                            \
    X(search_threads65, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,    \
      seega_search(G, &I->lim_threads65, &O->res))                                            \
    X(search_tt_huge, "seega_search", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,      \
      seega_search(G, &I->lim_tt_huge, &O->res))                                              \
    X(search_over, "seega_search", "game over", FX_OVER, SEEGA_E_GAME_OVER, F_GAME,            \
      seega_search(G, &I->lim, &O->res))                                                      \
    X(stop_null, "seega_search_stop", "NULL", FX_NONE, 0, F_NOSTATUS, stop_null())             \
    X(stop_idle, "seega_search_stop", "no search", FX_MOVING, 0, F_NOSTATUS, stop_idle(G))     \
    X(hint_null_game, "seega_hint", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                       \
      seega_hint(NULL, 10, &O->act))                                                          \
    X(hint_null_out, "seega_hint", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,                 \
      seega_hint(G, 10, NULL))                                                                \
    X(hint_neg_time, "seega_hint", "out of range", FX_MOVING, SEEGA_E_INVALID, F_GAME,         \
      seega_hint(G, -1, &O->act))                                                             \
    X(hint_over, "seega_hint", "game over", FX_OVER, SEEGA_E_GAME_OVER, F_GAME,                \
      seega_hint(G, 10, &O->act))

#ifdef SEEGA_RECORD_TAGS_VERSION
#define BAD_CASES_RECORDS(X)                                                                  \
    X(tags_init_null, "seega_record_tags_init", "NULL", FX_NONE, SEEGA_E_INVALID, 0,           \
      seega_record_tags_init(NULL))                                                           \
    X(r2t_null_rules, "seega_rules_to_text", "NULL", FX_NONE, SEEGA_E_INVALID, 0,              \
      seega_rules_to_text(NULL, O->buf, sizeof O->buf))                                       \
    X(r2t_null_buf, "seega_rules_to_text", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                \
      seega_rules_to_text(&I->rules, NULL, 64))                                               \
    X(r2t_v0, "seega_rules_to_text", "version", FX_NONE, SEEGA_E_VERSION, 0,                   \
      seega_rules_to_text(&I->rules_v0, O->buf, sizeof O->buf))                               \
    X(r2t_bad, "seega_rules_to_text", "out of range", FX_NONE, SEEGA_E_RULES, 0,               \
      seega_rules_to_text(&I->rules_bad, O->buf, sizeof O->buf))                              \
    X(r2t_small, "seega_rules_to_text", "small buffer", FX_NONE, SEEGA_E_BUFFER, 0,            \
      seega_rules_to_text(&I->rules, O->buf, 3))                                              \
    X(r2t_cap0, "seega_rules_to_text", "small buffer", FX_NONE, SEEGA_E_BUFFER, 0,             \
      seega_rules_to_text(&I->rules, O->buf, 0))                                              \
    X(t2r_null_text, "seega_rules_from_text", "NULL", FX_NONE, SEEGA_E_INVALID, 0,             \
      seega_rules_from_text(NULL, &O->rules, NULL, 0))                                        \
    X(t2r_null_out, "seega_rules_from_text", "NULL", FX_NONE, SEEGA_E_INVALID, 0,              \
      seega_rules_from_text("classic 5", NULL, NULL, 0))                                      \
    X(t2r_unknown, "seega_rules_from_text", "bad text", FX_NONE, SEEGA_E_PARSE, F_MSG,         \
      seega_rules_from_text("checkers 5", &O->rules, O->msg, sizeof O->msg))                  \
    X(t2r_value, "seega_rules_from_text", "bad text", FX_NONE, SEEGA_E_PARSE, F_MSG,           \
      seega_rules_from_text("classic blocked=sometimes", &O->rules, O->msg, sizeof O->msg))   \
    X(t2r_range, "seega_rules_from_text", "out of range", FX_NONE, SEEGA_E_RULES, F_MSG,       \
      seega_rules_from_text("classic board_size=6", &O->rules, O->msg,            \
                            sizeof O->msg))                   \
    X(t2r_range2, "seega_rules_from_text", "out of range", FX_NONE, SEEGA_E_RULES, F_MSG,      \
      seega_rules_from_text("modern lose_at=5", &O->rules, O->msg, sizeof O->msg))            \
    X(rw_null_game, "seega_record_write", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                 \
      seega_record_write(NULL, NULL, O->buf, sizeof O->buf))                                  \
    X(rw_null_buf, "seega_record_write", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,           \
      seega_record_write(G, NULL, NULL, 10))                                                  \
    X(rw_tags_v0, "seega_record_write", "version", FX_MOVING, SEEGA_E_VERSION, F_GAME,         \
      seega_record_write(G, &I->tags_v0, O->buf, sizeof O->buf))                              \
    X(rw_tags_ctrl, "seega_record_write", "bad text", FX_MOVING, SEEGA_E_INVALID, F_GAME,      \
      seega_record_write(G, &I->tags_ctrl, O->buf, sizeof O->buf))                            \
    X(rw_tags_result, "seega_record_write", "bad text", FX_MOVING, SEEGA_E_INVALID, F_GAME,    \
      seega_record_write(G, &I->tags_badresult, O->buf, sizeof O->buf))                       \
    X(rw_small, "seega_record_write", "small buffer", FX_MOVING, SEEGA_E_BUFFER, F_GAME,       \
      seega_record_write(G, &I->tags, O->buf, 20))                                            \
    X(rr_null_text, "seega_record_rules", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                 \
      seega_record_rules(NULL, &O->rules, NULL, 0))                                           \
    X(rr_null_out, "seega_record_rules", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                  \
      seega_record_rules(f->record, NULL, NULL, 0))                                           \
    X(rr_no_rules, "seega_record_rules", "bad text", FX_NONE, SEEGA_E_PARSE, F_MSG,            \
      seega_record_rules("[Event \"x\"]\n\n*\n", &O->rules, O->msg, sizeof O->msg))           \
    X(rr_garbage, "seega_record_rules", "bad text", FX_NONE, SEEGA_E_PARSE, F_MSG,             \
      seega_record_rules("[Rules", &O->rules, O->msg, sizeof O->msg))                         \
    X(rd_null_game, "seega_record_read", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                  \
      seega_record_read(NULL, f->record))                                                     \
    X(rd_null_text, "seega_record_read", "NULL", FX_MOVING, SEEGA_E_INVALID, F_GAME,           \
      seega_record_read(G, NULL))                                                             \
    X(rd_garbage, "seega_record_read", "bad text", FX_MOVING, SEEGA_E_PARSE, F_GAME,           \
      seega_record_read(G, "[Rules"))                                                         \
    X(rd_other_rules, "seega_record_read", "wrong kind", FX_PLACING, SEEGA_E_RULES, F_GAME,    \
      seega_record_read(G, f->record7))                                                       \
    X(tag_null_text, "seega_record_tag", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                  \
      seega_record_tag(NULL, "Event", O->buf, sizeof O->buf))                                 \
    X(tag_null_name, "seega_record_tag", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                  \
      seega_record_tag(f->record, NULL, O->buf, sizeof O->buf))                               \
    X(tag_null_buf, "seega_record_tag", "NULL", FX_NONE, SEEGA_E_INVALID, 0,                   \
      seega_record_tag(f->record, "Rules", NULL, 10))                                         \
    X(tag_small, "seega_record_tag", "small buffer", FX_NONE, SEEGA_E_BUFFER, 0,               \
      seega_record_tag(f->record, "Rules", O->buf, 3))                                        \
    X(tag_garbage, "seega_record_tag", "bad text", FX_NONE, SEEGA_E_PARSE, 0,                  \
      seega_record_tag("[Rules", "Rules", O->buf, sizeof O->buf))
#else
#define BAD_CASES_RECORDS(X)
#endif

/* Tablebases: the argument checks that need no tables on disk (the
 * rest, with tables, are in tests/test_tablebase.c). */
#define NO_TB_DIR "/nonexistent/seega-tb"
#define BAD_CASES_TB(X)                                                        \
    X(tbg_null, "seega_tb_generate", "NULL", FX_NONE, SEEGA_E_INVALID, F_MSG,  \
      seega_tb_generate(NULL, 2, NO_TB_DIR, NULL, O->msg, sizeof O->msg))     \
    X(tbg_max0, "seega_tb_generate", "out of range", FX_NONE, SEEGA_E_INVALID, \
      F_MSG, seega_tb_generate(&I->rules, 0, NO_TB_DIR, NULL, O->msg,         \
                               sizeof O->msg))                                \
    X(tbg_7, "seega_tb_generate", "wrong kind", FX_NONE, SEEGA_E_RULES, F_MSG, \
      seega_tb_generate(&I->rules_7, 2, NO_TB_DIR, NULL, O->msg,              \
                        sizeof O->msg))                                       \
    X(tbg_v0, "seega_tb_generate", "version", FX_NONE, SEEGA_E_VERSION, F_MSG, \
      seega_tb_generate(&I->rules_v0, 2, NO_TB_DIR, NULL, O->msg,             \
                        sizeof O->msg))                                       \
    X(tbg_nodir, "seega_tb_generate", "no such file", FX_NONE, SEEGA_E_IO,     \
      F_MSG, seega_tb_generate(&I->rules, 1, NO_TB_DIR, NULL, O->msg,         \
                               sizeof O->msg))                                \
    X(tbg_emptydir, "seega_tb_generate", "wrong kind", FX_NONE,                \
      SEEGA_E_INVALID, F_MSG,                                                 \
      seega_tb_generate(&I->rules, 1, "", NULL, O->msg, sizeof O->msg))       \
    X(tbg_opt_v0, "seega_tb_generate", "version", FX_NONE, SEEGA_E_VERSION,    \
      F_MSG, seega_tb_generate(&I->rules, 1, NO_TB_DIR, &I->tb_opt_v0,        \
                               O->msg, sizeof O->msg))                        \
    X(tbg_opt_v3, "seega_tb_generate", "version", FX_NONE, SEEGA_E_VERSION,    \
      F_MSG, seega_tb_generate(&I->rules, 1, NO_TB_DIR, &I->tb_opt_v3,        \
                               O->msg, sizeof O->msg))                        \
    X(tbgc_null, "seega_tb_generate_cluster", "NULL", FX_NONE, SEEGA_E_INVALID, \
      F_MSG, seega_tb_generate_cluster(&I->rules, 2, NULL, NULL, &I->cluster,  \
                                       O->msg, sizeof O->msg))                \
    X(tbgc_rank, "seega_tb_generate_cluster", "out of range", FX_NONE,          \
      SEEGA_E_INVALID, F_MSG,                                                 \
      seega_tb_generate_cluster(&I->rules, 2, NO_TB_DIR, NULL,                \
                                &I->cluster_rank, O->msg, sizeof O->msg))     \
    X(tbgc_v0, "seega_tb_generate_cluster", "version", FX_NONE,                 \
      SEEGA_E_VERSION, F_MSG,                                                 \
      seega_tb_generate_cluster(&I->rules, 2, NO_TB_DIR, NULL,                \
                                &I->cluster_v0, O->msg, sizeof O->msg))       \
    X(tbgc_emptydir, "seega_tb_generate_cluster", "wrong kind", FX_NONE,        \
      SEEGA_E_INVALID, F_MSG,                                                 \
      seega_tb_generate_cluster(&I->rules, 2, "", NULL, &I->cluster, O->msg,  \
                                sizeof O->msg))                               \
    X(tbgc_opt_v3, "seega_tb_generate_cluster", "version", FX_NONE,             \
      SEEGA_E_VERSION, F_MSG,                                                 \
      seega_tb_generate_cluster(&I->rules, 2, NO_TB_DIR, &I->tb_opt_v3,       \
                                &I->cluster, O->msg, sizeof O->msg))          \
    X(tbo_null, "seega_tb_open", "NULL", FX_NONE, SEEGA_E_INVALID, F_MSG,      \
      seega_tb_open(&I->rules, NO_TB_DIR, NULL, O->msg, sizeof O->msg))       \
    X(tbo_nodir, "seega_tb_open", "no such file", FX_NONE, SEEGA_E_IO, F_MSG,  \
      seega_tb_open(&I->rules, NO_TB_DIR, (seega_tablebase **)&O->game,       \
                    O->msg, sizeof O->msg))                                   \
    X(tbo_emptydir, "seega_tb_open", "wrong kind", FX_NONE, SEEGA_E_INVALID,   \
      F_MSG,                                                                  \
      seega_tb_open(&I->rules, "", (seega_tablebase **)&O->game, O->msg,      \
                    sizeof O->msg))                                           \
    X(tbo_bad, "seega_tb_open", "out of range", FX_NONE, SEEGA_E_RULES, F_MSG, \
      seega_tb_open(&I->rules_bad, NO_TB_DIR, (seega_tablebase **)&O->game,   \
                    O->msg, sizeof O->msg))                                   \
    X(tbom_null, "seega_tb_open_memory", "NULL", FX_NONE, SEEGA_E_INVALID,    \
      F_MSG,                                                                  \
      seega_tb_open_memory(&I->rules, NULL, 64, (seega_tablebase **)&O->game, \
                           O->msg, sizeof O->msg))                            \
    X(tbom_short, "seega_tb_open_memory", "wrong kind", FX_NONE,              \
      SEEGA_E_CORRUPT, F_MSG,                                                 \
      seega_tb_open_memory(&I->rules, "SGTBPACK", 8,                          \
                           (seega_tablebase **)&O->game, O->msg,              \
                           sizeof O->msg))                                    \
    X(tbom_bad, "seega_tb_open_memory", "out of range", FX_NONE,              \
      SEEGA_E_RULES, F_MSG,                                                   \
      seega_tb_open_memory(&I->rules_bad, "SGTBPACK", 8,                      \
                           (seega_tablebase **)&O->game, O->msg,              \
                           sizeof O->msg))                                    \
    X(tbpk_null, "seega_tb_pack", "NULL", FX_NONE, SEEGA_E_INVALID, F_MSG,    \
      seega_tb_pack(NULL, 2, NO_TB_DIR, O->msg, sizeof O->msg))               \
    X(tbc_null, "seega_tb_close", "NULL", FX_NONE, 0, F_NOSTATUS,              \
      tb_close_null())                                                        \
    X(tbm_null, "seega_tb_max_pieces", "NULL", FX_NONE, SEEGA_E_INVALID, 0,    \
      seega_tb_max_pieces(NULL))                                              \
    X(tbp_null_tb, "seega_tb_probe", "NULL", FX_MOVING, SEEGA_E_INVALID,       \
      F_GAME, seega_tb_probe(NULL, G, tb_entry()))                            \
    X(tbp_null_game, "seega_tb_probe", "NULL", FX_NONE, SEEGA_E_INVALID, 0,    \
      seega_tb_probe(NULL, NULL, tb_entry()))                                 \
    X(tbpa_null_tb, "seega_tb_probe_actions", "NULL", FX_MOVING,              \
      SEEGA_E_INVALID, F_GAME, seega_tb_probe_actions(NULL, G, tb_entry(), 1)) \
    X(tbpa_null_game, "seega_tb_probe_actions", "NULL", FX_NONE,              \
      SEEGA_E_INVALID, 0, seega_tb_probe_actions(NULL, NULL, tb_entry(), 1))  \
    X(tbt_null, "seega_tb_tier_info", "NULL", FX_NONE, SEEGA_E_INVALID, 0,     \
      seega_tb_tier_info(NULL, 1, 1, tb_tier()))                              \
    X(tbv_null, "seega_tb_verify", "NULL", FX_NONE, SEEGA_E_INVALID, F_MSG,    \
      seega_tb_verify(NULL, 1, 1, &O->u64, O->msg, sizeof O->msg))            \
    X(tbs_null, "seega_set_tablebase", "NULL", FX_NONE, SEEGA_E_INVALID, 0,    \
      seega_set_tablebase(NULL, NULL))

#define BAD_CASES(X) BAD_CASES_CORE(X) BAD_CASES_RECORDS(X) BAD_CASES_TB(X)

#define X_FN(id, fn, cls, fix, expect, flags, expr)                            \
    static int32_t run_##id(fx *f)                                             \
    {                                                                          \
        (void)f;                                                               \
        return (int32_t)(expr);                                                \
    }
BAD_CASES(X_FN)
#undef X_FN

typedef struct row {
    const char *id, *fn, *cls;
    int fixture;
    int32_t expect;
    int flags;
    int32_t (*run)(fx *f);
} row;

#define X_ROW(id, fn, cls, fix, expect, flags, expr)                           \
    {#id, fn, cls, fix, expect, flags, run_##id},
static const row ROWS[] = {BAD_CASES(X_ROW)};
#undef X_ROW

/* ---- running the table ---------------------------------------------------- */

#ifdef SEEGA_RECORD_TAGS_VERSION
static void write_record(const seega_game *g, char *buf, size_t cap)
{
    int32_t n = seega_record_write(g, NULL, buf, cap);
    if (n <= 0)
        print_error("record_write: %d %s\n", (int)n, seega_last_error(g));
    assert_true(n > 0);
}
#endif

/* Run one row; print what went wrong and return 1 on failure. */
static int run_row(const row *r)
{
    static fx f; /* large: keep it off the stack */
    outs ref_o;
    ins ref_in;
    tu_snap before, after;
    char old_msg[SEEGA_ERROR_MAX];
    int32_t rc;
    int bad = 0;

    memset(&f, 0, sizeof f);
    fill_outs(&f.o);
    fill_ins(&f.in);
#ifdef SEEGA_RECORD_TAGS_VERSION
    {
        seega_game *h = tu_game(SEEGA_CLASSIC, 5), *h7 = tu_game(SEEGA_CLASSIC, 7);
        tu_play(h, "c2");
        tu_play(h7, "a1");
        write_record(h, f.record, sizeof f.record);
        write_record(h7, f.record7, sizeof f.record7);
        seega_free(h);
        seega_free(h7);
    }
#endif
    memcpy(&ref_o, &f.o, sizeof ref_o);
    memcpy(&ref_in, &f.in, sizeof ref_in);
    f.g = make_game(r->fixture);
    if (f.g) {
        seega_action dummy;
        /* A known message, to see that a failing call replaces it. */
        assert_int_equal(seega_history_action(f.g, 999999, &dummy),
                         SEEGA_E_INVALID);
        snprintf(old_msg, sizeof old_msg, "%s", seega_last_error(f.g));
        assert_true(old_msg[0] != '\0');
        tu_take(f.g, &before);
    }

    rc = r->run(&f);

    if (rc != r->expect) {
        print_error("%s [%s, %s]: returned %d, expected %d%s%s\n", r->id, r->fn,
                    r->cls, (int)rc, (int)r->expect, f.g ? ": " : "",
                    f.g ? seega_last_error(f.g) : "");
        bad = 1;
    }
    if (r->flags & F_OUTNULL) {
        if (f.o.game != NULL) {
            print_error("%s [%s]: *out not set to NULL\n", r->id, r->fn);
            bad = 1;
        }
        f.o.game = SENT_PTR;
    }
    if (r->flags & F_MSG) {
        size_t len = 0;
        while (len < sizeof f.o.msg && f.o.msg[len] != '\0')
            len++;
        if (len == 0 || len == sizeof f.o.msg) {
            print_error("%s [%s]: no message written\n", r->id, r->fn);
            bad = 1;
        }
        memcpy(f.o.msg, ref_o.msg, sizeof f.o.msg);
    }
    if (memcmp(&f.o, &ref_o, sizeof f.o) != 0) {
        const unsigned char *a = (const unsigned char *)&f.o;
        const unsigned char *b = (const unsigned char *)&ref_o;
        size_t at = 0;
        while (a[at] == b[at])
            at++;
        print_error("%s [%s, %s]: wrote to an output (byte %lu of outs)\n",
                    r->id, r->fn, r->cls, (unsigned long)at);
        bad = 1;
    }
    if (memcmp(&f.in, &ref_in, sizeof f.in) != 0) {
        print_error("%s [%s]: changed an input struct\n", r->id, r->fn);
        bad = 1;
    }
    if (f.g) {
        tu_take(f.g, &after);
        if (tu_differs(&before, &after)) {
            print_error("%s [%s, %s]: changed the game: %s (history %d) -> %s "
                        "(history %d)\n",
                        r->id, r->fn, r->cls, before.spn, (int)before.hist,
                        after.spn, (int)after.hist);
            bad = 1;
        }
        if ((r->flags & F_GAME) && r->expect < 0) {
            const char *m = seega_last_error(f.g);
            if (m == NULL || m[0] == '\0' || strcmp(m, old_msg) == 0) {
                print_error("%s [%s, %s]: message not replaced (\"%s\")\n",
                            r->id, r->fn, r->cls, m ? m : "(null)");
                bad = 1;
            }
        }
        seega_free(f.g);
        f.g = NULL;
    }
    return bad;
}

static void test_table(void **state)
{
    (void)state;
    int failures = 0;
    size_t n = sizeof ROWS / sizeof ROWS[0];
    for (size_t i = 0; i < n; i++)
        failures += run_row(&ROWS[i]);
    print_message("%lu bad-input cases, %d failed\n", (unsigned long)n,
                  failures);
    assert_int_equal(failures, 0);
}

/* Functions of seega.h that take no argument that could be bad. */
static const char *const NO_BAD_ARGUMENT[] = {
    "seega_version_number", /* no arguments */
};

static int has_row(const char *fn)
{
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++)
        if (strcmp(ROWS[i].fn, fn) == 0)
            return 1;
    for (size_t i = 0; i < sizeof NO_BAD_ARGUMENT / sizeof NO_BAD_ARGUMENT[0];
         i++)
        if (strcmp(NO_BAD_ARGUMENT[i], fn) == 0)
            return 1;
    return 0;
}

/* The header, read at run time: every `SEEGA_API ... seega_name(` has a
 * row. SEEGA_HEADER is set by tests/CMakeLists.txt. */
static void test_every_function_covered(void **state)
{
    (void)state;
#ifdef SEEGA_HEADER
    FILE *h = fopen(SEEGA_HEADER, "r");
    char line[512];
    int pending = 0, missing = 0, seen = 0;
    assert_non_null(h);
    while (fgets(line, sizeof line, h)) {
        char *p;
        if (strncmp(line, "SEEGA_API", 9) == 0)
            pending = 1;
        if (!pending)
            continue;
        p = strstr(line, "seega_");
        while (p) {
            char name[128];
            size_t k = 0;
            while ((p[k] == '_' || (p[k] >= 'a' && p[k] <= 'z') ||
                    (p[k] >= '0' && p[k] <= '9')) &&
                   k < sizeof name - 1) {
                name[k] = p[k];
                k++;
            }
            name[k] = '\0';
            if (p[k] == '(') {
                seen++;
                pending = 0;
                if (!has_row(name)) {
                    print_error("no bad-input row for %s\n", name);
                    missing++;
                }
                break;
            }
            p = strstr(p + k, "seega_");
        }
    }
    fclose(h);
    print_message("%d public functions, %d without a row\n", seen, missing);
    assert_true(seen > 50);
    assert_int_equal(missing, 0);
#else
    skip();
#endif
}

/* Undo with nothing to undo: at the start, and after set_spn. */
static void test_undo_nothing(void **state)
{
    (void)state;
    seega_game *g = tu_game(SEEGA_DIAGONAL, 9);
    tu_snap a, b;
    tu_take(g, &a);
    assert_int_equal(seega_undo(g), SEEGA_E_INVALID);
    assert_true(seega_last_error(g)[0] != '\0');
    tu_take(g, &b);
    assert_false(tu_differs(&a, &b));
    tu_play(g, "a1");
    tu_load(g, "9/9/9/9/9/9/9/9/9 x 40 40 0 -");
    tu_take(g, &a);
    assert_int_equal(seega_undo(g), SEEGA_E_INVALID);
    tu_take(g, &b);
    assert_false(tu_differs(&a, &b));
    seega_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_every_function_covered),
        cmocka_unit_test(test_undo_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

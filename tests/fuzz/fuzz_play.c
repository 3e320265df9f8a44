/*
 * Fuzz target: random action sequences through the public API, with the
 * invariants checked after every step.
 *
 * Input: four bytes choose the rules (a preset or a random valid
 * combination), then a sequence of operations, each an opcode byte and its
 * argument bytes: play a listed action, play a built well-formed action,
 * play a raw 32-bit value, place / move through the wrappers, undo, reload
 * the SPN, continue on a clone, fast-forward random actions, search, perft,
 * playouts, the learning interface. The naive reference (tests/reference)
 * is kept in step throughout.
 *
 * After every operation:
 *   - a refused call changed nothing (SPN, history, hash, result, turn
 *     state, repetitions, last action, number of legal actions);
 *   - library and reference agree on the legal set, SPN, side to move,
 *     result and reason, and the squares emptied by the last action;
 *   - the SPN round-trips (loaded into a fresh game it is written back the
 *     same, with the same hash);
 *   - the history length equals the actions played since the last load;
 *   - every listed legal action is accepted by seega_play (and undone
 *     exactly), and sampled well-formed actions outside the list are
 *     refused with SEEGA_E_ILLEGAL (SEEGA_E_GAME_OVER once the game ended);
 *   - seega_legal_mask marks exactly the listed actions.
 * Undo restores the exact snapshot taken before the action.
 *
 * SPDX-License-Identifier: MIT
 */
#include "fuzz_common.h"

#define MAX_OPS 160
#define REF_CAP 400

typedef struct world {
    seega_rules rules;
    int32_t n;
    seega_game *g;
    ref_game *ref;
    seega_game *scratch; /* for SPN round trips */
    fz_snap *stack;      /* the snapshot before each action since the load */
    size_t depth, cap;
    uint64_t rng;
    /* the current legal list, refreshed by check_all */
    seega_action legal[SEEGA_MAX_ACTIONS];
    int32_t nlegal;
} world;

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void push(world *w, const fz_snap *s)
{
    if (w->depth == w->cap) {
        size_t nc = w->cap ? 2 * w->cap : 64;
        fz_snap *p = (fz_snap *)realloc(w->stack, nc * sizeof *p);
        if (!p)
            abort();
        w->stack = p;
        w->cap = nc;
    }
    w->stack[w->depth++] = *s;
}

static int listed(const world *w, seega_action a)
{
    for (int32_t i = 0; i < w->nlegal; i++)
        if (w->legal[i] == a)
            return 1;
    return 0;
}

static void text_of(const world *w, seega_action a, char *out)
{
    FZ_CHECK(seega_action_to_text(w->g, a, out, SEEGA_ACTION_TEXT_MAX) > 0,
             "no text for well-formed 0x%08x", (unsigned)a);
}

/* Library and reference agree; the SPN round-trips; the history length is
 * right; the legal list is cached in w->legal. */
static void compare(world *w)
{
    static char lt[SEEGA_MAX_ACTIONS][8], rt[REF_CAP][8];
    static char a[8 * REF_CAP], b[8 * REF_CAP];
    char ls[SEEGA_SPN_MAX], rs[SEEGA_SPN_MAX], back[SEEGA_SPN_MAX];
    int32_t lres, lreason, lcaps[16], lnc;
    int rn, rreason, rcaps[16], rnc;
    uint64_t h1, h2;

    FZ_CHECK(seega_get_spn(w->g, ls, sizeof ls) > 0, "get_spn");
    ref_get_spn(w->ref, rs, sizeof rs);
    FZ_CHECK(strcmp(ls, rs) == 0, "SPN: library %s, reference %s", ls, rs);
    w->nlegal = seega_legal_moves(w->g, w->legal, SEEGA_MAX_ACTIONS);
    rn = ref_legal(w->ref, rt, REF_CAP);
    FZ_CHECK(w->nlegal >= 0 && w->nlegal <= SEEGA_MAX_ACTIONS,
             "legal_moves -> %d", (int)w->nlegal);
    for (int32_t i = 0; i < w->nlegal; i++)
        text_of(w, w->legal[i], lt[i]);
    fz_join(lt, w->nlegal, a, sizeof a);
    fz_join(rt, rn < REF_CAP ? rn : REF_CAP, b, sizeof b);
    FZ_CHECK(w->nlegal == rn && strcmp(a, b) == 0,
             "legal actions of %s:\n  library   (%d): %s\n  reference (%d): %s",
             ls, (int)w->nlegal, a, rn, b);
    lres = seega_result(w->g, &lreason);
    FZ_CHECK(lres == ref_result(w->ref, &rreason) && lreason == rreason,
             "result of %s: library %d/%d, reference %d/%d", ls, (int)lres,
             (int)lreason, ref_result(w->ref, NULL), rreason);
    FZ_CHECK((lres == SEEGA_ONGOING) == (w->nlegal > 0),
             "%s: result %d with %d legal actions", ls, (int)lres,
             (int)w->nlegal);
    FZ_CHECK(seega_to_move(w->g) == ref_to_move(w->ref), "to move in %s", ls);
    lnc = seega_last_captures(w->g, lcaps, 16);
    rnc = ref_last_captures(w->ref, rcaps, 16);
    FZ_CHECK(lnc == rnc, "%s: last captures library %d, reference %d", ls,
             (int)lnc, rnc);
    for (int i = 0; i < rnc && i < 16; i++)
        FZ_CHECK(lcaps[i] == rcaps[i], "%s: capture %d: %d vs %d", ls, i,
                 (int)lcaps[i], rcaps[i]);
    FZ_CHECK(seega_history_length(w->g) == (int32_t)w->depth,
             "history %d, expected %d", (int)seega_history_length(w->g),
             (int)w->depth);
    /* SPN round trip through a fresh load, with the same hash. */
    FZ_CHECK(seega_set_spn(w->scratch, ls) == SEEGA_OK,
             "written SPN %s does not load: %s", ls,
             seega_last_error(w->scratch));
    FZ_CHECK(seega_get_spn(w->scratch, back, sizeof back) > 0 &&
                 strcmp(back, ls) == 0,
             "round trip %s -> %s", ls, back);
    FZ_CHECK(seega_hash(w->g, &h1) == SEEGA_OK &&
                 seega_hash(w->scratch, &h2) == SEEGA_OK && h1 == h2,
             "hash of %s: incremental %016llx, loaded %016llx", ls,
             (unsigned long long)h1, (unsigned long long)h2);
    FZ_CHECK(seega_result(w->scratch, NULL) == lres, "reloaded result");
}

/* Every listed action is accepted and undone exactly; sampled well-formed
 * actions outside the list are refused; the legal mask matches. */
static void check_legality(world *w)
{
    fz_snap before;
    uint8_t mask[811];
    int32_t ones, nn = w->n * w->n;
    fz_take(w->g, &before);
    for (int32_t i = 0; i < w->nlegal; i++) {
        fz_snap after;
        int32_t rc = seega_play(w->g, w->legal[i]);
        FZ_CHECK(rc == SEEGA_OK, "listed action 0x%08x refused (%d): %s",
                 (unsigned)w->legal[i], (int)rc, seega_last_error(w->g));
        FZ_CHECK(seega_history_length(w->g) == before.hist + 1, "history +1");
        FZ_CHECK(seega_undo(w->g) == SEEGA_OK, "undo");
        fz_take(w->g, &after);
        FZ_CHECK(fz_same(&after, &before),
                 "play + undo of 0x%08x: %s -> %s", (unsigned)w->legal[i],
                 before.spn, after.spn);
    }
    for (int k = 0; k < 24; k++) {
        uint64_t x = rng_next(&w->rng);
        int32_t kind = 1 + (int32_t)(x % 4);
        int32_t to = (int32_t)((x >> 8) % (uint64_t)nn);
        int32_t from = SEEGA_NO_SQUARE;
        seega_action a;
        int32_t rc;
        if (kind == SEEGA_ACTION_STEP) {
            from = (int32_t)((x >> 24) % (uint64_t)nn);
            if (x & (1ULL << 60)) { /* usually a neighbour */
                int df = (int)((x >> 40) % 3) - 1, dr = (int)((x >> 44) % 3) - 1;
                int f = from % w->n + df, r = from / w->n + dr;
                if (f >= 0 && f < w->n && r >= 0 && r < w->n)
                    to = r * w->n + f;
            }
        } else if (kind == SEEGA_ACTION_PASS) {
            to = SEEGA_NO_SQUARE;
        }
        a = seega_action_make(kind, from, to);
        rc = seega_play(w->g, a);
        if (listed(w, a)) {
            FZ_CHECK(rc == SEEGA_OK, "listed 0x%08x refused", (unsigned)a);
            FZ_CHECK(seega_undo(w->g) == SEEGA_OK, "undo");
        } else {
            FZ_CHECK(rc == (before.result == SEEGA_ONGOING ? SEEGA_E_ILLEGAL
                                                           : SEEGA_E_GAME_OVER),
                     "unlisted well-formed 0x%08x in %s gave %d", (unsigned)a,
                     before.spn, (int)rc);
        }
        FZ_UNCHANGED(w->g, &before, "a sampled action");
    }
    ones = seega_legal_mask(w->g, mask, sizeof mask);
    FZ_CHECK(ones == w->nlegal, "legal_mask counts %d, list %d", (int)ones,
             (int)w->nlegal);
    for (int32_t i = 0; i < w->nlegal; i++) {
        int32_t idx = seega_action_to_index(w->g, w->legal[i]);
        FZ_CHECK(idx >= 0 && idx < seega_num_distinct_actions(w->g) &&
                     mask[idx] == 1,
                 "listed 0x%08x: index %d not in the mask",
                 (unsigned)w->legal[i], (int)idx);
    }
}

/* Play a value through the library; the reference plays its text when the
 * library accepts it, and must accept and refuse alike. */
static void try_play(world *w, seega_action a, int via_wrapper, int32_t from,
                     int32_t to)
{
    fz_snap before;
    char text[SEEGA_ACTION_TEXT_MAX] = "";
    int32_t rc, wellformed;
    fz_take(w->g, &before);
    wellformed = seega_action_to_text(w->g, a, text, sizeof text) > 0;
    if (via_wrapper) {
        int32_t nn = w->n * w->n;
        wellformed = to >= 0 && to < nn &&
                     (via_wrapper == 1 || (from >= 0 && from < nn));
        if (wellformed)
            text_of(w, a, text);
    }
    if (via_wrapper == 1)
        rc = seega_place(w->g, to);
    else if (via_wrapper == 2)
        rc = seega_move(w->g, from, to);
    else
        rc = seega_play(w->g, a);
    if (!via_wrapper && !wellformed) {
        FZ_CHECK(rc == SEEGA_E_INVALID, "ill-formed 0x%08x gave %d",
                 (unsigned)a, (int)rc);
    } else if (wellformed && before.result != SEEGA_ONGOING) {
        FZ_CHECK(rc == SEEGA_E_GAME_OVER, "%s after the end gave %d", text,
                 (int)rc);
    } else if (wellformed) {
        int ok = ref_play(w->ref, text) == 0;
        FZ_CHECK(ok == (rc == SEEGA_OK) && (rc == SEEGA_OK) == listed(w, a),
                 "%s in %s: library %d, reference %s, listed %d", text,
                 before.spn, (int)rc, ok ? "plays it" : "refuses",
                 listed(w, a));
        FZ_CHECK(rc == SEEGA_OK || rc == SEEGA_E_ILLEGAL, "%s gave %d", text,
                 (int)rc);
    } else {
        FZ_CHECK(rc == SEEGA_E_INVALID, "wrapper with bad squares gave %d",
                 (int)rc);
    }
    if (rc == SEEGA_OK)
        push(w, &before);
    else
        FZ_UNCHANGED(w->g, &before, "a refused action");
}

static void do_undo(world *w)
{
    int32_t rc = seega_undo(w->g);
    int rr = ref_undo(w->ref);
    if (w->depth == 0) {
        fz_snap before;
        FZ_CHECK(rc == SEEGA_E_INVALID && rr != 0, "undo with no history");
        fz_take(w->g, &before);
        FZ_CHECK(seega_undo(w->g) == SEEGA_E_INVALID, "undo again");
        FZ_UNCHANGED(w->g, &before, "a refused undo");
        return;
    }
    FZ_CHECK(rc == SEEGA_OK && rr == 0, "undo: library %d, reference %d",
             (int)rc, rr);
    {
        fz_snap now;
        fz_take(w->g, &now);
        w->depth--;
        FZ_CHECK(fz_same(&now, &w->stack[w->depth]),
                 "undo gave %s (history %d), expected %s (history %d)", now.spn,
                 (int)now.hist, w->stack[w->depth].spn,
                 (int)w->stack[w->depth].hist);
    }
}

static void do_reload(world *w)
{
    char spn[SEEGA_SPN_MAX];
    FZ_CHECK(seega_get_spn(w->g, spn, sizeof spn) > 0, "get_spn");
    FZ_CHECK(seega_set_spn(w->g, spn) == SEEGA_OK, "reload %s", spn);
    FZ_CHECK(ref_set_spn(w->ref, spn) == 0, "reference reload %s", spn);
    w->depth = 0;
}

static void do_clone(world *w)
{
    seega_game *c = NULL;
    ref_game *rc;
    fz_snap a, b;
    FZ_CHECK(seega_clone(w->g, &c) == SEEGA_OK && c != NULL, "clone");
    rc = ref_clone(w->ref);
    FZ_CHECK(rc != NULL, "ref_clone");
    fz_take(w->g, &a);
    fz_take(c, &b);
    FZ_CHECK(fz_same(&a, &b), "clone differs: %s vs %s", a.spn, b.spn);
    for (int32_t i = 0; i < a.hist; i++) {
        seega_action x, y;
        FZ_CHECK(seega_history_action(w->g, i, &x) == SEEGA_OK &&
                     seega_history_action(c, i, &y) == SEEGA_OK && x == y,
                 "clone history %d", (int)i);
    }
    seega_free(w->g);
    ref_free(w->ref);
    w->g = c;
    w->ref = rc;
}

static void do_search(world *w, uint8_t arg)
{
    seega_search_limits l = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result res;
    fz_snap before;
    int32_t rc;
    l.depth = 1 + arg % 3;
    l.nodes = 200 + (uint64_t)(arg >> 2) * 40;
    l.level = (arg >> 6) & 3;
    l.seed = arg;
    l.tt_mb = 1;
    memset(&res, 0, sizeof res);
    res.version = SEEGA_SEARCH_RESULT_VERSION;
    fz_take(w->g, &before);
    rc = seega_search(w->g, &l, &res);
    FZ_UNCHANGED(w->g, &before, "seega_search");
    if (before.result != SEEGA_ONGOING) {
        FZ_CHECK(rc == SEEGA_E_GAME_OVER, "search after the end gave %d",
                 (int)rc);
        return;
    }
    FZ_CHECK(rc == SEEGA_OK, "search gave %d: %s", (int)rc,
             seega_last_error(w->g));
    FZ_CHECK(listed(w, res.best), "search's best 0x%08x is not legal in %s",
             (unsigned)res.best, before.spn);
    FZ_CHECK(res.pv_len >= 0 && res.pv_len <= SEEGA_PV_MAX, "pv_len %d",
             (int)res.pv_len);
    FZ_CHECK(res.proven >= SEEGA_PROVEN_NONE && res.proven <= SEEGA_PROVEN_DRAW,
             "proven %d", (int)res.proven);
    if (res.pv_len > 0) {
        seega_game *c = NULL;
#ifndef FUZZ_SKIP_PV_BEST /* for exploring past a known bug only */
        FZ_CHECK(res.pv[0] == res.best,
                 "search of %s (depth %d, nodes %llu, level %d, seed %llu): "
                 "pv[0] 0x%08x is not best 0x%08x (pv_len %d, depth %d)",
                 before.spn, (int)l.depth, (unsigned long long)l.nodes,
                 (int)l.level, (unsigned long long)l.seed,
                 (unsigned)res.pv[0], (unsigned)res.best, (int)res.pv_len,
                 (int)res.depth);
#endif
        FZ_CHECK(seega_clone(w->g, &c) == SEEGA_OK, "clone");
        for (int32_t i = 0; i < res.pv_len; i++)
            FZ_CHECK(seega_play(c, res.pv[i]) == SEEGA_OK,
                     "pv action %d (0x%08x) illegal from %s", (int)i,
                     (unsigned)res.pv[i], before.spn);
        seega_free(c);
    }
}

static void do_perft(world *w, uint8_t arg)
{
    uint64_t lc = 0, rc;
    int depth = 1 + (arg & 1);
    fz_snap before;
    if (depth == 2 && w->nlegal > 60)
        depth = 1;
    fz_take(w->g, &before);
    FZ_CHECK(seega_perft(w->g, depth, &lc) == SEEGA_OK, "perft");
    FZ_UNCHANGED(w->g, &before, "seega_perft");
    rc = ref_perft(w->ref, depth);
    FZ_CHECK(lc == rc, "perft(%d) of %s: library %llu, reference %llu", depth,
             before.spn, (unsigned long long)lc, (unsigned long long)rc);
    if (depth == 1)
        FZ_CHECK(lc == (uint64_t)w->nlegal, "perft(1) vs list");
}

static void do_playouts(world *w, uint8_t arg)
{
    seega_playout_stats st;
    fz_snap before;
    uint32_t count = 1 + arg % 8;
    memset(&st, 0xA5, sizeof st);
    st.version = SEEGA_PLAYOUT_STATS_VERSION;
    fz_take(w->g, &before);
    FZ_CHECK(seega_playouts(w->g, arg, count, 200, &st) == SEEGA_OK,
             "playouts");
    FZ_UNCHANGED(w->g, &before, "seega_playouts");
    FZ_CHECK(st.x_wins + st.o_wins + st.draws + st.unfinished == count,
             "playout counts do not add up");
    if (before.result != SEEGA_ONGOING)
        FZ_CHECK(st.actions == 0, "playouts of a finished game played");
}

static void do_observation(world *w)
{
    uint8_t obs[SEEGA_OBS_PLANES * 81];
    int32_t size = seega_observation_size(w->g);
    fz_snap before;
    fz_take(w->g, &before);
    FZ_CHECK(size == SEEGA_OBS_PLANES * w->n * w->n, "observation size");
    FZ_CHECK(seega_observation(w->g, obs, sizeof obs) == size, "observation");
    FZ_CHECK(seega_observation(w->g, obs, (size_t)size - 1) == SEEGA_E_BUFFER,
             "small observation buffer");
    FZ_UNCHANGED(w->g, &before, "seega_observation");
}

/* Fast forward: k listed actions chosen by the generator, checked lightly
 * (library and reference in step). */
static void do_forward(world *w, uint8_t k)
{
    for (int i = 0; i < k % 48; i++) {
        seega_action acts[SEEGA_MAX_ACTIONS];
        char text[SEEGA_ACTION_TEXT_MAX];
        fz_snap before;
        int32_t n = seega_legal_moves(w->g, acts, SEEGA_MAX_ACTIONS);
        seega_action a;
        if (n <= 0)
            return;
        a = acts[rng_next(&w->rng) % (uint64_t)n];
        fz_take(w->g, &before);
        text_of(w, a, text);
        FZ_CHECK(seega_play(w->g, a) == SEEGA_OK, "listed %s refused", text);
        FZ_CHECK(ref_play(w->ref, text) == 0, "reference refuses %s in %s",
                 text, before.spn);
        push(w, &before);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    world w;
    fz_reader in = {data, size};
    memset(&w, 0, sizeof w);
    w.rules = fz_rules(&in);
    w.n = w.rules.board_size;
    w.rng = 0x5EE6A;
    for (size_t i = 0; i < size; i++)
        w.rng = w.rng * 31 + data[i];
    FZ_CHECK(seega_new(&w.rules, &w.g) == SEEGA_OK, "seega_new");
    FZ_CHECK(seega_new(&w.rules, &w.scratch) == SEEGA_OK, "seega_new");
    w.ref = ref_new(&w.rules);
    FZ_CHECK(w.ref != NULL, "ref_new");
    compare(&w);
    check_legality(&w);

    for (int op = 0; op < MAX_OPS && fz_more(&in); op++) {
        uint8_t code = fz_byte(&in);
        switch (code % 16) {
        case 0:
        case 1:
        case 2:
        case 3: { /* play a listed action */
            uint8_t k = fz_byte(&in);
            if (w.nlegal > 0)
                try_play(&w, w.legal[k % (uint32_t)w.nlegal], 0, 0, 0);
            else
                try_play(&w, seega_action_make(SEEGA_ACTION_PASS, -1, -1), 0, 0,
                         0);
            break;
        }
        case 4: { /* a well-formed action built from bytes */
            uint8_t k = fz_byte(&in), f = fz_byte(&in), t = fz_byte(&in);
            int32_t nn = w.n * w.n, kind = 1 + k % 4;
            int32_t from = kind == SEEGA_ACTION_STEP ? f % nn : SEEGA_NO_SQUARE;
            int32_t to = kind == SEEGA_ACTION_PASS ? SEEGA_NO_SQUARE : t % nn;
            try_play(&w, seega_action_make(kind, from, to), 0, 0, 0);
            break;
        }
        case 5: /* any 32-bit value */
            try_play(&w, fz_u32(&in), 0, 0, 0);
            break;
        case 6: { /* the wrappers, squares maybe off the board */
            uint8_t f = fz_byte(&in), t = fz_byte(&in);
            int32_t nn = w.n * w.n;
            int32_t from = f < 240 ? f % nn : (int32_t)f - 250;
            int32_t to = t < 240 ? t % nn : (int32_t)t - 250 + nn;
            if (code & 16)
                try_play(&w, seega_action_make(SEEGA_ACTION_PLACE, -1, to), 1,
                         from, to);
            else
                try_play(&w, seega_action_make(SEEGA_ACTION_STEP, from, to), 2,
                         from, to);
            break;
        }
        case 7:
        case 8:
            do_undo(&w);
            break;
        case 9:
            do_reload(&w);
            break;
        case 10:
            do_clone(&w);
            break;
        case 11:
            do_forward(&w, fz_byte(&in));
            break;
        case 12:
            do_search(&w, fz_byte(&in));
            break;
        case 13:
            do_perft(&w, fz_byte(&in));
            break;
        case 14:
            do_playouts(&w, fz_byte(&in));
            break;
        default:
            do_observation(&w);
            break;
        }
        compare(&w);
        check_legality(&w);
    }
    /* Unwind the whole history: each undo restores its snapshot. */
    while (w.depth > 0) {
        do_undo(&w);
        if (w.depth % 16 == 0)
            compare(&w);
    }
    compare(&w);
    seega_free(w.g);
    seega_free(w.scratch);
    ref_free(w.ref);
    free(w.stack);
    return 0;
}

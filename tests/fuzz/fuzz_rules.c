/*
 * Fuzz target: rules structs from arbitrary bytes.
 *
 * The first sizeof(seega_rules) bytes are the struct (missing bytes are
 * zero); the top bit of the first byte decides whether they are taken raw
 * or folded field by field onto small values near the valid ranges (so
 * the fuzzer reaches valid and almost-valid structs quickly). Checked:
 *   - seega_rules_validate gives OK, VERSION or RULES, and seega_new,
 *     seega_new_with_allocator and the reference's ref_new accept exactly
 *     the same structs; a refused seega_new sets *out to NULL and leaks
 *     nothing (counted allocator);
 *   - the message is "" on success, else not empty, and is truncated (and
 *     terminated) to every buffer size, with the same status;
 *   - an accepted struct is read back unchanged by seega_get_rules, and
 *     gives the reference's start SPN and legal actions; the remaining
 *     input bytes then choose a short game whose legal sets, SPN and result
 *     are compared with the reference after every action.
 *
 * SPDX-License-Identifier: MIT
 */
#include "fuzz_common.h"

typedef struct counter {
    long live;
} counter;

static void *count_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    counter *c = (counter *)ud;
    void *p;
    (void)osize;
    if (nsize == 0) {
        if (ptr)
            c->live--;
        free(ptr);
        return NULL;
    }
    p = realloc(ptr, nsize);
    if (p && !ptr)
        c->live++;
    return p;
}

static void compare(seega_game *g, ref_game *ref, int step)
{
    static char lt[SEEGA_MAX_ACTIONS][8], rt[400][8];
    static char a[8 * 400], b[8 * 400];
    char ls[SEEGA_SPN_MAX], rs[SEEGA_SPN_MAX];
    seega_action la[SEEGA_MAX_ACTIONS];
    int32_t ln, lres, lreason;
    int rn, rreason;
    FZ_CHECK(seega_get_spn(g, ls, sizeof ls) > 0, "get_spn");
    ref_get_spn(ref, rs, sizeof rs);
    FZ_CHECK(strcmp(ls, rs) == 0, "step %d: SPN library %s, reference %s",
             step, ls, rs);
    ln = seega_legal_moves(g, la, SEEGA_MAX_ACTIONS);
    rn = ref_legal(ref, rt, 400);
    FZ_CHECK(ln >= 0 && ln <= SEEGA_MAX_ACTIONS, "legal_moves -> %d", (int)ln);
    for (int32_t i = 0; i < ln; i++)
        FZ_CHECK(seega_action_to_text(g, la[i], lt[i], 8) > 0, "action text");
    fz_join(lt, ln, a, sizeof a);
    fz_join(rt, rn < 400 ? rn : 400, b, sizeof b);
    FZ_CHECK(ln == rn && strcmp(a, b) == 0,
             "legal actions of %s:\n  library   (%d): %s\n  reference (%d): %s",
             ls, (int)ln, a, rn, b);
    lres = seega_result(g, &lreason);
    FZ_CHECK(lres == ref_result(ref, &rreason) && lreason == rreason,
             "result of %s: library %d/%d, reference %d/%d", ls, (int)lres,
             (int)lreason, ref_result(ref, NULL), rreason);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    seega_rules r, back;
    seega_game *g = (seega_game *)&r, *g2 = (seega_game *)&r;
    ref_game *ref;
    counter cnt = {0};
    char msg[SEEGA_ERROR_MAX], small[SEEGA_ERROR_MAX];
    int32_t rc, rc2;
    size_t take = size < sizeof r ? size : sizeof r;
    fz_reader in;

    memset(&r, 0, sizeof r);
    memcpy(&r, data, take);
    in.p = data + take;
    in.n = size - take;
    /* The top bit of the first byte, which no version number has: with the
     * low bit it would take every struct of SEEGA_RULES_VERSION 1 for a
     * folded one, and no seed would be read raw. */
    if (size > 0 && (data[0] & 0x80)) {
        /* Folded: each field a small signed value around its range. */
        int32_t *f = (int32_t *)(void *)&r.board_size;
        size_t nf = (sizeof r - offsetof(seega_rules, board_size)) / 4;
        r.version = (uint32_t)(data[0] & 0x7f) % 3; /* 0, 1 or 2 */
        for (size_t i = 0; i < nf; i++) {
            uint8_t byte = 4 * (i + 1) < take ? data[4 * (i + 1)] : 0;
            f[i] = (int32_t)(byte % 12) - 1;
        }
        if (take > 1 && (data[1] & 1))
            r.quiet_limit = (int32_t)(((uint32_t)data[1] << 23) ^
                                      ((uint32_t)data[2 % take] << 3));
    }

    rc = seega_rules_validate(&r, msg, sizeof msg);
    FZ_CHECK(rc == SEEGA_OK || rc == SEEGA_E_VERSION || rc == SEEGA_E_RULES,
             "validate -> %d", (int)rc);
    FZ_CHECK(strlen(msg) < sizeof msg, "message not terminated");
    FZ_CHECK((rc == SEEGA_OK) == (msg[0] == '\0'),
             "status %d with message \"%s\"", (int)rc, msg);
    FZ_CHECK(seega_rules_validate(&r, NULL, 0) == rc, "NULL message buffer");
    for (size_t cap = 1; cap <= strlen(msg) + 1; cap++) {
        memset(small, '#', sizeof small);
        FZ_CHECK(seega_rules_validate(&r, small, cap) == rc, "cap %zu", cap);
        FZ_CHECK(strlen(small) == cap - 1 && strncmp(small, msg, cap - 1) == 0,
                 "message truncated to %zu: \"%s\" of \"%s\"", cap, small, msg);
        FZ_CHECK(small[cap] == '#', "wrote past cap %zu", cap);
    }
    {
        memset(small, '#', sizeof small);
        FZ_CHECK(seega_rules_validate(&r, small, 0) == rc, "cap 0");
        FZ_CHECK(small[0] == '#', "wrote into a buffer of capacity 0");
    }

    rc2 = seega_new(&r, &g);
    FZ_CHECK(rc2 == rc, "validate %d but seega_new %d", (int)rc, (int)rc2);
    rc2 = seega_new_with_allocator(&r, count_alloc, &cnt, &g2);
    FZ_CHECK(rc2 == rc, "validate %d but seega_new_with_allocator %d", (int)rc,
             (int)rc2);
    ref = ref_new(&r);
    FZ_CHECK((ref != NULL) == (rc == SEEGA_OK),
             "library %d (%s), reference %s", (int)rc, msg,
             ref ? "accepts" : "refuses");
    if (rc != SEEGA_OK) {
        FZ_CHECK(g == NULL && g2 == NULL, "refused seega_new left *out set");
        FZ_CHECK(cnt.live == 0, "refused seega_new leaked %ld blocks",
                 cnt.live);
        return 0;
    }
    FZ_CHECK(g != NULL && g2 != NULL, "accepted without a game");
    memset(&back, 0x5A, sizeof back);
    back.version = SEEGA_RULES_VERSION;
    FZ_CHECK(seega_get_rules(g, &back) == SEEGA_OK &&
                 memcmp(&back, &r, sizeof r) == 0,
             "get_rules differs");

    /* A short game from the input's remaining bytes. */
    compare(g, ref, 0);
    for (int step = 1; step <= 64 && fz_more(&in); step++) {
        seega_action acts[SEEGA_MAX_ACTIONS];
        char text[SEEGA_ACTION_TEXT_MAX];
        int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS);
        seega_action a;
        if (n <= 0)
            break;
        a = acts[fz_byte(&in) % (uint32_t)n];
        FZ_CHECK(seega_action_to_text(g, a, text, sizeof text) > 0, "text");
        FZ_CHECK(seega_play(g, a) == SEEGA_OK, "listed %s refused: %s", text,
                 seega_last_error(g));
        FZ_CHECK(seega_play(g2, a) == SEEGA_OK, "listed %s refused", text);
        FZ_CHECK(ref_play(ref, text) == 0, "reference refuses %s", text);
        compare(g, ref, step);
    }
    seega_free(g);
    seega_free(g2);
    FZ_CHECK(cnt.live == 0, "seega_free left %ld blocks", cnt.live);
    ref_free(ref);
    return 0;
}

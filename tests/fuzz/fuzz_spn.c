/*
 * Fuzz target: seega_set_spn / seega_get_spn.
 *
 * The input is an SPN string (cut at the first NUL). It is loaded into
 * games of several rule sets on the board size its rank count suggests,
 * and into the naive reference. Checked:
 *   - library and reference accept and refuse exactly the same strings;
 *   - a refused string gives SEEGA_E_PARSE, a message, and changes nothing
 *     (SPN, history, hash, ...);
 *   - an accepted one clears the history and is written back canonically:
 *     the input with its white space normalised (a finished game shows
 *     state `-`), the same as the reference writes;
 *   - get -> set -> get is the identity, in the same game, a fresh game and
 *     a clone, with equal hashes;
 *   - the loaded position has the reference's legal actions and result;
 *   - a too-small buffer gives SEEGA_E_BUFFER and writes nothing.
 *
 * SPDX-License-Identifier: MIT
 */
#include "fuzz_common.h"

#include <ctype.h>

/* The input with outer white space removed and runs of spaces made one. */
static void normalise(const char *in, char *out, size_t cap)
{
    size_t k = 0, len = strlen(in);
    size_t a = 0, b = len;
    while (a < b && isspace((unsigned char)in[a]))
        a++;
    while (b > a && isspace((unsigned char)in[b - 1]))
        b--;
    for (size_t i = a; i < b && k + 1 < cap; i++) {
        if (in[i] == ' ' && k > 0 && out[k - 1] == ' ')
            continue;
        out[k++] = in[i];
    }
    out[k] = '\0';
}

/* Everything but the last field (the state). */
static size_t before_state(const char *s)
{
    const char *sp = strrchr(s, ' ');
    return sp ? (size_t)(sp - s) : strlen(s);
}

static void compare_legal(seega_game *g, ref_game *ref, const char *spn)
{
    static char lt[SEEGA_MAX_ACTIONS][8], rt[400][8];
    static char a[8 * 400], b[8 * 400];
    seega_action la[SEEGA_MAX_ACTIONS];
    int32_t ln = seega_legal_moves(g, la, SEEGA_MAX_ACTIONS);
    int rn = ref_legal(ref, rt, 400);
    FZ_CHECK(ln >= 0 && ln <= SEEGA_MAX_ACTIONS, "legal_moves -> %d", (int)ln);
    for (int32_t i = 0; i < ln; i++)
        FZ_CHECK(seega_action_to_text(g, la[i], lt[i], 8) > 0,
                 "listed action 0x%08x has no text", (unsigned)la[i]);
    fz_join(lt, ln, a, sizeof a);
    fz_join(rt, rn < 400 ? rn : 400, b, sizeof b);
    FZ_CHECK(ln == rn && strcmp(a, b) == 0,
             "legal actions of %s:\n  library   (%d): %s\n  reference (%d): %s",
             spn, (int)ln, a, rn, b);
}

static void one_rules(const seega_rules *r, const char *spn, int buffers)
{
    seega_game *g = NULL, *fresh = NULL, *clone = NULL;
    ref_game *ref;
    seega_action first;
    fz_snap before;
    char out[SEEGA_SPN_MAX], again[SEEGA_SPN_MAX], rspn[SEEGA_SPN_MAX];
    char norm[4096];
    int32_t rc, len, rres, rreason;
    int rr, rreason_ref;
    uint64_t h1, h2;

    FZ_CHECK(seega_new(r, &g) == SEEGA_OK, "seega_new");
    ref = ref_new(r);
    FZ_CHECK(ref != NULL, "ref_new");
    /* A game with some history, so that "unchanged" means something. */
    FZ_CHECK(seega_legal_moves(g, &first, 1) > 0, "no first action");
    FZ_CHECK(seega_play(g, first) == SEEGA_OK, "first action");
    fz_take(g, &before);

    rc = seega_set_spn(g, spn);
    rr = ref_set_spn(ref, spn);
    FZ_CHECK((rc == SEEGA_OK) == (rr == 0),
             "set_spn(\"%s\") on %dx%d (blocked %d, chain %d, ppt %d, quiet "
             "%d): library %d (%s), reference %s",
             spn, (int)r->board_size, (int)r->board_size, (int)r->blocked,
             (int)r->chain_captures, (int)r->placements_per_turn,
             (int)r->quiet_limit, (int)rc, seega_last_error(g),
             rr == 0 ? "accepts" : "refuses");
    if (rc != SEEGA_OK) {
        FZ_CHECK(rc == SEEGA_E_PARSE, "set_spn refused with %d, not PARSE",
                 (int)rc);
        FZ_CHECK(seega_last_error(g)[0] != '\0', "refused without a message");
        FZ_UNCHANGED(g, &before, "a refused set_spn");
        goto done;
    }
    FZ_CHECK(seega_history_length(g) == 0, "set_spn kept the history");
    FZ_CHECK(seega_undo(g) == SEEGA_E_INVALID, "undo after set_spn");
    len = seega_get_spn(g, out, sizeof out);
    FZ_CHECK(len > 0 && (size_t)len == strlen(out), "get_spn -> %d", (int)len);

    /* Canonical: the input up to white space; a finished game shows `-`. */
    normalise(spn, norm, sizeof norm);
    rres = seega_result(g, &rreason);
    if (strcmp(norm, out) != 0) {
        size_t k = before_state(out);
        FZ_CHECK(rres != SEEGA_ONGOING && strcmp(out + k, " -") == 0 &&
                     before_state(norm) == k && strncmp(norm, out, k) == 0,
                 "set_spn(\"%s\") wrote back \"%s\" (result %d)", spn, out,
                 (int)rres);
    }
    ref_get_spn(ref, rspn, sizeof rspn);
    FZ_CHECK(strcmp(out, rspn) == 0, "SPN of \"%s\": library %s, reference %s",
             spn, out, rspn);
    FZ_CHECK(ref_result(ref, &rreason_ref) == rres && rreason_ref == rreason,
             "result of %s: library %d/%d, reference %d/%d", out, (int)rres,
             (int)rreason, ref_result(ref, NULL), rreason_ref);
    FZ_CHECK(ref_to_move(ref) == seega_to_move(g), "side to move of %s", out);
    compare_legal(g, ref, out);

    /* Round trips: same game, a fresh game, a clone. */
    FZ_CHECK(seega_hash(g, &h1) == SEEGA_OK, "hash");
    FZ_CHECK(seega_set_spn(g, out) == SEEGA_OK, "reloading %s: %s", out,
             seega_last_error(g));
    FZ_CHECK(seega_get_spn(g, again, sizeof again) == len &&
                 strcmp(again, out) == 0,
             "round trip %s -> %s", out, again);
    FZ_CHECK(seega_new(r, &fresh) == SEEGA_OK, "seega_new");
    FZ_CHECK(seega_set_spn(fresh, out) == SEEGA_OK, "fresh load of %s", out);
    FZ_CHECK(seega_get_spn(fresh, again, sizeof again) == len &&
                 strcmp(again, out) == 0,
             "fresh round trip %s -> %s", out, again);
    FZ_CHECK(seega_hash(fresh, &h2) == SEEGA_OK && h1 == h2,
             "hash differs after reload of %s", out);
    FZ_CHECK(seega_clone(fresh, &clone) == SEEGA_OK, "clone");
    FZ_CHECK(seega_get_spn(clone, again, sizeof again) == len &&
                 strcmp(again, out) == 0,
             "clone of %s gives %s", out, again);

    if (buffers) {
        /* Every buffer one too small or smaller: BUFFER, nothing written. */
        for (int32_t cap = 0; cap <= len; cap++) {
            char small[SEEGA_SPN_MAX];
            memset(small, '#', sizeof small);
            FZ_CHECK(seega_get_spn(g, small, (size_t)cap) == SEEGA_E_BUFFER,
                     "get_spn with cap %d of %d", (int)cap, (int)len);
            for (size_t i = 0; i < sizeof small; i++)
                FZ_CHECK(small[i] == '#', "get_spn wrote into a small buffer");
        }
    }
done:
    seega_free(clone);
    seega_free(fresh);
    seega_free(g);
    ref_free(ref);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *spn;
    int32_t n = 5;
    int slashes = 0;
    seega_rules rules[7];

    if (size > 4096)
        return 0;
    spn = fz_string(data, size);
    for (const char *p = spn; *p; p++)
        slashes += *p == '/';
    if (slashes == 6)
        n = 7;
    else if (slashes == 8)
        n = 9;

    for (int v = 0; v < 4; v++)
        rules[v] = fz_preset(SEEGA_CLASSIC + v, n);
    rules[4] = rules[0]; /* one placement per turn, X moves first */
    rules[4].placements_per_turn = 1;
    rules[4].first_mover = SEEGA_X;
    rules[5] = rules[0]; /* a quiet limit with OPPONENT_OPENS (`!` at limit) */
    rules[5].quiet_limit = 50;
    rules[6] = rules[3]; /* REMOVES without opening squares, lose_at 0 */
    rules[6].opening_squares = 0;
    rules[6].lose_at = 0;
    rules[6].move_dirs = rules[6].capture_dirs = SEEGA_DIRS_ALL;
    for (int i = 0; i < 7; i++)
        one_rules(&rules[i], spn, i == 0);

    /* A wrong board size is refused by library and reference alike. */
    {
        seega_rules other = fz_preset(SEEGA_CLASSIC, n == 5 ? 7 : 5);
        one_rules(&other, spn, 0);
    }
    free(spn);
    return 0;
}

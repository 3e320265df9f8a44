/*
 * Fuzz target: action and square text, and raw action values.
 *
 * The input is read as text (cut at the first NUL) on 5x5, 7x7 and 9x9
 * games, and its first four bytes as a raw seega_action. Checked:
 *   - seega_action_from_text gives SEEGA_OK or SEEGA_E_PARSE, and a refused
 *     text leaves the output untouched and the game unchanged;
 *   - an accepted text is written back by seega_action_to_text as the
 *     input lower-cased with its outer white space removed, and that text
 *     reads back as the same value;
 *   - a placement's text is also a square name (seega_square_from_text)
 *     and the other way round, with the same square;
 *   - a raw value has a text exactly when seega_play finds it well-formed
 *     (a finished game answers SEEGA_E_GAME_OVER, never SEEGA_E_INVALID);
 *     its text reads back as the same value; its index (learning
 *     interface) exists exactly for non-steps and one-square steps, and
 *     maps back to it;
 *   - a buffer one byte too small gives SEEGA_E_BUFFER and writes nothing.
 *
 * SPDX-License-Identifier: MIT
 */
#include "fuzz_common.h"

#include <ctype.h>

#define SENTINEL 0xDEADBEEFu

static void lower_trim(const char *in, char *out, size_t cap)
{
    size_t a = 0, b = strlen(in), k = 0;
    while (a < b && isspace((unsigned char)in[a]))
        a++;
    while (b > a && isspace((unsigned char)in[b - 1]))
        b--;
    for (size_t i = a; i < b && k + 1 < cap; i++)
        out[k++] = (char)tolower((unsigned char)in[i]);
    out[k] = '\0';
}

static void check_buffers(const seega_game *g, seega_action a, int32_t len)
{
    char small[SEEGA_ACTION_TEXT_MAX + 4];
    for (int32_t cap = 0; cap <= len; cap++) {
        memset(small, '#', sizeof small);
        FZ_CHECK(seega_action_to_text(g, a, small, (size_t)cap) ==
                     SEEGA_E_BUFFER,
                 "action_to_text(0x%08x) with cap %d of %d", (unsigned)a,
                 (int)cap, (int)len);
        for (size_t i = 0; i < sizeof small; i++)
            FZ_CHECK(small[i] == '#', "action_to_text wrote into a small buffer");
    }
}

static void text_on(seega_game *g, int32_t n, const char *text)
{
    char want[4096], out[SEEGA_ACTION_TEXT_MAX], name[SEEGA_SQUARE_TEXT_MAX];
    seega_action a = SENTINEL, back = SENTINEL;
    int32_t sq = -77, len, rc, src;
    fz_snap before;

    fz_take(g, &before);
    rc = seega_action_from_text(g, text, &a);
    src = seega_square_from_text(g, text, &sq);
    FZ_UNCHANGED(g, &before, "reading text");
    FZ_CHECK(rc == SEEGA_OK || rc == SEEGA_E_PARSE,
             "action_from_text(\"%s\") -> %d", text, (int)rc);
    FZ_CHECK(src == SEEGA_OK || src == SEEGA_E_PARSE,
             "square_from_text(\"%s\") -> %d", text, (int)src);
    if (src != SEEGA_OK) {
        FZ_CHECK(sq == -77, "refused square text wrote %d", (int)sq);
    } else {
        FZ_CHECK(sq >= 0 && sq < n * n, "square %d on %dx%d", (int)sq, (int)n,
                 (int)n);
        len = seega_square_to_text(g, sq, name, sizeof name);
        lower_trim(text, want, sizeof want);
        FZ_CHECK(len > 0 && strcmp(name, want) == 0,
                 "square \"%s\" written back as \"%s\"", text, name);
    }
    if (rc != SEEGA_OK) {
        FZ_CHECK(a == SENTINEL, "refused action text wrote 0x%08x",
                 (unsigned)a);
        FZ_CHECK(seega_last_error(g)[0] != '\0', "refused without a message");
        FZ_CHECK(src != SEEGA_OK, "\"%s\" is a square but not a placement",
                 text);
        return;
    }
    FZ_CHECK(seega_action_kind(a) >= SEEGA_ACTION_PLACE &&
                 seega_action_kind(a) <= SEEGA_ACTION_PASS,
             "\"%s\" -> 0x%08x: unknown kind", text, (unsigned)a);
    len = seega_action_to_text(g, a, out, sizeof out);
    lower_trim(text, want, sizeof want);
    FZ_CHECK(len > 0 && (size_t)len == strlen(out) && strcmp(out, want) == 0,
             "action \"%s\" (0x%08x) written back as \"%s\" (%d)", text,
             (unsigned)a, out, (int)len);
    FZ_CHECK(seega_action_from_text(g, out, &back) == SEEGA_OK && back == a,
             "\"%s\" reads back as 0x%08x, not 0x%08x", out, (unsigned)back,
             (unsigned)a);
    FZ_CHECK((seega_action_kind(a) == SEEGA_ACTION_PLACE) == (src == SEEGA_OK),
             "\"%s\": placement %d, square %d", text,
             seega_action_kind(a) == SEEGA_ACTION_PLACE, (int)(src == 0));
    if (src == SEEGA_OK)
        FZ_CHECK(seega_action_to(a) == sq, "placement square %d vs %d",
                 (int)seega_action_to(a), (int)sq);
    check_buffers(g, a, len);
}

static void raw_on(seega_game *over, int32_t n, seega_action v)
{
    char out[SEEGA_ACTION_TEXT_MAX];
    seega_action back = SENTINEL;
    int32_t len, play, idx, kind = seega_action_kind(v);
    fz_snap before;

    fz_take(over, &before);
    len = seega_action_to_text(over, v, out, sizeof out);
    play = seega_play(over, v);
    idx = seega_action_to_index(over, v);
    FZ_UNCHANGED(over, &before, "a refused action");
    FZ_CHECK(len == SEEGA_E_INVALID || len > 0, "action_to_text -> %d",
             (int)len);
    FZ_CHECK(play == SEEGA_E_INVALID || play == SEEGA_E_GAME_OVER,
             "play on a finished game -> %d", (int)play);
    FZ_CHECK((len > 0) == (play == SEEGA_E_GAME_OVER),
             "0x%08x on %dx%d: text %d but play %d", (unsigned)v, (int)n,
             (int)n, (int)len, (int)play);
    if (len < 0) {
        FZ_CHECK(idx == SEEGA_E_INVALID, "ill-formed 0x%08x has index %d",
                 (unsigned)v, (int)idx);
        return;
    }
    FZ_CHECK(kind >= SEEGA_ACTION_PLACE && kind <= SEEGA_ACTION_PASS,
             "well-formed 0x%08x has kind %d", (unsigned)v, (int)kind);
    FZ_CHECK(seega_action_from_text(over, out, &back) == SEEGA_OK && back == v,
             "0x%08x -> \"%s\" -> 0x%08x", (unsigned)v, out, (unsigned)back);
    check_buffers(over, v, len);
    {
        int neighbour = 1;
        if (kind == SEEGA_ACTION_STEP) {
            int32_t f = seega_action_from(v), t = seega_action_to(v);
            int df = abs((int)(f % n) - (int)(t % n));
            int dr = abs((int)(f / n) - (int)(t / n));
            neighbour = (df | dr) != 0 && df <= 1 && dr <= 1;
        }
        if (!neighbour) {
            FZ_CHECK(idx == SEEGA_E_INVALID, "step %s has index %d", out,
                     (int)idx);
        } else {
            seega_action from_idx = SENTINEL;
            FZ_CHECK(idx >= 0 && idx < seega_num_distinct_actions(over),
                     "%s has index %d", out, (int)idx);
            FZ_CHECK(seega_action_from_index(over, idx, &from_idx) ==
                             SEEGA_OK &&
                         from_idx == v,
                     "index %d of %s maps back to 0x%08x", (int)idx, out,
                     (unsigned)from_idx);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *over_spn[3] = {
        "x4/5/5/5/5 o 0 0 3 -", "x6/7/7/7/7/7/7 o 0 0 3 -",
        "x8/9/9/9/9/9/9/9/9 o 0 0 3 -"};
    char *text;
    if (size > 4096)
        return 0;
    text = fz_string(data, size);
    for (int i = 0; i < 3; i++) {
        int32_t n = 5 + 2 * i;
        seega_rules r = fz_preset(SEEGA_CLASSIC, n);
        seega_game *g = NULL, *over = NULL;
        FZ_CHECK(seega_new(&r, &g) == SEEGA_OK, "seega_new");
        FZ_CHECK(seega_new(&r, &over) == SEEGA_OK, "seega_new");
        FZ_CHECK(seega_set_spn(over, over_spn[i]) == SEEGA_OK, "finished SPN");
        text_on(g, n, text);
        if (size >= 4) {
            fz_reader in = {data, size};
            raw_on(over, n, fz_u32(&in));
            /* The same with the kind byte folded onto the known kinds and
             * the squares onto the board, to reach the well-formed ones. */
            {
                seega_action v = fz_u32(&in);
                uint32_t kind = 1 + ((v >> 16) & 0xFF) % 4;
                uint32_t from = (v >> 8) & 0xFF, to = v & 0xFF;
                if (from != 0xFF)
                    from %= (uint32_t)(n * n);
                if (to != 0xFF)
                    to %= (uint32_t)(n * n);
                raw_on(over, n, (kind << 16) | (from << 8) | to);
            }
        }
        seega_free(over);
        seega_free(g);
    }
    free(text);
    return 0;
}

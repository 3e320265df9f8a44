/*
 * Action text and SPN (docs/notation.md), parsed and
 * written strictly, with messages that name the bad field.
 */
#include "text/notation.h"
#include "core/util.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

/* ---- actions ----------------------------------------------------------- */

int sg_action_wellformed(int n, seega_action a)
{
    int sq = n * n, kind = SG_ACT_KIND(a), from = SG_ACT_FROM(a),
        to = SG_ACT_TO(a);
    if (a >> 24)
        return 0;
    switch (kind) {
    case SEEGA_ACTION_PLACE:
    case SEEGA_ACTION_REMOVE:
        return from == (int)SG_NOSQ && to < sq;
    case SEEGA_ACTION_STEP:
        return from < sq && to < sq;
    case SEEGA_ACTION_PASS:
        return from == (int)SG_NOSQ && to == (int)SG_NOSQ;
    default:
        return 0;
    }
}

int sg_action_format(int n, seega_action a, char out[SEEGA_ACTION_TEXT_MAX])
{
    int len = 0;
    switch (SG_ACT_KIND(a)) {
    case SEEGA_ACTION_PASS:
        memcpy(out, "pass", 5);
        return 4;
    case SEEGA_ACTION_REMOVE:
        out[len++] = 'x';
        break;
    case SEEGA_ACTION_STEP:
        len += sg_square_name(n, SG_ACT_FROM(a), out);
        out[len++] = '-';
        break;
    default:
        break;
    }
    return len + sg_square_name(n, SG_ACT_TO(a), out + len);
}

static int is_space(char c) { return isspace((unsigned char)c) != 0; }

/* One square token of action text: 0, or -1 (not a square), or -2 with
 * the off-board message written. */
static int action_square(int n, const char *s, int *sq, char *err, size_t cap)
{
    int rc = sg_square_parse(n, s, 1, sq);
    if (rc == -2)
        sg_format(err, cap, "square '%.2s' is off a %dx%d board", s, n, n);
    return rc;
}

int32_t sg_action_parse(int n, const char *text, seega_action *out, char *err,
                        size_t cap)
{
    char t[8];
    size_t len;
    int from, to, rc = -1;
    while (is_space(*text))
        text++;
    len = strlen(text);
    while (len && is_space(text[len - 1]))
        len--;
    if (len == 0 || len >= sizeof t)
        goto bad;
    for (size_t i = 0; i < len; i++)
        t[i] = (char)tolower((unsigned char)text[i]);
    t[len] = '\0';
    if (strcmp(t, "pass") == 0) {
        *out = SG_ACT(SEEGA_ACTION_PASS, SG_NOSQ, SG_NOSQ);
        return SEEGA_OK;
    }
    if (len == 3 && t[0] == 'x') {
        if ((rc = action_square(n, t + 1, &to, err, cap)) != 0)
            goto bad;
        *out = SG_ACT(SEEGA_ACTION_REMOVE, SG_NOSQ, to);
        return SEEGA_OK;
    }
    if (len == 2) {
        if ((rc = action_square(n, t, &to, err, cap)) != 0)
            goto bad;
        *out = SG_ACT(SEEGA_ACTION_PLACE, SG_NOSQ, to);
        return SEEGA_OK;
    }
    if (len == 5 && t[2] == '-') {
        if ((rc = action_square(n, t, &from, err, cap)) != 0 ||
            (rc = action_square(n, t + 3, &to, err, cap)) != 0)
            goto bad;
        *out = SG_ACT(SEEGA_ACTION_STEP, from, to);
        return SEEGA_OK;
    }
bad:
    if (rc != -2)
        sg_format(err, cap,
                  "'%.*s%s' is not an action (expected a square like 'c2', a "
                  "step like 'c2-c3', a removal like 'xb3', or 'pass')",
                  (int)(len > 20 ? 20 : len), text, len > 20 ? "..." : "");
    return SEEGA_E_PARSE;
}

/* ---- SPN: reading ------------------------------------------------------ */

#define MAX_FIELDS 7

static const char *const FIELD[6] = {"board", "to-move", "x-in-hand",
                                     "o-in-hand", "quiet", "state"};

/* A plain decimal number: digits only, no leading zero, <= INT32_MAX. */
static int32_t number(const char *s, size_t len, const char *name,
                      int32_t *out, char *err, size_t cap)
{
    int64_t v = 0;
    if (len == 0 || (len > 1 && s[0] == '0'))
        goto bad;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            goto bad;
        v = v * 10 + (s[i] - '0');
        if (v > INT32_MAX) {
            sg_format(err, cap, "%s: %.*s is too large (at most %ld)", name,
                      (int)(len > 20 ? 20 : len), s, (long)INT32_MAX);
            return SEEGA_E_PARSE;
        }
    }
    *out = (int32_t)v;
    return SEEGA_OK;
bad:
    sg_format(err, cap,
              "%s: '%.*s' is not a plain decimal number (digits, no sign, no "
              "leading zero)",
              name, (int)(len > 20 ? 20 : len), s);
    return SEEGA_E_PARSE;
}

static int32_t parse_board(int n, const char *s, size_t len, sg_gpos *g,
                           char *err, size_t cap)
{
    int rank = n - 1, file = 0, ranks = 1;
    char prev = 0;
    for (size_t i = 0; i <= len; i++) {
        char c = i < len ? s[i] : '/';
        if (c == '/') {
            if (file != n) {
                sg_format(err, cap, "board: rank %d has %d squares, expected %d",
                          rank + 1, file, n);
                return SEEGA_E_PARSE;
            }
            if (i == len)
                break;
            if (++ranks > n) {
                sg_format(err, cap, "board: more than %d ranks", n);
                return SEEGA_E_PARSE;
            }
            rank--;
            file = 0;
            prev = 0;
            continue;
        }
        if (c == 'x' || c == 'o') {
            if (file >= n) {
                sg_format(err, cap, "board: rank %d has more than %d squares",
                          rank + 1, n);
                return SEEGA_E_PARSE;
            }
            g->cell[rank * n + file++] = (int8_t)(c == 'x' ? SEEGA_X : SEEGA_O);
        } else if (c >= '1' && c <= '9') {
            if (prev >= '1' && prev <= '9') {
                sg_format(err, cap,
                          "board: rank %d has the digits '%c%c' in a row (a run "
                          "of empty squares is written as one digit)",
                          rank + 1, prev, c);
                return SEEGA_E_PARSE;
            }
            if (file + (c - '0') > n) {
                sg_format(err, cap, "board: rank %d has more than %d squares",
                          rank + 1, n);
                return SEEGA_E_PARSE;
            }
            for (int k = 0; k < c - '0'; k++)
                g->cell[rank * n + file++] = SEEGA_EMPTY;
        } else {
            if (isprint((unsigned char)c))
                sg_format(err, cap,
                          "board: bad character '%c' in rank %d (only x, o, "
                          "digits 1-9 and '/')",
                          c, rank + 1);
            else
                sg_format(err, cap,
                          "board: bad character (byte %d) in rank %d (only x, "
                          "o, digits 1-9 and '/')",
                          (unsigned char)c, rank + 1);
            return SEEGA_E_PARSE;
        }
        prev = c;
    }
    if (ranks != n) {
        sg_format(err, cap, "board: %d ranks, expected %d separated by '/'",
                  ranks, n);
        return SEEGA_E_PARSE;
    }
    return SEEGA_OK;
}

static int32_t parse_state(int n, const char *s, size_t len, sg_gpos *g,
                           char *err, size_t cap)
{
    g->chain = -1;
    if (len == 1 && strchr("-+!*", s[0])) {
        g->state = s[0] == '-'   ? SG_ST_NORMAL
                   : s[0] == '+' ? SG_ST_PLACED1
                   : s[0] == '!' ? SG_ST_EXTRA
                                 : SG_ST_REMOVED;
        return SEEGA_OK;
    }
    if (len == 2) {
        int sq, rc = sg_square_parse(n, s, 0, &sq);
        if (rc == 0) {
            g->state = SG_ST_CHAIN;
            g->chain = sq;
            return SEEGA_OK;
        }
        if (rc == -2) {
            sg_format(err, cap, "state: square '%.2s' is off a %dx%d board", s,
                      n, n);
            return SEEGA_E_PARSE;
        }
    }
    sg_format(err, cap,
              "state: '%.*s' is not -, +, !, * or a square in lower case",
              (int)(len > 20 ? 20 : len), s);
    return SEEGA_E_PARSE;
}

/* Split at runs of spaces; leading and trailing white space ignored. */
static int split(const char *spn, const char *start[MAX_FIELDS],
                 size_t len[MAX_FIELDS])
{
    const char *p = spn, *end = spn + strlen(spn);
    int k = 0;
    while (p < end && is_space(*p))
        p++;
    while (end > p && is_space(end[-1]))
        end--;
    while (p < end) {
        const char *q = p;
        while (q < end && *q != ' ')
            q++;
        if (k < MAX_FIELDS) {
            start[k] = p;
            len[k] = (size_t)(q - p);
        }
        k++;
        while (q < end && *q == ' ')
            q++;
        p = q;
    }
    return k;
}

int32_t sg_spn_parse(const sg_board *board, const sg_crules *r, const char *spn,
                     sg_posbuf *out, char *err, size_t cap)
{
    const char *f[MAX_FIELDS];
    size_t len[MAX_FIELDS];
    int n = r->n;
    int32_t rc, hand[2];
    sg_gpos g;

    int k = split(spn, f, len);
    if (k != 6) {
        sg_format(err, cap,
                  "SPN has %d field%s; expected 6 separated by spaces: board, "
                  "to-move, x-in-hand, o-in-hand, quiet, state",
                  k, k == 1 ? "" : "s");
        return SEEGA_E_PARSE;
    }
    memset(&g, 0, sizeof g);
    g.n = n;
    if ((rc = parse_board(n, f[0], len[0], &g, err, cap)) != SEEGA_OK)
        return rc;
    if (len[1] != 1 || (f[1][0] != 'x' && f[1][0] != 'o')) {
        sg_format(err, cap, "to-move: expected 'x' or 'o', got '%.*s'",
                  (int)(len[1] > 20 ? 20 : len[1]), f[1]);
        return SEEGA_E_PARSE;
    }
    g.side = f[1][0] == 'x' ? SEEGA_X : SEEGA_O;
    for (int s = 0; s < 2; s++)
        if ((rc = number(f[2 + s], len[2 + s], FIELD[2 + s], &hand[s], err,
                         cap)) != SEEGA_OK)
            return rc;
    if ((rc = number(f[4], len[4], "quiet", &g.quiet, err, cap)) != SEEGA_OK)
        return rc;
    if ((rc = parse_state(n, f[5], len[5], &g, err, cap)) != SEEGA_OK)
        return rc;

    /* Well-formed: the rules decide the rest (core/position_check.c). */
    return sg_position_check(board, r, &g, hand, out, err, cap);
}

/* ---- SPN: writing ------------------------------------------------------ */

int sg_spn_format(const sg_board *board, const sg_posbuf *pos,
                  char out[SEEGA_SPN_MAX])
{
    sg_gpos g;
    int n = board->n, k = 0;
    board->store(pos, &g);
    for (int rank = n - 1; rank >= 0; rank--) {
        int run = 0;
        for (int file = 0; file < n; file++) {
            int c = g.cell[rank * n + file];
            if (c == SEEGA_EMPTY) {
                run++;
                continue;
            }
            if (run)
                out[k++] = (char)('0' + run);
            run = 0;
            out[k++] = c == SEEGA_X ? 'x' : 'o';
        }
        if (run)
            out[k++] = (char)('0' + run);
        if (rank)
            out[k++] = '/';
    }
    out[k++] = ' ';
    out[k++] = g.side == SEEGA_X ? 'x' : 'o';
    sg_format(out + k, (size_t)(SEEGA_SPN_MAX - k), " %d %d %ld ", g.hand[0],
              g.hand[1], (long)g.quiet);
    k += (int)strlen(out + k);
    switch (g.state) {
    case SG_ST_CHAIN: k += sg_square_name(n, g.chain, out + k); break;
    case SG_ST_PLACED1: out[k++] = '+'; break;
    case SG_ST_EXTRA: out[k++] = '!'; break;
    case SG_ST_REMOVED: out[k++] = '*'; break;
    default: out[k++] = '-'; break;
    }
    out[k] = '\0';
    return k;
}

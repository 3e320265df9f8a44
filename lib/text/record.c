/*
 * Game records (docs/records.md): a whole game as text, and the short text
 * form of rules. Written on the public API: a record is replayed on a
 * second game. The game's internals are touched in one place only, to
 * commit a fully replayed record at once by swapping position and history,
 * so that a refused record leaves the game exactly as it was.
 */
#include "api/game.h"
#include "core/util.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* A record holds at most this many tags (bounds the duplicate check). */
#define MAX_TAGS 256
/* The longest token of the moves worth reading (actions have 7 chars). */
#define TOKEN_MAX 32

/* ---- small text helpers (no locale: plain ASCII) ------------------------- */

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
           c == '\f';
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) ||
           c == '_';
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Does s[0..len) equal word, ignoring case? */
static int word_is(const char *s, size_t len, const char *word)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (word[i] == '\0' || lower(s[i]) != word[i])
            return 0;
    return word[len] == '\0';
}

/* Read a decimal int32 from s[0..len); 0 on success. */
static int parse_int(const char *s, size_t len, int32_t *out)
{
    size_t i = 0;
    int neg = 0;
    int64_t v = 0;
    if (len && (s[0] == '-' || s[0] == '+'))
        neg = s[i++] == '-';
    if (i == len)
        return -1;
    for (; i < len; i++) {
        if (!is_digit(s[i]))
            return -1;
        v = v * 10 + (s[i] - '0');
        if (v > (int64_t)INT32_MAX + 1)
            return -1;
    }
    v = neg ? -v : v;
    if (v > INT32_MAX || v < INT32_MIN)
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* ---- rules text ---------------------------------------------------------- */

enum { K_INT, K_SIDE, K_DIRS, K_BLOCKED };

static const struct {
    const char *name;
    size_t offset;
    int kind;
} FIELDS[] = {
    {"board_size", offsetof(seega_rules, board_size), K_INT},
    {"placements_per_turn", offsetof(seega_rules, placements_per_turn), K_INT},
    {"opening_squares", offsetof(seega_rules, opening_squares), K_INT},
    {"first_mover", offsetof(seega_rules, first_mover), K_SIDE},
    {"move_dirs", offsetof(seega_rules, move_dirs), K_DIRS},
    {"capture_dirs", offsetof(seega_rules, capture_dirs), K_DIRS},
    {"centre_immune", offsetof(seega_rules, centre_immune), K_INT},
    {"chain_captures", offsetof(seega_rules, chain_captures), K_INT},
    {"blocked", offsetof(seega_rules, blocked), K_BLOCKED},
    {"lose_at", offsetof(seega_rules, lose_at), K_INT},
    {"quiet_limit", offsetof(seega_rules, quiet_limit), K_INT},
};
#define NFIELDS (sizeof FIELDS / sizeof FIELDS[0])

static const char *const PRESETS[] = {"classic", "diagonal", "modern",
                                      "traditional"};
static const char *const BLOCKED_WORDS[] = {"loses", "passes", "opponent_opens",
                                            "removes"};

static int32_t *field_of(seega_rules *r, size_t i)
{
    return (int32_t *)(void *)((char *)r + FIELDS[i].offset);
}

static int32_t field_value(const seega_rules *r, size_t i)
{
    int32_t v;
    memcpy(&v, (const char *)r + FIELDS[i].offset, sizeof v);
    return v;
}

/* Write "name=value" of field i into out (at least 48 bytes). */
static int format_field(const seega_rules *r, size_t i, char *out, size_t cap)
{
    int32_t v = field_value(r, i);
    switch (FIELDS[i].kind) {
    case K_SIDE:
        return snprintf(out, cap, "%s=%s", FIELDS[i].name,
                        v == SEEGA_X ? "x" : "o");
    case K_DIRS:
        return snprintf(out, cap, "%s=%s", FIELDS[i].name,
                        v == SEEGA_DIRS_ALL ? "all" : "orthogonal");
    case K_BLOCKED:
        return snprintf(out, cap, "%s=%s", FIELDS[i].name,
                        BLOCKED_WORDS[v - SEEGA_BLOCKED_LOSES]);
    default: return snprintf(out, cap, "%s=%ld", FIELDS[i].name, (long)v);
    }
}

/* Rules text into out (SEEGA_RULES_TEXT_MAX bytes); r already valid. */
static int rules_text(const seega_rules *r, char *out)
{
    int best = SEEGA_CLASSIC, best_diff = (int)NFIELDS + 1, len;
    seega_rules p;
    for (int v = SEEGA_CLASSIC; v <= SEEGA_TRADITIONAL; v++) {
        int diff = 0;
        seega_rules_preset(&p, v, r->board_size);
        for (size_t i = 1; i < NFIELDS; i++)
            diff += field_value(&p, i) != field_value(r, i);
        if (diff < best_diff) {
            best = v;
            best_diff = diff;
        }
    }
    seega_rules_preset(&p, best, r->board_size);
    len = snprintf(out, SEEGA_RULES_TEXT_MAX, "%s %ld", PRESETS[best - 1],
                   (long)r->board_size);
    for (size_t i = 1; i < NFIELDS; i++) {
        if (field_value(&p, i) == field_value(r, i))
            continue;
        out[len++] = ' ';
        len +=
            format_field(r, i, out + len, (size_t)(SEEGA_RULES_TEXT_MAX - len));
    }
    return len;
}

SEEGA_API int32_t seega_rules_to_text(const seega_rules *rules, char *buf,
                                      size_t cap)
{
    char text[SEEGA_RULES_TEXT_MAX];
    int32_t rc;
    int len;
    if (!rules || !buf)
        return SEEGA_E_INVALID;
    if ((rc = sg_rules_check(rules, NULL, 0)) != SEEGA_OK)
        return rc;
    len = rules_text(rules, text);
    if ((size_t)len >= cap)
        return SEEGA_E_BUFFER;
    memcpy(buf, text, (size_t)len + 1);
    return len;
}

/* Read one "field=value" word s[0..len) into *r; sets *which. */
static int32_t parse_setting(const char *s, size_t len, seega_rules *r,
                             size_t *which, char *msg, size_t cap)
{
    const char *eq = memchr(s, '=', len);
    size_t nlen, vlen, i;
    const char *v;
    int32_t x;
    if (!eq) {
        sg_format(msg, cap,
                  "'%.*s' is neither a preset (classic, diagonal, modern, "
                  "traditional) nor a field=value setting",
                  (int)(len > 40 ? 40 : len), s);
        return SEEGA_E_PARSE;
    }
    nlen = (size_t)(eq - s);
    v = eq + 1;
    vlen = len - nlen - 1;
    for (i = 0; i < NFIELDS && !word_is(s, nlen, FIELDS[i].name); i++)
        ;
    if (i == NFIELDS) {
        sg_format(msg, cap,
                  "'%.*s' is not a rules field (board_size, "
                  "placements_per_turn, opening_squares, first_mover, "
                  "move_dirs, capture_dirs, centre_immune, chain_captures, "
                  "blocked, lose_at, quiet_limit)",
                  (int)(nlen > 40 ? 40 : nlen), s);
        return SEEGA_E_PARSE;
    }
    *which = i;
    switch (FIELDS[i].kind) {
    case K_SIDE:
        if (word_is(v, vlen, "x"))
            x = SEEGA_X;
        else if (word_is(v, vlen, "o"))
            x = SEEGA_O;
        else
            goto bad;
        break;
    case K_DIRS:
        if (word_is(v, vlen, "orthogonal") || word_is(v, vlen, "4"))
            x = SEEGA_DIRS_ORTHOGONAL;
        else if (word_is(v, vlen, "all") || word_is(v, vlen, "8"))
            x = SEEGA_DIRS_ALL;
        else
            goto bad;
        break;
    case K_BLOCKED:
        for (x = 0; x < 4 && !word_is(v, vlen, BLOCKED_WORDS[x]); x++)
            ;
        if (x == 4)
            goto bad;
        x += SEEGA_BLOCKED_LOSES;
        break;
    default:
        if (parse_int(v, vlen, &x) != 0)
            goto bad;
        break;
    }
    *field_of(r, i) = x;
    return SEEGA_OK;
bad:
    sg_format(msg, cap, "%s=%.*s: the value must be %s", FIELDS[i].name,
              (int)(vlen > 40 ? 40 : vlen), v,
              FIELDS[i].kind == K_SIDE   ? "x or o"
              : FIELDS[i].kind == K_DIRS ? "orthogonal or all"
              : FIELDS[i].kind == K_BLOCKED
                  ? "loses, passes, opponent_opens or removes"
                  : "a whole number");
    return SEEGA_E_PARSE;
}

/* Rules text s[0..len) (not NUL-terminated) into *out. */
static int32_t parse_rules(const char *s, size_t len, seega_rules *out,
                           char *msg, size_t cap)
{
    seega_rules r = SEEGA_RULES_INIT;
    const char *end = s + len;
    unsigned seen = 0;
    int words = 0;
    int32_t rc;
    while (s < end) {
        const char *w;
        size_t wl, which;
        while (s < end && is_space(*s))
            s++;
        if (s == end)
            break;
        for (w = s; s < end && !is_space(*s); s++)
            ;
        wl = (size_t)(s - w);
        words++;
        if (words == 1) {
            int v;
            for (v = 0; v < 4 && !word_is(w, wl, PRESETS[v]); v++)
                ;
            if (v < 4) {
                seega_rules_preset(&r, v + 1, 5);
                /* An optional board size follows the preset. */
                const char *t = s;
                while (t < end && is_space(*t))
                    t++;
                if (t < end && is_digit(*t)) {
                    int32_t size;
                    for (w = t; t < end && !is_space(*t); t++)
                        ;
                    if (parse_int(w, (size_t)(t - w), &size) != 0 ||
                        (size != 5 && size != 7 && size != 9)) {
                        sg_format(msg, cap,
                                  "'%.*s' is not a board size (5, 7 or 9)",
                                  (int)((t - w) > 20 ? 20 : (t - w)), w);
                        return SEEGA_E_PARSE;
                    }
                    seega_rules_preset(&r, v + 1, size);
                    seen |= 1u; /* board_size given */
                    s = t;
                }
                continue;
            }
        }
        if ((rc = parse_setting(w, wl, &r, &which, msg, cap)) != SEEGA_OK)
            return rc;
        if (seen & (1u << which)) {
            sg_format(msg, cap, "%s is given twice", FIELDS[which].name);
            return SEEGA_E_PARSE;
        }
        seen |= 1u << which;
    }
    if (words == 0) {
        sg_format(msg, cap, "%s",
                  "empty rules text (expected e.g. 'classic 5')");
        return SEEGA_E_PARSE;
    }
    if ((rc = sg_rules_check(&r, msg, cap)) != SEEGA_OK)
        return rc;
    *out = r;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_rules_from_text(const char *text, seega_rules *out,
                                        char *msg, size_t cap)
{
    if (!text || !out) {
        sg_format(msg, cap, "seega_rules_from_text: %s is NULL",
                  text ? "out" : "text");
        return SEEGA_E_INVALID;
    }
    return parse_rules(text, strlen(text), out, msg, cap);
}

/* ---- the tag section ----------------------------------------------------- */

typedef struct tag {
    const char *name; /* not NUL-terminated */
    size_t name_len;
    const char *val; /* escaped, between the quotes */
    size_t val_len;  /* escaped length */
    int line;
} tag;

typedef struct header {
    tag rules, start, result;
    int has_rules, has_start, has_result;
    const char *moves; /* where the moves begin */
    int moves_line;
} header;

/* Unescape a tag value into out (cap bytes); its length, or -1. */
static int unescape(const tag *t, char *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < t->val_len; i++) {
        char c = t->val[i];
        if (c == '\\')
            c = t->val[++i];
        if (n + 1 >= cap)
            return -1;
        out[n++] = c;
    }
    out[n] = '\0';
    return (int)n;
}

/* The unescaped length of a tag value. */
static size_t unescaped_len(const tag *t)
{
    size_t n = 0;
    for (size_t i = 0; i < t->val_len; i++, n++)
        if (t->val[i] == '\\')
            i++;
    return n;
}

static int tag_is(const tag *t, const char *name)
{
    return t->name_len == strlen(name) &&
           memcmp(t->name, name, t->name_len) == 0;
}

/* Skip blanks (not line breaks) from p. */
static const char *skip_blanks(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\v' || *p == '\f')
        p++;
    return p;
}

/*
 * Read the tag line at p (just after its '['); on success *t is set and
 * *next points at the end of the line (its '\n' or NUL).
 */
static int32_t read_tag(const char *p, int line, tag *t, const char **next,
                        char *msg, size_t cap)
{
    p = skip_blanks(p);
    t->name = p;
    while (is_name_char(*p))
        p++;
    t->name_len = (size_t)(p - t->name);
    t->line = line;
    if (t->name_len == 0) {
        sg_format(msg, cap,
                  "line %d: a tag must be [Name \"value\"]: the name is "
                  "missing",
                  line);
        return SEEGA_E_PARSE;
    }
    p = skip_blanks(p);
    if (*p != '"') {
        sg_format(msg, cap,
                  "line %d: tag %.*s: the value must be in double quotes", line,
                  (int)(t->name_len > 40 ? 40 : t->name_len), t->name);
        return SEEGA_E_PARSE;
    }
    t->val = ++p;
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (c == '"')
            break;
        if (c == '\0' || c == '\n') {
            sg_format(msg, cap,
                      "line %d: tag %.*s: the value has no closing quote", line,
                      (int)(t->name_len > 40 ? 40 : t->name_len), t->name);
            return SEEGA_E_PARSE;
        }
        if (c < 0x20 || c == 0x7f) {
            sg_format(msg, cap,
                      "line %d: tag %.*s: control character 0x%02x in the "
                      "value",
                      line, (int)(t->name_len > 40 ? 40 : t->name_len), t->name,
                      c);
            return SEEGA_E_PARSE;
        }
        if (c == '\\') {
            if (p[1] != '\\' && p[1] != '"') {
                sg_format(msg, cap,
                          "line %d: tag %.*s: only \\\" and \\\\ may follow "
                          "a backslash",
                          line, (int)(t->name_len > 40 ? 40 : t->name_len),
                          t->name);
                return SEEGA_E_PARSE;
            }
            p++;
        }
        p++;
    }
    t->val_len = (size_t)(p - t->val);
    p = skip_blanks(p + 1);
    if (*p != ']') {
        sg_format(msg, cap, "line %d: tag %.*s: ']' expected after the value",
                  line, (int)(t->name_len > 40 ? 40 : t->name_len), t->name);
        return SEEGA_E_PARSE;
    }
    p = skip_blanks(p + 1);
    if (*p == ';')
        while (*p && *p != '\n')
            p++;
    if (*p != '\0' && *p != '\n') {
        sg_format(msg, cap,
                  "line %d: tag %.*s: nothing may follow ']' on its line", line,
                  (int)(t->name_len > 40 ? 40 : t->name_len), t->name);
        return SEEGA_E_PARSE;
    }
    *next = p;
    return SEEGA_OK;
}

/*
 * Read the tag section: every tag is checked, duplicates refused. The
 * tag named `want` (if not NULL) is returned in *found (*has_found set).
 */
static int32_t scan_header(const char *text, header *h, const char *want,
                           tag *found, int *has_found, char *msg, size_t cap)
{
    const char *p = text;
    int line = 1, ntags = 0;
    tag t, seen[MAX_TAGS];
    int32_t rc;
    memset(h, 0, sizeof *h);
    if (has_found)
        *has_found = 0;
    for (;;) {
        const char *q = skip_blanks(p);
        if (*q == '\n') {
            p = q + 1;
            line++;
            continue;
        }
        if (*q == ';') {
            while (*q && *q != '\n')
                q++;
            p = q;
            continue;
        }
        if (*q != '[') {
            h->moves = p;
            h->moves_line = line;
            return SEEGA_OK;
        }
        if ((rc = read_tag(q + 1, line, &t, &p, msg, cap)) != SEEGA_OK)
            return rc;
        if (++ntags > MAX_TAGS) {
            sg_format(msg, cap, "line %d: more than %d tags", line, MAX_TAGS);
            return SEEGA_E_PARSE;
        }
        for (int i = 0; i < ntags - 1; i++)
            if (seen[i].name_len == t.name_len &&
                memcmp(seen[i].name, t.name, t.name_len) == 0) {
                sg_format(msg, cap,
                          "line %d: tag %.*s is given twice (first on line "
                          "%d)",
                          line, (int)(t.name_len > 40 ? 40 : t.name_len),
                          t.name, seen[i].line);
                return SEEGA_E_PARSE;
            }
        seen[ntags - 1] = t;
        if (tag_is(&t, "Rules")) {
            h->rules = t;
            h->has_rules = 1;
        } else if (tag_is(&t, "Start")) {
            h->start = t;
            h->has_start = 1;
        } else if (tag_is(&t, "Result")) {
            h->result = t;
            h->has_result = 1;
        }
        if (want && tag_is(&t, want)) {
            *found = t;
            *has_found = 1;
        }
    }
}

/* The rules of the Rules tag. */
static int32_t header_rules(const header *h, seega_rules *out, char *msg,
                            size_t cap)
{
    char text[2 * SEEGA_RULES_TEXT_MAX], sub[SEEGA_ERROR_MAX];
    int32_t rc;
    if (!h->has_rules) {
        sg_format(msg, cap,
                  "line %d: the record has no Rules tag (e.g. [Rules "
                  "\"classic 5\"]) before its moves",
                  h->moves_line);
        return SEEGA_E_PARSE;
    }
    if (unescape(&h->rules, text, sizeof text) < 0) {
        sg_format(msg, cap, "line %d: the Rules tag is too long",
                  h->rules.line);
        return SEEGA_E_PARSE;
    }
    if ((rc = parse_rules(text, strlen(text), out, sub, sizeof sub)) !=
        SEEGA_OK)
        sg_format(msg, cap, "line %d: Rules: %s", h->rules.line, sub);
    return rc;
}

SEEGA_API int32_t seega_record_rules(const char *text, seega_rules *out,
                                     char *msg, size_t cap)
{
    header h;
    int32_t rc;
    if (!text || !out) {
        sg_format(msg, cap, "seega_record_rules: %s is NULL",
                  text ? "out" : "text");
        return SEEGA_E_INVALID;
    }
    if ((rc = scan_header(text, &h, NULL, NULL, NULL, msg, cap)) != SEEGA_OK)
        return rc;
    if ((rc = header_rules(&h, out, msg, cap)) != SEEGA_OK)
        return rc;
    sg_format(msg, cap, "%s", "");
    return SEEGA_OK;
}

SEEGA_API int32_t seega_record_tag(const char *text, const char *name,
                                   char *buf, size_t cap)
{
    header h;
    tag t;
    int has = 0;
    size_t len;
    int32_t rc;
    if (!text || !name || !buf)
        return SEEGA_E_INVALID;
    if ((rc = scan_header(text, &h, name, &t, &has, NULL, 0)) != SEEGA_OK)
        return rc;
    len = has ? unescaped_len(&t) : 0;
    if (len >= cap || len > INT32_MAX)
        return SEEGA_E_BUFFER;
    if (has)
        unescape(&t, buf, cap);
    else
        buf[0] = '\0';
    return (int32_t)len;
}

/* ---- results ------------------------------------------------------------- */

static const char *const RESULT_TEXT[] = {"*", "1-0", "0-1", "1/2-1/2"};

/* A result token s[0..len) as SEEGA_ONGOING .. SEEGA_DRAW, or -1. */
static int result_code(const char *s, size_t len)
{
    for (int i = 0; i < 4; i++)
        if (len == strlen(RESULT_TEXT[i]) &&
            memcmp(s, RESULT_TEXT[i], len) == 0)
            return i;
    return -1;
}

static const char *reason_text(int32_t reason)
{
    switch (reason) {
    case SEEGA_REASON_MATERIAL: return "material";
    case SEEGA_REASON_BLOCKED: return "blocked";
    case SEEGA_REASON_QUIET: return "quiet turns";
    case SEEGA_REASON_BOTH_BLOCKED: return "both sides blocked";
    default: return "";
    }
}

/* ---- reading a record ---------------------------------------------------- */

/* Move a failure of the replaying game c into game, with the line. */
static int32_t fail_from(seega_game *game, const seega_game *c, int32_t rc,
                         int line)
{
    return sg_fail(game, rc == SEEGA_E_NOMEM ? rc : SEEGA_E_PARSE,
                   "line %d: %s", line, seega_last_error(c));
}

/* Replay the moves of the record on c (at its start position). */
static int32_t replay(seega_game *game, seega_game *c, const header *h)
{
    const char *p = h->moves;
    int line = h->moves_line, result_line = 0, result = -1;
    char tok[TOKEN_MAX + 1];
    int32_t rc, reason, actual;

    for (;;) {
        const char *s;
        size_t len;
        int code;
        while (is_space(*p)) {
            if (*p == '\n')
                line++;
            p++;
        }
        if (*p == '\0')
            break;
        if (*p == ';') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (*p == '{') {
            int opened = line;
            for (p++; *p && *p != '}'; p++)
                if (*p == '\n')
                    line++;
            if (!*p)
                return sg_fail(game, SEEGA_E_PARSE,
                               "line %d: the comment opened by '{' is never "
                               "closed by '}'",
                               opened);
            p++;
            continue;
        }
        if (*p == '[')
            return sg_fail(game, SEEGA_E_PARSE,
                           "line %d: a tag after the moves (tags come first)",
                           line);
        for (s = p; *p && !is_space(*p) && *p != '{' && *p != ';'; p++)
            ;
        len = (size_t)(p - s);
        if (result >= 0)
            return sg_fail(game, SEEGA_E_PARSE,
                           "line %d: '%.*s' after the result (the result "
                           "ends the record)",
                           line, (int)(len > 20 ? 20 : len), s);
        if ((code = result_code(s, len)) >= 0) {
            result = code;
            result_line = line;
            continue;
        }
        if (is_digit(s[0])) {
            size_t i = 0;
            while (i < len && is_digit(s[i]))
                i++;
            if (i < len && s[i] == '.') {
                while (i < len && s[i] == '.')
                    i++;
                if (i == len)
                    continue; /* a turn number, for people */
            }
        }
        if (len == 1 && (lower(s[0]) == 'x' || lower(s[0]) == 'o')) {
            int side = lower(s[0]) == 'x' ? SEEGA_X : SEEGA_O;
            if (seega_result(c, NULL) != SEEGA_ONGOING)
                return sg_fail(game, SEEGA_E_PARSE,
                               "line %d: a turn of %c, but the game is "
                               "already over",
                               line, side == SEEGA_X ? 'X' : 'O');
            if (seega_to_move(c) != side)
                return sg_fail(game, SEEGA_E_PARSE,
                               "line %d: a turn of %c, but %c is to move", line,
                               side == SEEGA_X ? 'X' : 'O',
                               side == SEEGA_X ? 'O' : 'X');
            continue;
        }
        if (len > TOKEN_MAX)
            return sg_fail(game, SEEGA_E_PARSE,
                           "line %d: '%.20s...' is not an action", line, s);
        memcpy(tok, s, len);
        tok[len] = '\0';
        {
            seega_action a;
            if ((rc = seega_action_from_text(c, tok, &a)) != SEEGA_OK ||
                (rc = seega_play(c, a)) != SEEGA_OK)
                return fail_from(game, c, rc, line);
        }
    }

    /* The result: of the tag and of the moves, and of the rules. */
    if (h->has_result) {
        char val[16];
        int tag_code = -1;
        if (unescape(&h->result, val, sizeof val) >= 0)
            tag_code = result_code(val, strlen(val));
        if (tag_code < 0)
            return sg_fail(game, SEEGA_E_PARSE,
                           "line %d: the Result tag must be 1-0, 0-1, "
                           "1/2-1/2 or *",
                           h->result.line);
        if (result >= 0 && result != tag_code)
            return sg_fail(game, SEEGA_E_PARSE,
                           "line %d: the result %s differs from the Result "
                           "tag %s (line %d)",
                           result_line, RESULT_TEXT[result],
                           RESULT_TEXT[tag_code], h->result.line);
        if (result < 0) {
            result = tag_code;
            result_line = h->result.line;
        }
    }
    actual = seega_result(c, &reason);
    if (result >= 0 && actual != SEEGA_ONGOING && result != actual)
        return sg_fail(game, SEEGA_E_PARSE,
                       "line %d: the record says %s, but the game ended %s "
                       "(%s)",
                       result_line, RESULT_TEXT[result], RESULT_TEXT[actual],
                       reason_text(reason));
    return SEEGA_OK;
}

SEEGA_API int32_t seega_record_read(seega_game *game, const char *text)
{
    char msg[SEEGA_ERROR_MAX], mine[SEEGA_RULES_TEXT_MAX],
        theirs[SEEGA_RULES_TEXT_MAX];
    header h;
    seega_rules r;
    seega_game *c = NULL;
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if (!text)
        return sg_fail(game, SEEGA_E_INVALID,
                       "seega_record_read: text is NULL");
    if ((rc = scan_header(text, &h, NULL, NULL, NULL, msg, sizeof msg)) !=
            SEEGA_OK ||
        (rc = header_rules(&h, &r, msg, sizeof msg)) != SEEGA_OK)
        return sg_fail(game, rc, "%s", msg);
    if (memcmp(&r, &game->rules, sizeof r) != 0) {
        rules_text(&r, theirs);
        rules_text(&game->rules, mine);
        return sg_fail(game, SEEGA_E_RULES,
                       "line %d: the record's rules (%s) are not this "
                       "game's (%s); create the game with the rules "
                       "seega_record_rules reads",
                       h.rules.line, theirs, mine);
    }

    /* Replay on a new game with the same rules and allocator. */
    if (seega_new_with_allocator(&game->rules, game->alloc, game->ud, &c) !=
        SEEGA_OK)
        return sg_fail(game, SEEGA_E_NOMEM, "out of memory reading a record");
    if (h.has_start) {
        char spn[SEEGA_SPN_MAX];
        if (unescape(&h.start, spn, sizeof spn) < 0) {
            rc = sg_fail(game, SEEGA_E_PARSE,
                         "line %d: the Start tag is too long for an SPN",
                         h.start.line);
            goto done;
        }
        if ((rc = seega_set_spn(c, spn)) != SEEGA_OK) {
            rc = sg_fail(game, SEEGA_E_PARSE, "line %d: Start: %s",
                         h.start.line, seega_last_error(c));
            goto done;
        }
    }
    if ((rc = replay(game, c, &h)) != SEEGA_OK)
        goto done;

    /* Commit: the game takes c's position and history, c the old ones. */
    {
        sg_posbuf pos = game->pos;
        sg_hist *hist = game->hist;
        size_t len = game->hist_len, cap = game->hist_cap;
        game->pos = c->pos;
        game->hist = c->hist;
        game->hist_len = c->hist_len;
        game->hist_cap = c->hist_cap;
        c->pos = pos;
        c->hist = hist;
        c->hist_len = len;
        c->hist_cap = cap;
    }
done:
    seega_free(c);
    return rc;
}

/* ---- writing a record ---------------------------------------------------- */

typedef struct writer {
    char *buf; /* NULL: only count */
    size_t len;
} writer;

static void put_n(writer *w, const char *s, size_t n)
{
    if (w->buf)
        memcpy(w->buf + w->len, s, n);
    w->len += n;
}

static void put_s(writer *w, const char *s)
{
    put_n(w, s, strlen(s));
}

static void put_tag(writer *w, const char *name, const char *value)
{
    put_s(w, "[");
    put_s(w, name);
    put_s(w, " \"");
    for (; *value; value++) {
        if (*value == '"' || *value == '\\')
            put_s(w, "\\");
        put_n(w, value, 1);
    }
    put_s(w, "\"]\n");
}

/* NULL when s is a usable tag value, else what is wrong. */
static const char *bad_value(const char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f)
            return "contains a control character (a line break?)";
    return NULL;
}

static const char *const RESERVED[] = {"Event", "Site",       "Date",   "Round",
                                       "X",     "O",          "Result", "Rules",
                                       "Start", "Termination"};

/* Check the tags; SEEGA_OK or a failure recorded in game. */
static int32_t check_tags(const seega_game *game, const seega_record_tags *t,
                          int32_t actual)
{
    const char *const *std[] = {&t->event,  &t->site,       &t->date,
                                &t->round,  &t->x_player,   &t->o_player,
                                &t->result, &t->termination};
    static const char *const std_names[] = {"event",  "site",       "date",
                                            "round",  "x_player",   "o_player",
                                            "result", "termination"};
    const char *why;
    if (t->version != SEEGA_RECORD_TAGS_VERSION)
        return sg_fail(game, SEEGA_E_VERSION,
                       "seega_record_write: tags->version %lu is not known "
                       "(set it to SEEGA_RECORD_TAGS_VERSION)",
                       (unsigned long)t->version);
    for (size_t i = 0; i < sizeof std / sizeof std[0]; i++)
        if (*std[i] && (why = bad_value(*std[i])) != NULL)
            return sg_fail(game, SEEGA_E_INVALID, "tags.%s %s", std_names[i],
                           why);
    if (t->result) {
        int code = result_code(t->result, strlen(t->result));
        if (code < 0)
            return sg_fail(game, SEEGA_E_INVALID,
                           "tags.result \"%.20s\" must be 1-0, 0-1, 1/2-1/2 "
                           "or *",
                           t->result);
        if (actual != SEEGA_ONGOING && code != actual)
            return sg_fail(game, SEEGA_E_INVALID,
                           "tags.result %s contradicts the game's result %s",
                           RESULT_TEXT[code], RESULT_TEXT[actual]);
    }
    if (t->extra_count < 0 || t->extra_count > MAX_TAGS - 10 ||
        (t->extra_count > 0 && !t->extra))
        return sg_fail(game, SEEGA_E_INVALID,
                       "tags.extra_count %ld needs 0..%d pairs in tags.extra",
                       (long)t->extra_count, MAX_TAGS - 10);
    for (int32_t i = 0; i < t->extra_count; i++) {
        const char *name = t->extra[2 * i], *value = t->extra[2 * i + 1];
        size_t k;
        if (!name || !value || !name[0])
            return sg_fail(game, SEEGA_E_INVALID,
                           "tags.extra pair %ld has a NULL or empty entry",
                           (long)i);
        for (k = 0; name[k] && is_name_char(name[k]); k++)
            ;
        if (name[k])
            return sg_fail(game, SEEGA_E_INVALID,
                           "tags.extra name \"%.40s\": only letters, digits "
                           "and _",
                           name);
        for (k = 0; k < sizeof RESERVED / sizeof RESERVED[0]; k++)
            if (!strcmp(name, RESERVED[k]))
                return sg_fail(game, SEEGA_E_INVALID,
                               "tags.extra name \"%s\" is a standard tag: "
                               "use its field",
                               name);
        for (int32_t j = 0; j < i; j++)
            if (!strcmp(name, t->extra[2 * j]))
                return sg_fail(game, SEEGA_E_INVALID,
                               "tags.extra name \"%.40s\" is given twice",
                               name);
        if ((why = bad_value(value)) != NULL)
            return sg_fail(game, SEEGA_E_INVALID,
                           "tags.extra value of %.40s %s", name, why);
    }
    return SEEGA_OK;
}

/*
 * Write the record of game into w. c is a copy of game rewound to the
 * start of its history; it is replayed to the end.
 */
static int32_t emit(const seega_game *game, seega_game *c,
                    const seega_record_tags *t, const char *start_spn,
                    int with_start, writer *w)
{
    char text[SEEGA_RULES_TEXT_MAX], num[24];
    int32_t n = seega_history_length(game), reason, actual, turn = 0, rc;
    int code;
    actual = seega_result(game, &reason);
    code = actual != SEEGA_ONGOING ? actual
           : t && t->result        ? result_code(t->result, strlen(t->result))
                                   : SEEGA_ONGOING;
    if (t) {
        if (t->event)
            put_tag(w, "Event", t->event);
        if (t->site)
            put_tag(w, "Site", t->site);
        if (t->date)
            put_tag(w, "Date", t->date);
        if (t->round)
            put_tag(w, "Round", t->round);
        if (t->x_player)
            put_tag(w, "X", t->x_player);
        if (t->o_player)
            put_tag(w, "O", t->o_player);
    }
    put_tag(w, "Result", RESULT_TEXT[code]);
    rules_text(&game->rules, text);
    put_tag(w, "Rules", text);
    if (with_start)
        put_tag(w, "Start", start_spn);
    if (actual != SEEGA_ONGOING)
        put_tag(w, "Termination", reason_text(reason));
    else if (t && t->termination)
        put_tag(w, "Termination", t->termination);
    for (int32_t i = 0; t && i < t->extra_count; i++)
        put_tag(w, t->extra[2 * i], t->extra[2 * i + 1]);
    put_s(w, "\n");

    for (int32_t i = 0; i < n; i++) {
        seega_action a;
        int32_t state = seega_turn_state(c, NULL);
        seega_history_action(game, i, &a);
        if (i == 0 || state == SEEGA_TURN_NORMAL || state == SEEGA_TURN_EXTRA) {
            if (i)
                put_s(w, "\n");
            snprintf(num, sizeof num, "%ld. %c", (long)++turn,
                     seega_to_move(c) == SEEGA_X ? 'X' : 'O');
            put_s(w, num);
        }
        seega_action_to_text(c, a, text, sizeof text);
        put_s(w, " ");
        put_s(w, text);
        if ((rc = seega_play(c, a)) != SEEGA_OK) /* cannot happen */
            return sg_fail(game, rc, "replaying the history: %s",
                           seega_last_error(c));
    }
    if (n)
        put_s(w, "\n");
    put_s(w, RESULT_TEXT[code]);
    put_s(w, "\n");
    return SEEGA_OK;
}

/* Rewind c to the start of its history; its SPN into spn. */
static void rewind_copy(seega_game *c, char spn[SEEGA_SPN_MAX])
{
    while (seega_undo(c) == SEEGA_OK)
        ;
    seega_get_spn(c, spn, SEEGA_SPN_MAX);
}

SEEGA_API int32_t seega_record_write(const seega_game *game,
                                     const seega_record_tags *tags, char *buf,
                                     size_t cap)
{
    char start[SEEGA_SPN_MAX], initial[SEEGA_SPN_MAX];
    seega_game *c = NULL, *fresh = NULL;
    writer w = {NULL, 0};
    int32_t rc, actual;
    int with_start;
    if (!game)
        return SEEGA_E_INVALID;
    if (!buf && cap)
        return sg_fail(game, SEEGA_E_INVALID,
                       "seega_record_write: buf is NULL but cap is %lu",
                       (unsigned long)cap);
    actual = seega_result(game, NULL);
    if (tags && (rc = check_tags(game, tags, actual)) != SEEGA_OK)
        return rc;

    /* The start of the history, and whether it is the rules' start. */
    if (seega_clone(game, &c) != SEEGA_OK)
        return sg_fail(game, SEEGA_E_NOMEM, "out of memory writing a record");
    if (seega_new_with_allocator(&game->rules, game->alloc, game->ud, &fresh) !=
        SEEGA_OK) {
        seega_free(c);
        return sg_fail(game, SEEGA_E_NOMEM, "out of memory writing a record");
    }
    seega_get_spn(fresh, initial, sizeof initial);
    seega_free(fresh);
    rewind_copy(c, start);
    with_start = strcmp(start, initial) != 0;

    /* Measure, then write when it fits. */
    if ((rc = emit(game, c, tags, start, with_start, &w)) != SEEGA_OK)
        goto done;
    if (w.len > INT32_MAX) {
        rc = sg_fail(game, SEEGA_E_NOMEM, "the record is longer than 2 GiB");
        goto done;
    }
    rc = (int32_t)w.len;
    if (!buf && !cap)
        goto done;
    if (w.len >= cap) {
        rc = sg_fail(game, SEEGA_E_BUFFER,
                     "the record needs %lu bytes with its NUL; the buffer "
                     "has %lu",
                     (unsigned long)w.len + 1, (unsigned long)cap);
        goto done;
    }
    rewind_copy(c, start);
    w.buf = buf;
    w.len = 0;
    if ((rc = emit(game, c, tags, start, with_start, &w)) != SEEGA_OK)
        goto done;
    buf[w.len] = '\0';
    rc = (int32_t)w.len;
done:
    seega_free(c);
    return rc;
}

SEEGA_API int32_t seega_record_tags_init(seega_record_tags *tags)
{
    seega_record_tags t = SEEGA_RECORD_TAGS_INIT;
    if (!tags)
        return SEEGA_E_INVALID;
    *tags = t;
    return SEEGA_OK;
}

/*
 * The short text form of rules (docs/records.md), read by
 * seega_rules_from_text and the Rules tag of a record, written by
 * seega_rules_to_text and the record writer.
 */
#include "text/rules_text.h"
#include "text/scan.h"
#include "core/rules_fields.h"
#include "core/util.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* ---- small text helpers (no locale: plain ASCII) ------------------------- */

/* Does s[0..len) equal word, ignoring case? */
static int word_is(const char *s, size_t len, const char *word)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (word[i] == '\0' || sg_lower(s[i]) != word[i])
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
        if (!sg_is_digit(s[i]))
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

/* The fields of the text, from the table in core (core/rules_fields.h):
 * a flag is written and read as a number. */
static const struct {
    const char *name;
    size_t offset;
    int kind;
} FIELDS[] = {
#define FIELD(name, kind, ok, want)                                            \
    {#name, offsetof(seega_rules, name), SG_RK_##kind},
    SG_RULES_FIELDS(FIELD)
#undef FIELD
};
#define NFIELDS (sizeof FIELDS / sizeof FIELDS[0])
/* The text gives the board size after the preset, and the loops below
 * start after it; a mask of unsigned says which fields were given. */
_Static_assert(SG_RF_board_size == 0, "board_size is the first field");
_Static_assert(SG_RF_COUNT <= 32, "a field a bit of an unsigned");

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
    case SG_RK_SIDE:
        return snprintf(out, cap, "%s=%s", FIELDS[i].name,
                        v == SEEGA_X ? "x" : "o");
    case SG_RK_DIRS:
        return snprintf(out, cap, "%s=%s", FIELDS[i].name,
                        v == SEEGA_DIRS_ALL ? "all" : "orthogonal");
    case SG_RK_BLOCKED:
        return snprintf(out, cap, "%s=%s", FIELDS[i].name,
                        BLOCKED_WORDS[v - SEEGA_BLOCKED_LOSES]);
    default: return snprintf(out, cap, "%s=%ld", FIELDS[i].name, (long)v);
    }
}

/* Rules text into out (SEEGA_RULES_TEXT_MAX bytes); r already valid. */
int sg_rules_text(const seega_rules *r, char *out)
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
    len = sg_rules_text(rules, text);
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
                  "'%.*s' is not a rules field (%s)",
                  (int)(nlen > 40 ? 40 : nlen), s, SG_RULES_FIELD_NAMES + 2);
        return SEEGA_E_PARSE;
    }
    *which = i;
    switch (FIELDS[i].kind) {
    case SG_RK_SIDE:
        if (word_is(v, vlen, "x"))
            x = SEEGA_X;
        else if (word_is(v, vlen, "o"))
            x = SEEGA_O;
        else
            goto bad;
        break;
    case SG_RK_DIRS:
        if (word_is(v, vlen, "orthogonal") || word_is(v, vlen, "4"))
            x = SEEGA_DIRS_ORTHOGONAL;
        else if (word_is(v, vlen, "all") || word_is(v, vlen, "8"))
            x = SEEGA_DIRS_ALL;
        else
            goto bad;
        break;
    case SG_RK_BLOCKED:
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
              FIELDS[i].kind == SG_RK_SIDE   ? "x or o"
              : FIELDS[i].kind == SG_RK_DIRS ? "orthogonal or all"
              : FIELDS[i].kind == SG_RK_BLOCKED
                  ? "loses, passes, opponent_opens or removes"
                  : "a whole number");
    return SEEGA_E_PARSE;
}

/* Rules text s[0..len) (not NUL-terminated) into *out. */
int32_t sg_parse_rules(const char *s, size_t len, seega_rules *out, char *msg,
                       size_t cap)
{
    seega_rules r = SEEGA_RULES_INIT;
    const char *end = s + len;
    unsigned seen = 0;
    int words = 0;
    int32_t rc;
    while (s < end) {
        const char *w;
        size_t wl, which;
        while (s < end && sg_is_space(*s))
            s++;
        if (s == end)
            break;
        for (w = s; s < end && !sg_is_space(*s); s++)
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
                while (t < end && sg_is_space(*t))
                    t++;
                if (t < end && sg_is_digit(*t)) {
                    int32_t size;
                    for (w = t; t < end && !sg_is_space(*t); t++)
                        ;
                    if (parse_int(w, (size_t)(t - w), &size) != 0 ||
                        (size != 5 && size != 7 && size != 9)) {
                        sg_format(msg, cap,
                                  "'%.*s' is not a board size (5, 7 or 9)",
                                  (int)((t - w) > 20 ? 20 : (t - w)), w);
                        return SEEGA_E_PARSE;
                    }
                    seega_rules_preset(&r, v + 1, size);
                    seen |= 1u << SG_RF_board_size;
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
    return sg_parse_rules(text, strlen(text), out, msg, cap);
}

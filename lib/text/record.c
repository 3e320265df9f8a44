/*
 * The parts of game records (docs/records.md) that need no
 * game: the tag section (scanned and checked, a tag looked up), the rules
 * of the Rules tag, and the result and termination texts. Reading and
 * writing the moves replays them on a game: api/record_read.c and
 * api/record_write.c.
 */
#include "text/record.h"
#include "text/rules_text.h"
#include "text/scan.h"
#include "core/util.h"

#include <stddef.h>
#include <string.h>

/* ---- the tag section ----------------------------------------------------- */

/* Unescape a tag value into out (cap bytes); its length, or -1. */
int sg_unescape(const sg_tag *t, char *out, size_t cap)
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
static size_t unescaped_len(const sg_tag *t)
{
    size_t n = 0;
    for (size_t i = 0; i < t->val_len; i++, n++)
        if (t->val[i] == '\\')
            i++;
    return n;
}

static int tag_is(const sg_tag *t, const char *name)
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
static int32_t read_tag(const char *p, int line, sg_tag *t, const char **next,
                        char *msg, size_t cap)
{
    p = skip_blanks(p);
    t->name = p;
    while (sg_is_name_char(*p))
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
int32_t sg_scan_header(const char *text, sg_header *h, const char *want,
                       sg_tag *found, int *has_found, char *msg, size_t cap)
{
    const char *p = text;
    int line = 1, ntags = 0;
    sg_tag t, seen[SG_RECORD_MAX_TAGS];
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
        if (++ntags > SG_RECORD_MAX_TAGS) {
            sg_format(msg, cap, "line %d: more than %d tags", line,
                      SG_RECORD_MAX_TAGS);
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
int32_t sg_header_rules(const sg_header *h, seega_rules *out, char *msg,
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
    if (sg_unescape(&h->rules, text, sizeof text) < 0) {
        sg_format(msg, cap, "line %d: the Rules tag is too long",
                  h->rules.line);
        return SEEGA_E_PARSE;
    }
    if ((rc = sg_parse_rules(text, strlen(text), out, sub, sizeof sub)) !=
        SEEGA_OK)
        sg_format(msg, cap, "line %d: Rules: %s", h->rules.line, sub);
    return rc;
}

SEEGA_API int32_t seega_record_rules(const char *text, seega_rules *out,
                                     char *msg, size_t cap)
{
    sg_header h;
    int32_t rc;
    if (!text || !out) {
        sg_format(msg, cap, "seega_record_rules: %s is NULL",
                  text ? "out" : "text");
        return SEEGA_E_INVALID;
    }
    if ((rc = sg_scan_header(text, &h, NULL, NULL, NULL, msg, cap)) != SEEGA_OK)
        return rc;
    if ((rc = sg_header_rules(&h, out, msg, cap)) != SEEGA_OK)
        return rc;
    sg_format(msg, cap, "%s", "");
    return SEEGA_OK;
}

SEEGA_API int32_t seega_record_tag(const char *text, const char *name,
                                   char *buf, size_t cap)
{
    sg_header h;
    sg_tag t;
    int has = 0;
    size_t len;
    int32_t rc;
    if (!text || !name || !buf)
        return SEEGA_E_INVALID;
    if ((rc = sg_scan_header(text, &h, name, &t, &has, NULL, 0)) != SEEGA_OK)
        return rc;
    len = has ? unescaped_len(&t) : 0;
    if (len >= cap || len > INT32_MAX)
        return SEEGA_E_BUFFER;
    if (has)
        sg_unescape(&t, buf, cap);
    else
        buf[0] = '\0';
    return (int32_t)len;
}

/* ---- results ------------------------------------------------------------- */

const char *const sg_result_text[4] = {"*", "1-0", "0-1", "1/2-1/2"};

/* A result token s[0..len) as SEEGA_ONGOING .. SEEGA_DRAW, or -1. */
int sg_result_code(const char *s, size_t len)
{
    for (int i = 0; i < 4; i++)
        if (len == strlen(sg_result_text[i]) &&
            memcmp(s, sg_result_text[i], len) == 0)
            return i;
    return -1;
}

const char *sg_reason_text(int32_t reason)
{
    switch (reason) {
    case SEEGA_REASON_MATERIAL: return "material";
    case SEEGA_REASON_BLOCKED: return "blocked";
    case SEEGA_REASON_QUIET: return "quiet turns";
    case SEEGA_REASON_BOTH_BLOCKED: return "both sides blocked";
    default: return "";
    }
}

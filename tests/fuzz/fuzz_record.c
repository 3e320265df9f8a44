/*
 * Fuzz target: game records, read -> write -> read.
 *
 * The input is a record (cut at the first NUL). When its rules read
 * (seega_record_rules) and it loads (seega_record_read) into a game of those
 * rules, it is written back (seega_record_write) with the tags it had, and
 * the text written is read again. Checked:
 *   - a refused record leaves the game it was read into unchanged;
 *   - the record written is accepted, with the same rules;
 *   - the game read back is the same game: the same start position, the
 *     same actions in its history, the same position, result, turn state,
 *     repetitions and hash at the end;
 *   - the same tags: Event, Site, Date, Round, X, O and every other tag
 *     with its value, in the same order; for a game the rules have not
 *     ended, the same declared result (the Result tag, or the result at
 *     the end of the moves) and Termination; Rules and Start are compared
 *     as the game above;
 *   - writing the game read back, with its tags, gives the same bytes;
 *   - measuring (NULL, 0) gives the length written, a buffer one byte too
 *     small gives SEEGA_E_BUFFER.
 *
 * The tags of a text are found with seega_record_tag only, plus a small
 * scan of the tag section for the names of the tags (the text is already
 * known to be well formed). Whether a record declares a result in its moves
 * is asked of the library too: a Result tag put in front of a record
 * without one is accepted exactly when it agrees with that result.
 *
 * A writer limit is not a failure: more than 246 extra tags cannot be
 * written (the record would pass the 256 tags a record may have).
 *
 * SPDX-License-Identifier: MIT
 */
#include "fuzz_common.h"

#define MAX_NAMES 256

static const char *const STD_NAMES[] = {"Event", "Site", "Date", "Round",
                                        "X",     "O"};
#define NSTD 6
static const char *const RESERVED[] = {"Event", "Site",       "Date",   "Round",
                                       "X",     "O",          "Result", "Rules",
                                       "Start", "Termination"};

/* The tags of a record, as the writer takes them back. */
typedef struct rec_tags {
    char *std[NSTD];    /* NULL: absent */
    char *result;       /* declared result of an unfinished game, or NULL */
    char *termination;  /* of an unfinished game, or NULL */
    int32_t n_extra;
    char *extra[2 * MAX_NAMES]; /* name, value, ... */
} rec_tags;

static void tags_free(rec_tags *t)
{
    for (int i = 0; i < NSTD; i++)
        free(t->std[i]);
    free(t->result);
    free(t->termination);
    for (int32_t i = 0; i < 2 * t->n_extra; i++)
        free(t->extra[i]);
    memset(t, 0, sizeof *t);
}

static char *dup_n(const char *s, size_t n)
{
    char *d = (char *)malloc(n + 1);
    if (!d)
        abort();
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

/* The value of tag `name` of text (unescaped, malloc'd). */
static char *tag_value(const char *text, const char *name)
{
    /* seega_record_tag has no measuring call: grow the buffer. */
    for (size_t cap = 64;; cap *= 2) {
        char *buf = (char *)malloc(cap);
        int32_t len;
        if (!buf)
            abort();
        len = seega_record_tag(text, name, buf, cap);
        if (len >= 0)
            return buf;
        free(buf);
        FZ_CHECK(len == SEEGA_E_BUFFER && cap < ((size_t)1 << 24),
                 "record_tag(%s) gave %d", name, (int)len);
    }
}

/* The names of the tags of a well-formed record, in order. */
static int32_t tag_names(const char *text, char **names)
{
    const char *p = text;
    int32_t n = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\v' ||
               *p == '\f')
            p++;
        if (*p == '\n') {
            p++;
            continue;
        }
        if (*p == ';') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (*p != '[')
            return n;
        p++;
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\v' ||
               *p == '\f')
            p++;
        {
            const char *name = p;
            while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                   (*p >= '0' && *p <= '9') || *p == '_')
                p++;
            FZ_CHECK(p > name && n < MAX_NAMES, "tag scan lost its way");
            names[n++] = dup_n(name, (size_t)(p - name));
        }
        /* A value holds no line break; a comment may follow the ']'. */
        while (*p && *p != '\n')
            p++;
    }
}

/* The result the moves of text declare (SEEGA_X_WINS ..), or -1 when none;
 * only for a text without a Result tag. */
static int moves_result(const char *text)
{
    static const char *const codes[] = {"*", "1-0", "0-1", "1/2-1/2"};
    size_t tl = strlen(text);
    int ok[4], nok = 0;
    char *probe = (char *)malloc(tl + 32);
    seega_rules r;
    if (!probe)
        abort();
    FZ_CHECK(seega_record_rules(text, &r, NULL, 0) == SEEGA_OK, "rules");
    for (int i = 0; i < 4; i++) {
        seega_game *g;
        snprintf(probe, tl + 32, "[Result \"%s\"]\n%s", codes[i], text);
        FZ_CHECK(seega_new(&r, &g) == SEEGA_OK, "seega_new");
        ok[i] = seega_record_read(g, probe) == SEEGA_OK;
        nok += ok[i];
        seega_free(g);
    }
    free(probe);
    FZ_CHECK(nok == 1 || nok == 4, "%d of the 4 results agree with the moves",
             nok);
    if (nok == 4)
        return -1;
    for (int i = 0; i < 4; i++)
        if (ok[i])
            return i;
    return -1;
}

static int has_name(char **names, int32_t n, const char *name)
{
    for (int32_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

/* The value of tag `name`, or NULL when the record has no such tag. */
static char *tag_if(const char *text, char **names, int32_t n,
                    const char *name)
{
    return has_name(names, n, name) ? tag_value(text, name) : NULL;
}

/* The tags of a record read into g (at its end). Returns 0, or -1 when the
 * record has more tags than a record written can carry, or than the probe
 * of moves_result can add one to. */
static int get_tags(const char *text, const seega_game *g, rec_tags *t)
{
    static const char *const codes[] = {"*", "1-0", "0-1", "1/2-1/2"};
    char *names[MAX_NAMES];
    int32_t n = tag_names(text, names);
    int ongoing = seega_result(g, NULL) == SEEGA_ONGOING;
    memset(t, 0, sizeof *t);
    if (n >= MAX_NAMES)
        goto out;
    for (int i = 0; i < NSTD; i++)
        t->std[i] = tag_if(text, names, n, STD_NAMES[i]);
    if (ongoing) {
        char *res = tag_if(text, names, n, "Result");
        if (!res) {
            int code = moves_result(text);
            res = code >= 0 ? dup_n(codes[code], strlen(codes[code])) : NULL;
        }
        if (res && strcmp(res, "*") == 0) { /* "*" is no result */
            free(res);
            res = NULL;
        }
        t->result = res;
        t->termination = tag_if(text, names, n, "Termination");
    }
    for (int32_t i = 0; i < n; i++) {
        size_t k;
        for (k = 0; k < sizeof RESERVED / sizeof RESERVED[0]; k++)
            if (strcmp(names[i], RESERVED[k]) == 0)
                break;
        if (k < sizeof RESERVED / sizeof RESERVED[0])
            continue;
        t->extra[2 * t->n_extra] = dup_n(names[i], strlen(names[i]));
        t->extra[2 * t->n_extra + 1] = tag_value(text, names[i]);
        t->n_extra++;
    }
out:
    for (int32_t i = 0; i < n; i++)
        free(names[i]);
    return n >= MAX_NAMES || t->n_extra > MAX_NAMES - 10 ? -1 : 0;
}

static int same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static void compare_tags(const rec_tags *a, const rec_tags *b)
{
    for (int i = 0; i < NSTD; i++)
        FZ_CHECK(same_str(a->std[i], b->std[i]), "tag %s: \"%s\" -> \"%s\"",
                 STD_NAMES[i], a->std[i] ? a->std[i] : "(none)",
                 b->std[i] ? b->std[i] : "(none)");
    FZ_CHECK(same_str(a->result, b->result), "result: %s -> %s",
             a->result ? a->result : "(none)", b->result ? b->result : "(none)");
    FZ_CHECK(same_str(a->termination, b->termination),
             "Termination: \"%s\" -> \"%s\"",
             a->termination ? a->termination : "(none)",
             b->termination ? b->termination : "(none)");
    FZ_CHECK(a->n_extra == b->n_extra, "%d extra tags -> %d", (int)a->n_extra,
             (int)b->n_extra);
    for (int32_t i = 0; i < 2 * a->n_extra; i++)
        FZ_CHECK(strcmp(a->extra[i], b->extra[i]) == 0,
                 "extra tag %d: \"%s\" -> \"%s\"", (int)i / 2, a->extra[i],
                 b->extra[i]);
}

/* Write g with tags t into a fresh buffer (the caller frees it). */
static char *write_record(const seega_game *g, const rec_tags *t)
{
    seega_record_tags tags = SEEGA_RECORD_TAGS_INIT;
    int32_t len, len2;
    char *buf;
    tags.event = t->std[0];
    tags.site = t->std[1];
    tags.date = t->std[2];
    tags.round = t->std[3];
    tags.x_player = t->std[4];
    tags.o_player = t->std[5];
    tags.result = t->result;
    tags.termination = t->termination;
    tags.extra_count = t->n_extra;
    tags.extra = (const char *const *)t->extra;
    len = seega_record_write(g, &tags, NULL, 0);
    FZ_CHECK(len > 0, "record_write measuring: %d %s", (int)len,
             seega_last_error(g));
    buf = (char *)malloc((size_t)len + 1);
    if (!buf)
        abort();
    FZ_CHECK(seega_record_write(g, &tags, buf, (size_t)len) == SEEGA_E_BUFFER,
             "record_write into %d bytes for %d", (int)len, (int)len);
    len2 = seega_record_write(g, &tags, buf, (size_t)len + 1);
    FZ_CHECK(len2 == len && strlen(buf) == (size_t)len,
             "record_write wrote %d bytes, measured %d", (int)len2, (int)len);
    return buf;
}

/* The SPN at the start of g's history. */
static void start_spn(const seega_game *g, char *spn)
{
    seega_game *c;
    FZ_CHECK(seega_clone(g, &c) == SEEGA_OK, "clone");
    while (seega_undo(c) == SEEGA_OK)
        ;
    FZ_CHECK(seega_get_spn(c, spn, SEEGA_SPN_MAX) > 0, "get_spn");
    seega_free(c);
}

static void compare_games(const seega_game *a, const seega_game *b,
                          const char *written)
{
    fz_snap sa, sb;
    char spa[SEEGA_SPN_MAX], spb[SEEGA_SPN_MAX];
    fz_take(a, &sa);
    fz_take(b, &sb);
    FZ_CHECK(fz_same(&sa, &sb),
             "read back: \"%s\" (history %d, result %d) -> \"%s\" (history "
             "%d, result %d)\n%s",
             sa.spn, (int)sa.hist, (int)sa.result, sb.spn, (int)sb.hist,
             (int)sb.result, written);
    for (int32_t i = 0; i < sa.hist; i++) {
        seega_action x, y;
        FZ_CHECK(seega_history_action(a, i, &x) == SEEGA_OK &&
                     seega_history_action(b, i, &y) == SEEGA_OK && x == y,
                 "history action %d differs\n%s", (int)i, written);
    }
    start_spn(a, spa);
    start_spn(b, spb);
    FZ_CHECK(strcmp(spa, spb) == 0, "start \"%s\" -> \"%s\"\n%s", spa, spb,
             written);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text, *w1 = NULL, *w2 = NULL;
    seega_rules r, r2;
    seega_game *g1 = NULL, *g2 = NULL;
    rec_tags t1, t2;
    fz_snap before;
    char msg[SEEGA_ERROR_MAX];

    memset(&t1, 0, sizeof t1);
    memset(&t2, 0, sizeof t2);
    if (size > 8192)
        return 0;
    text = fz_string(data, size);
    if (seega_record_rules(text, &r, msg, sizeof msg) != SEEGA_OK)
        goto done;
    FZ_CHECK(seega_new(&r, &g1) == SEEGA_OK, "seega_new");
    fz_take(g1, &before);
    if (seega_record_read(g1, text) != SEEGA_OK) {
        FZ_UNCHANGED(g1, &before, "a refused record_read");
        goto done;
    }
    if (get_tags(text, g1, &t1) != 0)
        goto done;

    /* Write, read back. */
    w1 = write_record(g1, &t1);
    FZ_CHECK(seega_record_rules(w1, &r2, msg, sizeof msg) == SEEGA_OK,
             "rules of the record written: %s\n%s", msg, w1);
    FZ_CHECK(memcmp(&r, &r2, sizeof r) == 0, "other rules read back\n%s", w1);
    FZ_CHECK(seega_new(&r2, &g2) == SEEGA_OK, "seega_new");
    FZ_CHECK(seega_record_read(g2, w1) == SEEGA_OK,
             "the record written is refused: %s\n%s", seega_last_error(g2),
             w1);
    compare_games(g1, g2, w1);
    FZ_CHECK(get_tags(w1, g2, &t2) == 0, "too many tags read back");
    compare_tags(&t1, &t2);

    /* Written again: the same bytes. */
    w2 = write_record(g2, &t2);
    FZ_CHECK(strcmp(w1, w2) == 0, "written twice:\n%s\n---\n%s", w1, w2);
done:
    free(w2);
    free(w1);
    tags_free(&t2);
    tags_free(&t1);
    seega_free(g2);
    seega_free(g1);
    free(text);
    return 0;
}

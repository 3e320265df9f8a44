/*
 * Writing a game record (docs/records.md): seega_record_write and
 * seega_record_tags_init. The history is replayed on a copy of the game
 * to name its actions.
 */
#include "api/game.h"
#include "text/record.h"
#include "text/rules_text.h"
#include "text/scan.h"
#include "core/util.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

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

/* NULL when s is a usable sg_tag value, else what is wrong. */
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
        int code = sg_result_code(t->result, strlen(t->result));
        if (code < 0)
            return sg_fail(game, SEEGA_E_INVALID,
                           "tags.result \"%.20s\" must be 1-0, 0-1, 1/2-1/2 "
                           "or *",
                           t->result);
        if (actual != SEEGA_ONGOING && code != actual)
            return sg_fail(game, SEEGA_E_INVALID,
                           "tags.result %s contradicts the game's result %s",
                           sg_result_text[code], sg_result_text[actual]);
    }
    if (t->extra_count < 0 || t->extra_count > SG_RECORD_MAX_TAGS - 10 ||
        (t->extra_count > 0 && !t->extra))
        return sg_fail(game, SEEGA_E_INVALID,
                       "tags.extra_count %ld needs 0..%d pairs in tags.extra",
                       (long)t->extra_count, SG_RECORD_MAX_TAGS - 10);
    for (int32_t i = 0; i < t->extra_count; i++) {
        const char *name = t->extra[2 * i], *value = t->extra[2 * i + 1];
        size_t k;
        if (!name || !value || !name[0])
            return sg_fail(game, SEEGA_E_INVALID,
                           "tags.extra pair %ld has a NULL or empty entry",
                           (long)i);
        for (k = 0; name[k] && sg_is_name_char(name[k]); k++)
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
           : t && t->result ? sg_result_code(t->result, strlen(t->result))
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
    put_tag(w, "Result", sg_result_text[code]);
    sg_rules_text(&game->rules, text);
    put_tag(w, "Rules", text);
    if (with_start)
        put_tag(w, "Start", start_spn);
    if (actual != SEEGA_ONGOING)
        put_tag(w, "Termination", sg_reason_text(reason));
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
    put_s(w, sg_result_text[code]);
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

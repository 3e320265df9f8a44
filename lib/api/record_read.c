/*
 * Reading a game record (docs/records.md): seega_record_read.
 * Written on the public API: a record is replayed on a second game. The
 * game's internals are touched in one place only, to commit a fully
 * replayed record at once by swapping position and history, so that a
 * refused record leaves the game exactly as it was.
 */
#include "api/game.h"
#include "text/record.h"
#include "text/rules_text.h"
#include "text/scan.h"
#include "core/util.h"

#include <stddef.h>
#include <string.h>

/* The longest token of the moves worth reading (actions have 7 chars). */
#define TOKEN_MAX 32

/* ---- reading a record ---------------------------------------------------- */

/* Move a failure of the replaying game c into game, with the line. */
static int32_t fail_from(seega_game *game, const seega_game *c, int32_t rc,
                         int line)
{
    return sg_fail(game, rc == SEEGA_E_NOMEM ? rc : SEEGA_E_PARSE,
                   "line %d: %s", line, seega_last_error(c));
}

/* Replay the moves of the record on c (at its start position). */
static int32_t replay(seega_game *game, seega_game *c, const sg_header *h)
{
    const char *p = h->moves;
    int line = h->moves_line, result_line = 0, result = -1;
    char tok[TOKEN_MAX + 1];
    int32_t rc, reason, actual;

    for (;;) {
        const char *s;
        size_t len;
        int code;
        while (sg_is_space(*p)) {
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
        for (s = p; *p && !sg_is_space(*p) && *p != '{' && *p != ';'; p++)
            ;
        len = (size_t)(p - s);
        if (result >= 0)
            return sg_fail(game, SEEGA_E_PARSE,
                           "line %d: '%.*s' after the result (the result "
                           "ends the record)",
                           line, (int)(len > 20 ? 20 : len), s);
        if ((code = sg_result_code(s, len)) >= 0) {
            result = code;
            result_line = line;
            continue;
        }
        if (sg_is_digit(s[0])) {
            size_t i = 0;
            while (i < len && sg_is_digit(s[i]))
                i++;
            if (i < len && s[i] == '.') {
                while (i < len && s[i] == '.')
                    i++;
                if (i == len)
                    continue; /* a turn number, for people */
            }
        }
        if (len == 1 && (sg_lower(s[0]) == 'x' || sg_lower(s[0]) == 'o')) {
            int side = sg_lower(s[0]) == 'x' ? SEEGA_X : SEEGA_O;
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
        if (sg_unescape(&h->result, val, sizeof val) >= 0)
            tag_code = sg_result_code(val, strlen(val));
        if (tag_code < 0)
            return sg_fail(game, SEEGA_E_PARSE,
                           "line %d: the Result tag must be 1-0, 0-1, "
                           "1/2-1/2 or *",
                           h->result.line);
        if (result >= 0 && result != tag_code)
            return sg_fail(game, SEEGA_E_PARSE,
                           "line %d: the result %s differs from the Result "
                           "tag %s (line %d)",
                           result_line, sg_result_text[result],
                           sg_result_text[tag_code], h->result.line);
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
                       result_line, sg_result_text[result],
                       sg_result_text[actual], sg_reason_text(reason));
    return SEEGA_OK;
}

SEEGA_API int32_t seega_record_read(seega_game *game, const char *text)
{
    char msg[SEEGA_ERROR_MAX], mine[SEEGA_RULES_TEXT_MAX],
        theirs[SEEGA_RULES_TEXT_MAX];
    sg_header h;
    seega_rules r;
    seega_game *c = NULL;
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if (!text)
        return sg_fail(game, SEEGA_E_INVALID,
                       "seega_record_read: text is NULL");
    if ((rc = sg_scan_header(text, &h, NULL, NULL, NULL, msg, sizeof msg)) !=
            SEEGA_OK ||
        (rc = sg_header_rules(&h, &r, msg, sizeof msg)) != SEEGA_OK)
        return sg_fail(game, rc, "%s", msg);
    if (memcmp(&r, &game->rules, sizeof r) != 0) {
        sg_rules_text(&r, theirs);
        sg_rules_text(&game->rules, mine);
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
        if (sg_unescape(&h.start, spn, sizeof spn) < 0) {
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

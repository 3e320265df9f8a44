/*
 * The public handle and the API around it. Every
 * argument is checked here; on any error the game is left exactly as it
 * was and its message says why. The layers below trust what they get.
 */
#include "api/game.h"
#include "text/notation.h"
#include "core/rules.h"
#include "core/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HIST_MAX ((size_t)INT32_MAX)

static void *default_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

int32_t sg_fail(const seega_game *game, int32_t rc, const char *fmt, ...)
{
    va_list ap;
    seega_game *g = (seega_game *)(uintptr_t)game;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
    return rc;
}

static char *err_buf(const seega_game *game)
{
    return ((seega_game *)(uintptr_t)game)->err;
}

/* ---- lifecycle ----------------------------------------------------------- */

SEEGA_API int32_t seega_new_with_allocator(const seega_rules *rules,
                                           seega_alloc_fn alloc, void *ud,
                                           seega_game **out)
{
    seega_game *g;
    int32_t rc;
    if (out)
        *out = NULL;
    if (!rules || !out)
        return SEEGA_E_INVALID;
    if ((rc = sg_rules_check(rules, NULL, 0)) != SEEGA_OK)
        return rc;
    if (!alloc)
        alloc = default_alloc;
    g = (seega_game *)alloc(ud, NULL, 0, sizeof *g);
    if (!g)
        return SEEGA_E_NOMEM;
    memset(g, 0, sizeof *g);
    g->alloc = alloc;
    g->ud = ud;
    g->rules = *rules;
    sg_crules_from(&g->cr, rules);
    g->board = sg_board_for(rules->board_size);
    g->board->start(&g->pos, &g->cr);
    sg_runtime_init(&g->rt);
    *out = g;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_new(const seega_rules *rules, seega_game **out)
{
    return seega_new_with_allocator(rules, NULL, NULL, out);
}

SEEGA_API void seega_free(seega_game *game)
{
    if (!game)
        return;
    if (game->hist)
        game->alloc(game->ud, game->hist, game->hist_cap * sizeof(sg_hist), 0);
    sg_runtime_free(&game->rt, game->alloc, game->ud);
    game->alloc(game->ud, game, sizeof *game, 0);
}

SEEGA_API int32_t seega_clone(const seega_game *game, seega_game **out)
{
    seega_game *c;
    if (out)
        *out = NULL;
    if (!game)
        return SEEGA_E_INVALID;
    if (!out)
        return sg_fail(game, SEEGA_E_INVALID, "seega_clone: out is NULL");
    c = (seega_game *)game->alloc(game->ud, NULL, 0, sizeof *c);
    if (!c)
        return sg_fail(game, SEEGA_E_NOMEM, "out of memory copying the game");
    *c = *game;
    c->hist = NULL;
    c->hist_cap = 0;
    sg_runtime_init(&c->rt); /* its own table at its first search */
    if (game->hist_len) {
        c->hist = (sg_hist *)game->alloc(game->ud, NULL, 0,
                                         game->hist_len * sizeof(sg_hist));
        if (!c->hist) {
            game->alloc(game->ud, c, sizeof *c, 0);
            return sg_fail(game, SEEGA_E_NOMEM,
                        "out of memory copying the game's history");
        }
        memcpy(c->hist, game->hist, game->hist_len * sizeof(sg_hist));
        c->hist_cap = game->hist_len;
    }
    *out = c;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_get_rules(const seega_game *game, seega_rules *out)
{
    if (!game)
        return SEEGA_E_INVALID;
    if (!out)
        return sg_fail(game, SEEGA_E_INVALID, "seega_get_rules: out is NULL");
    if (out->version != SEEGA_RULES_VERSION)
        return sg_fail(game, SEEGA_E_VERSION,
                    "seega_get_rules: out->version %lu is not known (set it "
                    "to SEEGA_RULES_VERSION)",
                    (unsigned long)out->version);
    *out = game->rules; /* version 1: every field */
    return SEEGA_OK;
}

/* ---- actions ------------------------------------------------------------- */

static const char *result_words(int result)
{
    switch (result) {
    case SEEGA_X_WINS: return "X won";
    case SEEGA_O_WINS: return "O won";
    default: return "it was drawn";
    }
}

static const char *reason_words(int reason)
{
    switch (reason) {
    case SEEGA_REASON_MATERIAL: return "on material";
    case SEEGA_REASON_BLOCKED: return "because the other side was blocked";
    case SEEGA_REASON_QUIET: return "by count at the quiet-turn limit";
    default: return "by count with both sides blocked";
    }
}

/* Why an action is not legal: the kind of action the position wants. */
static const char *wanted(const seega_game *g)
{
    const sg_board *c = g->board;
    int chain, state = c->state(&g->pos, &chain);
    if (c->hand(&g->pos, 0) + c->hand(&g->pos, 1) > 0)
        return rule_opening_due(&g->cr,
                                (g->cr.n * g->cr.n - 1) / 2 -
                                    c->hand(&g->pos, c->side(&g->pos)))
                   ? "a placement on one of its opening squares"
                   : "a placement on an empty square other than the centre";
    switch (state) {
    case SG_ST_CHAIN: return "a capturing step of the chain piece, or pass";
    case SG_ST_EXTRA:
        return "a step that opens a way for the blocked side, if one exists";
    case SG_ST_REMOVED: return "a step";
    default: break;
    }
    if (c->has_step(&g->pos, &g->cr, c->side(&g->pos)))
        return "a step of one of its pieces to an empty neighbouring square";
    return g->cr.blocked == SEEGA_BLOCKED_REMOVES
               ? "the removal of an enemy piece (it is blocked)"
               : "pass (it is blocked)";
}

int32_t sg_check_square(const seega_game *g, int32_t sq, const char *what)
{
    int n = g->cr.n;
    if (sq < 0 || sq >= n * n)
        return sg_fail(g, SEEGA_E_INVALID,
                    "%s %ld is off the %dx%d board (squares are 0..%d)", what,
                    (long)sq, n, n, n * n - 1);
    return SEEGA_OK;
}

/* Room for one more action: doubled, up to HIST_MAX actions and to the
 * largest object (PTRDIFF_MAX bytes, the tighter bound where size_t has
 * 32 bits), then refused. */
static int32_t grow_history(seega_game *g)
{
    const size_t most = HIST_MAX < (size_t)PTRDIFF_MAX / sizeof(sg_hist)
                            ? HIST_MAX
                            : (size_t)PTRDIFF_MAX / sizeof(sg_hist);
    size_t cap = !g->hist_cap ? 64
                 : g->hist_cap > most / 2 ? most
                                          : g->hist_cap * 2;
    sg_hist *h;
    if (g->hist_len < g->hist_cap)
        return SEEGA_OK;
    if (g->hist_len >= most)
        return sg_fail(g, SEEGA_E_NOMEM, "the history is full (%ld actions)",
                    (long)g->hist_len);
    h = (sg_hist *)g->alloc(g->ud, g->hist, g->hist_cap * sizeof(sg_hist),
                            cap * sizeof(sg_hist));
    if (!h)
        return sg_fail(g, SEEGA_E_NOMEM,
                    "out of memory growing the history to %lu actions",
                    (unsigned long)cap);
    g->hist = h;
    g->hist_cap = cap;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_play(seega_game *game, seega_action action)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    char text[SEEGA_ACTION_TEXT_MAX];
    sg_outcome o;
    int n, i;
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if (!sg_action_wellformed(game->cr.n, action))
        return sg_fail(game, SEEGA_E_INVALID,
                    "action 0x%08lx is not well-formed on a %dx%d board "
                    "(see seega_action_make)",
                    (unsigned long)action, game->cr.n, game->cr.n);
    sg_action_format(game->cr.n, action, text);
    o = game->board->outcome(&game->pos);
    if (o.result != SEEGA_ONGOING)
        return sg_fail(game, SEEGA_E_GAME_OVER, "cannot play %s: the game is over (%s %s)",
                    text, result_words(o.result), reason_words(o.reason));
    n = game->board->legal(&game->pos, &game->cr, list);
    for (i = 0; i < n && list[i] != action; i++)
        ;
    if (i == n)
        return sg_fail(game, SEEGA_E_ILLEGAL,
                    "%s is not legal now: %s is to play %s", text,
                    game->board->side(&game->pos) == SEEGA_X ? "X" : "O",
                    wanted(game));
    if ((rc = grow_history(game)) != SEEGA_OK)
        return rc;
    game->hist[game->hist_len].before = game->pos;
    game->hist[game->hist_len].action = action;
    game->hist_len++;
    game->board->make(&game->pos, &game->cr, action);
    return SEEGA_OK;
}

SEEGA_API int32_t seega_place(seega_game *game, int32_t square)
{
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if ((rc = sg_check_square(game, square, "square")) != SEEGA_OK)
        return rc;
    return seega_play(game, SG_ACT(SEEGA_ACTION_PLACE, SG_NOSQ, square));
}

SEEGA_API int32_t seega_move(seega_game *game, int32_t from, int32_t to)
{
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if ((rc = sg_check_square(game, from, "from square")) != SEEGA_OK ||
        (rc = sg_check_square(game, to, "to square")) != SEEGA_OK)
        return rc;
    return seega_play(game, SG_ACT(SEEGA_ACTION_STEP, from, to));
}

SEEGA_API int32_t seega_undo(seega_game *game)
{
    if (!game)
        return SEEGA_E_INVALID;
    if (game->hist_len == 0)
        return sg_fail(game, SEEGA_E_INVALID,
                    "nothing to undo (the history starts at the start or at "
                    "the last SPN loaded)");
    game->pos = game->hist[--game->hist_len].before;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_legal_moves(const seega_game *game, seega_action *buf,
                                    size_t cap)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    int n;
    if (!game)
        return SEEGA_E_INVALID;
    if (!buf && cap)
        return sg_fail(game, SEEGA_E_INVALID,
                    "seega_legal_moves: buf is NULL but cap is %lu",
                    (unsigned long)cap);
    n = game->board->legal(&game->pos, &game->cr, list);
    memcpy(buf ? buf : list, list,
           (cap < (size_t)n ? cap : (size_t)n) * sizeof list[0]);
    return n;
}

SEEGA_API int32_t seega_last_captures(const seega_game *game, int32_t *squares,
                                      size_t cap)
{
    const sg_posbuf *before;
    int32_t tmp[1];
    if (!game)
        return SEEGA_E_INVALID;
    if (!squares && cap)
        return sg_fail(game, SEEGA_E_INVALID,
                    "seega_last_captures: squares is NULL but cap is %lu",
                    (unsigned long)cap);
    if (game->hist_len == 0)
        return 0;
    before = &game->hist[game->hist_len - 1].before;
    return game->board->vanished(before, &game->pos,
                                game->board->side(before) ^ 1,
                                squares ? squares : tmp,
                                cap > 81 ? 81 : (int)cap);
}

/* ---- text ---------------------------------------------------------------- */

/* Copy text of length len into buf, or fail with SEEGA_E_BUFFER. */
static int32_t put(const seega_game *g, const char *text, int len, char *buf,
                   size_t cap)
{
    if (cap < (size_t)len + 1)
        return sg_fail(g, SEEGA_E_BUFFER,
                    "buffer of %lu bytes is too small for %d characters and "
                    "the NUL",
                    (unsigned long)cap, len);
    memcpy(buf, text, (size_t)len + 1);
    return len;
}

SEEGA_API int32_t seega_action_to_text(const seega_game *game,
                                       seega_action action, char *buf,
                                       size_t cap)
{
    char text[SEEGA_ACTION_TEXT_MAX];
    if (!game)
        return SEEGA_E_INVALID;
    if (!buf)
        return sg_fail(game, SEEGA_E_INVALID, "seega_action_to_text: buf is NULL");
    if (!sg_action_wellformed(game->cr.n, action))
        return sg_fail(game, SEEGA_E_INVALID,
                    "action 0x%08lx is not well-formed on a %dx%d board",
                    (unsigned long)action, game->cr.n, game->cr.n);
    return put(game, text, sg_action_format(game->cr.n, action, text), buf,
               cap);
}

SEEGA_API int32_t seega_action_from_text(const seega_game *game,
                                         const char *text, seega_action *out)
{
    seega_action a;
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if (!text || !out)
        return sg_fail(game, SEEGA_E_INVALID, "seega_action_from_text: %s is NULL",
                    text ? "out" : "text");
    rc = sg_action_parse(game->cr.n, text, &a, err_buf(game), SEEGA_ERROR_MAX);
    if (rc == SEEGA_OK)
        *out = a;
    return rc;
}

SEEGA_API int32_t seega_square_to_text(const seega_game *game, int32_t square,
                                       char *buf, size_t cap)
{
    char text[SEEGA_SQUARE_TEXT_MAX];
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if (!buf)
        return sg_fail(game, SEEGA_E_INVALID, "seega_square_to_text: buf is NULL");
    if ((rc = sg_check_square(game, square, "square")) != SEEGA_OK)
        return rc;
    return put(game, text, sg_square_name(game->cr.n, square, text), buf, cap);
}

SEEGA_API int32_t seega_square_from_text(const seega_game *game,
                                         const char *text, int32_t *square)
{
    const char *s = text;
    size_t len;
    int sq, rc, n;
    if (!game)
        return SEEGA_E_INVALID;
    if (!text || !square)
        return sg_fail(game, SEEGA_E_INVALID,
                    "seega_square_from_text: %s is NULL",
                    text ? "square" : "text");
    n = game->cr.n;
    while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
        s++;
    len = strlen(s);
    while (len && (s[len - 1] == ' ' || (s[len - 1] >= '\t' && s[len - 1] <= '\r')))
        len--;
    rc = len == 2 ? sg_square_parse(n, s, 1, &sq) : -1;
    if (rc == -2)
        return sg_fail(game, SEEGA_E_PARSE, "square '%.2s' is off a %dx%d board",
                    s, n, n);
    if (rc)
        return sg_fail(game, SEEGA_E_PARSE,
                    "'%.*s' is not a square name (a file letter and a rank "
                    "digit, like 'c3')",
                    (int)(len > 20 ? 20 : len), s);
    *square = sq;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_get_spn(const seega_game *game, char *buf, size_t cap)
{
    char text[SEEGA_SPN_MAX];
    if (!game)
        return SEEGA_E_INVALID;
    if (!buf)
        return sg_fail(game, SEEGA_E_INVALID, "seega_get_spn: buf is NULL");
    return put(game, text, sg_spn_format(game->board, &game->pos, text), buf,
               cap);
}

SEEGA_API int32_t seega_set_spn(seega_game *game, const char *spn)
{
    sg_posbuf pos;
    char msg[SEEGA_ERROR_MAX];
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if (!spn)
        return sg_fail(game, SEEGA_E_INVALID, "seega_set_spn: spn is NULL");
    rc = sg_spn_parse(game->board, &game->cr, spn, &pos, msg, sizeof msg);
    if (rc != SEEGA_OK)
        return sg_fail(game, rc, "bad SPN: %s", msg);
    game->pos = pos;
    game->hist_len = 0;
    return SEEGA_OK;
}

/* ---- state queries ------------------------------------------------------- */

SEEGA_API int32_t seega_result(const seega_game *game, int32_t *reason)
{
    sg_outcome o;
    if (!game)
        return SEEGA_E_INVALID;
    o = game->board->outcome(&game->pos);
    if (reason)
        *reason = o.reason;
    return o.result;
}

SEEGA_API int32_t seega_to_move(const seega_game *game)
{
    return game ? game->board->side(&game->pos) : SEEGA_E_INVALID;
}

SEEGA_API int32_t seega_phase(const seega_game *game)
{
    if (!game)
        return SEEGA_E_INVALID;
    return game->board->hand(&game->pos, 0) + game->board->hand(&game->pos, 1)
               ? SEEGA_PHASE_PLACING
               : SEEGA_PHASE_MOVING;
}

SEEGA_API int32_t seega_turn_state(const seega_game *game, int32_t *chain)
{
    int c, st;
    if (!game)
        return SEEGA_E_INVALID;
    st = game->board->state(&game->pos, &c);
    if (chain)
        *chain = c;
    return st;
}

SEEGA_API int32_t seega_board_size(const seega_game *game)
{
    return game ? game->cr.n : SEEGA_E_INVALID;
}

static int32_t check_side(const seega_game *g, int32_t side)
{
    if (side != SEEGA_X && side != SEEGA_O)
        return sg_fail(g, SEEGA_E_INVALID,
                    "side %ld is neither SEEGA_X (0) nor SEEGA_O (1)",
                    (long)side);
    return SEEGA_OK;
}

SEEGA_API int32_t seega_pieces(const seega_game *game, int32_t side)
{
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if ((rc = check_side(game, side)) != SEEGA_OK)
        return rc;
    return game->board->count(&game->pos, side);
}

SEEGA_API int32_t seega_in_hand(const seega_game *game, int32_t side)
{
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if ((rc = check_side(game, side)) != SEEGA_OK)
        return rc;
    return game->board->hand(&game->pos, side);
}

SEEGA_API int32_t seega_piece_at(const seega_game *game, int32_t square)
{
    int32_t rc;
    if (!game)
        return SEEGA_E_INVALID;
    if ((rc = sg_check_square(game, square, "square")) != SEEGA_OK)
        return rc;
    return game->board->piece_at(&game->pos, square);
}

SEEGA_API int32_t seega_quiet_count(const seega_game *game)
{
    return game ? game->board->quiet(&game->pos) : SEEGA_E_INVALID;
}

SEEGA_API int32_t seega_hash(const seega_game *game, uint64_t *out)
{
    if (!game)
        return SEEGA_E_INVALID;
    if (!out)
        return sg_fail(game, SEEGA_E_INVALID, "seega_hash: out is NULL");
    *out = game->board->hash(&game->pos);
    return SEEGA_OK;
}

SEEGA_API int32_t seega_history_length(const seega_game *game)
{
    return game ? (int32_t)game->hist_len : SEEGA_E_INVALID;
}

SEEGA_API int32_t seega_history_action(const seega_game *game, int32_t index,
                                       seega_action *out)
{
    if (!game)
        return SEEGA_E_INVALID;
    if (!out)
        return sg_fail(game, SEEGA_E_INVALID, "seega_history_action: out is NULL");
    if (index < 0 || (size_t)index >= game->hist_len)
        return sg_fail(game, SEEGA_E_INVALID,
                    "history index %ld is out of range (the history holds %lu "
                    "actions)",
                    (long)index, (unsigned long)game->hist_len);
    *out = game->hist[index].action;
    return SEEGA_OK;
}

SEEGA_API int32_t seega_repetitions(const seega_game *game)
{
    int32_t k = 1;
    if (!game)
        return SEEGA_E_INVALID;
    for (size_t i = 0; i < game->hist_len; i++)
        k += game->board->same(&game->hist[i].before, &game->pos);
    return k;
}

SEEGA_API const char *seega_last_error(const seega_game *game)
{
    return game ? game->err : "the game is NULL";
}

/* ---- analysis ------------------------------------------------------------ */

SEEGA_API int32_t seega_perft(const seega_game *game, int32_t depth,
                              uint64_t *count)
{
    if (!game)
        return SEEGA_E_INVALID;
    if (!count)
        return sg_fail(game, SEEGA_E_INVALID, "seega_perft: count is NULL");
    if (depth < 0)
        return sg_fail(game, SEEGA_E_INVALID, "perft depth %ld is negative",
                    (long)depth);
    /* The recursion takes a stack frame per ply (see seega.h). */
    if (depth > SEEGA_PERFT_MAX_DEPTH)
        return sg_fail(game, SEEGA_E_INVALID,
                       "perft depth %ld is above the maximum, %d "
                       "(SEEGA_PERFT_MAX_DEPTH)",
                       (long)depth, SEEGA_PERFT_MAX_DEPTH);
    *count = game->board->perft(&game->pos, &game->cr, depth);
    return SEEGA_OK;
}

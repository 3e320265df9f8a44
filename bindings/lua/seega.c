/*
 * The Lua module "seega": a thin layer over libseega's public C API.
 *
 * A game is a full userdata holding one seega_game pointer, with the
 * metatable "seega.game" (methods in __index, __gc, __close, __tostring).
 * close() frees the C game at once and leaves a NULL behind, so every
 * method checks for it and raises a clear error instead of crashing.
 * Endgame tables are a userdata of their own ("seega.tablebase"), kept
 * alive by every game they are attached to.
 *
 * The error convention follows liolib: a wrong type, a missing argument, an
 * unknown name (preset, side, option) or a closed game raises; whatever the
 * library refuses as a matter of the rules (an illegal or malformed action,
 * a bad SPN, rules out of range, nothing to undo) returns nil, message,
 * code. No game logic lives here: every rule question goes to libseega.
 *
 * Written for Lua 5.4; the small shim below also builds it for 5.1-5.3 and
 * LuaJIT.
 *
 * SPDX-License-Identifier: MIT
 */
#include <lauxlib.h>
#include <lua.h>
#include <seega.h>

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- compatibility shim (5.1 - 5.3, LuaJIT) ----------------------------- */

#if LUA_VERSION_NUM < 504
#define lua_newuserdatauv(L, size, nuv) lua_newuserdata((L), (size))
#endif

#ifndef LUA_MAXINTEGER /* 5.1 and LuaJIT: lua_Integer is ptrdiff_t */
#define LUA_MAXINTEGER PTRDIFF_MAX
#define LUA_MININTEGER PTRDIFF_MIN
#endif

#if LUA_VERSION_NUM < 502
#define SL_NEWLIB(L, l) (lua_newtable(L), luaL_register((L), NULL, (l)))
#define SL_SETFUNCS(L, l) luaL_register((L), NULL, (l))
#else
#define SL_NEWLIB(L, l) luaL_newlib((L), (l))
#define SL_SETFUNCS(L, l) luaL_setfuncs((L), (l), 0)
#endif

/* What int_arg found. */
enum {
    INT_OK,       /* an integer lua_Integer holds: *v */
    INT_BIG,      /* an integral value beyond lua_Integer (2^63 as a float) */
    INT_FRACTION, /* a fraction, NaN or an infinity */
    INT_NOTNUM    /* not a number: a numeric string is not one */
};

/* The value at idx as an integer, and its text (the value as written in
   a message, "" for a non-number) in text[cap]. Strings are never
   converted, and no value is clamped or wrapped: a caller that needs a
   smaller range checks *v. */
static int int_arg(lua_State *L, int idx, lua_Integer *v, char *text,
                   size_t cap)
{
    lua_Number n, lo;
    *v = 0;
    text[0] = '\0';
    if (lua_type(L, idx) != LUA_TNUMBER)
        return INT_NOTNUM;
#if LUA_VERSION_NUM >= 503
    {
        int ok;
        lua_Integer i = lua_tointegerx(L, idx, &ok);
        if (ok) {
            *v = i;
            snprintf(text, cap, "%lld", (long long)i);
            return INT_OK;
        }
    }
#endif
    n = lua_tonumber(L, idx);
    snprintf(text, cap, "%.17g", (double)n);
    if (n != n || n - n != 0) /* NaN, or an infinity */
        return INT_FRACTION;
    /* -2^(bits-1), exact as a float; at or beyond it each float is an
       integer, and the cast below would be undefined */
    lo = (lua_Number)LUA_MININTEGER;
    if (n < lo || n >= -lo)
        return INT_BIG;
#if LUA_VERSION_NUM < 503
    if ((lua_Number)(lua_Integer)n == n) {
        *v = (lua_Integer)n;
        snprintf(text, cap, "%lld", (long long)*v);
        return INT_OK;
    }
#endif
    return INT_FRACTION;
}

/* ---- helpers ------------------------------------------------------------- */

#define GAME_MT "seega.game"
#define TB_MT "seega.tablebase"
/* Registry key of a weak-keyed table: game userdata -> the tablebase
   userdata attached to it (which it so keeps alive). */
#define ATTACHED_KEY "seega.attached"

typedef struct lgame {
    seega_game *game; /* NULL once closed (or if creation failed) */
    int searching;    /* inside search(): only stop() may be called */
} lgame;

static const char *const preset_names[] = {"classic", "diagonal", "modern",
                                           "traditional", NULL};
static const int32_t preset_ids[] = {SEEGA_CLASSIC, SEEGA_DIAGONAL,
                                     SEEGA_MODERN, SEEGA_TRADITIONAL};
static const char *const side_names[] = {"x", "o", NULL};
static const int32_t side_ids[] = {SEEGA_X, SEEGA_O};
static const char *const dirs_names[] = {"orthogonal", "all", NULL};
static const int32_t dirs_ids[] = {SEEGA_DIRS_ORTHOGONAL, SEEGA_DIRS_ALL};
static const char *const blocked_names[] = {"loses", "passes", "opponent_opens",
                                            "removes", NULL};
static const int32_t blocked_ids[] = {SEEGA_BLOCKED_LOSES, SEEGA_BLOCKED_PASSES,
                                      SEEGA_BLOCKED_OPPONENT_OPENS,
                                      SEEGA_BLOCKED_REMOVES};
static const char *const reason_names[] = {NULL, "material", "blocked", "quiet",
                                           "both_blocked"};

/* A short word for a status code: the third value of a failed call. */
static const char *status_word(int32_t status)
{
    switch (status) {
    case SEEGA_E_INVALID: return "invalid";
    case SEEGA_E_ILLEGAL: return "illegal";
    case SEEGA_E_PARSE: return "parse";
    case SEEGA_E_NOMEM: return "nomem";
    case SEEGA_E_GAME_OVER: return "game_over";
    case SEEGA_E_BUFFER: return "buffer";
    case SEEGA_E_VERSION: return "version";
    case SEEGA_E_RULES: return "rules";
    case SEEGA_E_IO: return "io";
    case SEEGA_E_CORRUPT: return "corrupt";
    case SEEGA_E_NOT_COVERED: return "not_covered";
    case SEEGA_E_STOPPED: return "stopped";
    default: return "unknown";
    }
}

/* Return nil, message, code (the liolib convention for expected failures). */
static int fail(lua_State *L, int32_t status, const char *msg)
{
    lua_pushnil(L);
    lua_pushstring(L, msg);
    lua_pushstring(L, status_word(status));
    return 3;
}

/* The game at argument 1: raises on a non-game, a closed game, or a game
   whose search is running (from its on_progress function: the C API then
   allows no call on the game but seega_search_stop). */
static lgame *check_lgame_at(lua_State *L, int idx)
{
    lgame *lg = (lgame *)luaL_checkudata(L, idx, GAME_MT);
    if (lg->game == NULL)
        luaL_error(L, "attempt to use a closed seega game");
    if (lg->searching)
        luaL_error(L, "attempt to use a seega game during its search (only "
                      "stop() may be called from on_progress)");
    return lg;
}

static lgame *check_lgame(lua_State *L)
{
    return check_lgame_at(L, 1);
}

static seega_game *check_game(lua_State *L)
{
    return check_lgame(L)->game;
}

/* A new game userdata, not yet holding a game, on top of the stack. The
   userdata exists first so that no C game can leak if Lua raises. */
static lgame *new_lgame(lua_State *L)
{
    lgame *lg = (lgame *)lua_newuserdatauv(L, sizeof *lg, 0);
    lg->game = NULL;
    lg->searching = 0;
    luaL_getmetatable(L, GAME_MT);
    lua_setmetatable(L, -2);
    return lg;
}

/* Out of memory is Lua's to raise, as for any allocation. */
static void check_nomem(lua_State *L, int32_t status, const char *what)
{
    if (status == SEEGA_E_NOMEM)
        luaL_error(L, "not enough memory (%s)", what);
}

/* A new game for rules r, pushed as userdata: 0, or (refused) the count of
   the failure values pushed for the caller to return. */
static int push_game(lua_State *L, const seega_rules *r, lgame **out)
{
    lgame *lg = new_lgame(L);
    int32_t rc = seega_new(r, &lg->game);
    if (rc != SEEGA_OK) {
        check_nomem(L, rc, "creating a game");
        return fail(L, rc, seega_status_text(rc));
    }
    *out = lg;
    return 0;
}

/* Loading a new game failed with rc: close it and give the reason. */
static int drop_game(lua_State *L, lgame *lg, int32_t rc)
{
    lua_pushstring(L, seega_last_error(lg->game));
    seega_free(lg->game);
    lg->game = NULL;
    check_nomem(L, rc, lua_tostring(L, -1));
    return fail(L, rc, lua_tostring(L, -1));
}

/* The outcome of a call that changes the game: true, or nil, msg, code. */
static int game_status(lua_State *L, seega_game *game, int32_t status)
{
    if (status >= 0) {
        lua_pushboolean(L, 1);
        return 1;
    }
    check_nomem(L, status, seega_last_error(game));
    return fail(L, status, seega_last_error(game));
}

/* A string argument; *bad says whether it holds a NUL byte (the C API
   reads up to the first NUL, so "c2\0junk" must not pass as "c2"). Raises
   when the argument is neither a string nor a number. */
static const char *check_text(lua_State *L, int idx, int *bad)
{
    size_t len;
    const char *s = luaL_checklstring(L, idx, &len);
    *bad = strlen(s) != len;
    return s;
}

static int type_error(lua_State *L, int arg, const char *expected)
{
    const char *msg = lua_pushfstring(L, "%s expected, got %s", expected,
                                      luaL_typename(L, arg));
    return luaL_argerror(L, arg, msg);
}

/* The integer argument at idx, in [lo, hi]. Raises on anything else: a
   non-number (a numeric string such as "3" included), a fraction, or a
   value out of range, with a message naming `what`, the value and the
   range ("depth must be in 0..32 (got 33)"). */
static lua_Integer check_int(lua_State *L, int idx, const char *what,
                             lua_Integer lo, lua_Integer hi)
{
    char text[48], msg[160];
    lua_Integer v;
    int kind = int_arg(L, idx, &v, text, sizeof text);
    if (kind == INT_NOTNUM)
        type_error(L, idx, "integer");
    if (kind == INT_FRACTION) {
        snprintf(msg, sizeof msg, "%s must be an integer (got %s)", what, text);
        luaL_argerror(L, idx, msg);
    }
    if (kind == INT_BIG || v < lo || v > hi) {
        snprintf(msg, sizeof msg, "%s must be in %lld..%lld (got %s)", what,
                 (long long)lo, (long long)hi, text);
        luaL_argerror(L, idx, msg);
    }
    return v;
}

/* Push a square's name. */
static void push_square(lua_State *L, const seega_game *game, int32_t square)
{
    char buf[SEEGA_SQUARE_TEXT_MAX];
    if (seega_square_to_text(game, square, buf, sizeof buf) < 0)
        luaL_error(L, "seega: %s", seega_last_error(game));
    lua_pushstring(L, buf);
}

/* Push an action's text. */
static void push_action(lua_State *L, const seega_game *game,
                        seega_action action)
{
    char buf[SEEGA_ACTION_TEXT_MAX];
    if (seega_action_to_text(game, action, buf, sizeof buf) < 0)
        luaL_error(L, "seega: %s", seega_last_error(game));
    lua_pushstring(L, buf);
}

/* Read the square at argument idx: a name ("c3", any case) or the
   library's index (a1 = 0). A value of the wrong type, or a fraction,
   raises. Otherwise returns SEEGA_OK and sets *square (an index is
   range-checked by the call that uses it), or a status with *msg set to
   the reason (NULL when the reason is the game's last error): an index
   beyond int32_t gets the library's "off the board" message here, with
   its value. */
static int32_t get_square(lua_State *L, seega_game *game, int idx,
                          int32_t *square, const char **msg)
{
    int t = lua_type(L, idx);
    *msg = NULL;
    if (t == LUA_TNUMBER) {
        char text[48];
        lua_Integer v;
        int kind = int_arg(L, idx, &v, text, sizeof text);
        if (kind == INT_FRACTION)
            luaL_argerror(L, idx, "square index must be an integer");
        if (kind == INT_BIG || v < INT32_MIN || v > INT32_MAX) {
            /* beyond int32_t: the library's message, with the value */
            int32_t n = seega_board_size(game);
            *msg = lua_pushfstring(
                L, "square %s is off the %dx%d board (squares are 0..%d)", text,
                (int)n, (int)n, (int)(n * n - 1));
            return SEEGA_E_INVALID;
        }
        /* the library checks the range, and names the square */
        *square = (int32_t)v;
        return SEEGA_OK;
    }
    if (t == LUA_TSTRING) {
        int bad;
        const char *s = check_text(L, idx, &bad);
        if (bad) {
            *msg = "a square name cannot contain a NUL byte";
            return SEEGA_E_PARSE;
        }
        return seega_square_from_text(game, s, square);
    }
    type_error(L, idx, "square name or index");
    return SEEGA_E_INVALID;
}

/* A square argument for a query: anything but a square on the board
   raises, with the library's message. */
static int32_t check_square(lua_State *L, seega_game *game, int idx)
{
    int32_t square;
    int32_t n = seega_board_size(game);
    const char *msg;
    if (get_square(L, game, idx, &square, &msg) != SEEGA_OK)
        luaL_argerror(L, idx, msg != NULL ? msg : seega_last_error(game));
    if (square < 0 || square >= n * n)
        luaL_argerror(L, idx,
                      lua_pushfstring(L, "square %d is off the %dx%d board",
                                      (int)square, (int)n, (int)n));
    return square;
}

static int32_t check_side(lua_State *L, int idx)
{
    return luaL_checkoption(L, idx, NULL, side_names) == 0 ? SEEGA_X : SEEGA_O;
}

/* Set t[key] = the string s, for the table on top. */
static void set_string(lua_State *L, const char *key, const char *s)
{
    lua_pushstring(L, s);
    lua_setfield(L, -2, key);
}

static void set_integer(lua_State *L, const char *key, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, key);
}

static void set_boolean(lua_State *L, const char *key, int v)
{
    lua_pushboolean(L, v);
    lua_setfield(L, -2, key);
}

/* A uint64_t count as a Lua integer (or a float past the integer range). */
static void push_count(lua_State *L, uint64_t v)
{
    if (v <= (uint64_t)LUA_MAXINTEGER)
        lua_pushinteger(L, (lua_Integer)v);
    else
        lua_pushnumber(L, (lua_Number)v);
}

static void set_count(lua_State *L, const char *key, uint64_t v)
{
    push_count(L, v);
    lua_setfield(L, -2, key);
}

/* Raise unless every key of the table at idx is one of names: a misspelt
   option must not be silently ignored. */
static void check_keys(lua_State *L, int idx, const char *const *names,
                       const char *what)
{
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
        int known = 0;
        lua_pop(L, 1); /* the value */
        if (lua_type(L, -1) == LUA_TSTRING) {
            const char *key = lua_tostring(L, -1);
            for (int i = 0; names[i] != NULL && !known; i++)
                known = strcmp(key, names[i]) == 0;
            if (!known)
                luaL_error(L, "unknown %s '%s'", what, key);
        } else {
            luaL_error(L, "%s keys must be strings, got %s", what,
                       luaL_typename(L, -1));
        }
    }
}

/* An optional integer field of the options table at idx: raises when it
   is present but not an integer in [lo, hi]. */
static lua_Integer opt_field(lua_State *L, int idx, const char *what,
                             const char *key, lua_Integer def, lua_Integer lo,
                             lua_Integer hi)
{
    lua_Integer v = def;
    lua_getfield(L, idx, key);
    if (!lua_isnil(L, -1)) {
        char text[48];
        int kind = int_arg(L, -1, &v, text, sizeof text);
        if (kind == INT_NOTNUM || kind == INT_FRACTION)
            luaL_error(L, "%s: %s must be an integer, got %s", what, key,
                       kind == INT_FRACTION ? "a fraction"
                                            : luaL_typename(L, -1));
        if (kind == INT_BIG || v < lo || v > hi) {
            char range[112];
            snprintf(range, sizeof range, "%lld..%lld (got %s)", (long long)lo,
                     (long long)hi, text);
            luaL_error(L, "%s: %s must be in %s", what, key, range);
        }
    }
    lua_pop(L, 1);
    return v;
}

/* ---- rules --------------------------------------------------------------- */

/* Push the rules as a table of the Python binding's field names and
   string values. */
static void push_rules(lua_State *L, const seega_rules *r)
{
    lua_createtable(L, 0, 11);
    set_integer(L, "board_size", r->board_size);
    set_integer(L, "placements_per_turn", r->placements_per_turn);
    set_boolean(L, "opening_squares", r->opening_squares);
    set_string(L, "first_mover", r->first_mover == SEEGA_X ? "x" : "o");
    set_string(L, "move_dirs",
               r->move_dirs == SEEGA_DIRS_ALL ? "all" : "orthogonal");
    set_string(L, "capture_dirs",
               r->capture_dirs == SEEGA_DIRS_ALL ? "all" : "orthogonal");
    set_boolean(L, "centre_immune", r->centre_immune);
    set_boolean(L, "chain_captures", r->chain_captures);
    for (int i = 0; blocked_names[i] != NULL; i++)
        if (blocked_ids[i] == r->blocked)
            set_string(L, "blocked", blocked_names[i]);
    set_integer(L, "lose_at", r->lose_at);
    set_integer(L, "quiet_limit", r->quiet_limit);
}

static const char *const rules_fields[] = {
    "board_size",    "placements_per_turn", "opening_squares",
    "first_mover",   "move_dirs",           "capture_dirs",
    "centre_immune", "chain_captures",      "blocked",
    "lose_at",       "quiet_limit",         NULL};

/* One field of a rules table into *out. Raises on a wrong type; returns 0
   and writes msg on a value the struct cannot hold (a string value that
   names no choice, an integer beyond int32_t). Absent fields keep *out. */
static int rules_field(lua_State *L, int idx, const char *key, int32_t *out,
                       const char *const *names, const int32_t *ids, char *msg,
                       size_t cap)
{
    int t;
    lua_getfield(L, idx, key);
    t = lua_type(L, -1);
    if (t == LUA_TNIL) {
        /* absent: keep the default */
    } else if (names != NULL) {
        const char *s;
        int i;
        if (t != LUA_TSTRING)
            luaL_error(L, "rules.%s must be a string, got %s", key,
                       luaL_typename(L, -1));
        s = lua_tostring(L, -1);
        for (i = 0; names[i] != NULL && strcmp(names[i], s) != 0; i++)
            ;
        if (names[i] == NULL) {
            size_t len = 0;
            len += (size_t)snprintf(msg, cap, "rules.%s must be", key);
            for (i = 0; names[i] != NULL && len < cap; i++)
                len += (size_t)snprintf(msg + len, cap - len, "%s \"%s\"",
                                        i == 0         ? ""
                                        : names[i + 1] ? ","
                                                       : " or",
                                        names[i]);
            if (len < cap)
                snprintf(msg + len, cap - len, " (got \"%.40s\")", s);
            lua_pop(L, 1);
            return 0;
        }
        *out = ids[i];
    } else if (t == LUA_TBOOLEAN) {
        *out = lua_toboolean(L, -1);
    } else {
        char text[48];
        lua_Integer v;
        int kind = int_arg(L, -1, &v, text, sizeof text);
        if (kind == INT_NOTNUM || kind == INT_FRACTION)
            luaL_error(L, "rules.%s must be an integer%s, got %s", key,
                       strcmp(key, "opening_squares") == 0 ||
                               strcmp(key, "centre_immune") == 0 ||
                               strcmp(key, "chain_captures") == 0
                           ? " or a boolean"
                           : "",
                       kind == INT_FRACTION ? "a fraction"
                                            : luaL_typename(L, -1));
        if (kind == INT_BIG || v < INT32_MIN || v > INT32_MAX) {
            snprintf(msg, cap, "rules.%s is out of range (got %s)", key, text);
            lua_pop(L, 1);
            return 0;
        }
        *out = (int32_t)v;
    }
    lua_pop(L, 1);
    return 1;
}

/* The rules table at idx into *r: fields left out take the CLASSIC
   defaults (SEEGA_RULES_INIT), board_size defaults to size. Raises on a
   wrong type or an unknown field; returns SEEGA_OK, or a status with msg
   for rules the library refuses (checked with seega_rules_validate, whose
   message it is). */
static int32_t table_rules(lua_State *L, int idx, int32_t size, seega_rules *r,
                           char *msg, size_t cap)
{
    static const seega_rules init = SEEGA_RULES_INIT;
    *r = init;
    r->board_size = size;
    check_keys(L, idx, rules_fields, "rules field");
    if (!rules_field(L, idx, "board_size", &r->board_size, NULL, NULL, msg,
                     cap) ||
        !rules_field(L, idx, "placements_per_turn", &r->placements_per_turn,
                     NULL, NULL, msg, cap) ||
        !rules_field(L, idx, "opening_squares", &r->opening_squares, NULL, NULL,
                     msg, cap) ||
        !rules_field(L, idx, "first_mover", &r->first_mover, side_names,
                     side_ids, msg, cap) ||
        !rules_field(L, idx, "move_dirs", &r->move_dirs, dirs_names, dirs_ids,
                     msg, cap) ||
        !rules_field(L, idx, "capture_dirs", &r->capture_dirs, dirs_names,
                     dirs_ids, msg, cap) ||
        !rules_field(L, idx, "centre_immune", &r->centre_immune, NULL, NULL,
                     msg, cap) ||
        !rules_field(L, idx, "chain_captures", &r->chain_captures, NULL, NULL,
                     msg, cap) ||
        !rules_field(L, idx, "blocked", &r->blocked, blocked_names, blocked_ids,
                     msg, cap) ||
        !rules_field(L, idx, "lose_at", &r->lose_at, NULL, NULL, msg, cap) ||
        !rules_field(L, idx, "quiet_limit", &r->quiet_limit, NULL, NULL, msg,
                     cap))
        return SEEGA_E_RULES;
    return seega_rules_validate(r, msg, cap);
}

/* A preset's rules on a board size. The name is checked (raises); the
   size is the library's to judge (SEEGA_E_RULES with its message). A
   size_rc other than SEEGA_OK is opt_size's refusal (msg holds it),
   returned once the name is checked. */
static int32_t preset_rules(lua_State *L, int idx, int32_t size,
                            int32_t size_rc, seega_rules *r, char *msg,
                            size_t cap)
{
    int which = luaL_checkoption(L, idx, "classic", preset_names);
    if (size_rc != SEEGA_OK)
        return size_rc;
    if (seega_rules_preset(r, preset_ids[which], size) == SEEGA_OK)
        return SEEGA_OK;
    /* a bad size: let validation word the message */
    seega_rules_preset(r, preset_ids[which], 5);
    r->board_size = size;
    return seega_rules_validate(r, msg, cap);
}

/* The optional board size at idx (default 5) into *size. Raises on a
   non-integer; a value beyond int32_t gives SEEGA_E_RULES with the
   message validation gives for other bad sizes, naming the value. */
static int32_t opt_size(lua_State *L, int idx, int32_t *size, char *msg,
                        size_t cap)
{
    lua_Integer v = 5;
    *size = 5;
    if (!lua_isnoneornil(L, idx)) {
        char text[48];
        int kind = int_arg(L, idx, &v, text, sizeof text);
        if (kind == INT_NOTNUM || kind == INT_FRACTION)
            type_error(L, idx, "integer board size");
        if (kind == INT_BIG || v < INT32_MIN || v > INT32_MAX) {
            snprintf(msg, cap, "rules.board_size must be 5, 7 or 9 (got %s)",
                     text);
            return SEEGA_E_RULES;
        }
    }
    *size = (int32_t)v;
    return SEEGA_OK;
}

/* The rules of argument idx (a preset name, nil for "classic", or a rules
   table), with the board size at idx + 1 for a preset name. */
static int32_t arg_rules(lua_State *L, int idx, int32_t size_from_spn,
                         seega_rules *r, char *msg, size_t cap)
{
    int t = lua_type(L, idx);
    int32_t size = size_from_spn, size_rc = SEEGA_OK;
    if (t == LUA_TTABLE) {
        if (size_from_spn <= 0 && !lua_isnoneornil(L, idx + 1))
            luaL_argerror(L, idx + 1,
                          "a board size goes with a preset name only (set "
                          "board_size in the rules table)");
        return table_rules(L, idx, size_from_spn > 0 ? size_from_spn : 5, r,
                           msg, cap);
    }
    if (t != LUA_TSTRING && t != LUA_TNONE && t != LUA_TNIL)
        type_error(L, idx, "preset name or rules table");
    if (size_from_spn <= 0)
        size_rc = opt_size(L, idx + 1, &size, msg, cap);
    return preset_rules(L, idx, size, size_rc, r, msg, cap);
}

/* ---- module functions ---------------------------------------------------- */

/* seega.rules([preset [, size]]) -> table | nil, msg, code */
static int l_rules(lua_State *L)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    int32_t rc;
    if (lua_type(L, 1) == LUA_TTABLE)
        type_error(L, 1, "preset name");
    rc = arg_rules(L, 1, 0, &r, msg, sizeof msg);
    if (rc != SEEGA_OK)
        return fail(L, rc, msg);
    push_rules(L, &r);
    return 1;
}

/* seega.new([preset_or_rules [, size]]) -> game | nil, msg, code */
static int l_new(lua_State *L)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    lgame *lg;
    int pushed;
    int32_t rc = arg_rules(L, 1, 0, &r, msg, sizeof msg);
    if (rc != SEEGA_OK)
        return fail(L, rc, msg);
    if ((pushed = push_game(L, &r, &lg)) != 0)
        return pushed;
    return 1;
}

/* The board size an SPN describes: its ranks are separated by '/' in the
   first field. Anything but 5, 7 or 9 gives 5, and the library's parser
   then names what is wrong. */
static int32_t spn_size(const char *spn)
{
    int32_t ranks = 1;
    while (*spn == ' ' || *spn == '\t' || *spn == '\n' || *spn == '\r')
        spn++;
    for (; *spn != '\0' && *spn != ' ' && *spn != '\t'; spn++)
        ranks += *spn == '/';
    return ranks == 7 || ranks == 9 ? ranks : 5;
}

/* seega.from_spn(spn [, preset_or_rules]) -> game | nil, msg, code */
static int l_from_spn(lua_State *L)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    lgame *lg;
    int bad, pushed;
    const char *spn = check_text(L, 1, &bad);
    int32_t rc;
    luaL_argcheck(L, lua_isnoneornil(L, 3), 3,
                  "no size here: the board size comes from the SPN");
    rc = arg_rules(L, 2, spn_size(spn), &r, msg, sizeof msg);
    if (rc != SEEGA_OK)
        return fail(L, rc, msg);
    if (bad)
        return fail(L, SEEGA_E_PARSE, "bad SPN: it contains a NUL byte");
    if ((pushed = push_game(L, &r, &lg)) != 0)
        return pushed;
    rc = seega_set_spn(lg->game, spn);
    if (rc != SEEGA_OK)
        return drop_game(L, lg, rc);
    return 1;
}

/* seega.library_version() -> "MAJOR.MINOR.PATCH" of the loaded libseega */
static int l_library_version(lua_State *L)
{
    int32_t v = seega_version_number();
    lua_pushfstring(L, "%d.%d.%d", (int)(v / 10000), (int)(v / 100 % 100),
                    (int)(v % 100));
    return 1;
}

/* ---- game methods: actions ----------------------------------------------- */

/* game:legal_moves() -> { "c2", ... } */
static int g_legal_moves(lua_State *L)
{
    seega_game *game = check_game(L);
    seega_action buf[SEEGA_MAX_ACTIONS];
    int32_t n = seega_legal_moves(game, buf, SEEGA_MAX_ACTIONS);
    if (n < 0)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    lua_createtable(L, n, 0);
    for (int32_t i = 0; i < n && i < SEEGA_MAX_ACTIONS; i++) {
        push_action(L, game, buf[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* The action text at argument idx, parsed into *action: 0, or (when it
   holds a NUL byte or does not parse) the count of nil, msg, code pushed. */
static int action_arg(lua_State *L, seega_game *game, int idx,
                      seega_action *action)
{
    int bad;
    const char *text = check_text(L, idx, &bad);
    int32_t rc;
    if (bad)
        return fail(L, SEEGA_E_PARSE,
                    "an action text cannot contain a NUL byte");
    rc = seega_action_from_text(game, text, action);
    return rc == SEEGA_OK ? 0 : game_status(L, game, rc);
}

/* game:play(text) -> true | nil, msg, code */
static int g_play(lua_State *L)
{
    seega_game *game = check_game(L);
    seega_action action;
    int nres = action_arg(L, game, 2, &action);
    if (nres)
        return nres;
    return game_status(L, game, seega_play(game, action));
}

/* game:place(square) -> true | nil, msg, code */
static int g_place(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t square;
    const char *msg;
    int32_t rc = get_square(L, game, 2, &square, &msg);
    if (rc != SEEGA_OK)
        return msg != NULL ? fail(L, rc, msg) : game_status(L, game, rc);
    return game_status(L, game, seega_place(game, square));
}

/* game:move(from, to) -> true | nil, msg, code */
static int g_move(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t from, to;
    const char *msg;
    int32_t rc = get_square(L, game, 2, &from, &msg);
    if (rc == SEEGA_OK)
        rc = get_square(L, game, 3, &to, &msg);
    if (rc != SEEGA_OK)
        return msg != NULL ? fail(L, rc, msg) : game_status(L, game, rc);
    return game_status(L, game, seega_move(game, from, to));
}

/* game:undo() -> the text of the action taken back | nil, msg, code */
static int g_undo(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t n = seega_history_length(game);
    seega_action last;
    int32_t rc;
    if (n > 0 && seega_history_action(game, n - 1, &last) == SEEGA_OK)
        push_action(L, game, last);
    rc = seega_undo(game);
    if (rc != SEEGA_OK)
        return game_status(L, game, rc);
    return 1;
}

/* ---- game methods: text -------------------------------------------------- */

/* game:spn() -> the position as SPN */
static int g_spn(lua_State *L)
{
    seega_game *game = check_game(L);
    char buf[SEEGA_SPN_MAX];
    if (seega_get_spn(game, buf, sizeof buf) < 0)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    lua_pushstring(L, buf);
    return 1;
}

/* game:set_spn(spn) -> true | nil, msg, code */
static int g_set_spn(lua_State *L)
{
    seega_game *game = check_game(L);
    int bad;
    const char *spn = check_text(L, 2, &bad);
    if (bad)
        return fail(L, SEEGA_E_PARSE, "bad SPN: it contains a NUL byte");
    return game_status(L, game, seega_set_spn(game, spn));
}

/* ---- game methods: lifecycle --------------------------------------------- */

/* game:copy() -> an independent game */
static int g_copy(lua_State *L)
{
    seega_game *game = check_game(L);
    lgame *lg = new_lgame(L);
    int32_t rc = seega_clone(game, &lg->game);
    if (rc != SEEGA_OK)
        return luaL_error(L, "not enough memory (%s)", seega_last_error(game));
    /* the copy has the tables attached too: it keeps them alive as well */
    lua_getfield(L, LUA_REGISTRYINDEX, ATTACHED_KEY);
    lua_pushvalue(L, 1);
    lua_rawget(L, -2);
    if (!lua_isnil(L, -1)) {
        lua_pushvalue(L, -3); /* the copy */
        lua_insert(L, -2);
        lua_rawset(L, -3);
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 1;
}

/* game:close() -> true; closing twice is fine, using a closed game is not */
static int g_close(lua_State *L)
{
    lgame *lg = (lgame *)luaL_checkudata(L, 1, GAME_MT);
    if (lg->searching)
        return luaL_error(L, "attempt to close a seega game during its search");
    seega_free(lg->game);
    lg->game = NULL;
    /* no longer keeps its tables alive */
    lua_getfield(L, LUA_REGISTRYINDEX, ATTACHED_KEY);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
    return 1;
}

/* __gc: free the game unless close() already did. A game being searched
   is on the stack of search(), so the collector never calls this during
   the search; but Lua code can (getmetatable(game).__gc(game) from
   on_progress), and that raises, as close() does, rather than free the
   game under the search. */
static int g_gc(lua_State *L)
{
    lgame *lg = (lgame *)luaL_checkudata(L, 1, GAME_MT);
    if (lg->searching)
        return luaL_error(L, "attempt to free a seega game during its search");
    seega_free(lg->game);
    lg->game = NULL;
    return 0;
}

/* __close: as close(), for `local game <close> = ...`. A to-be-closed
   variable inside on_progress could name the game being searched: that
   raises, like close(), rather than free it under the search. */
static int g_close_var(lua_State *L)
{
    g_close(L);
    return 0;
}

/* ---- game methods: state ------------------------------------------------- */

static int g_to_move(lua_State *L)
{
    seega_game *game = check_game(L);
    lua_pushstring(L, seega_to_move(game) == SEEGA_X ? "x" : "o");
    return 1;
}

static int g_phase(lua_State *L)
{
    seega_game *game = check_game(L);
    lua_pushstring(L,
                   seega_phase(game) == SEEGA_PHASE_PLACING ? "place" : "move");
    return 1;
}

/* game:result() -> nil while the game goes on, else "x" | "o" | "draw" and
   the reason: "material" | "blocked" | "quiet" | "both_blocked" */
static int g_result(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t reason = SEEGA_REASON_NONE;
    int32_t result = seega_result(game, &reason);
    if (result == SEEGA_ONGOING) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushstring(L, result == SEEGA_X_WINS   ? "x"
                      : result == SEEGA_O_WINS ? "o"
                                               : "draw");
    lua_pushstring(L, reason > SEEGA_REASON_NONE &&
                              reason <= SEEGA_REASON_BOTH_BLOCKED
                          ? reason_names[reason]
                          : "unknown");
    return 2;
}

static int g_pieces(lua_State *L)
{
    seega_game *game = check_game(L);
    lua_pushinteger(L, seega_pieces(game, check_side(L, 2)));
    return 1;
}

static int g_in_hand(lua_State *L)
{
    seega_game *game = check_game(L);
    lua_pushinteger(L, seega_in_hand(game, check_side(L, 2)));
    return 1;
}

/* game:at(square) -> "x" | "o" | nil (empty) */
static int g_at(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t piece = seega_piece_at(game, check_square(L, game, 2));
    if (piece == SEEGA_X)
        lua_pushstring(L, "x");
    else if (piece == SEEGA_O)
        lua_pushstring(L, "o");
    else
        lua_pushnil(L);
    return 1;
}

/* game:history() -> { "c2", ... }, oldest first */
static int g_history(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t n = seega_history_length(game);
    lua_createtable(L, n > 0 ? n : 0, 0);
    for (int32_t i = 0; i < n; i++) {
        seega_action a;
        if (seega_history_action(game, i, &a) != SEEGA_OK)
            return luaL_error(L, "seega: %s", seega_last_error(game));
        push_action(L, game, a);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* game:last_captures() -> { "b3", ... }: squares emptied by the last
   action (captures or a removal) */
static int g_last_captures(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t squares[16];
    int32_t n = seega_last_captures(game, squares, 16);
    if (n < 0)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    lua_createtable(L, n, 0);
    for (int32_t i = 0; i < n && i < 16; i++) {
        push_square(L, game, squares[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static const char *const turn_names[] = {"normal", "placed_one", "chain",
                                         "extra", "removed"};

/* game:turn_state() -> "normal" | "placed_one" | "chain" | "extra" |
   "removed", and for "chain" the chain piece's square */
static int g_turn_state(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t chain = SEEGA_NO_SQUARE;
    int32_t state = seega_turn_state(game, &chain);
    if (state < SEEGA_TURN_NORMAL || state > SEEGA_TURN_REMOVED)
        return luaL_error(L, "seega: unknown turn state %d", (int)state);
    lua_pushstring(L, turn_names[state]);
    if (state != SEEGA_TURN_CHAIN || chain == SEEGA_NO_SQUARE)
        return 1;
    push_square(L, game, chain);
    return 2;
}

/* game:hash() -> the 64-bit Zobrist hash as 16 hex digits (a string, so
   that it is exact in every Lua version) */
static int g_hash(lua_State *L)
{
    seega_game *game = check_game(L);
    uint64_t h;
    char buf[17];
    if (seega_hash(game, &h) != SEEGA_OK)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    for (int i = 15; i >= 0; i--, h >>= 4)
        buf[i] = "0123456789abcdef"[h & 15];
    buf[16] = '\0';
    lua_pushstring(L, buf);
    return 1;
}

static int g_quiet(lua_State *L)
{
    lua_pushinteger(L, seega_quiet_count(check_game(L)));
    return 1;
}

static int g_size(lua_State *L)
{
    lua_pushinteger(L, seega_board_size(check_game(L)));
    return 1;
}

static int g_repetitions(lua_State *L)
{
    lua_pushinteger(L, seega_repetitions(check_game(L)));
    return 1;
}

/* game:rules() -> the game's rules as a table */
static int g_rules(lua_State *L)
{
    seega_game *game = check_game(L);
    seega_rules r = SEEGA_RULES_INIT;
    if (seega_get_rules(game, &r) != SEEGA_OK)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    push_rules(L, &r);
    return 1;
}

/* ---- game methods: analysis and simulation ------------------------------- */

/* game:perft(depth) -> the number of action sequences of depth actions;
   depth 0 to SEEGA_PERFT_MAX_DEPTH (checked here too, so that no depth
   the stack cannot take reaches the library) */
static int g_perft(lua_State *L)
{
    seega_game *game = check_game(L);
    lua_Integer depth = check_int(L, 2, "depth", 0, SEEGA_PERFT_MAX_DEPTH);
    uint64_t count;
    if (seega_perft(game, (int32_t)depth, &count) != SEEGA_OK)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    push_count(L, count);
    return 1;
}

static const char *const playout_keys[] = {"count", "seed", "max_actions",
                                           NULL};

/* The default cap on one playout's actions: far beyond a normal game
   (a random 9x9 game takes a few thousand actions), yet finite for the
   rule sets without a quiet limit. */
#define PLAYOUT_MAX_ACTIONS 10000

/* game:playouts{count=, seed=0, max_actions=10000} (or playouts(count))
   -> { count, x_wins, o_wins, draws, unfinished, actions } */
static int g_playouts(lua_State *L)
{
    seega_game *game = check_game(L);
    seega_playout_stats st;
    lua_Integer count, seed = 0, max_actions = PLAYOUT_MAX_ACTIONS;
    if (lua_type(L, 2) == LUA_TTABLE) {
        check_keys(L, 2, playout_keys, "playouts option");
        lua_getfield(L, 2, "count");
        if (lua_isnil(L, -1))
            luaL_error(L, "playouts: count is required");
        lua_pop(L, 1);
        count = opt_field(L, 2, "playouts", "count", 0, 0, UINT32_MAX);
        seed = opt_field(L, 2, "playouts", "seed", 0, LUA_MININTEGER,
                         LUA_MAXINTEGER);
        max_actions = opt_field(L, 2, "playouts", "max_actions",
                                PLAYOUT_MAX_ACTIONS, 0, UINT32_MAX);
    } else if (lua_type(L, 2) == LUA_TNUMBER) {
        count = check_int(L, 2, "count", 0, UINT32_MAX);
    } else {
        return type_error(L, 2, "options table or count");
    }
    st.version = SEEGA_PLAYOUT_STATS_VERSION;
    if (seega_playouts(game, (uint64_t)seed, (uint32_t)count,
                       (uint32_t)max_actions, &st) != SEEGA_OK)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    lua_createtable(L, 0, 6);
    set_count(L, "count", (uint64_t)count);
    set_count(L, "x_wins", st.x_wins);
    set_count(L, "o_wins", st.o_wins);
    set_count(L, "draws", st.draws);
    set_count(L, "unfinished", st.unfinished);
    set_count(L, "actions", st.actions);
    return 1;
}

/* ---- game methods: search ------------------------------------------------ */

static const char *const search_keys[] = {
    "depth",        "nodes",       "time_ms", "remaining_ms",
    "increment_ms", "level",       "seed",    "threads",
    "tt_mb",        "on_progress", NULL};

static const char *const proven_names[] = {NULL, "win", "loss", "draw"};

/* Push a search result as a table. During the search, the text
   functions are the only ones the C API allows on the searched game. */
static void push_search_result(lua_State *L, const seega_game *game,
                               const seega_search_result *r)
{
    lua_createtable(L, 0, 8);
    if (r->best != 0) {
        push_action(L, game, r->best);
        lua_setfield(L, -2, "best");
    }
    set_integer(L, "score", r->score);
    set_integer(L, "depth", r->depth);
    set_count(L, "nodes", r->nodes);
    set_count(L, "time_ms", r->time_ms);
    if (r->proven > SEEGA_PROVEN_NONE && r->proven <= SEEGA_PROVEN_DRAW) {
        set_string(L, "proven", proven_names[r->proven]);
        set_integer(L, "proven_plies", r->proven_plies);
    }
    lua_createtable(L, r->pv_len > 0 ? r->pv_len : 0, 0);
    for (int32_t i = 0; i < r->pv_len && i < SEEGA_PV_MAX; i++) {
        push_action(L, game, r->pv[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "pv");
}

/* What the progress callback needs. */
typedef struct progress_ctx {
    lua_State *L;
    int fn;           /* stack index of the on_progress function */
    int err;          /* stack index of the slot for its error */
    seega_game *game; /* the searched game */
    int failed;
} progress_ctx;

/* Run inside lua_pcall: on_progress(result table) -> its first result. */
static int progress_call(lua_State *L)
{
    const progress_ctx *ctx = (const progress_ctx *)lua_touserdata(L, 2);
    const seega_search_result *info =
        (const seega_search_result *)lua_touserdata(L, 3);
    lua_settop(L, 1);
    push_search_result(L, ctx->game, info);
    lua_call(L, 1, 1);
    return 1;
}

/* The C progress callback: calls on_progress under lua_pcall, so that no
   Lua error (not even out of memory) unwinds through the library's
   frames. An error stops the search; search() raises it afterwards. A
   true result stops the search too. */
static void progress_cb(void *user, const seega_search_result *info)
{
    progress_ctx *ctx = (progress_ctx *)user;
    lua_State *L = ctx->L;
    if (ctx->failed)
        return;
    lua_pushcfunction(L, progress_call);
    lua_pushvalue(L, ctx->fn);
    lua_pushlightuserdata(L, ctx);
    lua_pushlightuserdata(L, (void *)(uintptr_t)info);
    if (lua_pcall(L, 3, 1, 0) != 0) {
        ctx->failed = 1;
        lua_replace(L, ctx->err);
        seega_search_stop(ctx->game);
        return;
    }
    if (lua_toboolean(L, -1))
        seega_search_stop(ctx->game);
    lua_pop(L, 1);
}

/* An int32_t limit: the library judges the value (negative, too large);
   one beyond int32_t raises here, naming it. */
static int32_t limit32(lua_State *L, const char *key)
{
    return (int32_t)opt_field(L, 2, "search", key, 0, INT32_MIN, INT32_MAX);
}

/* game:search{depth=, time_ms=, nodes=, level=, seed=, threads=, tt_mb=,
   remaining_ms=, increment_ms=, on_progress=} -> { best, score, depth,
   nodes, time_ms, pv, proven, proven_plies } | nil, msg, "game_over" */
static int g_search(lua_State *L)
{
    lgame *lg = check_lgame(L);
    seega_search_limits limits = SEEGA_SEARCH_LIMITS_INIT;
    seega_search_result result;
    progress_ctx ctx;
    int32_t rc;
    if (lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_newtable(L);
    }
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_settop(L, 2);
    check_keys(L, 2, search_keys, "search option");
    limits.depth = limit32(L, "depth");
    limits.time_ms = limit32(L, "time_ms");
    limits.remaining_ms = limit32(L, "remaining_ms");
    limits.increment_ms = limit32(L, "increment_ms");
    limits.level = limit32(L, "level");
    limits.threads = limit32(L, "threads");
    limits.tt_mb = limit32(L, "tt_mb");
    limits.nodes =
        (uint64_t)opt_field(L, 2, "search", "nodes", 0, 0, LUA_MAXINTEGER);
    limits.seed = (uint64_t)opt_field(L, 2, "search", "seed", 0, LUA_MININTEGER,
                                      LUA_MAXINTEGER);
    lua_getfield(L, 2, "on_progress"); /* index 3 */
    if (!lua_isnil(L, 3)) {
        if (lua_type(L, 3) != LUA_TFUNCTION)
            luaL_error(L, "search: on_progress must be a function, got %s",
                       luaL_typename(L, 3));
        lua_pushnil(L); /* index 4: the error of on_progress, if any */
        luaL_checkstack(L, 8, "search");
        ctx.L = L;
        ctx.fn = 3;
        ctx.err = 4;
        ctx.game = lg->game;
        ctx.failed = 0;
        limits.progress = progress_cb;
        limits.progress_user = &ctx;
    }
    result.version = SEEGA_SEARCH_RESULT_VERSION;
    lg->searching = 1;
    rc = seega_search(lg->game, &limits, &result);
    lg->searching = 0;
    if (limits.progress != NULL && ctx.failed) {
        lua_pushvalue(L, 4); /* the error of on_progress */
        return lua_error(L);
    }
    if (rc == SEEGA_E_GAME_OVER)
        return fail(L, rc, seega_last_error(lg->game));
    if (rc != SEEGA_OK) {
        check_nomem(L, rc, seega_last_error(lg->game));
        return luaL_error(L, "search: %s", seega_last_error(lg->game));
    }
    push_search_result(L, lg->game, &result);
    return 1;
}

/* game:stop(): stops the running search (from on_progress); otherwise
   does nothing. */
static int g_stop(lua_State *L)
{
    lgame *lg = (lgame *)luaL_checkudata(L, 1, GAME_MT);
    if (lg->game == NULL)
        return luaL_error(L, "attempt to use a closed seega game");
    seega_search_stop(lg->game);
    return 0;
}

/* game:hint([time_ms]) -> a suggested action | nil, msg, "game_over" */
static int g_hint(lua_State *L)
{
    seega_game *game = check_game(L);
    lua_Integer ms =
        lua_isnoneornil(L, 2) ? 0 : check_int(L, 2, "time_ms", 0, INT32_MAX);
    seega_action action;
    int32_t rc;
    rc = seega_hint(game, (int32_t)ms, &action);
    if (rc == SEEGA_E_GAME_OVER)
        return fail(L, rc, seega_last_error(game));
    if (rc != SEEGA_OK) {
        check_nomem(L, rc, seega_last_error(game));
        return luaL_error(L, "hint: %s", seega_last_error(game));
    }
    push_action(L, game, action);
    return 1;
}

/* ---- game methods: learning interface ------------------------------------ */

/* game:num_distinct_actions() -> the size of the action-index space
   (10*N*N + 1) */
static int g_num_distinct_actions(lua_State *L)
{
    lua_pushinteger(L, seega_num_distinct_actions(check_game(L)));
    return 1;
}

/* game:action_index(text) -> index (0-based) | nil, msg, code */
static int g_action_index(lua_State *L)
{
    seega_game *game = check_game(L);
    seega_action action;
    int32_t rc;
    int nres = action_arg(L, game, 2, &action);
    if (nres)
        return nres;
    rc = seega_action_to_index(game, action);
    if (rc < 0)
        return game_status(L, game, rc);
    lua_pushinteger(L, rc);
    return 1;
}

/* game:action_from_index(index) -> the action's text; raises on an index
   that is out of range or a step off the board */
static int g_action_from_index(lua_State *L)
{
    seega_game *game = check_game(L);
    lua_Integer index =
        check_int(L, 2, "index", 0, seega_num_distinct_actions(game) - 1);
    seega_action action;
    if (seega_action_from_index(game, (int32_t)index, &action) != SEEGA_OK)
        return luaL_argerror(L, 2, seega_last_error(game));
    push_action(L, game, action);
    return 1;
}

/* game:legal_mask() -> a string of num_actions() bytes, "\1" where the
   index is legal, "\0" elsewhere (byte i + 1 is index i); and the number
   of legal actions */
static int g_legal_mask(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t size = seega_num_distinct_actions(game);
    luaL_Buffer b;
    int32_t n;
    uint8_t *mask;
    if (size <= 0)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    mask = (uint8_t *)lua_newuserdatauv(L, (size_t)size, 0);
    n = seega_legal_mask(game, mask, (size_t)size);
    if (n < 0)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    luaL_buffinit(L, &b);
    luaL_addlstring(&b, (const char *)mask, (size_t)size);
    luaL_pushresult(&b);
    lua_pushinteger(L, n);
    return 2;
}

/* game:legal_indices() -> { index, ... }: the legal actions' indexes, in
   the order of legal_moves() */
static int g_legal_indices(lua_State *L)
{
    seega_game *game = check_game(L);
    seega_action buf[SEEGA_MAX_ACTIONS];
    int32_t n = seega_legal_moves(game, buf, SEEGA_MAX_ACTIONS);
    if (n < 0)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    lua_createtable(L, n, 0);
    for (int32_t i = 0; i < n && i < SEEGA_MAX_ACTIONS; i++) {
        int32_t index = seega_action_to_index(game, buf[i]);
        if (index < 0)
            return luaL_error(L, "seega: %s", seega_last_error(game));
        lua_pushinteger(L, index);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* game:observation() -> a string of SEEGA_OBS_PLANES * N * N bytes (see
   seega_observation for the planes) */
static int g_observation(lua_State *L)
{
    seega_game *game = check_game(L);
    int32_t size = seega_observation_size(game);
    uint8_t *buf;
    if (size <= 0)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    buf = (uint8_t *)lua_newuserdatauv(L, (size_t)size, 0);
    if (seega_observation(game, buf, (size_t)size) < 0)
        return luaL_error(L, "seega: %s", seega_last_error(game));
    lua_pushlstring(L, (const char *)buf, (size_t)size);
    return 1;
}

/* ---- game records -------------------------------------------------------- */

static const char *const record_keys[] = {
    "event", "site",   "date",        "round", "x",
    "o",     "result", "termination", "extra", NULL};

/* The tag value on top of the stack, left there (so that the pointer stays
   valid): a string, or a number as its text. Raises on another type; NULL
   for nil. *bad is set when it holds a NUL byte. */
static const char *tag_value(lua_State *L, const char *name, int *bad)
{
    size_t len;
    const char *s;
    int t = lua_type(L, -1);
    if (t == LUA_TNIL)
        return NULL;
    if (t != LUA_TSTRING && t != LUA_TNUMBER)
        luaL_error(L, "record: tag %s must be a string, got %s", name,
                   luaL_typename(L, -1));
    s = lua_tolstring(L, -1, &len); /* converts the stack copy only */
    if (strlen(s) != len)
        *bad = 1;
    return s;
}

/* The extra tags of the table at idx, pushed on the stack as name, value,
   name, value ...; returns the number of pairs. Raises on a key that is not
   a string or a value that is neither a string nor a number. */
static int32_t push_extra(lua_State *L, int idx, int *bad)
{
    int32_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) { /* key, value */
        luaL_checkstack(L, 4, "record: too many extra tags");
        if (lua_type(L, -2) != LUA_TSTRING)
            luaL_error(L, "record: extra tag names must be strings, got %s",
                       luaL_typename(L, -2));
        lua_pushvalue(L, -2); /* key, value, name */
        lua_insert(L, -3);    /* name, key, value */
        tag_value(L, lua_tostring(L, -2), bad);
        lua_insert(L, -2); /* name, value, key: the key on top again */
        n++;
    }
    return n;
}

/* game:record([tags]) -> the game record as a string | nil, msg, code.
   tags: { event=, site=, date=, round=, x=, o=, result=, termination=,
   extra = { Name = value, ... } }; extra tags are written sorted by name. */
static int g_record(lua_State *L)
{
    static const char *const fields[] = {
        "event", "site", "date", "round", "x", "o", "result", "termination"};
    seega_game *game = check_game(L);
    seega_record_tags tags = SEEGA_RECORD_TAGS_INIT;
    const char **std[8];
    const char **extra = NULL;
    int32_t n, len;
    int bad = 0;
    char *buf;
    std[0] = &tags.event;
    std[1] = &tags.site;
    std[2] = &tags.date;
    std[3] = &tags.round;
    std[4] = &tags.x_player;
    std[5] = &tags.o_player;
    std[6] = &tags.result;
    std[7] = &tags.termination;
    if (lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_newtable(L);
    }
    if (lua_type(L, 2) != LUA_TTABLE)
        return type_error(L, 2, "tags table");
    lua_settop(L, 2);
    check_keys(L, 2, record_keys, "record tag");
    luaL_checkstack(L, 16, "record");
    for (int i = 0; i < 8; i++) {
        lua_getfield(L, 2, fields[i]); /* stays on the stack */
        *std[i] = tag_value(L, fields[i], &bad);
    }
    lua_getfield(L, 2, "extra"); /* index 11 */
    if (!lua_isnil(L, 11)) {
        int base = lua_gettop(L);
        if (lua_type(L, 11) != LUA_TTABLE)
            return luaL_error(L, "record: extra must be a table, got %s",
                              luaL_typename(L, 11));
        n = push_extra(L, 11, &bad);
        extra = (const char **)lua_newuserdatauv(
            L, (size_t)(n > 0 ? n : 1) * 2 * sizeof *extra, 0);
        /* sorted by name, so that the same tags give the same text */
        for (int32_t i = 0; i < n; i++) {
            const char *name = lua_tostring(L, base + 2 * i + 1);
            const char *value = lua_tostring(L, base + 2 * i + 2);
            int32_t j = i;
            for (; j > 0 && strcmp(extra[2 * (j - 1)], name) > 0; j--) {
                extra[2 * j] = extra[2 * (j - 1)];
                extra[2 * j + 1] = extra[2 * (j - 1) + 1];
            }
            extra[2 * j] = name;
            extra[2 * j + 1] = value;
        }
        tags.extra = extra;
        tags.extra_count = n;
    }
    if (bad)
        return fail(L, SEEGA_E_INVALID, "a tag cannot contain a NUL byte");
    /* Measure, then write into a buffer of that size. */
    len = seega_record_write(game, &tags, NULL, 0);
    if (len < 0)
        return game_status(L, game, len);
    buf = (char *)lua_newuserdatauv(L, (size_t)len + 1, 0);
    n = seega_record_write(game, &tags, buf, (size_t)len + 1);
    if (n < 0)
        return game_status(L, game, n);
    lua_pushlstring(L, buf, (size_t)n);
    return 1;
}

/* seega.from_record(text) -> a new game at the end of the record, with its
   whole history | nil, msg, code. The rules come from the record. */
static int l_from_record(lua_State *L)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    lgame *lg;
    int bad, pushed;
    const char *text = check_text(L, 1, &bad);
    int32_t rc;
    if (bad)
        return fail(L, SEEGA_E_PARSE, "a record cannot contain a NUL byte");
    rc = seega_record_rules(text, &r, msg, sizeof msg);
    if (rc != SEEGA_OK)
        return fail(L, rc, msg);
    if ((pushed = push_game(L, &r, &lg)) != 0)
        return pushed;
    rc = seega_record_read(lg->game, text);
    if (rc != SEEGA_OK)
        return drop_game(L, lg, rc);
    return 1;
}

/* seega.record_tag(text, name) -> the tag's value ("" when absent) |
   nil, msg, "parse" for a malformed tag section */
static int l_record_tag(lua_State *L)
{
    char small[256], msg[SEEGA_ERROR_MAX];
    seega_rules r;
    size_t text_len;
    int bad;
    const char *text = check_text(L, 1, &bad);
    size_t name_len;
    const char *name = luaL_checklstring(L, 2, &name_len);
    int32_t rc;
    luaL_argcheck(L, strlen(name) == name_len, 2,
                  "a tag name cannot contain a NUL byte");
    text_len = strlen(text);
    if (bad)
        return fail(L, SEEGA_E_PARSE, "a record cannot contain a NUL byte");
    rc = seega_record_tag(text, name, small, sizeof small);
    if (rc == SEEGA_E_BUFFER) {
        /* A value is never longer than the text it is in. */
        char *buf = (char *)lua_newuserdatauv(L, text_len + 1, 0);
        rc = seega_record_tag(text, name, buf, text_len + 1);
        if (rc >= 0) {
            lua_pushlstring(L, buf, (size_t)rc);
            return 1;
        }
    }
    if (rc >= 0) {
        lua_pushlstring(L, small, (size_t)rc);
        return 1;
    }
    if (rc == SEEGA_E_PARSE) {
        /* seega_record_tag gives no message: the tag section's reason is
           the one seega_record_rules gives, as both read it alike. */
        seega_record_rules(text, &r, msg, sizeof msg);
        return fail(L, rc, msg);
    }
    return luaL_error(L, "record_tag: %s", seega_status_text(rc));
}

/* seega.rules_to_text([preset_or_rules [, size]]) -> "modern 7
   quiet_limit=100" | nil, msg, "rules" */
static int l_rules_to_text(lua_State *L)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX], text[SEEGA_RULES_TEXT_MAX];
    int32_t rc = arg_rules(L, 1, 0, &r, msg, sizeof msg);
    if (rc != SEEGA_OK)
        return fail(L, rc, msg);
    rc = seega_rules_to_text(&r, text, sizeof text);
    if (rc < 0)
        return luaL_error(L, "rules_to_text: %s", seega_status_text(rc));
    lua_pushstring(L, text);
    return 1;
}

/* seega.rules_from_text(text) -> rules table | nil, msg, code */
static int l_rules_from_text(lua_State *L)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    int bad;
    const char *text = check_text(L, 1, &bad);
    int32_t rc;
    if (bad)
        return fail(L, SEEGA_E_PARSE, "a rules text cannot contain a NUL byte");
    rc = seega_rules_from_text(text, &r, msg, sizeof msg);
    if (rc != SEEGA_OK)
        return fail(L, rc, msg);
    push_rules(L, &r);
    return 1;
}

/* ---- tablebases ---------------------------------------------------------- */

/* A tablebase: a full userdata holding one seega_tablebase pointer, with
   the metatable "seega.tablebase". A game it is attached to keeps it alive
   (the registry's ATTACHED_KEY table); close() and __gc detach it from
   every such game first, so no game ever holds closed tables. */
typedef struct ltb {
    seega_tablebase *tb; /* NULL once closed (or if opening failed) */
    char rules_text[SEEGA_RULES_TEXT_MAX];
} ltb;

static ltb *check_ltb_at(lua_State *L, int idx)
{
    ltb *t = (ltb *)luaL_checkudata(L, idx, TB_MT);
    if (t->tb == NULL)
        luaL_error(L, "attempt to use a closed seega tablebase");
    return t;
}

/* The rules of tb_open and tb_generate at idx: a preset name (nil:
   "classic"), on 5x5, or a rules table (board_size default 5). */
static int32_t tb_rules_arg(lua_State *L, int idx, seega_rules *r, char *msg,
                            size_t cap)
{
    int t = lua_type(L, idx);
    if (t == LUA_TTABLE)
        return table_rules(L, idx, 5, r, msg, cap);
    if (t != LUA_TSTRING && t != LUA_TNONE && t != LUA_TNIL)
        type_error(L, idx, "preset name or rules table");
    return preset_rules(L, idx, 5, SEEGA_OK, r, msg, cap);
}

/* The directory argument at idx: raises on a non-string; NULL (with the
   refusal pushed: nil, msg, "invalid", 3 values) for one holding a NUL,
   or for "" (which the library refuses too: it is no directory). */
static const char *dir_arg(lua_State *L, int idx, int *nres)
{
    int bad;
    const char *dir = check_text(L, idx, &bad);
    *nres = 0;
    if (bad) {
        *nres = fail(L, SEEGA_E_INVALID,
                     "a directory name cannot contain a NUL byte");
        return NULL;
    }
    if (dir[0] == '\0') {
        *nres = fail(L, SEEGA_E_INVALID,
                     "the directory is empty: name one, such as \".\"");
        return NULL;
    }
    return dir;
}

/* Detach the tablebase userdata at idx from every game that has it
   attached. With check set, only check: raise if one of them is being
   searched (the C API allows no change to it then). */
static void tb_detach_all(lua_State *L, int idx, int check)
{
    lua_getfield(L, LUA_REGISTRYINDEX, ATTACHED_KEY);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        return;
    }
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
        if (lua_rawequal(L, -1, idx)) {
            lgame *lg = (lgame *)lua_touserdata(L, -2);
            if (check) {
                if (lg != NULL && lg->game != NULL && lg->searching)
                    luaL_error(L, "attempt to close a seega tablebase while "
                                  "a game it is attached to is searched");
            } else {
                if (lg != NULL && lg->game != NULL)
                    seega_set_tablebase(lg->game, NULL);
                /* clearing a field during the traversal is allowed */
                lua_pushvalue(L, -2);
                lua_pushnil(L);
                lua_rawset(L, -5);
            }
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* Close the tablebase at idx (detached from its games first). */
static int tb_release(lua_State *L, int idx)
{
    ltb *t = (ltb *)luaL_checkudata(L, idx, TB_MT);
    if (t->tb != NULL) {
        tb_detach_all(L, idx, 1);
        tb_detach_all(L, idx, 0);
        seega_tb_close(t->tb);
        t->tb = NULL;
    }
    return 0;
}

/* seega.tb_open(preset_or_rules, dir) -> tablebase | nil, msg, code (a
   preset name, nil for "classic", is on 5x5) */
static int l_tb_open(lua_State *L)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    int nres;
    const char *dir;
    ltb *t;
    int32_t rc = tb_rules_arg(L, 1, &r, msg, sizeof msg);
    if ((dir = dir_arg(L, 2, &nres)) == NULL)
        return nres;
    if (rc != SEEGA_OK)
        return fail(L, rc, msg);
    /* the userdata first, so that no C handle can leak if Lua raises */
    t = (ltb *)lua_newuserdatauv(L, sizeof *t, 0);
    t->tb = NULL;
    seega_rules_to_text(&r, t->rules_text, sizeof t->rules_text);
    luaL_getmetatable(L, TB_MT);
    lua_setmetatable(L, -2);
    rc = seega_tb_open(&r, dir, &t->tb, msg, sizeof msg);
    if (rc != SEEGA_OK) {
        check_nomem(L, rc, msg);
        return fail(L, rc, msg);
    }
    return 1;
}

/* What the callbacks of tb_generate need. */
typedef struct tb_gen_ctx {
    lua_State *L;
    int fn;          /* stack index of the on_progress function, 0: none */
    int err;         /* stack index of the slot for its error */
    int failed;      /* on_progress raised (its error is at err) */
    int stop;        /* on_progress returned a true value */
    lua_Hook hook;   /* L's hook when the generation began */
    lua_State *main; /* the main thread, and its hook then */
    lua_Hook main_hook;
} tb_gen_ctx;

static const char *const tb_stage_names[] = {"start", "level", "done",
                                             "found", "work"};

/* Run inside lua_pcall: on_progress(info table) -> its first result. */
static int tb_progress_call(lua_State *L)
{
    const seega_tb_progress *p =
        (const seega_tb_progress *)lua_touserdata(L, 2);
    lua_settop(L, 1);
    lua_createtable(L, 0, 7);
    lua_pushinteger(L, p->mover);
    lua_setfield(L, -2, "mover");
    lua_pushinteger(L, p->other);
    lua_setfield(L, -2, "other");
    lua_pushstring(L, p->stage >= 0 && p->stage <= SEEGA_TB_STAGE_WORK
                          ? tb_stage_names[p->stage]
                          : "unknown");
    lua_setfield(L, -2, "stage");
    lua_pushinteger(L, p->level);
    lua_setfield(L, -2, "level");
    lua_pushinteger(L, (lua_Integer)p->slots);
    lua_setfield(L, -2, "slots");
    lua_pushinteger(L, (lua_Integer)p->done);
    lua_setfield(L, -2, "done");
    lua_pushinteger(L, (lua_Integer)p->total);
    lua_setfield(L, -2, "total");
    lua_call(L, 1, 1);
    return 1;
}

/* The C progress callback: on_progress under lua_pcall, so that no Lua
   error unwinds through the library's frames. An error, or a true result,
   stops the generation (tb_stop_cb, which the library asks at once after
   a progress call); tb_generate raises the error afterwards. */
static void tb_progress_cb(void *user, const seega_tb_progress *info)
{
    tb_gen_ctx *ctx = (tb_gen_ctx *)user;
    lua_State *L = ctx->L;
    if (ctx->failed || ctx->stop)
        return;
    lua_pushcfunction(L, tb_progress_call);
    lua_pushvalue(L, ctx->fn);
    lua_pushlightuserdata(L, (void *)(uintptr_t)info);
    if (lua_pcall(L, 2, 1, 0) != 0) {
        ctx->failed = 1;
        lua_replace(L, ctx->err);
        return;
    }
    ctx->stop = lua_toboolean(L, -1);
    lua_pop(L, 1);
}

/* The C stop callback, asked on this thread every 20 ms or so. Besides
   on_progress, it stops the generation when a hook was set on the state
   since it began: the standalone interpreter's SIGINT handler does that
   (lua.c: laction sets lstop, which raises "interrupted!" at the next
   call, return or instruction, that is once tb_generate has returned). */
static int32_t tb_stop_cb(void *user)
{
    tb_gen_ctx *ctx = (tb_gen_ctx *)user;
    return ctx->failed || ctx->stop || lua_gethook(ctx->L) != ctx->hook ||
           (ctx->main != NULL && lua_gethook(ctx->main) != ctx->main_hook);
}

/* seega.tb_generate(preset_or_rules, max_pieces, dir [, threads
   [, on_progress]]) -> true | nil, msg, code. A max_pieces or threads the
   library refuses raises; so does an error of on_progress, once the
   generation has stopped. */
static int l_tb_generate(lua_State *L)
{
    seega_rules r;
    seega_tb_options opt = SEEGA_TB_OPTIONS_INIT;
    tb_gen_ctx ctx;
    char msg[SEEGA_ERROR_MAX];
    int nres;
    const char *dir;
    int32_t rc = tb_rules_arg(L, 1, &r, msg, sizeof msg);
    lua_Integer max = check_int(L, 2, "max_pieces", INT32_MIN, INT32_MAX);
    if ((dir = dir_arg(L, 3, &nres)) == NULL)
        return nres;
    opt.threads = lua_isnoneornil(L, 4) ? 1
                                        : (int32_t)check_int(L, 4, "threads",
                                                             INT32_MIN,
                                                             INT32_MAX);
    if (!lua_isnoneornil(L, 5) && lua_type(L, 5) != LUA_TFUNCTION)
        return luaL_error(L, "tb_generate: on_progress must be a function, "
                             "got %s",
                          luaL_typename(L, 5));
    if (rc != SEEGA_OK)
        return fail(L, rc, msg);
    lua_settop(L, 5);
    lua_pushnil(L); /* index 6: the error of on_progress, if any */
    luaL_checkstack(L, 8, "tb_generate");
    memset(&ctx, 0, sizeof ctx);
    ctx.L = L;
    ctx.fn = lua_isnil(L, 5) ? 0 : 5;
    ctx.err = 6;
    ctx.hook = lua_gethook(L);
#if LUA_VERSION_NUM >= 502
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    ctx.main = lua_tothread(L, -1);
    lua_pop(L, 1);
    if (ctx.main != NULL)
        ctx.main_hook = lua_gethook(ctx.main);
#endif
    if (ctx.fn) {
        opt.progress = tb_progress_cb;
        opt.progress_user = &ctx;
    }
    opt.stop = tb_stop_cb;
    opt.stop_user = &ctx;
    rc = seega_tb_generate(&r, (int32_t)max, dir, &opt, msg, sizeof msg);
    if (ctx.failed) {
        lua_pushvalue(L, ctx.err);
        return lua_error(L);
    }
    if (rc == SEEGA_E_INVALID)
        return luaL_error(L, "tb_generate: %s", msg);
    if (rc != SEEGA_OK) {
        check_nomem(L, rc, msg);
        return fail(L, rc, msg);
    }
    lua_pushboolean(L, 1);
    return 1;
}

static const char *const tb_value_names[] = {"loss", "draw", "win"};

/* tb:probe(game) -> "win"|"draw"|"loss", distance (nil for a draw), action
   text (nil once the game is over) | nil, msg, code ("not_covered",
   "rules", "corrupt") */
static int t_probe(lua_State *L)
{
    ltb *t = check_ltb_at(L, 1);
    lgame *lg = check_lgame_at(L, 2);
    seega_tb_entry e;
    int32_t rc;
    e.version = SEEGA_TB_ENTRY_VERSION;
    rc = seega_tb_probe(t->tb, lg->game, &e);
    if (rc != SEEGA_OK)
        return game_status(L, lg->game, rc);
    lua_pushstring(L, tb_value_names[e.value < 0 ? 0 : e.value > 0 ? 2 : 1]);
    if (e.value == SEEGA_TB_DRAW)
        lua_pushnil(L);
    else
        lua_pushinteger(L, e.distance);
    if (e.best != 0)
        push_action(L, lg->game, e.best);
    else
        lua_pushnil(L);
    return 3;
}

/* tb:max_pieces() -> the most pieces a side the tables hold */
static int t_max_pieces(lua_State *L)
{
    lua_pushinteger(L, seega_tb_max_pieces(check_ltb_at(L, 1)->tb));
    return 1;
}

/* tb:tier_info(mover, other) -> { positions, wins, draws, losses,
   longest_win, longest_loss, longest_win_spn } | nil, msg, "not_covered" */
static int t_tier_info(lua_State *L)
{
    ltb *t = check_ltb_at(L, 1);
    lua_Integer mover = check_int(L, 2, "mover", INT32_MIN, INT32_MAX);
    lua_Integer other = check_int(L, 3, "other", INT32_MIN, INT32_MAX);
    seega_tb_tier ti;
    int32_t rc;
    ti.version = SEEGA_TB_TIER_VERSION;
    rc = seega_tb_tier_info(t->tb, (int32_t)mover, (int32_t)other, &ti);
    if (rc != SEEGA_OK) {
        char msg[96];
        snprintf(msg, sizeof msg, "no tier %lldv%lld in these tables",
                 (long long)mover, (long long)other);
        return fail(L, rc, rc == SEEGA_E_NOT_COVERED ? msg
                                                     : seega_status_text(rc));
    }
    lua_createtable(L, 0, 7);
    set_count(L, "positions", ti.positions);
    set_count(L, "wins", ti.wins);
    set_count(L, "draws", ti.draws);
    set_count(L, "losses", ti.losses);
    if (ti.longest_win >= 0)
        set_integer(L, "longest_win", ti.longest_win);
    if (ti.longest_loss >= 0)
        set_integer(L, "longest_loss", ti.longest_loss);
    if (ti.longest_win_spn[0] != '\0')
        set_string(L, "longest_win_spn", ti.longest_win_spn);
    return 1;
}

/* tb:close() -> true; detaches the tables from every game first. Closing
   twice is fine, using closed tables is not. */
static int t_close(lua_State *L)
{
    tb_release(L, 1);
    lua_pushboolean(L, 1);
    return 1;
}

/* __gc: close unless close() did. An attached game keeps the tables alive,
   so this runs when none does any more (or when the state closes). */
static int t_gc(lua_State *L)
{
    return tb_release(L, 1);
}

/* __close: as close(), for `local tb <close> = ...`. */
static int t_close_var(lua_State *L)
{
    tb_release(L, 1);
    return 0;
}

static int t_tostring(lua_State *L)
{
    ltb *t = (ltb *)luaL_checkudata(L, 1, TB_MT);
    if (t->tb == NULL)
        lua_pushstring(L, "seega tablebase (closed)");
    else
        lua_pushfstring(L, "seega tablebase: %s, %d pieces a side",
                        t->rules_text, (int)seega_tb_max_pieces(t->tb));
    return 1;
}

/* game:set_tablebase(tb | nil) -> true | nil, msg, "rules" */
static int g_set_tablebase(lua_State *L)
{
    lgame *lg = check_lgame(L);
    ltb *t = NULL;
    int32_t rc;
    if (!lua_isnoneornil(L, 2))
        t = check_ltb_at(L, 2);
    lua_settop(L, 2);
    rc = seega_set_tablebase(lg->game, t ? t->tb : NULL);
    if (rc != SEEGA_OK)
        return game_status(L, lg->game, rc);
    lua_getfield(L, LUA_REGISTRYINDEX, ATTACHED_KEY);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2); /* nil detaches */
    lua_rawset(L, -3);
    lua_pushboolean(L, 1);
    return 1;
}

/* game:tablebase() -> the attached tablebase, or nil */
static int g_tablebase(lua_State *L)
{
    check_lgame(L);
    lua_getfield(L, LUA_REGISTRYINDEX, ATTACHED_KEY);
    lua_pushvalue(L, 1);
    lua_rawget(L, -2);
    return 1;
}

/* ---- __tostring ---------------------------------------------------------- */

/* The board with coordinates, rank N at the top, then who is to move (or
   the result) and the SPN:

       5  x o . . .
       ...
       1  . . . . .
          a b c d e
       o to move; on board x 12, o 12; quiet 0
       spn: ...
*/
static int g_tostring(lua_State *L)
{
    lgame *lg = (lgame *)luaL_checkudata(L, 1, GAME_MT);
    seega_game *game = lg->game;
    luaL_Buffer b;
    char spn[SEEGA_SPN_MAX];
    int32_t n, reason, result;
    if (game == NULL) {
        lua_pushstring(L, "seega game (closed)");
        return 1;
    }
    if (lg->searching) { /* the C API allows no reading of it now */
        lua_pushstring(L, "seega game (being searched)");
        return 1;
    }
    n = seega_board_size(game);
    luaL_buffinit(L, &b);
    for (int32_t rank = n - 1; rank >= 0; rank--) {
        luaL_addchar(&b, (char)('1' + rank));
        luaL_addchar(&b, ' ');
        for (int32_t file = 0; file < n; file++) {
            int32_t sq = rank * n + file;
            int32_t piece = seega_piece_at(game, sq);
            luaL_addchar(&b, ' ');
            luaL_addchar(&b, piece == SEEGA_X   ? 'x'
                             : piece == SEEGA_O ? 'o'
                             : sq == n * n / 2  ? '+'
                                                : '.');
        }
        luaL_addchar(&b, '\n');
    }
    luaL_addstring(&b, "  ");
    for (int32_t file = 0; file < n; file++) {
        luaL_addchar(&b, ' ');
        luaL_addchar(&b, (char)('a' + file));
    }
    luaL_addchar(&b, '\n');
    result = seega_result(game, &reason);
    if (result != SEEGA_ONGOING) {
        lua_pushfstring(L, "%s (%s)",
                        result == SEEGA_X_WINS   ? "x wins"
                        : result == SEEGA_O_WINS ? "o wins"
                                                 : "draw",
                        reason > SEEGA_REASON_NONE &&
                                reason <= SEEGA_REASON_BOTH_BLOCKED
                            ? reason_names[reason]
                            : "unknown");
    } else if (seega_phase(game) == SEEGA_PHASE_PLACING) {
        lua_pushfstring(L, "%s to place; in hand x %d, o %d",
                        seega_to_move(game) == SEEGA_X ? "x" : "o",
                        (int)seega_in_hand(game, SEEGA_X),
                        (int)seega_in_hand(game, SEEGA_O));
    } else {
        lua_pushfstring(L, "%s to move",
                        seega_to_move(game) == SEEGA_X ? "x" : "o");
    }
    luaL_addvalue(&b);
    if (seega_phase(game) == SEEGA_PHASE_MOVING) {
        lua_pushfstring(L, "; on board x %d, o %d; quiet %d",
                        (int)seega_pieces(game, SEEGA_X),
                        (int)seega_pieces(game, SEEGA_O),
                        (int)seega_quiet_count(game));
        luaL_addvalue(&b);
    }
    if (seega_get_spn(game, spn, sizeof spn) >= 0) {
        luaL_addstring(&b, "\nspn: ");
        luaL_addstring(&b, spn);
    }
    luaL_pushresult(&b);
    return 1;
}

/* ---- registration -------------------------------------------------------- */

static const luaL_Reg game_methods[] = {
    {"legal_moves", g_legal_moves},
    {"play", g_play},
    {"place", g_place},
    {"move", g_move},
    {"undo", g_undo},
    {"spn", g_spn},
    {"set_spn", g_set_spn},
    {"copy", g_copy},
    {"close", g_close},
    {"to_move", g_to_move},
    {"phase", g_phase},
    {"result", g_result},
    {"pieces", g_pieces},
    {"in_hand", g_in_hand},
    {"at", g_at},
    {"history", g_history},
    {"last_captures", g_last_captures},
    {"quiet", g_quiet},
    {"turn_state", g_turn_state},
    {"hash", g_hash},
    {"size", g_size},
    {"repetitions", g_repetitions},
    {"rules", g_rules},
    {"perft", g_perft},
    {"playouts", g_playouts},
    {"search", g_search},
    {"stop", g_stop},
    {"hint", g_hint},
    {"num_distinct_actions", g_num_distinct_actions},
    {"action_index", g_action_index},
    {"action_from_index", g_action_from_index},
    {"legal_mask", g_legal_mask},
    {"legal_indices", g_legal_indices},
    {"observation", g_observation},
    {"record", g_record},
    {"set_tablebase", g_set_tablebase},
    {"tablebase", g_tablebase},
    {NULL, NULL}};

static const luaL_Reg game_meta[] = {{"__gc", g_gc},
                                     {"__close", g_close_var},
                                     {"__tostring", g_tostring},
                                     {NULL, NULL}};

static const luaL_Reg tb_methods[] = {{"probe", t_probe},
                                      {"max_pieces", t_max_pieces},
                                      {"tier_info", t_tier_info},
                                      {"close", t_close},
                                      {NULL, NULL}};

static const luaL_Reg tb_meta[] = {{"__gc", t_gc},
                                   {"__close", t_close_var},
                                   {"__tostring", t_tostring},
                                   {NULL, NULL}};

static const luaL_Reg module_functions[] = {
    {"new", l_new},
    {"from_spn", l_from_spn},
    {"rules", l_rules},
    {"rules_to_text", l_rules_to_text},
    {"rules_from_text", l_rules_from_text},
    {"from_record", l_from_record},
    {"record_tag", l_record_tag},
    {"library_version", l_library_version},
    {"tb_open", l_tb_open},
    {"tb_generate", l_tb_generate},
    {NULL, NULL}};

/* Exported: the one symbol Lua's require looks for. */
LUALIB_API int luaopen_seega(lua_State *L);

LUALIB_API int luaopen_seega(lua_State *L)
{
    int32_t loaded = seega_version_number();
    if (loaded / 10000 != SEEGA_VERSION_MAJOR)
        return luaL_error(L,
                          "seega: the binding is for libseega %d.x, but "
                          "libseega %d.%d.%d was loaded",
                          SEEGA_VERSION_MAJOR, (int)(loaded / 10000),
                          (int)(loaded / 100 % 100), (int)(loaded % 100));

    if (luaL_newmetatable(L, GAME_MT)) {
        SL_SETFUNCS(L, game_meta);
        SL_NEWLIB(L, game_methods);
        lua_setfield(L, -2, "__index");
    }
    lua_pop(L, 1);
    if (luaL_newmetatable(L, TB_MT)) {
        SL_SETFUNCS(L, tb_meta);
        SL_NEWLIB(L, tb_methods);
        lua_setfield(L, -2, "__index");
    }
    lua_pop(L, 1);
    /* game -> attached tables, weak in the games; kept if the module is
       loaded again, so that no attached tables lose their reference */
    lua_getfield(L, LUA_REGISTRYINDEX, ATTACHED_KEY);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_setfield(L, LUA_REGISTRYINDEX, ATTACHED_KEY);
    } else {
        lua_pop(L, 1);
    }

    SL_NEWLIB(L, module_functions);
    lua_createtable(L, 4, 0);
    for (int i = 0; preset_names[i] != NULL; i++) {
        lua_pushstring(L, preset_names[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "PRESETS");
    lua_pushliteral(L, SEEGA_VERSION_STRING);
    lua_setfield(L, -2, "_VERSION");
    return 1;
}

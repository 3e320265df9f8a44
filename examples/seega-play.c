/*
 * seega-play: play Seega in the terminal, against the AI or a friend, or
 * watch the AI play itself.
 *
 *   seega-play                      you are X against the AI, CLASSIC 5x5
 *   seega-play --side o --level 4   you are O against the strongest AI
 *   seega-play --side both          two players at one keyboard
 *   seega-play --demo --seed 7      AI against AI, unattended
 *   seega-play --tables DIR         the AI plays covered endgames perfectly
 *
 * `seega-play --help` lists every option; type `help` in a game for the
 * commands. Colour and Unicode pieces are used on a terminal (standard
 * output is a TTY, TERM is not "dumb", NO_COLOR is not set), plain ASCII
 * otherwise or with --ascii.
 *
 * Only the public API of libseega is used: a good place to see how a user
 * interface drives it (actions, undo, search with progress, records).
 */
#define _POSIX_C_SOURCE 200809L
#include <seega.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LINE_MAX_LEN 1024
#define FILE_MAX_BYTES (16u << 20)

/* ---- the state of the program -------------------------------------------- */

/* What the program remembers of each action of the game's history. */
typedef struct entry {
    seega_action action;
    int32_t side;      /* who played it */
    int32_t state;     /* the turn state before it: a turn starts at */
    int32_t ncaptured; /* SEEGA_TURN_NORMAL and SEEGA_TURN_EXTRA */
    int32_t captured[8];
} entry;

typedef struct app {
    seega_game *game;
    seega_rules rules;
    char rules_text[SEEGA_RULES_TEXT_MAX];
    int human[2]; /* per side: 1 = a person types, 0 = the AI plays */
    int level;    /* 1 .. 4 */
    int time_ms;  /* thinking time at level 4, and for hints */
    uint64_t seed;
    int tty, color, unicode; /* tty: a terminal that understands escapes */
    int echo;                /* echo commands read from a pipe */
    int max_turns, delay_ms;
    entry *log;
    size_t log_len, log_cap;
    const char *tables_dir; /* --tables, or NULL */
    seega_tablebase *tb;    /* the tables of the rules, attached to game */
} app;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void sleep_ms(int ms)
{
    struct timespec t;
    if (ms <= 0)
        return;
    t.tv_sec = ms / 1000;
    t.tv_nsec = (long)(ms % 1000) * 1000000L;
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        ;
}

static const char *side_name(int32_t side)
{
    return side == SEEGA_X ? "X" : "O";
}

/* Colour escapes, or "" without colour. */
static const char *esc(const app *a, const char *code)
{
    return a->color ? code : "";
}
#define RESET "\033[0m"
#define BOLD "\033[1m"
#define DIM "\033[2m"
#define RED "\033[31m"
#define YELLOW "\033[33m"
#define CYAN "\033[36m"
#define X_COLOR "\033[1;33m" /* bold yellow */
#define O_COLOR "\033[1;36m" /* bold cyan */
#define HILITE "\033[4m"     /* underline: where the last turn moved */

static void die_nomem(void)
{
    fprintf(stderr, "seega-play: out of memory\n");
    exit(1);
}

/* ---- endgame tables (--tables) ------------------------------------------- */

/* Open the tables of rules r in the --tables directory into *tb: 0, or -1
   with the library's message in msg. */
static int open_tables(const app *a, const seega_rules *r, seega_tablebase **tb,
                       char *msg, size_t cap)
{
    return seega_tb_open(r, a->tables_dir, tb, msg, cap) == SEEGA_OK ? 0 : -1;
}

/* Attach the tables (if any) to a new game of the same rules. */
static void attach_tables(const app *a, seega_game *g)
{
    if (a->tb && seega_set_tablebase(g, a->tb) != SEEGA_OK) {
        fprintf(stderr, "seega-play: cannot use the tables: %s\n",
                seega_last_error(g));
        exit(1);
    }
}

/* The tables' verdict on the position, for the side to move: "win in 17",
   "loss in 4", "draw"; 0, or -1 (msg says why) when there is none. */
static int tables_verdict(const app *a, char *out, size_t cap,
                          seega_action *best, char *msg, size_t msg_cap)
{
    seega_tb_entry e = {SEEGA_TB_ENTRY_VERSION, 0, 0, 0};
    if (!a->tb) {
        snprintf(msg, msg_cap, "no tables: start seega-play with --tables "
                               "DIR");
        return -1;
    }
    int32_t rc = seega_tb_probe(a->tb, a->game, &e);
    if (rc == SEEGA_E_NOT_COVERED) {
        snprintf(msg, msg_cap, "the position is not in the tables (they "
                               "hold the moving phase with at most %d pieces "
                               "a side)",
                 (int)seega_tb_max_pieces(a->tb));
        return -1;
    }
    if (rc != SEEGA_OK) {
        snprintf(msg, msg_cap, "%s", seega_last_error(a->game));
        return -1;
    }
    if (e.value == SEEGA_TB_DRAW)
        snprintf(out, cap, "draw");
    else
        snprintf(out, cap, "%s in %d", e.value == SEEGA_TB_WIN ? "win" : "loss",
                 (int)e.distance);
    *best = e.best;
    return 0;
}

/* ---- the log of actions (for "last turn" and its captures) --------------- */

static void log_push(app *a, seega_action action, int32_t side, int32_t state)
{
    entry *e;
    if (a->log_len == a->log_cap) {
        size_t cap = a->log_cap ? a->log_cap * 2 : 256;
        entry *n = realloc(a->log, cap * sizeof *n);
        if (!n)
            die_nomem();
        a->log = n;
        a->log_cap = cap;
    }
    e = &a->log[a->log_len++];
    e->action = action;
    e->side = side;
    e->state = state;
    e->ncaptured = seega_last_captures(a->game, e->captured, 8);
    if (e->ncaptured < 0 || e->ncaptured > 8)
        e->ncaptured = 0;
}

/* Rebuild the log from the game's history (after a load or an undo). */
static void log_rebuild(app *a)
{
    seega_game *c;
    int32_t n = seega_history_length(a->game);
    a->log_len = 0;
    if (seega_clone(a->game, &c) != SEEGA_OK)
        die_nomem();
    while (seega_undo(c) == SEEGA_OK)
        ;
    for (int32_t i = 0; i < n; i++) {
        seega_action act;
        int32_t side = seega_to_move(c), state = seega_turn_state(c, NULL);
        seega_game *keep = a->game;
        seega_history_action(a->game, i, &act);
        seega_play(c, act);
        a->game = c; /* log_push reads the captures of the game it plays */
        log_push(a, act, side, state);
        a->game = keep;
    }
    seega_free(c);
}

/* Play one action; SEEGA_OK or the library's status. */
static int32_t play(app *a, seega_action action)
{
    int32_t side = seega_to_move(a->game);
    int32_t state = seega_turn_state(a->game, NULL);
    int32_t rc = seega_play(a->game, action);
    if (rc == SEEGA_OK)
        log_push(a, action, side, state);
    return rc;
}

/* The index of the first action of the last turn, or log_len if none. */
static size_t last_turn_start(const app *a)
{
    size_t i = a->log_len;
    while (i > 0) {
        i--;
        if (a->log[i].state == SEEGA_TURN_NORMAL ||
            a->log[i].state == SEEGA_TURN_EXTRA)
            return i;
    }
    return a->log_len ? 0 : a->log_len;
}

/* ---- drawing ------------------------------------------------------------- */

static int in_last_turn(const app *a, int32_t sq, int captured)
{
    for (size_t i = last_turn_start(a); i < a->log_len; i++) {
        const entry *e = &a->log[i];
        if (captured) {
            for (int32_t k = 0; k < e->ncaptured; k++)
                if (e->captured[k] == sq)
                    return 1;
        } else if (seega_action_kind(e->action) != SEEGA_ACTION_REMOVE &&
                   (seega_action_to(e->action) == sq ||
                    seega_action_from(e->action) == sq)) {
            return 1;
        }
    }
    return 0;
}

static void print_files(const app *a, int n)
{
    printf("   %s", esc(a, DIM));
    for (int f = 0; f < n; f++)
        printf(" %c", 'a' + f);
    printf("%s\n", esc(a, RESET));
}

static void draw_board(const app *a)
{
    int n = seega_board_size(a->game), centre = n * n / 2;
    printf("\n");
    print_files(a, n);
    for (int rank = n - 1; rank >= 0; rank--) {
        printf("%s%2d%s ", esc(a, DIM), rank + 1, esc(a, RESET));
        for (int f = 0; f < n; f++) {
            int sq = rank * n + f, piece = seega_piece_at(a->game, sq);
            int moved = in_last_turn(a, sq, 0);
            int taken = piece == SEEGA_EMPTY && in_last_turn(a, sq, 1);
            const char *glyph, *color = "";
            if (piece == SEEGA_X) {
                glyph = a->unicode ? "\u25cf" : "X"; /* black circle */
                color = X_COLOR;
            } else if (piece == SEEGA_O) {
                glyph = a->unicode ? "\u25cb" : "O"; /* white circle */
                color = O_COLOR;
            } else if (taken) {
                glyph = a->unicode ? "\u00d7" : "*"; /* multiplication sign */
                color = RED;
            } else if (sq == centre) {
                glyph = a->unicode ? "\u25c7" : "+"; /* white diamond */
                color = DIM;
            } else {
                glyph = a->unicode ? "\u00b7" : "."; /* middle dot */
                color = DIM;
            }
            printf(" %s%s%s%s", esc(a, color), moved ? esc(a, HILITE) : "",
                   glyph, esc(a, RESET));
        }
        printf(" %s%d%s\n", esc(a, DIM), rank + 1, esc(a, RESET));
    }
    print_files(a, n);
}

static void print_action_list(const app *a, const seega_game *g, size_t from,
                              int with_captures)
{
    char text[SEEGA_ACTION_TEXT_MAX];
    int any = 0;
    for (size_t i = from; i < a->log_len; i++) {
        seega_action_to_text(g, a->log[i].action, text, sizeof text);
        printf(" %s", text);
    }
    if (!with_captures)
        return;
    for (size_t i = from; i < a->log_len; i++)
        for (int32_t k = 0; k < a->log[i].ncaptured; k++) {
            seega_square_to_text(g, a->log[i].captured[k], text, sizeof text);
            printf("%s%s", any ? " " : ", capturing ", text);
            any = 1;
        }
}

static const char *reason_words(int32_t reason)
{
    switch (reason) {
    case SEEGA_REASON_MATERIAL: return "material";
    case SEEGA_REASON_BLOCKED: return "the side to move is blocked";
    case SEEGA_REASON_QUIET: return "quiet-turn limit, scored by count";
    case SEEGA_REASON_BOTH_BLOCKED:
        return "both sides blocked, scored by count";
    default: return "";
    }
}

/* "X wins (material)" and so on; returns the result. */
static int32_t print_result(const app *a)
{
    int32_t reason, r = seega_result(a->game, &reason);
    if (r == SEEGA_ONGOING)
        return r;
    printf("%sGame over: %s (%s). X %d, O %d pieces.%s\n", esc(a, BOLD),
           r == SEEGA_X_WINS   ? "X wins"
           : r == SEEGA_O_WINS ? "O wins"
                               : "draw",
           reason_words(reason), (int)seega_pieces(a->game, SEEGA_X),
           (int)seega_pieces(a->game, SEEGA_O), esc(a, RESET));
    return r;
}

static void print_status(const app *a)
{
    int32_t side = seega_to_move(a->game);
    int32_t phase = seega_phase(a->game);
    size_t start = last_turn_start(a);
    if (start < a->log_len) {
        int32_t state = seega_turn_state(a->game, NULL);
        int going_on = a->log[start].side == side &&
                       state != SEEGA_TURN_NORMAL && state != SEEGA_TURN_EXTRA;
        printf("%s: %s", going_on ? "This turn so far" : "Last turn",
               side_name(a->log[start].side));
        print_action_list(a, a->game, start, 1);
        printf("\n");
    }
    printf("Pieces: X %d on the board", (int)seega_pieces(a->game, SEEGA_X));
    if (seega_in_hand(a->game, SEEGA_X) > 0)
        printf(" + %d in hand", (int)seega_in_hand(a->game, SEEGA_X));
    printf(", O %d on the board", (int)seega_pieces(a->game, SEEGA_O));
    if (seega_in_hand(a->game, SEEGA_O) > 0)
        printf(" + %d in hand", (int)seega_in_hand(a->game, SEEGA_O));
    printf(".");
    if (phase == SEEGA_PHASE_MOVING) {
        printf(" Quiet turns: %d", (int)seega_quiet_count(a->game));
        if (a->rules.quiet_limit)
            printf(" of %d", (int)a->rules.quiet_limit);
        printf(".");
    }
    printf("\n");
    if (print_result(a) != SEEGA_ONGOING)
        return;
    {
        int32_t chain, state = seega_turn_state(a->game, &chain);
        char sq[SEEGA_SQUARE_TEXT_MAX];
        printf("%s%s%s to %s", esc(a, side == SEEGA_X ? X_COLOR : O_COLOR),
               side_name(side), esc(a, RESET),
               phase == SEEGA_PHASE_PLACING ? "place" : "move");
        if (state == SEEGA_TURN_PLACED_ONE)
            printf(" (second piece)");
        else if (state == SEEGA_TURN_CHAIN &&
                 seega_square_to_text(a->game, chain, sq, sizeof sq) > 0)
            printf(" (chain: %s may capture again, or 'pass')", sq);
        else if (state == SEEGA_TURN_EXTRA)
            printf(" (extra turn: the other side passed)");
        else if (state == SEEGA_TURN_REMOVED)
            printf(" (after a removal)");
        printf(".\n");
    }
}

static void show(const app *a)
{
    draw_board(a);
    print_status(a);
    fflush(stdout);
}

/* ---- the AI -------------------------------------------------------------- */

typedef struct think {
    const app *a;
    double start;
    int shown;
} think;

static void format_score(const seega_search_result *r, char *out, size_t cap)
{
    if (r->proven == SEEGA_PROVEN_WIN)
        snprintf(out, cap, "wins in %d", (int)r->proven_plies);
    else if (r->proven == SEEGA_PROVEN_LOSS)
        snprintf(out, cap, "loses in %d", (int)r->proven_plies);
    else if (r->proven == SEEGA_PROVEN_DRAW)
        snprintf(out, cap, "draw");
    else
        snprintf(out, cap, "%+.2f", r->score / 100.0);
}

/* The search's progress callback: after a moment, say how it goes. */
static void on_progress(void *user, const seega_search_result *info)
{
    think *t = user;
    double elapsed = now_s() - t->start;
    char best[SEEGA_ACTION_TEXT_MAX] = "?", score[32];
    int tty = t->a->tty;
    if (elapsed < 0.5)
        return;
    seega_action_to_text(t->a->game, info->best, best, sizeof best);
    format_score(info, score, sizeof score);
    if (tty)
        printf("\r\033[K");
    printf("  thinking: depth %d, best %s, score %s, %.1f s, %llu nodes%s",
           (int)info->depth, best, score, elapsed,
           (unsigned long long)info->nodes, tty ? "" : "\n");
    fflush(stdout);
    t->shown = 1;
}

/* The AI's search limits for one action. */
static void ai_limits(const app *a, seega_search_limits *l, int full_strength)
{
    seega_search_limits_init(l);
    /* Levels 1-3 are the library's depth-limited levels (reproducible for
     * a seed); level 4 is full strength for a fixed time. */
    l->level = full_strength || a->level >= 4 ? 0 : a->level;
    if (l->level == 0)
        l->time_ms = a->time_ms;
    l->seed = a->seed * 0x9E3779B97F4A7C15ULL +
              (uint64_t)seega_history_length(a->game);
}

static int32_t ai_search(app *a, int full_strength, seega_action *best)
{
    seega_search_limits l;
    seega_search_result r;
    think t;
    int32_t rc;
    ai_limits(a, &l, full_strength);
    t.a = a;
    t.start = now_s();
    t.shown = 0;
    l.progress = on_progress;
    l.progress_user = &t;
    r.version = SEEGA_SEARCH_RESULT_VERSION;
    rc = seega_search(a->game, &l, &r);
    if (t.shown && a->tty)
        printf("\r\033[K");
    if (rc == SEEGA_OK)
        *best = r.best;
    return rc;
}

/* The AI plays its whole turn; prints what it played. */
static int ai_turn(app *a)
{
    int32_t side = seega_to_move(a->game);
    do {
        seega_action best;
        int32_t rc = ai_search(a, 0, &best);
        if (rc == SEEGA_OK)
            rc = play(a, best);
        if (rc != SEEGA_OK) {
            fprintf(stderr, "seega-play: the AI failed: %s\n",
                    seega_last_error(a->game));
            return -1;
        }
    } while (seega_to_move(a->game) == side &&
             seega_turn_state(a->game, NULL) != SEEGA_TURN_NORMAL &&
             seega_turn_state(a->game, NULL) != SEEGA_TURN_EXTRA &&
             seega_result(a->game, NULL) == SEEGA_ONGOING);
    return 0;
}

/* ---- files: records and SPN ---------------------------------------------- */

static char *read_file(const char *path, char *err, size_t cap)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    size_t len = 0, size = 4096;
    if (!f) {
        snprintf(err, cap, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    buf = malloc(size);
    while (buf) {
        size_t got = fread(buf + len, 1, size - len - 1, f);
        len += got;
        if (got == 0)
            break;
        if (len + 1 == size) {
            char *n = size >= FILE_MAX_BYTES ? NULL : realloc(buf, size * 2);
            if (!n) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = n;
            size *= 2;
        }
    }
    if (!buf)
        snprintf(err, cap, "%s is too large", path);
    else if (ferror(f)) {
        snprintf(err, cap, "cannot read %s: %s", path, strerror(errno));
        free(buf);
        buf = NULL;
    } else {
        buf[len] = '\0';
        if (strlen(buf) != len) {
            snprintf(err, cap, "%s is not a text file", path);
            free(buf);
            buf = NULL;
        }
    }
    fclose(f);
    return buf;
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static void player_name(const app *a, int side, char *out, size_t cap)
{
    if (a->human[side])
        snprintf(out, cap, "human");
    else
        snprintf(out, cap, "seega-play AI, level %d", a->level);
}

static void cmd_save(app *a, const char *path)
{
    FILE *f;
    char *text = NULL, date[16] = "????.??.??", xname[64], oname[64];
    int32_t len;
    if (ends_with(path, ".spn")) {
        char spn[SEEGA_SPN_MAX];
        seega_get_spn(a->game, spn, sizeof spn);
        len = (int32_t)strlen(spn) + 1;
        text = malloc((size_t)len + 1);
        if (!text)
            die_nomem();
        snprintf(text, (size_t)len + 1, "%s\n", spn);
    } else {
        seega_record_tags tags = SEEGA_RECORD_TAGS_INIT;
        time_t t = time(NULL);
        struct tm tm;
        if (localtime_r(&t, &tm))
            strftime(date, sizeof date, "%Y.%m.%d", &tm);
        player_name(a, SEEGA_X, xname, sizeof xname);
        player_name(a, SEEGA_O, oname, sizeof oname);
        tags.event = "seega-play";
        tags.date = date;
        tags.x_player = xname;
        tags.o_player = oname;
        len = seega_record_write(a->game, &tags, NULL, 0);
        if (len < 0 || !(text = malloc((size_t)len + 1)) ||
            seega_record_write(a->game, &tags, text, (size_t)len + 1) != len) {
            printf("Cannot write the record: %s\n", seega_last_error(a->game));
            free(text);
            return;
        }
    }
    f = fopen(path, "wb");
    if (!f || fwrite(text, 1, (size_t)len, f) != (size_t)len) {
        printf("Cannot write %s: %s\n", path, strerror(errno));
        if (f)
            fclose(f);
    } else if (fclose(f) != 0) {
        printf("Cannot write %s: %s\n", path, strerror(errno));
    } else {
        printf("Saved %s to %s.\n",
               ends_with(path, ".spn") ? "the position" : "the game", path);
    }
    free(text);
}

/* Load a record or an SPN; 1 when the game changed. */
static int cmd_load(app *a, const char *path)
{
    char err[SEEGA_ERROR_MAX + 64], msg[SEEGA_ERROR_MAX];
    char *text = read_file(path, err, sizeof err);
    const char *p;
    int changed = 0;
    if (!text) {
        printf("%s\n", err);
        return 0;
    }
    for (p = text; *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'; p++)
        ;
    if (*p == '[' || *p == ';') {
        /* A game record: its rules may differ from the game's. */
        seega_rules r;
        seega_game *g = NULL;
        seega_tablebase *tb = a->tb;
        char text_r[SEEGA_RULES_TEXT_MAX] = "";
        if (seega_record_rules(text, &r, msg, sizeof msg) == SEEGA_OK)
            seega_rules_to_text(&r, text_r, sizeof text_r);
        if (!text_r[0]) {
            printf("%s: %s\n", path, msg);
        } else if (a->tb && strcmp(text_r, a->rules_text) != 0 &&
                   open_tables(a, &r, &tb, msg, sizeof msg) != 0) {
            /* --tables: the game must have tables of its rules */
            printf("%s: its rules (%s) have no tables in %s: %s\n"
                   "Not loaded (seega-play without --tables loads it).\n",
                   path, text_r, a->tables_dir, msg);
        } else if (seega_new(&r, &g) != SEEGA_OK) {
            printf("%s: cannot create the game\n", path);
        } else if ((tb && seega_set_tablebase(g, tb) != SEEGA_OK) ||
                   seega_record_read(g, text) != SEEGA_OK) {
            printf("%s: %s\n", path, seega_last_error(g));
            seega_free(g);
        } else {
            seega_free(a->game);
            a->game = g;
            if (tb != a->tb) { /* the tables of the new rules */
                seega_tb_close(a->tb);
                a->tb = tb;
            }
            tb = NULL;
            a->rules = r;
            seega_rules_to_text(&r, a->rules_text, sizeof a->rules_text);
            printf("Loaded the game from %s (%s, %d actions).\n", path,
                   a->rules_text, (int)seega_history_length(g));
            changed = 1;
        }
        if (tb && tb != a->tb) /* opened, but not used */
            seega_tb_close(tb);
    } else {
        /* An SPN position: its first line. */
        char spn[SEEGA_SPN_MAX + 2];
        size_t n = strcspn(p, "\r\n");
        while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
            n--;
        if (n >= sizeof spn) {
            printf("%s: the first line is too long for an SPN position\n",
                   path);
        } else {
            memcpy(spn, p, n);
            spn[n] = '\0';
            if (seega_set_spn(a->game, spn) != SEEGA_OK) {
                printf("%s: %s\n", path, seega_last_error(a->game));
            } else {
                printf("Loaded the position from %s.\n", path);
                changed = 1;
            }
        }
    }
    free(text);
    if (changed)
        log_rebuild(a);
    return changed;
}

/* ---- commands ------------------------------------------------------------ */

static void cmd_help(void)
{
    printf("Commands:\n"
           "  c2          place a piece on c2 (placing phase)\n"
           "  c2-c3       move the piece on c2 to c3\n"
           "  xb3         remove the enemy piece on b3 (when blocked, "
           "TRADITIONAL)\n"
           "  pass        pass (when blocked, or to end a chain)\n"
           "  (several actions may go on one line: c2 d4)\n"
           "  moves       list the legal actions\n"
           "  hint        ask the AI for a suggestion\n"
           "  tables      the endgame tables' verdict (with --tables)\n"
           "  undo        take back your last turn (and the AI's reply)\n"
           "  board       show the board again\n"
           "  spn         show the position in SPN\n"
           "  save FILE   save the game as a record (FILE.spn: the position)\n"
           "  load FILE   load a game record or an SPN position\n"
           "  new         start a new game with the same rules\n"
           "  rules       show the rules in use\n"
           "  help        this list\n"
           "  quit        leave\n");
}

static void cmd_moves(const app *a)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    char text[SEEGA_ACTION_TEXT_MAX];
    int32_t n = seega_legal_moves(a->game, list, SEEGA_MAX_ACTIONS);
    if (n <= 0) {
        printf("No legal actions: the game is over.\n");
        return;
    }
    printf("%d legal action%s:", (int)n, n == 1 ? "" : "s");
    for (int32_t i = 0; i < n; i++) {
        seega_action_to_text(a->game, list[i], text, sizeof text);
        printf(" %s", text);
    }
    printf("\n");
}

/* Undo to the start of the last turn a person played. */
static void cmd_undo(app *a)
{
    int undone = 0;
    if (seega_history_length(a->game) == 0) {
        printf("Nothing to undo.\n");
        return;
    }
    for (;;) {
        size_t i;
        if (a->log_len == 0 || seega_undo(a->game) != SEEGA_OK)
            break;
        i = --a->log_len;
        undone++;
        /* Stop at the start of a turn that a person played. */
        if ((a->log[i].state == SEEGA_TURN_NORMAL ||
             a->log[i].state == SEEGA_TURN_EXTRA) &&
            a->human[a->log[i].side])
            break;
    }
    printf("Took back %d action%s.\n", undone, undone == 1 ? "" : "s");
}

static void cmd_hint(app *a)
{
    seega_action best;
    char text[SEEGA_ACTION_TEXT_MAX];
    if (seega_result(a->game, NULL) != SEEGA_ONGOING) {
        printf("The game is over: no hint.\n");
        return;
    }
    if (ai_search(a, 1, &best) != SEEGA_OK) {
        printf("No hint: %s\n", seega_last_error(a->game));
        return;
    }
    seega_action_to_text(a->game, best, text, sizeof text);
    {
        char verdict[32], msg[SEEGA_ERROR_MAX];
        seega_action tb_best;
        if (tables_verdict(a, verdict, sizeof verdict, &tb_best, msg,
                           sizeof msg) == 0)
            printf("Hint: %s (tables: %s)\n", text, verdict);
        else
            printf("Hint: %s\n", text);
    }
}

/* The tables' verdict on the position. */
static void cmd_tables(const app *a)
{
    char verdict[32], msg[SEEGA_ERROR_MAX], text[SEEGA_ACTION_TEXT_MAX];
    seega_action best;
    if (a->tb && seega_result(a->game, NULL) != SEEGA_ONGOING) {
        printf("Tables: the game is over.\n");
        return;
    }
    if (tables_verdict(a, verdict, sizeof verdict, &best, msg, sizeof msg)) {
        printf("Tables: %s.\n", msg);
        return;
    }
    printf("Tables: %s to move: %s", side_name(seega_to_move(a->game)),
           verdict);
    if (best && seega_action_to_text(a->game, best, text, sizeof text) > 0)
        printf(" (best: %s)", text);
    printf(".\n");
}

/* Play the actions of a line; 1 if any was played. */
static int play_line(app *a, char *line)
{
    int played = 0;
    for (char *tok = strtok(line, " \t"); tok; tok = strtok(NULL, " \t")) {
        seega_action act;
        int32_t side = seega_to_move(a->game);
        int32_t rc = seega_action_from_text(a->game, tok, &act);
        if (rc != SEEGA_OK) {
            printf("Not understood: %s.\nType 'moves' for the legal "
                   "actions, 'help' for the commands.\n",
                   seega_last_error(a->game));
            break;
        }
        if (!a->human[side]) {
            printf("'%s' was not played: it is the AI's turn now.\n", tok);
            break;
        }
        rc = play(a, act);
        if (rc != SEEGA_OK) {
            printf("%s\n", seega_last_error(a->game));
            if (rc == SEEGA_E_ILLEGAL)
                printf("Type 'moves' to list the legal actions.\n");
            break;
        }
        played = 1;
    }
    return played;
}

/* Split "word rest" in place; returns rest (trimmed) or "". */
static char *split_word(char *line)
{
    char *p = line;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (!*p)
        return p;
    *p++ = '\0';
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

enum { CMD_NONE, CMD_SHOW, CMD_QUIT };

/* One line typed by a person. */
static int command(app *a, char *line)
{
    char *arg, word[16];
    size_t n;
    while (*line == ' ' || *line == '\t')
        line++;
    n = strlen(line);
    while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t' ||
                     line[n - 1] == '\r' || line[n - 1] == '\n'))
        line[--n] = '\0';
    if (!*line)
        return CMD_NONE;
    snprintf(word, sizeof word, "%.15s", line);
    word[strcspn(word, " \t")] = '\0';
    for (char *w = word; *w; w++)
        if (*w >= 'A' && *w <= 'Z')
            *w = (char)(*w - 'A' + 'a');
    if (!strcmp(word, "quit") || !strcmp(word, "exit") || !strcmp(word, "q"))
        return CMD_QUIT;
    if (!strcmp(word, "help") || !strcmp(word, "?")) {
        cmd_help();
        return CMD_NONE;
    }
    if (!strcmp(word, "moves")) {
        cmd_moves(a);
        return CMD_NONE;
    }
    if (!strcmp(word, "hint")) {
        cmd_hint(a);
        return CMD_NONE;
    }
    if (!strcmp(word, "tables")) {
        cmd_tables(a);
        return CMD_NONE;
    }
    if (!strcmp(word, "board") || !strcmp(word, "show"))
        return CMD_SHOW;
    if (!strcmp(word, "spn")) {
        char spn[SEEGA_SPN_MAX];
        seega_get_spn(a->game, spn, sizeof spn);
        printf("%s\n", spn);
        return CMD_NONE;
    }
    if (!strcmp(word, "rules")) {
        printf("Rules: %s\n", a->rules_text);
        return CMD_NONE;
    }
    if (!strcmp(word, "undo")) {
        cmd_undo(a);
        return CMD_SHOW;
    }
    if (!strcmp(word, "new")) {
        seega_game *g;
        if (seega_new(&a->rules, &g) != SEEGA_OK)
            die_nomem();
        attach_tables(a, g);
        seega_free(a->game);
        a->game = g;
        a->log_len = 0;
        printf("New game: %s.\n", a->rules_text);
        return CMD_SHOW;
    }
    if (!strcmp(word, "save") || !strcmp(word, "load")) {
        arg = split_word(line);
        if (!*arg) {
            printf("Usage: %s FILE\n", word);
            return CMD_NONE;
        }
        if (word[0] == 's') {
            cmd_save(a, arg);
            return CMD_NONE;
        }
        return cmd_load(a, arg) ? CMD_SHOW : CMD_NONE;
    }
    if (seega_result(a->game, NULL) != SEEGA_ONGOING) {
        seega_action act;
        if (seega_action_from_text(a->game, word, &act) == SEEGA_OK)
            printf("The game is over. Type 'undo', 'new', 'save FILE' or "
                   "'quit'.\n");
        else
            printf("'%.20s' is not a command. Type 'help' for the "
                   "commands.\n",
                   word);
        return CMD_NONE;
    }
    return play_line(a, line) ? CMD_SHOW : CMD_NONE;
}

/* Read one line; NULL at the end of the input. Overlong lines are cut. */
static char *read_line(app *a, char *buf, size_t cap)
{
    size_t n;
    if (!fgets(buf, (int)cap, stdin))
        return NULL;
    n = strlen(buf);
    if (n == cap - 1 && buf[n - 1] != '\n') {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            ;
        printf("(line too long: only its first %d characters were read)\n",
               (int)cap - 1);
    }
    if (a->echo)
        printf("%s%s", buf, n && buf[n - 1] == '\n' ? "" : "\n");
    return buf;
}

static void prompt(const app *a)
{
    int32_t side = seega_to_move(a->game);
    if (seega_result(a->game, NULL) != SEEGA_ONGOING)
        printf("> ");
    else
        printf("%s%s%s> ", esc(a, side == SEEGA_X ? X_COLOR : O_COLOR),
               side_name(side), esc(a, RESET));
    fflush(stdout);
}

/* ---- the options --------------------------------------------------------- */

static void usage(FILE *out)
{
    fprintf(out,
            "usage: seega-play [options]\n"
            "Play Seega in the terminal: against the AI, against a friend, "
            "or watch.\n"
            "\n"
            "  -p, --preset NAME  classic (default), diagonal, modern or "
            "traditional\n"
            "  -n, --size N       board size: 5 (default), 7 or 9\n"
            "  -r, --rules TEXT   any rules, e.g. \"modern 7 "
            "quiet_limit=100\"\n"
            "                     (overrides --preset and --size)\n"
            "  -s, --side SIDE    your side: x (default), o, both (two "
            "players),\n"
            "                     none (watch the AI play itself)\n"
            "  -l, --level N      AI strength: 1 (weakest) .. 4 (strongest); "
            "default 3\n"
            "  -t, --time MS      thinking time at level 4 and for hints; "
            "default 2000\n"
            "      --demo         AI against AI, unattended, ending with the "
            "result\n"
            "                     (like --side none; default level 2)\n"
            "      --seed N       seed of the AI's choices; default 1\n"
            "      --max-turns N  stop a game of AIs after N turns; default "
            "500\n"
            "      --delay MS     pause between the AI's turns; default 0 "
            "(200 in a\n"
            "                     demo on a terminal)\n"
            "      --load FILE    start from a game record or an SPN file\n"
            "      --tables DIR   endgame tables of the rules (made by "
            "seega-tb): the AI\n"
            "                     plays the positions they hold perfectly; "
            "5x5 rules\n"
            "                     without a quiet-turn limit\n"
            "      --ascii        plain ASCII, no colour\n"
            "  -h, --help         this help\n"
            "  -V, --version      the versions of seega-play and libseega\n"
            "\n"
            "Type 'help' during a game for the commands. Colour and Unicode "
            "are used when\n"
            "standard output is a terminal, TERM is not 'dumb' and NO_COLOR "
            "is not set.\n");
}

static int bad_option(const char *fmt, const char *what)
{
    fprintf(stderr, "seega-play: ");
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\n(seega-play --help lists the options)\n");
    return 2;
}

static int parse_number(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

static int env_set(const char *name)
{
    const char *v = getenv(name);
    return v && *v;
}

static int utf8_locale(void)
{
    static const char *const vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v) {
            for (; *v; v++)
                if ((v[0] == 'U' || v[0] == 'u') &&
                    (v[1] == 'T' || v[1] == 't') &&
                    (v[2] == 'F' || v[2] == 'f'))
                    return 1;
            return 0;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    app a;
    const char *preset = "classic", *rules_text = NULL, *side = "x";
    const char *load = NULL;
    long size = 5, level = -1, num;
    int demo = 0, ascii = 0, delay = -1, rc = 0, turns = 0;
    char line[LINE_MAX_LEN], msg[SEEGA_ERROR_MAX];

    memset(&a, 0, sizeof a);
    a.time_ms = 2000;
    a.seed = 1;
    a.max_turns = 500;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = NULL;
        char name[32];
        const char *eq = strchr(opt, '=');
        int takes;
        if (!strcmp(opt, "-h") || !strcmp(opt, "--help")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(opt, "-V") || !strcmp(opt, "--version")) {
            int32_t v = seega_version_number();
            printf("seega-play %s, libseega %d.%d.%d\n", SEEGA_VERSION_STRING,
                   (int)(v / 10000), (int)(v / 100 % 100), (int)(v % 100));
            return 0;
        }
        if (!strcmp(opt, "--demo")) {
            demo = 1;
            continue;
        }
        if (!strcmp(opt, "--ascii")) {
            ascii = 1;
            continue;
        }
        /* Options with a value: "--opt value", "--opt=value", "-o value". */
        snprintf(name, sizeof name, "%.*s",
                 (int)(eq && opt[1] == '-' ? (size_t)(eq - opt) : strlen(opt)),
                 opt);
        takes = !strcmp(name, "-p") || !strcmp(name, "--preset") ||
                !strcmp(name, "-n") || !strcmp(name, "--size") ||
                !strcmp(name, "-r") || !strcmp(name, "--rules") ||
                !strcmp(name, "-s") || !strcmp(name, "--side") ||
                !strcmp(name, "-l") || !strcmp(name, "--level") ||
                !strcmp(name, "-t") || !strcmp(name, "--time") ||
                !strcmp(name, "--seed") || !strcmp(name, "--max-turns") ||
                !strcmp(name, "--delay") || !strcmp(name, "--load") ||
                !strcmp(name, "--tables");
        if (!takes)
            return bad_option("unknown option '%s'", opt);
        if (eq && opt[1] == '-')
            val = eq + 1;
        else if (i + 1 < argc)
            val = argv[++i];
        else
            return bad_option("option '%s' needs a value", opt);
        if (!strcmp(name, "-p") || !strcmp(name, "--preset"))
            preset = val;
        else if (!strcmp(name, "-r") || !strcmp(name, "--rules"))
            rules_text = val;
        else if (!strcmp(name, "-s") || !strcmp(name, "--side"))
            side = val;
        else if (!strcmp(name, "--load"))
            load = val;
        else if (!strcmp(name, "--tables")) {
            if (!*val) /* not the root: a directory must be named */
                return bad_option("--tables needs a directory, not '%s' "
                                  "(\".\" for the current one)",
                                  val);
            a.tables_dir = val;
        } else if (!strcmp(name, "-n") || !strcmp(name, "--size")) {
            if (parse_number(val, 5, 9, &size) || size % 2 == 0)
                return bad_option("the board size must be 5, 7 or 9 (got '%s')",
                                  val);
        } else if (!strcmp(name, "-l") || !strcmp(name, "--level")) {
            if (parse_number(val, 1, 4, &level))
                return bad_option("the level must be 1, 2, 3 or 4 (got '%s')",
                                  val);
        } else if (!strcmp(name, "-t") || !strcmp(name, "--time")) {
            if (parse_number(val, 1, 3600000, &num))
                return bad_option("the time must be 1 .. 3600000 ms (got '%s')",
                                  val);
            a.time_ms = (int)num;
        } else if (!strcmp(name, "--seed")) {
            char *end;
            errno = 0;
            a.seed = strtoull(val, &end, 0);
            if (errno || end == val || *end || val[0] == '-')
                return bad_option("the seed must be a number (got '%s')", val);
        } else if (!strcmp(name, "--max-turns")) {
            if (parse_number(val, 1, 1000000, &num))
                return bad_option("--max-turns must be 1 .. 1000000 (got '%s')",
                                  val);
            a.max_turns = (int)num;
        } else {
            if (parse_number(val, 0, 60000, &num))
                return bad_option("--delay must be 0 .. 60000 ms (got '%s')",
                                  val);
            delay = (int)num;
        }
    }

    /* The rules: --rules, else --preset and --size. */
    if (!rules_text) {
        static char built[64];
        snprintf(built, sizeof built, "%s %ld", preset, size);
        if (strchr(preset, '=') || strchr(preset, ' '))
            return bad_option("unknown preset '%s' (classic, diagonal, modern "
                              "or traditional)",
                              preset);
        rules_text = built;
    }
    if (seega_rules_from_text(rules_text, &a.rules, msg, sizeof msg) !=
        SEEGA_OK) {
        fprintf(stderr, "seega-play: bad rules '%s': %s\n", rules_text, msg);
        return 2;
    }
    seega_rules_to_text(&a.rules, a.rules_text, sizeof a.rules_text);

    if (demo)
        side = "none";
    if (!strcmp(side, "x") || !strcmp(side, "X"))
        a.human[SEEGA_X] = 1;
    else if (!strcmp(side, "o") || !strcmp(side, "O"))
        a.human[SEEGA_O] = 1;
    else if (!strcmp(side, "both"))
        a.human[SEEGA_X] = a.human[SEEGA_O] = 1;
    else if (strcmp(side, "none") != 0)
        return bad_option("--side must be x, o, both or none (got '%s')", side);
    a.level = level > 0 ? (int)level : demo ? 2 : 3;

    /* Colour and Unicode only on a real terminal. */
    {
        const char *term = getenv("TERM");
        a.tty =
            isatty(STDOUT_FILENO) && term && *term && strcmp(term, "dumb") != 0;
        a.color = !ascii && a.tty && !env_set("NO_COLOR");
        a.unicode = !ascii && a.tty && utf8_locale();
    }
    a.echo = !isatty(STDIN_FILENO) && (a.human[0] || a.human[1]);
    a.delay_ms = delay >= 0 ? delay : demo && a.tty ? 200 : 0;

    if (a.tables_dir &&
        open_tables(&a, &a.rules, &a.tb, msg, sizeof msg) != 0) {
        fprintf(stderr, "seega-play: cannot open the tables of %s in %s: %s\n",
                a.rules_text, a.tables_dir, msg);
        return 1;
    }
    if (seega_new(&a.rules, &a.game) != SEEGA_OK) {
        fprintf(stderr, "seega-play: cannot create the game\n");
        seega_tb_close(a.tb);
        return 1;
    }
    attach_tables(&a, a.game);
    printf("%sSeega%s, %s rules", esc(&a, BOLD), esc(&a, RESET), a.rules_text);
    if (demo || (!a.human[0] && !a.human[1]))
        printf(", the AI (level %d) against itself, seed %llu.\n", a.level,
               (unsigned long long)a.seed);
    else if (a.human[0] && a.human[1])
        printf(", two players.\n");
    else
        printf(". You are %s; the AI (level %d) is %s.\n",
               a.human[SEEGA_X] ? "X" : "O", a.level,
               a.human[SEEGA_X] ? "O" : "X");
    if (a.tb)
        printf("Endgame tables: %s, up to %d pieces a side.\n", a.tables_dir,
               (int)seega_tb_max_pieces(a.tb));
    if (a.human[0] || a.human[1])
        printf("Type an action (c2, c2-c3, xb3, pass) or 'help'.\n");
    if (load && !cmd_load(&a, load)) {
        seega_free(a.game);
        seega_tb_close(a.tb);
        return 1;
    }
    show(&a);

    for (;;) {
        int32_t to_move = seega_to_move(a.game);
        int over = seega_result(a.game, NULL) != SEEGA_ONGOING;
        if (over && !a.human[0] && !a.human[1])
            break;
        if (over || a.human[to_move]) {
            int c;
            prompt(&a);
            if (!read_line(&a, line, sizeof line)) {
                printf("\n");
                break;
            }
            c = command(&a, line);
            if (c == CMD_QUIT)
                break;
            if (c == CMD_SHOW)
                show(&a);
            fflush(stdout);
            continue;
        }
        if (!a.human[0] && !a.human[1] && turns >= a.max_turns) {
            printf("Stopped after %d turns without a result: X %d, O %d "
                   "pieces.\n",
                   turns, (int)seega_pieces(a.game, SEEGA_X),
                   (int)seega_pieces(a.game, SEEGA_O));
            break;
        }
        if (ai_turn(&a) != 0) {
            rc = 1;
            break;
        }
        turns++;
        show(&a);
        sleep_ms(a.delay_ms);
    }
    seega_free(a.game);
    seega_tb_close(a.tb);
    free(a.log);
    return rc;
}

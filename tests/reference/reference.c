/*
 * The naive reference implementation of docs/rules.md (see reference.h).
 *
 * Everything here is plain arrays and loops on purpose: the board is an
 * array of N*N cells, a move is found by trying every square and every
 * direction, a hypothetical move is tried on a copy. History for undo is
 * an array of whole position copies.
 *
 * SPDX-License-Identifier: MIT
 */
#include "reference.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Turn states, as written in the SPN state field (reference.h). */
enum {
    ST_NORMAL = REF_ST_NORMAL,   /* '-' */
    ST_PLUS = REF_ST_PLUS,       /* '+': one of two placements made */
    ST_CHAIN = REF_ST_CHAIN,     /* a square: chain capture under way */
    ST_EXTRA = REF_ST_EXTRA,     /* '!': extra turn after the other side passed */
    ST_REMOVED = REF_ST_REMOVED  /* '*': removed a piece, a move follows */
};

enum { A_PLACE, A_STEP, A_REMOVE, A_PASS };

typedef struct {
    int kind;
    int from;
    int to;
} ref_action;

/* A position (ref_pos) is declared in reference.h. */

struct ref_game {
    seega_rules rules;
    int n;      /* board size */
    int total;  /* pieces per side */
    int centre; /* centre square index */
    ref_pos pos;
    ref_pos *hist; /* positions before each action of the history */
    size_t hlen;
    size_t hcap;
};

/* Directions: the four orthogonal ones first, then the diagonals. */
static const int DF[8] = {0, 0, 1, -1, 1, -1, 1, -1};
static const int DR[8] = {1, -1, 0, 0, 1, 1, -1, -1};

static int other(int side)
{
    return side == SEEGA_X ? SEEGA_O : SEEGA_X;
}

/* The square next to sq in direction d, or -1 off the board. */
static int neighbour(const ref_game *g, int sq, int d)
{
    int f = sq % g->n + DF[d];
    int r = sq / g->n + DR[d];
    if (f < 0 || f >= g->n || r < 0 || r >= g->n)
        return -1;
    return r * g->n + f;
}

static int count_pieces(const ref_game *g, const ref_pos *p, int side)
{
    int c = 0;
    for (int sq = 0; sq < g->n * g->n; sq++)
        if (p->board[sq] == side)
            c++;
    return c;
}

static int in_placing(const ref_pos *p)
{
    return p->hand[0] > 0 || p->hand[1] > 0;
}

/* Does side have at least one step (a piece next to an empty square)? */
static int has_step(const ref_game *g, const ref_pos *p, int side)
{
    for (int sq = 0; sq < g->n * g->n; sq++) {
        if (p->board[sq] != side)
            continue;
        for (int d = 0; d < g->rules.move_dirs; d++) {
            int t = neighbour(g, sq, d);
            if (t >= 0 && p->board[t] == SEEGA_EMPTY)
                return 1;
        }
    }
    return 0;
}

/*
 * The enemy pieces captured when a piece of side arrives on square to of
 * board b (the piece already standing there). Writes them to caps and
 * returns how many.
 */
static int find_captures(const ref_game *g, const int *b, int side, int to,
                         int *caps)
{
    int n = 0;
    for (int d = 0; d < g->rules.capture_dirs; d++) {
        int e = neighbour(g, to, d);
        if (e < 0 || b[e] != other(side))
            continue;
        int beyond = neighbour(g, e, d);
        if (beyond < 0 || b[beyond] != side)
            continue;
        if (g->rules.centre_immune && e == g->centre)
            continue;
        caps[n++] = e;
    }
    return n;
}

/* Would the step from -> to capture anything? (tried on a copy) */
static int step_captures(const ref_game *g, const ref_pos *p, int from, int to)
{
    int b[81];
    int caps[9];
    memcpy(b, p->board, sizeof b);
    int side = b[from];
    b[from] = SEEGA_EMPTY;
    b[to] = side;
    return find_captures(g, b, side, to, caps) > 0;
}

static int has_capturing_step(const ref_game *g, const ref_pos *p, int sq)
{
    for (int d = 0; d < g->rules.move_dirs; d++) {
        int t = neighbour(g, sq, d);
        if (t >= 0 && p->board[t] == SEEGA_EMPTY && step_captures(g, p, sq, t))
            return 1;
    }
    return 0;
}

/* The X and O marked squares of the opening_squares rule. */
static void marked_squares(const ref_game *g, int side, int out[2])
{
    if (side == SEEGA_X) {
        out[0] = g->centre - g->n; /* centre's file, one rank down */
        out[1] = g->centre + g->n; /* one rank up */
    } else {
        out[0] = g->centre - 1; /* centre's rank, one file left */
        out[1] = g->centre + 1;
    }
}

/* The side making placement number k (0-based) of the placing. */
static int placer_of(const ref_game *g, int k)
{
    return (k / g->rules.placements_per_turn) % 2 == 0 ? SEEGA_X : SEEGA_O;
}

/* How many of the first k placements X makes. */
static int x_placements_among(const ref_game *g, int k)
{
    int c = 0;
    for (int i = 0; i < k; i++)
        if (placer_of(g, i) == SEEGA_X)
            c++;
    return c;
}

static void finish_by_count(const ref_game *g, ref_pos *p, int reason)
{
    int cx = count_pieces(g, p, SEEGA_X);
    int co = count_pieces(g, p, SEEGA_O);
    p->result = cx > co ? SEEGA_X_WINS : co > cx ? SEEGA_O_WINS : SEEGA_DRAW;
    p->reason = reason;
}

static void finish_win(ref_pos *p, int winner, int reason)
{
    p->result = winner == SEEGA_X ? SEEGA_X_WINS : SEEGA_O_WINS;
    p->reason = reason;
}

/* Material: a side with lose_at pieces or fewer loses. 1 if the game ended. */
static int check_material(const ref_game *g, ref_pos *p)
{
    int cx = count_pieces(g, p, SEEGA_X);
    int co = count_pieces(g, p, SEEGA_O);
    if (cx <= g->rules.lose_at) {
        finish_win(p, SEEGA_O, SEEGA_REASON_MATERIAL);
        return 1;
    }
    if (co <= g->rules.lose_at) {
        finish_win(p, SEEGA_X, SEEGA_REASON_MATERIAL);
        return 1;
    }
    return 0;
}

/*
 * The checks at the start of a turn of the moving phase, in the order of
 * docs/rules.md, "Order of the checks" (#rules_end_order): material,
 * quiet turns, blocked.
 */
static void check_turn_start(const ref_game *g, ref_pos *p)
{
    if (check_material(g, p))
        goto over;
    if (g->rules.quiet_limit > 0 && p->quiet >= g->rules.quiet_limit) {
        finish_by_count(g, p, SEEGA_REASON_QUIET);
        goto over;
    }
    if (!has_step(g, p, p->to_move)) {
        if (g->rules.blocked == SEEGA_BLOCKED_LOSES) {
            finish_win(p, other(p->to_move), SEEGA_REASON_BLOCKED);
            goto over;
        }
        if ((g->rules.blocked == SEEGA_BLOCKED_PASSES ||
             g->rules.blocked == SEEGA_BLOCKED_OPPONENT_OPENS) &&
            !has_step(g, p, other(p->to_move))) {
            finish_by_count(g, p, SEEGA_REASON_BOTH_BLOCKED);
            goto over;
        }
    }
    return;
over:
    p->state = ST_NORMAL;
    p->chain_sq = -1;
}

/* The turn of the side to move is complete: count it, hand over, check. */
static void end_turn(const ref_game *g, ref_pos *p, int next_state,
                     int captured_this_turn)
{
    if (!captured_this_turn && p->quiet < INT32_MAX)
        p->quiet++;
    p->to_move = other(p->to_move);
    p->state = next_state;
    p->chain_sq = -1;
    check_turn_start(g, p);
}

/* ------------------------------------------------------------------ */
/* Legal actions                                                        */

static int add(ref_action *out, int n, int kind, int from, int to)
{
    out[n].kind = kind;
    out[n].from = from;
    out[n].to = to;
    return n + 1;
}

/* Every step of side (no constraint). */
static int gen_steps(const ref_game *g, const ref_pos *p, int side,
                     ref_action *out)
{
    int n = 0;
    for (int sq = 0; sq < g->n * g->n; sq++) {
        if (p->board[sq] != side)
            continue;
        for (int d = 0; d < g->rules.move_dirs; d++) {
            int t = neighbour(g, sq, d);
            if (t >= 0 && p->board[t] == SEEGA_EMPTY)
                n = add(out, n, A_STEP, sq, t);
        }
    }
    return n;
}

/*
 * Would the step leave the blocked side (the side not to move) with a step
 * of its own, or with lose_at pieces or fewer, after its captures?
 */
static int step_opens(const ref_game *g, const ref_pos *p, const ref_action *a)
{
    ref_pos q = *p;
    int caps[9];
    int side = q.board[a->from];
    q.board[a->from] = SEEGA_EMPTY;
    q.board[a->to] = side;
    int nc = find_captures(g, q.board, side, a->to, caps);
    for (int i = 0; i < nc; i++)
        q.board[caps[i]] = SEEGA_EMPTY;
    int blocked_side = other(side);
    return has_step(g, &q, blocked_side) ||
           count_pieces(g, &q, blocked_side) <= g->rules.lose_at;
}

static int gen_legal(const ref_game *g, const ref_pos *p, ref_action *out)
{
    int n = 0;
    int side = p->to_move;
    if (p->result != SEEGA_ONGOING)
        return 0;
    if (in_placing(p)) {
        int placed = g->total - p->hand[side];
        if (g->rules.opening_squares && placed < 2) {
            int m[2];
            marked_squares(g, side, m);
            for (int sq = 0; sq < g->n * g->n; sq++)
                if ((sq == m[0] || sq == m[1]) && p->board[sq] == SEEGA_EMPTY)
                    n = add(out, n, A_PLACE, -1, sq);
            return n;
        }
        for (int sq = 0; sq < g->n * g->n; sq++)
            if (sq != g->centre && p->board[sq] == SEEGA_EMPTY)
                n = add(out, n, A_PLACE, -1, sq);
        return n;
    }
    switch (p->state) {
    case ST_CHAIN: {
        int sq = p->chain_sq;
        for (int d = 0; d < g->rules.move_dirs; d++) {
            int t = neighbour(g, sq, d);
            if (t >= 0 && p->board[t] == SEEGA_EMPTY &&
                step_captures(g, p, sq, t))
                n = add(out, n, A_STEP, sq, t);
        }
        n = add(out, n, A_PASS, -1, -1);
        return n;
    }
    case ST_REMOVED:
        return gen_steps(g, p, side, out);
    case ST_EXTRA: {
        ref_action all[REF_MAX_ACTIONS];
        int na = gen_steps(g, p, side, all);
        for (int i = 0; i < na; i++)
            if (step_opens(g, p, &all[i]))
                out[n++] = all[i];
        if (n == 0) {
            for (int i = 0; i < na; i++)
                out[i] = all[i];
            n = na;
        }
        return n;
    }
    default:
        break;
    }
    /* A normal turn of the moving phase. */
    n = gen_steps(g, p, side, out);
    if (n > 0)
        return n;
    switch (g->rules.blocked) {
    case SEEGA_BLOCKED_PASSES:
    case SEEGA_BLOCKED_OPPONENT_OPENS:
        return add(out, 0, A_PASS, -1, -1);
    case SEEGA_BLOCKED_REMOVES:
        for (int sq = 0; sq < g->n * g->n; sq++)
            if (p->board[sq] == other(side))
                n = add(out, n, A_REMOVE, -1, sq);
        return n;
    default:
        return 0; /* LOSES: the game is already over */
    }
}

/* ------------------------------------------------------------------ */
/* Playing                                                              */

static void sort_ints(int *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            int t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

/* Apply a legal action to p. */
static void apply(const ref_game *g, ref_pos *p, const ref_action *a)
{
    int side = p->to_move;
    p->ncaps = 0;
    if (a->kind == A_PLACE) {
        p->board[a->to] = side;
        p->hand[side]--;
        if (!in_placing(p)) {
            /* The last placement: the moving phase begins. */
            p->to_move = g->rules.first_mover;
            p->state = ST_NORMAL;
            p->chain_sq = -1;
            p->quiet = 0;
            check_turn_start(g, p);
            return;
        }
        int k = 2 * g->total - p->hand[0] - p->hand[1];
        p->to_move = placer_of(g, k);
        p->state = (k % g->rules.placements_per_turn) ? ST_PLUS : ST_NORMAL;
        return;
    }
    if (a->kind == A_PASS) {
        if (p->state == ST_CHAIN) {
            end_turn(g, p, ST_NORMAL, 1);
        } else {
            int next = g->rules.blocked == SEEGA_BLOCKED_OPPONENT_OPENS
                           ? ST_EXTRA
                           : ST_NORMAL;
            end_turn(g, p, next, 0);
        }
        return;
    }
    if (a->kind == A_REMOVE) {
        p->board[a->to] = SEEGA_EMPTY;
        p->caps[0] = a->to;
        p->ncaps = 1;
        p->quiet = 0;
        if (check_material(g, p)) {
            p->to_move = other(side);
            p->state = ST_NORMAL;
            p->chain_sq = -1;
            return;
        }
        if (has_step(g, p, side)) {
            p->state = ST_REMOVED;
            p->chain_sq = -1;
            return;
        }
        end_turn(g, p, ST_NORMAL, 1);
        return;
    }
    /* A step. */
    int captured_before = p->state == ST_CHAIN || p->state == ST_REMOVED;
    p->board[a->from] = SEEGA_EMPTY;
    p->board[a->to] = side;
    p->ncaps = find_captures(g, p->board, side, a->to, p->caps);
    for (int i = 0; i < p->ncaps; i++)
        p->board[p->caps[i]] = SEEGA_EMPTY;
    sort_ints(p->caps, p->ncaps);
    if (p->ncaps > 0) {
        p->quiet = 0;
        if (check_material(g, p)) {
            p->to_move = other(side);
            p->state = ST_NORMAL;
            p->chain_sq = -1;
            return;
        }
        if (g->rules.chain_captures && has_capturing_step(g, p, a->to)) {
            p->state = ST_CHAIN;
            p->chain_sq = a->to;
            return;
        }
    }
    end_turn(g, p, ST_NORMAL, captured_before || p->ncaps > 0);
}

/* ------------------------------------------------------------------ */
/* Text                                                                 */

static void square_name(const ref_game *g, int sq, char *out)
{
    out[0] = (char)('a' + sq % g->n);
    out[1] = (char)('1' + sq / g->n);
    out[2] = '\0';
}

static void action_text(const ref_game *g, const ref_action *a, char *out)
{
    char s1[3], s2[3];
    switch (a->kind) {
    case A_PLACE:
        square_name(g, a->to, out);
        break;
    case A_STEP:
        square_name(g, a->from, s1);
        square_name(g, a->to, s2);
        out[0] = s1[0];
        out[1] = s1[1];
        out[2] = '-';
        out[3] = s2[0];
        out[4] = s2[1];
        out[5] = '\0';
        break;
    case A_REMOVE:
        square_name(g, a->to, s1);
        out[0] = 'x';
        out[1] = s1[0];
        out[2] = s1[1];
        out[3] = '\0';
        break;
    default:
        strcpy(out, "pass");
        break;
    }
}

/* ------------------------------------------------------------------ */
/* Public interface                                                     */

static int rules_valid(const seega_rules *r)
{
    if (r == NULL || r->version != SEEGA_RULES_VERSION)
        return 0;
    if (r->board_size != 5 && r->board_size != 7 && r->board_size != 9)
        return 0;
    if (r->placements_per_turn != 1 && r->placements_per_turn != 2)
        return 0;
    if (r->opening_squares != 0 && r->opening_squares != 1)
        return 0;
    if (r->first_mover != SEEGA_X && r->first_mover != SEEGA_O)
        return 0;
    if (r->move_dirs != SEEGA_DIRS_ORTHOGONAL && r->move_dirs != SEEGA_DIRS_ALL)
        return 0;
    if (r->capture_dirs != SEEGA_DIRS_ORTHOGONAL &&
        r->capture_dirs != SEEGA_DIRS_ALL)
        return 0;
    if (r->centre_immune != 0 && r->centre_immune != 1)
        return 0;
    if (r->chain_captures != 0 && r->chain_captures != 1)
        return 0;
    if (r->blocked < SEEGA_BLOCKED_LOSES || r->blocked > SEEGA_BLOCKED_REMOVES)
        return 0;
    if (r->lose_at != 0 && r->lose_at != 1)
        return 0;
    if (r->quiet_limit < 0)
        return 0;
    return 1;
}

ref_game *ref_new(const seega_rules *rules)
{
    if (!rules_valid(rules))
        return NULL;
    ref_game *g = calloc(1, sizeof *g);
    if (g == NULL)
        return NULL;
    g->rules = *rules;
    g->n = rules->board_size;
    g->total = (g->n * g->n - 1) / 2;
    g->centre = (g->n * g->n) / 2;
    for (int sq = 0; sq < 81; sq++)
        g->pos.board[sq] = SEEGA_EMPTY;
    g->pos.to_move = SEEGA_X;
    g->pos.hand[0] = g->pos.hand[1] = g->total;
    g->pos.state = ST_NORMAL;
    g->pos.chain_sq = -1;
    g->pos.result = SEEGA_ONGOING;
    g->pos.reason = SEEGA_REASON_NONE;
    return g;
}

ref_game *ref_clone(const ref_game *g)
{
    ref_game *c = malloc(sizeof *c);
    if (c == NULL)
        return NULL;
    *c = *g;
    c->hist = NULL;
    c->hcap = 0;
    if (g->hlen > 0) {
        c->hist = malloc(g->hlen * sizeof *c->hist);
        if (c->hist == NULL) {
            free(c);
            return NULL;
        }
        memcpy(c->hist, g->hist, g->hlen * sizeof *c->hist);
        c->hcap = g->hlen;
    }
    return c;
}

void ref_free(ref_game *g)
{
    if (g == NULL)
        return;
    free(g->hist);
    free(g);
}

int ref_legal(const ref_game *g, char (*texts)[8], int cap)
{
    ref_action acts[REF_MAX_ACTIONS];
    int n = gen_legal(g, &g->pos, acts);
    for (int i = 0; i < n && i < cap; i++)
        action_text(g, &acts[i], texts[i]);
    return n;
}

int ref_play(ref_game *g, const char *text)
{
    char want[16];
    size_t len = 0;
    while (*text && isspace((unsigned char)*text))
        text++;
    while (*text && len < sizeof want - 1)
        want[len++] = (char)tolower((unsigned char)*text++);
    while (len > 0 && isspace((unsigned char)want[len - 1]))
        len--;
    want[len] = '\0';

    ref_action acts[REF_MAX_ACTIONS];
    int n = gen_legal(g, &g->pos, acts);
    for (int i = 0; i < n; i++) {
        char t[8];
        action_text(g, &acts[i], t);
        if (strcmp(t, want) != 0)
            continue;
        if (g->hlen == g->hcap) {
            size_t ncap = g->hcap ? 2 * g->hcap : 64;
            ref_pos *h = realloc(g->hist, ncap * sizeof *h);
            if (h == NULL)
                return -1;
            g->hist = h;
            g->hcap = ncap;
        }
        g->hist[g->hlen++] = g->pos;
        apply(g, &g->pos, &acts[i]);
        return 0;
    }
    return -1;
}

int ref_undo(ref_game *g)
{
    if (g->hlen == 0)
        return -1;
    g->pos = g->hist[--g->hlen];
    return 0;
}

int ref_result(const ref_game *g, int *reason)
{
    if (reason)
        *reason = g->pos.reason;
    return g->pos.result;
}

int ref_to_move(const ref_game *g)
{
    return g->pos.to_move;
}

static uint64_t perft_rec(const ref_game *g, const ref_pos *p, int depth)
{
    if (depth == 0)
        return 1;
    ref_action acts[REF_MAX_ACTIONS];
    int n = gen_legal(g, p, acts);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ref_pos q = *p;
        apply(g, &q, &acts[i]);
        total += perft_rec(g, &q, depth - 1);
    }
    return total;
}

uint64_t ref_perft(ref_game *g, int depth)
{
    if (depth < 0)
        return 0;
    return perft_rec(g, &g->pos, depth);
}

int ref_successors(const ref_game *g, const ref_pos *p, ref_pos *out, int cap)
{
    ref_action acts[REF_MAX_ACTIONS];
    int n = gen_legal(g, p, acts);
    for (int i = 0; i < n && i < cap; i++) {
        out[i] = *p;
        apply(g, &out[i], &acts[i]);
    }
    return n;
}

int ref_last_captures(const ref_game *g, int *squares, int cap)
{
    if (g->hlen == 0)
        return 0;
    for (int i = 0; i < g->pos.ncaps && i < cap; i++)
        squares[i] = g->pos.caps[i];
    return g->pos.ncaps;
}

/* ------------------------------------------------------------------ */
/* SPN                                                                  */

void ref_get_spn(const ref_game *g, char *buf, size_t cap)
{
    ref_pos_spn(g, &g->pos, buf, cap);
}

void ref_pos_spn(const ref_game *g, const ref_pos *p, char *buf, size_t cap)
{
    char s[160];
    size_t k = 0;
    for (int r = g->n - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < g->n; f++) {
            int c = p->board[r * g->n + f];
            if (c == SEEGA_EMPTY) {
                run++;
                continue;
            }
            if (run)
                s[k++] = (char)('0' + run);
            run = 0;
            s[k++] = c == SEEGA_X ? 'x' : 'o';
        }
        if (run)
            s[k++] = (char)('0' + run);
        if (r > 0)
            s[k++] = '/';
    }
    s[k] = '\0';
    char tail[64];
    char st[4];
    switch (p->state) {
    case ST_PLUS:
        strcpy(st, "+");
        break;
    case ST_CHAIN:
        square_name(g, p->chain_sq, st);
        break;
    case ST_EXTRA:
        strcpy(st, "!");
        break;
    case ST_REMOVED:
        strcpy(st, "*");
        break;
    default:
        strcpy(st, "-");
        break;
    }
    snprintf(tail, sizeof tail, " %c %d %d %ld %s",
             p->to_move == SEEGA_X ? 'x' : 'o', p->hand[0], p->hand[1],
             (long)p->quiet, st);
    strcat(s, tail);
    if (cap == 0)
        return;
    size_t len = strlen(s);
    if (len >= cap)
        len = cap - 1;
    memcpy(buf, s, len);
    buf[len] = '\0';
}

/*
 * A plain decimal number: "0" or a nonzero digit followed by digits.
 * Returns 0 and sets *out, or -1 if malformed or above limit.
 */
static int parse_number(const char *s, long long limit, long long *out)
{
    long long v = 0;
    if (s[0] == '\0')
        return -1;
    if (s[0] == '0' && s[1] != '\0')
        return -1;
    for (const char *c = s; *c; c++) {
        if (*c < '0' || *c > '9')
            return -1;
        v = v * 10 + (*c - '0');
        if (v > limit)
            return -1;
    }
    *out = v;
    return 0;
}

/* ref_set_spn with a scratch buffer of len + 1 bytes for the fields. */
static int set_spn_in(ref_game *g, const char *spn, size_t len, char *copy)
{
    char *fields[7];
    int nf = 0;

    /* Trim surrounding white space. */
    while (len > 0 && isspace((unsigned char)spn[len - 1]))
        len--;
    while (len > 0 && isspace((unsigned char)*spn)) {
        spn++;
        len--;
    }
    memcpy(copy, spn, len);
    copy[len] = '\0';

    /* Split on runs of spaces (only ' '). */
    char *c = copy;
    while (*c) {
        while (*c == ' ')
            c++;
        if (!*c)
            break;
        if (nf == 6)
            return -1; /* too many fields */
        fields[nf++] = c;
        while (*c && *c != ' ')
            c++;
        if (*c)
            *c++ = '\0';
    }
    if (nf != 6)
        return -1;

    ref_pos p;
    memset(&p, 0, sizeof p);
    for (int sq = 0; sq < 81; sq++)
        p.board[sq] = SEEGA_EMPTY;
    p.chain_sq = -1;
    p.result = SEEGA_ONGOING;
    p.reason = SEEGA_REASON_NONE;

    /* Board. */
    {
        const char *b = fields[0];
        int r = g->n - 1;
        int f = 0;
        int last_digit = 0;
        for (; *b; b++) {
            if (*b == '/') {
                if (f != g->n)
                    return -1; /* wrong number of squares in a rank */
                if (r == 0)
                    return -1; /* too many ranks */
                r--;
                f = 0;
                last_digit = 0;
                continue;
            }
            if (*b == 'x' || *b == 'o') {
                if (f >= g->n)
                    return -1;
                p.board[r * g->n + f] = *b == 'x' ? SEEGA_X : SEEGA_O;
                f++;
                last_digit = 0;
                continue;
            }
            if (*b >= '1' && *b <= '9') {
                if (last_digit)
                    return -1; /* "23", "11": not canonical */
                f += *b - '0';
                if (f > g->n)
                    return -1;
                last_digit = 1;
                continue;
            }
            return -1; /* bad character */
        }
        if (r != 0 || f != g->n)
            return -1; /* too few ranks, or last rank short */
    }

    /* Side to move. */
    if (strcmp(fields[1], "x") == 0)
        p.to_move = SEEGA_X;
    else if (strcmp(fields[1], "o") == 0)
        p.to_move = SEEGA_O;
    else
        return -1;

    /* Hands and quiet counter. */
    long long hx, ho, q;
    if (parse_number(fields[2], 1000000, &hx) ||
        parse_number(fields[3], 1000000, &ho) ||
        parse_number(fields[4], INT32_MAX, &q))
        return -1;
    p.hand[SEEGA_X] = (int)hx;
    p.hand[SEEGA_O] = (int)ho;
    p.quiet = (int32_t)q;

    /* State. */
    const char *st = fields[5];
    if (strcmp(st, "-") == 0) {
        p.state = ST_NORMAL;
    } else if (strcmp(st, "+") == 0) {
        p.state = ST_PLUS;
    } else if (strcmp(st, "!") == 0) {
        p.state = ST_EXTRA;
    } else if (strcmp(st, "*") == 0) {
        p.state = ST_REMOVED;
    } else if (strlen(st) == 2 && st[0] >= 'a' && st[0] < 'a' + g->n &&
               st[1] >= '1' && st[1] < '1' + g->n) {
        p.state = ST_CHAIN;
        p.chain_sq = (st[1] - '1') * g->n + (st[0] - 'a');
    } else {
        return -1;
    }

    if (ref_check_pos(g, &p) != 0)
        return -1;
    g->pos = p;
    g->hlen = 0;
    return 0;
}

int ref_check_pos(const ref_game *g, ref_pos *pp)
{
    ref_pos p = *pp;
    p.result = SEEGA_ONGOING;
    p.reason = SEEGA_REASON_NONE;
    p.ncaps = 0;

    /* What the SPN syntax already rules out, for positions given as
     * values. */
    for (int sq = 0; sq < 81; sq++) {
        int c = p.board[sq];
        if (c != SEEGA_X && c != SEEGA_O && c != SEEGA_EMPTY)
            return -1;
        if (sq >= g->n * g->n && c != SEEGA_EMPTY)
            return -1;
    }
    if (p.to_move != SEEGA_X && p.to_move != SEEGA_O)
        return -1;
    if (p.hand[0] < 0 || p.hand[1] < 0 || p.quiet < 0)
        return -1;
    if (p.state < ST_NORMAL || p.state > ST_REMOVED)
        return -1;
    if (p.state == ST_CHAIN) {
        if (p.chain_sq < 0 || p.chain_sq >= g->n * g->n)
            return -1;
    } else {
        p.chain_sq = -1;
    }

    /* The checks of docs/notation.md, "Refused positions"
     * (#notation_refused), one by one. */
    int on[2];
    on[SEEGA_X] = count_pieces(g, &p, SEEGA_X);
    on[SEEGA_O] = count_pieces(g, &p, SEEGA_O);
    for (int s = 0; s < 2; s++)
        if (on[s] + p.hand[s] > g->total)
            return -1;

    if (in_placing(&p)) {
        for (int s = 0; s < 2; s++)
            if (on[s] + p.hand[s] != g->total)
                return -1;
        if (p.board[g->centre] != SEEGA_EMPTY)
            return -1;
        if (p.quiet != 0)
            return -1;
        int k = on[0] + on[1];
        if (on[SEEGA_X] != x_placements_among(g, k))
            return -1;
        if (p.to_move != placer_of(g, k))
            return -1;
        int want = (k % g->rules.placements_per_turn) ? ST_PLUS : ST_NORMAL;
        if (p.state != want)
            return -1;
        if (g->rules.opening_squares) {
            for (int s = 0; s < 2; s++) {
                int m[2];
                marked_squares(g, s, m);
                int onm = (p.board[m[0]] == s) + (p.board[m[1]] == s);
                int need = on[s] < 2 ? on[s] : 2;
                if (onm < need)
                    return -1;
            }
        }
    } else {
        if (p.state == ST_PLUS)
            return -1;
    }
    if (g->rules.quiet_limit > 0 && p.quiet > g->rules.quiet_limit)
        return -1;
    if (!in_placing(&p)) {
        int low_x = on[SEEGA_X] <= g->rules.lose_at;
        int low_o = on[SEEGA_O] <= g->rules.lose_at;
        if (low_x && low_o)
            return -1;
        if (p.state == ST_CHAIN) {
            if (!g->rules.chain_captures)
                return -1;
            if (p.board[p.chain_sq] != p.to_move)
                return -1;
            if (!has_capturing_step(g, &p, p.chain_sq))
                return -1;
            if (p.quiet != 0)
                return -1;
            if (low_x || low_o)
                return -1;
        }
        if (p.state == ST_EXTRA) {
            if (g->rules.blocked != SEEGA_BLOCKED_OPPONENT_OPENS)
                return -1;
            if (has_step(g, &p, other(p.to_move)))
                return -1;
            if (!has_step(g, &p, p.to_move))
                return -1;
        }
        if (p.state == ST_REMOVED) {
            if (g->rules.blocked != SEEGA_BLOCKED_REMOVES)
                return -1;
            if (!has_step(g, &p, p.to_move))
                return -1;
            if (p.quiet != 0)
                return -1;
            if (low_x || low_o)
                return -1;
        }
        /* Accepted. A position at the start of a turn gets the checks of
         * the end of the game. */
        if (p.state == ST_NORMAL || p.state == ST_EXTRA)
            check_turn_start(g, &p);
    }

    *pp = p;
    return 0;
}

int ref_set_spn(ref_game *g, const char *spn)
{
    size_t len = strlen(spn);
    char *copy = malloc(len + 1);
    if (copy == NULL)
        return -1;
    int rc = set_spn_in(g, spn, len, copy);
    free(copy);
    return rc;
}

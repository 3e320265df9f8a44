/*
 * The naive endgame solver (see tb_naive.h).
 *
 * Two plain steps. First the game graph is generated forward: the start
 * states get numbers, then every state in number order gets its children
 * from the reference's own legal actions (ref_successors); each child is
 * looked up in (or added to) a hash map, and the edge is written to one
 * flat array. Then the graph is solved by forward iteration to a fixed
 * point, level by level: level 0 is the finished states; at level k, every
 * unresolved state whose children, as resolved at the levels before k,
 * prove a win (a child is a win for its mover) or a loss (every child is a
 * loss for its mover) is resolved at distance k; a level that resolves
 * nothing ends it, and the states left are draws. SPN text is made only to
 * report the results.
 *
 * Naive is the algorithm, not the code: the graph is stored once, in flat
 * arrays, and the only tricks are about memory, which bounds the speed
 * (the hash slots hold the keys; the children of a few states are hashed
 * and their slots prefetched before they are looked up; the level loop
 * reads one byte a state).
 *
 * SPDX-License-Identifier: MIT
 */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* mmap's MAP_ANONYMOUS and madvise */
#endif

#include "tb_naive.h"

#include "reference.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#define NSQ 25 /* 5x5 only */

/* State numbers go to 31 bits: an edge keeps one bit beside them. */
#define MAX_STATES 0x7fffffffu

/* States expanded together, their children's hash slots prefetched. */
#define BATCH 32

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

/*
 * A state's key: two bits a square in bits 0..49 (0 empty, 1 X, 2 O), the
 * side to move in bit 50 (1: O), the turn state in bits 51..55 (0 '-',
 * 1 '!', 2 '*', 3 + square: a chain). The quiet counter is kept beside
 * it (0 when the rules have no limit).
 */
#define KEY_SIDE_BIT 50
#define KEY_STATE_SHIFT 51

/* Values of the byte array: the value for the side to move, + 2. */
enum { V_OPEN = 0, V_LOSS = 1, V_DRAW = 2, V_WIN = 3 };

typedef struct {
    uint64_t key;
    uint32_t quiet;
    uint32_t num; /* state number + 1; 0: an empty slot */
} slot;

/* A child found in generation, before it is looked up. */
typedef struct {
    uint64_t key;
    uint64_t hash;
    uint32_t quiet;
    uint8_t value; /* V_OPEN, or a finished state's value */
    uint8_t same;  /* 1 when the side to move stays */
} child;

typedef struct {
    /* The states, by number. */
    size_t n, cap;
    uint64_t *key;
    uint32_t *quiet;
    uint8_t *value;  /* V_* */
    int32_t *dist;   /* resolved: the distance; else -1 */
    uint64_t *first; /* cap + 1 of them */
    /* The hash map, linear probing. */
    slot *table;
    size_t tsize;
    /* The edges of state i are edge[first[i]] .. edge[first[i + 1] - 1],
     * each the child's number * 2, + 1 when the side to move stays. */
    uint32_t *edge;
    size_t nedges, ecap;
} solver;

static uint64_t encode(const ref_pos *p)
{
    uint64_t k = 0;
    for (int sq = 0; sq < NSQ; sq++)
        if (p->board[sq] != SEEGA_EMPTY)
            k |= (uint64_t)(p->board[sq] + 1) << (2 * sq);
    if (p->to_move == SEEGA_O)
        k |= (uint64_t)1 << KEY_SIDE_BIT;
    uint64_t st = 0;
    switch (p->state) {
    case REF_ST_EXTRA:
        st = 1;
        break;
    case REF_ST_REMOVED:
        st = 2;
        break;
    case REF_ST_CHAIN:
        st = 3 + (uint64_t)p->chain_sq;
        break;
    default:
        break;
    }
    return k | st << KEY_STATE_SHIFT;
}

/* The position of a state (as an ongoing one: result not filled in). */
static void decode(uint64_t k, uint32_t quiet, ref_pos *p)
{
    memset(p, 0, sizeof *p);
    for (int sq = 0; sq < 81; sq++)
        p->board[sq] = SEEGA_EMPTY;
    for (int sq = 0; sq < NSQ; sq++) {
        int c = (int)(k >> (2 * sq)) & 3;
        if (c)
            p->board[sq] = c - 1;
    }
    p->to_move = (k >> KEY_SIDE_BIT) & 1 ? SEEGA_O : SEEGA_X;
    p->quiet = (int32_t)quiet;
    p->chain_sq = -1;
    int st = (int)(k >> KEY_STATE_SHIFT) & 31;
    if (st == 0) {
        p->state = REF_ST_NORMAL;
    } else if (st == 1) {
        p->state = REF_ST_EXTRA;
    } else if (st == 2) {
        p->state = REF_ST_REMOVED;
    } else {
        p->state = REF_ST_CHAIN;
        p->chain_sq = st - 3;
    }
    p->result = SEEGA_ONGOING;
    p->reason = SEEGA_REASON_NONE;
}

static uint64_t hash(uint64_t k, uint32_t q)
{
    uint64_t h = k ^ ((uint64_t)q * 0x9E3779B97F4A7C15ULL);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 29;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 32);
}

/* A position's V_* value for its side to move: V_OPEN while ongoing. */
static uint8_t value_of(const ref_pos *p)
{
    if (p->result == SEEGA_ONGOING)
        return V_OPEN;
    if (p->result == SEEGA_DRAW)
        return V_DRAW;
    int winner = p->result == SEEGA_X_WINS ? SEEGA_X : SEEGA_O;
    return winner == p->to_move ? V_WIN : V_LOSS;
}

static child make_child(const ref_pos *p, int parent_to_move, int limit)
{
    child c;
    c.key = encode(p);
    c.quiet = limit == 0 ? 0 : (uint32_t)p->quiet; /* no limit: always 0 */
    c.hash = hash(c.key, c.quiet);
    c.value = value_of(p);
    c.same = p->to_move == parent_to_move;
    return c;
}

/*
 * The hash table's memory, zeroed. It is read at random, so on Linux it
 * asks for huge pages (fewer TLB misses and page faults: about a third of
 * the time of a large solve); elsewhere it is plain calloc.
 */
static slot *table_alloc(size_t size)
{
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    void *t = mmap(NULL, size * sizeof(slot), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (t == MAP_FAILED)
        return NULL;
#if defined(MADV_HUGEPAGE)
    (void)madvise(t, size * sizeof(slot), MADV_HUGEPAGE);
#endif
    return t;
#else
    return calloc(size, sizeof(slot));
#endif
}

static void table_free(slot *t, size_t size)
{
    if (t == NULL)
        return;
#if defined(__linux__) && defined(MAP_ANONYMOUS)
    munmap(t, size * sizeof(slot));
#else
    (void)size;
    free(t);
#endif
}

/* Rehash into a table of size slots (a power of two). */
static int resize_table(solver *s, size_t size)
{
    slot *t = table_alloc(size);
    if (t == NULL)
        return -1;
    for (size_t i = 0; i < s->tsize; i++) {
        if (s->table[i].num == 0)
            continue;
        size_t h = (size_t)hash(s->table[i].key, s->table[i].quiet) & (size - 1);
        while (t[h].num)
            h = (h + 1) & (size - 1);
        t[h] = s->table[i];
    }
    table_free(s->table, s->tsize);
    s->table = t;
    s->tsize = size;
    return 0;
}

static int resize_states(solver *s, size_t cap)
{
    uint64_t *key = realloc(s->key, cap * sizeof *key);
    if (key == NULL)
        return -1;
    s->key = key;
    uint32_t *quiet = realloc(s->quiet, cap * sizeof *quiet);
    if (quiet == NULL)
        return -1;
    s->quiet = quiet;
    uint8_t *value = realloc(s->value, cap * sizeof *value);
    if (value == NULL)
        return -1;
    s->value = value;
    int32_t *dist = realloc(s->dist, cap * sizeof *dist);
    if (dist == NULL)
        return -1;
    s->dist = dist;
    uint64_t *first = realloc(s->first, (cap + 1) * sizeof *first);
    if (first == NULL)
        return -1;
    s->first = first;
    s->cap = cap;
    return 0;
}

/* The number of the state c, added if new; -1 when out of memory or of
 * numbers. */
static long long find_or_add(solver *s, const child *c)
{
    size_t mask = s->tsize - 1;
    size_t h = (size_t)c->hash & mask;
    for (;;) {
        const slot *e = &s->table[h];
        if (e->num == 0)
            break;
        if (e->key == c->key && e->quiet == c->quiet)
            return (long long)(e->num - 1);
        h = (h + 1) & mask;
    }
    if (s->n >= MAX_STATES)
        return -1;
    if (s->n == s->cap && resize_states(s, 2 * s->cap) != 0)
        return -1;
    size_t i = s->n++;
    s->key[i] = c->key;
    s->quiet[i] = c->quiet;
    s->value[i] = c->value;
    s->dist[i] = c->value == V_OPEN ? -1 : 0;
    s->table[h].key = c->key;
    s->table[h].quiet = c->quiet;
    s->table[h].num = (uint32_t)(i + 1);
    /* Keep the load at most 0.7. */
    if (10 * s->n > 7 * s->tsize && resize_table(s, 2 * s->tsize) != 0)
        return -1;
    return (long long)i;
}

static int add_edge(solver *s, uint32_t e)
{
    if (s->nedges == s->ecap) {
        size_t cap = s->ecap ? 2 * s->ecap : (size_t)1 << 20;
        uint32_t *edge = realloc(s->edge, cap * sizeof *edge);
        if (edge == NULL)
            return -1;
        s->edge = edge;
        s->ecap = cap;
    }
    s->edge[s->nedges++] = e;
    return 0;
}

/* Children waiting to be looked up, their slots prefetched. */
typedef struct {
    child *c;
    size_t n, cap;
} pending;

static void pend(solver *s, pending *w, const child *c)
{
    PREFETCH(&s->table[(size_t)c->hash & (s->tsize - 1)]);
    w->c[w->n++] = *c;
}

/* The start states: every board with x X and o O pieces on squares sq..,
 * either side to move, every quiet counter 0..limit; added in batches. */
static int add_starts(solver *s, pending *w, const ref_game *g, int limit,
                      ref_pos *p, int sq, int x, int o)
{
    if (x + o > NSQ - sq)
        return 0;
    if (sq == NSQ) {
        for (int side = SEEGA_X; side <= SEEGA_O; side++) {
            for (int q = 0; q <= limit; q++) {
                p->to_move = side;
                p->quiet = q;
                ref_pos c = *p;
                if (ref_check_pos(g, &c) != 0)
                    return -1; /* cannot happen: in range by construction */
                child ch = make_child(&c, side, limit);
                pend(s, w, &ch);
                if (w->n < w->cap)
                    continue;
                for (size_t i = 0; i < w->n; i++)
                    if (find_or_add(s, &w->c[i]) < 0)
                        return -1;
                w->n = 0;
            }
        }
        return 0;
    }
    if (add_starts(s, w, g, limit, p, sq + 1, x, o) != 0)
        return -1;
    for (int side = SEEGA_X; side <= SEEGA_O; side++) {
        if ((side == SEEGA_X ? x : o) == 0)
            continue;
        p->board[sq] = side;
        int rc = side == SEEGA_X
                     ? add_starts(s, w, g, limit, p, sq + 1, x - 1, o)
                     : add_starts(s, w, g, limit, p, sq + 1, x, o - 1);
        p->board[sq] = SEEGA_EMPTY;
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* Number the start states. */
static int start_states(solver *s, const ref_game *g, int lose_at, int limit,
                        int max_x, int max_o)
{
    pending w;
    w.n = 0;
    w.cap = 256;
    w.c = malloc(w.cap * sizeof *w.c);
    if (w.c == NULL)
        return -1;
    ref_pos p;
    memset(&p, 0, sizeof p);
    for (int sq = 0; sq < 81; sq++)
        p.board[sq] = SEEGA_EMPTY;
    p.state = REF_ST_NORMAL;
    p.chain_sq = -1;
    int rc = 0;
    for (int x = lose_at + 1; x <= max_x && rc == 0; x++)
        for (int o = lose_at + 1; o <= max_o && rc == 0; o++)
            rc = add_starts(s, &w, g, limit, &p, 0, x, o);
    for (size_t i = 0; i < w.n && rc == 0; i++)
        if (find_or_add(s, &w.c[i]) < 0)
            rc = -1;
    free(w.c);
    return rc;
}

/* Expand every state in number order (those found meanwhile included). */
static int generate(solver *s, const ref_game *g, int limit)
{
    ref_pos *kids = malloc(REF_MAX_ACTIONS * sizeof *kids);
    pending w;
    w.n = 0;
    w.cap = (size_t)BATCH * REF_MAX_ACTIONS;
    w.c = malloc(w.cap * sizeof *w.c);
    int rc = -1;
    if (kids == NULL || w.c == NULL)
        goto out;
    size_t i = 0;
    while (i < s->n) {
        size_t end = s->n - i > BATCH ? i + BATCH : s->n;
        int count[BATCH];
        /* The children of states i..end-1 ... */
        w.n = 0;
        for (size_t a = i; a < end; a++) {
            count[a - i] = 0;
            if (s->value[a] != V_OPEN)
                continue; /* finished: no children */
            ref_pos cur;
            decode(s->key[a], s->quiet[a], &cur);
            int nk = ref_successors(g, &cur, kids, REF_MAX_ACTIONS);
            for (int j = 0; j < nk; j++) {
                child c = make_child(&kids[j], cur.to_move, limit);
                pend(s, &w, &c);
            }
            count[a - i] = nk;
        }
        /* ... then looked up, in order. */
        size_t m = 0;
        for (size_t a = i; a < end; a++) {
            s->first[a] = s->nedges;
            for (int j = 0; j < count[a - i]; j++, m++) {
                long long c = find_or_add(s, &w.c[m]);
                if (c < 0 || add_edge(s, (uint32_t)c << 1 | w.c[m].same) != 0)
                    goto out;
            }
        }
        i = end;
    }
    s->first[s->n] = s->nedges;
    rc = 0;
out:
    free(w.c);
    free(kids);
    return rc;
}

/*
 * Forward iteration to a fixed point, level by level, over the states
 * still unresolved. What a level resolves is written after the level, so
 * that it sees only what the levels before it resolved.
 */
static int iterate(solver *s)
{
    uint32_t *open = malloc((s->n ? s->n : 1) * sizeof *open);
    uint32_t *found = malloc((s->n ? s->n : 1) * sizeof *found);
    int rc = -1;
    if (open == NULL || found == NULL)
        goto out;
    size_t nopen = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->value[i] == V_OPEN)
            open[nopen++] = (uint32_t)i;
    for (int32_t k = 1; nopen > 0; k++) {
        size_t kept = 0, nfound = 0;
        for (size_t u = 0; u < nopen; u++) {
            uint32_t i = open[u];
            int win = 0, all_lost = 1;
            for (uint64_t e = s->first[i]; e < s->first[i + 1]; e++) {
                uint32_t c = s->edge[e] >> 1;
                int v = s->value[c];
                if (v == V_OPEN) {
                    all_lost = 0;
                    continue;
                }
                if (!(s->edge[e] & 1))
                    v = V_LOSS + V_WIN - v; /* the other side's view */
                if (v == V_WIN) {
                    win = 1;
                    break;
                }
                if (v == V_DRAW)
                    all_lost = 0;
            }
            if (win)
                found[nfound++] = i | 0x80000000u;
            else if (all_lost)
                found[nfound++] = i;
            else
                open[kept++] = i;
        }
        if (nfound == 0)
            break; /* a fixed point: the rest are draws */
        for (size_t f = 0; f < nfound; f++) {
            uint32_t i = found[f] & 0x7fffffffu;
            s->value[i] = found[f] & 0x80000000u ? V_WIN : V_LOSS;
            s->dist[i] = k;
        }
        nopen = kept;
    }
    rc = 0;
out:
    free(found);
    free(open);
    return rc;
}

/*
 * Under a quiet limit, the plies to the ply that settles each decided
 * state's result (docs/tablebases.md, "The quiet limit"): 0 for a
 * finished state; for a won one the least, for a lost one the greatest,
 * over the actions that keep its value (every action of a lost state), of
 * 1 when the action captures or removes (its child's counter is 0) or
 * ends the game, else 1 + the child's; -1 for a draw that goes on. Every other action raises the
 * counter, so the states are taken from the highest counter down, and a
 * child's is known before its parent's. -1 for a draw. 0, or -1 when out
 * of memory or when an action neither settles nor raises the counter.
 */
static int settle_plies(const solver *s, int limit, int32_t *settle)
{
    for (int q = limit; q >= 0; q--)
        for (size_t i = 0; i < s->n; i++) {
            if ((int)s->quiet[i] != q)
                continue;
            uint8_t v = s->value[i];
            if (s->first[i] == s->first[i + 1]) {
                settle[i] = 0; /* finished */
                continue;
            }
            settle[i] = -1;
            if (v == V_OPEN || v == V_DRAW)
                continue; /* a draw */
            int best = -1;
            for (uint64_t e = s->first[i]; e < s->first[i + 1]; e++) {
                uint32_t c = s->edge[e] >> 1;
                int cv = s->value[c];
                if (!(s->edge[e] & 1) && cv != V_OPEN)
                    cv = V_LOSS + V_WIN - cv; /* the other side's view */
                if (cv != v)
                    continue; /* this action gives away the value */
                int d;
                if (s->quiet[c] == 0 || s->first[c] == s->first[c + 1]) {
                    d = 1;
                } else if ((int)s->quiet[c] > q && settle[c] >= 0) {
                    d = 1 + settle[c];
                } else {
                    return -1;
                }
                if (best < 0 || (v == V_WIN ? d < best : d > best))
                    best = d;
            }
            if (best < 0)
                return -1;
            settle[i] = best;
        }
    return 0;
}

static double binomial(int n, int k)
{
    double c = 1;
    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

long long ref_tb_solve(const seega_rules *rules, int max_pieces, ref_tb_fn fn,
                       void *user)
{
    return ref_tb_solve_sides(rules, max_pieces, max_pieces, fn, user);
}

long long ref_tb_solve_sides(const seega_rules *rules, int max_x, int max_o,
                             ref_tb_fn fn, void *user)
{
    if (rules == NULL || rules->board_size != 5)
        return -1;
    if (max_x < 1 || max_x > 12 || max_o < 1 || max_o > 12)
        return -1;
    ref_game *g = ref_new(rules);
    if (g == NULL)
        return -1;
    int lose_at = rules->lose_at;
    int limit = rules->quiet_limit;

    /* The size of the start set: refused at once when it could never be
     * numbered, else the first size of the arrays. */
    double starts = 0;
    for (int x = lose_at + 1; x <= max_x; x++)
        for (int o = lose_at + 1; o <= max_o; o++)
            starts += binomial(NSQ, x) * binomial(NSQ - x, o);
    starts *= 2 * ((double)limit + 1);
    if (starts >= (double)MAX_STATES) {
        ref_free(g);
        return -1;
    }

    solver s;
    memset(&s, 0, sizeof s);
    int32_t *settle = NULL;
    long long ret = -1;
    size_t want = (size_t)(starts * 1.1) + 1024;
    size_t tsize = (size_t)1 << 16;
    while (7 * tsize < 10 * want)
        tsize *= 2;
    if (resize_states(&s, want) != 0 || resize_table(&s, tsize) != 0)
        goto out;

    /* The start states, numbered first. */
    if (start_states(&s, g, lose_at, limit, max_x, max_o) != 0)
        goto out;
    size_t nstart = s.n;

    if (generate(&s, g, limit) != 0 || iterate(&s) != 0)
        goto out;
    if (limit) {
        settle = malloc((s.n ? s.n : 1) * sizeof *settle);
        if (settle == NULL || settle_plies(&s, limit, settle) != 0)
            goto out;
    }

    /* Report the start states. */
    if (fn != NULL) {
        for (size_t i = 0; i < nstart; i++) {
            char spn[64];
            ref_pos q;
            decode(s.key[i], s.quiet[i], &q);
            ref_pos_spn(g, &q, spn, sizeof spn);
            if (s.value[i] == V_OPEN)
                fn(user, spn, 0, -1, -1); /* a draw: play goes on forever */
            else
                fn(user, spn, (int)s.value[i] - V_DRAW, (int)s.dist[i],
                   settle ? (int)settle[i] : (int)s.dist[i]);
        }
    }
    ret = (long long)s.n;

out:
    free(settle);
    free(s.key);
    free(s.quiet);
    free(s.value);
    free(s.dist);
    free(s.first);
    table_free(s.table, s.tsize);
    free(s.edge);
    ref_free(g);
    return ret;
}

/*
 * The 5x5 tablebase generator and probe (docs/tablebases.md): retrograde
 * analysis of the moving phase, tier by tier, on the position code of
 * core/ (make_t, gen_t and the rule predicates). No rule is stated here:
 * a predecessor is found by moving a piece back and is kept only when
 * the canonical make of the forward step gives the position again.
 *
 * Values are for the side to move: win, draw or loss, and the distance in
 * plies (one ply an action: a step, a capture of a chain, a pass, a
 * removal) to the end of the game, the winner playing the fastest and the
 * loser the slowest line. A draw is a position from which neither side
 * can force the end.
 *
 * Rules with a quiet-turn limit L make the value depend on the quiet
 * counter q. There, a distance counts the plies until the one that
 * settles the result (a capture or removal, or the end of the game, the
 * limit's included), that ply counted: a distance to zeroing, as in
 * Syzygy's DTZ tables. Inside a pair of tiers every turn is quiet, so
 * the pair is solved as reachability games whose targets are the
 * captures and ends, the counter left out; the ranks they give decide the
 * value and the distance at every counter (quiet_value).
 */
#define _POSIX_C_SOURCE 200809L
#include "tb/board5.h" /* SG_N 5: the 5x5 position code */
#include "tb/tb.h"

#include "core/util.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- values -------------------------------------------------------------- */

/* A value for the side to move: v 1 win, 0 draw, -1 loss; d plies. */
typedef struct tbv {
    int v, d;
} tbv;

/* Orders values from the mover's view: faster wins, then draws, then
 * slower losses. */
static int tbv_score(tbv a)
{
    return a.v > 0 ? 1000000 - a.d : a.v < 0 ? -1000000 + a.d : 0;
}

/*
 * The value of a child for the side to move before the action. Under a
 * quiet limit an action after which the counter is 0 captured or removed:
 * it settles the result, at distance `settle`: 1 (its own ply) in the
 * distances of the probe, 0 in the generator's runs that count quiet
 * turns (see tb_ranks in tb/tb.h).
 */
static tbv tbv_back(tbv c, int same_side, const POS *child,
                    const sg_crules *r, int settle)
{
    tbv v = {same_side ? c.v : -c.v, c.d + 1};
    if (r->quiet_limit && child->quiet == rule_quiet_reset())
        v.d = settle;
    if (v.v == 0)
        v.d = 0;
    return v;
}

/* The value at quiet counter q of a slot under a quiet limit L. */
static tbv quiet_value(int u, int t, int L, int q, const tb_ranks *k)
{
    tbv x;
    x.v = tb_quiet_value(u, t, L, q, k, &x.d);
    return x;
}

static tbv tbv_of_result(int result, int side)
{
    tbv r = {0, 0};
    if (result == SEEGA_X_WINS)
        r.v = side == SEEGA_X ? 1 : -1;
    else if (result == SEEGA_O_WINS)
        r.v = side == SEEGA_O ? 1 : -1;
    return r;
}

static POS pos_of(uint32_t m, uint32_t o)
{
    POS p;
    memset(&p, 0, sizeof p);
    p.bb[0] = m;
    p.bb[1] = o;
    p.side = SEEGA_X;
    return p;
}

/* ---- looking a position up ---------------------------------------------- */

static int eval_state(const struct seega_tablebase *tb, const POS *p0,
                      tbv *out, seega_action *best);

/* The value stored for a normal turn start of the moving phase, and its
 * table: exact in a plain table, a lower bound in a packed one (a
 * don't-care may hold a worse entry than its own, see lookup_cap). */
static int lookup_stored(const struct seega_tablebase *tb, const POS *p,
                         tbv *s, const tb_table **tab)
{
    uint32_t m = (uint32_t)p->bb[p->side], o = (uint32_t)p->bb[p->side ^ 1];
    int u = bb_count(p->bb[p->side]), t = bb_count(p->bb[p->side ^ 1]);
    if (u > tb->maxp || t > tb->maxp || !tb_table_loaded(&tb->tier[u][t]))
        return TB_NOT_COVERED;
    const tb_table *tt = &tb->tier[u][t];
    uint64_t slot = tb_rank(&tb->ix, m, o);
    int d = 0, v;
    *tab = tt;
    if (tb->cr.quiet_limit) {
        tb_ranks k;
        v = tb_table_ranks(tt, slot, &k);
        if (v > TB_V_UNUSED)
            *s = quiet_value(u, t, tb->cr.quiet_limit, p->quiet, &k);
    } else {
        v = tb_table_get(tt, slot, &d);
        *s = (tbv){v == TB_V_WIN ? 1 : v == TB_V_LOSS ? -1 : 0,
                   v == TB_V_DRAW ? 0 : d};
    }
    if (v <= TB_V_UNUSED) /* unused, or a damaged block */
        return SEEGA_E_CORRUPT;
    return 0;
}

static int lookup_finish(const struct seega_tablebase *tb, const POS *p,
                         const tb_table *tt, tbv s, const tbv *cap,
                         int have_cap, tbv *out);

/*
 * The value for the mover of p of its child c (c made from p), backed up
 * one ply: 0, an error, or with a bar 1 and no value when the child's
 * stored value (a bound on its value, lookup_stored) shows it no better
 * than the bar for the mover.
 */
static int child_value(const struct seega_tablebase *tb, const POS *p,
                       const POS *c, const tbv *bar, tbv *cv)
{
    const sg_crules *r = &tb->cr;
    POS q = *c;
    int st;
    if (q.result == SEEGA_ONGOING && p_at_turn_start(&q))
        p_turn_start(&q, r);
    if (q.result == SEEGA_ONGOING && q.state == SG_ST_NORMAL) {
        const tb_table *ct;
        tbv sc;
        if ((st = lookup_stored(tb, &q, &sc, &ct)) != 0)
            return st;
        if (bar && tbv_score(tbv_back(sc, c->side == p->side, c, r, 1)) <=
                       tbv_score(*bar))
            return 1;
        st = lookup_finish(tb, &q, ct, sc, NULL, 0, cv);
    } else {
        st = eval_state(tb, c, cv, NULL);
    }
    if (st == 0)
        *cv = tbv_back(*cv, c->side == p->side, c, r, 1);
    return st;
}

/*
 * The best value (tbv_score) of the side to move by a step that captures
 * at a normal turn start, *have 0 when it has none. Only those steps are
 * made: they go to the capture squares of the rule predicates
 * (capture_squares), which the moving piece cannot spoil. A capture
 * whose child's stored value (a bound on its value) shows it no better
 * than the floor (NULL: none), or than a capture found before, is left
 * out: *out is exact where it beats the floor.
 */
static int capture_best(const struct seega_tablebase *tb, const POS *p,
                        const tbv *floor, tbv *out, int *have)
{
    const sg_crules *r = &tb->cr;
    int me = p->side;
    BB own = p->bb[me], capturable = rule_capturable(r, p->bb[me ^ 1]);
    BB at = bb_and(p_empty(p), capture_squares(own, capturable, r->cap8));
    *have = 0;
    if (!bb_any(at))
        return 0;
    DEST dest = dest_of(at);
    for (int d = 0; d < ndirs(r->move8); d++) {
        int k = dir_delta(d);
        for (BB t = step_to(own, d, dest); bb_any(t); t = bb_pop_lsb(t)) {
            int to = bb_lsb(t);
            POS c = *p;
            make_t(&c, r, SG_ACT(SEEGA_ACTION_STEP, to - k, to), r->move8,
                   r->cap8, 0);
            const tbv *bar = *have && (!floor ||
                                       tbv_score(*out) > tbv_score(*floor))
                                 ? out
                                 : floor;
            tbv cv;
            int st = child_value(tb, p, &c, bar, &cv);
            if (st == 1)
                continue;
            if (st != 0)
                return st;
            if (!*have || tbv_score(cv) > tbv_score(*out))
                *out = cv;
            *have = 1;
        }
    }
    return 0;
}

/*
 * The value of a normal turn start of the moving phase from its stored
 * value s in table tt: s itself, or where the slot may be a don't-care
 * (a packed table, docs/tablebases.md, "Packed tables"), the better of s
 * and of the best capture, which decides the slot's value there (at
 * every quiet counter: a capture settles the result in its own ply).
 * cap: that best capture when the caller has it (have_cap 0: none),
 * NULL to find it.
 */
static int lookup_finish(const struct seega_tablebase *tb, const POS *p,
                         const tb_table *tt, tbv s, const tbv *cap,
                         int have_cap, tbv *out)
{
    /* A win in one ply is the best there is: no capture changes it. */
    if (tb_table_dc(tt) && !(s.v > 0 && s.d <= 1)) {
        tbv c;
        int have = have_cap, st;
        if (cap)
            c = *cap;
        else if ((st = capture_best(tb, p, &s, &c, &have)) != 0)
            return st;
        if (have && tbv_score(c) > tbv_score(s))
            s = c;
    }
    *out = s;
    return 0;
}

static int lookup_cap(const struct seega_tablebase *tb, const POS *p,
                      const tbv *cap, int have_cap, tbv *out)
{
    const tb_table *tt;
    tbv s;
    int st = lookup_stored(tb, p, &s, &tt);
    return st ? st : lookup_finish(tb, p, tt, s, cap, have_cap, out);
}

static int lookup(const struct seega_tablebase *tb, const POS *p, tbv *out)
{
    return lookup_cap(tb, p, NULL, 0, out);
}

int32_t sg_tb_slot5(const struct seega_tablebase *tb, int u, int t,
                    uint64_t slot, int *v, int *d, int *cap_v, int *cap_d)
{
    uint32_t m, o;
    tb_unrank(&tb->ix, u, t, slot, &m, &o);
    POS p = pos_of(m, o);
    tbv c = {0, 0}, x;
    int have;
    int st = capture_best(tb, &p, NULL, &c, &have);
    if (st == 0)
        st = lookup_cap(tb, &p, &c, have, &x);
    if (st != 0)
        return st;
    *v = x.v;
    *d = x.d;
    *cap_v = have ? c.v : 2;
    *cap_d = c.d;
    return 0;
}

/*
 * The value of any moving-phase state: a finished game, a normal turn
 * start (the table), or a state inside a turn (a chain, '!', '*'),
 * through its actions. `best` (may be NULL) gets an action that keeps the
 * value, or 0 when the game is over.
 */
static int eval_state(const struct seega_tablebase *tb, const POS *p0,
                      tbv *out, seega_action *best)
{
    const sg_crules *r = &tb->cr;
    POS p = *p0;
    if (best)
        *best = 0;
    if (p.result == SEEGA_ONGOING && p_at_turn_start(&p))
        p_turn_start(&p, r);
    if (p.result != SEEGA_ONGOING) {
        *out = tbv_of_result(p.result, p.side);
        return 0;
    }
    if (p.state == SG_ST_NORMAL && !best)
        return lookup(tb, &p, out);
    seega_action acts[SEEGA_MAX_ACTIONS];
    int n = p_gen(&p, r, acts);
    tbv top = {-1, -1};
    int have = 0;
    for (int i = 0; i < n; i++) {
        POS c = p;
        make_t(&c, r, acts[i], r->move8, r->cap8, 0);
        tbv cv;
        /* a child no better than the best so far is not looked at
         * further: it would not be taken */
        int st = child_value(tb, &p, &c, have ? &top : NULL, &cv);
        if (st == 1)
            continue;
        if (st != 0)
            return st;
        if (!have || tbv_score(cv) > tbv_score(top)) {
            top = cv;
            have = 1;
            if (best)
                *best = acts[i];
        }
    }
    if (p.state == SG_ST_NORMAL) {
        /* The table is the value; the lookahead gave the action. Where
         * the slot may be a don't-care, the best child is the value
         * (no worse than the slot, the best capture among them). */
        const tb_table *tt;
        tbv s;
        int st = lookup_stored(tb, &p, &s, &tt);
        if (st != 0)
            return st;
        if (tb_table_dc(tt) && have && tbv_score(top) > tbv_score(s))
            s = top;
        *out = s;
        return 0;
    }
    *out = top;
    return 0;
}

/* Whether the tables hold a position: the moving phase, and at most their
 * pieces a side while the game goes on. */
static int tb_covers(const struct seega_tablebase *tb, const POS *p)
{
    if (p_placing(p))
        return 0;
    return p->result != SEEGA_ONGOING ||
           (bb_count(p->bb[0]) <= tb->maxp && bb_count(p->bb[1]) <= tb->maxp);
}

int32_t sg_tb_probe_actions5(const struct seega_tablebase *tb,
                             const sg_posbuf *pos, seega_action *acts,
                             int32_t *value, int32_t *dist, int *n)
{
    const sg_crules *r = &tb->cr;
    POS p = *CP_(pos);
    *n = 0;
    if (!tb_covers(tb, &p))
        return TB_NOT_COVERED;
    if (p.result == SEEGA_ONGOING && p_at_turn_start(&p))
        p_turn_start(&p, r);
    if (p.result != SEEGA_ONGOING)
        return 0;
    int k = p_gen(&p, r, acts);
    for (int i = 0; i < k; i++) {
        POS c = p;
        make_t(&c, r, acts[i], r->move8, r->cap8, 0);
        tbv cv;
        int st = child_value(tb, &p, &c, NULL, &cv);
        if (st != 0)
            return st;
        value[i] = cv.v;
        dist[i] = cv.v ? cv.d : -1;
    }
    *n = k;
    return 0;
}

int32_t sg_tb_probe5(const struct seega_tablebase *tb, const sg_posbuf *pos,
                     int32_t *value, int32_t *dist, seega_action *best)
{
    const POS *p = CP_(pos);
    if (!tb_covers(tb, p))
        return TB_NOT_COVERED;
    tbv v;
    int st = eval_state(tb, p, &v, best);
    if (st != 0)
        return st;
    *value = v.v;
    *dist = v.v || p->result == SEEGA_DRAW ? v.d : -1;
    return 0;
}

/* ---- the generator ----------------------------------------------------- */

/*
 * During the generation of a pair of tiers, each slot is one 32-bit word:
 * bits 0-12 a distance, 13-15 a kind, 16-22 a count of children not yet
 * known, bit 23 `mirror`.
 *
 * A slot is a node of the game graph where its mover chooses, except a
 * slot whose mover is blocked under OPPONENT_OPENS: its only action is
 * pass, after which the other side moves under the must-open rule ('!').
 * That slot ("mirror") keeps, while pending, the facts of the '!' state,
 * where the other side chooses; its own value is the '!' state's, seen
 * from the other side, one ply longer.
 *
 * Pending kinds hold the facts of the chooser: TRACK (every child known
 * so far is bad for it; the distance is the longest of them), NOBAD (a
 * child draws, so it cannot lose), CAND (a child wins for it, at the
 * distance held: final at that distance unless a faster win shows up),
 * CANDBAD (all children lose for it: final at that distance). Final kinds
 * hold the slot's own value for its mover.
 */
enum { K_UNUSED, K_TRACK, K_NOBAD, K_CAND, K_CANDBAD, K_WIN, K_LOSS, K_DRAW };
#define W_DIST(w) ((int)((w)&0x1FFFu))
#define W_KIND(w) ((int)((w) >> 13 & 7u))
#define W_CNT(w) ((int)((w) >> 16 & 0x7Fu))
#define W_MIRROR (1u << 23)
#define W_MAKE(kind, dist, cnt, mir)                                           \
    ((uint32_t)(dist) | (uint32_t)(kind) << 13 | (uint32_t)(cnt) << 16 |       \
     ((mir) ? W_MIRROR : 0u))
#define MAX_DIST 8000

/*
 * A generation may be spread over ranks (seega_tb_generate_cluster,
 * docs/distributed.md). Each tier's slots are split into one contiguous
 * range a rank, bound[r] .. bound[r + 1] (multiples of 64 but the last),
 * and a rank holds the words of its own ranges only. A value that
 * reaches a slot of another rank travels to it as one 64-bit message
 * (the slot, the tier, whether the child wins; the distance is the
 * level's) in batches (the cluster's, or BATCH), and is applied there by
 * the same update. The updates of one level commute, so the words, and
 * the files, are those of a single process. Every decision that steers
 * the ranks (the next level, the next batch, an error) is taken after a
 * collective step (sync_ranks) that gives each rank the same facts.
 */
#define BATCH ((uint64_t)1 << 22)
#define PIECE ((uint64_t)1 << 28) /* bytes of a table sent at once */
#define MSG_SLOT(m) ((m) & (((uint64_t)1 << 62) - 1))
#define MSG_TIER(m) ((int)((m) >> 62 & 1))
#define MSG_WINS(m) ((int)((m) >> 63))

typedef struct gen_tier {
    int u, t;
    uint64_t slots;
    uint64_t bound[2];  /* the slots of this rank: bound[0] .. bound[1] - 1 */
    uint32_t *w;        /* their words */
} gen_tier;

/* Messages to one rank, buffered by one thread. */
typedef struct outbuf {
    uint64_t *v;
    size_t n, cap;
} outbuf;

/* What a rank says to the others at a collective step. */
typedef struct ctl {
    uint64_t count;  /* messages for the receiving rank */
    uint64_t flag;   /* or-ed over the ranks */
    int32_t hi;      /* the largest */
    int32_t error;   /* the first rank's with one wins */
    char text[SEEGA_ERROR_MAX - 24];
} ctl;

/* The runs of a pair: its values (under a quiet limit the ranks in quiet
 * turns), under a quiet limit with U != T the draws counted as wins for
 * the side with fewer pieces, and where a turn inside the pair can end
 * the game the values again with distances in plies. */
enum { MODE_VALUES, MODE_DRAWS, MODE_PLIES };

typedef struct gen_ctx {
    struct seega_tablebase *tb;
    sg_crules cr;      /* the rules without their quiet limit: the moves */
    int mode;          /* the game solved (MODE_*, see solve_pair) */
    int settle;        /* the distance of a capture under a quiet limit:
                          0 (quiet turns) or 1 (plies), see tbv_back */
    int terminal;      /* a slot of the pair is a game over (atomic) */
    int plies;         /* the pair has the plies run (the same on every
                          rank) */
    gen_tier tier[2]; /* (u, t) and (t, u); one when u == t */
    int ntiers;
    int threads;
    int level;
    int error;         /* SEEGA_E_*, set once (atomic) */
    char text[SEEGA_ERROR_MAX]; /* its message */
    int hi;            /* the largest distance reached or pending */
    /* the job of the running phase, over the rank's slots next .. end */
    void (*job)(struct gen_ctx *g, int id, gen_tier *gt, uint64_t lo,
                uint64_t hi);
    uint64_t next, end; /* next is atomic */
    /* the ranks: one, or a cluster */
    const seega_tb_cluster *cl;
    int rank, ranks;
    int broken;        /* an exchange failed: no more of them */
    outbuf *out;       /* [thread * ranks + rank] */
    uint64_t pending;  /* messages in out (atomic) */
    uint64_t limit;    /* take no chunk once pending reaches it (0: none) */
    ctl *cs, *cr_;     /* a step's blocks sent and received */
    uint64_t *sb, *rb, *cnt, *from; /* sizes and counts, one a rank */
    /* the caller's options, complete; its stop and STAGE_WORK are called
     * on the calling thread only, worker 0 (poll_caller) */
    const seega_tb_options *opt;
    const char *dir;
    int64_t poll_ns;   /* the last call of opt->stop */
    int poll_now;      /* a progress callback ran since: call it next */
    int64_t work_ns;   /* the last STAGE_WORK, or the start of the sweep */
    int sweep;         /* a sweep that reports STAGE_WORK is running */
    int sweep_level;   /* its level: 0 the first look, else the walk back */
    uint64_t done;     /* its slots done (atomic) */
    uint64_t total;    /* its slots (this rank's) */
} gen_ctx;

static gen_tier *tier_of(gen_ctx *g, int u, int t)
{
    for (int i = 0; i < g->ntiers; i++)
        if (g->tier[i].u == u && g->tier[i].t == t)
            return &g->tier[i];
    return NULL;
}

static void note_hi(gen_ctx *g, int d)
{
    int cur = __atomic_load_n(&g->hi, __ATOMIC_RELAXED);
    while (d > cur &&
           !__atomic_compare_exchange_n(&g->hi, &cur, d, 1, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
    }
}

/* Record the first error of this rank, and its message. */
static void fail(gen_ctx *g, int e, const char *fmt, ...) SG_PRINTF(3, 4);
static void fail(gen_ctx *g, int e, const char *fmt, ...)
{
    int zero = 0;
    if (__atomic_compare_exchange_n(&g->error, &zero, e, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_RELAXED)) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(g->text, sizeof g->text, fmt, ap);
        va_end(ap);
    }
}

static int failed(gen_ctx *g)
{
    return __atomic_load_n(&g->error, __ATOMIC_RELAXED) != 0;
}

/* The pair's inconsistency: a lower tier that does not fit this one. */
static void fail_lower(gen_ctx *g, int e)
{
    fail(g, e, "tier %dv%d: a lower tier is inconsistent", g->tier[0].u,
         g->tier[0].t);
}

/* The rank that holds a slot of tier gt. */
static uint64_t rank_bound(const gen_ctx *g, const gen_tier *gt, int r)
{
    return r >= g->ranks ? gt->slots
                         : (gt->slots * (uint64_t)r / (uint64_t)g->ranks) &
                               ~(uint64_t)63;
}

static int owner(const gen_ctx *g, const gen_tier *gt, uint64_t slot)
{
    int a = 0, b = g->ranks - 1; /* the last r with rank_bound <= slot */
    while (a < b) {
        int m = (a + b + 1) / 2;
        if (rank_bound(g, gt, m) <= slot)
            a = m;
        else
            b = m - 1;
    }
    return a;
}

static uint32_t *word(gen_tier *gt, uint64_t slot)
{
    return &gt->w[slot - gt->bound[0]];
}

/* The final word of a slot once its chooser's value is known. */
static uint32_t final_word(uint32_t w, int chooser_wins, int d)
{
    int mirror = (w & W_MIRROR) != 0;
    int wins = mirror ? !chooser_wins : chooser_wins;
    return W_MAKE(wins ? K_WIN : K_LOSS, d + mirror, 0, mirror);
}

/* A value for a chooser with nu pieces against nt, in the game solved:
 * itself (mode 0), or with a draw counted as a win for the side with
 * fewer pieces and as a loss for the other (mode 1). */
static int game_value(const gen_ctx *g, int v, int nu, int nt)
{
    if (g->mode != MODE_DRAWS)
        return v;
    return nu < nt ? (v >= 0 ? 1 : -1) : (v > 0 ? 1 : -1);
}

/* Set up one slot: its kind, and its children that stay in the pair. */
static void init_slot(gen_ctx *g, gen_tier *gt, uint64_t slot)
{
    const struct seega_tablebase *tb = g->tb;
    const sg_crules *r = &g->cr;
    uint32_t m, o;
    tb_unrank(&tb->ix, gt->u, gt->t, slot, &m, &o);
    if (tb_rank(&tb->ix, m, o) != slot) {
        *word(gt, slot) = W_MAKE(K_UNUSED, 0, 0, 0);
        return;
    }
    POS p = pos_of(m, o);
    p_turn_start(&p, r);
    if (p.result != SEEGA_ONGOING) {
        __atomic_store_n(&g->terminal, 1, __ATOMIC_RELAXED);
        tbv v = tbv_of_result(p.result, p.side);
        v.v = game_value(g, v.v, gt->u, gt->t);
        *word(gt, slot) =
            W_MAKE(v.v > 0 ? K_WIN : v.v < 0 ? K_LOSS : K_DRAW, 0, 0, 0);
        return;
    }
    seega_action acts[SEEGA_MAX_ACTIONS];
    int n = p_gen(&p, r, acts), mirror = 0;
    POS node = p;
    if (n == 1 && SG_ACT_KIND(acts[0]) == SEEGA_ACTION_PASS) {
        POS c = p;
        make_t(&c, r, acts[0], r->move8, r->cap8, 0);
        if (c.state == SG_ST_EXTRA) {
            node = c;
            mirror = 1;
            n = p_gen(&node, r, acts);
        }
    }
    /* Children inside the pair are counted once a slot: two actions to
     * positions that the symmetries make one are one child, as the walk
     * back (propagate) finds each pair of slots once. */
    uint64_t kids[SEEGA_MAX_ACTIONS];
    int cnt = 0, have_win = 0, have_draw = 0, win_d = MAX_DIST, bad_d = 0;
    int nu = bb_count(node.bb[node.side]), nt = bb_count(node.bb[node.side ^ 1]);
    for (int i = 0; i < n; i++) {
        POS c = node;
        make_t(&c, r, acts[i], r->move8, r->cap8, 0);
        if (c.side != node.side && c.state == SG_ST_NORMAL &&
            bb_count(c.bb[c.side]) == nt && bb_count(c.bb[c.side ^ 1]) == nu) {
            uint64_t k = tb_rank(&tb->ix, (uint32_t)c.bb[c.side],
                                 (uint32_t)c.bb[c.side ^ 1]);
            int seen = 0;
            for (int j = 0; j < cnt && !seen; j++)
                seen = kids[j] == k;
            if (!seen)
                kids[cnt++] = k;
            continue;
        }
        tbv cv;
        int st = eval_state(tb, &c, &cv, NULL);
        if (st != 0) {
            fail_lower(g, st == TB_NOT_COVERED ? SEEGA_E_CORRUPT : st);
            return;
        }
        cv = tbv_back(cv, c.side == node.side, &c, &tb->cr, g->settle);
        cv.v = game_value(g, cv.v, nu, nt);
        if (cv.v > 0) {
            have_win = 1;
            if (cv.d < win_d)
                win_d = cv.d;
        } else if (cv.v == 0) {
            have_draw = 1;
        } else if (cv.d > bad_d) {
            bad_d = cv.d;
        }
    }
    if ((have_win && win_d >= MAX_DIST) || bad_d >= MAX_DIST) {
        fail(g, SEEGA_E_NOMEM, "tier %dv%d: a distance beyond the format's limit",
             g->tier[0].u, g->tier[0].t);
        return;
    }
    uint32_t w;
    if (cnt == 0) {
        uint32_t base = W_MAKE(0, 0, 0, mirror);
        if (have_win)
            w = final_word(base, 1, win_d);
        else if (have_draw)
            w = W_MAKE(K_DRAW, 0, 0, mirror);
        else
            w = final_word(base, 0, bad_d);
        if (W_KIND(w) != K_DRAW)
            note_hi(g, W_DIST(w));
    } else if (have_win && win_d + mirror == 0) {
        w = final_word(W_MAKE(0, 0, 0, 0), 1, 0); /* nothing is faster */
    } else if (have_win) {
        w = W_MAKE(K_CAND, win_d, cnt, mirror);
        note_hi(g, win_d + mirror);
    } else if (have_draw) {
        w = W_MAKE(K_NOBAD, 0, cnt, mirror);
    } else {
        w = W_MAKE(K_TRACK, bad_d, cnt, mirror);
    }
    *word(gt, slot) = w;
}

/*
 * A child of a pending slot is now known: value cv (for the child's
 * mover, who is not the slot's chooser) at distance cd.
 */
static void update(gen_ctx *g, gen_tier *gt, uint64_t slot, int child_wins,
                   int cd)
{
    uint32_t *wp = word(gt, slot);
    uint32_t w = __atomic_load_n(wp, __ATOMIC_RELAXED), nw;
    int d = cd + 1;
    do {
        int k = W_KIND(w), cnt = W_CNT(w), mir = (w & W_MIRROR) != 0;
        if (k == K_UNUSED || k >= K_WIN || k == K_CANDBAD)
            return;
        if (!child_wins) { /* good for the chooser */
            if (k == K_CAND && W_DIST(w) <= d)
                return;
            nw = W_MAKE(K_CAND, d, cnt, mir);
        } else {
            if (cnt == 0) {
                fail_lower(g, SEEGA_E_CORRUPT);
                return;
            }
            cnt--;
            if (k == K_TRACK) {
                int bd = W_DIST(w) > d ? W_DIST(w) : d;
                nw = cnt ? W_MAKE(K_TRACK, bd, cnt, mir)
                         : W_MAKE(K_CANDBAD, bd, 0, mir);
            } else {
                nw = W_MAKE(k, W_DIST(w), cnt, mir);
            }
        }
    } while (!__atomic_compare_exchange_n(wp, &w, nw, 1, __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED));
    int k = W_KIND(nw);
    if (k == K_CAND || k == K_CANDBAD)
        note_hi(g, W_DIST(nw) + ((nw & W_MIRROR) != 0));
}

/* A child of slot `slot` of gt is known: update it here, or send the
 * news to the rank that holds it. */
static void deliver(gen_ctx *g, int id, gen_tier *gt, uint64_t slot,
                    int child_wins, int cd)
{
    if (slot >= gt->bound[0] && slot < gt->bound[1]) {
        update(g, gt, slot, child_wins, cd);
        return;
    }
    outbuf *b = &g->out[id * g->ranks + owner(g, gt, slot)];
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 4096, bytes;
        uint64_t *v = sg_bytes(cap, sizeof *v, &bytes) != 0
                          ? NULL
                          : realloc(b->v, bytes);
        if (!v) {
            fail(g, SEEGA_E_NOMEM, "out of memory for the messages of tier %dv%d",
                 g->tier[0].u, g->tier[0].t);
            return;
        }
        b->v = v;
        b->cap = cap;
    }
    b->v[b->n++] = slot | (uint64_t)(gt != &g->tier[0]) << 62 |
                   (uint64_t)child_wins << 63;
    __atomic_fetch_add(&g->pending, 1, __ATOMIC_RELAXED);
}

/* The slots one action before a position, each once. */
typedef struct preds {
    int n;
    gen_tier *tier[2 * SEEGA_MAX_ACTIONS + 1];
    uint64_t slot[2 * SEEGA_MAX_ACTIONS + 1];
} preds;

static void pred_add(preds *ps, gen_tier *gt, uint64_t slot)
{
    for (int i = 0; i < ps->n; i++)
        if (ps->slot[i] == slot && ps->tier[i] == gt)
            return;
    ps->tier[ps->n] = gt;
    ps->slot[ps->n++] = slot;
}

/* Walk back from a slot whose value became final: every position one
 * action before it inside the pair (several moves of one position into
 * this slot, through the symmetries, are one edge, as init_slot counts
 * them). */
static void propagate(gen_ctx *g, int id, gen_tier *gt, uint64_t slot,
                      int wins, int d)
{
    preds ps;
    ps.n = 0;
    const struct seega_tablebase *tb = g->tb;
    const sg_crules *r = &g->cr;
    uint32_t m, o;
    tb_unrank(&tb->ix, gt->u, gt->t, slot, &m, &o);
    BB full = m_full(), empty = full & ~(BB)(m | o);
    gen_tier *back = tier_of(g, gt->t, gt->u);
    /* The other side stepped into this position. */
    for (BB bs = o; bs; bs = bb_pop_lsb(bs)) {
        int s = bb_lsb(bs);
        for (BB bf = bb_and(adj(s, r->move8), empty); bf; bf = bb_pop_lsb(bf)) {
            int f = bb_lsb(bf);
            uint32_t ob = o ^ (1u << s) ^ (1u << f);
            POS before = pos_of(ob, m), x = before;
            seega_action a = SG_ACT(SEEGA_ACTION_STEP, f, s);
            make_t(&x, r, a, r->move8, r->cap8, 0);
            if (x.bb[0] != o || x.bb[1] != m || x.state != SG_ST_NORMAL ||
                x.side != SEEGA_O || x.result != SEEGA_ONGOING)
                continue; /* it captured: not a way here */
            pred_add(&ps, back, tb_rank(&tb->ix, ob, m));
            /* The same step as the must-open turn after this side, blocked
             * there, passed: the mirror slot of that position. */
            if (rule_pass_must_open(r) &&
                !bb_has_step(m, full & ~(BB)(ob | m), r->move8)) {
                before.state = SG_ST_EXTRA;
                seega_action acts[SEEGA_MAX_ACTIONS];
                int n = p_gen(&before, r, acts);
                for (int i = 0; i < n; i++)
                    if (acts[i] == a) {
                        pred_add(&ps, gt, tb_rank(&tb->ix, m, ob));
                        break;
                    }
            }
        }
    }
    /* The other side, blocked, passed (and the rules give the turn back
     * without conditions). */
    if (!bb_has_step(o, empty, r->move8)) {
        POS before = pos_of(o, m);
        seega_action acts[SEEGA_MAX_ACTIONS];
        int n = p_gen(&before, r, acts);
        if (n == 1 && SG_ACT_KIND(acts[0]) == SEEGA_ACTION_PASS) {
            POS x = before;
            make_t(&x, r, acts[0], r->move8, r->cap8, 0);
            if (x.state == SG_ST_NORMAL)
                pred_add(&ps, back, tb_rank(&tb->ix, o, m));
        }
    }
    for (int i = 0; i < ps.n; i++)
        deliver(g, id, ps.tier[i], ps.slot[i], wins, d);
}

/* ---- the collective steps between ranks ------------------------------- */

/* src into dst, cut to fit. */
static void copy_text(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    n = n < cap - 1 ? n : cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static int xchg(gen_ctx *g, int kind, const void *send, void *recv)
{
    if (g->broken)
        return -1;
    if (g->cl->exchange(g->cl->user, kind, send, g->sb, recv, g->rb) == 0)
        return 0;
    g->broken = 1;
    fail(g, SEEGA_E_IO, "the exchange between ranks failed on rank %d",
         g->rank);
    return -1;
}

/*
 * The step that keeps the ranks together: each rank sends count[r]
 * (NULL: none) to rank r, and its flag, largest distance and error to
 * all. Afterwards every rank has the same g->hi (the largest), *flag
 * (the or of the flags) and g->error with its message (the error of the
 * first rank that has one, "rank R: " before it), and from[r] the count
 * rank r sent it. Alone it changes nothing.
 */
static void sync_ranks(gen_ctx *g, const uint64_t *count, uint64_t *from,
                       int *flag)
{
    if (g->ranks == 1 || g->broken)
        return;
    int err = __atomic_load_n(&g->error, __ATOMIC_ACQUIRE);
    for (int r = 0; r < g->ranks; r++) {
        ctl *c = &g->cs[r];
        memset(c, 0, sizeof *c);
        c->count = count ? count[r] : 0;
        c->flag = (uint64_t)(*flag != 0);
        c->hi = g->hi;
        c->error = err;
        if (err)
            copy_text(c->text, sizeof c->text, g->text);
        g->sb[r] = g->rb[r] = sizeof(ctl);
    }
    if (xchg(g, SEEGA_TB_EXCHANGE_CONTROL, g->cs, g->cr_) != 0)
        return;
    int any = 0, hi = g->hi, first = -1;
    for (int r = 0; r < g->ranks; r++) {
        const ctl *c = &g->cr_[r];
        any |= c->flag != 0;
        hi = c->hi > hi ? c->hi : hi;
        if (first < 0 && c->error)
            first = r;
        if (from)
            from[r] = c->count;
    }
    g->hi = hi;
    *flag = any;
    if (first >= 0) {
        const ctl *c = &g->cr_[first];
        char text[sizeof c->text];
        memcpy(text, c->text, sizeof text);
        text[sizeof text - 1] = '\0';
        g->error = c->error;
        int n = snprintf(g->text, sizeof g->text, "rank %d: ", first);
        copy_text(g->text + n, sizeof g->text - (size_t)n, text);
    }
}

/* A step that only shares errors: 0, or -1 when a rank has one. */
static int sync_errors(gen_ctx *g)
{
    int flag = 0;
    sync_ranks(g, NULL, NULL, &flag);
    return failed(g) ? -1 : 0;
}

/*
 * Send the buffered messages to their ranks and apply those received.
 * *more: this rank has slots left (in), any rank has (out). 0, or -1
 * when a rank had failed before the exchange (the same on every rank).
 */
static int exchange_updates(gen_ctx *g, int *more)
{
    int R = g->ranks;
    uint64_t out = 0, in = 0;
    for (int r = 0; r < R; r++) {
        g->cnt[r] = 0;
        for (int id = 0; id < g->threads; id++)
            g->cnt[r] += g->out[id * R + r].n;
        out += g->cnt[r];
    }
    sync_ranks(g, g->cnt, g->from, more);
    if (failed(g))
        return -1;
    for (int r = 0; r < R; r++)
        in += g->from[r];
    size_t sbytes, rbytes;
    uint64_t *sendv = sg_bytes(out ? out : 1, sizeof *sendv, &sbytes) != 0
                          ? NULL
                          : malloc(sbytes);
    uint64_t *recvv = sg_bytes(in ? in : 1, sizeof *recvv, &rbytes) != 0
                          ? NULL
                          : malloc(rbytes);
    if (!sendv || !recvv)
        fail(g, SEEGA_E_NOMEM, "out of memory for %llu messages of tier %dv%d",
             (unsigned long long)(out + in), g->tier[0].u, g->tier[0].t);
    /* From here an error of this rank (a bad message) stays its own until
     * the next step: the ranks go on together. */
    int bad = sync_errors(g);
    if (!bad) {
        uint64_t at = 0;
        for (int r = 0; r < R; r++)
            for (int id = 0; id < g->threads; id++) {
                outbuf *b = &g->out[id * R + r];
                if (b->n)
                    memcpy(sendv + at, b->v, b->n * sizeof *sendv);
                at += b->n;
            }
        for (int r = 0; r < R; r++) {
            g->sb[r] = g->cnt[r] * sizeof *sendv;
            g->rb[r] = g->from[r] * sizeof *recvv;
        }
        if (xchg(g, SEEGA_TB_EXCHANGE_UPDATES, sendv, recvv) == 0)
            for (uint64_t i = 0; i < in && !failed(g); i++) {
                uint64_t m = recvv[i], s = MSG_SLOT(m);
                gen_tier *gt = &g->tier[MSG_TIER(m)];
                if (MSG_TIER(m) >= g->ntiers || s < gt->bound[0] ||
                    s >= gt->bound[1])
                    fail(g, SEEGA_E_CORRUPT,
                         "tier %dv%d: a message for a slot of another rank",
                         g->tier[0].u, g->tier[0].t);
                else
                    update(g, gt, s, MSG_WINS(m), g->level - 1);
            }
    }
    free(sendv);
    free(recvv);
    for (int i = 0; i < R * g->threads; i++)
        g->out[i].n = 0;
    g->pending = 0;
    return bad;
}
/* ---- the phases, run on every thread ------------------------------------ */

static void job_init(gen_ctx *g, int id, gen_tier *gt, uint64_t lo,
                     uint64_t hi)
{
    (void)id;
    for (uint64_t s = lo; s < hi; s++)
        init_slot(g, gt, s);
}

/* Level L, first half: walk back from the slots final at L - 1. */
static void job_back(gen_ctx *g, int id, gen_tier *gt, uint64_t lo,
                     uint64_t hi)
{
    int d = g->level - 1;
    for (uint64_t s = lo; s < hi; s++) {
        /* other threads update pending words meanwhile (never a final
         * one, the only kind read here) */
        uint32_t w = __atomic_load_n(word(gt, s), __ATOMIC_RELAXED);
        int k = W_KIND(w);
        if ((k == K_WIN || k == K_LOSS) && W_DIST(w) == d)
            propagate(g, id, gt, s, k == K_WIN, d);
    }
}

/* Level L, second half: the candidates due at L become final. */
static void job_settle(gen_ctx *g, int id, gen_tier *gt, uint64_t lo,
                       uint64_t hi)
{
    (void)id;
    int L = g->level;
    for (uint64_t s = lo; s < hi; s++) {
        uint32_t *wp = word(gt, s), w = *wp;
        int k = W_KIND(w);
        if ((k == K_CAND || k == K_CANDBAD) &&
            W_DIST(w) + ((w & W_MIRROR) != 0) == L)
            *wp = final_word(w, k == K_CAND, W_DIST(w));
    }
}

#define CHUNK 4096

/* The rank's slots of both tiers, numbered on: tier 0's range, then
 * tier 1's. */
static uint64_t own_slots(const gen_ctx *g)
{
    uint64_t n = 0;
    for (int i = 0; i < g->ntiers; i++)
        n += g->tier[i].bound[1] - g->tier[i].bound[0];
    return n;
}

/* How often the calling thread asks the caller's stop callback, and the
 * least time between two STAGE_WORK reports (seega.h: seega_tb_stop_fn,
 * seega_tb_progress). */
#define POLL_NS ((int64_t)20000000)
#define WORK_NS ((int64_t)250000000)

/* The caller stopped the generation: an error like the others, so that
 * the phases end at once and, in a cluster, every rank ends with it at
 * the next step (sync_ranks). */
static void stopped(gen_ctx *g)
{
    fail(g, SEEGA_E_STOPPED,
         "the generation was stopped: the finished pairs of tiers stay in "
         "%s, and running it again resumes",
         g->dir);
}

/*
 * On the calling thread, between chunks and between phases: during a
 * sweep STAGE_WORK (options of version 2), at most every WORK_NS, then the
 * caller's stop callback, at most every POLL_NS or at once after a
 * progress callback (which may have decided to stop). Only where a step
 * of the ranks follows before any decision on failed(): in run_window and
 * before a pair's check of its files.
 */
static void poll_caller(gen_ctx *g)
{
    const seega_tb_options *o = g->opt;
    int work = g->sweep && o->progress && o->version >= 2;
    if (!o->stop && !work)
        return;
    int64_t now = sg_now_ns();
    if (work && !failed(g) && now - g->work_ns >= WORK_NS) {
        g->work_ns = now;
        seega_tb_progress info = {
            SEEGA_TB_PROGRESS_VERSION, g->tier[0].u, g->tier[0].t,
            SEEGA_TB_STAGE_WORK, g->sweep_level,
            g->tier[0].slots + (g->ntiers > 1 ? g->tier[1].slots : 0),
            __atomic_load_n(&g->done, __ATOMIC_RELAXED), g->total};
        o->progress(o->progress_user, &info);
        g->poll_now = 1;
    }
    if (o->stop && !failed(g) &&
        (g->poll_now || now - g->poll_ns >= POLL_NS)) {
        g->poll_now = 0;
        g->poll_ns = now;
        if (o->stop(o->stop_user))
            stopped(g);
    }
}

/* A sweep over the rank's slots that reports STAGE_WORK begins: the first
 * look (level 0) or the walk back of a level. */
static void sweep_begin(gen_ctx *g, int level)
{
    g->sweep = 1;
    g->sweep_level = level;
    g->done = 0;
    g->total = own_slots(g);
    g->work_ns = sg_now_ns();
}

typedef struct worker_arg {
    gen_ctx *g;
    int id;
} worker_arg;

static void *worker(void *arg)
{
    const worker_arg *a = arg;
    gen_ctx *g = a->g;
    gen_tier *t0 = &g->tier[0], *t1 = &g->tier[1];
    uint64_t n0 = t0->bound[1] - t0->bound[0];
    for (;;) {
        if (g->limit &&
            __atomic_load_n(&g->pending, __ATOMIC_RELAXED) >= g->limit)
            break;
        uint64_t lo = __atomic_fetch_add(&g->next, CHUNK, __ATOMIC_RELAXED);
        if (lo >= g->end || failed(g))
            break;
        uint64_t hi = lo + CHUNK < g->end ? lo + CHUNK : g->end;
        if (lo < n0) {
            g->job(g, a->id, t0, t0->bound[0] + lo,
                   t0->bound[0] + (hi < n0 ? hi : n0));
            if (hi > n0)
                g->job(g, a->id, t1, t1->bound[0], t1->bound[0] + (hi - n0));
        } else {
            g->job(g, a->id, t1, t1->bound[0] + (lo - n0),
                   t1->bound[0] + (hi - n0));
        }
        __atomic_fetch_add(&g->done, hi - lo, __ATOMIC_RELAXED);
        if (a->id == 0)
            poll_caller(g);
    }
    return NULL;
}

/* Run a job on the threads over the rank's slots from .. to - 1 (or
 * until g->limit messages wait): where the next run goes on. */
static uint64_t run_window(gen_ctx *g,
                           void (*job)(gen_ctx *, int, gen_tier *, uint64_t,
                                       uint64_t),
                           uint64_t from, uint64_t to)
{
    pthread_t tid[64];
    worker_arg arg[64];
    int started = 0;
    poll_caller(g); /* between phases */
    int init = job == job_init;
    if (init)
        sweep_begin(g, 0);
    g->job = job;
    g->next = from;
    g->end = to;
    for (int i = 0; i < g->threads; i++)
        arg[i] = (worker_arg){g, i};
    for (int i = 1; i < g->threads; i++)
        if (pthread_create(&tid[started], NULL, worker, &arg[i]) == 0)
            started++;
    worker(&arg[0]);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    if (init)
        g->sweep = 0;
    return g->next < to ? g->next : to;
}

/* Level L, first half, on every rank: the walk back in batches, each
 * followed by the exchange of the messages it buffered. */
static void back_level(gen_ctx *g)
{
    uint64_t own = own_slots(g), at = 0;
    g->limit = g->ranks == 1 ? 0 : g->cl->batch ? g->cl->batch : BATCH;
    sweep_begin(g, g->level);
    for (;;) {
        at = run_window(g, job_back, at, own);
        if (g->ranks == 1)
            break;
        int more = at < own && !failed(g);
        if (exchange_updates(g, &more) != 0 || !more)
            break;
    }
    g->sweep = 0;
    g->limit = 0;
}
/* ---- writing a tier ---------------------------------------------------- */

static void header_rules(tb_header *h, const seega_rules *r,
                         const char *text)
{
    tb_rules_fields(r, h->rules);
    size_t len = strlen(text); /* as seega_rules_to_text: all or nothing */
    if (len < sizeof h->rules_text)
        memcpy(h->rules_text, text, len + 1);
}

/* Ranks of a pair under a quiet limit, while it is solved: QR_NEVER where
 * the side cannot force it within the limit. */
#define QR_NEVER 0xFFFFu

/* A rank array for the rank's slots of gt, every entry QR_NEVER. */
static uint16_t *rank_array(const gen_tier *gt)
{
    uint64_t own = gt->bound[1] - gt->bound[0];
    size_t bytes;
    if (sg_bytes(own ? own : 1, sizeof(uint16_t), &bytes) != 0)
        return NULL; /* more than this system can hold */
    uint16_t *a = malloc(bytes);
    if (a)
        memset(a, 0xFF, bytes);
    return a;
}

/* The ranks that the run g->mode of the pair gives to the rank's slots of
 * tier gt, into q (tb_ranks' order: w, l, d, wp, lp). A rank counted in
 * quiet turns matters below the limit L, one counted in plies up to L
 * (a quiet turn is one ply, and the settling ply counts). */
static void take_ranks(const gen_ctx *g, const gen_tier *gt,
                       uint16_t *const q[TB_RANKS_MAX])
{
    int L = g->tb->cr.quiet_limit;
    int fewer = rule_by_count(gt->u, gt->t) == SEEGA_O_WINS;
    int top = g->mode == MODE_PLIES ? L : rule_quiet_left(L, 0);
    for (uint64_t s = 0; s < gt->bound[1] - gt->bound[0]; s++) {
        uint32_t w = gt->w[s];
        int k = W_KIND(w);
        uint16_t r = W_DIST(w) <= top ? (uint16_t)W_DIST(w) : QR_NEVER;
        uint16_t win = k == K_WIN ? r : QR_NEVER;
        uint16_t loss = k == K_LOSS ? r : QR_NEVER;
        if (g->mode == MODE_VALUES) {
            q[0][s] = win;
            q[1][s] = loss;
        } else if (g->mode == MODE_DRAWS) {
            /* the side with fewer pieces forces a draw or better */
            q[2][s] = fewer ? win : loss;
        } else {
            q[3][s] = win;
            q[4][s] = loss;
        }
    }
}

/* The ranks of slot s of q as the probe reads them from a file. */
static tb_ranks ranks_at(uint16_t *const q[TB_RANKS_MAX], int nranks,
                         uint64_t s)
{
    int e[TB_RANKS_MAX];
    for (int k = 0; k < TB_RANKS_MAX; k++)
        e[k] = k >= nranks ? -1 : q[k][s] == QR_NEVER ? TB_NEVER : q[k][s];
    return (tb_ranks){e[0], e[1], e[2], e[3], e[4]};
}

/* The value of the rank's slot bound[0] + s at counter 0 (TB_V_*), the
 * distance the probe gives there, and the entries of its distance
 * section: the distance, or under a quiet limit its nranks ranks
 * (QR_NEVER where there is none). */
static int slot_out(const gen_ctx *g, const gen_tier *gt,
                    uint16_t *const q[TB_RANKS_MAX], int nranks, uint64_t s,
                    int *d, unsigned e[TB_RANKS_MAX])
{
    uint32_t w = gt->w[s];
    int k = W_KIND(w);
    *d = 0;
    for (int i = 0; i < TB_RANKS_MAX; i++)
        e[i] = nranks ? QR_NEVER : 0;
    if (k == K_UNUSED)
        return TB_V_UNUSED;
    if (nranks) {
        for (int i = 0; i < nranks; i++)
            e[i] = q[i][s];
        tb_ranks r = ranks_at(q, nranks, s);
        tbv x = quiet_value(gt->u, gt->t, g->tb->cr.quiet_limit, 0, &r);
        *d = x.v ? x.d : 0;
        return x.v > 0 ? TB_V_WIN : x.v < 0 ? TB_V_LOSS : TB_V_DRAW;
    }
    if (k == K_WIN || k == K_LOSS) {
        *d = W_DIST(w);
        e[0] = (unsigned)*d;
        return k == K_WIN ? TB_V_WIN : TB_V_LOSS;
    }
    return TB_V_DRAW;
}

/* Whether a win or a loss at distance d changes the header's longest. */
static int longer(const tb_header *h, int v, int d)
{
    return v == TB_V_WIN ? h->wins == 0 || (uint32_t)d > h->longest_win
                         : v == TB_V_LOSS && (uint32_t)d > h->longest_loss;
}

/* Whether an entry of the rank's slots of gt needs two bytes: a distance
 * above 255, or under a quiet limit a rank that may reach 255 (the byte
 * that means "never"). */
static int needs_two_bytes(const gen_ctx *g, const gen_tier *gt, int quiet)
{
    if (quiet)
        return g->tb->cr.quiet_limit >= 255;
    for (uint64_t s = 0; s < gt->bound[1] - gt->bound[0]; s++)
        if ((W_KIND(gt->w[s]) == K_WIN || W_KIND(gt->w[s]) == K_LOSS) &&
            W_DIST(gt->w[s]) > 255)
            return 1;
    return 0;
}

/* Encode the rank's slots of gt, the first at byte 0 of wdl and dist
 * (bound[0] is a multiple of 4), and count their figures into h as the
 * file's header counts them, in slot order. */
static void encode(const gen_ctx *g, const gen_tier *gt,
                   uint16_t *const q[TB_RANKS_MAX], int nranks, uint8_t *wdl,
                   uint8_t *dist, tb_header *h)
{
    int per = nranks ? nranks : 1; /* entries a slot */
    for (uint64_t i = 0; i < gt->bound[1] - gt->bound[0]; i++) {
        uint64_t s = gt->bound[0] + i;
        int d;
        unsigned e[TB_RANKS_MAX];
        int v = slot_out(g, gt, q, nranks, i, &d, e);
        wdl[i >> 2] |= (uint8_t)(v << ((i & 3) * 2));
        for (int k = 0; k < per; k++) {
            uint8_t *o = dist + (per * i + (uint64_t)k) * h->dist_bytes;
            o[0] = (uint8_t)e[k];
            if (h->dist_bytes == 2)
                o[1] = (uint8_t)(e[k] >> 8);
        }
        if (longer(h, v, d) && v == TB_V_WIN) {
            h->longest_win = (uint32_t)d;
            h->longest_win_slot = s;
        } else if (longer(h, v, d)) {
            h->longest_loss = (uint32_t)d;
        }
        h->wins += v == TB_V_WIN;
        h->losses += v == TB_V_LOSS;
        h->draws += v == TB_V_DRAW;
    }
}

/* Add the figures p of the slots after those of h, as encode would. */
static void merge_figures(tb_header *h, const uint64_t p[6])
{
    if (p[0] && (h->wins == 0 || p[3] > h->longest_win)) {
        h->longest_win = (uint32_t)p[3];
        h->longest_win_slot = p[4];
    }
    if (p[5] > h->longest_loss)
        h->longest_loss = (uint32_t)p[5];
    h->wins += p[0];
    h->draws += p[1];
    h->losses += p[2];
}

/* Rank r's part of a table, off[r] .. off[r + 1] - 1 of it, from `part`
 * on rank r to `all` on rank 0, every rank in turn, in pieces. */
static int gather0(gen_ctx *g, const uint8_t *part, uint8_t *all,
                   const uint64_t *off)
{
    for (int r = 1; r < g->ranks; r++)
        for (uint64_t at = 0; at < off[r + 1] - off[r]; at += PIECE) {
            uint64_t left = off[r + 1] - off[r] - at;
            uint64_t n = left < PIECE ? left : PIECE;
            for (int k = 0; k < g->ranks; k++)
                g->sb[k] = g->rb[k] = 0;
            if (g->rank == r)
                g->sb[0] = n;
            if (g->rank == 0)
                g->rb[r] = n;
            if (xchg(g, SEEGA_TB_EXCHANGE_TABLES,
                     g->rank == r ? part + at : NULL,
                     g->rank == 0 ? all + off[r] + at : NULL) != 0)
                return -1;
        }
    return 0;
}

/*
 * Write tier gt, on every rank: the value of each slot at counter 0 (2
 * bits), its distance, or under a quiet limit (nranks not 0) its
 * nranks ranks, in 1 byte each or 2 where one needs more, and the header's
 * figures. Each rank encodes its slots; rank 0 gathers the parts and the
 * figures and writes the file. 0, or -1 when a rank failed.
 */
static int write_tier(gen_ctx *g, gen_tier *gt,
                      uint16_t *const q[TB_RANKS_MAX], int nranks,
                      const char *path)
{
    const struct seega_tablebase *tb = g->tb;
    int per = nranks ? nranks : 1, R = g->ranks;
    tb_header h;
    memset(&h, 0, sizeof h);
    h.mover = (uint32_t)gt->u;
    h.other = (uint32_t)gt->t;
    h.slots = gt->slots;
    h.ranks = (uint32_t)nranks;
    int big = needs_two_bytes(g, gt, nranks != 0);
    sync_ranks(g, NULL, NULL, &big);
    if (failed(g))
        return -1;
    h.dist_bytes = big ? 2 : 1;
    uint64_t esz = (uint64_t)per * h.dist_bytes, own = gt->bound[1] - gt->bound[0];
    /* rank 0 holds the whole table, the others their part */
    uint64_t nw = g->rank == 0 ? (gt->slots + 3) / 4 : (own + 3) / 4;
    uint64_t nd = g->rank == 0 ? gt->slots * esz : own * esz;
    size_t nwb, ndb; /* in 64 bits above: refused where they do not fit */
    int fits = sg_bytes(nw ? nw : 1, 1, &nwb) == 0 &&
               sg_bytes(nd ? nd : 1, 1, &ndb) == 0;
    uint8_t *wdl = fits ? calloc(nwb, 1) : NULL;
    uint8_t *dist = fits ? calloc(ndb, 1) : NULL;
    uint64_t *woff = malloc((size_t)(R + 1) * sizeof *woff);
    uint64_t *doff = malloc((size_t)(R + 1) * sizeof *doff);
    uint64_t *fig = calloc((size_t)R * 6, sizeof *fig);
    if (!wdl || !dist || !woff || !doff || !fig)
        fail(g, SEEGA_E_NOMEM, "out of memory writing tier %dv%d", gt->u,
             gt->t);
    if (sync_errors(g) == 0) {
        encode(g, gt, q, nranks, wdl, dist, &h);
        for (int r = 0; r <= R; r++) {
            uint64_t b = rank_bound(g, gt, r);
            woff[r] = r == R ? (gt->slots + 3) / 4 : b / 4;
            doff[r] = b * esz;
        }
        /* the figures of every rank's slots, to rank 0 */
        uint64_t mine[6] = {h.wins,        h.draws,           h.losses,
                            h.longest_win, h.longest_win_slot, h.longest_loss};
        if (R > 1) {
            for (int r = 0; r < R; r++) {
                g->sb[r] = r == 0 ? sizeof mine : 0;
                g->rb[r] = g->rank == 0 ? sizeof mine : 0;
            }
            if (xchg(g, SEEGA_TB_EXCHANGE_CONTROL, mine, fig) == 0 &&
                g->rank == 0) {
                memset(&h, 0, sizeof h);
                h.mover = (uint32_t)gt->u;
                h.other = (uint32_t)gt->t;
                h.slots = gt->slots;
                h.dist_bytes = big ? 2 : 1;
                h.ranks = (uint32_t)nranks;
                for (int r = 0; r < R; r++)
                    merge_figures(&h, fig + 6 * r);
            }
        }
        if (!g->broken && gather0(g, wdl, wdl, woff) == 0 &&
            gather0(g, dist, dist, doff) == 0 && g->rank == 0) {
            header_rules(&h, &tb->rules, tb->rules_text);
            char msg[SEEGA_ERROR_MAX];
            int32_t st = tb_table_write(path, &h, wdl, dist, msg, sizeof msg);
            if (st != SEEGA_OK)
                fail(g, st, "%s", msg);
        }
        sync_errors(g);
    }
    free(wdl);
    free(dist);
    free(woff);
    free(doff);
    free(fig);
    return failed(g) ? -1 : 0;
}
/* ---- one pair of tiers -------------------------------------------------- */

static void progress_of(seega_tb_progress_fn progress, void *user,
                        seega_tb_progress *info, int stage, int level)
{
    if (!progress)
        return;
    info->stage = stage;
    info->level = level;
    progress(user, info);
}

/* Solve the pair (u, t) on every rank and write its files. 0, or -1 with
 * g->error and g->text (the same on every rank). */
static int solve_pair(gen_ctx *g, int u, int t, const char *dir,
                      seega_tb_progress_fn progress, void *user)
{
    struct seega_tablebase *tb = g->tb;
    g->ntiers = u == t ? 1 : 2;
    g->tier[0] = (gen_tier){u, t, tb_tier_slots(&tb->ix, u, t), {0, 0}, NULL};
    g->tier[1] = (gen_tier){t, u, tb_tier_slots(&tb->ix, t, u), {0, 0}, NULL};
    for (int i = 0; i < g->ntiers; i++) {
        g->tier[i].bound[0] = rank_bound(g, &g->tier[i], g->rank);
        g->tier[i].bound[1] = rank_bound(g, &g->tier[i], g->rank + 1);
    }
    int L = tb->cr.quiet_limit;
    /* Under a quiet limit, each tier's ranks (tb_ranks' order), the last
     * two only when the plies run is made. */
    uint16_t *q[2][TB_RANKS_MAX] = {{NULL}, {NULL}};
    for (int i = 0; i < g->ntiers; i++) {
        gen_tier *gt = &g->tier[i];
        uint64_t own = gt->bound[1] - gt->bound[0];
        size_t n; /* refused where it does not fit a size_t */
        gt->w = sg_bytes(own ? own : 1, sizeof(uint32_t), &n) != 0
                    ? NULL
                    : malloc(n);
        int lack = !gt->w;
        for (int k = 0; L && k < 3; k++)
            lack |= !(q[i][k] = rank_array(gt));
        if (lack)
            fail(g, SEEGA_E_NOMEM, "out of memory for tier %dv%d (%llu MiB)",
                 gt->u, gt->t,
                 (unsigned long long)(own * (L ? 10 : 4) >> 20));
    }
    seega_tb_progress info = {SEEGA_TB_PROGRESS_VERSION,
                              u,
                              t,
                              0,
                              0,
                              g->tier[0].slots +
                                  (g->ntiers > 1 ? g->tier[1].slots : 0),
                              0,
                              0};
    if (sync_errors(g) == 0)
        progress_of(progress, user, &info, SEEGA_TB_STAGE_START, 0);
    /* Under a quiet limit: the values run gives the ranks of the wins of
     * each side, the draws run (u != t) those of the draws or better of
     * the side with fewer pieces, and the plies run, where a turn inside
     * the pair can end the game, the wins' distances in plies (see
     * tb_ranks in tb/tb.h). */
    int flag = 0;
    uint64_t own = own_slots(g);
    g->terminal = g->plies = 0;
    for (int run = MODE_VALUES; run <= MODE_PLIES && !failed(g); run++) {
        if (run == MODE_DRAWS && !(L && rule_by_count(u, t) != SEEGA_DRAW))
            continue;
        if (run == MODE_PLIES && !(L && g->plies))
            continue;
        if (run == MODE_PLIES)
            for (int i = 0; i < g->ntiers; i++)
                for (int k = 3; k < TB_RANKS_MAX; k++)
                    if (!(q[i][k] = rank_array(&g->tier[i])))
                        fail(g, SEEGA_E_NOMEM,
                             "out of memory for tier %dv%d", g->tier[i].u,
                             g->tier[i].t);
        if (sync_errors(g) != 0)
            break;
        g->mode = run;
        g->settle = run == MODE_PLIES;
        g->hi = 0;
        run_window(g, job_init, 0, own);
        flag = __atomic_load_n(&g->terminal, __ATOMIC_RELAXED);
        sync_ranks(g, NULL, NULL, &flag);
        if (run == MODE_VALUES)
            g->plies = flag;
        for (g->level = 1; !failed(g) && g->level <= g->hi + 1; g->level++) {
            back_level(g);
            if (!failed(g))
                run_window(g, job_settle, 0, own);
            sync_ranks(g, NULL, NULL, &flag);
            if (!failed(g))
                progress_of(progress, user, &info, SEEGA_TB_STAGE_LEVEL,
                            g->level);
        }
        for (int i = 0; L && !failed(g) && i < g->ntiers; i++)
            take_ranks(g, &g->tier[i], q[i]);
    }
    int nranks = !L ? 0 : g->plies ? TB_RANKS_MAX : 3;
    for (int i = 0; i < g->ntiers && !failed(g); i++) {
        gen_tier *gt = &g->tier[i];
        char path[4096];
        if (tb_file_name(tb->rules_text, dir, gt->u, gt->t, path, sizeof path))
            fail(g, SEEGA_E_INVALID, "the directory name is too long");
        else if (write_tier(g, gt, q[i], nranks, path) == 0) {
            char msg[SEEGA_ERROR_MAX];
            int32_t st = tb_table_open(&tb->tier[gt->u][gt->t], path,
                                       &tb->rules, gt->u, gt->t, gt->slots,
                                       msg, sizeof msg);
            if (st != SEEGA_OK && g->ranks > 1)
                fail(g, st,
                     "%s (rank 0 wrote it: the directory must be one that "
                     "every rank sees)",
                     msg);
            else if (st != SEEGA_OK)
                fail(g, st, "%s", msg);
        }
        sync_errors(g);
    }
    if (!failed(g))
        progress_of(progress, user, &info, SEEGA_TB_STAGE_DONE, 0);
    for (int i = 0; i < g->ntiers; i++) {
        free(g->tier[i].w);
        g->tier[i].w = NULL;
        for (int k = 0; k < TB_RANKS_MAX; k++)
            free(q[i][k]);
    }
    return failed(g) ? -1 : 0;
}

/* Whether both files of the pair (u, t) are in dir and pass the checks
 * (opened then): 1, or 0 when one is missing or damaged (the pair is
 * solved again and its files replaced); a negative status with a message
 * when a name does not fit or a file is there but cannot be read or is
 * not a regular file (nothing is replaced then). */
static int pair_on_disk(struct seega_tablebase *tb, const char *dir, int u,
                        int t, char *msg, size_t cap)
{
    int have = 1;
    for (int i = 0; i < 2 && have; i++) {
        int a = i ? t : u, b = i ? u : t;
        char path[4096];
        if (tb_file_name(tb->rules_text, dir, a, b, path, sizeof path)) {
            sg_format(msg, cap, "the directory name is too long");
            return SEEGA_E_INVALID;
        }
        if (tb_table_loaded(&tb->tier[a][b]))
            continue;
        int there = tb_file_present(path, msg, cap);
        if (there < 0)
            return SEEGA_E_IO;
        if (!there) {
            have = 0;
            continue;
        }
        int32_t st = tb_table_open(&tb->tier[a][b], path, &tb->rules, a, b,
                                   tb_tier_slots(&tb->ix, a, b), msg, cap);
        if (st == SEEGA_E_IO)
            return st;
        have = st == SEEGA_OK;
    }
    return have;
}

static void gen_free(gen_ctx *g)
{
    for (int i = 0; g->out && i < g->threads * g->ranks; i++)
        free(g->out[i].v);
    free(g->out);
    free(g->cs);
    free(g->cr_);
    free(g->sb);
    free(g->rb);
    free(g->cnt);
    free(g->from);
}

/* The caller's progress callback, through which solve_pair reports: the
 * stop callback is then asked at the next poll, whatever the time. */
static void relay(void *user, const seega_tb_progress *info)
{
    gen_ctx *g = user;
    g->opt->progress(g->opt->progress_user, info);
    g->poll_now = 1;
}

int32_t sg_tb_generate5(struct seega_tablebase *tb, const char *dir,
                        const seega_tb_options *opt,
                        const seega_tb_cluster *cl, char *msg, size_t cap)
{
    int threads = opt->threads;
    seega_tb_progress_fn progress = opt->progress ? relay : NULL;
    gen_ctx *g = calloc(1, sizeof *g);
    if (!g) {
        sg_format(msg, cap, "out of memory");
        return SEEGA_E_NOMEM;
    }
    void *user = g;
    g->tb = tb;
    g->opt = opt;
    g->dir = dir;
    g->cr = tb->cr;
    g->cr.quiet_limit = 0;
    g->threads = threads < 1 ? 1 : threads > 64 ? 64 : threads;
    g->cl = cl && cl->ranks > 1 ? cl : NULL;
    g->rank = g->cl ? cl->rank : 0;
    g->ranks = g->cl ? cl->ranks : 1;
    size_t R = (size_t)g->ranks;
    g->out = calloc(R * (size_t)g->threads, sizeof *g->out);
    g->cs = calloc(R, sizeof *g->cs);
    g->cr_ = calloc(R, sizeof *g->cr_);
    g->sb = calloc(R, sizeof *g->sb);
    g->rb = calloc(R, sizeof *g->rb);
    g->cnt = calloc(R, sizeof *g->cnt);
    g->from = calloc(R, sizeof *g->from);
    if (!g->out || !g->cs || !g->cr_ || !g->sb || !g->rb || !g->cnt ||
        !g->from) {
        /* before the first step: this rank's own failure */
        gen_free(g);
        free(g);
        sg_format(msg, cap, "out of memory for %d ranks", (int)R);
        return SEEGA_E_NOMEM;
    }
    int lo = rule_material_least(&tb->cr);
    for (int total = 2 * lo; total <= 2 * tb->maxp && !failed(g); total++) {
        for (int u = lo; u <= tb->maxp && !failed(g); u++) {
            int t = total - u;
            if (t < u || t > tb->maxp)
                continue;
            /* Both tiers of the pair already on disk, for every rank: keep
             * them. */
            poll_caller(g); /* between pairs */
            char why[SEEGA_ERROR_MAX];
            int have = pair_on_disk(tb, dir, u, t, why, sizeof why);
            if (have < 0)
                fail(g, have, "%s", why);
            int lack = have != 1;
            sync_ranks(g, NULL, NULL, &lack);
            if (failed(g))
                break;
            if (!lack) {
                seega_tb_progress info = {SEEGA_TB_PROGRESS_VERSION, u, t, 0,
                                          0, 0, 0, 0};
                progress_of(progress, user, &info, SEEGA_TB_STAGE_FOUND, 0);
                continue;
            }
            tb_table_close(&tb->tier[u][t]);
            tb_table_close(&tb->tier[t][u]);
            solve_pair(g, u, t, dir, progress, user);
        }
    }
    int32_t st = g->error;
    sg_format(msg, cap, "%s", st ? g->text : "");
    gen_free(g);
    free(g);
    return st;
}

/* ---- checking the tables against themselves ----------------------------- */

/* Report a slot that disagrees with its actions, at counter q. */
static int32_t slot_fault(tb_fault *fault, uint32_t m, uint32_t o, tbv want,
                           tbv got, int st, int q)
{
    fault->mover = m;
    fault->other = o;
    fault->quiet = q;
    fault->stored = want.v;
    fault->stored_dist = want.d;
    fault->found = st ? 2 : got.v;
    fault->found_dist = got.d;
    return SEEGA_E_CORRUPT;
}

/*
 * Every used slot of tier (u, t) against one ply of lookahead over its
 * legal actions (the canonical generation and make, the other tiers as
 * stored): the stored value and distance must be exactly the best the
 * mover gets from its children. So a won position has a child lost for
 * the opponent one ply nearer the end and none nearer, a lost one only
 * children won for the opponent, the farthest one ply nearer, and a
 * drawn one no child lost for the opponent.
 *
 * Under a quiet limit L, at every counter q from 0 to L - 1: the child
 * of a quiet action is taken at q + 1 (where L ends the game by count),
 * that of a capture at 0, where it settles the result in one ply. The
 * game left inside a pair is finite, so this fixes every value and
 * distance given the lower tiers.
 */
int32_t sg_tb_verify5(const struct seega_tablebase *tb, int u, int t,
                      tb_fault *fault)
{
    const tb_table *tt = &tb->tier[u][t];
    const sg_crules *r = &tb->cr;
    int L = r->quiet_limit, counters = L ? L : 1;
    fault->checked = 0;
    fault->quiet = 0;
    for (uint64_t slot = 0; slot < tt->h.slots; slot++) {
        uint32_t m, o;
        tb_unrank(&tb->ix, u, t, slot, &m, &o);
        if (tb_rank(&tb->ix, m, o) != slot) /* unused */
            continue;
        POS p = pos_of(m, o);
        seega_action acts[SEEGA_MAX_ACTIONS];
        int n = 0;
        POS p0 = p;
        p_turn_start(&p0, r);
        if (p0.result == SEEGA_ONGOING)
            n = p_gen(&p0, r, acts);
        /* The children once: a fixed value for a capture's (and for
         * every child without a limit), the child for a quiet action's
         * (its counter set for each q below). */
        POS kid[SEEGA_MAX_ACTIONS];
        tbv fixed[SEEGA_MAX_ACTIONS];
        int quiet[SEEGA_MAX_ACTIONS];
        for (int i = 0; i < n; i++) {
            kid[i] = p0;
            make_t(&kid[i], r, acts[i], r->move8, r->cap8, 0);
            quiet[i] = L && kid[i].quiet != rule_quiet_reset();
            if (!quiet[i]) {
                tbv cv;
                int st = eval_state(tb, &kid[i], &cv, NULL);
                if (st != 0)
                    return slot_fault(fault, m, o, (tbv){2, 0}, (tbv){2, 0},
                                      st, 0);
                fixed[i] = tbv_back(cv, kid[i].side == p0.side, &kid[i], r,
                                    1);
            }
        }
        for (int q = 0; q < counters; q++) {
            POS pq = p;
            pq.quiet = q;
            tbv want, got = {0, 0};
            int st = lookup(tb, &pq, &want);
            if (st != 0) /* no value: unused, or a damaged block */
                return slot_fault(fault, m, o, (tbv){2, 0}, (tbv){2, 0}, st,
                                  q);
            if (p0.result != SEEGA_ONGOING) {
                got = tbv_of_result(p0.result, p0.side);
            } else {
                for (int i = 0; i < n && st == 0; i++) {
                    tbv cv = fixed[i];
                    if (quiet[i]) {
                        POS c = kid[i];
                        c.quiet = rule_quiet_next(q, 0, 0);
                        st = eval_state(tb, &c, &cv, NULL);
                        if (st != 0)
                            break;
                        cv = tbv_back(cv, c.side == p0.side, &c, r, 1);
                    }
                    if (i == 0 || tbv_score(cv) > tbv_score(got))
                        got = cv;
                }
            }
            if (st != 0)
                return slot_fault(fault, m, o, want, (tbv){2, 0}, st, q);
            if (got.v != want.v || got.d != want.d)
                return slot_fault(fault, m, o, want, got, st, q);
        }
        fault->checked++;
    }
    return SEEGA_OK;
}

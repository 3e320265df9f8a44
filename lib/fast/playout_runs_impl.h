/*
 * Runs of plain turns for the random playouts: both sides' pieces in
 * registers, on 5x5 in a padded layout (playout_runs5_impl.h), on 9x9 in
 * two one-word windows, on 7x7 on the board; one run or two games' at
 * once (dual_t). The playouts (playout_impl.h) play every plain turn of
 * the moving phase in a run, and leave a run only for what pick_t and
 * make must play.
 */
#ifndef SG_FAST_PLAYOUT_RUNS_IMPL_H
#define SG_FAST_PLAYOUT_RUNS_IMPL_H

#include "fast/playout_draw_impl.h"

#if N == 5
#include "fast/playout_runs5_impl.h"
#define run_plain_t p5_run2_t
#define dual_t p5_dual2_t
typedef cap5_fn runcap_fn;
#define SG_RUNCAP(V) cap5##V
#elif N == 9
/*
 * 9x9 runs in two one-word windows of seven ranks (as w9): A, the board's
 * ranks 0-6 (bits 0-62, bit 63 kept clear), and B, ranks 2-8 (the board
 * from bit 18). A step whose destination is on ranks 0-4 is found in A,
 * one on ranks 5-8 in B: its origin, and the squares its captures look at
 * (two ranks away), lie in the same window, so every shift, mask and
 * popcount takes one word instead of two (docs/performance.md,
 * "Playouts").
 * The steps of direction d are those of A then B, ascending in each: the
 * order of gen_steps_t, so the draws are those of the public API's list.
 * A step changes both windows where they overlap (ranks 2-6): its squares
 * in the other window are its squares shifted by 18.
 */
typedef capw_fn runcap_fn;
#define SG_RUNCAP(V) cap_w9##V
#define W9_LO63 (((uint64_t)1 << 63) - 1)
#define W9_DEST_A (((uint64_t)1 << 45) - 1)      /* A's ranks 0-4 */
#define W9_DEST_B (W9_LO63 & ~(((uint64_t)1 << 27) - 1)) /* B's 3-6 */

/* A set of window w's squares (w: 0 for A, 1 for B) in A and in B. */
SG_INLINE void w9_both(uint64_t m, int w, uint64_t *a, uint64_t *b)
{
    *a = w ? (m << 18) & W9_LO63 : m;
    *b = w ? m : m >> 18;
}
/* The board of windows a and b. */
SG_INLINE BB w9_board(uint64_t a, uint64_t b)
{
    /* board bits 0-62 from a, 63-80 from b's 45-62 */
    return BB_(make)(a | (b >> 45) << 63, b >> 46);
}

/* A 9x9 run's pieces: xa and xb, the side to move's in windows A and B,
 * ya and yb the other's (swapped after each turn); and its countdown (see
 * run_in). */
typedef struct RUN {
    uint64_t xa, xb, ya, yb;
    uint32_t k0, k, stop, qb;
    seega_action out;
} RUN;
/* What every 9x9 run of a rule set shares: the capturable squares (all
 * but an immune centre) in A and B, the quiet limit (or INT32_MAX) and
 * max_actions. */
typedef struct RUNC {
    uint64_t ka, kb;
    int32_t limit;
    uint32_t max_actions;
} RUNC;

SG_INLINE RUNC runc_of(const sg_crules *r, uint32_t max_actions)
{
    BB keep = rule_capturable(r, m_full());
    RUNC c = {w9(keep, 0) & W9_LO63, w9(keep, 18),
              rule_quiet_stop(r), max_actions};
    return c;
}
SG_INLINE void run_pieces_in(RUN *u, const POS *p)
{
    BB own = p->bb[p->side], en = p->bb[p->side ^ 1];
    u->xa = w9(own, 0) & W9_LO63;
    u->xb = w9(own, 18);
    u->ya = w9(en, 0) & W9_LO63;
    u->yb = w9(en, 18);
}
SG_INLINE BB run_own(const RUN *u) { return w9_board(u->xa, u->xb); }
SG_INLINE BB run_en(const RUN *u) { return w9_board(u->ya, u->yb); }

/*
 * One plain turn of the 9x9 run u, before its stop, its draw as run_draw
 * takes it (rs, ro, half): 0 when played, else nothing played and 1 before
 * the draw (blocked, or a draw Lemire's method might reject), 2 after it
 * (u->out: a step for make).
 */
SG_INLINE int turn_t(RUN *u, const RUNC *c, const sg_crules *r, uint64_t *rs,
                     uint64_t *ro, int half, int m8, int c8, sel64_fn sel,
                     runcap_fn cap)
{
    uint64_t ea = ~(u->xa | u->ya) & W9_DEST_A;
    uint64_t eb = ~(u->xb | u->yb) & W9_DEST_B;
    uint64_t ta[8], tb[8];
    int ca[8], before[8], total = 0;
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++) {
        ta[d] = w9_sh(u->xa, d) & ea;
        tb[d] = w9_sh(u->xb, d) & eb;
        ca[d] = sg_popcount64(ta[d]);
        before[d] = total;
        total += ca[d] + sg_popcount64(tb[d]);
    }
    if (!total)
        return 1; /* blocked: the rules decide, in playout_on_t */
    /* the direction, then the window, of the i-th step, without a
     * branch on the draw */
    int i;
    if (run_draw(rs, ro, half, (uint32_t)total, &i))
        return 1;
    int d = draw_dir(i, before, m8);
    i -= before[d];
    int w = i >= ca[d];
    uint64_t t = w ? tb[d] : ta[d];
    i -= w ? ca[d] : 0;
    int s = sel(t, i), fs = s - dir_delta(d);
    uint64_t m = ((uint64_t)1 << s) | ((uint64_t)1 << fs), ma, mb;
    w9_both(m, w, &ma, &mb);
    uint64_t v = cap((w ? u->xb : u->xa) ^ m,
                     w ? u->yb & c->kb : u->ya & c->ka, s, c8);
    uint64_t na = u->xa ^ ma, nb = u->xb ^ mb;
    if (SG_UNLIKELY(v)) {
        uint64_t va, vb;
        w9_both(v, w, &va, &vb);
        BB moved = w9_board(na, nb);
        BB left = w9_board(u->ya & ~va, u->yb & ~vb);
        int to = s + 18 * w;
        if (capture_not_plain(r, moved, left, to, m8, c8)) {
            /* make plays it, from the position before */
            u->out = SG_ACT(SEEGA_ACTION_STEP, fs + 18 * w, to);
            return 2;
        }
        u->ya &= ~va; /* captured, and the turn ends */
        u->yb &= ~vb;
        u->qb = u->k + 1 - (uint32_t)rule_quiet_reset();
        u->stop = run_stop(u->k + 1, u->qb, c->limit, c->max_actions);
    }
    u->xa = u->ya;
    u->xb = u->yb;
    u->ya = na;
    u->yb = nb;
    u->k++;
    return 0;
}
#else
/* 7x7: the captures of a step in the plain runs by cap_at (with BMI2, a
 * pext and a pdep, no branch) */
typedef capat_fn runcap_fn;
#define SG_RUNCAP(V) cap_at##V
/* A 7x7 run's pieces: own, the side to move's, and en, the other's
 * (swapped after each turn); and its countdown (see run_in). */
typedef struct RUN {
    BB own, en;
    uint32_t k0, k, stop, qb;
    seega_action out;
} RUN;
/* What every 7x7 run of a rule set shares: the capturable squares (all
 * but an immune centre), the quiet limit (or INT32_MAX) and max_actions. */
typedef struct RUNC {
    BB keep;
    int32_t limit;
    uint32_t max_actions;
} RUNC;

SG_INLINE RUNC runc_of(const sg_crules *r, uint32_t max_actions)
{
    RUNC c = {rule_capturable(r, m_full()),
              rule_quiet_stop(r), max_actions};
    return c;
}
SG_INLINE void run_pieces_in(RUN *u, const POS *p)
{
    u->own = p->bb[p->side];
    u->en = p->bb[p->side ^ 1];
}
SG_INLINE BB run_own(const RUN *u) { return u->own; }
SG_INLINE BB run_en(const RUN *u) { return u->en; }

/*
 * One plain turn of the 7x7 run u, before its stop, its draw as run_draw
 * takes it (s, o, half): 0 when played, else nothing played and 1 before
 * the draw (blocked, or a draw Lemire's method might reject), 2 after it
 * (u->out: a step for make).
 */
SG_INLINE int turn_t(RUN *u, const RUNC *c, const sg_crules *r, uint64_t *s,
                     uint64_t *o, int half, int m8, int c8, sel64_fn sel,
                     runcap_fn cap)
{
    BB t[8];
    int before[8], i, from, to;
    int n = steps_t(u->own,
                    dest_of(bb_andnot(m_full(), bb_or(u->own, u->en))), m8,
                    t, before);
    if (!n)
        return 1; /* blocked: the rules decide, in playout_on_t */
    if (run_draw(s, o, half, (uint32_t)n, &i))
        return 1;
    step_at_t(t, before, i, m8, sel, &from, &to);
    BB moved = bb_xor(u->own, bb_or(bb_bit(from), bb_bit(to)));
    BB v = cap(moved, bb_and(u->en, c->keep), to, c8);
    if (SG_UNLIKELY(bb_any(v))) {
        BB left = bb_andnot(u->en, v);
        if (capture_not_plain(r, moved, left, to, m8, c8)) {
            u->out = SG_ACT(SEEGA_ACTION_STEP, from, to);
            return 2;
        }
        u->en = left; /* captured, and the turn ends */
        u->qb = u->k + 1 - (uint32_t)rule_quiet_reset();
        u->stop = run_stop(u->k + 1, u->qb, c->limit, c->max_actions);
    }
    u->own = u->en;
    u->en = moved;
    u->k++;
    return 0;
}
#endif

#if N != 5
/* A run of plain turns (7x7, 9x9) from p at action count `played`: k
 * counts the actions up to `stop` (run_stop), the quiet counter is k -
 * qb (qb moves to k when something is captured), and the side to move
 * changes with k's parity. */
SG_INLINE void run_in(RUN *u, const POS *p, uint32_t played, const RUNC *c)
{
    run_pieces_in(u, p);
    u->k0 = u->k = played;
    u->qb = played - (uint32_t)p->quiet;
    u->stop = run_stop(played, u->qb, c->limit, c->max_actions);
    u->out = 0;
}

/*
 * The turns come in rounds of two, the first drawing the low half of a new
 * number, the second its high half (a half kept from before the run goes
 * first, alone); n counts down the rounds left before the stop, which a
 * capture only moves later, so no turn checks it. With one turn left
 * before the stop the run ends, and pick_t and make play it.
 */
SG_INLINE seega_action run_plain_t(POS *p, const sg_crules *r, sg_rng *rng,
                                   uint32_t max_actions, uint32_t *played,
                                   int m8, int c8, sel64_fn sel,
                                   runcap_fn cap)
{
    RUNC c = runc_of(r, max_actions);
    RUN u;
    uint64_t s = rng->s, o = rng->h << 32, h = rng->h;
    uint32_t n;
    int rc;
    run_in(&u, p, *played, &c);
#define SG_T(half) turn_t(&u, &c, r, &s, &o, half, m8, c8, sel, cap)
    if (h) {
        if (u.k == u.stop)
            goto end;
        if ((rc = SG_T(1))) {
            h = rc == 1 ? h : 0;
            goto end;
        }
        h = 0;
    }
    while ((n = (u.stop - u.k) / 2)) {
        do {
            if ((rc = SG_T(0))) {
                h = rc == 1 ? 0 : SG_KEPT_HALF(o);
                goto end;
            }
            if ((rc = SG_T(1))) {
                h = rc == 1 ? SG_KEPT_HALF(o) : 0;
                goto end;
            }
        } while (--n);
    }
#undef SG_T
end:
    rng_put(rng, s, h);
    run_end(p, run_own(&u), run_en(&u), u.k0, u.k, u.qb, played);
    return u.out;
}

/*
 * Two playouts' runs at once (see playouts_t): pa's with the generator ra,
 * pb's with rb, in rounds of two turns each, as run_plain_t's, their turns
 * alternating (pa's low half, pb's low half, pa's high half, pb's high
 * half), until either stops (or has one turn left before its stop); both
 * written back. Returns 0 if pa's stopped, 1 if pb's, with *out that run's step
 * for make (or 0).
 */
SG_INLINE int dual_t(POS *pa, POS *pb, const sg_crules *r, sg_rng *ra,
                     sg_rng *rb, uint32_t max_actions, uint32_t *ka,
                     uint32_t *kb, seega_action *out, int m8, int c8,
                     sel64_fn sel, runcap_fn cap)
{
    RUNC c = runc_of(r, max_actions);
    RUN u, v;
    uint64_t sa = ra->s, oa = ra->h << 32, ha = ra->h;
    uint64_t sb = rb->s, ob = rb->h << 32, hb = rb->h;
    uint32_t n;
    int who = 0, rc;
    run_in(&u, pa, *ka, &c);
    run_in(&v, pb, *kb, &c);
#define SG_TA(half) turn_t(&u, &c, r, &sa, &oa, half, m8, c8, sel, cap)
#define SG_TB(half) turn_t(&v, &c, r, &sb, &ob, half, m8, c8, sel, cap)
    /* a half kept from before: its turn first, game w's (run x, turn T) */
#define SG_KEPT_FIRST(w, T, x, h)                                              \
    if (h) {                                                                   \
        who = w;                                                               \
        if (x.k == x.stop)                                                     \
            goto end;                                                          \
        if ((rc = T(1))) {                                                     \
            h = rc == 1 ? h : 0;                                               \
            goto end;                                                          \
        }                                                                      \
        h = 0;                                                                 \
    }
    SG_KEPT_FIRST(0, SG_TA, u, ha)
    SG_KEPT_FIRST(1, SG_TB, v, hb)
#undef SG_KEPT_FIRST
    for (;;) {
        uint32_t na = (u.stop - u.k) / 2, nb = (v.stop - v.k) / 2;
        n = na < nb ? na : nb;
        if (!n) { /* fewer than two turns left: pick_t goes on */
            who = na ? 1 : 0;
            goto end;
        }
        do {
            if ((rc = SG_TA(0))) {
                who = 0;
                ha = rc == 1 ? 0 : SG_KEPT_HALF(oa);
                goto end;
            }
            if ((rc = SG_TB(0))) {
                who = 1;
                ha = SG_KEPT_HALF(oa);
                hb = rc == 1 ? 0 : SG_KEPT_HALF(ob);
                goto end;
            }
            if ((rc = SG_TA(1))) {
                who = 0;
                ha = rc == 1 ? SG_KEPT_HALF(oa) : 0;
                hb = SG_KEPT_HALF(ob);
                goto end;
            }
            if ((rc = SG_TB(1))) {
                who = 1;
                hb = rc == 1 ? SG_KEPT_HALF(ob) : 0;
                goto end;
            }
        } while (--n);
    }
#undef SG_TA
#undef SG_TB
end:
    rng_put(ra, sa, ha);
    rng_put(rb, sb, hb);
    run_end(pa, run_own(&u), run_en(&u), u.k0, u.k, u.qb, ka);
    run_end(pb, run_own(&v), run_en(&v), v.k0, v.k, v.qb, kb);
    *out = who ? v.out : u.out;
    return who;
}
#endif

#endif

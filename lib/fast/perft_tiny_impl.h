/*
 * perft on tiny boards, square by square: with very few empty squares (at
 * most SG_TINY, as right after the placing, when only the centre is
 * empty), every step goes into one of them, so the counts below go square
 * by square over the empty squares, with no pass over the whole board: a
 * piece arriving on a square takes what cap_at says (per-square masks),
 * the other side's steps are the pieces next to each empty square.
 * Narrow, crowded trees spend most of their time in each node's setup,
 * which this keeps to a few loads. perft (perft_impl.h) picks these
 * counts by the number of empty squares, as below.
 */
#ifndef SG_FAST_PERFT_TINY_IMPL_H
#define SG_FAST_PERFT_TINY_IMPL_H

#include "fast/perft_bulk_impl.h"

/*
 * perft goes square by square with at most SG_TINY empty squares from
 * four plies up (perft3t_t) and in a chain (chain3t_t, chain2t_t), at
 * most SG_TINY3 with three plies (more, and perft3_t's batches of
 * children cost less), and at most SG_TINY2 with two (perft2t_t). Above
 * them the counts over the whole board cost less. One set of values
 * serves all three sizes; -D can override them.
 */
#ifndef SG_TINY
#define SG_TINY 4
#endif
#ifndef SG_TINY3
#define SG_TINY3 1
#endif
#ifndef SG_TINY2
#define SG_TINY2 4
#endif

/* A child q of a node `depth` plies from the end, after the node's side
 * moved, counted: with four plies and p3b, its three through p3b, its
 * children joining the batch b4, where perft would count them with
 * perft3_t; else through perft. */
SG_INLINE uint64_t child_t(const POS *q, const sg_crules *r, int m8,
                           int depth, BATCH *b4, perft3b_fn p3b, perft_fn pf)
{
    if (p3b && depth == 4 && perft2_applies(q, r, m8) &&
        bb_count(p_empty(q)) > SG_TINY3)
        return p3b(q, r, b4);
    return pf(q, r, depth - 1);
}



/* How many steps have the pieces of `side` into the squares of `empty`? */
SG_INLINE int steps_e(BB side, BB empty, int m8)
{
    int n = 0;
    for (; bb_any(empty); empty = bb_pop_lsb(empty))
        n += bb_count(bb_and(adj(bb_lsb(empty), m8), side));
    return n;
}

/* The squares next to some square of `empty`: the pieces there have a
 * step. */
SG_INLINE BB around_e(BB empty, int m8)
{
    BB a = BB_ZERO;
    for (; bb_any(empty); empty = bb_pop_lsb(empty))
        a = bb_or(a, adj(bb_lsb(empty), m8));
    return a;
}


/* capture_replies_t, square by square (`empty`: before the step). */
SG_INLINE uint64_t capture_replies_e(const POS *p, const sg_crules *r, int m8,
                                     int c8, after_fn after, capat_fn cap,
                                     BB own, BB en, BB empty, int from, int to,
                                     BB taken)
{
    BB own2 = bb_xor(own, bb_or(bb_bit(from), bb_bit(to)));
    BB en2 = bb_andnot(en, taken);
    int n = 0;
    if (rule_material_lost(r, bb_count(en2)))
        return 0; /* won: no reply */
    BB empty2 = empty_after(empty, from, to, taken);
    if (RULE_CHAIN_GOES_ON(r, (n = chain_count_e(own2, rule_capturable(r, en2),
                                                 empty2, to, m8, c8, cap))))
        return (uint64_t)n + 1; /* the chain goes on, or passes */
    n = steps_e(en2, empty2, m8);
    return n ? (uint64_t)n : after_en(p, en, r, after, from, to);
}

/* perft2e_t, square by square (see the top of this file). */
SG_INLINE uint64_t perft2t_t(const POS *p, const sg_crules *r, int m8, int c8,
                             after_fn after, capat_fn cap)
{
    int me = p->side, opp = me ^ 1;
    BB own = p->bb[me], en = p->bb[opp], empty = p_empty(p);
    BB capturable = rule_capturable(r, en);
    int over = rule_quiet_over(r, quiet_after(p));
    uint64_t total = 0, nq = 0, oa = 0, gain = 0;
    BB quiet_to = BB_ZERO; /* the targets of the quiet steps */
    int base = 0;
    for (BB e = empty; bb_any(e); e = bb_pop_lsb(e)) {
        int to = bb_lsb(e);
        BB nb = adj(to, m8), f = bb_and(nb, own);
        int ae = bb_count(bb_and(nb, en));
        base += ae;
        if (!bb_any(f))
            continue;
        BB taken = cap(own, capturable, to, c8);
        if (bb_any(taken)) {
            for (; bb_any(f); f = bb_pop_lsb(f))
                total += capture_replies_e(p, r, m8, c8, after, cap, own, en,
                                           empty, bb_lsb(f), to, taken);
            continue;
        }
        int o = bb_count(f);
        quiet_to = bb_or(quiet_to, bb_bit(to));
        nq += (uint64_t)o;
        oa += (uint64_t)(o * ae);
        for (; bb_any(f); f = bb_pop_lsb(f))
            gain += (uint64_t)bb_count(bb_and(adj(bb_lsb(f), m8), en));
    }
    if (over) /* the quiet steps' replies would be after the quiet limit */
        return total;
    total += nq * (uint64_t)base + gain - oa;
    if (base <= ndirs(m8))
        total += blocked_replies_t(p, r, m8, after, base, own, en, quiet_to);
    return total;
}

/* chain2_t, square by square. */
SG_INLINE uint64_t chain2t_t(const POS *p, const sg_crules *r, int m8, int c8,
                             after_fn after, capat_fn cap)
{
    int me = p->side, from = p->chain;
    BB own = p->bb[me], en = p->bb[me ^ 1], empty = p_empty(p);
    BB capturable = rule_capturable(r, en);
    int n = steps_e(en, empty, m8);
    uint64_t total = n ? (uint64_t)n
                       : after(p, r, SG_ACT(SEEGA_ACTION_PASS, SG_NOSQ,
                                            SG_NOSQ));
    for (BB t = bb_and(adj(from, m8), empty); bb_any(t); t = bb_pop_lsb(t)) {
        int to = bb_lsb(t);
        BB taken = cap(own, capturable, to, c8);
        if (bb_any(taken))
            total += capture_replies_e(p, r, m8, c8, after, cap, own, en,
                                       empty, from, to, taken);
    }
    return total;
}

/*
 * q, a copy of the position before a capture by `me` (its side to move),
 * set to the position after it, as step_t makes it: the pieces own2 and
 * en2, the quiet counter 0, and the chain on `to` if the piece may go on
 * capturing, else the other side's plain turn. (A capture that wins is
 * the caller's.)
 */
SG_INLINE void capture_child(POS *q, int me, BB own2, BB en2, int to,
                             int chain)
{
    q->bb[me] = own2;
    q->bb[me ^ 1] = en2;
    q->quiet = rule_quiet_reset();
    if (chain) {
        q->state = SG_ST_CHAIN;
        q->chain = (uint8_t)to;
    } else {
        q->side = (uint8_t)(me ^ 1);
        q->state = SG_ST_NORMAL;
        q->chain = 0;
    }
}

/*
 * The child of q (a copy of the position before the step) after a step
 * from -> to that takes `taken` (capture_child, the chain test square by
 * square). 0 if the step wins (the game is then over).
 */
SG_INLINE int capture_child_e(POS *q, const sg_crules *r, BB empty, int from,
                              int to, BB taken, int m8, int c8, capat_fn cap)
{
    int me = q->side, opp = me ^ 1;
    BB own2 = bb_xor(q->bb[me], bb_or(bb_bit(from), bb_bit(to)));
    BB en2 = bb_andnot(q->bb[opp], taken);
    if (rule_material_lost(r, bb_count(en2)))
        return 0;
    capture_child(q, me, own2, en2, to,
                  RULE_CHAIN_GOES_ON(
                      r, chain_on_e(own2, rule_capturable(r, en2),
                                    empty_after(empty, from, to, taken), to,
                                    m8, c8, cap)));
    return 1;
}

/*
 * perft3_t square by square: three plies or more from a position at the
 * start of a plain turn (perft2_applies) with few empty squares (SG_TINY,
 * SG_TINY3 with three plies). The steps that capture nothing are made by
 * hand as in perft3_t, and their children, which have as many empty
 * squares, go straight to the count perft would pick for them when
 * perft2 applies to them (p2 or p2t, the two-ply counts, or p3t, this
 * function), else through pf, as do the captures (made by hand too,
 * capture_child_e). With four plies and p3b, the children that perft
 * would count with perft3_t go through p3b instead, into one batch (see
 * SG_P3BDEF_wide).
 */
SG_INLINE uint64_t perft3t_t(const POS *p, const sg_crules *r, int depth,
                             int m8, int c8, capat_fn cap, perft2_fn p2,
                             perft2_fn p2t, perft_fn p3t, perft_fn pf,
                             perft2x8_fn p2x8, perft3b_fn p3b)
{
    int me = p->side, opp = me ^ 1;
    BB own = p->bb[me], en = p->bb[opp], empty = p_empty(p);
    BB capturable = rule_capturable(r, en);
    POS c = *p;
    uint64_t total = 0;
    int ne = bb_count(empty);
    c.side = (uint8_t)opp;
    c.state = SG_ST_NORMAL;
    c.chain = 0;
    c.quiet = quiet_after(p);
    /* perft2_applies(&c) but for the other side's step: c is a live game
     * at a plain turn; the quiet limit not reached */
    int live = !quiet_over(&c, r);
    /* the count perft picks for c, or 0 for perft itself */
    perft2_fn c2 = depth != 3 ? 0 : ne <= SG_TINY2 ? p2t : p2;
    perft_fn c3 = depth > 4 || ne <= SG_TINY3 ? p3t : pf;
    BATCH b4; /* with four plies and p3b: the children's children */
    b4.n = 0;
    for (BB e = empty; bb_any(e); e = bb_pop_lsb(e)) {
        int to = bb_lsb(e);
        BB f = bb_and(adj(to, m8), own);
        if (!bb_any(f))
            continue;
        BB taken = cap(own, capturable, to, c8);
        if (!bb_any(taken)) {
            /* the other side's pieces with a step after this one's, but
             * for those next to its origin */
            BB movers = bb_and(around_e(bb_andnot(empty, bb_bit(to)), m8), en);
            for (; bb_any(f); f = bb_pop_lsb(f)) {
                int from = bb_lsb(f);
                c.bb[me] = bb_xor(own, bb_or(bb_bit(from), bb_bit(to)));
                if (!live || !(bb_any(movers) ||
                               bb_any(bb_and(adj(from, m8), en))))
                    total += pf(&c, r, depth - 1);
                else if (c2)
                    total += c2(&c, r);
                else if (depth == 4 && p3b && ne > SG_TINY3)
                    total += p3b(&c, r, &b4);
                else
                    total += c3(&c, r, depth - 1);
            }
            continue;
        }
        for (; bb_any(f); f = bb_pop_lsb(f)) {
            POS q = *p;
            if (capture_child_e(&q, r, empty, bb_lsb(f), to, taken, m8, c8,
                                cap))
                total += child_t(&q, r, m8, depth, &b4, p3b, pf);
        }
    }
    if (p3b && b4.n) /* the grandchildren left: the same side as p's */
        total += batch_flush(&c, &b4, me, r, p2, p2x8);
    return total;
}

/* Three plies or more from the middle of a chain: the pass, and the chain
 * piece's captures, made by hand. */
SG_INLINE uint64_t chain3t_t(const POS *p, const sg_crules *r, int depth,
                             int m8, int c8, capat_fn cap, perft_fn pf,
                             perft2_fn p2, perft2x8_fn p2x8, perft3b_fn p3b)
{
    int me = p->side, from = p->chain;
    BB own = p->bb[me], en = p->bb[me ^ 1], empty = p_empty(p);
    BB capturable = rule_capturable(r, en);
    POS q = *p;
    uint64_t total;
    BATCH b4; /* with four plies and p3b: the children's children */
    b4.n = 0;
    q.side = (uint8_t)(me ^ 1); /* the pass: the turn ends, captured */
    q.state = SG_ST_NORMAL;
    q.chain = 0;
    total = child_t(&q, r, m8, depth, &b4, p3b, pf);
    for (BB t = bb_and(adj(from, m8), empty); bb_any(t); t = bb_pop_lsb(t)) {
        int to = bb_lsb(t);
        BB taken = cap(own, capturable, to, c8);
        q = *p;
        if (bb_any(taken) &&
            capture_child_e(&q, r, empty, from, to, taken, m8, c8, cap))
            total += child_t(&q, r, m8, depth, &b4, p3b, pf);
    }
    if (p3b && b4.n) /* the grandchildren left: the same side as p's */
        total += batch_flush(p, &b4, me, r, p2, p2x8);
    return total;
}

#endif

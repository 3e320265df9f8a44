/*
 * Move generation for one board size (after position_impl.h): the legal
 * actions of a position under the rules, written into the caller's fixed
 * array; their count without the list (perft's last ply). No allocation.
 * perft and the random playouts build on it (fast/).
 *
 * gen_t also finds the end checks that make_t leaves to the next turn
 * (quiet limit, blocked rule), so it returns 0 exactly when the game is
 * over, whether or not the position was settled.
 */
#ifndef SG_CORE_MOVEGEN_IMPL_H
#define SG_CORE_MOVEGEN_IMPL_H

#include "core/position_impl.h"

/* Every step of `side`, appended to out; returns the new count. */
SG_INLINE int gen_steps_t(const POS *p, int side, seega_action *out, int n,
                          int m8)
{
    BB own = p->bb[side];
    DEST dest = dest_of(p_empty(p));
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++) {
        int k = dir_delta(d);
        for (BB t = step_to(own, d, dest); bb_any(t); t = bb_pop_lsb(t)) {
            int to = bb_lsb(t);
            out[n++] = SG_ACT(SEEGA_ACTION_STEP, to - k, to);
        }
    }
    return n;
}

/* The capturing steps of the chain piece, then pass. */
SG_INLINE int gen_chain_t(const POS *p, const sg_crules *r, seega_action *out,
                          int m8, int c8)
{
    int me = p->side, n = 0, from = p->chain;
    BB fb = bb_bit(from), empty = p_empty(p);
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++)
        if (step_captures(p->bb[me], p->bb[me ^ 1], fb, empty, d, r->immune,
                          c8))
            out[n++] = SG_ACT(SEEGA_ACTION_STEP, from, from + dir_delta(d));
    out[n++] = SG_ACT(SEEGA_ACTION_PASS, SG_NOSQ, SG_NOSQ);
    return n;
}

/*
 * Does the step leave the other (blocked) side a legal step, or at lose_at
 * pieces or fewer, once its captures are made? (OPPONENT_OPENS, '!')
 */
SG_INLINE int step_opens_t(const POS *p, const sg_crules *r, seega_action a,
                           int m8, int c8)
{
    int me = p->side;
    int from = SG_ACT_FROM(a), to = SG_ACT_TO(a);
    BB own = bb_xor(p->bb[me], bb_or(bb_bit(from), bb_bit(to)));
    BB enemy = bb_andnot(p->bb[me ^ 1],
                         captures_t(own, p->bb[me ^ 1], to, r->immune, c8));
    if (rule_material_lost(r, bb_count(enemy)))
        return 1;
    return bb_has_step(enemy, bb_andnot(m_full(), bb_or(own, enemy)), m8);
}

/* The squares a placement may go to. */
SG_INLINE BB place_targets(const POS *p, const sg_crules *r)
{
    BB t = bb_andnot(p_empty(p), m_centre());
    if (rule_opening_due(r, PIECES - p->hand[p->side]))
        t = bb_and(t, m_marked(p->side));
    return t;
}

/* Game over by the quiet limit, found at the start of a turn? */
SG_INLINE int quiet_over(const POS *p, const sg_crules *r)
{
    /* quiet is 0 mid-turn (chain, '*') and while placing */
    return rule_quiet_over(r, p->quiet);
}

SG_INLINE int gen_t(const POS *p, const sg_crules *r, seega_action *out,
                    int m8, int c8)
{
    int me = p->side, n = 0;
    if (p->result != SEEGA_ONGOING)
        return 0;
    if (p_placing(p)) {
        for (BB t = place_targets(p, r); bb_any(t); t = bb_pop_lsb(t))
            out[n++] = SG_ACT(SEEGA_ACTION_PLACE, SG_NOSQ, bb_lsb(t));
        return n;
    }
    if (quiet_over(p, r))
        return 0;
    switch (p->state) {
    case SG_ST_CHAIN:
        return gen_chain_t(p, r, out, m8, c8);
    case SG_ST_EXTRA: {
        /* Must open: keep the first moves that give the blocked side a
         * move, unless none does. */
        int all = gen_steps_t(p, me, out, 0, m8);
        for (int i = 0; i < all; i++)
            if (step_opens_t(p, r, out[i], m8, c8))
                out[n++] = out[i];
        return n ? n : all;
    }
    default:
        n = gen_steps_t(p, me, out, 0, m8);
        if (n || p->state == SG_ST_REMOVED)
            return n;
        /* Blocked at the start of a normal turn. */
        switch (rule_blocked(r, bb_has_step(p->bb[me ^ 1], p_empty(p), m8))) {
        case SG_BLOCKED_REMOVE:
            for (BB t = p->bb[me ^ 1]; bb_any(t); t = bb_pop_lsb(t))
                out[n++] = SG_ACT(SEEGA_ACTION_REMOVE, SG_NOSQ, bb_lsb(t));
            return n;
        case SG_BLOCKED_PASS:
            out[0] = SG_ACT(SEEGA_ACTION_PASS, SG_NOSQ, SG_NOSQ);
            return 1;
        default: /* the game is over */
            return 0;
        }
    }
}

/*
 * The hot loops below are inlined into each specialisation; the rare
 * cases they meet call these out-of-line functions (one per
 * specialisation), which keeps the code, and the compile time, small.
 */
typedef int (*gen_fn)(const POS *p, const sg_crules *r, seega_action *out);
typedef void (*make_fn)(POS *p, const sg_crules *r, seega_action a);

/* gen_t for the search and the API (the game's own direction flags). */
static SG_NOINLINE int p_gen(const POS *p, const sg_crules *r,
                             seega_action *out)
{
    return gen_t(p, r, out, r->move8, r->cap8);
}

/* The number gen_t would give, mostly without building the list. */
SG_INLINE int count_t(const POS *p, const sg_crules *r, int m8, gen_fn gen)
{
    int me = p->side, n;
    if (p->result != SEEGA_ONGOING)
        return 0;
    if (p_placing(p))
        return bb_count(place_targets(p, r));
    if (quiet_over(p, r))
        return 0;
    switch (p->state) {
    case SG_ST_NORMAL:
        n = bb_count_steps(p->bb[me], p_empty(p), m8);
        if (n)
            return n;
        switch (rule_blocked(r, bb_has_step(p->bb[me ^ 1], p_empty(p), m8))) {
        case SG_BLOCKED_REMOVE: return bb_count(p->bb[me ^ 1]);
        case SG_BLOCKED_PASS: return 1;
        default: return 0;
        }
    case SG_ST_REMOVED:
        return bb_count_steps(p->bb[me], p_empty(p), m8);
    default: {
        seega_action list[SEEGA_MAX_ACTIONS];
        return gen(p, r, list);
    }
    }
}

#endif

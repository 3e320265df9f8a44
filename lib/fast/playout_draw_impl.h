/*
 * Random draws for the playouts: a uniformly random step without a list,
 * a random legal action (pick_t, which the playouts use for every action
 * a run of plain turns does not play), and the bookkeeping of those runs.
 */
#ifndef SG_FAST_PLAYOUT_DRAW_IMPL_H
#define SG_FAST_PLAYOUT_DRAW_IMPL_H

#include "fast/rng_impl.h"
#include "fast/forms_impl.h"


/*
 * The i-th (from 0) set bit of a word: pdep in the BMI2 variant, a short
 * loop otherwise (the sets here hold a few bits).
 */
SG_INLINE int sel64_base(uint64_t x, int i)
{
    while (i--)
        x &= x - 1;
    return sg_ctz64(x);
}
#if SG_DISPATCH
#include <immintrin.h>
static inline __attribute__((always_inline, target("popcnt,bmi,bmi2"))) int
sel64_fast(uint64_t x, int i)
{
    return (int)__builtin_ctzll(sg_pdep64((uint64_t)1 << i, x));
}
#else
#define sel64_fast sel64_base
#endif

typedef int (*sel64_fn)(uint64_t x, int i);

/* The i-th square of b, ascending. */
SG_INLINE int bb_select(BB b, int i, sel64_fn sel)
{
    uint64_t lo = bb_word(b, 0);
    int c;
    if (SQ <= 64)
        return sel(lo, i);
    c = sg_popcount64(lo);
    return i < c ? sel(lo, i) : 64 + sel(bb_word(b, 1), i - c);
}

/* The direction of the i-th step, before[d] being the steps of the
 * directions before d: without a branch on i (it is a random draw, so a
 * branch on it would be mispredicted often). */
SG_INLINE int draw_dir(int i, const int *before, int m8)
{
    int d = 0;
    SG_UNROLL
    for (int j = 1; j < ndirs(m8); j++)
        d += i >= before[j];
    return d;
}

/*
 * The steps of `own` into the empty squares of `dest`: t[d] their targets
 * in direction d, before[d] how many the directions before d have; returns
 * how many in all.
 */
SG_INLINE int steps_t(BB own, DEST dest, int m8, BB t[8], int before[8])
{
    int total = 0;
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++) {
        t[d] = step_to(own, d, dest);
        before[d] = total;
        total += bb_count(t[d]);
    }
    return total;
}

/* The i-th of those steps, as (from, to), without a branch on i. */
SG_INLINE void step_at_t(const BB t[8], const int before[8], int i, int m8,
                         sel64_fn sel, int *from, int *to)
{
    int d = draw_dir(i, before, m8);
    *to = bb_select(t[d], i - before[d], sel);
    *from = *to - dir_delta(d);
}

/*
 * A uniformly random step of `own` into the empty squares of `dest`, as
 * (from, to); n receives the number of steps (0: none, nothing drawn).
 */
SG_INLINE void draw_step_t(BB own, DEST dest, sg_rng *rng, int m8,
                           sel64_fn sel, int *n, int *from, int *to)
{
    BB t[8];
    int before[8];
    *n = steps_t(own, dest, m8, t, before);
    if (*n)
        step_at_t(t, before, (int)rng_below(rng, (uint32_t)*n), m8, sel, from,
                  to);
}

/*
 * A uniformly random legal action once the placing is over (the playouts
 * place with place_run_t), or 0 when the game is over. Plain steps are
 * drawn without building the list (draw_step_t).
 */
SG_INLINE seega_action pick_t(const POS *p, const sg_crules *r, sg_rng *rng,
                              seega_action *list, int m8, sel64_fn sel,
                              gen_fn gen)
{
    int n = 0, from = 0, to = 0;
    if (p->result != SEEGA_ONGOING || quiet_over(p, r))
        return 0;
    if (p->state == SG_ST_NORMAL || p->state == SG_ST_REMOVED) {
        draw_step_t(p->bb[p->side], dest_of(p_empty(p)), rng, m8, sel, &n,
                    &from, &to);
        if (n)
            return SG_ACT(SEEGA_ACTION_STEP, from, to);
    }
    n = gen(p, r, list); /* chains, '!', a blocked side */
    return n ? list[rng_below(rng, (uint32_t)n)] : 0;
}

/*
 * Runs of plain turns (state '-', moving phase, game going) from p, with
 * both sides' pieces in registers: a step moves, takes what it captures,
 * counts the turn and hands over. Stops at the quiet limit, at
 * max_actions (*played counts the actions), at a blocked side, and before
 * a step whose captures end the game or may go on as a chain: that step
 * is returned (p written back first) for make to play; 0 otherwise. A
 * run may stop sooner with 0 (one turn before its stop, and before a
 * draw Lemire's method may reject), as pick_t then plays the same turn
 * with the same draw. cap (of type runcap_fn, named by SG_RUNCAP) finds
 * a step's captures: on 5x5, which has its own runs in a padded layout
 * (playout_runs5_impl.h), its capture function there; on 9x9, which has
 * its own runs in two one-word windows (playout_runs_impl.h), cap_w9; on
 * 7x7, cap_at.
 */

/* The action count at which a run of plain turns stops: max_actions, or
 * where the quiet counter k - qb reaches the limit (k: the count now; qb
 * moves to k when something is captured). */
SG_INLINE uint32_t run_stop(uint32_t k, uint32_t qb, int32_t limit,
                            uint32_t max_actions)
{
    uint32_t quiet = k - qb, room = 0;
    if (quiet < (uint32_t)limit)
        room = (uint32_t)limit - quiet;
    return room < max_actions - k ? k + room : max_actions;
}

/* The end of a run (7x7, 9x9) that began at action count k0 with p's side
 * to move: own, the pieces of the side to move now (p's side if k - k0
 * is even), en the other's; the quiet counter k - qb. */
SG_INLINE void run_end(POS *p, BB own, BB en, uint32_t k0, uint32_t k,
                       uint32_t qb, uint32_t *played)
{
    int me = p->side ^ (int)((k - k0) & 1);
    p->bb[me] = own;
    p->bb[me ^ 1] = en;
    p->side = (uint8_t)me;
    p->quiet = (int32_t)(k - qb);
    *played = k;
}

#endif

/*
 * Random playouts for one board size: the placing, runs of plain turns
 * (playout_runs_impl.h) and everything else through the canonical
 * generation and make; two games at once.
 */
#ifndef SG_FAST_PLAYOUT_IMPL_H
#define SG_FAST_PLAYOUT_IMPL_H

#include "fast/perft_impl.h" /* gen_* and make_*, the canonical steps */
#include "fast/playout_runs_impl.h"


/*
 * The placing from p (game going) up to max_actions (*played counts the
 * actions), as pick_t and make play it, without the call to make.
 */
SG_INLINE void place_run_t(POS *p, const sg_crules *r, sg_rng *rng,
                           uint32_t max_actions, uint32_t *played,
                           sel64_fn sel)
{
    uint32_t k = *played;
    /* the targets found placement by placement: on 5x5 only while, with
     * the opening squares, a side has yet to put its first two down */
    for (; p_placing(p) && k < max_actions &&
           (N != 5 || rule_opening_due(r, PIECES - p->hand[0]) ||
            rule_opening_due(r, PIECES - p->hand[1]));
         k++) {
        BB t = place_targets(p, r);
        int i = (int)rng_below(rng, (uint32_t)bb_count(t));
        place_t(p, r, bb_select(t, i, sel), 0);
    }
#if N == 5
    /* then they are the empty squares but the centre: kept in a register,
     * each placement takes its square out (no captures while placing) */
    BB t = place_targets(p, r);
    for (; p_placing(p) && k < max_actions; k++) {
        int sq = bb_select(t, (int)rng_below(rng, (uint32_t)bb_count(t)), sel);
        t = bb_xor(t, bb_bit(sq));
        place_t(p, r, sq, 0);
    }
#endif
    *played = k;
}

/*
 * Random playouts. The placing goes through place_run_t, runs of plain
 * turns through run_plain_t; anything else (a capture that ends the game
 * or may go on as a chain, the quiet limit, a blocked side, chains, '!',
 * '*') through pick_t and make.
 *
 * playout_on_t goes on from where a run of p stopped (a: the step it
 * stopped before, for make, or 0) up to the next run (returns 1: p at a
 * plain turn of the moving phase, game going) or the end of the playout
 * (returns 0; *live: 1 if the game is still going, at max_actions);
 * *played counts the actions.
 */
/* The placing from p if it is placing (place_run_t); then 1 if p is at a
 * run (a plain turn of the moving phase, the game going). */
SG_INLINE int placed_at_run_t(POS *p, const sg_crules *r, sg_rng *rng,
                              uint32_t max_actions, uint32_t *played,
                              sel64_fn sel)
{
    if (p_placing(p) && p->result == SEEGA_ONGOING)
        place_run_t(p, r, rng, max_actions, played, sel);
    return p->state == SG_ST_NORMAL && p->result == SEEGA_ONGOING &&
           !p_placing(p);
}

SG_INLINE int playout_on_t(POS *p, const sg_crules *r, sg_rng *rng,
                           uint32_t max_actions, uint32_t *played,
                           seega_action *list, seega_action a, int m8,
                           sel64_fn sel, gen_fn gen, make_fn make, int *live)
{
    for (;;) {
        if (!a) {
            if (*played == max_actions) {
                *live = count_t(p, r, m8, gen) > 0;
                return 0;
            }
            a = pick_t(p, r, rng, list, m8, sel, gen);
            if (!a) {
                *live = 0;
                return 0;
            }
        }
        make(p, r, a);
        ++*played;
        a = 0;
        if (placed_at_run_t(p, r, rng, max_actions, played, sel))
            return 1;
    }
}

/* A playout's start: p, the position to play from, and its generator
 * seeded for playout number i; then as playout_on_t, from the start. */
SG_INLINE int playout_begin_t(POS *p, const POS *start, const sg_crules *r,
                              sg_rng *rng, uint64_t seed, uint32_t i,
                              uint32_t max_actions, uint32_t *played,
                              seega_action *list, int m8, sel64_fn sel,
                              gen_fn gen, make_fn make, int *live)
{
    rng_seed(rng, seed, i);
    *p = *start;
    *played = 0;
    if (placed_at_run_t(p, r, rng, max_actions, played, sel))
        return 1;
    return playout_on_t(p, r, rng, max_actions, played, list, 0, m8, sel, gen,
                        make, live);
}

/* A playout that ended at p after `played` actions, counted into out: x
 * wins, o wins, draws, unfinished (live), actions. */
SG_INLINE void playout_count(POS *p, const sg_crules *r, uint32_t played,
                             int live, uint64_t out[5])
{
    out[4] += played;
    if (live) {
        out[3]++;
        return;
    }
    if (p_at_turn_start(p))
        p_turn_start(p, r);
    out[p->result == SEEGA_X_WINS   ? 0
        : p->result == SEEGA_O_WINS ? 1
                                    : 2]++;
}

/* The rest of a playout at p, at a run (state '-', moving phase, game
 * going), one run at a time, counted into out. */
SG_INLINE void playout_end_t(POS *p, const sg_crules *r, sg_rng *rng,
                             uint32_t max_actions, uint32_t played,
                             seega_action *list, uint64_t out[5], int m8,
                             int c8, sel64_fn sel, runcap_fn cap, gen_fn gen,
                             make_fn make)
{
    int live;
    seega_action a;
    sg_rng g = *rng; /* kept in registers */
    do
        a = run_plain_t(p, r, &g, max_actions, &played, m8, c8, sel, cap);
    while (playout_on_t(p, r, &g, max_actions, &played, list, a, m8, sel,
                        gen, make, &live));
    *rng = g;
    playout_count(p, r, played, live, out);
}

/* The next of the `count` playouts from start (*i: how many began) that
 * reaches a run, begun at p (1), those that end before one counted into
 * out; 0 when none is left. */
SG_INLINE int playout_next_t(POS *p, sg_rng *rng, uint32_t *played,
                             const POS *start, const sg_crules *r,
                             uint64_t seed, uint32_t *i, uint32_t count,
                             uint32_t max_actions, seega_action *list,
                             uint64_t out[5], int m8, sel64_fn sel,
                             gen_fn gen, make_fn make)
{
    int live;
    while (*i < count) {
        if (playout_begin_t(p, start, r, rng, seed, (*i)++, max_actions,
                            played, list, m8, sel, gen, make, &live))
            return 1;
        playout_count(p, r, *played, live, out);
    }
    return 0;
}

/*
 * `count` playouts from start, counted into out. Each has a generator of
 * its own (seeded from the seed and its number), so they may go in any
 * order. Two go at once: their runs in one loop (dual_t) whose turns
 * alternate between the two games, so the processor overlaps them (a
 * turn waits on the draw and the step of the turn before it of its own
 * game only); when one run stops, that game goes on alone to its next
 * run, or to its end and the next playout takes its place. The gain is
 * smallest on 9x9, where two games' windows do not fit the registers
 * (docs/performance.md, "Playouts").
 */
SG_INLINE void playouts_t(const POS *start, const sg_crules *r, uint64_t seed,
                          uint32_t count, uint32_t max_actions,
                          uint64_t out[5], seega_action *list, int m8, int c8,
                          sel64_fn sel, runcap_fn cap, gen_fn gen,
                          make_fn make)
{
    POS p[2];
    sg_rng s[2];
    uint32_t k[2], i = 0;
#define SG_NEXT(j)                                                             \
    playout_next_t(&p[j], &s[j], &k[j], start, r, seed, &i, count,             \
                   max_actions, list, out, m8, sel, gen, make)
    int live, on[2];
    on[0] = SG_NEXT(0);
    on[1] = on[0] && SG_NEXT(1);
    while (on[0] && on[1]) {
        seega_action a;
        int j = dual_t(&p[0], &p[1], r, &s[0], &s[1], max_actions, &k[0],
                       &k[1], &a, m8, c8, sel, cap);
        if (playout_on_t(&p[j], r, &s[j], max_actions, &k[j], list, a, m8,
                         sel, gen, make, &live))
            continue;
        playout_count(&p[j], r, k[j], live, out);
        on[j] = SG_NEXT(j);
    }
    for (int j = 0; j < 2; j++) /* the last one, alone */
        if (on[j])
            playout_end_t(&p[j], r, &s[j], max_actions, k[j], list, out, m8,
                          c8, sel, cap, gen, make);
#undef SG_NEXT
}

/* out: x wins, o wins, draws, unfinished, actions. */
#define SG_DEFINE_PLAYOUTS(M8, C8, V, ATTR)                                    \
    static ATTR void playouts_##M8##C8##V(                                     \
        const POS *start, const sg_crules *r, uint64_t seed, uint32_t count,   \
        uint32_t max_actions, uint64_t out[5])                                 \
    {                                                                          \
        seega_action list[SEEGA_MAX_ACTIONS];                                  \
        playouts_t(start, r, seed, count, max_actions, out, list, M8, C8,      \
                   sel64##V, SG_RUNCAP(V), gen_##M8##C8##V,                    \
                   make_##M8##C8##V);                                          \
    }
#if SG_DISPATCH
#define SG_DEFINE_PLAYOUTSS(M8, C8)                                            \
    SG_DEFINE_PLAYOUTS(M8, C8, _base, )                                        \
    SG_DEFINE_PLAYOUTS(M8, C8, _fast, SG_TARGET_FAST)
#else
#define SG_DEFINE_PLAYOUTSS(M8, C8) SG_DEFINE_PLAYOUTS(M8, C8, _base, )
#define playouts_00_fast playouts_00_base
#define playouts_01_fast playouts_01_base
#define playouts_10_fast playouts_10_base
#define playouts_11_fast playouts_11_base
#endif
SG_DEFINE_PLAYOUTSS(0, 0)
SG_DEFINE_PLAYOUTSS(0, 1)
SG_DEFINE_PLAYOUTSS(1, 0)
SG_DEFINE_PLAYOUTSS(1, 1)

static void p_playouts(const POS *p, const sg_crules *r, uint64_t seed,
                       uint32_t count, uint32_t max_actions, uint64_t out[5])
{
    int fast = sg_cpu_fast();
    switch (r->move8 * 2 + r->cap8) {
    case 0:
        (fast ? playouts_00_fast : playouts_00_base)(p, r, seed, count,
                                                     max_actions, out);
        break;
    case 1:
        (fast ? playouts_01_fast : playouts_01_base)(p, r, seed, count,
                                                     max_actions, out);
        break;
    case 2:
        (fast ? playouts_10_fast : playouts_10_base)(p, r, seed, count,
                                                     max_actions, out);
        break;
    default:
        (fast ? playouts_11_fast : playouts_11_base)(p, r, seed, count,
                                                     max_actions, out);
        break;
    }
}

#endif

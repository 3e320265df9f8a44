/*
 * perft's last two plies on a crowded 9x9 board, in one-word windows
 * (perft2w_t): perft2 uses it on 9x9 in four move directions with at most
 * SG_CROWDED empty squares (SG_PERFT2E), where perft_bulk's perft2e_t
 * would work on two words.
 */
#ifndef SG_FAST_PERFT_WINDOW9_IMPL_H
#define SG_FAST_PERFT_WINDOW9_IMPL_H

#include "fast/perft_bulk_impl.h"

#if N == 9
/*
 * perft2e_t on 9x9 in one word (four move directions): perft2e_t's
 * operations over the whole board cost two words each, and the setup
 * (the capture squares, the sliced enemy counts: shifts across the two
 * words) is most of a call on a crowded board. Everything the count of
 * the steps into an empty square `to` looks at lies within three ranks of
 * it (the pieces stepping in, one rank away; their enemy neighbours, two;
 * the far side of a sandwich, two), so it is done in the 7-rank word of
 * chain_targets (w9): the window of the rank of `to` (W9_RANKS), where
 * `to` is square u = to - s; each of the three windows' own, enemy and
 * capturable pieces is made once per call, and its empty squares are
 * taken in turn. The tables below are in
 * window coordinates (rank 0-6, file 0-8, square 9 rank + file): a square
 * off the window's seven ranks counts as off the board, which it is or
 * which lies farther from `to` than the count looks.
 */
/* The squares whose window is window i (first square 9 i, as
 * chain_targets' `first`: ranks 0-3 window 0, rank 4 window 1, ranks 5-8
 * window 2), in window i: its ranks 0-3, 3, and 3-6. */
#define W9_RANKS(i)                                                            \
    ((i) == 0 ? ((uint64_t)1 << 36) - 1                                         \
     : (i) == 1 ? (((uint64_t)1 << 36) - 1) & ~(((uint64_t)1 << 27) - 1)       \
                : (((uint64_t)1 << 63) - 1) & ~(((uint64_t)1 << 27) - 1))



/*
 * capture_replies_t in a window (perft2w_t): the replies to a step from
 * fu to tu (window squares; s the window's first square) of the side with
 * the window's pieces o, taking tw of the other side's pieces e (k: its
 * capturable ones). base: the other side's steps before the step. On a
 * board this crowded each side has more pieces than a capture takes plus
 * lose_at, so the step never wins. The other side's steps after it
 * are counted around the changed squares, as capture_replies_t does in
 * eight directions: with T = tw,
 *   pairs(empty2, en2) = base - pairs(empty, T) - pairs({tu}, en2)
 *                        + pairs({fu}, en2) + pairs(T, en2).
 */
/* the fewest pieces a side has with SG_CROWDED empty squares, less the
 * most one capture takes (eight), is more than lose_at (at most 1) */
_Static_assert(SQ - SG_CROWDED - PIECES - 8 > 1, "a crowded capture wins");

SG_INLINE uint64_t capture_replies_w(const POS *p, const sg_crules *r, int c8,
                                     after_fn after, uint64_t o,
                                     uint64_t e, uint64_t k, uint64_t tw,
                                     int fu, int tu, int s, int base)
{
    uint64_t fb = (uint64_t)1 << fu, tb = (uint64_t)1 << tu;
    uint64_t e2 = e & ~tw, empty = ~(o | e);
    int n;
    /* no capture wins here: see the _Static_assert above */
    /* the chain: the capture squares of the pieces after the step (as
     * chain_targets) next to tu and empty after it */
    if (RULE_CHAIN_GOES_ON(
            r, (n = sg_popcount64(
                    w9_capture_squares(o ^ fb ^ tb, k & ~tw, c8) &
                    W9_ADJ4[tu] & ((empty | fb | tw) & ~tb)))))
        return (uint64_t)n + 1; /* the chain goes on, or passes */
    n = base - sg_popcount64(W9_ADJ4[tu] & e2) +
        sg_popcount64(W9_ADJ4[fu] & e2);
    for (uint64_t t = tw; t; t &= t - 1) {
        uint64_t nb = W9_ADJ4[sg_ctz64(t)];
        n += sg_popcount64(nb & e2) - sg_popcount64(nb & empty);
    }
    return n ? (uint64_t)n
             : after_en(p, p->bb[p->side ^ 1], r, after, fu + s, tu + s);
}

SG_INLINE uint64_t perft2w_t(const POS *p, const sg_crules *r, int c8,
                             after_fn after, capw_fn cap)
{
    int me = p->side, opp = me ^ 1;
    BB own = p->bb[me], en = p->bb[opp], empty = p_empty(p);
    BB capturable = rule_capturable(r, en);
    int32_t quiet = quiet_after(p);
    int over = rule_quiet_over(r, quiet);
    uint64_t ow[3], ew[3], kw[3];
    SG_UNROLL
    for (int i = 0; i < 3; i++) {
        ow[i] = w9(own, 9 * i);
        ew[i] = w9(en, 9 * i);
        kw[i] = w9(capturable, 9 * i);
    }
    uint64_t total = 0, nq = 0, oa = 0, gain = 0;
    int base = 0, nc = 0;
    /* the empty squares where a step captures, counted after the loop,
     * once base is known: the square, its window, what a step there
     * takes and the pieces that step there */
    struct {
        uint64_t tw, f;
        uint8_t u, i;
    } c[SG_CROWDED];
    BB caps = BB_ZERO;
    SG_UNROLL
    for (int i = 0; i < 3; i++) {
        /* the empty squares of the ranks of window i (W9_RANKS) */
        uint64_t o = ow[i], en_w = ew[i], k = kw[i];
        for (uint64_t e = ~(o | en_w) & W9_RANKS(i); e; e &= e - 1) {
            int u = sg_ctz64(e);
            uint64_t nb = W9_ADJ4[u], f = nb & o;
            int ae = sg_popcount64(nb & en_w);
            base += ae;
            if (!f)
                continue;
            uint64_t tw = cap(o, k, u, c8);
            if (tw) {
                c[nc].tw = tw;
                c[nc].f = f;
                c[nc].u = (uint8_t)u;
                c[nc++].i = (uint8_t)i;
                caps = bb_or(caps, bb_bit(u + 9 * i));
                continue;
            }
            int no = sg_popcount64(f);
            nq += (uint64_t)no;
            oa += (uint64_t)(no * ae);
            /* the enemy neighbours of the pieces of f, a direction at a
             * time (no loop over f, whose length is hard to predict) */
            gain += (uint64_t)(sg_popcount64(w9_sh(f, D_N) & en_w) +
                               sg_popcount64(w9_sh(f, D_S) & en_w) +
                               sg_popcount64(w9_sh(f, D_E) & en_w) +
                               sg_popcount64(w9_sh(f, D_W) & en_w));
        }
    }
    for (int j = 0; j < nc; j++) {
        int i = c[j].i;
        for (uint64_t f = c[j].f; f; f &= f - 1)
            total += capture_replies_w(p, r, c8, after, ow[i], ew[i], kw[i],
                                       c[j].tw, sg_ctz64(f), c[j].u, 9 * i,
                                       base);
    }
    if (over) /* the quiet steps' replies would be after the quiet limit */
        return total;
    total += nq * (uint64_t)base + gain - oa;
    if (base <= ndirs(0))
        total += blocked_replies_t(p, r, 0, after, base, own, en,
                                   bb_andnot(empty, caps));
    return total;
}
#define SG_PERFT2E(p, r, M8, C8, V)                                            \
    ((M8) ? perft2e_t(p, r, M8, C8, after_##M8##C8##V)                         \
          : perft2w_t(p, r, C8, after_##M8##C8##V, cap_w9##V))
#else
#define SG_PERFT2E(p, r, M8, C8, V) perft2e_t(p, r, M8, C8, after_##M8##C8##V)
#endif

#endif

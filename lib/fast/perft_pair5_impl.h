/*
 * Two 5x5 positions' last two plies in one word (perft2x2_t): perft3_t
 * pairs its quiet children with it on 5x5 three plies from the end when
 * perft2x8 (AVX2) is not there (the _base and _fast variants).
 */
#ifndef SG_FAST_PERFT_PAIR5_IMPL_H
#define SG_FAST_PERFT_PAIR5_IMPL_H

#include "fast/perft_bulk_impl.h"

#if N == 5
/*
 * Two 5x5 positions' last two plies at once. The children of a position
 * by two steps that capture nothing differ only in the mover's pieces, so
 * their sets fit one word, the second shifted up 32 bits: the 7 bits
 * between the two boards catch whatever a step of at most 6 bits carries
 * over the first board's edge, and the shifts are masked on both boards.
 * The sums of perft2_t then count both positions with each popcount; the
 * steps' counts are kept apart where they multiply (nq * base), so the
 * setup and the popcounts are shared by the two. 7x7 and 9x9 boards do
 * not fit twice in a word.
 */
#define PK(m) ((BB)(m) * (BB)0x100000001u) /* a mask on both boards */
#define PK_HI 32
/* a step (at most N + 1 bits) off either board stays off both */
_Static_assert(sizeof(BB) == 8 && SQ + N < PK_HI && PK_HI + SQ + N < 64,
               "two boards in a word");

/* sh on both boards */
SG_INLINE BB psh(BB b, int d)
{
    int k = dir_delta(d);
    b = bb_and(b, PK(dir_src(d)));
    return k > 0 ? BB_(shl)(b, k) : BB_(shr)(b, -k);
}

/*
 * t: a position where perft2 applies (the other side, whose pieces are
 * en1 / en2 in the two positions, just stepped without capturing); the
 * two positions are t with those pieces. perft2 on each, summed.
 */
SG_INLINE uint64_t perft2x2_t(const POS *t, BB en1, BB en2,
                              const sg_crules *r, int m8, int c8,
                              after_fn after, perft2_fn p2)
{
    int me = t->side, opp = me ^ 1;
    BB own = t->bb[me];
    BB OWN = bb_or(own, BB_(shl)(own, PK_HI));
    BB EN = bb_or(en1, BB_(shl)(en2, PK_HI));
    BB EMPTY = bb_andnot(PK(m_full()), bb_or(OWN, EN));
    DEST dest;
    dest.e = EMPTY;
    dest.ea = bb_andnot(EMPTY, PK(m_file_a()));
    dest.ez = bb_andnot(EMPTY, PK(m_file_z()));
    int32_t quiet = quiet_after(t);
    int base1 = 0, base2 = 0;
    BB ts[8];
    /* in eight directions, with at most 8 empty squares on the two
     * boards, perft2 twice (square by square) costs less than the pair;
     * in four the pair costs less however crowded */
    if (rule_quiet_over(r, quiet) ||
        (m8 && bb_count(EMPTY) <= 8)) {
        POS q = *t;
        uint64_t n;
        q.bb[opp] = en1;
        n = p2(&q, r);
        q.bb[opp] = en2;
        return n + p2(&q, r);
    }
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++) {
        BB st = step_to(EN, d, dest);
        base1 += bb_count(bb_and(st, m_full()));
        base2 += bb_count(BB_(shr)(st, PK_HI));
        ts[d] = step_to(OWN, d, dest);
    }
    /* a board whose quiet steps might leave the other side no step counts
     * them one by one, as perft2_t does: here in eight directions, through
     * perft2 in four (perft2_t, or perft2e_t on a crowded board, which
     * finds those steps exactly and so costs less) */
    int slow1 = base1 <= ndirs(m8), slow2 = base2 <= ndirs(m8);
    if (m8 ? slow1 && slow2 : slow1 || slow2) {
        POS q = *t;
        uint64_t n;
        q.bb[opp] = en1;
        n = p2(&q, r);
        q.bb[opp] = en2;
        return n + p2(&q, r);
    }
    BB bulk = bb_or(slow1 ? BB_ZERO : m_full(),
                    slow2 ? BB_ZERO : BB_(shl)(m_full(), PK_HI));
    BB capturable = bb_and(EN, PK(rule_capturable(r, m_full())));
    BB k8[8], x = BB_ZERO;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++) {
        k8[c] = RULE_SANDWICHED(psh, bb_and, capturable, OWN, c);
        x = bb_or(x, psh(k8[c], c ^ 1));
    }
    BB a[4] = {BB_ZERO, BB_ZERO, BB_ZERO, BB_ZERO};
    SLICE_ADJ(a, EN, m8, psh);
    int a8 = m8 && bb_any(a[3]);
    uint64_t total = 0, nq = 0, nq2 = 0, gain = 0, loss = 0;
    BB reach = ts[0];
    SG_UNROLL
    for (int d = 1; d < ndirs(m8); d++)
        reach = bb_or(reach, ts[d]);
    for (BB c = bb_and(reach, x); bb_any(c); c = bb_pop_lsb(c)) {
        int at = bb_lsb(c), hi = at >= PK_HI, to = at - hi * PK_HI;
        BB taken = BB_ZERO, tb = bb_bit(at);
        SG_UNROLL
        for (int e = 0; e < ndirs(c8); e++)
            taken = bb_or(taken, bb_and(psh(tb, e), k8[e]));
        taken = BB_(shr)(taken, hi * PK_HI);
        for (BB f = bb_and(adj(to, m8), own); bb_any(f); f = bb_pop_lsb(f))
            total += capture_replies_t(t, r, m8, c8, after, own,
                                       hi ? en2 : en1, bb_lsb(f), to, taken,
                                       -1);
    }
    if (m8 && (slow1 || slow2)) {
        for (int d = 0; d < ndirs(m8); d++) {
            int k = dir_delta(d);
            BB u = bb_andnot(bb_andnot(ts[d], x), bulk);
            for (; bb_any(u); u = bb_pop_lsb(u)) {
                int at = bb_lsb(u), hi = at >= PK_HI, to = at - hi * PK_HI;
                total += quiet_replies_t(t, r, m8, after, hi ? base2 : base1,
                                         hi ? en2 : en1, to - k, to);
            }
        }
    }
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++) {
        int k = dir_delta(d);
        BB tq = bb_and(bb_andnot(ts[d], x), bulk);
        BB from = k > 0 ? BB_(shr)(tq, k) : BB_(shl)(tq, -k);
        nq += (uint64_t)bb_count(tq);
        nq2 += (uint64_t)bb_count(BB_(shr)(tq, PK_HI));
        gain += sliced_sum(from, a, a8);
        loss += sliced_sum(tq, a, a8);
    }
    return total + (nq - nq2) * (uint64_t)base1 + nq2 * (uint64_t)base2 +
           gain - loss;
}
#endif

#endif

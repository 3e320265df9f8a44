/*
 * perft for one board size: the driver (perft_##M8##C8##V, p_perft) that
 * picks, node by node, the count of the fast paths below it (perft_bulk,
 * perft_window9, perft_tiny, perft_pair5, perft_batch8) by depth, state
 * and the number of empty squares, and perft3_t, which makes the steps of
 * a node three plies or more from the end by hand; one specialisation per
 * direction rule and instruction set.
 */
#ifndef SG_FAST_PERFT_IMPL_H
#define SG_FAST_PERFT_IMPL_H

#include "fast/perft_bulk_impl.h"
#include "fast/perft_window9_impl.h"
#include "fast/perft_tiny_impl.h"
#include "fast/perft_pair5_impl.h"



#if N == 5 && SG_DISPATCH && defined(__x86_64__) && !defined(SEEGA_NO_WIDE)
#include "fast/perft_batch8_impl.h"
#else
#define SG_WIDE 0
#endif

typedef uint64_t (*perft2x2_fn)(const POS *t, BB en1, BB en2,
                                const sg_crules *r);

/*
 * Three plies or more from a position where perft2_applies: a step that
 * captures nothing is made by hand (the pieces, the side, the state, the
 * quiet counter: what make_t does to it, but the hash, which perft does
 * not keep), without a list; with three plies, perft2 counts the two
 * after it, or with p2x2 (5x5) perft2x2 for two such children at once,
 * or with p2x8 (5x5, AVX2) perft2x8 for up to eight (a last batch of
 * SG_BATCH_SCALAR_MAX or fewer goes to perft2 child by child). A capture is
 * made by hand too, its captures from capture_squares_k's masks and its
 * chain test chain_after's (in one word on 9x9), and with p2x8 and three
 * plies one after which the turn passes joins the batch; its child goes
 * through perft. So does a child where perft2 does not apply (the other
 * side blocked, the quiet limit). (make_t would find the captures and
 * run the chain test over the whole board, and keep the hash.)
 *
 * ext: with three plies, the batch of the caller (perft3b) that the
 * children join, counted by the caller: with p3b, four plies count each
 * child where perft would use this function through p3b, into one batch
 * for all of them, so a node with few children fills whole batches.
 */
SG_INLINE uint64_t perft3_t(const POS *p, const sg_crules *r, int depth,
                            int m8, int c8, perft2_fn p2, perft2x2_fn p2x2,
                            perft2x8_fn p2x8, perft_fn pf, BATCH *ext,
                            perft3b_fn p3b)
{
    int me = p->side, opp = me ^ 1;
    BB own = p->bb[me], en = p->bb[opp], empty = p_empty(p);
    DEST dest = dest_of(empty);
    BB capturable = rule_capturable(r, en);
    BB k8[8];
    BB x = capture_squares_k(own, capturable, c8, k8);
    POS c = *p;
    uint64_t total = 0;
    BB held = BB_ZERO; /* with p2x2: a child waiting for its pair */
    int holding = 0;
    BATCH b; /* with p2x8: children waiting for their batch */
    BATCH *bp = ext ? ext : &b; /* the batch they join */
    BATCH b4; /* with p3b: the grandchildren waiting for theirs */
    b.n = 0;
    b4.n = 0;
    c.side = (uint8_t)opp;
    c.state = SG_ST_NORMAL;
    c.chain = 0;
    c.quiet = quiet_after(p);
    /* perft2_applies(&c) but for the other side's step: c is a live game
     * at a plain turn; with three plies, the quiet limit not reached */
    int two = depth == 3 && !quiet_over(&c, r);
    /* with four plies and p3b, the same for the children that perft
     * would count with perft3_t (more than SG_TINY3 empty squares): p3b
     * counts them into b4 */
    int four = p3b && depth == 4 && !quiet_over(&c, r) &&
               bb_count(empty) > SG_TINY3;
    /* the squares the other side steps to (a child's, but the target
     * filled and the origin freed) */
    BB es = BB_ZERO;
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++)
        es = bb_or(es, step_to(en, d, dest));
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++) {
        int k = dir_delta(d);
        for (BB t = step_to(own, d, dest); bb_any(t); t = bb_pop_lsb(t)) {
            int to = bb_lsb(t), from = to - k;
            if (!bb_test(x, to)) {
                c.bb[me] = bb_xor(own, bb_or(bb_bit(from), bb_bit(to)));
                if (!(two || four) ||
                    !(bb_any(bb_andnot(es, bb_bit(to))) ||
                      bb_any(bb_and(adj(from, m8), en)))) {
                    total += pf(&c, r, depth - 1);
                } else if (four) {
                    total += p3b(&c, r, &b4);
                } else if (p2x8) {
                    bp->own[bp->n] = en;
                    bp->en[bp->n] = c.bb[me];
                    bp->quiet[bp->n] = c.quiet;
                    if (++bp->n == 8) {
                        total += p2x8(&c, bp, r);
                        bp->n = 0;
                    }
                } else if (!p2x2) {
                    total += p2(&c, r);
                } else if (holding) {
                    total += p2x2(&c, held, c.bb[me], r);
                    holding = 0;
                } else {
                    held = c.bb[me];
                    holding = 1;
                }
                continue;
            }
            /* a capture is made by hand too (capture_child); one that
             * wins has nothing below it to count (two plies or more are
             * left); with p2x8 and three plies, one after which the turn
             * passes and the other side has a step joins the batch */
            BB own2 = bb_xor(own, bb_or(bb_bit(from), bb_bit(to)));
            BB en2 = bb_andnot(en, arrival_captures(bb_bit(to), k8, c8));
            if (rule_material_lost(r, bb_count(en2)))
                continue;
            int chain =
                RULE_CHAIN_GOES_ON(r, chain_after(r, own2, en2, to, m8, c8));
            if (!chain && p2x8 && depth == 3 &&
                bb_has_step(en2, bb_andnot(m_full(), bb_or(own2, en2)), m8)) {
                bp->own[bp->n] = en2;
                bp->en[bp->n] = own2;
                bp->quiet[bp->n] = rule_quiet_reset();
                if (++bp->n == 8) {
                    total += p2x8(&c, bp, r);
                    bp->n = 0;
                }
                continue;
            }
            POS q = *p;
            capture_child(&q, me, own2, en2, to, chain);
            total += child_t(&q, r, m8, depth, &b4, p3b, pf);
        }
    }
    if (p3b && b4.n) /* the grandchildren left: the same side as p's */
        total += batch_flush(&c, &b4, me, r, p2, p2x8);
    if (holding) {
        c.bb[me] = held;
        total += p2(&c, r);
    }
    if (ext) /* the caller's batch: it counts what is left */
        return total;
    if (b.n > SG_BATCH_SCALAR_MAX) {
        total += p2x8(&c, &b, r);
    } else {
        for (int i = 0; i < b.n; i++) {
            batch_lane(&c, &b, i);
            total += p2(&c, r);
        }
    }
    return total;
}

/*
 * How each variant counts perft3_t's children: SG_PAIR##V defines the
 * function, SG_P2X2##V and SG_P2X8##V name it (or 0). On 5x5, _base and
 * _fast pair them (perft2x2_t), _wide batches eight (perft2x8_t).
 */
#if N == 5
#define SG_PERFT2X2(M8, C8, V, ATTR)                                           \
    static ATTR SG_NOINLINE uint64_t perft2x2_##M8##C8##V(                     \
        const POS *t, BB en1, BB en2, const sg_crules *r)                      \
    {                                                                          \
        return perft2x2_t(t, en1, en2, r, M8, C8, after_##M8##C8##V,           \
                          perft2_##M8##C8##V);                                 \
    }
#define SG_PAIR_base SG_PERFT2X2
#define SG_PAIR_fast SG_PERFT2X2
#define SG_P2X2_base(M8, C8) perft2x2_##M8##C8##_base
#define SG_P2X2_fast(M8, C8) perft2x2_##M8##C8##_fast
#else
#define SG_PAIR_base(M8, C8, V, ATTR)
#define SG_PAIR_fast(M8, C8, V, ATTR)
#define SG_P2X2_base(M8, C8) ((perft2x2_fn)0)
#define SG_P2X2_fast(M8, C8) ((perft2x2_fn)0)
#endif
#define SG_P2X8_base(M8, C8) ((perft2x8_fn)0)
#define SG_P2X8_fast(M8, C8) ((perft2x8_fn)0)
#if SG_WIDE
#define SG_PAIR_wide(M8, C8, V, ATTR)                                          \
    static ATTR SG_NOINLINE uint64_t perft2x8_##M8##C8(                        \
        const POS *t, const BATCH *b, const sg_crules *r)                      \
    {                                                                          \
        return perft2x8_t(t, b, r, M8, C8, after_##M8##C8##_wide,              \
                          perft2_##M8##C8##_wide);                             \
    }
#define SG_P2X2_wide(M8, C8) ((perft2x2_fn)0)
#define SG_P2X8_wide(M8, C8) perft2x8_##M8##C8
#endif
/*
 * With perft2x8, a node four plies from the end (perft3_t, perft3t_t,
 * chain3t_t) counts its children's three plies with perft3b where perft
 * would use perft3_t: their children join one batch across the siblings,
 * instead of a batch each whose last few go one by one (narrow trees have
 * few children per node).
 */
#define SG_P3BDEF_base(M8, C8, V, ATTR)
#define SG_P3BDEF_fast(M8, C8, V, ATTR)
#define SG_P3B_base(M8, C8) ((perft3b_fn)0)
#define SG_P3B_fast(M8, C8) ((perft3b_fn)0)
#define SG_P3BDEF_wide(M8, C8, V, ATTR)                                        \
    static ATTR SG_NOINLINE uint64_t perft3b_##M8##C8(                         \
        const POS *p, const sg_crules *r, BATCH *b)                            \
    {                                                                          \
        return perft3_t(p, r, 3, M8, C8, perft2_##M8##C8##V,                   \
                        SG_P2X2##V(M8, C8), SG_P2X8##V(M8, C8),                \
                        perft_##M8##C8##V, b, (perft3b_fn)0);                  \
    }
#define SG_P3B_wide(M8, C8) perft3b_##M8##C8

/*
 * One perft per (m8, c8), so the inner loops know their directions, and
 * per instruction-set variant (see SG_DISPATCH), with its out-of-line gen
 * and make.
 */
#define SG_DEFINE_PERFT(M8, C8, V, ATTR)                                       \
    static ATTR SG_NOINLINE int gen_##M8##C8##V(                               \
        const POS *p, const sg_crules *r, seega_action *out)                   \
    {                                                                          \
        return gen_t(p, r, out, M8, C8);                                       \
    }                                                                          \
    static ATTR SG_NOINLINE void make_##M8##C8##V(POS *p, const sg_crules *r,  \
                                                  seega_action a)              \
    {                                                                          \
        make_t(p, r, a, M8, C8, 0);                                            \
    }                                                                          \
    static ATTR SG_NOINLINE uint64_t after_##M8##C8##V(                        \
        const POS *p, const sg_crules *r, seega_action a)                      \
    {                                                                          \
        POS q = *p;                                                            \
        make_##M8##C8##V(&q, r, a);                                            \
        return (uint64_t)count_t(&q, r, M8, gen_##M8##C8##V);                  \
    }                                                                          \
    static ATTR SG_NOINLINE uint64_t perft2t_##M8##C8##V(const POS *p,         \
                                                         const sg_crules *r)   \
    {                                                                          \
        return perft2t_t(p, r, M8, C8, after_##M8##C8##V, cap_at##V);          \
    }                                                                          \
    static ATTR SG_NOINLINE uint64_t chain2t_##M8##C8##V(const POS *p,         \
                                                         const sg_crules *r)   \
    {                                                                          \
        return chain2t_t(p, r, M8, C8, after_##M8##C8##V, cap_at##V);          \
    }                                                                          \
    static ATTR SG_NOINLINE uint64_t perft2_##M8##C8##V(const POS *p,          \
                                                        const sg_crules *r)    \
    {                                                                          \
        int ne = bb_count(p_empty(p));                                         \
        if (ne <= SG_CROWDED)                                                  \
            return SG_PERFT2E(p, r, M8, C8, V);                                \
        return perft2_t(p, r, M8, C8, after_##M8##C8##V);                      \
    }                                                                          \
    SG_PAIR##V(M8, C8, V, ATTR)                                                \
    static ATTR uint64_t perft_##M8##C8##V(const POS *p, const sg_crules *r,   \
                                           int depth);                         \
    SG_P3BDEF##V(M8, C8, V, ATTR)                                              \
    static ATTR SG_NOINLINE uint64_t perft3t_##M8##C8##V(                      \
        const POS *p, const sg_crules *r, int depth)                           \
    {                                                                          \
        return perft3t_t(p, r, depth, M8, C8, cap_at##V, perft2_##M8##C8##V,   \
                         perft2t_##M8##C8##V, perft3t_##M8##C8##V,             \
                         perft_##M8##C8##V, SG_P2X8##V(M8, C8),                \
                         SG_P3B##V(M8, C8));                                   \
    }                                                                          \
    static ATTR SG_NOINLINE uint64_t chain3t_##M8##C8##V(                      \
        const POS *p, const sg_crules *r, int depth)                           \
    {                                                                          \
        return chain3t_t(p, r, depth, M8, C8, cap_at##V, perft_##M8##C8##V,    \
                         perft2_##M8##C8##V, SG_P2X8##V(M8, C8),               \
                         SG_P3B##V(M8, C8));                                   \
    }                                                                          \
    static ATTR uint64_t perft_##M8##C8##V(const POS *p, const sg_crules *r,   \
                                           int depth)                          \
    {                                                                          \
        seega_action list[SEEGA_MAX_ACTIONS];                                  \
        uint64_t total = 0;                                                    \
        if (depth == 1) /* bulk counting */                                    \
            return (uint64_t)count_t(p, r, M8, gen_##M8##C8##V);               \
        if (depth == 2 && p_placing(p) && p->result == SEEGA_ONGOING)          \
            return perft2p_t(p, r, after_##M8##C8##V);                         \
        int ne = bb_count(p_empty(p)), tiny = ne <= SG_TINY;                   \
        if (depth == 2 && perft2_applies(p, r, M8))                            \
            return ne <= SG_TINY2 ? perft2t_##M8##C8##V(p, r)                  \
                                  : perft2_##M8##C8##V(p, r);                  \
        if (depth == 2 && p->state == SG_ST_CHAIN &&                           \
            p->result == SEEGA_ONGOING && !quiet_over(p, r))                   \
            return tiny ? chain2t_##M8##C8##V(p, r)                            \
                        : chain2_t(p, r, M8, C8, after_##M8##C8##V);           \
        if (depth >= 3 && perft2_applies(p, r, M8))                            \
            return (depth == 3 ? ne <= SG_TINY3 : tiny)                        \
                       ? perft3t_##M8##C8##V(p, r, depth)                      \
                        : perft3_t(p, r, depth, M8, C8, perft2_##M8##C8##V,    \
                                   SG_P2X2##V(M8, C8), SG_P2X8##V(M8, C8),     \
                                   perft_##M8##C8##V, (BATCH *)0,              \
                                   SG_P3B##V(M8, C8));                         \
        if (depth >= 3 && tiny && p->state == SG_ST_CHAIN &&                   \
            p->result == SEEGA_ONGOING)                                        \
            return chain3t_##M8##C8##V(p, r, depth);                           \
        int n = gen_##M8##C8##V(p, r, list);                                   \
        for (int i = 0; i < n; i++) {                                          \
            if (depth == 2) {                                                  \
                total += after_##M8##C8##V(p, r, list[i]);                     \
                continue;                                                      \
            }                                                                  \
            POS c = *p;                                                        \
            make_##M8##C8##V(&c, r, list[i]);                                  \
            total += perft_##M8##C8##V(&c, r, depth - 1);                      \
        }                                                                      \
        return total;                                                          \
    }
#if SG_WIDE
#define SG_DEFINE_PERFTS(M8, C8)                                               \
    SG_DEFINE_PERFT(M8, C8, _base, )                                           \
    SG_DEFINE_PERFT(M8, C8, _fast, SG_TARGET_FAST)                             \
    SG_DEFINE_PERFT(M8, C8, _wide, SG_TARGET_WIDE)
#elif SG_DISPATCH
#define SG_DEFINE_PERFTS(M8, C8)                                               \
    SG_DEFINE_PERFT(M8, C8, _base, )                                           \
    SG_DEFINE_PERFT(M8, C8, _fast, SG_TARGET_FAST)
#else
#define SG_DEFINE_PERFTS(M8, C8) SG_DEFINE_PERFT(M8, C8, _base, )
#define perft_00_fast perft_00_base
#define perft_01_fast perft_01_base
#define perft_10_fast perft_10_base
#define perft_11_fast perft_11_base
#endif
SG_DEFINE_PERFTS(0, 0)
SG_DEFINE_PERFTS(0, 1)
SG_DEFINE_PERFTS(1, 0)
SG_DEFINE_PERFTS(1, 1)

static uint64_t p_perft(const POS *p, const sg_crules *r, int depth)
{
    int fast = sg_cpu_fast();
    if (depth <= 0)
        return 1;
#if SG_WIDE
    if (sg_cpu_wide()) {
        switch (r->move8 * 2 + r->cap8) {
        case 0: return perft_00_wide(p, r, depth);
        case 1: return perft_01_wide(p, r, depth);
        case 2: return perft_10_wide(p, r, depth);
        default: return perft_11_wide(p, r, depth);
        }
    }
#endif
    switch (r->move8 * 2 + r->cap8) {
    case 0: return (fast ? perft_00_fast : perft_00_base)(p, r, depth);
    case 1: return (fast ? perft_01_fast : perft_01_base)(p, r, depth);
    case 2: return (fast ? perft_10_fast : perft_10_base)(p, r, depth);
    default: return (fast ? perft_11_fast : perft_11_base)(p, r, depth);
    }
}

#endif

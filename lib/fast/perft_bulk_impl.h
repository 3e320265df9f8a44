/*
 * Bulk counting of perft's last two plies: perft (perft_impl.h) counts
 * with perft2_t / perft2e_t every node two plies from the end where
 * perft2_applies, with chain2_t one in the middle of a chain and with
 * perft2p_t one in the placing; the pair, batch and window forms build on
 * the helpers here.
 *
 * The last two plies of perft in one pass, for a position at the start of
 * a plain turn (state '-' with steps, or '*'): each step's replies are
 * counted without making it. A step that captures nothing changes the
 * other side's step count only around its two squares: the pieces next to
 * `from` gain a step, those next to `to` lose one, so its replies are
 * base + A(from) - A(to), A(sq) the other side's pieces next to sq.
 *
 * Summed over the quiet steps, that is nq * base plus the sum of A over
 * their origins minus the sum over their targets, which bulk counting does
 * with a few popcounts per direction: A is kept bit-sliced (a[k] the
 * squares whose count has bit k set), so the sum of A over a set S is the
 * sum of 2^k |S & a[k]|. The sum is exact when no quiet step can leave the
 * other side without a step (base > ndirs); otherwise each quiet step is
 * counted alone. A step that captures (its arrival square in `x`) is
 * counted from the pieces it leaves: none if it wins, the chain's
 * captures and the pass if it may go on capturing, else the other side's
 * steps; one that leaves the other side no step (the blocked rule) goes
 * the long way, make_t and count_t.
 *
 * On a crowded board (SG_CROWDED) perft2e_t does the same sums square by
 * square over the few empty squares instead of direction by direction
 * over the whole board, and finds the quiet steps that leave the other
 * side no step exactly (blocked_replies_t) instead of counting steps one
 * by one when base <= ndirs.
 *
 * With very few empty squares (the moving phase starts with one) perft
 * goes square by square instead (perft3t_t, perft2t_t and the chain's
 * chain3t_t and chain2t_t below; SG_TINY says where): narrow trees, where
 * each node's setup costs more than its few children.
 */
#ifndef SG_FAST_PERFT_BULK_IMPL_H
#define SG_FAST_PERFT_BULK_IMPL_H

#include "fast/forms_impl.h"

/* The long way, out of line: make the action on a copy and count. */
typedef uint64_t (*after_fn)(const POS *p, const sg_crules *r, seega_action a);
typedef uint64_t (*perft2_fn)(const POS *p, const sg_crules *r);
typedef uint64_t (*perft_fn)(const POS *p, const sg_crules *r, int depth);

/* after() from p with the other side's pieces en (perft2x2_t's boards
 * differ in those only). */
SG_INLINE uint64_t after_en(const POS *p, BB en, const sg_crules *r,
                            after_fn after, int from, int to)
{
    POS q = *p;
    q.bb[p->side ^ 1] = en;
    return after(&q, r, SG_ACT(SEEGA_ACTION_STEP, from, to));
}

/* The replies to one quiet step from -> to (from p, where the other side
 * has the pieces en), counted the long way if it might have no step. */
SG_INLINE uint64_t quiet_replies_t(const POS *p, const sg_crules *r, int m8,
                                   after_fn after, int base, BB en, int from,
                                   int to)
{
    int n = base + bb_count(bb_and(adj(from, m8), en)) -
            bb_count(bb_and(adj(to, m8), en));
    return n ? (uint64_t)n : after_en(p, en, r, after, from, to);
}

/* The sum over the squares of s of the count kept bit-sliced in a. */
SG_INLINE uint64_t sliced_sum(BB s, const BB *a, int m8)
{
    uint64_t sum = (uint64_t)bb_count(bb_and(s, a[0])) +
                   2 * (uint64_t)bb_count(bb_and(s, a[1])) +
                   4 * (uint64_t)bb_count(bb_and(s, a[2]));
    if (m8)
        sum += 8 * (uint64_t)bb_count(bb_and(s, a[3]));
    return sum;
}


/*
 * The replies to a step from -> to of the side owning `own` that takes
 * the pieces `taken` of en (p the position before it): none if it wins,
 * the chain's next captures and the pass if it may go on, else the other
 * side's steps (the long way if it has none: the blocked rule). base:
 * the other side's steps before the step (bb_count_steps(en, empty)), or
 * -1 if the caller has not counted them.
 *
 * With base and eight directions, the steps after it are counted around
 * the squares that changed, not over the board: a step is a pair (e, q),
 * e empty, q an enemy piece next to it, and the step empties from and
 * the taken squares T, fills to and removes T from en, so (en2 = en
 * less T)
 *   pairs(empty2, en2) = base - pairs(empty, T) - pairs({to}, en2)
 *                        + pairs({from}, en2) + pairs(T, en2).
 * In eight directions that spares eight shifts over the board; in four
 * the count over the board, four shifts, costs no more, so it is kept
 * there.
 */
SG_INLINE uint64_t capture_replies_t(const POS *p, const sg_crules *r, int m8,
                                     int c8, after_fn after, BB own, BB en,
                                     int from, int to, BB taken, int base)
{
    BB own2 = bb_xor(own, bb_or(bb_bit(from), bb_bit(to)));
    BB en2 = bb_andnot(en, taken);
    int n;
    if (rule_material_lost(r, bb_count(en2)))
        return 0; /* won: no reply */
    BB empty2 = bb_andnot(m_full(), bb_or(own2, en2));
#if N == 9
    if (RULE_CHAIN_GOES_ON(r, (n = chain_targets(own2, rule_capturable(r, en2),
                                                 bb_and(adj(to, m8), empty2),
                                                 to, c8))))
#else
    if (RULE_CHAIN_GOES_ON(
            r, (n = bb_count(bb_and(bb_and(adj(to, m8), empty2),
                                    capture_squares(own2,
                                                    rule_capturable(r, en2),
                                                    c8))))))
#endif
        return (uint64_t)n + 1; /* the chain goes on, or passes */
    if (base >= 0 && m8) {
        BB empty = bb_andnot(m_full(), bb_or(own, en));
        n = base - bb_count(bb_and(adj(to, m8), en2)) +
            bb_count(bb_and(adj(from, m8), en2));
        for (BB t = taken; bb_any(t); t = bb_pop_lsb(t)) {
            BB nb = adj(bb_lsb(t), m8);
            n += bb_count(bb_and(nb, en2)) - bb_count(bb_and(nb, empty));
        }
    } else {
        n = bb_count_steps(en2, empty2, m8);
    }
    return n ? (uint64_t)n : after_en(p, en, r, after, from, to);
}

/* The other side's pieces next to each square (in the move directions),
 * bit-sliced: a[k] the squares whose count has bit k set. */
#define SLICE_ADJ(a, en, m8, SH)                                               \
    do {                                                                       \
        SG_UNROLL                                                              \
        for (int d_ = 0; d_ < ndirs(m8); d_++) {                               \
            BB v_ = SH(en, d_), c0_ = bb_and(a[0], v_);                        \
            a[0] = bb_xor(a[0], v_);                                           \
            BB c1_ = bb_and(a[1], c0_);                                        \
            a[1] = bb_xor(a[1], c0_);                                          \
            BB c2_ = bb_and(a[2], c1_);                                        \
            a[2] = bb_xor(a[2], c1_);                                          \
            a[3] = bb_or(a[3], c2_);                                           \
        }                                                                      \
    } while (0)

SG_INLINE uint64_t perft2_t(const POS *p, const sg_crules *r, int m8, int c8,
                            after_fn after)
{
    int me = p->side, opp = me ^ 1;
    BB own = p->bb[me], en = p->bb[opp], empty = p_empty(p);
    DEST dest = dest_of(empty);
    BB capturable = rule_capturable(r, en);
    int32_t quiet = quiet_after(p);
    int over = rule_quiet_over(r, quiet);
    int base = bb_count_steps(en, empty, m8);
    BB ts[8];
    int ns = 0;
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++)
        ns += bb_count(ts[d] = step_to(own, d, dest));
    /* The bulk sums have a fixed cost (the slices, eight directions'
     * popcounts): in eight directions they pay only above 16 steps, below
     * which the steps go one by one; in four directions they always pay */
    int bulk = !over && base > ndirs(m8) && (!m8 || ns > 16);
    uint64_t total = 0, nq = 0, gain = 0, loss = 0;
    BB k8[8];
    BB x = capture_squares_k(own, capturable, c8, k8);
    BB a[4] = {BB_ZERO, BB_ZERO, BB_ZERO, BB_ZERO};
    if (bulk)
        SLICE_ADJ(a, en, m8, sh);
    /* a count of 8 (every neighbour an enemy) is rare: skip its slice */
    int a8 = m8 && bb_any(a[3]);
    /* the captures: few, and a loop body too big to unroll */
    BB reach = ts[0];
    SG_UNROLL
    for (int d = 1; d < ndirs(m8); d++)
        reach = bb_or(reach, ts[d]);
    for (BB c = bb_and(reach, x); bb_any(c); c = bb_pop_lsb(c)) {
        int to = bb_lsb(c);
        BB taken = arrival_captures(bb_bit(to), k8, c8);
        for (BB f = bb_and(adj(to, m8), own); bb_any(f); f = bb_pop_lsb(f))
            total += capture_replies_t(p, r, m8, c8, after, own, en,
                                       bb_lsb(f), to, taken, base);
    }
    if (over) /* the quiet steps' replies would be after the quiet limit */
        return total;
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++) {
        int k = dir_delta(d);
        BB t = bb_andnot(ts[d], x);
        if (bulk) {
            BB from = k > 0 ? BB_(shr)(t, k) : BB_(shl)(t, -k);
            nq += (uint64_t)bb_count(t);
            gain += sliced_sum(from, a, a8);
            loss += sliced_sum(t, a, a8);
            continue;
        }
        for (; bb_any(t); t = bb_pop_lsb(t)) {
            int to = bb_lsb(t);
            total += quiet_replies_t(p, r, m8, after, base, en, to - k, to);
        }
    }
    return total + nq * (uint64_t)base + gain - loss;
}

/*
 * The replies the sums leave out: a quiet step from -> to counts
 * base + A(from) - A(to) replies, which is 0 (and the blocked rule
 * applies) exactly when every step of the other side goes into `to`
 * (A(to) == base) and none can follow into `from` (A(from) == 0); those
 * steps go the long way. Only possible when base <= ndirs. `targets`:
 * the empty squares a step reaches without capturing.
 */
SG_INLINE uint64_t blocked_replies_t(const POS *p, const sg_crules *r, int m8,
                                     after_fn after, int base, BB own, BB en,
                                     BB targets)
{
    uint64_t total = 0;
    for (; bb_any(targets); targets = bb_pop_lsb(targets)) {
        int to = bb_lsb(targets);
        if (bb_count(bb_and(adj(to, m8), en)) != base)
            continue;
        for (BB f = bb_and(adj(to, m8), own); bb_any(f); f = bb_pop_lsb(f)) {
            int from = bb_lsb(f);
            if (!bb_any(bb_and(adj(from, m8), en)))
                total += after_en(p, en, r, after, from, to);
        }
    }
    return total;
}

/*
 * perft2_t's count square by square over the empty squares, for a crowded
 * board (few empty squares, where perft2_t's per-direction sums over the
 * whole board cost more): every step into an empty square `to` captures
 * or none does (x), and the quiet ones from the set F of own pieces next
 * to it sum to |F| (base - A(to)) + (the sum of A over F), base itself
 * being the sum of A(to) over the empty squares.
 */
SG_INLINE uint64_t perft2e_t(const POS *p, const sg_crules *r, int m8, int c8,
                             after_fn after)
{
    int me = p->side, opp = me ^ 1;
    BB own = p->bb[me], en = p->bb[opp], empty = p_empty(p);
    BB capturable = rule_capturable(r, en);
    int32_t quiet = quiet_after(p);
    int over = rule_quiet_over(r, quiet);
    BB k8[8];
    BB x = capture_squares_k(own, capturable, c8, k8);
    BB a[4] = {BB_ZERO, BB_ZERO, BB_ZERO, BB_ZERO};
    SLICE_ADJ(a, en, m8, sh);
    int a8 = m8 && bb_any(a[3]);
    uint64_t total = 0, nq = 0, oa = 0, gain = 0;
    int base = 0;
    /* in eight directions, the capturing steps' targets, counted after
     * the loop, once base is known (see capture_replies_t) */
    BB caps = BB_ZERO;
    for (BB e = empty; bb_any(e); e = bb_pop_lsb(e)) {
        int to = bb_lsb(e);
        BB nb = adj(to, m8), f = bb_and(nb, own);
        int ae = bb_count(bb_and(nb, en));
        base += ae;
        if (!bb_any(f))
            continue;
        if (bb_test(x, to)) {
            if (m8) {
                caps = bb_or(caps, bb_bit(to));
                continue;
            }
            BB taken = arrival_captures(bb_bit(to), k8, c8);
            for (; bb_any(f); f = bb_pop_lsb(f))
                total += capture_replies_t(p, r, m8, c8, after, own, en,
                                           bb_lsb(f), to, taken, -1);
            continue;
        }
        int o = bb_count(f);
        nq += (uint64_t)o;
        oa += (uint64_t)(o * ae);
        gain += sliced_sum(f, a, a8);
    }
    for (; bb_any(caps); caps = bb_pop_lsb(caps)) {
        int to = bb_lsb(caps);
        BB taken = arrival_captures(bb_bit(to), k8, c8);
        for (BB f = bb_and(adj(to, m8), own); bb_any(f); f = bb_pop_lsb(f))
            total += capture_replies_t(p, r, m8, c8, after, own, en,
                                       bb_lsb(f), to, taken, base);
    }
    if (over) /* the quiet steps' replies would be after the quiet limit */
        return total;
    total += nq * (uint64_t)base + gain - oa;
    if (base <= ndirs(m8))
        total += blocked_replies_t(p, r, m8, after, base, own, en,
                                   bb_andnot(empty, x));
    return total;
}

/*
 * perft2 counts square by square (perft2e_t) with at most this many empty
 * squares, over the whole board (perft2_t) with more: the point per size
 * (8 empty squares of 25 on 5x5, 12 of 49, 16 of 81) below which a loop
 * over the empty squares costs less than the per-direction sums.
 */
#define SG_CROWDED (N == 5 ? 8 : N == 7 ? 12 : 16)


/*
 * The last two plies from the middle of a chain (state SG_ST_CHAIN): the
 * chain piece's capturing steps, counted as perft2_t counts captures, and
 * the pass, after which the other side starts a plain turn with its steps
 * (the long way if it has none: the blocked rule). What gen_chain_t lists
 * and after() counts, without the list or a make.
 */
SG_INLINE uint64_t chain2_t(const POS *p, const sg_crules *r, int m8, int c8,
                            after_fn after)
{
    int me = p->side, from = p->chain;
    BB own = p->bb[me], en = p->bb[me ^ 1], empty = p_empty(p);
    BB capturable = rule_capturable(r, en);
    BB k8[8];
    BB x = capture_squares_k(own, capturable, c8, k8);
    int n = bb_count_steps(en, empty, m8);
    uint64_t total = n ? (uint64_t)n
                       : after(p, r, SG_ACT(SEEGA_ACTION_PASS, SG_NOSQ,
                                            SG_NOSQ));
    for (BB t = bb_and(bb_and(adj(from, m8), empty), x); bb_any(t);
         t = bb_pop_lsb(t)) {
        int to = bb_lsb(t);
        total += capture_replies_t(p, r, m8, c8, after, own, en, from, to,
                                   arrival_captures(bb_bit(to), k8, c8), n);
    }
    return total;
}

/*
 * The last two plies of perft in the placing phase (p placing, the game
 * going), without a make per placement: a placement on t leaves the same
 * side, hands and turn state whatever t is. Let B be the targets of
 * that child's placer counted on p's board (t still empty): the child's
 * own targets are B without t, |B| - [t in B] of them, and the sum over
 * the targets T of p is |T| |B| - |T & B|. When the placement is the
 * last of the placing, the moving phase begins (its first turn, the
 * blocked rule): those go the long way.
 */
SG_INLINE uint64_t perft2p_t(const POS *p, const sg_crules *r, after_fn after)
{
    BB t = place_targets(p, r);
    uint64_t total = 0;
    if (!bb_any(t))
        return 0;
    POS c = *p;
    place_t(&c, r, bb_lsb(t), 0);
    if (!p_placing(&c)) {
        for (; bb_any(t); t = bb_pop_lsb(t))
            total += after(p, r, SG_ACT(SEEGA_ACTION_PLACE, SG_NOSQ,
                                        bb_lsb(t)));
        return total;
    }
    c.bb[0] = p->bb[0];
    c.bb[1] = p->bb[1];
    BB b = place_targets(&c, r);
    return (uint64_t)bb_count(t) * (uint64_t)bb_count(b) -
           (uint64_t)bb_count(bb_and(t, b));
}

/*
 * Positions waiting for perft2x8 (5x5, AVX2): perft3_t's children, or
 * with perft3b the grandchildren of a node four plies from the end, all
 * at a plain turn of one side. In each lane, the pieces of the side to
 * move and of the other side, and the quiet counter; the rest comes from
 * a template position (the side, the state NORMAL).
 */
typedef struct BATCH {
    BB own[8], en[8];
    int32_t quiet[8];
    int n;
} BATCH;

/* q, a template position (its side to move, its state), set to the
 * pieces and the quiet counter of b's lane i. */
SG_INLINE void batch_lane(POS *q, const BATCH *b, int i)
{
    q->bb[q->side] = b->own[i];
    q->bb[q->side ^ 1] = b->en[i];
    q->quiet = b->quiet[i];
}

typedef uint64_t (*perft2x8_fn)(const POS *t, const BATCH *b,
                                const sg_crules *r);
/* perft3_t's three plies from p, its children joining the batch b */
typedef uint64_t (*perft3b_fn)(const POS *p, const sg_crules *r, BATCH *b);

/* May perft2_t count the last two plies from p? */
SG_INLINE int perft2_applies(const POS *p, const sg_crules *r, int m8)
{
    return p->result == SEEGA_ONGOING && !p_placing(p) && !quiet_over(p, r) &&
           (p->state == SG_ST_REMOVED ||
            (p->state == SG_ST_NORMAL &&
             bb_has_step(p->bb[p->side], p_empty(p), m8)));
}

/*
 * A last batch of at most this many positions goes to perft2 one by one
 * (batch_flush, and perft3_t with its own batch): for so few, perft2x8's
 * fixed cost (the registers' setup, the sums over all eight lanes) is
 * more than the scalar counts. Narrow trees, whose batches are all this
 * small, gain most from it.
 */
#define SG_BATCH_SCALAR_MAX 3

/* The positions of b counted (t: a template for them, a live game in the
 * moving phase; side: theirs, at a plain turn), with p2x8 if there are
 * more than SG_BATCH_SCALAR_MAX, else one by one. */
SG_INLINE uint64_t batch_flush(const POS *t, const BATCH *b, int side,
                               const sg_crules *r, perft2_fn p2,
                               perft2x8_fn p2x8)
{
    POS q = *t;
    uint64_t total = 0;
    q.side = (uint8_t)side;
    q.state = SG_ST_NORMAL;
    q.chain = 0;
    if (b->n > SG_BATCH_SCALAR_MAX)
        return p2x8(&q, b, r);
    for (int i = 0; i < b->n; i++) {
        batch_lane(&q, b, i);
        total += p2(&q, r);
    }
    return total;
}

#endif

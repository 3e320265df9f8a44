/*
 * Layer 4, move generation, for one board size (after position_impl.h):
 * the legal actions of a position under the rules, written into the
 * caller's fixed array; their count without the list (perft's last ply);
 * perft and random playouts. No allocation.
 *
 * gen_t also finds the end checks that make_t leaves to the next turn
 * (quiet limit, blocked rule), so it returns 0 exactly when the game is
 * over, whether or not the position was settled.
 */

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
    if (bb_count(enemy) <= r->lose_at)
        return 1;
    return bb_has_step(enemy, bb_andnot(m_full(), bb_or(own, enemy)), m8);
}

/* The squares a placement may go to. */
SG_INLINE BB place_targets(const POS *p, const sg_crules *r)
{
    BB t = bb_andnot(p_empty(p), m_centre());
    if (r->opening && PIECES - p->hand[p->side] < 2)
        t = bb_and(t, m_marked(p->side));
    return t;
}

/* Game over by the quiet limit, found at the start of a turn? */
SG_INLINE int quiet_over(const POS *p, const sg_crules *r)
{
    /* quiet is 0 mid-turn (chain, '*') and while placing */
    return r->quiet_limit && p->quiet >= r->quiet_limit;
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
        switch (r->blocked) {
        case SEEGA_BLOCKED_REMOVES:
            for (BB t = p->bb[me ^ 1]; bb_any(t); t = bb_pop_lsb(t))
                out[n++] = SG_ACT(SEEGA_ACTION_REMOVE, SG_NOSQ, bb_lsb(t));
            return n;
        case SEEGA_BLOCKED_LOSES:
            return 0;
        default: /* pass, unless neither side can move */
            if (!bb_has_step(p->bb[me ^ 1], p_empty(p), m8))
                return 0;
            out[0] = SG_ACT(SEEGA_ACTION_PASS, SG_NOSQ, SG_NOSQ);
            return 1;
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
        switch (r->blocked) {
        case SEEGA_BLOCKED_REMOVES: return bb_count(p->bb[me ^ 1]);
        case SEEGA_BLOCKED_LOSES: return 0;
        default: return bb_has_step(p->bb[me ^ 1], p_empty(p), m8);
        }
    case SG_ST_REMOVED:
        return bb_count_steps(p->bb[me], p_empty(p), m8);
    default: {
        seega_action list[SEEGA_MAX_ACTIONS];
        return gen(p, r, list);
    }
    }
}

/* ---- perft ----------------------------------------------------------------- */

/*
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

/*
 * capture_squares, keeping k[c]: the capturable pieces with an own piece
 * beyond them in direction c, taken by a piece arriving on their other
 * side (see arrival_captures).
 */
SG_INLINE BB capture_squares_k(BB own, BB capturable, int c8, BB *k)
{
    BB x = BB_ZERO;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++) {
        k[c] = bb_and(capturable, sh(own, c ^ 1));
        x = bb_or(x, sh(k[c], c ^ 1));
    }
    return x;
}

/* The pieces a step arriving on the square tb takes, from the k of
 * capture_squares_k (the moving piece is never the far piece: that one is
 * two squares from tb, the mover's origin one). */
SG_INLINE BB arrival_captures(BB tb, const BB *k, int c8)
{
    BB v = BB_ZERO;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++)
        v = bb_or(v, bb_and(sh(tb, c), k[c]));
    return v;
}

/* The quiet counter after a step that captures nothing, from p. */
SG_INLINE int32_t quiet_after(const POS *p)
{
    return p->state == SG_ST_REMOVED ? p->quiet
           : p->quiet < INT32_MAX    ? p->quiet + 1
                                     : p->quiet;
}

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

#if N == 9
/*
 * The chain test of capture_replies_t on 9x9: how many squares of t (the
 * empty squares next to `to`) a piece of own captures on arriving, i.e.
 * the captures the chain piece on `to` may go on with. The other sizes
 * count t & capture_squares over the whole board; on 9x9 that is two
 * words a step, and a quarter of CLASSIC's perft went there, so this
 * counts in one word. Everything the count looks at lies within three
 * ranks of `to` (a square of t one step away, the piece it takes two, the
 * far piece three), and seven ranks of nine squares fit one word: bits s
 * to s + 63 of the board, s nine times the rank of `to` minus 3, kept
 * within 0-18. Its files repeat every 9 bits as the board's do, so a step
 * is the board's step within the word; what the word loses off either
 * end is more than three ranks from `to`.
 */
#define W9_FILE_A ((uint64_t)0x8040201008040201)
#define W9_FILE_Z ((uint64_t)0x4020100804020100)

/* bits s to s + 63 of b (s = 0, 9 or 18) */
SG_INLINE uint64_t w9(BB b, int s)
{
    return (bb_word(b, 0) >> s) | ((bb_word(b, 1) << 1) << (63 - s));
}

SG_INLINE uint64_t w9_sh(uint64_t b, int d)
{
    switch (d) {
    case D_N: return b << 9;
    case D_S: return b >> 9;
    case D_E: return (b & ~W9_FILE_Z) << 1;
    case D_W: return (b & ~W9_FILE_A) >> 1;
    case D_NE: return (b & ~W9_FILE_Z) << 10;
    case D_SW: return (b & ~W9_FILE_A) >> 10;
    case D_NW: return (b & ~W9_FILE_A) << 8;
    default: return (b & ~W9_FILE_Z) >> 8;
    }
}

/* capture_squares in a window: where a piece of o arriving takes one of
 * k (exact within two ranks of the window's edges, which is all the
 * callers look at) */
SG_INLINE uint64_t w9_capture_squares(uint64_t o, uint64_t k, int c8)
{
    uint64_t x = 0;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++)
        x |= w9_sh(k & w9_sh(o, c ^ 1), c ^ 1);
    return x;
}

SG_INLINE int chain_targets(BB own, BB capturable, BB t, int to, int c8)
{
    static const uint8_t first[9] = {0, 0, 0, 0, 9, 18, 18, 18, 18};
    int s = first[to / 9];
    return sg_popcount64(
        w9(t, s) & w9_capture_squares(w9(own, s), w9(capturable, s), c8));
}
#endif

/* May the piece on `to` go on capturing, own2 and en2 the pieces after
 * its capture (the chain test of step_t)? On 9x9 in one word (see
 * chain_targets). */
SG_INLINE int chain_after(const sg_crules *r, BB own2, BB en2, int to, int m8,
                          int c8)
{
#if N == 9
    BB empty2 = bb_andnot(m_full(), bb_or(own2, en2));
    return chain_targets(own2, capturable_of(r, en2), bb_and(adj(to, m8), empty2),
                         to, c8) > 0;
#else
    return bb_can_capture_from(own2, en2, to, r->immune, m8, c8);
#endif
}

/* Does a capture that left the mover `own` and the other side `en`, the
 * mover on `to`, end more than the turn: the game (en down to lose_at),
 * or may the piece go on capturing (a chain)? Only a capture that does
 * neither simply hands the turn over. */
SG_INLINE int capture_not_plain(const sg_crules *r, BB own, BB en, int to,
                                int m8, int c8)
{
    return bb_count(en) <= r->lose_at ||
           (r->chain && chain_after(r, own, en, to, m8, c8));
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
 * DIAGONAL 7x7 and 9x9 perft took 10-15% fewer instructions and 8-16%
 * less time; in four directions the count over the board, four shifts,
 * costs no more, and the time was the same or worse (measured with
 * callgrind.sh and seega-ab), so it stays.
 */
SG_INLINE uint64_t capture_replies_t(const POS *p, const sg_crules *r, int m8,
                                     int c8, after_fn after, BB own, BB en,
                                     int from, int to, BB taken, int base)
{
    BB own2 = bb_xor(own, bb_or(bb_bit(from), bb_bit(to)));
    BB en2 = bb_andnot(en, taken);
    int n;
    if (bb_count(en2) <= r->lose_at)
        return 0; /* won: no reply */
    BB empty2 = bb_andnot(m_full(), bb_or(own2, en2));
#if N == 9
    if (r->chain && (n = chain_targets(own2, capturable_of(r, en2),
                                       bb_and(adj(to, m8), empty2), to, c8)))
#else
    if (r->chain &&
        (n = bb_count(bb_and(bb_and(adj(to, m8), empty2),
                             capture_squares(own2, capturable_of(r, en2),
                                             c8)))))
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
    BB capturable = capturable_of(r, en);
    int32_t quiet = quiet_after(p);
    int over = r->quiet_limit && quiet >= r->quiet_limit;
    int base = bb_count_steps(en, empty, m8);
    BB ts[8];
    int ns = 0;
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++)
        ns += bb_count(ts[d] = step_to(own, d, dest));
    /* In eight directions the bulk sums cost more than a few steps one by
     * one (measured with tests/bench/callgrind.sh: best above 16 steps;
     * in four directions bulk always pays) */
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
    BB capturable = capturable_of(r, en);
    int32_t quiet = quiet_after(p);
    int over = r->quiet_limit && quiet >= r->quiet_limit;
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
 * squares, over the whole board (perft2_t) with more: the crossing points
 * measured with callgrind on the bench positions and on crowded random
 * ones (8 empty squares of 25 on 5x5, 12 of 49, 16 of 81).
 */
#define SG_CROWDED (N == 5 ? 8 : N == 7 ? 12 : 16)

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
#define W9_ON(u, dr, df)                                                       \
    ((u) / 9 + (dr) >= 0 && (u) / 9 + (dr) < 7 && (u) % 9 + (df) >= 0 &&      \
     (u) % 9 + (df) < 9)
#define W9_NB(u, dr, df, w)                                                    \
    (W9_ON(u, dr, df) ? (uint64_t)1 << (((u) + (dr)*9 + (df)) & 63) : 0)
/* the neighbour whose square beyond is on the window (as SG_NB2) */
#define W9_NB2(u, dr, df, w)                                                   \
    (W9_ON(u, 2 * (dr), 2 * (df)) ? W9_NB(u, dr, df, w) : 0)
#define W9_ADJ4_E(u) SG_DIRS4(W9_NB, u, 1, 0),
#define W9_FAR4_E(u) SG_DIRS4(W9_NB, u, 2, 0),
#define W9_FAR8_E(u) SG_DIRS8(W9_NB, u, 2, 0),
#define W9_CN14_E(u) SG_DIRS4(W9_NB2, u, 1, 0),
#define W9_CN18_E(u) SG_DIRS8(W9_NB2, u, 1, 0),
/* (81 entries, of which the window's 63 are used) */
static const uint64_t W9_ADJ4[SQ] = {SG_FOR_SQ(W9_ADJ4_E)};
static const uint64_t W9_FAR[2][SQ] = {{SG_FOR_SQ(W9_FAR4_E)},
                                       {SG_FOR_SQ(W9_FAR8_E)}};
static const uint64_t W9_CN1[2][SQ] = {{SG_FOR_SQ(W9_CN14_E)},
                                       {SG_FOR_SQ(W9_CN18_E)}};
/* The squares whose window is window i (first square 9 i, as
 * chain_targets' `first`: ranks 0-3 window 0, rank 4 window 1, ranks 5-8
 * window 2), in window i: its ranks 0-3, 3, and 3-6. */
#define W9_RANKS(i)                                                            \
    ((i) == 0 ? ((uint64_t)1 << 36) - 1                                         \
     : (i) == 1 ? (((uint64_t)1 << 36) - 1) & ~(((uint64_t)1 << 27) - 1)       \
                : (((uint64_t)1 << 63) - 1) & ~(((uint64_t)1 << 27) - 1))

/* The pieces of k (a window's capturable pieces) a piece of o (the
 * window's own pieces) arriving on u takes (cap_at in the window). */
typedef uint64_t (*capw_fn)(uint64_t o, uint64_t k, int u, int c8);

SG_INLINE uint64_t cap_w9_base(uint64_t o, uint64_t k, int u, int c8)
{
    uint64_t v = 0, b = (uint64_t)1 << u;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++) {
        uint64_t n1 = w9_sh(b, c);
        v |= (w9_sh(n1, c) & o) ? n1 : 0;
    }
    return v & W9_CN1[c8][u] & k;
}
#if SG_DISPATCH
#include <immintrin.h>
static inline __attribute__((always_inline, target("popcnt,bmi,bmi2")))
uint64_t cap_w9_fast(uint64_t o, uint64_t k, int u, int c8)
{
    return _pdep_u64(_pext_u64(o, W9_FAR[c8][u]), W9_CN1[c8][u]) & k;
}
#else
#define cap_w9_fast cap_w9_base
#endif

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
    if (r->chain) {
        /* the capture squares of the pieces after the step (as
         * chain_targets) next to tu and empty after it */
        uint64_t x = w9_capture_squares(o ^ fb ^ tb, k & ~tw, c8);
        n = sg_popcount64(x & W9_ADJ4[tu] & ((empty | fb | tw) & ~tb));
        if (n)
            return (uint64_t)n + 1; /* the chain goes on, or passes */
    }
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
    BB capturable = capturable_of(r, en);
    int32_t quiet = quiet_after(p);
    int over = r->quiet_limit && quiet >= r->quiet_limit;
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
    BB capturable = capturable_of(r, en);
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
 * more than the scalar counts (measured by time on the bench and random
 * 5x5 positions: 3 was best of 1-4; CLASSIC's narrow bench position #3,
 * whose batches are all this small, took 19% less time).
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

/* ---- tiny boards: square by square ----------------------------------------- */

/*
 * With very few empty squares (at most SG_TINY, as right after the placing,
 * when only the centre is empty), every step goes into one of them, so
 * the counts below go square by square over the empty squares, with no
 * pass over the whole board: a piece arriving on a square takes what
 * cap_at says (per-square masks), the other side's steps are the pieces
 * next to each empty square. Narrow, crowded trees spend most of their
 * time in each node's setup, which this keeps to a few loads.
 */

/*
 * perft goes square by square with at most SG_TINY empty squares from
 * four plies up (perft3t_t) and in a chain (chain3t_t, chain2t_t), at
 * most SG_TINY3 with three plies (more, and perft3_t's batches of
 * children cost less), and at most SG_TINY2 with two (perft2t_t). Chosen
 * with callgrind on the first moving positions of test_perft and the
 * random 5x5 positions of `seega-bench random 10`: 4, 1 and 4 took the
 * fewest instructions of those tried (SG_TINY 0-8, SG_TINY3 0-3,
 * SG_TINY2 0-8); the random positions, rarely this crowded, moved by
 * less than 1%. On 7x7 and 9x9 (callgrind.sh -e on the bench, first
 * moving and 80 random positions per size, 2026-12-03): SG_TINY 2 and
 * SG_TINY2 2 moved them by under 1.5%, SG_TINY 8 took up to 2.3% more;
 * SG_TINY2 8 took 17% more on the first moving 9x9 positions, SG_TINY3
 * 4 8.5% more there; SG_TINY3 8 took 6.5% fewer on the first moving
 * 7x7 positions but 19% more time on one of them (seega-ab), so the
 * values stay one for all sizes.
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

/* The capturable pieces a piece of `own` arriving on `to` takes: for each
 * capture direction, the neighbour with an own piece beyond it (the mover
 * is never that piece: it comes from a neighbour of `to`). */
typedef BB (*capat_fn)(BB own, BB capturable, int to, int c8);

SG_INLINE BB cap_at_base(BB own, BB capturable, int to, int c8)
{
    BB t = bb_bit(to), v = BB_ZERO;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c += 2) {
        int k = dir_delta(c); /* > 0; c ^ 1 is the opposite direction */
        v = bb_or(v, bb_or(bb_and(BB_(shl)(t, k), BB_(shr)(own, k)),
                           bb_and(BB_(shr)(t, k), BB_(shl)(own, k))));
    }
    return bb_and(v, bb_and(cap_n1(to, c8), capturable));
}
#if SG_DISPATCH && N <= 7
#include <immintrin.h>
/* The own pieces two squares away, packed (pext) and spread onto the
 * neighbours between (pdep): see SG_CN1. */
static inline __attribute__((always_inline, target("popcnt,bmi,bmi2"))) BB
cap_at_fast(BB own, BB capturable, int to, int c8)
{
    return _pdep_u64(_pext_u64(own, far2(to, c8)), cap_n1(to, c8)) &
           capturable;
}
#else
#define cap_at_fast cap_at_base
#endif
#define cap_at_wide cap_at_fast

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

/* The empty squares after a step from -> to that took `taken`. */
SG_INLINE BB empty_after(BB empty, int from, int to, BB taken)
{
    return bb_or(bb_xor(empty, bb_or(bb_bit(from), bb_bit(to))), taken);
}

/* Has the piece that arrived on `to` (one of own's) a step that captures
 * into `empty`? (The chain test, square by square.) */
SG_INLINE int chain_on_e(BB own, BB capturable, BB empty, int to, int m8,
                         int c8, capat_fn cap)
{
    for (BB t = bb_and(adj(to, m8), empty); bb_any(t); t = bb_pop_lsb(t))
        if (bb_any(cap(own, capturable, bb_lsb(t), c8)))
            return 1;
    return 0;
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
    if (bb_count(en2) <= r->lose_at)
        return 0; /* won: no reply */
    BB empty2 = empty_after(empty, from, to, taken);
    if (r->chain) {
        BB capturable = capturable_of(r, en2);
        for (BB t = bb_and(adj(to, m8), empty2); bb_any(t); t = bb_pop_lsb(t))
            n += bb_any(cap(own2, capturable, bb_lsb(t), c8));
        if (n)
            return (uint64_t)n + 1; /* the chain goes on, or passes */
    }
    n = steps_e(en2, empty2, m8);
    return n ? (uint64_t)n : after_en(p, en, r, after, from, to);
}

/* perft2e_t, square by square (see the top of this part). */
SG_INLINE uint64_t perft2t_t(const POS *p, const sg_crules *r, int m8, int c8,
                             after_fn after, capat_fn cap)
{
    int me = p->side, opp = me ^ 1;
    BB own = p->bb[me], en = p->bb[opp], empty = p_empty(p);
    BB capturable = capturable_of(r, en);
    int over = r->quiet_limit && quiet_after(p) >= r->quiet_limit;
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
    BB capturable = capturable_of(r, en);
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
    q->quiet = 0;
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
    if (bb_count(en2) <= r->lose_at)
        return 0;
    capture_child(q, me, own2, en2, to,
                  r->chain && chain_on_e(own2, capturable_of(r, en2),
                                         empty_after(empty, from, to, taken),
                                         to, m8, c8, cap));
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
    BB capturable = capturable_of(r, en);
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
    BB capturable = capturable_of(r, en);
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

#if N == 5
/*
 * Two 5x5 positions' last two plies at once. The children of a position
 * by two steps that capture nothing differ only in the mover's pieces, so
 * their sets fit one word, the second shifted up 32 bits: the 7 bits
 * between the two boards catch whatever a step of at most 6 bits carries
 * over the first board's edge, and the shifts are masked on both boards.
 * The sums of perft2_t then count both positions with each popcount; the
 * steps' counts are kept apart where they multiply (nq * base). perft3_t
 * pairs its children this way on 5x5: on the bench positions it took
 * 15-31% off the instructions per leaf in four directions, 8-13% in eight
 * (tests/bench/callgrind.sh). 7x7 and 9x9 boards do not fit twice in a
 * word.
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
     * in four the pair costs less however crowded (by callgrind on the
     * positions of seega-bench random) */
    if ((r->quiet_limit && quiet >= r->quiet_limit) ||
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
     * finds those steps exactly; fewer instructions, by
     * tests/bench/callgrind.sh) */
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
    BB capturable = r->immune ? bb_andnot(EN, PK(m_centre())) : EN;
    BB k8[8], x = BB_ZERO;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++) {
        k8[c] = bb_and(capturable, psh(OWN, c ^ 1));
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


#if N == 5 && SG_DISPATCH && defined(__x86_64__) && !defined(SEEGA_NO_WIDE)
#include "perft5x8_impl.h"
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
 * side blocked, the quiet limit). (Through make_t, the captures and the
 * chain test over the board took 2-5% more instructions on the first
 * moving and random 7x7 and 9x9 positions; the time was the same.)
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
    BB capturable = capturable_of(r, en);
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
            if (bb_count(en2) <= r->lose_at)
                continue;
            int chain = r->chain && chain_after(r, own2, en2, to, m8, c8);
            if (!chain && p2x8 && depth == 3 &&
                bb_has_step(en2, bb_andnot(m_full(), bb_or(own2, en2)), m8)) {
                bp->own[bp->n] = en2;
                bp->en[bp->n] = own2;
                bp->quiet[bp->n] = 0;
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

/* ---- playouts -------------------------------------------------------------- */

/*
 * The generator: wyrand (Wang Yi), one multiply per 64-bit number, any
 * seed; each playout's stream starts from the seed and the playout's
 * number, so the stats do not depend on how playouts are scheduled. A
 * draw takes 32 bits: the low half of a number, then its high half (h
 * keeps it, with bit 32 set, until then), so one multiply serves two
 * draws.
 */
typedef struct sg_rng {
    uint64_t s; /* wyrand's state */
    uint64_t h; /* the next draw's 32 bits | 1 << 32, or 0: none kept */
} sg_rng;
#define SG_RNG_KEPT ((uint64_t)1 << 32)

/* sg_rng's h after the low half of the number o was drawn: its high half,
 * kept for the next draw. (A macro: as an inline function, GCC 12
 * allocated the registers of the 9x9 runs differently, 0.1% more
 * instructions per DIAGONAL playout action.) */
#define SG_KEPT_HALF(o) ((o) >> 32 | SG_RNG_KEPT)

#define SG_WY0 0xa0761d6478bd642fu
#define SG_WY1 0xe7037ed1a0b428dbu
#if SG_ASM_X86
/* The constants as memory operands: in the 5x5 runs (two games at once)
 * the registers are short, and GCC reloads each into one per draw. */
static const uint64_t sg_wy[2] = {SG_WY0, SG_WY1};
#endif

SG_INLINE uint64_t rng_next(uint64_t *s)
{
#if SG_ASM_X86
    uint64_t x = *s, lo, hi;
    __asm__("addq %[c0], %[x]\n\t"
            "movq %[x], %[lo]\n\t"
            "movq %[x], %[hi]\n\t"
            "xorq %[c1], %[hi]\n\t"
            "mulq %[hi]\n\t"
            "xorq %[hi], %[lo]"
            : [x] "+r"(x), [lo] "=&a"(lo), [hi] "=&d"(hi)
            : [c0] "m"(sg_wy[0]), [c1] "m"(sg_wy[1])
            : "cc");
    *s = x;
    return lo;
#else
    *s += SG_WY0;
    uint64_t a = *s, b = *s ^ SG_WY1;
#if SG_HAVE_INT128
    __extension__ unsigned __int128 m = (unsigned __int128)a * b;
    return (uint64_t)m ^ (uint64_t)(m >> 64);
#else
    /* 64x64 -> 128 multiply in 32-bit halves */
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
    uint64_t lo = (ll & 0xffffffffu) | (mid << 32);
    uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    return lo ^ hi;
#endif
#endif
}

/* The generator for playout number i of `seed`. */
SG_INLINE void rng_seed(sg_rng *g, uint64_t seed, uint32_t i)
{
    g->s = seed ^ ((uint64_t)i * 0x9E3779B97F4A7C15u);
    g->h = 0;
    rng_next(&g->s);
}

/* The next 32 bits. */
SG_INLINE uint32_t rng_u32(sg_rng *g)
{
    if (g->h) {
        uint32_t x = (uint32_t)g->h;
        g->h = 0;
        return x;
    }
    uint64_t o = rng_next(&g->s);
    g->h = SG_KEPT_HALF(o);
    return (uint32_t)o;
}

/* A run's generator written back: state s, h the half kept (or 0). */
SG_INLINE void rng_put(sg_rng *g, uint64_t s, uint64_t h)
{
    g->s = s;
    g->h = h;
}

/* Uniform in [0, n), n >= 1, without bias (Lemire's method). */
SG_INLINE uint32_t rng_below(sg_rng *g, uint32_t n)
{
    uint64_t m = (uint64_t)rng_u32(g) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t)
            m = (uint64_t)rng_u32(g) * n;
    }
    return (uint32_t)(m >> 32);
}

/*
 * The draw below n of a turn in a run of plain turns, whose turns come in
 * rounds of two: the low half of a new number (half 0: *s moves on, *o
 * receives it), or the high half of *o (half 1), as rng_u32 would give
 * them. 0 with *i set; or 1, nothing drawn, if Lemire's method might
 * reject it (the low 32 bits of the product below n): the run then stops
 * before that turn, and pick_t draws it as rng_below does.
 */
SG_INLINE int run_draw(uint64_t *s, uint64_t *o, int half, uint32_t n,
                       int *i)
{
    uint32_t x = half ? (uint32_t)(*o >> 32) : (uint32_t)(*o = rng_next(s));
    uint64_t m = (uint64_t)x * n;
    if (SG_UNLIKELY((uint32_t)m < n)) {
        if (!half)
            *s -= SG_WY0; /* not drawn after all */
        return 1;
    }
    *i = (int)(m >> 32);
    return 0;
}

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
    return (int)__builtin_ctzll(_pdep_u64((uint64_t)1 << i, x));
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
 * with the same draw. cap
 * (of type runcap_fn, named by SG_RUNCAP) finds a step's captures: on
 * 5x5, which has its own runs in a padded layout (playout5_impl.h), its
 * capture function there; on 9x9, which has its own runs in two one-word
 * windows (below), cap_w9; on 7x7, cap_at.
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
#if N == 5
#include "playout5_impl.h"
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
 * popcount takes one word instead of two (the board's two words cost
 * 183 instructions a MODERN action; docs/performance.md, "Playouts").
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
    BB keep = r->immune ? bb_andnot(m_full(), m_centre()) : m_full();
    RUNC c = {w9(keep, 0) & W9_LO63, w9(keep, 18),
              r->quiet_limit ? r->quiet_limit : INT32_MAX, max_actions};
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
        u->qb = u->k + 1;
        u->stop = run_stop(u->qb, u->qb, c->limit, c->max_actions);
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
    RUNC c = {r->immune ? bb_andnot(m_full(), m_centre()) : m_full(),
              r->quiet_limit ? r->quiet_limit : INT32_MAX, max_actions};
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
        u->qb = u->k + 1;
        u->stop = run_stop(u->qb, u->qb, c->limit, c->max_actions);
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
           (N != 5 || (r->opening && (PIECES - p->hand[0] < 2 ||
                                      PIECES - p->hand[1] < 2)));
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
 * run, or to its end and the next playout takes its place. 7x7 playouts
 * took 0.70-0.80 of the time this way, 9x9 ones 0.90-0.92 (two 9x9
 * games' windows do not fit the registers), 5x5 ones 0.64-0.73 (once
 * the runs played rounds of two turns a game, each round one number of
 * each game's generator; docs/performance.md, "Playouts").
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

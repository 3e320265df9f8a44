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
    BB own = p->bb[side], empty = p_empty(p);
    for (int d = 0; d < ndirs(m8); d++) {
        int k = dir_delta(d);
        for (BB t = bb_and(sh(own, d), empty); bb_any(t); t = bb_pop_lsb(t)) {
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
    for (int d = 0; d < ndirs(m8); d++) {
        BB t = bb_and(sh(fb, d), empty);
        if (!bb_any(t))
            continue;
        int to = bb_lsb(t);
        BB own = bb_or(bb_xor(p->bb[me], fb), t);
        if (bb_any(captures_t(own, p->bb[me ^ 1], to, r->immune, c8)))
            out[n++] = SG_ACT(SEEGA_ACTION_STEP, from, to);
    }
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

/* The number gen_t would give, mostly without building the list. */
SG_INLINE int count_t(const POS *p, const sg_crules *r, int m8, int c8)
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
        return gen_t(p, r, list, m8, c8);
    }
    }
}

/* ---- perft ----------------------------------------------------------------- */

/* One perft per (m8, c8), so the inner loops know their directions. */
#define SG_DEFINE_PERFT(M8, C8)                                                \
    static uint64_t perft_##M8##C8(const POS *p, const sg_crules *r,           \
                                   int depth)                                  \
    {                                                                          \
        seega_action list[SEEGA_MAX_ACTIONS];                                  \
        uint64_t total = 0;                                                    \
        if (depth == 1)                                                        \
            return (uint64_t)count_t(p, r, M8, C8); /* bulk counting */        \
        int n = gen_t(p, r, list, M8, C8);                                     \
        for (int i = 0; i < n; i++) {                                          \
            POS c = *p;                                                        \
            make_t(&c, r, list[i], M8, C8, 0);                                 \
            total += perft_##M8##C8(&c, r, depth - 1);                         \
        }                                                                      \
        return total;                                                          \
    }
SG_DEFINE_PERFT(0, 0)
SG_DEFINE_PERFT(0, 1)
SG_DEFINE_PERFT(1, 0)
SG_DEFINE_PERFT(1, 1)

static uint64_t p_perft(const POS *p, const sg_crules *r, int depth)
{
    if (depth <= 0)
        return 1;
    switch (r->move8 * 2 + r->cap8) {
    case 0: return perft_00(p, r, depth);
    case 1: return perft_01(p, r, depth);
    case 2: return perft_10(p, r, depth);
    default: return perft_11(p, r, depth);
    }
}

/* ---- playouts -------------------------------------------------------------- */

/*
 * The generator: wyrand (Wang Yi), one multiply per number, any seed; each
 * playout's stream starts from the seed and the playout's number, so the
 * stats do not depend on how playouts are scheduled.
 */
SG_INLINE uint64_t rng_next(uint64_t *s)
{
    *s += 0xa0761d6478bd642fu;
    uint64_t a = *s, b = *s ^ 0xe7037ed1a0b428dbu;
#if SG_HAVE_INT128
    bb128 m = (bb128)a * b;
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
}

/* Uniform in [0, n), n >= 1, without bias (Lemire's method). */
SG_INLINE uint32_t rng_below(uint64_t *s, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)rng_next(s) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t)
            m = (uint64_t)(uint32_t)rng_next(s) * n;
    }
    return (uint32_t)(m >> 32);
}

/* out: x wins, o wins, draws, unfinished, actions. */
#define SG_DEFINE_PLAYOUTS(M8, C8)                                             \
    static void playouts_##M8##C8(const POS *start, const sg_crules *r,        \
                                  uint64_t seed, uint32_t count,               \
                                  uint32_t max_actions, uint64_t out[5])       \
    {                                                                          \
        seega_action list[SEEGA_MAX_ACTIONS];                                  \
        for (uint32_t i = 0; i < count; i++) {                                 \
            uint64_t s = seed ^ ((uint64_t)i * 0x9E3779B97F4A7C15u);           \
            POS p = *start;                                                    \
            uint32_t k = 0;                                                    \
            int n;                                                             \
            rng_next(&s);                                                      \
            while ((n = gen_t(&p, r, list, M8, C8)) > 0 && k < max_actions) {  \
                make_t(&p, r, list[rng_below(&s, (uint32_t)n)], M8, C8, 0);    \
                k++;                                                           \
            }                                                                  \
            out[4] += k;                                                       \
            if (n > 0) {                                                       \
                out[3]++;                                                      \
                continue;                                                      \
            }                                                                  \
            if (p_at_turn_start(&p))                                           \
                p_turn_start(&p, r);                                           \
            out[p.result == SEEGA_X_WINS   ? 0                                 \
                : p.result == SEEGA_O_WINS ? 1                                 \
                                           : 2]++;                             \
        }                                                                      \
    }
SG_DEFINE_PLAYOUTS(0, 0)
SG_DEFINE_PLAYOUTS(0, 1)
SG_DEFINE_PLAYOUTS(1, 0)
SG_DEFINE_PLAYOUTS(1, 1)

static void p_playouts(const POS *p, const sg_crules *r, uint64_t seed,
                       uint32_t count, uint32_t max_actions, uint64_t out[5])
{
    switch (r->move8 * 2 + r->cap8) {
    case 0: playouts_00(p, r, seed, count, max_actions, out); break;
    case 1: playouts_01(p, r, seed, count, max_actions, out); break;
    case 2: playouts_10(p, r, seed, count, max_actions, out); break;
    default: playouts_11(p, r, seed, count, max_actions, out); break;
    }
}

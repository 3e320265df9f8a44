/*
 * Layer 4, move generation, for one board size (after position_impl.h):
 * the legal actions of a position under the rules, written into the
 * caller's fixed array, and perft. No allocation.
 */

/* Every step of `side`, appended to out; returns the new count. */
static int gen_steps(const POS *p, const sg_crules *r, int side,
                     seega_action *out, int n)
{
    BB own = p->bb[side], empty = p_empty(p);
    for (int d = 0; d < ndirs(r->move8); d++) {
        int k = dir_delta(d);
        for (BB t = bb_and(sh(own, d), empty); bb_any(t); t = bb_pop_lsb(t)) {
            int to = bb_lsb(t);
            out[n++] = SG_ACT(SEEGA_ACTION_STEP, to - k, to);
        }
    }
    return n;
}

/* The capturing steps of the chain piece, then pass. */
static int gen_chain(const POS *p, const sg_crules *r, seega_action *out)
{
    int me = p->side, n = 0, from = p->chain;
    BB fb = bb_bit(from), empty = p_empty(p);
    for (int d = 0; d < ndirs(r->move8); d++) {
        BB t = bb_and(sh(fb, d), empty);
        if (!bb_any(t))
            continue;
        int to = bb_lsb(t);
        BB own = bb_or(bb_xor(p->bb[me], fb), t);
        if (bb_any(captures(own, p->bb[me ^ 1], to, r)))
            out[n++] = SG_ACT(SEEGA_ACTION_STEP, from, to);
    }
    out[n++] = SG_ACT(SEEGA_ACTION_PASS, SG_NOSQ, SG_NOSQ);
    return n;
}

/*
 * Does the step leave the other (blocked) side a legal step, or at lose_at
 * pieces or fewer, once its captures are made? (OPPONENT_OPENS, '!')
 */
static int step_opens(const POS *p, const sg_crules *r, seega_action a)
{
    int me = p->side;
    int from = SG_ACT_FROM(a), to = SG_ACT_TO(a);
    BB own = bb_xor(p->bb[me], bb_or(bb_bit(from), bb_bit(to)));
    BB enemy = bb_andnot(p->bb[me ^ 1], captures(own, p->bb[me ^ 1], to, r));
    if (bb_count(enemy) <= r->lose_at)
        return 1;
    return bb_has_step(enemy, bb_andnot(m_full(), bb_or(own, enemy)),
                       r->move8);
}

static int gen_legal(const POS *p, const sg_crules *r, seega_action *out)
{
    int me = p->side, n = 0;
    if (p->result != SEEGA_ONGOING)
        return 0;
    if (p_placing(p)) {
        BB t = bb_andnot(p_empty(p), m_centre());
        if (r->opening && PIECES - p->hand[me] < 2)
            t = bb_and(t, m_marked(me));
        for (; bb_any(t); t = bb_pop_lsb(t))
            out[n++] = SG_ACT(SEEGA_ACTION_PLACE, SG_NOSQ, bb_lsb(t));
        return n;
    }
    switch (p->state) {
    case SG_ST_CHAIN:
        return gen_chain(p, r, out);
    case SG_ST_EXTRA: {
        /* Must open: keep the first moves that give the blocked side a
         * move, unless none does. */
        int all = gen_steps(p, r, me, out, 0);
        for (int i = 0; i < all; i++)
            if (step_opens(p, r, out[i]))
                out[n++] = out[i];
        return n ? n : all;
    }
    default:
        n = gen_steps(p, r, me, out, 0);
        if (n || p->state == SG_ST_REMOVED)
            return n;
        /* Blocked at the start of a normal turn. */
        if (r->blocked == SEEGA_BLOCKED_REMOVES) {
            for (BB t = p->bb[me ^ 1]; bb_any(t); t = bb_pop_lsb(t))
                out[n++] = SG_ACT(SEEGA_ACTION_REMOVE, SG_NOSQ, bb_lsb(t));
        } else if (r->blocked != SEEGA_BLOCKED_LOSES) {
            out[n++] = SG_ACT(SEEGA_ACTION_PASS, SG_NOSQ, SG_NOSQ);
        }
        return n;
    }
}

static uint64_t perft_rec(const POS *p, const sg_crules *r, int depth)
{
    seega_action list[SEEGA_MAX_ACTIONS];
    int n = gen_legal(p, r, list);
    if (depth == 1)
        return (uint64_t)n; /* bulk counting at the last ply */
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        POS c = *p;
        p_make(&c, r, list[i]);
        total += perft_rec(&c, r, depth - 1);
    }
    return total;
}

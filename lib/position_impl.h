/*
 * Layer 3, position, for one board size (after geometry_impl.h): the value
 * type of a position, its hash, capture resolution and make of one action,
 * with the end-of-game checks of RULES.md section 3. No allocation, no I/O.
 */

#include "zobrist.h"

typedef struct POS {
    BB bb[2];       /* pieces of X and of O */
    uint64_t hash;  /* Zobrist: board, side, hands, turn state */
    int32_t quiet;  /* quiet-turn counter */
    uint8_t side;   /* side to move */
    uint8_t state;  /* SG_ST_* */
    uint8_t chain;  /* chain square in SG_ST_CHAIN, else 0 */
    uint8_t hand[2];
    uint8_t result; /* SEEGA_ONGOING ... */
    uint8_t reason; /* SEEGA_REASON_* */
} POS;

_Static_assert(sizeof(POS) <= SG_POS_BYTES, "POS fits sg_posbuf");

#define P_(buf) ((POS *)(void *)(buf)->bytes)
#define CP_(buf) ((const POS *)(const void *)(buf)->bytes)

SG_INLINE BB p_occ(const POS *p) { return bb_or(p->bb[0], p->bb[1]); }
SG_INLINE BB p_empty(const POS *p) { return bb_andnot(m_full(), p_occ(p)); }
SG_INLINE int p_placing(const POS *p) { return p->hand[0] + p->hand[1] > 0; }

SG_INLINE uint64_t z_state(int state, int chain)
{
    if (state == SG_ST_CHAIN)
        return sg_z_chain[chain];
    return state == SG_ST_NORMAL ? 0 : sg_z_state[state];
}

static uint64_t p_hash_full(const POS *p)
{
    uint64_t h = 0;
    for (int s = 0; s < 2; s++) {
        for (BB b = p->bb[s]; bb_any(b); b = bb_pop_lsb(b))
            h ^= sg_z_piece[s][bb_lsb(b)];
        h ^= sg_z_hand[s][p->hand[s]];
    }
    if (p->side == SEEGA_O)
        h ^= sg_z_side;
    return h ^ z_state(p->state, p->chain);
}

SG_INLINE void p_set_state(POS *p, int state, int chain)
{
    p->hash ^= z_state(p->state, p->chain) ^ z_state(state, chain);
    p->state = (uint8_t)state;
    p->chain = (uint8_t)chain;
}

SG_INLINE void p_set_side(POS *p, int side)
{
    if (p->side != side)
        p->hash ^= sg_z_side;
    p->side = (uint8_t)side;
}

/* ---- steps and captures ------------------------------------------------ */

SG_INLINE int ndirs(int eight) { return eight ? 8 : 4; }

/* Does the set `own` have a step into `empty`? */
SG_INLINE int bb_has_step(BB own, BB empty, int move8)
{
    BB t = bb_or(bb_or(sh(own, D_N), sh(own, D_S)),
                 bb_or(sh(own, D_E), sh(own, D_W)));
    if (move8)
        t = bb_or(t, bb_or(bb_or(sh(own, D_NE), sh(own, D_SW)),
                           bb_or(sh(own, D_NW), sh(own, D_SE))));
    return bb_any(bb_and(t, empty));
}

static int p_has_step(const POS *p, const sg_crules *r, int side)
{
    return bb_has_step(p->bb[side], p_empty(p), r->move8);
}

/*
 * The enemy pieces captured when a piece of the side owning `own` (which
 * already includes the moved piece) arrives on `to`: for each capture
 * direction, the enemy neighbour whose far side holds an own piece.
 */
SG_INLINE BB captures(BB own, BB enemy, int to, const sg_crules *r)
{
    BB tb = bb_bit(to), v = BB_ZERO;
    if (r->immune)
        enemy = bb_andnot(enemy, m_centre());
    for (int d = 0; d < ndirs(r->cap8); d++) {
        BB e = bb_and(sh(tb, d), enemy);
        if (bb_any(bb_and(sh(e, d), own)))
            v = bb_or(v, e);
    }
    return v;
}

/* Has the piece on sq (of the side to move) a step that captures? */
static int p_can_capture_from(const POS *p, const sg_crules *r, int sq)
{
    int me = p->side;
    BB from = bb_bit(sq), empty = p_empty(p);
    for (int d = 0; d < ndirs(r->move8); d++) {
        BB t = bb_and(sh(from, d), empty);
        if (!bb_any(t))
            continue;
        BB own = bb_or(bb_xor(p->bb[me], from), t);
        if (bb_any(captures(own, p->bb[me ^ 1], bb_lsb(t), r)))
            return 1;
    }
    return 0;
}

/* ---- the end of the game ----------------------------------------------- */

static void p_finish(POS *p, int result, int reason)
{
    p->result = (uint8_t)result;
    p->reason = (uint8_t)reason;
    p_set_state(p, SG_ST_NORMAL, 0); /* SPN writes '-' once over */
}

static void p_finish_by_count(POS *p, int reason)
{
    int x = bb_count(p->bb[SEEGA_X]), o = bb_count(p->bb[SEEGA_O]);
    p_finish(p, x > o ? SEEGA_X_WINS : o > x ? SEEGA_O_WINS : SEEGA_DRAW,
             reason);
}

SG_INLINE int wins(int side) { return side == SEEGA_X ? SEEGA_X_WINS : SEEGA_O_WINS; }

/*
 * Checks 2 and 3 of RULES.md "End of the game", at the start of a turn:
 * the quiet limit, then the blocked rule for the side to move.
 */
static void p_turn_start(POS *p, const sg_crules *r)
{
    int me = p->side;
    if (r->quiet_limit && p->quiet >= r->quiet_limit) {
        p_finish_by_count(p, SEEGA_REASON_QUIET);
        return;
    }
    BB empty = p_empty(p);
    if (bb_has_step(p->bb[me], empty, r->move8))
        return;
    if (r->blocked == SEEGA_BLOCKED_LOSES)
        p_finish(p, wins(me ^ 1), SEEGA_REASON_BLOCKED);
    else if (r->blocked != SEEGA_BLOCKED_REMOVES &&
             !bb_has_step(p->bb[me ^ 1], empty, r->move8))
        p_finish_by_count(p, SEEGA_REASON_BOTH_BLOCKED);
}

/* A completed turn: count it, hand over, and check the new turn. */
static void p_end_turn(POS *p, const sg_crules *r, int captured, int next)
{
    if (!captured && p->quiet < INT32_MAX)
        p->quiet++;
    p_set_side(p, p->side ^ 1);
    p_set_state(p, next, 0);
    p_turn_start(p, r);
}

/* Check 1: the enemy fell to lose_at; the turn ends, the loser is to move. */
static void p_material_win(POS *p)
{
    int me = p->side;
    p_set_side(p, me ^ 1);
    p_finish(p, wins(me), SEEGA_REASON_MATERIAL);
}

/* ---- make -------------------------------------------------------------- */

static void p_place(POS *p, const sg_crules *r, int sq)
{
    int me = p->side;
    p->bb[me] = bb_or(p->bb[me], bb_bit(sq));
    p->hash ^= sg_z_piece[me][sq] ^ sg_z_hand[me][p->hand[me]] ^
               sg_z_hand[me][p->hand[me] - 1];
    p->hand[me]--;
    if (!p_placing(p)) {
        /* The last placement: the moving phase begins. */
        p_set_state(p, SG_ST_NORMAL, 0);
        p_set_side(p, r->first);
        p_turn_start(p, r);
    } else if (r->ppt == 2 && p->state == SG_ST_NORMAL) {
        p_set_state(p, SG_ST_PLACED1, 0);
    } else {
        p_set_state(p, SG_ST_NORMAL, 0);
        p_set_side(p, me ^ 1);
    }
}

static void p_step(POS *p, const sg_crules *r, int from, int to)
{
    int me = p->side, opp = me ^ 1;
    int removed_before = p->state == SG_ST_REMOVED;
    BB own = bb_xor(p->bb[me], bb_or(bb_bit(from), bb_bit(to)));
    p->bb[me] = own;
    p->hash ^= sg_z_piece[me][from] ^ sg_z_piece[me][to];
    BB v = captures(own, p->bb[opp], to, r);
    if (!bb_any(v)) {
        p_end_turn(p, r, removed_before, SG_ST_NORMAL);
        return;
    }
    p->bb[opp] = bb_andnot(p->bb[opp], v);
    for (; bb_any(v); v = bb_pop_lsb(v))
        p->hash ^= sg_z_piece[opp][bb_lsb(v)];
    p->quiet = 0;
    if (bb_count(p->bb[opp]) <= r->lose_at) {
        p_material_win(p);
    } else if (r->chain && p_can_capture_from(p, r, to)) {
        p_set_state(p, SG_ST_CHAIN, to);
    } else {
        p_end_turn(p, r, 1, SG_ST_NORMAL);
    }
}

static void p_remove(POS *p, const sg_crules *r, int sq)
{
    int me = p->side, opp = me ^ 1;
    p->bb[opp] = bb_andnot(p->bb[opp], bb_bit(sq));
    p->hash ^= sg_z_piece[opp][sq];
    p->quiet = 0;
    if (bb_count(p->bb[opp]) <= r->lose_at)
        p_material_win(p);
    else if (p_has_step(p, r, me))
        p_set_state(p, SG_ST_REMOVED, 0);
    else
        p_end_turn(p, r, 1, SG_ST_NORMAL);
}

static void p_pass(POS *p, const sg_crules *r)
{
    if (p->state == SG_ST_CHAIN)
        p_end_turn(p, r, 1, SG_ST_NORMAL); /* a chain stops */
    else /* a blocked side passes */
        p_end_turn(p, r, 0,
                   r->blocked == SEEGA_BLOCKED_OPPONENT_OPENS ? SG_ST_EXTRA
                                                              : SG_ST_NORMAL);
}

static void p_make(POS *p, const sg_crules *r, seega_action a)
{
    switch (SG_ACT_KIND(a)) {
    case SEEGA_ACTION_PLACE: p_place(p, r, SG_ACT_TO(a)); break;
    case SEEGA_ACTION_STEP: p_step(p, r, SG_ACT_FROM(a), SG_ACT_TO(a)); break;
    case SEEGA_ACTION_REMOVE: p_remove(p, r, SG_ACT_TO(a)); break;
    default: p_pass(p, r); break;
    }
}

/*
 * The checks a position loaded from SPN gets (RULES.md: "These checks also
 * apply to a position loaded from SPN"): material in the moving phase, and
 * at the start of a turn the quiet limit and the blocked rule. Mid-turn
 * states (chain, '*') are not at a turn start; SPN validation has already
 * refused them with a side at lose_at.
 */
static void p_settle(POS *p, const sg_crules *r)
{
    p->result = SEEGA_ONGOING;
    p->reason = SEEGA_REASON_NONE;
    if (p_placing(p))
        return;
    for (int s = 0; s < 2; s++) {
        if (bb_count(p->bb[s]) <= r->lose_at) {
            p_finish(p, wins(s ^ 1), SEEGA_REASON_MATERIAL);
            return;
        }
    }
    if (p->state == SG_ST_NORMAL || p->state == SG_ST_EXTRA)
        p_turn_start(p, r);
}

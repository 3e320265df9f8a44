/*
 * The position, for one board size (after geometry_impl.h): the value
 * type of a position, its hash, capture resolution and make of one action.
 * No allocation, no I/O.
 *
 * The hot functions are written once and specialised by the compiler:
 * they are always inlined and take the rule flags that shape the inner
 * loops (m8: steps in eight directions, c8: captures in eight directions)
 * and whether to keep the hash up to date (hash) as arguments; callers pass
 * constants (perft, playouts: four specialisations each) or the game's
 * values (the API).
 *
 * make_t applies an action and ends the turn, but leaves the checks at the
 * start of the next turn (quiet limit, blocked rule: checks 2 and 3 of
 * docs/rules.md, "Order of the checks" (#rules_end_order)) to the caller:
 * the API settles them at once with p_turn_start (so the position knows
 * its result), while perft and playouts let move generation find them
 * (gen_t gives no action exactly when the game is over), which costs
 * nothing extra there.
 */
#ifndef SG_CORE_POSITION_IMPL_H
#define SG_CORE_POSITION_IMPL_H

#include "core/geometry_impl.h"
#include "core/rules_impl.h"

#include "core/zobrist.h"

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

SG_INLINE void p_set_state(POS *p, int state, int chain, int hash)
{
    if (hash)
        p->hash ^= z_state(p->state, p->chain) ^ z_state(state, chain);
    p->state = (uint8_t)state;
    p->chain = (uint8_t)chain;
}

SG_INLINE void p_flip_side(POS *p, int hash)
{
    if (hash)
        p->hash ^= sg_z_side;
    p->side ^= 1;
}

SG_INLINE void p_toggle_piece(POS *p, int side, int sq, int hash)
{
    p->bb[side] = bb_xor(p->bb[side], bb_bit(sq));
    if (hash)
        p->hash ^= sg_z_piece[side][sq];
}

/* ---- steps and captures ------------------------------------------------ */

/* Does the set `own` have a step into `empty`? */
SG_INLINE int bb_has_step(BB own, BB empty, int m8)
{
    DEST dest = dest_of(empty);
    BB t = bb_or(bb_or(step_to(own, D_N, dest), step_to(own, D_S, dest)),
                 bb_or(step_to(own, D_E, dest), step_to(own, D_W, dest)));
    if (m8)
        t = bb_or(t, bb_or(bb_or(step_to(own, D_NE, dest),
                                 step_to(own, D_SW, dest)),
                           bb_or(step_to(own, D_NW, dest),
                                 step_to(own, D_SE, dest))));
    return bb_any(t);
}

/* How many steps has the set `own` into `empty`? */
SG_INLINE int bb_count_steps(BB own, BB empty, int m8)
{
    DEST dest = dest_of(empty);
    int n = 0;
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++)
        n += bb_count(step_to(own, d, dest));
    return n;
}

static int p_has_step(const POS *p, const sg_crules *r, int side)
{
    return bb_has_step(p->bb[side], p_empty(p), r->move8);
}

/*
 * May a piece arriving on `to` capture? A sandwich needs a capturable
 * piece next to it and an own piece two squares away; most steps fail
 * this two-load test, which spares them rule_taken.
 */
SG_INLINE int may_capture(BB own, BB capturable, int to, int c8)
{
    return bb_any(bb_and(adj(to, c8), capturable)) &&
           bb_any(bb_and(far2(to, c8), own));
}

/*
 * The enemy pieces captured when a piece of the side owning `own` (which
 * already includes the moved piece) arrives on `to`: for each capture
 * direction, the enemy neighbour whose far side holds an own piece.
 */
SG_INLINE BB captures_t(BB own, BB enemy, int to, int immune, int c8)
{
    BB capturable = rule_capturable_if(immune, enemy);
    if (!may_capture(own, capturable, to, c8))
        return BB_ZERO;
    return rule_taken(own, capturable, bb_bit(to), c8);
}

/*
 * Does the piece `from` (one of own's) capture by one step in direction d
 * into `empty`?
 */
SG_INLINE int step_captures(BB own, BB enemy, BB from, BB empty, int d,
                            int immune, int c8)
{
    BB t = bb_and(sh(from, d), empty);
    return bb_any(t) &&
           bb_any(captures_t(bb_or(bb_xor(own, from), t), enemy, bb_lsb(t),
                             immune, c8));
}

/*
 * The squares where a piece of the side owning `own` captures on arrival:
 * a capturable piece next to it with an own piece beyond. The moving
 * piece may still be in `own`: it is never that far piece, which is two
 * squares from the target, the mover's origin one.
 */
SG_INLINE BB capture_squares(BB own, BB capturable, int c8)
{
    BB x = BB_ZERO;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++)
        x = bb_or(x, sh(rule_sandwiched(capturable, own, c), c ^ 1));
    return x;
}

/*
 * Has the piece on sq (one of own's) a step that captures? One of its
 * empty neighbours in the move directions is a capture square (set-wise,
 * without a branch per direction, whose outcome is hard to predict; own
 * may hold the piece on sq, see capture_squares).
 */
SG_INLINE int bb_can_capture_from(BB own, BB enemy, int sq, int immune,
                                  int m8, int c8)
{
    BB empty = bb_andnot(m_full(), bb_or(own, enemy));
    BB capturable = rule_capturable_if(immune, enemy);
    return bb_any(bb_and(bb_and(adj(sq, m8), empty),
                         capture_squares(own, capturable, c8)));
}

/* Has the piece on sq (of the side to move) a step that captures? */
SG_INLINE int can_capture_from_t(const POS *p, const sg_crules *r, int sq,
                                 int m8, int c8)
{
    return bb_can_capture_from(p->bb[p->side], p->bb[p->side ^ 1], sq,
                               r->immune, m8, c8);
}

static int p_can_capture_from(const POS *p, const sg_crules *r, int sq)
{
    return can_capture_from_t(p, r, sq, r->move8, r->cap8);
}

/* ---- the end of the game ----------------------------------------------- */

SG_INLINE int wins(int side) { return side == SEEGA_X ? SEEGA_X_WINS : SEEGA_O_WINS; }

static void p_finish(POS *p, int result, int reason)
{
    p->result = (uint8_t)result;
    p->reason = (uint8_t)reason;
    p_set_state(p, SG_ST_NORMAL, 0, 1); /* SPN writes '-' once over */
}

static void p_finish_by_count(POS *p, int reason)
{
    int x = bb_count(p->bb[SEEGA_X]), o = bb_count(p->bb[SEEGA_O]);
    p_finish(p, rule_by_count(x, o), reason);
}

/* Is the position at the start of a moving-phase turn of a live game? */
SG_INLINE int p_at_turn_start(const POS *p)
{
    return p->result == SEEGA_ONGOING && !p_placing(p) &&
           (p->state == SG_ST_NORMAL || p->state == SG_ST_EXTRA);
}

/*
 * Checks 2 and 3 of docs/rules.md, "Order of the checks"
 * (#rules_end_order), at the start of a turn:
 * the quiet limit, then the blocked rule for the side to move.
 */
static void p_turn_start(POS *p, const sg_crules *r)
{
    int me = p->side;
    if (rule_quiet_over(r, p->quiet)) {
        p_finish_by_count(p, SEEGA_REASON_QUIET);
        return;
    }
    BB empty = p_empty(p);
    if (bb_has_step(p->bb[me], empty, r->move8))
        return;
    switch (rule_blocked(r, bb_has_step(p->bb[me ^ 1], empty, r->move8))) {
    case SG_BLOCKED_LOSE: p_finish(p, wins(me ^ 1), SEEGA_REASON_BLOCKED); break;
    case SG_BLOCKED_COUNT:
        p_finish_by_count(p, SEEGA_REASON_BOTH_BLOCKED);
        break;
    default: break; /* it removes or passes: an action of its turn */
    }
}

/* A completed turn: count it and hand over (checks: see the top). */
SG_INLINE void end_turn_t(POS *p, int captured, int next, int hash)
{
    p->quiet = rule_quiet_next(p->quiet, captured, 0);
    p_flip_side(p, hash);
    p_set_state(p, next, 0, hash);
}

/* Check 1: the enemy fell to lose_at; the turn ends, the loser is to move. */
SG_INLINE void material_win_t(POS *p, int hash)
{
    p->result = (uint8_t)wins(p->side);
    p->reason = SEEGA_REASON_MATERIAL;
    p_flip_side(p, hash);
    p_set_state(p, SG_ST_NORMAL, 0, hash);
}

/* ---- make -------------------------------------------------------------- */

SG_INLINE void place_t(POS *p, const sg_crules *r, int sq, int hash)
{
    int me = p->side;
    p_toggle_piece(p, me, sq, hash);
    if (hash)
        p->hash ^= sg_z_hand[me][p->hand[me]] ^ sg_z_hand[me][p->hand[me] - 1];
    p->hand[me]--;
    if (!p_placing(p)) {
        /* The last placement: the moving phase begins. */
        p_set_state(p, SG_ST_NORMAL, 0, hash);
        if (p->side != r->first)
            p_flip_side(p, hash);
    } else if (r->ppt == 2 && p->state == SG_ST_NORMAL) {
        p_set_state(p, SG_ST_PLACED1, 0, hash);
    } else {
        p_set_state(p, SG_ST_NORMAL, 0, hash);
        p_flip_side(p, hash);
    }
}

SG_INLINE void step_t(POS *p, const sg_crules *r, int from, int to, int m8,
                      int c8, int hash)
{
    int me = p->side, opp = me ^ 1;
    BB own = bb_xor(p->bb[me], bb_or(bb_bit(from), bb_bit(to)));
    p->bb[me] = own;
    if (hash)
        p->hash ^= sg_z_piece[me][from] ^ sg_z_piece[me][to];
    BB v = captures_t(own, p->bb[opp], to, r->immune, c8);
    if (!bb_any(v)) {
        p->quiet = rule_quiet_next(p->quiet, 0, p->state == SG_ST_REMOVED);
        p_flip_side(p, hash);
        p_set_state(p, SG_ST_NORMAL, 0, hash);
        return;
    }
    p->bb[opp] = bb_andnot(p->bb[opp], v);
    if (hash)
        for (; bb_any(v); v = bb_pop_lsb(v))
            p->hash ^= sg_z_piece[opp][bb_lsb(v)];
    p->quiet = rule_quiet_reset();
    if (rule_material_lost(r, bb_count(p->bb[opp])))
        material_win_t(p, hash);
    else if (RULE_CHAIN_GOES_ON(r, can_capture_from_t(p, r, to, m8, c8)))
        p_set_state(p, SG_ST_CHAIN, to, hash);
    else
        end_turn_t(p, 1, SG_ST_NORMAL, hash);
}

SG_INLINE void remove_t(POS *p, const sg_crules *r, int sq, int m8, int hash)
{
    int me = p->side;
    p_toggle_piece(p, me ^ 1, sq, hash);
    p->quiet = rule_quiet_reset();
    if (rule_material_lost(r, bb_count(p->bb[me ^ 1])))
        material_win_t(p, hash);
    else if (bb_has_step(p->bb[me], p_empty(p), m8))
        p_set_state(p, SG_ST_REMOVED, 0, hash);
    else
        end_turn_t(p, 1, SG_ST_NORMAL, hash);
}

SG_INLINE void pass_t(POS *p, const sg_crules *r, int hash)
{
    if (p->state == SG_ST_CHAIN)
        end_turn_t(p, 1, SG_ST_NORMAL, hash); /* a chain stops */
    else /* a blocked side passes */
        end_turn_t(p, 0, rule_pass_must_open(r) ? SG_ST_EXTRA : SG_ST_NORMAL,
                   hash);
}

/* Play a legal action (see the top for what is left to the caller). */
SG_INLINE void make_t(POS *p, const sg_crules *r, seega_action a, int m8,
                      int c8, int hash)
{
    switch (SG_ACT_KIND(a)) {
    case SEEGA_ACTION_STEP:
        step_t(p, r, SG_ACT_FROM(a), SG_ACT_TO(a), m8, c8, hash);
        break;
    case SEEGA_ACTION_PLACE: place_t(p, r, SG_ACT_TO(a), hash); break;
    case SEEGA_ACTION_REMOVE: remove_t(p, r, SG_ACT_TO(a), m8, hash); break;
    default: pass_t(p, r, hash); break;
    }
}

/* make_t with the hash kept, for the search and the API. */
static SG_NOINLINE void p_make_hashed(POS *p, const sg_crules *r,
                                      seega_action a)
{
    make_t(p, r, a, r->move8, r->cap8, 1);
}

/* The API's make: hash kept, and the result settled at once. */
static void p_make(POS *p, const sg_crules *r, seega_action a)
{
    p_make_hashed(p, r, a);
    if (p_at_turn_start(p))
        p_turn_start(p, r);
}

/*
 * The checks a position loaded from SPN gets (docs/rules.md, "Loaded
 * positions" (#rules_end_loaded)): material in the moving phase, and
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
        if (rule_material_lost(r, bb_count(p->bb[s]))) {
            p_finish(p, wins(s ^ 1), SEEGA_REASON_MATERIAL);
            return;
        }
    }
    if (p_at_turn_start(p))
        p_turn_start(p, r);
}

#endif

/*
 * One board size: geometry, position, move generation, the
 * fast paths (perft, playouts) and the search for board size SG_N, and
 * the sg_board vtable through which the size-independent code reaches
 * them.
 * board5.c, board7.c and board9.c each define SG_N and include this file.
 */
#include "core/core.h"

#include "core/geometry_impl.h"
#include "core/position_impl.h"
#include "core/movegen_impl.h"
#include "fast/perft_impl.h"
#include "fast/playout_impl.h"
#include "search/search_impl.h"

#define SG_CAT_(a, b) a##b
#define SG_CAT(a, b) SG_CAT_(a, b)

static void v_start(sg_posbuf *buf, const sg_crules *r)
{
    POS *p = P_(buf);
    (void)r;
    memset(buf, 0, sizeof *buf);
    p->hand[0] = p->hand[1] = PIECES;
    p->side = SEEGA_X;
    p->hash = p_hash_full(p);
}

static void v_load(sg_posbuf *buf, const sg_gpos *g)
{
    POS *p = P_(buf);
    memset(buf, 0, sizeof *buf);
    for (int sq = 0; sq < SQ; sq++)
        if (g->cell[sq] != SEEGA_EMPTY)
            p->bb[g->cell[sq]] = bb_or(p->bb[g->cell[sq]], bb_bit(sq));
    p->side = (uint8_t)g->side;
    p->hand[0] = (uint8_t)g->hand[0];
    p->hand[1] = (uint8_t)g->hand[1];
    p->quiet = g->quiet;
    p->state = (uint8_t)g->state;
    p->chain = (uint8_t)(g->state == SG_ST_CHAIN ? g->chain : 0);
    p->hash = p_hash_full(p);
}

static void v_settle(sg_posbuf *buf, const sg_crules *r)
{
    p_settle(P_(buf), r);
}

static void v_store(const sg_posbuf *buf, sg_gpos *g)
{
    const POS *p = CP_(buf);
    g->n = N;
    for (int sq = 0; sq < SQ; sq++)
        g->cell[sq] = (int8_t)(bb_test(p->bb[0], sq)   ? SEEGA_X
                               : bb_test(p->bb[1], sq) ? SEEGA_O
                                                       : SEEGA_EMPTY);
    g->side = p->side;
    g->hand[0] = p->hand[0];
    g->hand[1] = p->hand[1];
    g->quiet = p->quiet;
    g->state = p->state;
    g->chain = p->state == SG_ST_CHAIN ? p->chain : -1;
}

static int v_has_step(const sg_posbuf *buf, const sg_crules *r, int side)
{
    return p_has_step(CP_(buf), r, side);
}

static int v_can_capture_from(const sg_posbuf *buf, const sg_crules *r,
                              int sq)
{
    return p_can_capture_from(CP_(buf), r, sq);
}

static int v_legal(const sg_posbuf *buf, const sg_crules *r,
                   seega_action *out)
{
    return p_gen(CP_(buf), r, out);
}

static void v_make(sg_posbuf *buf, const sg_crules *r, seega_action a)
{
    p_make(P_(buf), r, a);
}

static uint64_t v_perft(const sg_posbuf *buf, const sg_crules *r, int depth)
{
    return p_perft(CP_(buf), r, depth);
}

static void v_playouts(const sg_posbuf *buf, const sg_crules *r,
                       uint64_t seed, uint32_t count, uint32_t max_actions,
                       uint64_t out[5])
{
    p_playouts(CP_(buf), r, seed, count, max_actions, out);
}

static sg_outcome v_outcome(const sg_posbuf *buf)
{
    sg_outcome o;
    o.result = CP_(buf)->result;
    o.reason = CP_(buf)->reason;
    return o;
}

static int v_side(const sg_posbuf *buf) { return CP_(buf)->side; }

static int v_state(const sg_posbuf *buf, int *chain)
{
    const POS *p = CP_(buf);
    if (chain)
        *chain = p->state == SG_ST_CHAIN ? p->chain : -1;
    return p->state;
}

static int v_piece_at(const sg_posbuf *buf, int sq)
{
    const POS *p = CP_(buf);
    return bb_test(p->bb[0], sq) ? SEEGA_X
           : bb_test(p->bb[1], sq) ? SEEGA_O
                                   : SEEGA_EMPTY;
}

static int v_count(const sg_posbuf *buf, int side)
{
    return bb_count(CP_(buf)->bb[side]);
}

static int v_hand(const sg_posbuf *buf, int side)
{
    return CP_(buf)->hand[side];
}

static int32_t v_quiet(const sg_posbuf *buf) { return CP_(buf)->quiet; }

static uint64_t v_hash(const sg_posbuf *buf) { return CP_(buf)->hash; }

static int v_same(const sg_posbuf *a, const sg_posbuf *b)
{
    const POS *p = CP_(a), *q = CP_(b);
    return p->hash == q->hash && bb_eq(p->bb[0], q->bb[0]) &&
           bb_eq(p->bb[1], q->bb[1]) && p->side == q->side &&
           p->state == q->state && p->chain == q->chain &&
           p->hand[0] == q->hand[0] && p->hand[1] == q->hand[1];
}

static int v_vanished(const sg_posbuf *a, const sg_posbuf *b, int side,
                      int32_t *out, int cap)
{
    int n = 0;
    for (BB t = bb_andnot(CP_(a)->bb[side], CP_(b)->bb[side]); bb_any(t);
         t = bb_pop_lsb(t), n++)
        if (n < cap)
            out[n] = bb_lsb(t);
    return n;
}

const sg_board SG_CAT(sg_board, SG_N) = {
    N,
    v_start,
    v_load,
    v_settle,
    v_store,
    v_has_step,
    v_can_capture_from,
    v_legal,
    v_make,
    v_perft,
    v_playouts,
    v_search,
    v_outcome,
    v_side,
    v_state,
    v_piece_at,
    v_count,
    v_hand,
    v_quiet,
    v_hash,
    v_same,
    v_vanished,
};

/*
 * The rule predicates in the forms the fast paths need, for one board
 * size (after core/movegen_impl.h): a step's captures from precomputed
 * masks, square by square (cap_at, with BMI2 a pext and a pdep) and in a
 * one-word window of seven ranks on 9x9 (w9); the chain test over the
 * board, square by square and in a window. Each is checked against the
 * canonical form by the differential tests. The perft counts
 * (perft_bulk_impl.h) and the playouts (playout_draw_impl.h) build on
 * these wherever they decide a capture or a chain.
 */
#ifndef SG_FAST_FORMS_IMPL_H
#define SG_FAST_FORMS_IMPL_H

#include "core/movegen_impl.h"

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
        k[c] = rule_sandwiched(capturable, own, c);
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
    return rule_quiet_next(p->quiet, 0, p->state == SG_ST_REMOVED);
}

#if N == 9
/*
 * The chain test of capture_replies_t on 9x9: how many squares of t (the
 * empty squares next to `to`) a piece of own captures on arriving, i.e.
 * the captures the chain piece on `to` may go on with. The other sizes
 * count t & capture_squares over the whole board; on 9x9 that is two
 * words a step, on one of perft's hottest paths, so this counts in one
 * word. Everything the count looks at lies within three
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

#define W9_AND(a, b) ((a) & (b))

/* capture_squares in a window: where a piece of o arriving takes one of
 * k (exact within two ranks of the window's edges, which is all the
 * callers look at) */
SG_INLINE uint64_t w9_capture_squares(uint64_t o, uint64_t k, int c8)
{
    uint64_t x = 0;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++)
        x |= w9_sh(RULE_SANDWICHED(w9_sh, W9_AND, k, o, c), c ^ 1);
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
    return chain_targets(own2, rule_capturable(r, en2), bb_and(adj(to, m8), empty2),
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
    return rule_material_lost(r, bb_count(en)) ||
           RULE_CHAIN_GOES_ON(r, chain_after(r, own, en, to, m8, c8));
}

#if N == 9
/* The window tables (window coordinates: rank 0-6, file 0-8, square
 * 9 rank + file); a square off the window's seven ranks counts as off
 * the board, which it is or which lies farther from the square looked at
 * than any count here looks. */
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

/* The pieces of k (a window's capturable pieces) a piece of o (the
 * window's own pieces) arriving on u takes (cap_at in the window). */
typedef uint64_t (*capw_fn)(uint64_t o, uint64_t k, int u, int c8);

SG_INLINE uint64_t cap_w9_base(uint64_t o, uint64_t k, int u, int c8)
{
    uint64_t v = 0, b = (uint64_t)1 << u;
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++)
        v |= w9_sh(b, c) & RULE_SANDWICHED(w9_sh, W9_AND, k, o, c);
    return v & W9_CN1[c8][u];
}
#if SG_DISPATCH
#include <immintrin.h>
static inline __attribute__((always_inline, target("popcnt,bmi,bmi2")))
uint64_t cap_w9_fast(uint64_t o, uint64_t k, int u, int c8)
{
    return sg_pdep64(sg_pext64(o, W9_FAR[c8][u]), W9_CN1[c8][u]) & k;
}
#else
#define cap_w9_fast cap_w9_base
#endif
#endif

/* The capturable pieces a piece of `own` arriving on `to` takes: for each
 * capture direction, the neighbour with an own piece beyond it (the mover
 * is never that piece: it comes from a neighbour of `to`). */
typedef BB (*capat_fn)(BB own, BB capturable, int to, int c8);

SG_INLINE BB cap_at_base(BB own, BB capturable, int to, int c8)
{
    return rule_taken(own, capturable, bb_bit(to), c8);
}
#if SG_DISPATCH && N <= 7
#include <immintrin.h>
/* The own pieces two squares away, packed (pext) and spread onto the
 * neighbours between (pdep): see SG_CN1. */
static inline __attribute__((always_inline, target("popcnt,bmi,bmi2"))) BB
cap_at_fast(BB own, BB capturable, int to, int c8)
{
    return sg_pdep64(sg_pext64(own, far2(to, c8)), cap_n1(to, c8)) &
           capturable;
}
#else
#define cap_at_fast cap_at_base
#endif
#define cap_at_wide cap_at_fast

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

/* How many steps of the piece on `to` into `empty` capture? (The chain's
 * captures, square by square.) */
SG_INLINE int chain_count_e(BB own, BB capturable, BB empty, int to, int m8,
                            int c8, capat_fn cap)
{
    int n = 0;
    for (BB t = bb_and(adj(to, m8), empty); bb_any(t); t = bb_pop_lsb(t))
        n += bb_any(cap(own, capturable, bb_lsb(t), c8));
    return n;
}

#endif

/*
 * Layer 1, geometry, for one board size: SG_N must be defined (5, 7, 9).
 * Included once per core translation unit (core5.c, core7.c, core9.c), so
 * every constant here is a compile-time constant of that size.
 *
 * Squares: index = rank * N + file (a1 = 0); bit i of a bitboard is
 * square i. Directions come in opposite pairs (d ^ 1 is the reverse), the
 * four orthogonal ones first.
 */
#ifndef SG_N
#error "define SG_N before including geometry_impl.h"
#endif

#include "bitboard.h"

#define N SG_N
#define SQ (N * N)
#define CENTRE (SQ / 2)
#define PIECES ((SQ - 1) / 2)

_Static_assert(N == 5 || N == 7 || N == 9, "board size");
_Static_assert(CENTRE == (N / 2) * N + N / 2, "centre index");
_Static_assert(PIECES < 64, "hand counts fit the Zobrist table");

/* ---- the bitboard type of this size ------------------------------------ */

#if N <= 7
_Static_assert(SQ <= 64, "one word");
typedef bb64 BB;
#define BB_(op) bb64_##op
#define BB_ZERO BB64_ZERO
#define BB_W2(lo, hi) ((bb64)(lo))
#else
_Static_assert(SQ <= 128, "two words");
typedef bb128 BB;
#define BB_(op) bb128_##op
#define BB_ZERO BB128_ZERO
#if SG_HAVE_INT128
#define BB_W2(lo, hi) ((((bb128)(hi)) << 64) | (bb128)(lo))
#else
#define BB_W2(lo, hi) bb128_make((lo), (hi))
#endif
#endif

#define bb_and BB_(and)
#define bb_or BB_(or)
#define bb_xor BB_(xor)
#define bb_andnot BB_(andnot)
#define bb_bit BB_(bit)
#define bb_test BB_(test)
#define bb_any BB_(any)
#define bb_eq BB_(eq)
#define bb_count BB_(count)
#define bb_lsb BB_(lsb)
#define bb_pop_lsb BB_(pop_lsb)
#define bb_word BB_(word)

/* ---- masks, as constant expressions ------------------------------------ */

/* Word w (0 or 1) of the one-square set {sq}. */
#define SG_BW(sq, w) ((uint64_t)((sq) / 64 == (w)) << ((sq) % 64))
/* Square (k, f) if k < N, else nothing; word w. */
#define SG_KF(k, f, w) ((k) < N ? SG_BW((k) * N + (f), w) : 0)
#define SG_FILE_W(f, w)                                                        \
    (SG_KF(0, f, w) | SG_KF(1, f, w) | SG_KF(2, f, w) | SG_KF(3, f, w) |        \
     SG_KF(4, f, w) | SG_KF(5, f, w) | SG_KF(6, f, w) | SG_KF(7, f, w) |        \
     SG_KF(8, f, w))
#define SG_FULL_W(w)                                                           \
    ((w) == 0 ? (SQ >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << (SQ % 64)) - 1))   \
              : (SQ > 64 ? (((uint64_t)1 << ((SQ - 64) % 64)) - 1) : 0))

SG_INLINE BB m_full(void) { return BB_W2(SG_FULL_W(0), SG_FULL_W(1)); }
SG_INLINE BB m_file_a(void) { return BB_W2(SG_FILE_W(0, 0), SG_FILE_W(0, 1)); }
SG_INLINE BB m_file_z(void)
{
    return BB_W2(SG_FILE_W(N - 1, 0), SG_FILE_W(N - 1, 1));
}
SG_INLINE BB m_rank_1(void) { return BB_W2(SG_FULL_W(0) & ((1u << N) - 1), 0); }
SG_INLINE BB m_rank_z(void)
{
    /* the top N squares: FULL minus the squares below them */
    return bb_andnot(m_full(), BB_(low)(SQ - N));
}
SG_INLINE BB m_centre(void) { return bb_bit(CENTRE); }

/* ---- directions ---------------------------------------------------------- */

enum { D_N, D_S, D_E, D_W, D_NE, D_SW, D_NW, D_SE };

SG_INLINE int dir_delta(int d)
{
    static const int delta[8] = {N, -N, 1, -1, N + 1, -N - 1, N - 1, -N + 1};
    return delta[d];
}

/* Squares from which one step in direction d stays on the board. */
SG_INLINE BB dir_src(int d)
{
    BB keep = m_full();
    switch (d) {
    case D_N: return bb_andnot(keep, m_rank_z());
    case D_S: return bb_andnot(keep, m_rank_1());
    case D_E: return bb_andnot(keep, m_file_z());
    case D_W: return bb_andnot(keep, m_file_a());
    case D_NE: return bb_andnot(keep, bb_or(m_rank_z(), m_file_z()));
    case D_SW: return bb_andnot(keep, bb_or(m_rank_1(), m_file_a()));
    case D_NW: return bb_andnot(keep, bb_or(m_rank_z(), m_file_a()));
    default: return bb_andnot(keep, bb_or(m_rank_1(), m_file_z()));
    }
}

/* Every square of b moved one step in direction d; off-board steps vanish. */
SG_INLINE BB sh(BB b, int d)
{
    int k = dir_delta(d);
    b = bb_and(b, dir_src(d));
    return k > 0 ? BB_(shl)(b, k) : BB_(shr)(b, -k);
}

/* X's two marked opening squares (centre's file) and O's (centre's rank). */
SG_INLINE BB m_marked(int side)
{
    return side == SEEGA_X
               ? bb_or(bb_bit(CENTRE - N), bb_bit(CENTRE + N))
               : bb_or(bb_bit(CENTRE - 1), bb_bit(CENTRE + 1));
}

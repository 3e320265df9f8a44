/*
 * Geometry for one board size: SG_N must be defined (5, 7, 9).
 * Included once per core translation unit (board5.c, board7.c, board9.c), so
 * every constant here is a compile-time constant of that size.
 *
 * Squares: index = rank * N + file (a1 = 0); bit i of a bitboard is
 * square i. Directions come in opposite pairs (d ^ 1 is the reverse), the
 * four orthogonal ones first.
 */
#ifndef SG_CORE_GEOMETRY_IMPL_H
#define SG_CORE_GEOMETRY_IMPL_H

#ifndef SG_N
#error "define SG_N before including geometry_impl.h"
#endif

#include "core/bitboard.h"
#include "core/core.h"
#include "core/rules.h"

#include <string.h>

#define N SG_N
#define SQ (N * N)
#define CENTRE (SQ / 2)
#define PIECES ((SQ - 1) / 2)

_Static_assert(N == 5 || N == 7 || N == 9, "board size");
_Static_assert(CENTRE == (N / 2) * N + N / 2, "centre index");
_Static_assert(PIECES < 64, "hand counts fit the Zobrist table");

/* ---- the bitboard type of this size ------------------------------------ */

/* BB_W2: a set from its two words; BB_INIT: the same as an initializer. */
#if N <= 7
_Static_assert(SQ <= 64, "one word");
typedef bb64 BB;
#define BB_(op) bb64_##op
#define BB_ZERO BB64_ZERO
#define BB_W2(lo, hi) ((bb64)(lo))
#define BB_INIT(lo, hi) ((bb64)(lo))
#else
_Static_assert(SQ <= 128, "two words");
typedef bb128 BB;
#define BB_(op) bb128_##op
#define BB_ZERO BB128_ZERO
#define BB_W2(lo, hi) bb128_make((lo), (hi))
#define BB_INIT(lo, hi)                                                        \
    {                                                                          \
        (lo), (hi)                                                             \
    }
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

/* Word w (0 or 1) of the one-square set {sq} (sq >= 0 where used; the
 * shift count stays in range for any sq, as dead branches need). */
#define SG_BW(sq, w)                                                           \
    ((uint64_t)((sq) / 64 == (w)) << ((((sq) % 64) + 64) % 64))
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

/*
 * Neighbours of every square, as constant tables: SG_ADJ[0][sq] the four
 * orthogonal ones, SG_ADJ[1][sq] all eight. One load instead of four or
 * eight masked shifts in the hottest paths.
 */
/* Is the square dr ranks and df files from s on the board? */
#define SG_ON(s, dr, df)                                                       \
    ((s) < SQ && (s) / N + (dr) >= 0 && (s) / N + (dr) < N &&                  \
     (s) % N + (df) >= 0 && (s) % N + (df) < N)
/* That square, if on the board (word w). */
#define SG_NB(s, dr, df, w)                                                    \
    (SG_ON(s, dr, df) ? SG_BW((s) + (dr)*N + (df), w) : 0)
/* X(s, dr, df, w) over the four orthogonal directions (k steps each) and
 * over all eight. */
#define SG_DIRS4(X, s, k, w)                                                   \
    (X(s, k, 0, w) | X(s, -(k), 0, w) | X(s, 0, k, w) | X(s, 0, -(k), w))
#define SG_DIRS8(X, s, k, w)                                                   \
    (SG_DIRS4(X, s, k, w) | X(s, k, k, w) | X(s, -(k), -(k), w) |              \
     X(s, k, -(k), w) | X(s, -(k), k, w))
#define SG_ADJ4_W(s, w) SG_DIRS4(SG_NB, s, 1, w)
#define SG_ADJ8_W(s, w) SG_DIRS8(SG_NB, s, 1, w)
/* The squares two steps away along a direction (the far side of a
 * sandwich). */
#define SG_FAR4_W(s, w) SG_DIRS4(SG_NB, s, 2, w)
#define SG_FAR8_W(s, w) SG_DIRS8(SG_NB, s, 2, w)
#define SG_FAR4_E(s) BB_INIT(SG_FAR4_W(s, 0), SG_FAR4_W(s, 1)),
#define SG_FAR8_E(s) BB_INIT(SG_FAR8_W(s, 0), SG_FAR8_W(s, 1)),
#define SG_ADJ4_E(s) BB_INIT(SG_ADJ4_W(s, 0), SG_ADJ4_W(s, 1)),
#define SG_ADJ8_E(s) BB_INIT(SG_ADJ8_W(s, 0), SG_ADJ8_W(s, 1)),
#define SG_FOR_SQ(X)                                                           \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12)        \
    X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24)    \
    X(25) X(26) X(27) X(28) X(29) X(30) X(31) X(32) X(33) X(34) X(35) X(36)    \
    X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45) X(46) X(47) X(48)    \
    X(49) X(50) X(51) X(52) X(53) X(54) X(55) X(56) X(57) X(58) X(59) X(60)    \
    X(61) X(62) X(63) X(64) X(65) X(66) X(67) X(68) X(69) X(70) X(71) X(72)    \
    X(73) X(74) X(75) X(76) X(77) X(78) X(79) X(80)

static const BB SG_ADJ[2][SG_MAX_SQ] = {{SG_FOR_SQ(SG_ADJ4_E)},
                                        {SG_FOR_SQ(SG_ADJ8_E)}};

static const BB SG_FAR[2][SG_MAX_SQ] = {{SG_FOR_SQ(SG_FAR4_E)},
                                        {SG_FOR_SQ(SG_FAR8_E)}};

/*
 * For captures on arrival, square by square: SG_CN1[eight][sq] the
 * neighbours of sq whose square beyond (two steps from sq, in SG_FAR) is on
 * the board. Ordered by square index, the k-th of SG_CN1 and the k-th of
 * SG_FAR are in the same direction (sq plus one and two times the
 * direction's delta), so pext/pdep map one set onto the other.
 */
#define SG_NB2(s, dr, df, w)                                                   \
    (SG_ON(s, 2 * (dr), 2 * (df)) ? SG_BW((s) + (dr)*N + (df), w) : 0)
#define SG_CN14_W(s, w) SG_DIRS4(SG_NB2, s, 1, w)
#define SG_CN18_W(s, w) SG_DIRS8(SG_NB2, s, 1, w)
#define SG_CN14_E(s) BB_INIT(SG_CN14_W(s, 0), SG_CN14_W(s, 1)),
#define SG_CN18_E(s) BB_INIT(SG_CN18_W(s, 0), SG_CN18_W(s, 1)),

static const BB SG_CN1[2][SG_MAX_SQ] = {{SG_FOR_SQ(SG_CN14_E)},
                                        {SG_FOR_SQ(SG_CN18_E)}};

/* The neighbours of sq in four (eight == 0) or eight directions. */
SG_INLINE BB adj(int sq, int eight) { return SG_ADJ[eight][sq]; }
/* The squares two steps from sq in four or eight directions. */
SG_INLINE BB far2(int sq, int eight) { return SG_FAR[eight][sq]; }
/* The neighbours of sq with a square beyond them (see SG_CN1). */
SG_INLINE BB cap_n1(int sq, int eight) { return SG_CN1[eight][sq]; }

/* ---- directions ---------------------------------------------------------- */

enum { D_N, D_S, D_E, D_W, D_NE, D_SW, D_NW, D_SE };

/* The number of directions: the four orthogonal ones, or all eight. */
SG_INLINE int ndirs(int eight) { return eight ? 8 : 4; }

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

/*
 * Steps into a set of empty squares, masked at the destination: one step
 * east can only land off file a, one step west off the last file, and
 * steps off the top or bottom vanish (they leave the board's bits, which
 * are never empty). So three masks serve all eight directions.
 */
typedef struct DEST {
    BB e;  /* the empty squares */
    BB ea; /* ... not on file a: where eastward steps may land */
    BB ez; /* ... not on the last file: where westward steps may land */
} DEST;

SG_INLINE DEST dest_of(BB empty)
{
    DEST t;
    t.e = empty;
    t.ea = bb_andnot(empty, m_file_a());
    t.ez = bb_andnot(empty, m_file_z());
    return t;
}

/* The squares of `dest` that pieces of b reach by one step in d. */
SG_INLINE BB step_to(BB b, int d, DEST dest)
{
    switch (d) {
    case D_N: return bb_and(BB_(shl)(b, N), dest.e);
    case D_S: return bb_and(BB_(shr)(b, N), dest.e);
    case D_E: return bb_and(BB_(shl)(b, 1), dest.ea);
    case D_W: return bb_and(BB_(shr)(b, 1), dest.ez);
    case D_NE: return bb_and(BB_(shl)(b, N + 1), dest.ea);
    case D_SW: return bb_and(BB_(shr)(b, N + 1), dest.ez);
    case D_NW: return bb_and(BB_(shl)(b, N - 1), dest.ez);
    default: return bb_and(BB_(shr)(b, N - 1), dest.ea);
    }
}

/* X's two marked opening squares (centre's file) and O's (centre's rank). */
SG_INLINE BB m_marked(int side)
{
    return bb_or(bb_bit(rule_opening_square(N, side, 0)),
                 bb_bit(rule_opening_square(N, side, 1)));
}

#endif

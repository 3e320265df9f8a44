/*
 * The square-set types and the few operations the core needs.
 *
 * bb64 holds 5x5 and 7x7 boards (25 and 49 squares); bb128 holds 9x9
 * (81 squares) in a pair of words (see "two words" below for why not
 * `unsigned __int128`).
 */
#ifndef SG_BITBOARD_H
#define SG_BITBOARD_H

#include <stdint.h>

/* SG_UNROLL before a loop over the directions: unrolled, each shift and
 * mask is a constant. Where the count of directions is only known at run
 * time (the API's generic paths) the hint cannot apply, which clang would
 * report; that is expected, so the report is off. gcc without optimisation
 * (-O0) warns that it ignores the hint, so it gets none there. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpass-failed"
#define SG_UNROLL _Pragma("unroll")
#elif defined(__GNUC__) && __GNUC__ >= 8 && defined(__OPTIMIZE__)
#define SG_UNROLL _Pragma("GCC unroll 8")
#else
#define SG_UNROLL
#endif

#if defined(__GNUC__) || defined(__clang__)
#define SG_INLINE static inline __attribute__((always_inline))
#define SG_NOINLINE __attribute__((noinline))
#define SG_LIKELY(x) __builtin_expect(!!(x), 1)
#define SG_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SG_INLINE static inline
#define SG_NOINLINE
#define SG_LIKELY(x) (x)
#define SG_UNLIKELY(x) (x)
#endif

/*
 * The hot entry points (perft, playouts) are compiled twice on
 * x86: for the portable baseline, and for CPUs with POPCNT and BMI1/2,
 * picked at run time (sg_cpu_fast). The default build stays portable; the
 * CPUs of the last decade get one instruction per popcount and bit scan
 * instead of a libgcc call. SEEGA_NO_DISPATCH turns this off.
 */
#if (defined(__x86_64__) || defined(__i386__)) &&                              \
    (defined(__GNUC__) || defined(__clang__)) && !defined(SEEGA_NO_DISPATCH)
#define SG_DISPATCH 1
#define SG_TARGET_FAST __attribute__((target("popcnt,bmi,bmi2")))
#define sg_cpu_fast()                                                          \
    (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2"))
#else
#define SG_DISPATCH 0
#define SG_TARGET_FAST
#define sg_cpu_fast() 0
#endif

/*
 * pdep and pext on a 64-bit word, for the BMI2 variant: one instruction
 * on x86-64; on 32-bit x86, which has them for 32-bit words only, one on
 * each half (pext packs the high half's bits after the low half's
 * popcount of the mask; pdep spreads the bits after that count into the
 * high half).
 */
#if SG_DISPATCH
#include <immintrin.h>
#if defined(__x86_64__)
#define sg_pdep64 _pdep_u64
#define sg_pext64 _pext_u64
#else
static inline __attribute__((always_inline, target("popcnt,bmi,bmi2")))
uint64_t sg_pext64(uint64_t x, uint64_t m)
{
    uint32_t ml = (uint32_t)m, mh = (uint32_t)(m >> 32);
    return (uint64_t)_pext_u32((uint32_t)x, ml) |
           (uint64_t)_pext_u32((uint32_t)(x >> 32), mh)
               << __builtin_popcount(ml);
}
static inline __attribute__((always_inline, target("popcnt,bmi,bmi2")))
uint64_t sg_pdep64(uint64_t x, uint64_t m)
{
    uint32_t ml = (uint32_t)m, mh = (uint32_t)(m >> 32);
    return (uint64_t)_pdep_u32((uint32_t)x, ml) |
           (uint64_t)_pdep_u32((uint32_t)(x >> __builtin_popcount(ml)), mh)
               << 32;
}
#endif
#endif

/* ---- one word ---------------------------------------------------------- */

typedef uint64_t bb64;

SG_INLINE int sg_popcount64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
#endif
}

SG_INLINE int sg_ctz64(uint64_t x) /* x != 0 */
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

#define BB64_ZERO ((bb64)0)
SG_INLINE bb64 bb64_and(bb64 a, bb64 b) { return a & b; }
SG_INLINE bb64 bb64_or(bb64 a, bb64 b) { return a | b; }
SG_INLINE bb64 bb64_xor(bb64 a, bb64 b) { return a ^ b; }
SG_INLINE bb64 bb64_andnot(bb64 a, bb64 b) { return a & ~b; }
SG_INLINE bb64 bb64_shl(bb64 a, int n) { return a << n; }
SG_INLINE bb64 bb64_shr(bb64 a, int n) { return a >> n; }
SG_INLINE bb64 bb64_bit(int sq) { return (bb64)1 << sq; }
SG_INLINE int bb64_test(bb64 a, int sq) { return (int)((a >> sq) & 1); }
SG_INLINE int bb64_any(bb64 a) { return a != 0; }
SG_INLINE int bb64_eq(bb64 a, bb64 b) { return a == b; }
SG_INLINE int bb64_count(bb64 a) { return sg_popcount64(a); }
SG_INLINE int bb64_lsb(bb64 a) { return sg_ctz64(a); }
SG_INLINE bb64 bb64_pop_lsb(bb64 a) { return a & (a - 1); }
SG_INLINE bb64 bb64_low(int n) /* the n lowest bits, 0 <= n < 64 */
{
    return ((bb64)1 << n) - 1;
}
SG_INLINE uint64_t bb64_word(bb64 a, int w) { return w ? 0 : a; }

/* ---- two words --------------------------------------------------------- */

/*
 * bb128 is a pair of words, not `unsigned __int128`: compilers may keep
 * the 128-bit integer's halves in memory between operations (a store,
 * then a load of the same bytes, around the shifts and masks), which the
 * 9x9 core's hot loops cannot afford; two words stay in registers.
 * SG_HAVE_INT128 says whether the compiler has the type, for the random
 * generator's 64x64 -> 128 multiply only.
 */
#if defined(__SIZEOF_INT128__) && !defined(SEEGA_NO_INT128)
#define SG_HAVE_INT128 1
#else
#define SG_HAVE_INT128 0
#endif

/*
 * SG_ASM_X86: inline asm on x86-64 with GCC or clang, for the random
 * generator's multiply and the 5x5 playouts' pick of a step. Off in the
 * portable build (SEEGA_NO_INT128) and with SEEGA_NO_ASM, which so test
 * the C forms other CPUs compile (CI builds both).
 */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) &&     \
    !defined(SEEGA_NO_INT128) && !defined(SEEGA_NO_ASM)
#define SG_ASM_X86 1
#else
#define SG_ASM_X86 0
#endif

typedef struct bb128 {
    uint64_t lo, hi;
} bb128;
static const bb128 sg_bb128_zero = {0, 0};
#define BB128_ZERO sg_bb128_zero
SG_INLINE bb128 bb128_make(uint64_t lo, uint64_t hi)
{
    bb128 r;
    r.lo = lo;
    r.hi = hi;
    return r;
}
SG_INLINE bb128 bb128_and(bb128 a, bb128 b)
{
    return bb128_make(a.lo & b.lo, a.hi & b.hi);
}
SG_INLINE bb128 bb128_or(bb128 a, bb128 b)
{
    return bb128_make(a.lo | b.lo, a.hi | b.hi);
}
SG_INLINE bb128 bb128_xor(bb128 a, bb128 b)
{
    return bb128_make(a.lo ^ b.lo, a.hi ^ b.hi);
}
SG_INLINE bb128 bb128_andnot(bb128 a, bb128 b)
{
    return bb128_make(a.lo & ~b.lo, a.hi & ~b.hi);
}
SG_INLINE bb128 bb128_shl(bb128 a, int n) /* 0 < n < 64 */
{
    return bb128_make(a.lo << n, (a.hi << n) | (a.lo >> (64 - n)));
}
SG_INLINE bb128 bb128_shr(bb128 a, int n) /* 0 < n < 64 */
{
    return bb128_make((a.lo >> n) | (a.hi << (64 - n)), a.hi >> n);
}
SG_INLINE bb128 bb128_bit(int sq)
{
    return sq < 64 ? bb128_make((uint64_t)1 << sq, 0)
                   : bb128_make(0, (uint64_t)1 << (sq - 64));
}
SG_INLINE int bb128_test(bb128 a, int sq)
{
    return sq < 64 ? (int)((a.lo >> sq) & 1) : (int)((a.hi >> (sq - 64)) & 1);
}
SG_INLINE int bb128_any(bb128 a) { return (a.lo | a.hi) != 0; }
SG_INLINE int bb128_eq(bb128 a, bb128 b)
{
    return a.lo == b.lo && a.hi == b.hi;
}
SG_INLINE int bb128_count(bb128 a)
{
    return sg_popcount64(a.lo) + sg_popcount64(a.hi);
}
SG_INLINE int bb128_lsb(bb128 a)
{
    return a.lo ? sg_ctz64(a.lo) : 64 + sg_ctz64(a.hi);
}
SG_INLINE bb128 bb128_pop_lsb(bb128 a)
{
    if (a.lo)
        a.lo &= a.lo - 1;
    else
        a.hi &= a.hi - 1;
    return a;
}
SG_INLINE bb128 bb128_low(int n) /* 0 <= n < 128 */
{
    if (n < 64)
        return bb128_make(((uint64_t)1 << n) - 1, 0);
    return bb128_make(~(uint64_t)0,
                      n == 64 ? 0 : ((uint64_t)1 << (n - 64)) - 1);
}
SG_INLINE uint64_t bb128_word(bb128 a, int w) { return w ? a.hi : a.lo; }

#endif

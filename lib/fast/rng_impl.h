/*
 * The playouts' random generator (wyrand) and its unbiased draws below n:
 * pick_t and the runs of plain turns (playout_draw_impl.h,
 * playout_runs_impl.h) draw every random action of a playout from it.
 */
#ifndef SG_FAST_RNG_IMPL_H
#define SG_FAST_RNG_IMPL_H

#include "core/geometry_impl.h"


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
 * kept for the next draw. (A macro rather than an inline function, so
 * that it cannot change how the runs' inner loops are compiled.) */
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

#endif

/*
 * Eight 5x5 positions' last two plies at once, with AVX2 (included by
 * fast/perft_impl.h when N == 5 on x86-64 with SG_DISPATCH; used only
 * on CPUs that have AVX2, picked at run time by sg_cpu_wide).
 *
 * perft3_t's children at a plain turn of the same side (by a step that
 * captures nothing, or by a capture after which the turn passed), or the
 * grandchildren of a node four plies from the end (perft3b), differ in
 * the pieces and the quiet counter only; eight of them fill a 256-bit
 * register, one 32-bit lane each. A lane's shifts (vpslld, vpsrld) stay in
 * it, so the boards need no gap between them. The sums of perft2_t then
 * count eight positions with each instruction; the popcounts are per byte
 * (a nibble table, vpshufb), summed per lane where a lane's count
 * multiplies another (the quiet steps times the replies' base) and over
 * all lanes elsewhere. The capturing steps are counted in all lanes at
 * once too, one step per lane at a time (v_capture_replies). The steps
 * that leave the other side no step (the blocked rule; found set-wise)
 * and a lane whose quiet steps reach the quiet limit go the scalar way.
 */
#ifndef SG_FAST_PERFT_BATCH8_IMPL_H
#define SG_FAST_PERFT_BATCH8_IMPL_H

#include "fast/perft_bulk_impl.h"

/* The body only where perft_impl.h includes this file (5x5, x86-64, with
 * dispatch and AVX2): elsewhere the file is empty, and it compiles on its
 * own for any SG_N and build options. */
#if N == 5 && SG_DISPATCH && defined(__x86_64__) && !defined(SEEGA_NO_WIDE)

#include <immintrin.h>

#define SG_WIDE 1
#define SG_TARGET_WIDE __attribute__((target("popcnt,bmi,bmi2,avx,avx2")))
#define sg_cpu_wide() (sg_cpu_fast() && __builtin_cpu_supports("avx2"))

typedef __m256i V8;

#define SG_VINLINE static inline __attribute__((always_inline)) SG_TARGET_WIDE

SG_VINLINE V8 v_set(BB b) { return _mm256_set1_epi32((int)(uint32_t)b); }
SG_VINLINE V8 v_and(V8 a, V8 b) { return _mm256_and_si256(a, b); }
SG_VINLINE V8 v_or(V8 a, V8 b) { return _mm256_or_si256(a, b); }
SG_VINLINE V8 v_xor(V8 a, V8 b) { return _mm256_xor_si256(a, b); }
/* a without b */
SG_VINLINE V8 v_andnot(V8 a, V8 b) { return _mm256_andnot_si256(b, a); }

/* Each lane shifted by k squares (up if k > 0); the constant shift counts
 * keep the immediate forms. */
SG_VINLINE V8 v_shift(V8 b, int k)
{
    switch (k) {
    case 1: return _mm256_slli_epi32(b, 1);
    case -1: return _mm256_srli_epi32(b, 1);
    case N - 1: return _mm256_slli_epi32(b, N - 1);
    case 1 - N: return _mm256_srli_epi32(b, N - 1);
    case N: return _mm256_slli_epi32(b, N);
    case -N: return _mm256_srli_epi32(b, N);
    case N + 1: return _mm256_slli_epi32(b, N + 1);
    default: return _mm256_srli_epi32(b, N + 1);
    }
}

/* sh per lane */
SG_VINLINE V8 v_sh(V8 b, int d)
{
    return v_shift(v_and(b, v_set(dir_src(d))), dir_delta(d));
}

/* step_to per lane, the destinations e, ea, ez as in DEST */
SG_VINLINE V8 v_step_to(V8 b, int d, V8 e, V8 ea, V8 ez)
{
    V8 t = v_shift(b, dir_delta(d));
    switch (d) {
    case D_N:
    case D_S: return v_and(t, e);
    case D_E:
    case D_NE:
    case D_SE: return v_and(t, ea);
    default: return v_and(t, ez);
    }
}

/* The set bits of each byte, in that byte. */
SG_VINLINE V8 v_popbytes(V8 v)
{
    const V8 lut = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
                                    3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                                    2, 3, 3, 4);
    const V8 nib = _mm256_set1_epi8(0x0f);
    V8 lo = _mm256_shuffle_epi8(lut, v_and(v, nib));
    V8 hi = _mm256_shuffle_epi8(lut, v_and(_mm256_srli_epi16(v, 4), nib));
    return _mm256_add_epi8(lo, hi);
}

/* Byte counts (each < 128) summed per 32-bit lane. */
SG_VINLINE V8 v_lanesum(V8 bytes)
{
    return _mm256_madd_epi16(_mm256_maddubs_epi16(bytes, _mm256_set1_epi8(1)),
                             _mm256_set1_epi16(1));
}

/* Byte counts summed per 64-bit quarter. */
SG_VINLINE V8 v_sad(V8 bytes)
{
    return _mm256_sad_epu8(bytes, _mm256_setzero_si256());
}

/* The sum of the four 64-bit quarters. */
SG_VINLINE uint64_t v_sum64(V8 v)
{
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v),
                              _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) +
           (uint64_t)_mm_extract_epi64(s, 1);
}

/* The sliced count (sliced_sum) of the squares of s, per byte (at most
 * 8 * (1 + 2 + 4) = 56). Without a[3]: see v_slice_adj. */
SG_VINLINE V8 v_sliced(V8 s, const V8 *a)
{
    V8 n = v_popbytes(v_and(s, a[2]));
    n = _mm256_add_epi8(n, n);
    n = _mm256_add_epi8(n, v_popbytes(v_and(s, a[1])));
    n = _mm256_add_epi8(n, n);
    return _mm256_add_epi8(n, v_popbytes(v_and(s, a[0])));
}

/*
 * SLICE_ADJ per lane, in three slices: the count modulo 8. The sums read
 * it only at the two ends of a quiet step, where it is at most 7: the
 * piece that steps has an empty square next to it (its target), and the
 * target has the piece next to it.
 */
SG_VINLINE void v_slice_adj(V8 *a, V8 en, int m8)
{
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++) {
        V8 v = v_sh(en, d), c0 = v_and(a[0], v);
        a[0] = v_xor(a[0], v);
        V8 c1 = v_and(a[1], c0);
        a[1] = v_xor(a[1], c0);
        a[2] = v_xor(a[2], c1);
    }
}

/* bb_count_steps per lane: the steps of `pieces` into the empty squares
 * e (at most 8 * 8 a byte before the lane sum). */
SG_VINLINE V8 v_count_steps(V8 pieces, V8 e, int m8)
{
    V8 ea = v_andnot(e, v_set(m_file_a())), ez = v_andnot(e, v_set(m_file_z()));
    V8 n = _mm256_setzero_si256();
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++)
        n = _mm256_add_epi8(n, v_popbytes(v_step_to(pieces, d, e, ea, ez)));
    return v_lanesum(n);
}

/* capture_squares_k per lane. */
SG_VINLINE V8 v_capture_squares_k(V8 own, V8 capturable, int c8, V8 *k)
{
    V8 x = _mm256_setzero_si256();
    SG_UNROLL
    for (int c = 0; c < ndirs(c8); c++) {
        k[c] = RULE_SANDWICHED(v_sh, v_and, capturable, own, c);
        x = v_or(x, v_sh(k[c], c ^ 1));
    }
    return x;
}

/* The sum of the 32-bit lanes. */
SG_VINLINE uint64_t v_sum32(V8 v)
{
    return v_sum64(_mm256_add_epi64(
        _mm256_and_si256(v, _mm256_set1_epi64x(0xffffffff)),
        _mm256_srli_epi64(v, 32)));
}

/*
 * perft2x8_t's capturing steps (from the squares `cap`) and their replies,
 * as capture_replies_t counts them, in all lanes at once: each lane goes
 * through its own steps, one per round (a target from `cap`, then each
 * own piece next to it). A step from -> to takes the pieces next to `to`
 * in k8 (arrival_captures); no reply if it wins; the chain's next
 * captures and the pass if the piece may go on; else the other side's
 * steps, and a step that leaves it none (the blocked rule) the long way,
 * lane by lane.
 */
SG_VINLINE uint64_t v_capture_replies(const POS *t, const BATCH *b,
                                      const sg_crules *r, int m8, int c8,
                                      after_fn after, V8 OWN, V8 EN, V8 cap,
                                      const V8 *k8)
{
    const V8 zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
    const V8 ones = _mm256_set1_epi32(-1), full = v_set(m_full());
    const V8 keep = v_set(rule_capturable(r, m_full()));
    const int lost = r->lost_max; /* rule_material_lost_max */
    V8 acc = zero, tb = zero, near = zero, f = zero;
    uint64_t total = 0;
    while (!_mm256_testz_si256(v_or(f, cap), v_or(f, cap))) {
        /* the lanes done with their target take the next */
        V8 adv = _mm256_cmpeq_epi32(f, zero);
        V8 nt = v_and(v_and(cap, _mm256_sub_epi32(zero, cap)), adv);
        cap = v_xor(cap, nt);
        V8 nn = zero;
        SG_UNROLL
        for (int s = 0; s < ndirs(m8); s++)
            nn = v_or(nn, v_sh(nt, s));
        tb = _mm256_blendv_epi8(tb, nt, adv);
        near = _mm256_blendv_epi8(near, nn, adv);
        f = _mm256_blendv_epi8(f, v_and(nn, OWN), adv);
        V8 fb = v_and(f, _mm256_sub_epi32(zero, f)); /* from */
        f = v_xor(f, fb);
        V8 taken = zero;
        SG_UNROLL
        for (int c = 0; c < ndirs(c8); c++)
            taken = v_or(taken, v_and(v_sh(tb, c), k8[c]));
        V8 en2 = v_andnot(EN, taken), own2 = v_xor(OWN, v_or(fb, tb));
        V8 e2 = v_andnot(full, v_or(own2, en2));
        /* no step in the lane, or won (rule_material_lost: no more
         * than `lost` of the other side's pieces left, their lowest
         * `lost` bits cleared) */
        V8 left = en2;
        for (int j = 0; j < lost; j++)
            left = v_and(left, _mm256_add_epi32(left, ones));
        V8 skip = v_or(_mm256_cmpeq_epi32(fb, zero),
                       _mm256_cmpeq_epi32(left, zero));
        V8 val = v_count_steps(en2, e2, m8); /* the other side's steps */
        V8 chain = zero;
        if (RULE_CHAIN_GOES_ON(r, 1)) { /* per lane: nch below */
            V8 capt2 = v_and(en2, keep);
            V8 k2[8];
            V8 x2 = v_capture_squares_k(own2, capt2, c8, k2);
            V8 nch = v_lanesum(v_popbytes(v_and(v_and(near, e2), x2)));
            chain = v_xor(_mm256_cmpeq_epi32(nch, zero), ones);
            val = _mm256_blendv_epi8(val, _mm256_add_epi32(nch, one), chain);
        }
        /* the other side blocked: the long way */
        V8 blk = v_andnot(_mm256_cmpeq_epi32(val, zero), v_or(skip, chain));
        if (!_mm256_testz_si256(blk, blk)) {
            uint32_t bl[8], tl[8], fl[8];
            POS q = *t;
            _mm256_storeu_si256((V8 *)(void *)bl, blk);
            _mm256_storeu_si256((V8 *)(void *)tl, tb);
            _mm256_storeu_si256((V8 *)(void *)fl, fb);
            for (int i = 0; i < b->n; i++) {
                if (!bl[i])
                    continue;
                batch_lane(&q, b, i);
                total += after(&q, r, SG_ACT(SEEGA_ACTION_STEP,
                                             bb_lsb((BB)fl[i]),
                                             bb_lsb((BB)tl[i])));
            }
        }
        acc = _mm256_add_epi32(acc, v_andnot(val, skip));
    }
    return total + v_sum32(acc);
}

/*
 * t: a template position (the side to move, the state); the b->n <= 8
 * positions are t with the pieces and quiet counters of b, each where
 * perft2 applies. perft2 on each, summed.
 */
SG_VINLINE uint64_t perft2x8_t(const POS *t, const BATCH *b,
                               const sg_crules *r, int m8, int c8,
                               after_fn after, perft2_fn p2)
{
    int n = b->n;
    uint64_t total = 0;
    POS q = *t; /* a lane's position, for the scalar way */
    uint32_t lo[8], le[8];
    for (int i = 0; i < 8; i++) {
        lo[i] = i < n ? (uint32_t)b->own[i] : 0;
        le[i] = i < n ? (uint32_t)b->en[i] : 0;
    }
    V8 OWN = _mm256_loadu_si256((const V8 *)(const void *)lo);
    V8 EN = _mm256_loadu_si256((const V8 *)(const void *)le);
    V8 E = v_andnot(v_set(m_full()), v_or(OWN, EN));
    V8 EA = v_andnot(E, v_set(m_file_a())), EZ = v_andnot(E, v_set(m_file_z()));
    V8 ts[8];
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++)
        ts[d] = v_step_to(OWN, d, E, EA, EZ);
    V8 BASE = v_count_steps(EN, E, m8);
    int32_t ok[8];
    /* the scalar way for a lane whose quiet steps end the game by the
     * quiet limit */
    int any = 0;
    const int32_t stop = rule_quiet_stop(r);
    const int limited = stop != INT32_MAX; /* without a limit, none does */
    for (int i = 0; i < 8; i++) {
        ok[i] = i < n && (!limited || rule_quiet_next(b->quiet[i], 0, 0) < stop)
                    ? -1
                    : 0;
        any |= ok[i];
        if (i < n && !ok[i]) {
            batch_lane(&q, b, i);
            total += p2(&q, r);
        }
    }
    if (!any)
        return total;
    V8 OK = _mm256_loadu_si256((const V8 *)(const void *)ok);
    V8 capturable = v_and(EN, v_set(rule_capturable(r, m_full())));
    V8 k8[8], x = v_capture_squares_k(OWN, capturable, c8, k8), reach = ts[0];
    SG_UNROLL
    for (int d = 1; d < ndirs(m8); d++)
        reach = v_or(reach, ts[d]);
    /* the captures, in all lanes at once */
    V8 cap = v_and(v_and(reach, x), OK);
    if (!_mm256_testz_si256(cap, cap))
        total += v_capture_replies(t, b, r, m8, c8, after, OWN, EN, cap, k8);
    /* the quiet steps: |quiet| * base + (A at the origins) - (A at the
     * targets), A the count of the other side's pieces around a square */
    V8 a[3] = {_mm256_setzero_si256(), _mm256_setzero_si256(),
               _mm256_setzero_si256()};
    v_slice_adj(a, EN, m8);
    /* A quiet step from -> to leaves the other side no step (and the sums
     * count 0 for it) exactly when A(to) == base and A(from) == 0 (see
     * blocked_replies_t): eq, the squares where A mod 8 == base, in the
     * lanes whose base is at most 7 (A at a target is, so no other lane
     * can match; at a target A mod 8 is A), and z, where A != 0 */
    V8 one = _mm256_set1_epi32(1);
    V8 eq = _mm256_cmpgt_epi32(_mm256_set1_epi32(8), BASE);
    eq = v_andnot(eq, v_xor(a[0], _mm256_cmpeq_epi32(v_and(BASE, one), one)));
    eq = v_andnot(eq, v_xor(a[1], _mm256_cmpeq_epi32(
                                      v_and(_mm256_srli_epi32(BASE, 1), one),
                                      one)));
    eq = v_andnot(eq, v_xor(a[2], _mm256_cmpeq_epi32(
                                      v_and(_mm256_srli_epi32(BASE, 2), one),
                                      one)));
    V8 z = v_or(v_or(a[0], a[1]), a[2]);
    V8 nq = _mm256_setzero_si256(), gain = nq, loss = nq, blk[8], anyblk = nq;
    SG_UNROLL
    for (int d = 0; d < ndirs(m8); d++) {
        V8 tq = v_and(v_andnot(ts[d], x), OK);
        V8 from = v_shift(tq, -dir_delta(d));
        nq = _mm256_add_epi8(nq, v_popbytes(tq));
        gain = _mm256_add_epi64(gain, v_sad(v_sliced(from, a)));
        loss = _mm256_add_epi64(loss, v_sad(v_sliced(tq, a)));
        blk[d] = v_andnot(v_and(tq, eq), v_shift(z, dir_delta(d)));
        anyblk = v_or(anyblk, blk[d]);
    }
    /* those steps the long way: rare */
    if (!_mm256_testz_si256(anyblk, anyblk)) {
        for (int d = 0; d < ndirs(m8); d++) {
            uint32_t bl[8];
            _mm256_storeu_si256((V8 *)(void *)bl, blk[d]);
            for (int i = 0; i < n; i++) {
                batch_lane(&q, b, i);
                for (BB u = bl[i]; bb_any(u); u = bb_pop_lsb(u)) {
                    int to = bb_lsb(u);
                    total += after(&q, r, SG_ACT(SEEGA_ACTION_STEP,
                                                 to - dir_delta(d), to));
                }
            }
        }
    }
    V8 prod = _mm256_mullo_epi32(v_lanesum(nq), BASE);
    return total + v_sum32(prod) + v_sum64(gain) - v_sum64(loss);
}

#endif /* N == 5 && SG_DISPATCH && __x86_64__ && !SEEGA_NO_WIDE */

#endif

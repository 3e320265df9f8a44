/*
 * The 5x5 playouts' plain turns in a padded layout (included by
 * fast/playout_runs_impl.h when N == 5, before the playouts' driver).
 *
 * Padded square of rank k, file f: bit 6k + f (0 to 28). Bits 5, 11, 17
 * and 23 (a sixth file) and 29 to 34 are no square, never a piece nor
 * empty, so a step east off file e or west off file a lands on them and
 * vanishes without an edge mask, as do steps off the top or bottom. A
 * second copy of the board at bit 35 (up to bit 63) holds the opposite
 * direction, so one word holds two directions' targets, with no mask but
 * the empty squares:
 *
 *   word 0: N (own << 6) in the low copy,  S (own << 29 = << 35 >> 6) high
 *   word 1: E (own << 1),                  W (own << 34 = << 35 >> 1)
 *   word 2: NE (own << 7),                 SW (own << 28 = << 35 >> 7)
 *   word 3: NW (own << 5),                 SE (own << 30 = << 35 >> 5)
 *
 * Each shift's off-board landings miss both copies' squares (checked by
 * the asserts below) but two: NE from e5 lands on bit 35 (a1 of the high
 * copy) and SW from a1 on bit 28 (e5 of the low copy), so those two
 * sources are masked. The words in order, each ascending, list the steps
 * in gen_steps_t's order (direction, then destination square), so the
 * i-th set bit is the i-th legal step: the draws stay those of the public
 * API's list.
 */
#ifndef SG_FAST_PLAYOUT_RUNS5_IMPL_H
#define SG_FAST_PLAYOUT_RUNS5_IMPL_H

#include "fast/playout_draw_impl.h"

/* 5x5 only: nothing for the other sizes, so that the file compiles on its
 * own for any SG_N. */
#if N == 5

#define P5_HI 35 /* the high copy's offset */
#define P5_ROW ((uint64_t)0x1f)
#define P5_FULL                                                                \
    (P5_ROW | P5_ROW << 6 | P5_ROW << 12 | P5_ROW << 18 | P5_ROW << 24)

/* Is padded square s on the board? Its bit, if so (0 otherwise; the shift
 * count stays in range for any s, as dead branches need). */
#define P5_ON(s) ((s) >= 0 && (s) < 29 && (s) % 6 < 5)
#define P5_B(s) (P5_ON(s) ? (uint64_t)1 << ((((s) % 64) + 64) % 64) : 0)
/* The square dr ranks and df files from s, if on the board. */
#define P5_NB(s, dr, df)                                                       \
    (P5_ON(s) && (s) / 6 + (dr) >= 0 && (s) / 6 + (dr) < 5 &&                  \
             (s) % 6 + (df) >= 0 && (s) % 6 + (df) < 5                         \
         ? P5_B((s) + 6 * (dr) + (df))                                         \
         : 0)

_Static_assert(P5_FULL >> 29 == 0 && (P5_FULL & (P5_FULL << P5_HI)) == 0 &&
                   P5_FULL << P5_HI >> P5_HI == P5_FULL,
               "the two copies fit one word apart");
/* Off-board landings (from the top rank, the bottom rank, file a, file e)
 * miss both copies; NE from e5 and SW from a1 are masked in p5_turn_t. */
#define P5_COPIES (P5_FULL | P5_FULL << P5_HI)
#define P5_RANK(k) (P5_ROW << (6 * (k)))
#define P5_FILE(f) ((uint64_t)0x1041041 << (f))
_Static_assert(((P5_RANK(4) << 6 | P5_RANK(0) << 29 | P5_FILE(4) << 1 |
                 P5_FILE(0) << 34 | (P5_RANK(4) | P5_FILE(0)) << 5 |
                 (P5_RANK(0) | P5_FILE(4)) << 30) &
                P5_COPIES) == 0,
               "N, S, E, W, NW, SE leave the board onto no square");
_Static_assert((((P5_RANK(4) | P5_FILE(4)) & ~((uint64_t)1 << 28)) << 7 &
                P5_COPIES) == 0 &&
                   (((P5_RANK(0) | P5_FILE(0)) & ~(uint64_t)1) << 28 &
                    P5_COPIES) == 0,
               "NE and SW, sources e5 and a1 masked, too");

/* A normal 5x5 set to the padded layout and back. */
SG_INLINE uint64_t p5_in(uint64_t x)
{
    return (x & P5_ROW) | (x & P5_ROW << 5) << 1 | (x & P5_ROW << 10) << 2 |
           (x & P5_ROW << 15) << 3 | (x & P5_ROW << 20) << 4;
}
SG_INLINE uint64_t p5_out(uint64_t x)
{
    return (x & P5_ROW) | (x >> 1 & P5_ROW << 5) | (x >> 2 & P5_ROW << 10) |
           (x >> 3 & P5_ROW << 15) | (x >> 4 & P5_ROW << 20);
}
/* A padded square's normal index: 6k + f - k. */
SG_INLINE int p5_sq(int s) { return s - s / 6; }

/*
 * Captures: for a piece arriving on padded square s, `far` holds the
 * squares two steps away (the far side of a sandwich) and `mid` the
 * squares between s and each of them. They ascend in the same order (the
 * middle of s and t grows with t), so the own pieces on the far squares,
 * packed (pext) and spread onto the middle ones (pdep), are the squares
 * to take if a capturable enemy (rule_capturable) stands there.
 */
/* The far square and the middle square of the sandwich that a piece
 * arriving on s closes in direction (dr, df), if the far one is on the
 * board (0 otherwise). */
#define P5_FAR1(s, dr, df) P5_NB(s, 2 * (dr), 2 * (df))
#define P5_MID1(s, dr, df)                                                     \
    (P5_FAR1(s, dr, df) ? P5_B((s) + 6 * (dr) + (df)) : 0)
#define P5_PAIRS(X, s, c8)                                                     \
    (X(s, 1, 0) | X(s, -1, 0) | X(s, 0, 1) | X(s, 0, -1) |                     \
     ((c8) ? X(s, 1, 1) | X(s, -1, -1) | X(s, 1, -1) | X(s, -1, 1) : 0))

/*
 * Bit b of word j: the step to padded square s (b in the low copy,
 * direction 2j) or s = b - 35 (high copy, direction 2j + 1). Its entry
 * holds what the loop needs of it, in one cache line: its two squares,
 * the same in both copies (to keep the doubled empty set up to date), and
 * the capture masks of s; all 0 where no step lands.
 * P5_STEPS[c8][j][b].
 */
typedef struct P5_STEP {
    uint64_t mv;  /* from | to, padded */
    uint64_t e2;  /* from | to in both copies */
    uint64_t far; /* far sides of the sandwiches s closes ... */
    uint64_t mid; /* ... and the squares they take */
} P5_STEP;
/* The step in direction (dr, df) that lands on padded square s, if any. */
#define P5_MV(s, dr, df)                                                       \
    (P5_NB(s, -(dr), -(df)) ? P5_NB(s, -(dr), -(df)) | P5_B(s) : 0)
/* Every macro argument below is a literal: nested macros whose arguments
 * are expressions grow the table's source exponentially. */
#define P5_STEP_E(c8, dr, df, s)                                               \
    {P5_MV(s, dr, df), P5_MV(s, dr, df) | P5_MV(s, dr, df) << P5_HI,           \
     P5_MV(s, dr, df) ? P5_PAIRS(P5_FAR1, s, c8) : 0,                          \
     P5_MV(s, dr, df) ? P5_PAIRS(P5_MID1, s, c8) : 0},
/* The squares 0 to 28 of one copy, each as X(c8, dr, df, s). */
#define P5_FOR29(X, c8, dr, df)                                                \
    X(c8, dr, df, 0) X(c8, dr, df, 1) X(c8, dr, df, 2) X(c8, dr, df, 3)        \
    X(c8, dr, df, 4) X(c8, dr, df, 5) X(c8, dr, df, 6) X(c8, dr, df, 7)        \
    X(c8, dr, df, 8) X(c8, dr, df, 9) X(c8, dr, df, 10) X(c8, dr, df, 11)      \
    X(c8, dr, df, 12) X(c8, dr, df, 13) X(c8, dr, df, 14) X(c8, dr, df, 15)    \
    X(c8, dr, df, 16) X(c8, dr, df, 17) X(c8, dr, df, 18) X(c8, dr, df, 19)    \
    X(c8, dr, df, 20) X(c8, dr, df, 21) X(c8, dr, df, 22) X(c8, dr, df, 23)    \
    X(c8, dr, df, 24) X(c8, dr, df, 25) X(c8, dr, df, 26) X(c8, dr, df, 27)    \
    X(c8, dr, df, 28)
/* The 64 bits of word j: the low copy's 35 (direction 2j: (dr, df); bits
 * 29 to 34 are no square), then the high copy's 29 (direction 2j + 1:
 * (hr, hf)). */
#define P5_WORD(X, c8, dr, df, hr, hf)                                         \
    {P5_FOR29(X, c8, dr, df) X(c8, dr, df, 29) X(c8, dr, df, 30)               \
     X(c8, dr, df, 31) X(c8, dr, df, 32) X(c8, dr, df, 33) X(c8, dr, df, 34)   \
     P5_FOR29(X, c8, hr, hf)}
/* The words' directions, in core/geometry_impl.h's order (N, S, E, W, NE,
 * SW, NW, SE) as (ranks, files). */
#define P5_WORDS(c8)                                                           \
    {P5_WORD(P5_STEP_E, c8, 1, 0, -1, 0), P5_WORD(P5_STEP_E, c8, 0, 1, 0, -1), \
     P5_WORD(P5_STEP_E, c8, 1, 1, -1, -1),                                     \
     P5_WORD(P5_STEP_E, c8, 1, -1, -1, 1)}

static const P5_STEP P5_STEPS[2][4][64] = {P5_WORDS(0), P5_WORDS(1)};

/* One step of a padded set in direction d (the directions of
 * core/geometry_impl.h); the padding keeps the shifts from wrapping round
 * a file. */
SG_INLINE uint64_t p5_sh(uint64_t b, int d)
{
    static const int delta[8] = {6, -6, 1, -1, 7, -7, 5, -5};
    return delta[d] > 0 ? b << delta[d] : b >> -delta[d];
}
#define P5_AND(a, b) ((a) & (b))

/*
 * The enemy pieces taken by the step st, `own` including it: by its masks
 * with BMI2; the portable form is the sandwich (RULE_SANDWICHED) on the
 * padded layout, of the pieces of `en` that `keep` (the capturable
 * squares, rule_capturable) allows. e2: the doubled empty set before the
 * step (its destination is the empty one of its squares).
 */
typedef uint64_t (*cap5_fn)(uint64_t own, uint64_t en, const P5_STEP *st,
                            uint64_t e2, uint64_t keep, int c8);

SG_INLINE uint64_t cap5_base(uint64_t own, uint64_t en, const P5_STEP *st,
                             uint64_t e2, uint64_t keep, int c8)
{
    uint64_t t = st->mv & e2, k = en & keep, v = 0;
    SG_UNROLL
    for (int d = 0; d < ndirs(c8); d++)
        v |= p5_sh(t, d) & RULE_SANDWICHED(p5_sh, P5_AND, k, own, d);
    return v;
}
#if SG_DISPATCH
static inline __attribute__((always_inline, target("popcnt,bmi,bmi2")))
uint64_t cap5_fast(uint64_t own, uint64_t en, const P5_STEP *st, uint64_t e2,
                   uint64_t keep, int c8)
{
    (void)e2;
    (void)c8;
    return sg_pdep64(sg_pext64(own, st->far), st->mid) & en & keep;
}
#else
#define cap5_fast cap5_base
#endif

/*
 * If i >= c0: *w = w1, *t = t1 and i -= c0, by conditional moves, not a
 * branch: the condition depends on the draw, so a branch on it would be
 * mispredicted half the time. GCC turns the plain C into a branch, hence
 * the asm on x86-64 (SG_ASM_X86; not in the portable build nor with
 * SEEGA_NO_ASM, which so test the plain C).
 */
SG_INLINE int p5_pick(int i, int c0, uint64_t w1, uint64_t *w,
                      const P5_STEP *t1, const P5_STEP **t)
{
#if SG_ASM_X86
    int i1 = i - c0;
    __asm__("cmp %[c0], %[i]\n\t"
            "cmovge %[w1], %[w]\n\t"
            "cmovge %[t1], %[t]\n\t"
            "cmovge %[i1], %[i]"
            : [w] "+r"(*w), [t] "+r"(*t), [i] "+r"(i)
            : [c0] "r"(c0), [w1] "r"(w1), [t1] "r"(t1), [i1] "r"(i1)
            : "cc");
    return i;
#else
    uint64_t m = (uint64_t)0 - (uint64_t)(i >= c0);
    *w ^= (*w ^ w1) & m;
    *t = m ? t1 : *t;
    return i - (c0 & (int)m);
#endif
}

/*
 * One plain turn, action number k, of the side with pieces *a against *b,
 * before the run's stop: 0 when played (*a, *b and *e2 updated; after a
 * capture *base and *stop too), else nothing played and 1 before the draw
 * (blocked, or a draw Lemire's method might reject: pick_t draws it
 * again), 2 after it (*out: a step for make). The draw is run_draw's (s,
 * o, half), as rng_u32 would give it, so a run draws what the public API's
 * list would.
 */
SG_INLINE int p5_turn_t(uint64_t *a, uint64_t *b, uint64_t *e2p, uint32_t k,
                        uint32_t *stop, uint32_t *base,
                        seega_action *out, const sg_crules *r, uint64_t *s,
                        uint64_t *o, int half,
                        const P5_STEP (*steps)[64], uint64_t keep,
                        int32_t limit, uint32_t max_actions, int m8, int c8,
                        int im, sel64_fn sel, cap5_fn cap)
{
    uint64_t own = *a, en = *b, e2 = *e2p, w[4];
    int c[4];
    uint32_t total;
    w[0] = (own << 6 | own << 29) & e2;
    w[1] = (own << 1 | own << 34) & e2;
    total = (uint32_t)((c[0] = sg_popcount64(w[0])) +
                       (c[1] = sg_popcount64(w[1])));
    if (m8) {
        w[2] = ((own & ~((uint64_t)1 << 28)) << 7 |
                (own & ~(uint64_t)1) << 28) & e2;
        w[3] = (own << 5 | own << 30) & e2;
        total += (uint32_t)((c[2] = sg_popcount64(w[2])) +
                            (c[3] = sg_popcount64(w[3])));
    }
    if (!total)
        return 1; /* blocked: the rules decide, in playout_on_t */
    int i;
    if (run_draw(s, o, half, total, &i))
        return 1;
    /* The word of the i-th step, without a branch: the draw is random, so
     * a branch on it would be mispredicted half the time. */
    uint64_t wj = w[0];
    const P5_STEP *tb = steps[0];
    if (m8) {
        /* words 0 and 1, or 2 and 3; then the first or the second */
        int c01 = c[0] + c[1], hi = i >= c01;
        int ck = c[0] + ((c[2] - c[0]) & -hi);
        uint64_t wk = w[1];
        const P5_STEP *tk = steps[1];
        p5_pick(i, c01, w[3], &wk, steps[3], &tk);
        i = p5_pick(i, c01, w[2], &wj, steps[2], &tb);
        i = p5_pick(i, ck, wk, &wj, tk, &tb);
    } else {
        i = p5_pick(i, c[0], w[1], &wj, steps[1], &tb);
    }
    const P5_STEP *st = &tb[sel(wj, i)];
    uint64_t moved = own ^ st->mv;
    uint64_t v = cap(moved, en, st, e2, keep, c8);
    if (SG_UNLIKELY(v)) {
        uint64_t left = en & ~v;
        int to = sg_ctz64(st->mv & e2), from = sg_ctz64(st->mv & ~e2);
        if (rule_material_lost(r, sg_popcount64(left)) ||
            RULE_CHAIN_GOES_ON(r, bb_can_capture_from(p5_out(moved),
                                                      p5_out(left), p5_sq(to),
                                                      im, m8, c8))) {
            /* make plays it, from the position before */
            *out = SG_ACT(SEEGA_ACTION_STEP, p5_sq(from), p5_sq(to));
            return 2;
        }
        *e2p = e2 ^ st->e2 ^ v ^ v << P5_HI;
        *a = moved;
        *b = left; /* captured, and the turn ends */
        *base = k + 1 - (uint32_t)rule_quiet_reset();
        *stop = run_stop(k + 1, *base, limit, max_actions);
        return 0;
    }
    *e2p = e2 ^ st->e2;
    *a = moved;
    return 0;
}

/*
 * Plain turns of the moving phase from p, as run_plain_t in
 * playout_runs_impl.h says, with both sides in registers in the padded layout
 * (im: the centre is immune): x of the side to move, y of the other. The
 * turns come in rounds of two, the first drawing the low half of a new
 * number, the second its high half (a half kept from before the run goes
 * first, alone), so they need not flip a side to move. Nor count quiet
 * turns or check the stop each turn: the counter is k - base, where base
 * moves to k when something is captured, and n counts down the rounds
 * left before `stop` (run_stop), the sooner of max_actions and the quiet
 * limit, which a capture only moves later. With one turn left before the
 * stop the run ends there, and pick_t and make play it.
 */
SG_INLINE seega_action p5_run_t(POS *p, const sg_crules *r, sg_rng *rng,
                                uint32_t max_actions, uint32_t *played,
                                int m8, int c8, int im, sel64_fn sel,
                                cap5_fn cap)
{
    int me = p->side, rc;
    uint64_t x = p5_in(p->bb[me]), y = p5_in(p->bb[me ^ 1]);
    uint64_t e = P5_FULL & ~(x | y), e2 = e | e << P5_HI;
    uint64_t keep = p5_in(rule_capturable_if(im, m_full()));
    const P5_STEP(*steps)[64] = P5_STEPS[c8];
    int32_t limit = rule_quiet_stop(r);
    uint32_t k = *played, base = k - (uint32_t)p->quiet;
    uint32_t stop = run_stop(k, base, limit, max_actions), n, kend;
    uint64_t s = rng->s, o = rng->h << 32, h = rng->h, t;
    seega_action out = 0;
#define P5_T(a, b, k, half)                                                    \
    p5_turn_t(&a, &b, &e2, k, &stop, &base, &out, r, &s, &o, half, steps,     \
              keep, limit, max_actions, m8, c8, im, sel, cap)
    if (h) {
        if (k == stop)
            goto end;
        if ((rc = P5_T(x, y, k, 1))) {
            h = rc == 1 ? h : 0;
            goto end;
        }
        t = x, x = y, y = t;
        me ^= 1;
        k++;
        h = 0;
    }
    while ((n = (stop - k) / 2)) {
        kend = k + 2 * n;
        do {
            if ((rc = P5_T(x, y, kend - 2 * n, 0))) {
                h = rc == 1 ? 0 : SG_KEPT_HALF(o);
                k = kend - 2 * n;
                goto end;
            }
            if ((rc = P5_T(y, x, kend - 2 * n + 1, 1))) {
                h = rc == 1 ? SG_KEPT_HALF(o) : 0;
                t = x, x = y, y = t;
                me ^= 1;
                k = kend - 2 * n + 1;
                goto end;
            }
        } while (--n);
        k = kend;
    }
#undef P5_T
end:
    rng_put(rng, s, h);
    p->bb[me] = p5_out(x);
    p->bb[me ^ 1] = p5_out(y);
    p->side = (uint8_t)me;
    p->quiet = (int32_t)(k - base);
    *played = k;
    return out;
}

/* p5_run_t with the centre rule as a constant. */
SG_INLINE seega_action p5_run2_t(POS *p, const sg_crules *r, sg_rng *rng,
                                 uint32_t max_actions, uint32_t *played,
                                 int m8, int c8, sel64_fn sel, cap5_fn cap)
{
    if (r->immune)
        return p5_run_t(p, r, rng, max_actions, played, m8, c8, 1, sel, cap);
    return p5_run_t(p, r, rng, max_actions, played, m8, c8, 0, sel, cap);
}

/* A run's start from p at action count k0 (for p5_dual_t): its pieces
 * (x of the side to move), doubled empty set, quiet base and stop, as
 * p5_run_t sets them. */
#define P5_RUN_IN(p, k0, x, y, e2, base, stop)                                 \
    do {                                                                       \
        x = p5_in((p)->bb[(p)->side]);                                         \
        y = p5_in((p)->bb[(p)->side ^ 1]);                                     \
        e2 = P5_FULL & ~(x | y);                                               \
        e2 |= e2 << P5_HI;                                                     \
        base = (k0) - (uint32_t)(p)->quiet;                                    \
        stop = run_stop(k0, base, limit, max_actions);                         \
    } while (0)
/* ... and its end, written back to p (k0: the count at its start, x: the
 * pieces of p's side to move then) */
SG_INLINE void p5_run_end(POS *p, uint64_t x, uint64_t y, uint32_t k0,
                          uint32_t k, uint32_t base, uint32_t *played)
{
    p->bb[p->side] = p5_out(x);
    p->bb[p->side ^ 1] = p5_out(y);
    p->side ^= (uint8_t)((k - k0) & 1);
    p->quiet = (int32_t)(k - base);
    *played = k;
}

/*
 * Two playouts' runs at once (pa's with the generator ra, pb's with rb),
 * their turns in turn: a turn waits on the one before it of its own game
 * (the draw, the step, the empty squares), not on the other game's, so
 * the processor overlaps the two. A round is two turns of each game, as
 * in p5_run_t (a new number's low half, then its high half; a half kept
 * from before goes first, alone), and n counts down the rounds both games
 * have before their stops. Until either stops (or has one turn left
 * before its stop); both are written back. Returns 0 if pa's stopped, 1
 * if pb's, with *out that run's step for make (or 0), as p5_run_t returns
 * it.
 */
SG_INLINE int p5_dual_t(POS *pa, POS *pb, const sg_crules *r, sg_rng *ra,
                        sg_rng *rb, uint32_t max_actions, uint32_t *ka,
                        uint32_t *kb, seega_action *out, int m8, int c8,
                        int im, sel64_fn sel, cap5_fn cap)
{
    uint64_t keep = p5_in(rule_capturable_if(im, m_full()));
    const P5_STEP(*steps)[64] = P5_STEPS[c8];
    int32_t limit = rule_quiet_stop(r);
    uint64_t xa, ya, ea, xb, yb, eb, t;
    uint64_t sa = ra->s, oa = ra->h << 32, sb = rb->s, ob = rb->h << 32;
    uint64_t ha = ra->h, hb = rb->h;
    uint32_t ba, sta, bb_, stb, ka0 = *ka, kb0 = *kb, ja = ka0, jb = kb0;
    uint32_t n, ea_, eb_;
    seega_action outa = 0, outb = 0;
    int who, rc;
    P5_RUN_IN(pa, ka0, xa, ya, ea, ba, sta);
    P5_RUN_IN(pb, kb0, xb, yb, eb, bb_, stb);
#define P5_TA(a, b, k, half)                                                   \
    p5_turn_t(&a, &b, &ea, k, &sta, &ba, &outa, r, &sa, &oa, half, steps,     \
              keep, limit, max_actions, m8, c8, im, sel, cap)
#define P5_TB(a, b, k, half)                                                   \
    p5_turn_t(&a, &b, &eb, k, &stb, &bb_, &outb, r, &sb, &ob, half, steps,    \
              keep, limit, max_actions, m8, c8, im, sel, cap)
    /* A half kept from before: its turn first, game w's (T, its turn;
     * then the other side's pieces are x, as p5_run_end wants, from one
     * action later). */
#define P5_KEPT_FIRST(w, T, x, y, j, st, h, p, k0)                             \
    if (h) {                                                                   \
        who = w;                                                               \
        if (j == st)                                                           \
            goto end;                                                          \
        if ((rc = T(x, y, j, 1))) {                                            \
            h = rc == 1 ? h : 0;                                               \
            goto end;                                                          \
        }                                                                      \
        t = x, x = y, y = t;                                                   \
        p->side ^= 1;                                                          \
        k0 = ++j;                                                              \
        h = 0;                                                                 \
    }
    P5_KEPT_FIRST(0, P5_TA, xa, ya, ja, sta, ha, pa, ka0)
    P5_KEPT_FIRST(1, P5_TB, xb, yb, jb, stb, hb, pb, kb0)
#undef P5_KEPT_FIRST
    for (;;) {
        uint32_t na = (sta - ja) / 2, nb = (stb - jb) / 2;
        n = na < nb ? na : nb;
        if (!n) { /* fewer than two turns left: pick_t goes on */
            who = na ? 1 : 0;
            goto end;
        }
        ea_ = ja + 2 * n;
        eb_ = jb + 2 * n;
        do {
            if ((rc = P5_TA(xa, ya, ea_ - 2 * n, 0))) {
                who = 0;
                ha = rc == 1 ? 0 : SG_KEPT_HALF(oa);
                ja = ea_ - 2 * n;
                jb = eb_ - 2 * n;
                goto end;
            }
            if ((rc = P5_TB(xb, yb, eb_ - 2 * n, 0))) {
                who = 1;
                ha = SG_KEPT_HALF(oa);
                hb = rc == 1 ? 0 : SG_KEPT_HALF(ob);
                ja = ea_ - 2 * n + 1;
                jb = eb_ - 2 * n;
                goto end;
            }
            if ((rc = P5_TA(ya, xa, ea_ - 2 * n + 1, 1))) {
                who = 0;
                ha = rc == 1 ? SG_KEPT_HALF(oa) : 0;
                hb = SG_KEPT_HALF(ob);
                ja = ea_ - 2 * n + 1;
                jb = eb_ - 2 * n + 1;
                goto end;
            }
            if ((rc = P5_TB(yb, xb, eb_ - 2 * n + 1, 1))) {
                who = 1;
                hb = rc == 1 ? SG_KEPT_HALF(ob) : 0;
                ja = ea_ - 2 * n + 2;
                jb = eb_ - 2 * n + 1;
                goto end;
            }
        } while (--n);
        ja = ea_;
        jb = eb_;
    }
#undef P5_TA
#undef P5_TB
end:
    rng_put(ra, sa, ha);
    rng_put(rb, sb, hb);
    p5_run_end(pa, xa, ya, ka0, ja, ba, ka);
    p5_run_end(pb, xb, yb, kb0, jb, bb_, kb);
    *out = who ? outb : outa;
    return who;
}

/* p5_dual_t with the centre rule as a constant. */
SG_INLINE int p5_dual2_t(POS *pa, POS *pb, const sg_crules *r, sg_rng *ra,
                         sg_rng *rb, uint32_t max_actions, uint32_t *ka,
                         uint32_t *kb, seega_action *out, int m8, int c8,
                         sel64_fn sel, cap5_fn cap)
{
    if (r->immune)
        return p5_dual_t(pa, pb, r, ra, rb, max_actions, ka, kb, out, m8, c8,
                         1, sel, cap);
    return p5_dual_t(pa, pb, r, ra, rb, max_actions, ka, kb, out, m8, c8, 0,
                     sel, cap);
}

#endif /* N == 5 */

#endif

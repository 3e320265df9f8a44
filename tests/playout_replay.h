/*
 * seega_playouts replayed through the public API, for the tests that
 * check the playouts' fast paths. Include after testutil.h.
 */
#ifndef SEEGA_PLAYOUT_REPLAY_H
#define SEEGA_PLAYOUT_REPLAY_H

/*
 * Exactness of the fast paths. The library draws the k-th action of a
 * playout as an index into the legal actions in seega_legal_moves order:
 * Lemire's unbiased range on 32 random bits, the low then the high half
 * of each number of its generator (wyrand). Replaying that through the
 * public API (seega_legal_moves, seega_play), which the differential test
 * checks against the reference, must give the very same stats.
 */
static inline uint64_t wy_next(uint64_t *s)
{
    *s += 0xa0761d6478bd642fu;
    uint64_t a = *s, b = *s ^ 0xe7037ed1a0b428dbu;
#if defined(__SIZEOF_INT128__)
    __extension__ unsigned __int128 m = (unsigned __int128)a * b;
    return (uint64_t)m ^ (uint64_t)(m >> 64);
#else
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
    return ((ll & 0xffffffffu) | (mid << 32)) ^
           (hh + (lh >> 32) + (hl >> 32) + (mid >> 32));
#endif
}

/* A draw takes 32 bits: the low half of a wyrand number, then its high
 * half (kept in *h until then). */
static inline uint32_t wy_u32(uint64_t *s, uint64_t *h, int *kept)
{
    uint64_t o;
    if (*kept) {
        *kept = 0;
        return (uint32_t)(*h >> 32);
    }
    o = wy_next(s);
    *h = o;
    *kept = 1;
    return (uint32_t)o;
}

static inline uint32_t wy_below(uint64_t *s, uint64_t *h, int *kept, uint32_t n)
{
    uint64_t m = (uint64_t)wy_u32(s, h, kept) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t)
            m = (uint64_t)wy_u32(s, h, kept) * n;
    }
    return (uint32_t)(m >> 32);
}

static inline seega_playout_stats replay(const seega_game *g, uint64_t seed,
                                  uint32_t count, uint32_t max_actions)
{
    seega_playout_stats st;
    seega_action acts[SEEGA_MAX_ACTIONS];
    memset(&st, 0, sizeof st);
    st.version = SEEGA_PLAYOUT_STATS_VERSION;
    for (uint32_t i = 0; i < count; i++) {
        uint64_t s = seed ^ ((uint64_t)i * 0x9E3779B97F4A7C15u), h = 0;
        int kept = 0;
        seega_game *c;
        uint32_t k = 0;
        int32_t n;
        assert_int_equal(seega_clone(g, &c), SEEGA_OK);
        wy_next(&s);
        while ((n = seega_legal_moves(c, acts, SEEGA_MAX_ACTIONS)) > 0 &&
               k < max_actions) {
            uint32_t j = wy_below(&s, &h, &kept, (uint32_t)n);
            assert_int_equal(seega_play(c, acts[j]), SEEGA_OK);
            k++;
        }
        st.actions += k;
        switch (n > 0 ? -1 : seega_result(c, NULL)) {
        case SEEGA_X_WINS: st.x_wins++; break;
        case SEEGA_O_WINS: st.o_wins++; break;
        case SEEGA_DRAW: st.draws++; break;
        default: st.unfinished++; break;
        }
        seega_free(c);
    }
    return st;
}

#endif

/*
 * The index of a tablebase tier (see tb.h): the eight symmetries of the
 * 5x5 board, the orbits of the mover's sets, and the colex ranking of
 * sets of squares.
 */
#include "tb/tb.h"

#include <stdlib.h>
#include <string.h>

static int popc(uint32_t x) { return __builtin_popcount(x); }

/* Colex rank of a set among the sets of its size: sum of C(p_i, i+1)
 * over its squares p_0 < p_1 < ... */
static uint64_t colex(const tb_index *ix, uint32_t set)
{
    uint64_t r = 0;
    for (int i = 1; set; i++, set &= set - 1)
        r += ix->binom[__builtin_ctz(set)][i];
    return r;
}

/* The k-set of colex rank r among n squares. */
static uint32_t uncolex(const tb_index *ix, uint64_t r, int k, int n)
{
    uint32_t set = 0;
    int p = n - 1;
    for (int i = k; i >= 1; i--) {
        while (ix->binom[p][i] > r)
            p--;
        r -= ix->binom[p][i];
        set |= 1u << p;
        p--;
    }
    return set;
}

/* The squares of `set` renumbered among the squares not in `taken`. */
static uint32_t squeeze(uint32_t set, uint32_t taken)
{
    uint32_t out = 0;
    for (; set; set &= set - 1) {
        uint32_t b = set & -set;
        out |= 1u << popc(~taken & (b - 1));
    }
    return out;
}

/* The inverse of squeeze: the k-th free square for each bit k. */
static uint32_t spread(uint32_t set, uint32_t taken)
{
    uint32_t out = 0, free_sq = ~taken & ((1u << TB_SQ) - 1);
    for (int k = 0; free_sq; k++, free_sq &= free_sq - 1)
        if (set >> k & 1)
            out |= free_sq & -free_sq;
    return out;
}

uint32_t tb_sym_apply(const tb_index *ix, int g, uint32_t set)
{
    const uint32_t(*row)[32] = ix->row[g];
    return row[0][set & 31] | row[1][set >> 5 & 31] | row[2][set >> 10 & 31] |
           row[3][set >> 15 & 31] | row[4][set >> 20 & 31];
}

static int sym_square(int g, int sq)
{
    int r = sq / TB_N, f = sq % TB_N, m = TB_N - 1;
    int rr, ff;
    switch (g) {
    case 0: rr = r, ff = f; break;
    case 1: rr = f, ff = m - r; break;     /* a quarter turn */
    case 2: rr = m - r, ff = m - f; break; /* a half turn */
    case 3: rr = m - f, ff = r; break;     /* three quarters */
    case 4: rr = r, ff = m - f; break;     /* mirror left-right */
    case 5: rr = m - r, ff = f; break;     /* mirror top-bottom */
    case 6: rr = f, ff = r; break;         /* the a1-e5 diagonal */
    default: rr = m - f, ff = m - r; break; /* the other diagonal */
    }
    return rr * TB_N + ff;
}

void tb_index_free(tb_index *ix)
{
    for (int u = 0; u <= TB_MAXP; u++) {
        free(ix->orb[u]);
        free(ix->gsym[u]);
        free(ix->rep[u]);
        free(ix->stab[u]);
        ix->orb[u] = NULL;
        ix->gsym[u] = NULL;
        ix->rep[u] = NULL;
        ix->stab[u] = NULL;
    }
}

static int build_orbits(tb_index *ix, int u)
{
    uint64_t n = ix->binom[TB_SQ][u];
    uint32_t *orb = malloc(n * sizeof *orb);
    uint8_t *gs = malloc(n);
    /* at most n orbits; trimmed below */
    uint32_t *rep = malloc(n * sizeof *rep);
    uint8_t *stab = malloc(n);
    if (!orb || !gs || !rep || !stab) {
        free(orb), free(gs), free(rep), free(stab);
        return -1;
    }
    memset(orb, 0xFF, n * sizeof *orb);
    uint32_t norb = 0;
    for (uint64_t r = 0; r < n; r++) {
        if (orb[r] != UINT32_MAX)
            continue;
        uint32_t set = uncolex(ix, r, u, TB_SQ), img[8], least = UINT32_MAX;
        for (int g = 0; g < 8; g++) {
            img[g] = tb_sym_apply(ix, g, set);
            if (img[g] < least)
                least = img[g];
        }
        uint8_t st = 0;
        for (int g = 0; g < 8; g++)
            if (tb_sym_apply(ix, g, least) == least)
                st |= (uint8_t)(1u << g);
        for (int g = 0; g < 8; g++) {
            uint64_t ri = colex(ix, img[g]);
            if (orb[ri] != UINT32_MAX)
                continue;
            orb[ri] = norb;
            for (int h = 0; h < 8; h++)
                if (tb_sym_apply(ix, h, img[g]) == least) {
                    gs[ri] = (uint8_t)h;
                    break;
                }
        }
        rep[norb] = least;
        stab[norb] = st;
        norb++;
    }
    uint32_t *rep2 = realloc(rep, (norb ? norb : 1) * sizeof *rep);
    uint8_t *stab2 = realloc(stab, norb ? norb : 1);
    ix->orb[u] = orb;
    ix->gsym[u] = gs;
    ix->rep[u] = rep2 ? rep2 : rep;
    ix->stab[u] = stab2 ? stab2 : stab;
    ix->norb[u] = norb;
    return 0;
}

int tb_index_init(tb_index *ix, int maxp)
{
    memset(ix, 0, sizeof *ix);
    ix->maxp = maxp;
    for (int n = 0; n <= TB_SQ; n++) {
        ix->binom[n][0] = 1;
        for (int k = 1; k <= n; k++)
            ix->binom[n][k] = ix->binom[n - 1][k - 1] +
                              (k <= n - 1 ? ix->binom[n - 1][k] : 0);
    }
    for (int g = 0; g < 8; g++) {
        for (int sq = 0; sq < TB_SQ; sq++)
            ix->sym[g][sq] = (uint8_t)sym_square(g, sq);
        for (int rk = 0; rk < TB_N; rk++)
            for (int pat = 0; pat < 32; pat++) {
                uint32_t img = 0;
                for (int f = 0; f < TB_N; f++)
                    if (pat >> f & 1)
                        img |= 1u << ix->sym[g][rk * TB_N + f];
                ix->row[g][rk][pat] = img;
            }
    }
    for (int a = 0; a < 8; a++)
        for (int b = 0; b < 8; b++)
            for (int c = 0; c < 8; c++) {
                int same = 1;
                for (int sq = 0; sq < TB_SQ && same; sq++)
                    same = ix->sym[a][ix->sym[b][sq]] == ix->sym[c][sq];
                if (same)
                    ix->compose[a][b] = (uint8_t)c;
            }
    for (int u = 0; u <= maxp && u <= TB_MAXP; u++)
        if (build_orbits(ix, u) != 0) {
            tb_index_free(ix);
            return -1;
        }
    return 0;
}

uint64_t tb_tier_slots(const tb_index *ix, int u, int t)
{
    return (uint64_t)ix->norb[u] * ix->binom[TB_SQ - u][t];
}

uint64_t tb_rank(const tb_index *ix, uint32_t m, uint32_t o)
{
    int u = popc(m), t = popc(o);
    uint64_t rm = colex(ix, m);
    uint32_t orbit = ix->orb[u][rm];
    int g = ix->gsym[u][rm];
    uint32_t rep = ix->rep[u][orbit];
    uint64_t best = colex(ix, squeeze(tb_sym_apply(ix, g, o), rep));
    for (uint32_t st = ix->stab[u][orbit] & ~1u; st; st &= st - 1) {
        int s = __builtin_ctz(st);
        uint64_t r =
            colex(ix, squeeze(tb_sym_apply(ix, ix->compose[s][g], o), rep));
        if (r < best)
            best = r;
    }
    return (uint64_t)orbit * ix->binom[TB_SQ - u][t] + best;
}

void tb_unrank(const tb_index *ix, int u, int t, uint64_t slot, uint32_t *m,
               uint32_t *o)
{
    uint64_t per = ix->binom[TB_SQ - u][t];
    uint32_t rep = ix->rep[u][slot / per];
    *m = rep;
    *o = spread(uncolex(ix, slot % per, t, TB_SQ - u), rep);
}

/*
 * Packed tables (docs/tablebases.md, "Packed tables"): format 2 of a tier
 * file, and packs of several tiers in one file or buffer.
 *
 * A packed tier holds the same slots as a plain one (format 1), each as
 * an entry of a dictionary: the value and distance, or under a quiet
 * limit the value and ranks. The slots are cut into sub-blocks of
 * `sub_slots`, each coded on its own as runs of one entry: a prefix code
 * for the entry, one for the run's bit length k, then k bits. A probe
 * decodes one sub-block up to its slot. The writer picks the sub-block's
 * slots, a power of two, so that it holds about TOKENS runs: a sub-block
 * of long runs of draws covers many slots, one of wins at many
 * distances few. Sub-blocks are grouped into
 * blocks of `subs`, each with a 64-bit checksum that is checked the first
 * time a probe reads the block: a damaged block is SEEGA_E_CORRUPT at the
 * probes that touch it, never a wrong value. Unused slots of the index
 * take the entry before them, so they cost nothing.
 *
 * Don't-cares: where a step that captures gives the mover exactly a
 * slot's value and distance (at every quiet counter under a quiet limit),
 * the slot may hold any entry no better than that capture, and holds the
 * entry of the run before it when that one is: the probe (tb/solve.c,
 * lookup_cap) answers the better of the slot's entry and of the best
 * capture, which is the slot's own value wherever the slot holds its own
 * entry too, since no child is better than its parent.
 *
 * Layout, every offset from the start of the tier, little-endian:
 *
 *   header          TB_HEADER_BYTES (tb/file.c), format 2; its checksum
 *                   covers everything before the blocks
 *   dictionary      nsym entries: value (1 byte), then 1 distance or
 *                   `ranks` ranks (2 bytes each, 0x7FFF: never)
 *   code lengths    nsym bytes (the entries' code), then TB_RUN_CODES
 *                   (the run lengths' code), padded to 8
 *   index           nblocks + 1 block offsets, then nblocks checksums
 *                   (8 bytes each)
 *   blocks          each at most BLOCK_MAX bytes: `subs` sub-block
 *                   offsets (2 bytes, from the block's start), then the
 *                   sub-blocks' bits, most significant bit of a byte
 *                   first
 *
 * The codes are canonical (as DEFLATE's): a code is given by its lengths
 * alone, the codes of one length in order of their symbols.
 */
#define _POSIX_C_SOURCE 200809L
#define _FILE_OFFSET_BITS 64
#include "tb/tb.h"

#include "core/util.h"

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TB_RUN_CODES 32
#define BLOCK_MAX 65535 /* bytes of a block: sub-block offsets of 16 bits */
#define SEQ_MAX ((uint64_t)1 << 26) /* slots whose entries a walk keeps */
#define TOKENS 24       /* runs a sub-block, about, that the writer aims at */

/* ---- bits ----------------------------------------------------------------- */

typedef struct bitw {
    uint8_t *p;
    size_t n, cap;
    uint64_t acc;
    int bits;
    int err;
} bitw;

static void bw_byte(bitw *w, uint8_t b)
{
    if (w->n == w->cap) {
        if (w->cap > (size_t)PTRDIFF_MAX / 2) {
            w->err = 1;
            return;
        }
        size_t cap = w->cap ? 2 * w->cap : 4096;
        uint8_t *p = realloc(w->p, cap);
        if (!p) {
            w->err = 1;
            return;
        }
        w->p = p;
        w->cap = cap;
    }
    w->p[w->n++] = b;
}

static void bw_put(bitw *w, uint32_t code, int len)
{
    w->acc = w->acc << len | code;
    w->bits += len;
    while (w->bits >= 8) {
        w->bits -= 8;
        bw_byte(w, (uint8_t)(w->acc >> w->bits));
    }
}

static void bw_align(bitw *w)
{
    if (w->bits)
        bw_put(w, 0, 8 - w->bits);
}

/* Reads bits most significant first; past the end it reads zeros and
 * counts them, so a reader checks `over` once per token. */
typedef struct bitr {
    const uint8_t *p, *end;
    uint64_t buf; /* the next bits, left-aligned */
    int n;        /* how many of them */
    int over;     /* bits read past the end */
} bitr;

static void br_init(bitr *r, const uint8_t *p, const uint8_t *end)
{
    r->p = p;
    r->end = end;
    r->buf = 0;
    r->n = 0;
    r->over = 0;
}

static void br_fill(bitr *r)
{
    if (r->end - r->p >= 8) {
        /* eight bytes at once: the bits past the whole bytes taken are
         * those the next fill takes again */
        uint64_t w = 0;
        for (int i = 0; i < 8; i++)
            w = w << 8 | r->p[i];
        int take = (63 - r->n) >> 3;
        r->buf |= w >> r->n;
        r->p += take;
        r->n += 8 * take;
        return;
    }
    while (r->n <= 56) {
        uint64_t byte = 0;
        if (r->p < r->end)
            byte = *r->p++;
        else
            r->over += 8;
        r->buf |= byte << (56 - r->n);
        r->n += 8;
    }
}

static uint32_t br_peek(bitr *r, int k)
{
    return k ? (uint32_t)(r->buf >> (64 - k)) : 0;
}

static void br_skip(bitr *r, int k)
{
    r->buf <<= k;
    r->n -= k;
}

/* Whether a read went past the end: the zeros read past it counted less
 * the ones still unread in the buffer. */
static int br_overrun(const bitr *r)
{
    return r->over > r->n;
}

/* ---- canonical codes ------------------------------------------------------ */

/* The decoding tables of a code of n symbols from its lengths (0: unused):
 * 0, or -1 when the lengths are over-subscribed or out of range, or -2
 * out of memory. `all`: every symbol must have a code. */
static int code_build(tb_code *c, const uint8_t *len, uint32_t n, int all)
{
    memset(c->count, 0, sizeof c->count);
    c->sorted = NULL;
    c->lut = NULL;
    uint32_t used = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (len[i] > TB_CODE_MAX || (all && len[i] == 0))
            return -1;
        c->count[len[i]]++;
        used += len[i] != 0;
    }
    c->count[0] = 0;
    if (used == 0)
        return -1;
    int64_t left = 1;
    for (int l = 1; l <= TB_CODE_MAX; l++) {
        left = left * 2 - c->count[l];
        if (left < 0)
            return -1;
    }
    uint32_t offs[TB_CODE_MAX + 2];
    offs[1] = 0;
    for (int l = 1; l <= TB_CODE_MAX; l++)
        offs[l + 1] = offs[l] + c->count[l];
    c->sorted = malloc((size_t)used * sizeof *c->sorted);
    c->lut = malloc(sizeof *c->lut << TB_CODE_LUT);
    if (!c->sorted || !c->lut)
        return -2;
    uint32_t code = 0;
    for (int l = 1; l <= TB_CODE_MAX; l++) {
        code = (code + c->count[l - 1]) << 1;
        c->first[l] = code;
        c->index[l] = offs[l];
    }
    for (uint32_t i = 0; i < n; i++)
        if (len[i])
            c->sorted[offs[len[i]]++] = i;
    /* The table: each code of up to TB_CODE_LUT bits fills the entries
     * that begin with it. */
    memset(c->lut, 0, sizeof *c->lut << TB_CODE_LUT);
    for (int l = 1; l <= TB_CODE_LUT; l++)
        for (uint32_t k = 0; k < c->count[l]; k++) {
            uint32_t lo = (c->first[l] + k) << (TB_CODE_LUT - l);
            uint32_t e = c->sorted[c->index[l] + k] << 5 | (uint32_t)l;
            for (uint32_t j = 0; j < 1u << (TB_CODE_LUT - l); j++)
                c->lut[lo + j] = e;
        }
    return 0;
}

/* One symbol, or -1 (a code no symbol has). The buffer holds at least
 * TB_CODE_MAX bits (br_fill). */
static int64_t code_read(bitr *r, const tb_code *c)
{
    uint32_t e = c->lut[br_peek(r, TB_CODE_LUT)];
    if (e & 31) {
        br_skip(r, (int)(e & 31));
        return e >> 5;
    }
    for (int l = TB_CODE_LUT + 1; l <= TB_CODE_MAX; l++) {
        uint32_t code = br_peek(r, l);
        if (code - c->first[l] < c->count[l]) {
            br_skip(r, l);
            return c->sorted[c->index[l] + code - c->first[l]];
        }
    }
    return -1;
}

/* The codes of lengths len[0..n-1], for writing. */
static void code_words(const uint8_t *len, uint32_t n, uint32_t *word)
{
    uint32_t count[TB_CODE_MAX + 1] = {0}, next[TB_CODE_MAX + 1];
    for (uint32_t i = 0; i < n; i++)
        count[len[i]]++;
    count[0] = 0;
    uint32_t code = 0;
    for (int l = 1; l <= TB_CODE_MAX; l++) {
        code = (code + count[l - 1]) << 1;
        next[l] = code;
    }
    for (uint32_t i = 0; i < n; i++)
        word[i] = len[i] ? next[len[i]]++ : 0;
}

typedef struct leaf {
    uint64_t count;
    uint32_t sym;
} leaf;

static int by_count(const void *a, const void *b)
{
    const leaf *x = a, *y = b;
    if (x->count != y->count)
        return x->count < y->count ? -1 : 1;
    return x->sym < y->sym ? -1 : x->sym > y->sym;
}

/*
 * Code lengths of at most TB_CODE_MAX bits for the counts (a Huffman code,
 * its longest codes shortened when needed): every symbol counted gets one
 * of 1 bit or more. 0 or -1 out of memory.
 */
int tb_code_lengths(const uint64_t *count, uint32_t n, uint8_t *len)
{
    memset(len, 0, n);
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        m += count[i] != 0;
    if (m == 0)
        return 0;
    leaf *lf = malloc((size_t)m * sizeof *lf);
    uint64_t *w = malloc((size_t)2 * m * sizeof *w);
    uint32_t *parent = malloc((size_t)2 * m * sizeof *parent);
    if (!lf || !w || !parent) {
        free(lf);
        free(w);
        free(parent);
        return -1;
    }
    m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (count[i])
            lf[m++] = (leaf){count[i], i};
    qsort(lf, m, sizeof *lf, by_count);
    if (m == 1) {
        len[lf[0].sym] = 1;
    } else {
        /* Two queues: the leaves in order of count, the inner nodes in
         * the order they are made (never lighter than the one before). */
        for (uint32_t i = 0; i < m; i++)
            w[i] = lf[i].count;
        uint32_t a = 0, b = m;
        for (uint32_t k = m; k < 2 * m - 1; k++) {
            uint32_t pick[2];
            for (int j = 0; j < 2; j++)
                pick[j] = a < m && (b >= k || w[a] <= w[b]) ? a++ : b++;
            w[k] = w[pick[0]] + w[pick[1]];
            parent[pick[0]] = parent[pick[1]] = k;
        }
        uint32_t *depth = parent; /* reused from the root down */
        depth[2 * m - 2] = 0;
        for (uint32_t k = 2 * m - 2; k-- > 0;)
            depth[k] = depth[parent[k]] + 1;
        int64_t kraft = 0, target = (int64_t)1 << TB_CODE_MAX;
        for (uint32_t i = 0; i < m; i++) {
            uint32_t d = depth[i] > TB_CODE_MAX ? TB_CODE_MAX : depth[i];
            len[lf[i].sym] = (uint8_t)d;
            kraft += (int64_t)1 << (TB_CODE_MAX - d);
        }
        /* Too long codes cut to TB_CODE_MAX: lengthen the rarest symbols'
         * codes until the lengths fit, then shorten the most frequent
         * ones while they still do. */
        for (uint32_t i = 0; i < m && kraft > target; i++) {
            uint8_t *l = &len[lf[i].sym];
            while (kraft > target && *l < TB_CODE_MAX) {
                kraft -= (int64_t)1 << (TB_CODE_MAX - *l - 1);
                (*l)++;
            }
        }
        for (uint32_t i = m; i-- > 0;) {
            uint8_t *l = &len[lf[i].sym];
            while (*l > 1 &&
                   kraft + ((int64_t)1 << (TB_CODE_MAX - *l)) <= target) {
                kraft += (int64_t)1 << (TB_CODE_MAX - *l);
                (*l)--;
            }
        }
    }
    free(lf);
    free(w);
    free(parent);
    return 0;
}

/* ---- reading a packed tier ------------------------------------------------ */

static uint64_t align8(uint64_t x)
{
    return (x + 7) & ~(uint64_t)7;
}

/* Ranks (or the distance) an entry holds. */
static uint32_t sym_ranks(const tb_header *h)
{
    return h->rules[TB_RULE(quiet_limit)] ? h->ranks : 1;
}

void tb_packed_free(tb_table *tb)
{
    free(tb->sym);
    free(tb->scode.sorted);
    free(tb->rcode.sorted);
    free(tb->scode.lut);
    free(tb->rcode.lut);
    free(tb->checked);
    free(tb->pair);
    tb->pair = NULL;
    tb->sym = NULL;
    tb->scode.sorted = tb->rcode.sorted = NULL;
    tb->scode.lut = tb->rcode.lut = NULL;
    tb->checked = NULL;
}

int32_t tb_packed_check(tb_table *tb, const uint8_t *data, size_t bytes,
                        char *msg, size_t cap)
{
    const tb_header *h = &tb->h;
    uint64_t n = bytes;
    if (h->sub_slots < 16 || h->sub_slots > 65536 ||
        (h->sub_slots & (h->sub_slots - 1)) || h->subs < 1 ||
        h->subs > 65536) {
        sg_format(msg, cap, "blocks of %u sub-blocks of %u slots in the "
                  "header (powers of two of 16 to 65536, and 1 to 65536)",
                  (unsigned)h->subs, (unsigned)h->sub_slots);
        return SEEGA_E_CORRUPT;
    }
    uint64_t per = (uint64_t)h->sub_slots * h->subs;
    if (h->nblocks != (h->slots + per - 1) / per) {
        sg_format(msg, cap, "%llu blocks in the header, %llu slots need "
                  "%llu", (unsigned long long)h->nblocks,
                  (unsigned long long)h->slots,
                  (unsigned long long)((h->slots + per - 1) / per));
        return SEEGA_E_CORRUPT;
    }
    if (h->nsym < 1 || h->nsym > (1u << 24)) {
        sg_format(msg, cap, "%u entries in the dictionary (1 to %u)",
                  (unsigned)h->nsym, 1u << 24);
        return SEEGA_E_CORRUPT;
    }
    uint32_t nr = sym_ranks(h), esize = 1 + 2 * nr;
    uint64_t code_off = TB_HEADER_BYTES + (uint64_t)h->nsym * esize;
    uint64_t index_off = align8(code_off + h->nsym + TB_RUN_CODES);
    uint64_t blocks_off = index_off + 16 * h->nblocks + 8;
    const char *field = h->sym_offset != TB_HEADER_BYTES  ? "dictionary"
                        : h->code_offset != code_off      ? "codes"
                        : h->index_offset != index_off    ? "index"
                        : h->blocks_offset != blocks_off  ? "blocks"
                        : h->wdl_offset || h->dist_offset ? "plain arrays"
                                                          : NULL;
    if (field) {
        sg_format(msg, cap, "the offset of the %s in the header is not "
                  "where the layout puts it", field);
        return SEEGA_E_CORRUPT;
    }
    if (h->file_bytes != n || blocks_off > n) {
        sg_format(msg, cap, "the file has %llu bytes, its header says %llu "
                  "and its index ends at %llu (truncated?)",
                  (unsigned long long)n, (unsigned long long)h->file_bytes,
                  (unsigned long long)blocks_off);
        return SEEGA_E_CORRUPT;
    }
    tb_sum s = {.h = TB_SUM_SEED};
    uint8_t zero[8] = {0};
    tb_sum_add(&s, data, TB_OFF_CHECKSUM);
    tb_sum_add(&s, zero, 8);
    tb_sum_add(&s, data + TB_OFF_CHECKSUM + 8,
               (size_t)blocks_off - TB_OFF_CHECKSUM - 8);
    if (tb_sum_end(&s) != h->checksum) {
        sg_format(msg, cap, "checksum mismatch in the header, dictionary "
                  "or index (the file is corrupt)");
        return SEEGA_E_CORRUPT;
    }
    const uint8_t *idx = data + index_off;
    uint64_t prev = blocks_off;
    for (uint64_t b = 0; b <= h->nblocks; b++) {
        uint64_t o = tb_rd64(idx + 8 * b);
        uint64_t want_min = b ? prev + 2 * (uint64_t)h->subs : blocks_off;
        if (o < want_min || o > n || (b == 0 && o != blocks_off) ||
            (b == h->nblocks && o != n) || (b && o - prev > BLOCK_MAX)) {
            sg_format(msg, cap, "block %llu: its offset %llu in the index "
                      "is outside the file or out of order",
                      (unsigned long long)b, (unsigned long long)o);
            return SEEGA_E_CORRUPT;
        }
        prev = o;
    }
    size_t sym_bytes, flag_bytes;
    if (sg_bytes(h->nsym, sizeof *tb->sym, &sym_bytes) != 0 ||
        sg_bytes(h->nblocks, 1, &flag_bytes) != 0 ||
        !(tb->sym = malloc(sym_bytes)) ||
        !(tb->checked = calloc(flag_bytes ? flag_bytes : 1, 1))) {
        sg_format(msg, cap, "out of memory for a packed table's dictionary");
        return SEEGA_E_NOMEM;
    }
    for (uint32_t i = 0; i < h->nsym; i++) {
        const uint8_t *e = data + TB_HEADER_BYTES + (uint64_t)i * esize;
        tb_sym *y = &tb->sym[i];
        memset(y, 0, sizeof *y);
        y->v = e[0];
        int bad = y->v != TB_V_WIN && y->v != TB_V_LOSS && y->v != TB_V_DRAW;
        for (uint32_t k = 0; k < nr; k++) {
            y->r[k] = (uint16_t)(e[1 + 2 * k] | e[2 + 2 * k] << 8);
            bad |= y->r[k] > TB_NEVER;
        }
        if (bad) {
            sg_format(msg, cap, "entry %u of the dictionary: value %u or a "
                      "distance out of range", (unsigned)i, (unsigned)e[0]);
            return SEEGA_E_CORRUPT;
        }
    }
    int c1 = code_build(&tb->scode, data + code_off, h->nsym, 1);
    int c2 = c1 ? c1
                : code_build(&tb->rcode, data + code_off + h->nsym,
                             TB_RUN_CODES, 0);
    if (c1 == -2 || c2 == -2) {
        sg_format(msg, cap, "out of memory for a packed table's codes");
        return SEEGA_E_NOMEM;
    }
    if (c1 || c2) {
        sg_format(msg, cap, "the code lengths of the %s are not a prefix "
                  "code", c1 ? "dictionary" : "run lengths");
        return SEEGA_E_CORRUPT;
    }
    /* The pairs of short codes, an entry's then a run length's. */
    if (h->nsym < (1u << 21)) {
        if (!(tb->pair = calloc((size_t)1 << TB_PAIR_LUT, sizeof *tb->pair))) {
            sg_format(msg, cap, "out of memory for a packed table's codes");
            return SEEGA_E_NOMEM;
        }
        for (uint32_t i = 0; i < 1u << TB_PAIR_LUT; i++) {
            uint32_t a = tb->scode.lut[i >> (TB_PAIR_LUT - TB_CODE_LUT)];
            int la = (int)(a & 31);
            if (!la)
                continue;
            uint32_t rest = (i << la) & ((1u << TB_PAIR_LUT) - 1);
            uint32_t b = tb->rcode.lut[rest >> (TB_PAIR_LUT - TB_CODE_LUT)];
            int lb = (int)(b & 31);
            if (lb && la + lb <= TB_PAIR_LUT)
                tb->pair[i] = (a >> 5) << 10 | (b >> 5) << 5 |
                              (uint32_t)(la + lb);
        }
    }
    tb->base = data;
    return SEEGA_OK;
}

/* Whether block b is sound: checked once, by whichever probe comes first
 * (two at once both check it, and agree). */
static int block_ok(const tb_table *tb, uint64_t b)
{
    uint8_t c = __atomic_load_n(&tb->checked[b], __ATOMIC_ACQUIRE);
    if (c)
        return c == 1;
    const tb_header *h = &tb->h;
    const uint8_t *idx = tb->base + h->index_offset;
    uint64_t lo = tb_rd64(idx + 8 * b), hi = tb_rd64(idx + 8 * (b + 1));
    uint64_t sum = tb_rd64(idx + 8 * (h->nblocks + 1) + 8 * b);
    tb_sum s = {.h = TB_SUM_SEED + b};
    tb_sum_add(&s, tb->base + lo, (size_t)(hi - lo));
    int ok = tb_sum_end(&s) == sum;
    /* The sub-block offsets, in order and inside the block. */
    uint64_t prev = 2 * (uint64_t)h->subs;
    for (uint32_t i = 0; ok && i < h->subs; i++) {
        const uint8_t *q = tb->base + lo + 2 * (uint64_t)i;
        uint64_t o = (uint64_t)q[0] | (uint64_t)q[1] << 8;
        ok = o >= prev && o <= hi - lo && (i || o == prev);
        prev = o;
    }
    __atomic_store_n(&tb->checked[b], (uint8_t)(ok ? 1 : 2), __ATOMIC_RELEASE);
    return ok;
}

int tb_packed_get(const tb_table *tb, uint64_t slot, int *dist,
                  const tb_sym **sym)
{
    const tb_header *h = &tb->h;
    uint64_t per = (uint64_t)h->sub_slots * h->subs;
    uint64_t b = slot / per;
    uint32_t sb = (uint32_t)(slot % per / h->sub_slots);
    uint32_t at = (uint32_t)(slot % h->sub_slots);
    if (b >= h->nblocks || !block_ok(tb, b))
        return -1;
    const uint8_t *idx = tb->base + h->index_offset;
    uint64_t lo = tb_rd64(idx + 8 * b), hi = tb_rd64(idx + 8 * (b + 1));
    const uint8_t *blk = tb->base + lo;
    const uint8_t *q = blk + 2 * (uint64_t)sb;
    uint64_t s0 = (uint64_t)q[0] | (uint64_t)q[1] << 8;
    uint64_t s1 = sb + 1 < h->subs ? (uint64_t)q[2] | (uint64_t)q[3] << 8
                                   : hi - lo;
    bitr r;
    br_init(&r, blk + s0, blk + s1);
    uint32_t pos = 0;
    for (;;) {
        br_fill(&r); /* 57 bits or more: a symbol and a length */
        uint32_t e = tb->pair ? tb->pair[br_peek(&r, TB_PAIR_LUT)] : 0;
        int64_t y, k;
        if (e) { /* both codes short, and k bits left in the buffer */
            br_skip(&r, (int)(e & 31));
            y = e >> 10;
            k = e >> 5 & 31;
            if (k > 16)
                return -1;
        } else {
            y = code_read(&r, &tb->scode);
            k = y < 0 ? -1 : code_read(&r, &tb->rcode);
            if (k < 0 || k > 16)
                return -1;
            br_fill(&r);
        }
        uint32_t run = 1u << k | br_peek(&r, (int)k);
        br_skip(&r, (int)k);
        if (br_overrun(&r) || run > h->sub_slots - pos)
            return -1;
        pos += run;
        if (at < pos) {
            const tb_sym *ent = &tb->sym[y];
            if (dist)
                *dist = ent->r[0];
            if (sym)
                *sym = ent;
            return ent->v;
        }
    }
}

/* ---- writing a packed tier ------------------------------------------------ */

/* The dictionary while it is built: entries, and a hash of them. */
typedef struct dict {
    tb_sym *e;
    uint32_t n, cap;
    uint32_t *slot; /* hash table of entry + 1, 0 empty */
    uint32_t mask;
} dict;

static uint64_t sym_hash(const tb_sym *y)
{
    uint64_t h = y->v * 0x9E3779B97F4A7C15ull;
    for (int k = 0; k < TB_RANKS_MAX; k++)
        h = (h ^ y->r[k]) * 0xFF51AFD7ED558CCDull;
    return h ^ h >> 29;
}

static int sym_same(const tb_sym *a, const tb_sym *b)
{
    return a->v == b->v && !memcmp(a->r, b->r, sizeof a->r);
}

/* The entry of y (added if new): its number, or -1 out of memory. */
static int64_t dict_find(dict *d, const tb_sym *y)
{
    if (2 * (d->n + 1) > d->mask) {
        uint32_t mask = d->mask ? 2 * d->mask + 1 : 1023;
        uint32_t *s = calloc((size_t)mask + 1, sizeof *s);
        if (!s)
            return -1;
        for (uint32_t i = 0; i < d->n; i++) {
            uint32_t j = (uint32_t)sym_hash(&d->e[i]) & mask;
            while (s[j])
                j = (j + 1) & mask;
            s[j] = i + 1;
        }
        free(d->slot);
        d->slot = s;
        d->mask = mask;
    }
    uint32_t j = (uint32_t)sym_hash(y) & d->mask;
    while (d->slot[j]) {
        if (sym_same(&d->e[d->slot[j] - 1], y))
            return d->slot[j] - 1;
        j = (j + 1) & d->mask;
    }
    if (d->n == d->cap) {
        uint32_t cap = d->cap ? 2 * d->cap : 256;
        tb_sym *e = realloc(d->e, (size_t)cap * sizeof *e);
        if (!e)
            return -1;
        d->e = e;
        d->cap = cap;
    }
    d->e[d->n] = *y;
    d->slot[j] = ++d->n;
    return d->n - 1;
}

/* The order of the probe's values (tb/solve.c's tbv_score): faster
 * wins, then draws, then slower losses. */
static int64_t value_score(int v, int d)
{
    return v > 0 ? 1000000 - (int64_t)d : v < 0 ? -1000000 + (int64_t)d : 0;
}

/*
 * Whether entry y, standing in a slot of tier (u, t) whose best capture
 * gives the mover (cv, cd), is never better than that capture, at any
 * quiet counter under a quiet limit L (its n ranks): then the probe,
 * which takes the better of the two, answers the capture's value.
 */
static int sym_below(const tb_sym *y, int u, int t, int L, int n, int cv,
                     int cd)
{
    int64_t cap = value_score(cv, cd);
    if (cv > 0 && cd <= 1)
        return 1; /* a win in one ply: nothing is better */
    if (!L)
        return value_score(y->v == TB_V_WIN    ? 1
                           : y->v == TB_V_LOSS ? -1
                                               : 0,
                           y->v == TB_V_DRAW ? 0 : y->r[0]) <= cap;
    int e[TB_RANKS_MAX] = {-1, -1, -1, -1, -1};
    for (int i = 0; i < n; i++)
        e[i] = y->r[i];
    tb_ranks k;
    tb_ranks_of(e, &k);
    for (int q = 0; q < L; q++) {
        int d, v = tb_quiet_value(u, t, L, q, &k, &d);
        if (value_score(v, d) > cap)
            return 0;
    }
    return 1;
}

/*
 * The contents of a slot of tier (u, t) of tb, or -1 (a damaged block);
 * *used 0 for an unused slot of the index. Without a quiet limit, the
 * value and distance a probe reads, with one, the stored ranks. *cv and
 * *cd: the best value and distance the mover gets by a step that
 * captures there (*cv 2: none).
 */
static int slot_sym(const struct seega_tablebase *tb, int u, int t,
                    uint64_t slot, tb_sym *y, int *used, int *cv, int *cd)
{
    const tb_table *src = &tb->tier[u][t];
    memset(y, 0, sizeof *y);
    *cv = 2;
    *cd = 0;
    int v, n = (int)sym_ranks(&src->h), x = 0, d = 0;
    if (src->sym) { /* a packed source stores no unused slots */
        uint32_t m, o;
        tb_unrank(&tb->ix, u, t, slot, &m, &o);
        *used = tb_rank(&tb->ix, m, o) == slot;
    } else {
        *used = tb_table_get(src, slot, &d) != TB_V_UNUSED;
    }
    if (*used && sg_tb_slot5(tb, u, t, slot, &x, &d, cv, cd) != 0)
        return -1;
    if (src->h.rules[TB_RULE(quiet_limit)]) {
        tb_ranks k;
        v = tb_table_ranks(src, slot, &k);
        int e[TB_RANKS_MAX] = {k.w, k.l, k.d, k.wp, k.lp};
        for (int i = 0; i < n; i++)
            y->r[i] = (uint16_t)e[i];
    } else if (*used) {
        v = x > 0 ? TB_V_WIN : x < 0 ? TB_V_LOSS : TB_V_DRAW;
        y->r[0] = (uint16_t)d;
    } else {
        v = tb_table_get(src, slot, &d);
        y->r[0] = (uint16_t)d;
    }
    if (v < 0)
        return -1;
    y->v = (uint8_t)v;
    return 0;
}

static int bucket(uint32_t run)
{
    int k = 0;
    while (run >> (k + 1))
        k++;
    return k;
}

/* Walk the slots as tokens (entry, run): the counts (pass 0) or the bits
 * (pass 1). Unused slots continue the run before them (the first ones
 * take the first used slot's entry). */
typedef struct walk {
    dict d;
    uint64_t *scount, rcount[TB_RUN_CODES];
    uint8_t *slen, rlen[TB_RUN_CODES];
    uint32_t *sword, rword[TB_RUN_CODES];
    uint32_t sub_slots, subs; /* the layout (pass 1) */
    uint64_t runs;        /* the first walk: runs in sub-blocks of 4096 */
    uint32_t *seq;        /* the entry of each slot, from the first walk
                             (NULL: each walk finds them again) */
    int seq_done;
    bitw blocks;          /* pass 1: the blocks */
    uint64_t *offs, *sums; /* pass 1: nblocks + 1, nblocks */
} walk;

static void token(walk *w, int pass, uint32_t y, uint32_t run)
{
    int k = bucket(run);
    if (pass == 0 && !w->scount) { /* the first walk: dictionary, runs */
        w->runs++;
        return;
    }
    if (pass == 0) {
        w->scount[y]++;
        w->rcount[k]++;
        return;
    }
    bw_put(&w->blocks, w->sword[y], w->slen[y]);
    bw_put(&w->blocks, w->rword[k], w->rlen[k]);
    if (k)
        bw_put(&w->blocks, run & ((1u << k) - 1), k);
}

static int32_t walk_slots(walk *w, int pass,
                          const struct seega_tablebase *tb, int u, int t)
{
    const tb_table *src = &tb->tier[u][t];
    const uint32_t S = w->sub_slots, G = pass ? w->subs : 1;
    const uint64_t per = (uint64_t)S * G;
    const uint64_t nblocks = (src->h.slots + per - 1) / per;
    uint64_t slots = src->h.slots;
    const int L = src->h.rules[TB_RULE(quiet_limit)], n = (int)sym_ranks(&src->h);
    tb_sym y;
    int used, cv, cd;
    int64_t cur = -1;
    /* The entries the first walk chose, where it kept them. */
    const uint32_t *seq = w->seq_done ? w->seq : NULL;
    if (seq && slots)
        cur = seq[0];
    for (uint64_t s = 0; s < slots && cur < 0; s++) {
        if (slot_sym(tb, u, t, s, &y, &used, &cv, &cd) != 0)
            return SEEGA_E_CORRUPT;
        if (used)
            cur = dict_find(&w->d, &y);
        if (used && cur < 0)
            return SEEGA_E_NOMEM;
    }
    if (cur < 0) { /* no used slot at all: one entry, a draw */
        memset(&y, 0, sizeof y);
        y.v = TB_V_DRAW;
        if ((cur = dict_find(&w->d, &y)) < 0)
            return SEEGA_E_NOMEM;
    }
    for (uint64_t b = 0; b < nblocks; b++) {
        size_t start = w->blocks.n;
        if (pass) {
            w->offs[b] = start;
            for (uint32_t i = 0; i < 2 * G; i++)
                bw_byte(&w->blocks, 0);
            if (w->blocks.err)
                return SEEGA_E_NOMEM;
        }
        for (uint64_t sb = 0; sb < G; sb++) {
            uint64_t lo = b * per + sb * S;
            uint64_t hi = lo + S < slots ? lo + S : slots;
            if (pass) {
                uint32_t at = (uint32_t)(w->blocks.n - start);
                w->blocks.p[start + 2 * sb] = (uint8_t)at;
                w->blocks.p[start + 2 * sb + 1] = (uint8_t)(at >> 8);
            }
            uint32_t run = 0;
            for (uint64_t s = lo; s < hi; s++) {
                int64_t e = cur;
                if (seq) {
                    e = seq[s];
                    goto chosen;
                }
                if (slot_sym(tb, u, t, s, &y, &used, &cv, &cd) != 0)
                    return SEEGA_E_CORRUPT;
                /* A don't-care (its own entry no better than its best
                 * capture, so equal to it): the run goes on where the
                 * run's entry is no better either. */
                if (used && cv != 2 &&
                    sym_below(&w->d.e[cur], u, t, L, n, cv, cd) &&
                    sym_below(&y, u, t, L, n, cv, cd))
                    used = 0;
                if (used && (e = dict_find(&w->d, &y)) < 0)
                    return SEEGA_E_NOMEM;
                if (w->seq)
                    w->seq[s] = (uint32_t)e;
            chosen:
                if (e != cur && run) {
                    token(w, pass, (uint32_t)cur, run);
                    run = 0;
                }
                cur = e;
                run++;
            }
            if (run)
                token(w, pass, (uint32_t)cur, run);
            if (pass)
                bw_align(&w->blocks);
            if (pass && w->blocks.err)
                return SEEGA_E_NOMEM;
        }
        if (pass) {
            tb_sum s = {.h = TB_SUM_SEED + b};
            tb_sum_add(&s, w->blocks.p + start, w->blocks.n - start);
            w->sums[b] = tb_sum_end(&s);
        }
        if (w->blocks.err)
            return SEEGA_E_NOMEM;
    }
    if (w->seq)
        w->seq_done = 1;
    if (pass)
        w->offs[nblocks] = w->blocks.n;
    return SEEGA_OK;
}

/* Sub-blocks of about TOKENS runs: a power of two, 32 .. 4096 slots. */
static uint32_t pick_sub_slots(uint64_t slots, uint64_t runs)
{
    uint64_t want = runs ? TOKENS * slots / runs : 4096;
    uint32_t s = 32;
    while (s < 4096 && 2 * (uint64_t)s <= want)
        s *= 2;
    return s;
}

/* Sub-blocks a block: as many as keep a block within BLOCK_MAX bytes
 * whatever its slots hold. A run of one slot costs at most the longest
 * codes, a longer run at most 16 bits more for two slots or more. */
static uint32_t pick_subs(uint32_t sub_slots, const uint8_t *slen,
                          uint32_t nsym, const uint8_t *rlen)
{
    int ls = 0, lr = 0;
    for (uint32_t i = 0; i < nsym; i++)
        ls = slen[i] > ls ? slen[i] : ls;
    for (int i = 0; i < TB_RUN_CODES; i++)
        lr = rlen[i] > lr ? rlen[i] : lr;
    uint64_t sub_bytes = (uint64_t)sub_slots * (uint64_t)(ls + lr + 8) / 8 + 1;
    uint32_t g = 1;
    while (2 * (uint64_t)g * (sub_bytes + 2) <= BLOCK_MAX && g < 65536)
        g *= 2;
    return g;
}

static void walk_free(walk *w)
{
    free(w->d.e);
    free(w->d.slot);
    free(w->scount);
    free(w->slen);
    free(w->sword);
    free(w->blocks.p);
    free(w->offs);
    free(w->sums);
    free(w->seq);
}

int32_t tb_pack_tier(const struct seega_tablebase *tb, int u, int t,
                     uint8_t **out, size_t *bytes, char *msg, size_t cap)
{
    const tb_table *src = &tb->tier[u][t];
    *out = NULL;
    *bytes = 0;
    walk w;
    memset(&w, 0, sizeof w);
    /* The dictionary and the runs, then the layout, the counts, the
     * codes, and the bits. */
    w.sub_slots = 4096;
    /* The first walk keeps its choices for the next two (the don't-cares
     * cost a lookahead each), within SEQ_MAX slots. */
    if (src->h.slots <= SEQ_MAX)
        w.seq = malloc((size_t)(src->h.slots ? src->h.slots : 1) *
                       sizeof *w.seq);
    int32_t st = walk_slots(&w, 0, tb, u, t);
    w.sub_slots = pick_sub_slots(src->h.slots, w.runs);
    uint32_t nsym = w.d.n;
    if (st == SEEGA_OK) {
        w.scount = calloc(nsym, sizeof *w.scount);
        w.slen = malloc(nsym);
        w.sword = malloc((size_t)nsym * sizeof *w.sword);
        if (!w.scount || !w.slen || !w.sword)
            st = SEEGA_E_NOMEM;
    }
    if (st == SEEGA_OK)
        st = walk_slots(&w, 0, tb, u, t);
    if (st == SEEGA_OK &&
        (tb_code_lengths(w.scount, nsym, w.slen) != 0 ||
         tb_code_lengths(w.rcount, TB_RUN_CODES, w.rlen) != 0))
        st = SEEGA_E_NOMEM;
    uint64_t nblocks = 0;
    if (st == SEEGA_OK) {
        w.subs = pick_subs(w.sub_slots, w.slen, nsym, w.rlen);
        uint64_t per = (uint64_t)w.sub_slots * w.subs;
        nblocks = (src->h.slots + per - 1) / per;
        w.offs = malloc((size_t)(nblocks + 1) * sizeof *w.offs);
        w.sums = malloc((size_t)(nblocks ? nblocks : 1) * sizeof *w.sums);
        if (!w.offs || !w.sums)
            st = SEEGA_E_NOMEM;
    }
    if (st == SEEGA_OK) {
        code_words(w.slen, nsym, w.sword);
        code_words(w.rlen, TB_RUN_CODES, w.rword);
        st = walk_slots(&w, 1, tb, u, t);
    }
    /* The tier: header, dictionary, codes, index, blocks. */
    tb_header h = src->h;
    uint32_t nr = sym_ranks(&h), esize = 1 + 2 * nr;
    h.format = TB_FORMAT_PACKED;
    h.header_bytes = TB_HEADER_BYTES;
    h.sub_slots = w.sub_slots;
    h.subs = w.subs;
    h.nsym = nsym;
    h.nblocks = nblocks;
    h.wdl_offset = h.dist_offset = 0;
    h.sym_offset = TB_HEADER_BYTES;
    h.code_offset = h.sym_offset + (uint64_t)nsym * esize;
    h.index_offset = align8(h.code_offset + nsym + TB_RUN_CODES);
    h.blocks_offset = h.index_offset + 16 * nblocks + 8;
    h.file_bytes = h.blocks_offset + w.blocks.n;
    size_t n = 0;
    uint8_t *p = NULL;
    if (st == SEEGA_OK && (sg_bytes(h.file_bytes, 1, &n) != 0 ||
                           !(p = calloc(n, 1))))
        st = SEEGA_E_NOMEM;
    if (st != SEEGA_OK) {
        walk_free(&w);
        sg_format(msg, cap, "tier %dv%d: %s", u, t,
                  st == SEEGA_E_NOMEM ? "out of memory while packing it"
                                      : "a damaged block in its source");
        return st;
    }
    for (uint32_t i = 0; i < nsym; i++) {
        uint8_t *e = p + h.sym_offset + (uint64_t)i * esize;
        e[0] = w.d.e[i].v;
        for (uint32_t k = 0; k < nr; k++) {
            e[1 + 2 * k] = (uint8_t)w.d.e[i].r[k];
            e[2 + 2 * k] = (uint8_t)(w.d.e[i].r[k] >> 8);
        }
    }
    memcpy(p + h.code_offset, w.slen, nsym);
    memcpy(p + h.code_offset + nsym, w.rlen, TB_RUN_CODES);
    for (uint64_t b = 0; b <= nblocks; b++)
        tb_wr64(p + h.index_offset + 8 * b, h.blocks_offset + w.offs[b]);
    for (uint64_t b = 0; b < nblocks; b++)
        tb_wr64(p + h.index_offset + 8 * (nblocks + 1) + 8 * b, w.sums[b]);
    if (w.blocks.n)
        memcpy(p + h.blocks_offset, w.blocks.p, w.blocks.n);
    h.checksum = 0;
    tb_header_put(p, &h);
    tb_sum s = {.h = TB_SUM_SEED};
    tb_sum_add(&s, p, (size_t)h.blocks_offset);
    h.checksum = tb_sum_end(&s);
    tb_header_put(p, &h);
    walk_free(&w);
    *out = p;
    *bytes = n;
    return SEEGA_OK;
}

/* ---- packs ---------------------------------------------------------------- */

#define PACK_ENTRY 24

int32_t tb_pack_scan(const uint8_t *data, size_t bytes, int lo, int *maxp,
                     char *msg, size_t cap)
{
    *maxp = lo - 1;
    if (bytes < TB_PACK_HEADER || memcmp(data, TB_PACK_MAGIC, 8) != 0) {
        sg_format(msg, cap, "not a tablebase pack (no header)");
        return SEEGA_E_CORRUPT;
    }
    uint32_t format = tb_rd32(data + 8), head = tb_rd32(data + 12);
    uint32_t count = tb_rd32(data + 16), board = tb_rd32(data + 20);
    uint64_t size = tb_rd64(data + 24), sum = tb_rd64(data + 32);
    if (format != TB_PACK_FORMAT || head != TB_PACK_HEADER) {
        sg_format(msg, cap, "pack format %u (header %u bytes), this "
                  "library reads format %d", (unsigned)format,
                  (unsigned)head, TB_PACK_FORMAT);
        return SEEGA_E_CORRUPT;
    }
    if (board != TB_N) {
        sg_format(msg, cap, "board size %u in the pack, tables are %dx%d",
                  (unsigned)board, TB_N, TB_N);
        return SEEGA_E_CORRUPT;
    }
    if (size != bytes) {
        sg_format(msg, cap, "the pack has %zu bytes, its header says %llu "
                  "(truncated?)", bytes, (unsigned long long)size);
        return SEEGA_E_CORRUPT;
    }
    uint64_t dir_end = TB_PACK_HEADER + (uint64_t)count * PACK_ENTRY;
    if (count > (TB_MAXP + 1) * (TB_MAXP + 1) || dir_end > bytes) {
        sg_format(msg, cap, "%u tiers in the pack's header (at most %d, "
                  "and its directory inside the file)", (unsigned)count,
                  (TB_MAXP + 1) * (TB_MAXP + 1));
        return SEEGA_E_CORRUPT;
    }
    tb_sum s = {.h = TB_SUM_SEED};
    uint8_t zero[8] = {0};
    tb_sum_add(&s, data, 32);
    tb_sum_add(&s, zero, 8);
    tb_sum_add(&s, data + 40, (size_t)dir_end - 40);
    if (tb_sum_end(&s) != sum) {
        sg_format(msg, cap, "checksum mismatch in the pack's directory "
                  "(the pack is corrupt)");
        return SEEGA_E_CORRUPT;
    }
    uint8_t seen[TB_MAXP + 1][TB_MAXP + 1];
    memset(seen, 0, sizeof seen);
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = data + TB_PACK_HEADER + (uint64_t)i * PACK_ENTRY;
        uint32_t a = tb_rd32(e), b = tb_rd32(e + 4);
        uint64_t off = tb_rd64(e + 8), len = tb_rd64(e + 16);
        if (a < (uint32_t)lo || b < (uint32_t)lo || a > TB_MAXP ||
            b > TB_MAXP || seen[a][b]) {
            sg_format(msg, cap, "tier %uv%u of the pack: %s", (unsigned)a,
                      (unsigned)b,
                      a <= TB_MAXP && b <= TB_MAXP && seen[a][b]
                          ? "there twice"
                          : "not a tier of these rules");
            return SEEGA_E_CORRUPT;
        }
        if (off < dir_end || off % 8 || off > bytes || len > bytes - off) {
            sg_format(msg, cap, "tier %uv%u of the pack: at %llu, %llu "
                      "bytes, outside the pack", (unsigned)a, (unsigned)b,
                      (unsigned long long)off, (unsigned long long)len);
            return SEEGA_E_CORRUPT;
        }
        seen[a][b] = 1;
    }
    for (int m = lo; m <= TB_MAXP; m++) {
        int all = 1;
        for (int a = lo; a <= m && all; a++)
            all = seen[a][m] && seen[m][a];
        if (!all)
            break;
        *maxp = m;
    }
    return SEEGA_OK;
}

int32_t tb_pack_open(struct seega_tablebase *tb, const uint8_t *data,
                     size_t bytes, char *msg, size_t cap)
{
    (void)bytes; /* scanned: every entry is inside */
    uint32_t count = tb_rd32(data + 16);
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = data + TB_PACK_HEADER + (uint64_t)i * PACK_ENTRY;
        int a = (int)tb_rd32(e), b = (int)tb_rd32(e + 4);
        if (a > tb->maxp || b > tb->maxp)
            continue;
        uint64_t off = tb_rd64(e + 8), len = tb_rd64(e + 16);
        char why[SEEGA_ERROR_MAX];
        int32_t st = tb_table_check(&tb->tier[a][b], data + off, (size_t)len,
                                    &tb->rules, a, b,
                                    tb_tier_slots(&tb->ix, a, b), why,
                                    sizeof why);
        if (st != SEEGA_OK) {
            sg_format(msg, cap, "tier %dv%d of the pack: %s", a, b, why);
            return st;
        }
    }
    return SEEGA_OK;
}

int32_t tb_pack_write(const struct seega_tablebase *tb, int maxp,
                      const char *path, char *msg, size_t cap)
{
    int lo = rule_material_least(&tb->cr), count = (maxp - lo + 1) * (maxp - lo + 1);
    uint8_t *part[(TB_MAXP + 1) * (TB_MAXP + 1)];
    size_t len[(TB_MAXP + 1) * (TB_MAXP + 1)];
    uint8_t head[TB_PACK_HEADER + (TB_MAXP + 1) * (TB_MAXP + 1) * PACK_ENTRY];
    memset(head, 0, sizeof head);
    uint64_t off = align8(TB_PACK_HEADER + (uint64_t)count * PACK_ENTRY);
    int32_t st = SEEGA_OK;
    int i = 0;
    for (int a = lo; a <= maxp; a++)
        for (int b = lo; b <= maxp; b++, i++) {
            part[i] = NULL;
            len[i] = 0;
            if (st == SEEGA_OK)
                st = tb_pack_tier(tb, a, b, &part[i], &len[i], msg, cap);
            uint8_t *e = head + TB_PACK_HEADER + (size_t)i * PACK_ENTRY;
            tb_wr32(e, (uint32_t)a);
            tb_wr32(e + 4, (uint32_t)b);
            tb_wr64(e + 8, off);
            tb_wr64(e + 16, len[i]);
            off = align8(off + len[i]);
        }
    size_t dir_end = TB_PACK_HEADER + (size_t)count * PACK_ENTRY;
    memcpy(head, TB_PACK_MAGIC, 8);
    tb_wr32(head + 8, TB_PACK_FORMAT);
    tb_wr32(head + 12, TB_PACK_HEADER);
    tb_wr32(head + 16, (uint32_t)count);
    tb_wr32(head + 20, TB_N);
    tb_wr64(head + 24, off);
    tb_sum s = {.h = TB_SUM_SEED};
    tb_sum_add(&s, head, dir_end);
    tb_wr64(head + 32, tb_sum_end(&s));

    char tmp[4096];
    int n = snprintf(tmp, sizeof tmp, "%s.part", path);
    FILE *f = NULL;
    if (st == SEEGA_OK && (n < 0 || (size_t)n >= sizeof tmp)) {
        sg_format(msg, cap, "path too long: %s", path);
        st = SEEGA_E_IO;
    }
    if (st == SEEGA_OK && !(f = fopen(tmp, "wb"))) {
        sg_format(msg, cap, "%s: %s", tmp, strerror(errno));
        st = SEEGA_E_IO;
    }
    if (f) {
        static const uint8_t pad[8];
        int bad = fwrite(head, 1, dir_end, f) != dir_end;
        uint64_t at = dir_end;
        for (i = 0; i < count && !bad; i++) {
            size_t gap = (size_t)(align8(at) - at);
            bad = fwrite(pad, 1, gap, f) != gap ||
                  fwrite(part[i], 1, len[i], f) != len[i];
            at = align8(at) + len[i];
        }
        size_t gap = (size_t)(align8(at) - at);
        bad = bad || fwrite(pad, 1, gap, f) != gap;
        int err = errno;
        if (fflush(f) != 0 && !bad)
            bad = 1, err = errno;
        if (!bad && fsync(fileno(f)) != 0)
            bad = 1, err = errno;
        if (fclose(f) != 0 && !bad)
            bad = 1, err = errno;
        if (bad || rename(tmp, path) != 0) {
            if (!bad)
                err = errno;
            sg_format(msg, cap, "writing %s: %s", path, strerror(err));
            remove(tmp);
            st = SEEGA_E_IO;
        }
    }
    for (i = 0; i < count; i++)
        free(part[i]);
    return st;
}

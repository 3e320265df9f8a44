/*
 * Packed tables (docs/tablebases.md, "Packed tables"): format 2 of a tier
 * and packs of tiers, against the plain tables they were made from.
 *
 * Tables are generated into a scratch directory, opened (plain), packed
 * with seega_tb_pack, and opened again from the pack file and from memory.
 * Every used slot of every tier must answer a probe (value, distance, best
 * action) as the plain tables do, don't-cares included; a damaged
 * block must fail the reads of its own slots and only those; every
 * malformed pack must be refused with SEEGA_E_CORRUPT and a message.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/util.h"
#include "tb/tb.h"
#include "text/notation.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A scratch directory with the tables of `text` up to max, their plain
 * handle, and a pack of them in a file and in memory. */
typedef struct fixture {
    char dir[512], pack[600];
    seega_rules rules;
    seega_tablebase *plain;
    uint8_t *bytes;
    size_t size;
} fixture;

static void setup(fixture *f, const char *text, int max)
{
    char msg[SEEGA_ERROR_MAX] = "";
    const char *base = getenv("TMPDIR");
    snprintf(f->dir, sizeof f->dir, "%s/seega_pack.XXXXXX",
             base ? base : "/tmp");
    assert_non_null(mkdtemp(f->dir));
    assert_int_equal(seega_rules_from_text(text, &f->rules, msg, sizeof msg),
                     SEEGA_OK);
    assert_int_equal(seega_tb_generate(&f->rules, max, f->dir, NULL, msg,
                                       sizeof msg),
                     SEEGA_OK);
    assert_int_equal(seega_tb_open(&f->rules, f->dir, &f->plain, msg,
                                   sizeof msg),
                     SEEGA_OK);
    snprintf(f->pack, sizeof f->pack, "%s/all.sgtbpack", f->dir);
    int32_t st = seega_tb_pack(f->plain, max, f->pack, msg, sizeof msg);
    if (st != SEEGA_OK)
        print_error("%s\n", msg);
    assert_int_equal(st, SEEGA_OK);
    FILE *in = fopen(f->pack, "rb");
    assert_non_null(in);
    fseek(in, 0, SEEK_END);
    f->size = (size_t)ftell(in);
    fseek(in, 0, SEEK_SET);
    f->bytes = malloc(f->size);
    assert_non_null(f->bytes);
    assert_int_equal(fread(f->bytes, 1, f->size, in), f->size);
    fclose(in);
}

static void teardown(fixture *f)
{
    seega_tb_close(f->plain);
    free(f->bytes);
    DIR *d = opendir(f->dir);
    struct dirent *e;
    char path[1200];
    while (d && (e = readdir(d)))
        if (e->d_name[0] != '.') {
            snprintf(path, sizeof path, "%s/%s", f->dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
    rmdir(f->dir);
}

/* The position of sets m (the mover's, X) and o at quiet counter q. */
static void pos_at(uint32_t m, uint32_t o, int q, sg_posbuf *pos)
{
    sg_gpos g;
    memset(&g, 0, sizeof g);
    g.n = TB_N;
    for (int sq = 0; sq < TB_SQ; sq++)
        g.cell[sq] = (int8_t)(m >> sq & 1   ? SEEGA_X
                              : o >> sq & 1 ? SEEGA_O
                                            : SEEGA_EMPTY);
    g.side = SEEGA_X;
    g.quiet = q;
    g.state = SG_ST_NORMAL;
    g.chain = -1;
    sg_board5.load(pos, &g);
}

/* The probe of b answers as a's (value, distance, best action; and
 * without the action, the path of the lookups inside a probe). */
static void same_probe(const seega_tablebase *a, const seega_tablebase *b,
                       const sg_posbuf *pos)
{
    int32_t va, da, vb, db;
    seega_action ba, bb;
    assert_int_equal(sg_tb_probe5(a, pos, &va, &da, &ba), 0);
    assert_int_equal(sg_tb_probe5(b, pos, &vb, &db, &bb), 0);
    assert_int_equal(va, vb);
    assert_int_equal(da, db);
    assert_int_equal(ba, bb);
    assert_int_equal(sg_tb_probe5(b, pos, &vb, &db, NULL), 0);
    assert_int_equal(va, vb);
    assert_int_equal(da, db);
}

/* Which slots are compared: every one; where SEEGA_TEST_SCALE is below 1
 * (the valgrind and 32-bit steps of tests/run_all.sh, which run the tests
 * of the other steps again) every 16th. */
static uint64_t slot_stride(void)
{
    const char *e = getenv("SEEGA_TEST_SCALE");
    return e && atof(e) > 0 && atof(e) < 1 ? 16 : 1;
}

/*
 * Every used slot of every tier of b (packed) answers a probe as in a
 * (plain), at every quiet counter under a quiet limit; the tiers' figures
 * are the same. A slot that a capture decides may hold another entry
 * than its own (a don't-care): *dc counts them, each answered right.
 */
static void same_slots(const seega_tablebase *a, const seega_tablebase *b,
                       uint64_t *dc)
{
    assert_int_equal(a->maxp, b->maxp);
    int lo = a->rules.lose_at + 1, L = a->rules.quiet_limit;
    uint64_t compared = 0, stride = slot_stride();
    *dc = 0;
    for (int u = lo; u <= a->maxp; u++)
        for (int t = lo; t <= a->maxp; t++) {
            const tb_table *x = &a->tier[u][t], *y = &b->tier[u][t];
            assert_int_equal(x->h.format, TB_FORMAT);
            assert_int_equal(y->h.format, TB_FORMAT_PACKED);
            assert_true(x->h.wins == y->h.wins && x->h.draws == y->h.draws &&
                        x->h.losses == y->h.losses &&
                        x->h.longest_win == y->h.longest_win);
            for (uint64_t s = 0; s < x->h.slots; s += stride) {
                uint32_t m, o;
                tb_unrank(&a->ix, u, t, s, &m, &o);
                if (tb_rank(&a->ix, m, o) != s)
                    continue;
                sg_posbuf pos;
                if (L) {
                    tb_ranks p, q;
                    int vp = tb_table_ranks(x, s, &p);
                    int vq = tb_table_ranks(y, s, &q);
                    assert_true(vq > TB_V_UNUSED);
                    *dc += vp != vq || p.w != q.w || p.l != q.l ||
                           p.d != q.d || p.wp != q.wp || p.lp != q.lp;
                    /* every counter of a short limit; of a long one
                     * the first and the last four */
                    for (int qc = 0; qc < L; qc++) {
                        if (L > 8 && qc == 4)
                            qc = L - 4;
                        pos_at(m, o, qc, &pos);
                        same_probe(a, b, &pos);
                    }
                } else {
                    int dp, dq;
                    int vp = tb_table_get(x, s, &dp);
                    int vq = tb_table_get(y, s, &dq);
                    assert_true(vq > TB_V_UNUSED);
                    *dc += vp != vq || dp != dq;
                    pos_at(m, o, 0, &pos);
                    same_probe(a, b, &pos);
                }
                compared++;
            }
        }
    assert_true(compared > 0);
}

/* Packed from plain, the same every slot, from the file and from memory,
 * for tables with distances and with 3 and 5 ranks a slot. */
/* CLASSIC up to 3 a side, made once for the tests that need tiers of
 * several blocks. */
static fixture classic3;

static int group_setup(void **state)
{
    (void)state;
    setup(&classic3, "classic 5", 3);
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    teardown(&classic3);
    return 0;
}

static void compare(const fixture *fp)
{
    const fixture f = *fp;
    char msg[SEEGA_ERROR_MAX] = "";
    seega_tablebase *file = NULL, *mem = NULL;
    assert_int_equal(seega_tb_open(&f.rules, f.pack, &file, msg, sizeof msg),
                     SEEGA_OK);
    assert_int_equal(seega_tb_open_memory(&f.rules, f.bytes, f.size, &mem,
                                          msg, sizeof msg),
                     SEEGA_OK);
    uint64_t dc_file, dc_mem;
    same_slots(f.plain, file, &dc_file);
    same_slots(f.plain, mem, &dc_mem);
    assert_true(dc_file == dc_mem);
    /* without a quiet limit, slots that hold another entry than their
     * own, answered right: a probe that took their entry alone would
     * fail above */
    print_message("%llu don't-care slots hold another entry\n",
                  (unsigned long long)dc_file);
    assert_true(dc_file > 0);
    /* the probes through packed tables: the smaller tiers consistent
     * with themselves */
    for (int u = f.rules.lose_at + 1; u <= 2; u++)
        for (int t = f.rules.lose_at + 1; t <= 2; t++) {
            uint64_t n = 0;
            int32_t st = seega_tb_verify(mem, u, t, &n, msg, sizeof msg);
            if (st != SEEGA_OK)
                print_error("%s\n", msg);
            assert_int_equal(st, SEEGA_OK);
        }
    seega_tb_close(file);
    seega_tb_close(mem);
}

static void roundtrip(const char *text, int max)
{
    fixture f;
    setup(&f, text, max);
    compare(&f);
    teardown(&f);
}

static void test_roundtrip_distances(void **state)
{
    (void)state;
    compare(&classic3);
    /* at 2 a side where only every 16th slot is compared (slot_stride) */
    int max = slot_stride() > 1 ? 2 : 3;
    roundtrip("traditional 5", 3);
    roundtrip("diagonal 5 quiet_limit=0", max); /* eight directions */
}

static void test_roundtrip_ranks(void **state)
{
    (void)state;
    roundtrip("modern 5 quiet_limit=4", 2);   /* 3 ranks a slot */
    roundtrip("diagonal 5 quiet_limit=5", 2); /* 5: a blocked side loses */
    roundtrip("modern 5", 2);                 /* its own limit, 50 */
}

/* The tier (u, t) entry of a pack: its offset. */
static uint64_t tier_offset(const uint8_t *p, int u, int t)
{
    uint32_t count = tb_rd32(p + 16);
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = p + TB_PACK_HEADER + 24 * (uint64_t)i;
        if (tb_rd32(e) == (uint32_t)u && tb_rd32(e + 4) == (uint32_t)t)
            return tb_rd64(e + 8);
    }
    fail_msg("no tier %dv%d in the pack", u, t);
    return 0;
}

/* The pack's directory checksum, after an edit. */
static void pack_resum(uint8_t *p)
{
    uint32_t count = tb_rd32(p + 16);
    tb_sum s = {.h = TB_SUM_SEED};
    memset(p + 32, 0, 8);
    tb_sum_add(&s, p, TB_PACK_HEADER + 24 * (size_t)count);
    tb_wr64(p + 32, tb_sum_end(&s));
}

/* A tier's header checksum (over everything before its blocks). */
static void tier_resum(uint8_t *tier)
{
    tb_header h;
    tb_header_get(&h, tier);
    memset(tier + TB_OFF_CHECKSUM, 0, 8);
    tb_sum s = {.h = TB_SUM_SEED};
    tb_sum_add(&s, tier, (size_t)h.blocks_offset);
    tb_wr64(tier + TB_OFF_CHECKSUM, tb_sum_end(&s));
}

static void refused(const fixture *f, const uint8_t *p, size_t n,
                    const char *words)
{
    char msg[SEEGA_ERROR_MAX] = "";
    seega_tablebase *tb = (seega_tablebase *)&msg; /* must stay as it is */
    int32_t st = seega_tb_open_memory(&f->rules, p, n, &tb, msg, sizeof msg);
    print_message("refused: %s\n", msg);
    assert_int_equal(st, SEEGA_E_CORRUPT);
    assert_ptr_equal(tb, (seega_tablebase *)&msg);
    assert_non_null(strstr(msg, words));
}

/* A damaged block: the pack opens (blocks are checked when first read);
 * every slot of that block fails, every other slot reads as before; a
 * probe of a position in it is SEEGA_E_CORRUPT. */
static void test_damaged_block(void **state)
{
    fixture f = classic3;
    char msg[SEEGA_ERROR_MAX] = "";
    seega_tablebase *tb;
    (void)state;
    f.bytes = malloc(f.size);
    assert_non_null(f.bytes);
    memcpy(f.bytes, classic3.bytes, f.size);
    uint8_t *tier = f.bytes + tier_offset(f.bytes, 3, 3);
    tb_header h;
    tb_header_get(&h, tier);
    assert_true(h.nblocks >= 3);
    uint64_t b = 1, lo = tb_rd64(tier + h.index_offset + 8 * b),
             hi = tb_rd64(tier + h.index_offset + 8 * (b + 1));
    tier[lo + (hi - lo) / 2] ^= 0x10;
    assert_int_equal(seega_tb_open_memory(&f.rules, f.bytes, f.size, &tb,
                                          msg, sizeof msg),
                     SEEGA_OK);
    const tb_table *x = &f.plain->tier[3][3], *y = &tb->tier[3][3];
    uint64_t per = (uint64_t)h.sub_slots * h.subs, bad = 0;
    for (uint64_t s = 0; s < h.slots; s++) {
        uint32_t m, o;
        tb_unrank(&tb->ix, 3, 3, s, &m, &o);
        if (tb_rank(&tb->ix, m, o) != s)
            continue;
        int dx, dy, vx = tb_table_get(x, s, &dx), vy = tb_table_get(y, s, &dy);
        if (s / per == b) {
            assert_int_equal(vy, -1);
            if (bad++ == 0) { /* a probe of it, through the public API */
                sg_gpos g;
                memset(&g, 0, sizeof g);
                g.n = TB_N;
                for (int sq = 0; sq < TB_SQ; sq++)
                    g.cell[sq] = (int8_t)(m >> sq & 1   ? SEEGA_X
                                          : o >> sq & 1 ? SEEGA_O
                                                        : SEEGA_EMPTY);
                g.side = SEEGA_X;
                g.state = SG_ST_NORMAL;
                g.chain = -1;
                sg_posbuf pos;
                char spn[SEEGA_SPN_MAX];
                sg_board5.load(&pos, &g);
                sg_spn_format(&sg_board5, &pos, spn);
                seega_game *game;
                assert_int_equal(seega_new(&f.rules, &game), SEEGA_OK);
                assert_int_equal(seega_set_spn(game, spn), SEEGA_OK);
                seega_tb_entry e = {SEEGA_TB_ENTRY_VERSION, 0, 0, 0};
                assert_int_equal(seega_tb_probe(tb, game, &e),
                                 SEEGA_E_CORRUPT);
                seega_free(game);
            }
        } else { /* its own entry, or a don't-care's */
            assert_true(vy > TB_V_UNUSED);
            (void)vx;
            (void)dx;
            (void)dy;
        }
    }
    assert_true(bad > 0);
    seega_tb_close(tb);
    free(f.bytes);
}

/* Malformed packs and tiers, each refused with a message that says
 * what is wrong. */
static void test_bad_packs(void **state)
{
    const fixture f = classic3;
    char msg[SEEGA_ERROR_MAX] = "";
    seega_tablebase *tb;
    (void)state;
    uint8_t *p = malloc(f.size);
    assert_non_null(p);
#define FRESH() memcpy(p, f.bytes, f.size)
    FRESH();
    refused(&f, p, 10, "not a tablebase pack");
    refused(&f, p, f.size - 8, "truncated");
    refused(&f, p, f.size / 2, "truncated");
    p[0] ^= 1;
    refused(&f, p, f.size, "not a tablebase pack");
    FRESH();
    p[TB_PACK_HEADER + 3] ^= 0x40; /* the directory, checksum not updated */
    refused(&f, p, f.size, "checksum mismatch in the pack");
    /* a tier that points outside the pack */
    FRESH();
    tb_wr64(p + TB_PACK_HEADER + 8, (uint64_t)f.size + 64);
    pack_resum(p);
    refused(&f, p, f.size, "outside the pack");
    /* a tier there twice */
    FRESH();
    memcpy(p + TB_PACK_HEADER + 24, p + TB_PACK_HEADER, 8);
    pack_resum(p);
    refused(&f, p, f.size, "there twice");
    /* a tier's block index pointing outside it, header checksum updated */
    FRESH();
    uint8_t *tier = p + tier_offset(p, 2, 3);
    tb_header h;
    tb_header_get(&h, tier);
    tb_wr64(tier + h.index_offset + 8, h.file_bytes + 1);
    tier_resum(tier);
    refused(&f, p, f.size, "outside the file or out of order");
    /* a tier whose codes are not a prefix code */
    FRESH();
    tier = p + tier_offset(p, 2, 3);
    memset(tier + h.code_offset, 1, h.nsym);
    tier_resum(tier);
    refused(&f, p, f.size, "not a prefix code");
    /* a tier's header changed without its checksum */
    FRESH();
    tier = p + tier_offset(p, 3, 2);
    tier[h.sym_offset] ^= 1;
    refused(&f, p, f.size, "checksum mismatch in the header");
    /* other rules (with the same tiers) */
    FRESH();
    seega_rules other;
    assert_int_equal(seega_rules_from_text("classic 5 centre_immune=0",
                                           &other, msg, sizeof msg),
                     SEEGA_OK);
    tb = NULL;
    assert_int_equal(seega_tb_open_memory(&other, p, f.size, &tb, msg,
                                          sizeof msg),
                     SEEGA_E_CORRUPT);
    assert_non_null(strstr(msg, "other rules"));
    assert_null(tb);
    /* the pristine copy still opens */
    assert_int_equal(seega_tb_open_memory(&f.rules, p, f.size, &tb, msg,
                                          sizeof msg),
                     SEEGA_OK);
    seega_tb_close(tb);
    /* bad arguments */
    assert_int_equal(seega_tb_open_memory(NULL, p, f.size, &tb, msg,
                                          sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_tb_open_memory(&f.rules, NULL, 0, &tb, msg,
                                          sizeof msg),
                     SEEGA_E_INVALID);
    assert_int_equal(seega_tb_pack(f.plain, 4, f.pack, msg, sizeof msg),
                     SEEGA_E_INVALID);
    assert_non_null(strstr(msg, "hold 1 to 3"));
    assert_int_equal(seega_tb_pack(f.plain, 3, "", msg, sizeof msg),
                     SEEGA_E_INVALID);
    char nodir[700];
    snprintf(nodir, sizeof nodir, "%s/none/x.sgtbpack", f.dir);
    assert_int_equal(seega_tb_pack(f.plain, 3, nodir, msg, sizeof msg),
                     SEEGA_E_IO);
#undef FRESH
    free(p);
}

/* A smaller pack than the tables: packing up to 2 gives a pack whose
 * tables hold 2 a side. */
static void test_smaller_pack(void **state)
{
    const fixture f = classic3;
    char msg[SEEGA_ERROR_MAX] = "", path[700];
    seega_tablebase *tb;
    (void)state;
    snprintf(path, sizeof path, "%s/two.sgtbpack", f.dir);
    assert_int_equal(seega_tb_pack(f.plain, 2, path, msg, sizeof msg),
                     SEEGA_OK);
    assert_int_equal(seega_tb_open(&f.rules, path, &tb, msg, sizeof msg),
                     SEEGA_OK);
    assert_int_equal(seega_tb_max_pieces(tb), 2);
    seega_tb_close(tb);
}

/* Code lengths of counts whose Huffman code is deeper than TB_CODE_MAX
 * (Fibonacci counts make a code as deep as there are symbols): cut to
 * TB_CODE_MAX, still a prefix code (Kraft's sum at most 1), every
 * symbol counted with a code, none without. */
static void test_code_lengths(void **state)
{
    uint64_t count[48];
    uint8_t len[48];
    (void)state;
    count[0] = count[1] = 1;
    for (int i = 2; i < 40; i++)
        count[i] = count[i - 1] + count[i - 2];
    for (int i = 40; i < 48; i++)
        count[i] = 0;
    assert_int_equal(tb_code_lengths(count, 48, len), 0);
    uint64_t kraft = 0;
    int longest = 0;
    for (int i = 0; i < 48; i++) {
        if (i >= 40) {
            assert_int_equal(len[i], 0);
            continue;
        }
        assert_true(len[i] >= 1 && len[i] <= TB_CODE_MAX);
        kraft += (uint64_t)1 << (TB_CODE_MAX - len[i]);
        longest = len[i] > longest ? len[i] : longest;
    }
    assert_int_equal(longest, TB_CODE_MAX);
    assert_true(kraft <= (uint64_t)1 << TB_CODE_MAX);
    /* the most frequent symbol keeps a short code */
    assert_true(len[39] <= 2);
    /* one symbol: one bit */
    uint64_t one[3] = {0, 5, 0};
    assert_int_equal(tb_code_lengths(one, 3, len), 0);
    assert_true(len[0] == 0 && len[1] == 1 && len[2] == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_code_lengths),
        cmocka_unit_test(test_roundtrip_distances),
        cmocka_unit_test(test_roundtrip_ranks),
        cmocka_unit_test(test_damaged_block),
        cmocka_unit_test(test_bad_packs),
        cmocka_unit_test(test_smaller_pack),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}

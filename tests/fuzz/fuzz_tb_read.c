/*
 * Fuzz target: the tablebase file reader (docs/tablebases.md, "Files").
 *
 * Once per process, the tables up to 2 pieces a side (four tiny files) of
 * two rule sets are generated into a scratch directory, opened there as
 * the pristine handles and kept in memory as the pristine files: CLASSIC
 * 5, and "modern 5 quiet_limit=3", whose files hold three ranks a slot in
 * place of the distance (a limit this small keeps seega_tb_verify, which
 * checks every quiet counter below the limit, fast). The inputs are
 * written into a second scratch directory. Each input is
 *
 *   byte 0:  bits 0-1 which tier file the input replaces (1v1, 1v2, 2v1,
 *            2v2); bit 2: write a correct checksum into the new file, so
 *            that the fuzzer reaches the values past the checksum; bit 3:
 *            the rule set (0 CLASSIC 5, 1 "modern 5 quiet_limit=3");
 *            bit 4: the input is a pack (docs/tablebases.md, "Packed
 *            tables") of the set's tiers, opened from memory with
 *            seega_tb_open_memory; bit 2 then writes the checksums of the
 *            pack's directory and of each packed tier's header and blocks
 *            that the input's own fields locate, so that the fuzzer
 *            reaches the decoder;
 *   then:    the new file's bytes.
 *
 * Outside pack mode, the set's four files are written (three pristine,
 * one from the input;
 * named as the library names them, the rules text with '+' for spaces)
 * and opened with seega_tb_open. Checked:
 *   - open gives OK or SEEGA_E_CORRUPT (with a message) and never crashes;
 *     a refused open leaves *out untouched;
 *   - an open handle answers tier_info (counts that add up), probes of
 *     positions drawn from the input (OK or SEEGA_E_CORRUPT; a value in
 *     -1..1; a best action that is legal; none, at distance 0, once the
 *     game is over) and verify of each tier (OK or SEEGA_E_CORRUPT), and
 *     gives exactly the pristine handle's answers when the input file is
 *     the pristine file. Under the quiet limit the probed positions have
 *     a quiet counter drawn from the input, 0 .. 3 (3: the limit, a
 *     finished game); under CLASSIC it is 0.
 *
 * The checksum below is a second, independent statement of the one in
 * lib/tb/file.c (docs/tablebases.md gives its definition): if they
 * differ, the pristine seeds written through it are refused, and the
 * target aborts.
 *
 * SPDX-License-Identifier: MIT
 */
#if !defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200809L
#undef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include "fuzz_common.h"

#include <unistd.h>

#define CHECKSUM_AT 104
/* A directory, '/', a file name prefix, ".UvT.sgtb". */
#define PATH_CAP (256 + SEEGA_RULES_TEXT_MAX + 32)

static const int tier_u[4] = {1, 1, 2, 2}, tier_t[4] = {1, 2, 1, 2};

/* One rule set: its text and rules, the prefix of its file names, its
 * pristine files and the handle open on them. */
typedef struct tb_set {
    const char *text;
    seega_rules rules;
    char prefix[SEEGA_RULES_TEXT_MAX];
    uint8_t *file[4];
    size_t size[4];
    uint8_t *pack; /* the pristine tiers packed by seega_tb_pack */
    size_t pack_size;
    seega_tablebase *pristine;
} tb_set;

static const char *const set_text[2] = {"classic 5", "modern 5 quiet_limit=3"};
static tb_set g_set[2];
static char g_dir[256], g_pdir[256];
static int g_ready;

static uint64_t rd64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)rd64(p);
}

static void wr64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* The checksum of the files: 64-bit little-endian words folded by
 * multiply and rotate, the tail bytes by FNV steps, the length, then a
 * mixer; the 8 bytes at `zero_at` (the checksum field itself, or none:
 * SIZE_MAX) are read as zero. */
static uint64_t checksum_from(uint64_t h, const uint8_t *p, size_t n,
                              size_t zero_at)
{
    size_t i = 0;
    uint8_t w[8];
    for (; i + 8 <= n; i += 8) {
        memcpy(w, p + i, 8);
        if (i == zero_at)
            memset(w, 0, 8);
        h = (h ^ rd64(w)) * 0x9E3779B97F4A7C15ull;
        h = (h << 31) | (h >> 33);
    }
    for (; i < n; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    h ^= (uint64_t)n;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    return h;
}

static uint64_t checksum(const uint8_t *p, size_t n)
{
    return checksum_from(0x5EE6A7B1E5ull, p, n, CHECKSUM_AT);
}

/* Pack mode's fix: the checksums of a pack's directory, and of each
 * packed tier's header and blocks, where the input's own fields put them
 * inside the input. */
static void fix_pack(uint8_t *p, size_t n)
{
    if (n < 64)
        return;
    uint64_t count = rd32(p + 16);
    if (count > 169 || 64 + 24 * count > n)
        return;
    for (uint64_t i = 0; i < count; i++) {
        const uint8_t *e = p + 64 + 24 * i;
        uint64_t off = rd64(e + 8), len = rd64(e + 16);
        if (off > n || len > n - off || len < 512 || rd32(p + off + 8) != 2)
            continue;
        uint8_t *t = p + off;
        uint64_t nblocks = rd64(t + 368), index = rd64(t + 392),
                 blocks = rd64(t + 400);
        if (blocks > len || index > blocks || nblocks > (len - index) / 16)
            continue;
        for (uint64_t b = 0; b < nblocks; b++) {
            uint64_t lo = rd64(t + index + 8 * b),
                     hi = rd64(t + index + 8 * b + 8);
            if (lo <= hi && hi <= len && index + 8 * (nblocks + 1 + b) + 8 <=
                                             len)
                wr64(t + index + 8 * (nblocks + 1) + 8 * b,
                     checksum_from(0x5EE6A7B1E5ull + b, t + lo,
                                   (size_t)(hi - lo), SIZE_MAX));
        }
        wr64(t + CHECKSUM_AT, checksum(t, (size_t)blocks));
    }
    wr64(p + 32, checksum_from(0x5EE6A7B1E5ull, p, (size_t)(64 + 24 * count),
                               32));
}

static void path_in(const char *dir, const tb_set *s, int k, char *out,
                    size_t cap)
{
    snprintf(out, cap, "%s/%s.%dv%d.sgtb", dir, s->prefix, tier_u[k],
             tier_t[k]);
}

static void write_file(const tb_set *s, int k, const uint8_t *data, size_t n)
{
    char path[PATH_CAP];
    path_in(g_dir, s, k, path, sizeof path);
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f != NULL, "cannot write %s", path);
    FZ_CHECK(fwrite(data, 1, n, f) == n || n == 0, "short write %s", path);
    FZ_CHECK(fclose(f) == 0, "cannot close %s", path);
}

static void load_file(tb_set *s, int k)
{
    char path[PATH_CAP];
    path_in(g_pdir, s, k, path, sizeof path);
    FILE *f = fopen(path, "rb");
    FZ_CHECK(f != NULL, "cannot read %s", path);
    FZ_CHECK(fseek(f, 0, SEEK_END) == 0, "seek");
    long n = ftell(f);
    FZ_CHECK(n > 0, "empty %s", path);
    rewind(f);
    s->file[k] = (uint8_t *)malloc((size_t)n);
    FZ_CHECK(s->file[k] != NULL, "out of memory");
    FZ_CHECK(fread(s->file[k], 1, (size_t)n, f) == (size_t)n, "short read");
    fclose(f);
    s->size[k] = (size_t)n;
}

static void remove_all(void)
{
    char path[PATH_CAP];
    for (int i = 0; i < 2; i++) {
        tb_set *s = &g_set[i];
        seega_tb_close(s->pristine);
        for (int k = 0; k < 4; k++) {
            path_in(g_dir, s, k, path, sizeof path);
            remove(path);
            path_in(g_pdir, s, k, path, sizeof path);
            remove(path);
            free(s->file[k]);
        }
        free(s->pack);
    }
    rmdir(g_dir);
    rmdir(g_pdir);
}

static void setup_set(tb_set *s)
{
    char msg[SEEGA_ERROR_MAX];
    FZ_CHECK(seega_rules_from_text(s->text, &s->rules, msg, sizeof msg) ==
                 SEEGA_OK, "rules %s: %s", s->text, msg);
    int32_t n = seega_rules_to_text(&s->rules, s->prefix, sizeof s->prefix);
    FZ_CHECK(n > 0, "rules_to_text %s: %d", s->text, (int)n);
    for (char *c = s->prefix; *c; c++)
        if (*c == ' ')
            *c = '+';
    FZ_CHECK(seega_tb_generate(&s->rules, 2, g_pdir, NULL, msg, sizeof msg) ==
                 SEEGA_OK, "generate %s: %s", s->text, msg);
    for (int k = 0; k < 4; k++) {
        load_file(s, k);
        FZ_CHECK(checksum(s->file[k], s->size[k]) ==
                     rd64(s->file[k] + CHECKSUM_AT),
                 "the harness's checksum disagrees with %s tier %d's file",
                 s->text, k);
    }
    FZ_CHECK(seega_tb_open(&s->rules, g_pdir, &s->pristine, msg, sizeof msg) ==
                 SEEGA_OK, "open the pristine tables of %s: %s", s->text, msg);
    char path[PATH_CAP];
    snprintf(path, sizeof path, "%s/pristine.sgtbpack", g_pdir);
    FZ_CHECK(seega_tb_pack(s->pristine, 2, path, msg, sizeof msg) == SEEGA_OK,
             "pack %s: %s", s->text, msg);
    FILE *f = fopen(path, "rb");
    FZ_CHECK(f != NULL && fseek(f, 0, SEEK_END) == 0, "read %s", path);
    s->pack_size = (size_t)ftell(f);
    rewind(f);
    s->pack = (uint8_t *)malloc(s->pack_size);
    FZ_CHECK(s->pack != NULL &&
                 fread(s->pack, 1, s->pack_size, f) == s->pack_size,
             "read %s", path);
    fclose(f);
    remove(path);
    /* The harness's statement of the checksums gives the pack's own. */
    uint8_t *copy = (uint8_t *)malloc(s->pack_size);
    FZ_CHECK(copy != NULL, "out of memory");
    memcpy(copy, s->pack, s->pack_size);
    fix_pack(copy, s->pack_size);
    FZ_CHECK(memcmp(copy, s->pack, s->pack_size) == 0,
             "the harness's checksums disagree with %s's pack", s->text);
    free(copy);
}

static void setup(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(g_dir, sizeof g_dir, "%s/seega-fuzz-tb-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    FZ_CHECK(mkdtemp(g_dir) != NULL, "mkdtemp %s failed", g_dir);
    snprintf(g_pdir, sizeof g_pdir, "%s/seega-fuzz-tb-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    FZ_CHECK(mkdtemp(g_pdir) != NULL, "mkdtemp %s failed", g_pdir);
    atexit(remove_all);
    for (int i = 0; i < 2; i++) {
        g_set[i].text = set_text[i];
        setup_set(&g_set[i]);
    }
    FZ_CHECK(g_set[0].rules.quiet_limit == 0 && g_set[1].rules.quiet_limit == 3,
             "quiet limits %d and %d", (int)g_set[0].rules.quiet_limit,
             (int)g_set[1].rules.quiet_limit);
    g_ready = 1;
}

/* An SPN with the mover's and the other's pieces on the squares given
 * (a square taken twice keeps its first piece), at quiet counter quiet. */
static void spn_of(const int *sq, int nm, int no, int o_moves, int quiet,
                   char *out)
{
    char cell[25];
    memset(cell, '.', sizeof cell);
    for (int i = 0; i < nm + no; i++)
        if (cell[sq[i]] == '.')
            cell[sq[i]] = (i < nm) != o_moves ? 'x' : 'o';
    char *p = out;
    for (int r = 4; r >= 0; r--) {
        int run = 0;
        for (int c = 0; c < 5; c++) {
            char ch = cell[r * 5 + c];
            if (ch == '.') {
                run++;
                continue;
            }
            if (run)
                *p++ = (char)('0' + run);
            run = 0;
            *p++ = ch;
        }
        if (run)
            *p++ = (char)('0' + run);
        if (r)
            *p++ = '/';
    }
    sprintf(p, " %c 0 0 %d -", o_moves ? 'o' : 'x', quiet);
}

static void check_handle(const tb_set *s, seega_tablebase *tb, int same,
                         fz_reader *r)
{
    int limit = (int)s->rules.quiet_limit;
    FZ_CHECK(seega_tb_max_pieces(tb) == 2, "max pieces %d",
             (int)seega_tb_max_pieces(tb));
    for (int k = 0; k < 4; k++) {
        seega_tb_tier a, b;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        a.version = b.version = SEEGA_TB_TIER_VERSION;
        FZ_CHECK(seega_tb_tier_info(tb, tier_u[k], tier_t[k], &a) == SEEGA_OK,
                 "tier_info %d", k);
        FZ_CHECK(a.positions == a.wins + a.draws + a.losses,
                 "tier %d counts do not add up", k);
        FZ_CHECK(seega_tb_tier_info(s->pristine, tier_u[k], tier_t[k], &b) ==
                     SEEGA_OK, "pristine tier_info");
        FZ_CHECK(!same || memcmp(&a, &b, sizeof a) == 0,
                 "tier %d figures differ from the pristine file's", k);
    }
    seega_game *g;
    FZ_CHECK(seega_new(&s->rules, &g) == SEEGA_OK, "seega_new");
    for (int i = 0; i < 8; i++) {
        uint8_t b = fz_byte(r);
        int nm = 1 + (b & 1), no = 1 + (b >> 1 & 1), sq[4];
        for (int j = 0; j < 4; j++)
            sq[j] = fz_byte(r) % 25;
        /* Under the quiet limit, a counter 0 .. limit (the limit: over). */
        int quiet = limit ? fz_byte(r) % (limit + 1) : 0;
        char spn[64];
        spn_of(sq, nm, no, b >> 2 & 1, quiet, spn);
        if (seega_set_spn(g, spn) != SEEGA_OK)
            continue;
        seega_tb_entry e, p;
        memset(&e, 0, sizeof e);
        memset(&p, 0, sizeof p);
        e.version = p.version = SEEGA_TB_ENTRY_VERSION;
        int32_t st = seega_tb_probe(tb, g, &e);
        FZ_CHECK(st == SEEGA_OK || st == SEEGA_E_CORRUPT,
                 "probe %s: status %d", spn, (int)st);
        FZ_CHECK(seega_tb_probe(s->pristine, g, &p) == SEEGA_OK,
                 "pristine probe %s", spn);
        if (st != SEEGA_OK)
            continue;
        FZ_CHECK(e.value >= -1 && e.value <= 1, "value %d", (int)e.value);
        FZ_CHECK(seega_result(g, NULL) == SEEGA_ONGOING ||
                     (e.best == 0 && e.distance == 0),
                 "probe %s: a finished game at distance %d, best %u", spn,
                 (int)e.distance, (unsigned)e.best);
        if (e.best) {
            seega_action acts[SEEGA_MAX_ACTIONS];
            int32_t n = seega_legal_moves(g, acts, SEEGA_MAX_ACTIONS), k = 0;
            while (k < n && acts[k] != e.best)
                k++;
            FZ_CHECK(k < n, "probe %s: best action not legal", spn);
        }
        FZ_CHECK(!same || (e.value == p.value && e.distance == p.distance &&
                           e.best == p.best),
                 "probe %s differs from the pristine tables'", spn);
    }
    seega_free(g);
    for (int k = 0; k < 4; k++) {
        char msg[SEEGA_ERROR_MAX];
        uint64_t n = 0;
        int32_t st = seega_tb_verify(tb, tier_u[k], tier_t[k], &n, msg,
                                     sizeof msg);
        FZ_CHECK(st == SEEGA_OK || (st == SEEGA_E_CORRUPT && msg[0]),
                 "verify %d: status %d", k, (int)st);
        FZ_CHECK(!same || st == SEEGA_OK, "verify of pristine tier %d: %s", k,
                 msg);
    }
}

/* Pack mode: the input opened from memory, never trusted. */
static int one_pack(const tb_set *s, const uint8_t *data, size_t size,
                    int fix)
{
    size_t n = size - 1;
    uint8_t *p = (uint8_t *)malloc(n ? n : 1);
    FZ_CHECK(p != NULL, "out of memory");
    if (n)
        memcpy(p, data + 1, n);
    if (fix)
        fix_pack(p, n);
    int same = n == s->pack_size && memcmp(p, s->pack, n) == 0;
    seega_tablebase *sentinel = (seega_tablebase *)&g_set[0], *tb = sentinel;
    char msg[SEEGA_ERROR_MAX];
    int32_t st = seega_tb_open_memory(&s->rules, p, n, &tb, msg, sizeof msg);
    FZ_CHECK(st == SEEGA_OK || st == SEEGA_E_CORRUPT,
             "open_memory: status %d (%s)", (int)st, msg);
    FZ_CHECK(!same || st == SEEGA_OK, "the pristine pack was refused: %s",
             msg);
    if (st != SEEGA_OK) {
        FZ_CHECK(msg[0] != '\0', "a refused pack without a message");
        FZ_CHECK(tb == sentinel, "a refused pack changed *out");
    } else if (seega_tb_max_pieces(tb) == 2) {
        fz_reader r = {data + 1, n};
        check_handle(s, tb, same, &r);
    }
    if (st == SEEGA_OK)
        seega_tb_close(tb);
    free(p);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!g_ready)
        setup();
    if (size < 1)
        return 0;
    int k = data[0] & 3, fix = data[0] >> 2 & 1, packed = data[0] >> 4 & 1;
    const tb_set *s = &g_set[data[0] >> 3 & 1];
    size_t n = size - 1;
    if (packed)
        return one_pack(s, data, size, fix);
    uint8_t *file = (uint8_t *)malloc(n ? n : 1);
    FZ_CHECK(file != NULL, "out of memory");
    if (n)
        memcpy(file, data + 1, n);
    if (fix && n >= CHECKSUM_AT + 8) {
        uint64_t c = checksum(file, n);
        for (int i = 0; i < 8; i++)
            file[CHECKSUM_AT + i] = (uint8_t)(c >> (8 * i));
    }
    for (int j = 0; j < 4; j++)
        if (j == k)
            write_file(s, j, file, n);
        else
            write_file(s, j, s->file[j], s->size[j]);
    int same = n == s->size[k] && memcmp(file, s->file[k], n) == 0;
    free(file);

    seega_tablebase *sentinel = (seega_tablebase *)&g_set[0], *tb = sentinel;
    char msg[SEEGA_ERROR_MAX];
    int32_t st = seega_tb_open(&s->rules, g_dir, &tb, msg, sizeof msg);
    FZ_CHECK(st == SEEGA_OK || st == SEEGA_E_CORRUPT,
             "open: status %d (%s)", (int)st, msg);
    FZ_CHECK(!same || st == SEEGA_OK, "the pristine file was refused: %s",
             msg);
    if (st != SEEGA_OK) {
        FZ_CHECK(msg[0] != '\0', "a refused open without a message");
        FZ_CHECK(tb == sentinel, "a refused open changed *out");
        return 0;
    }
    fz_reader r = {data + 1, n};
    check_handle(s, tb, same, &r);
    seega_tb_close(tb);
    return 0;
}

/*
 * Fuzz target: the tablebase file reader (docs/tablebases.md, "Files").
 *
 * Once per process, the CLASSIC 5x5 tables up to 2 pieces a side (four
 * tiny files) are generated into a scratch directory, opened there as the
 * pristine handle and kept in memory as the pristine files; the inputs
 * are written into a second scratch directory. Each input is
 *
 *   byte 0:  bits 0-1 which tier file the input replaces (1v1, 1v2, 2v1,
 *            2v2); bit 2: write a correct checksum into the new file, so
 *            that the fuzzer reaches the values past the checksum;
 *   then:    the new file's bytes.
 *
 * The four files are written (three pristine, one from the input) and
 * opened with seega_tb_open. Checked:
 *   - open gives OK or SEEGA_E_CORRUPT (with a message) and never crashes;
 *     a refused open leaves *out untouched;
 *   - an open handle answers tier_info (counts that add up), probes of
 *     positions drawn from the input (OK or SEEGA_E_CORRUPT; a value in
 *     -1..1; a best action that is legal) and verify of each tier (OK or
 *     SEEGA_E_CORRUPT), and gives exactly the pristine handle's answers
 *     when the input file is the pristine file.
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

static const int tier_u[4] = {1, 1, 2, 2}, tier_t[4] = {1, 2, 1, 2};

static char g_dir[256], g_pdir[256];
static uint8_t *g_file[4];
static size_t g_size[4];
static seega_rules g_rules;
static seega_tablebase *g_pristine;

static uint64_t rd64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* The file checksum: 64-bit little-endian words folded by multiply and
 * rotate, the tail bytes by FNV steps, the length, then a mixer; the
 * checksum field itself is read as zero. */
static uint64_t checksum(const uint8_t *p, size_t n)
{
    uint64_t h = 0x5EE6A7B1E5ull;
    size_t i = 0;
    uint8_t w[8];
    for (; i + 8 <= n; i += 8) {
        memcpy(w, p + i, 8);
        if (i == CHECKSUM_AT)
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

static void path_in(const char *dir, int k, char *out, size_t cap)
{
    snprintf(out, cap, "%s/classic+5.%dv%d.sgtb", dir, tier_u[k], tier_t[k]);
}

static void write_file(int k, const uint8_t *data, size_t n)
{
    char path[512];
    path_in(g_dir, k, path, sizeof path);
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f != NULL, "cannot write %s", path);
    FZ_CHECK(fwrite(data, 1, n, f) == n || n == 0, "short write %s", path);
    FZ_CHECK(fclose(f) == 0, "cannot close %s", path);
}

static void load_file(int k)
{
    char path[512];
    path_in(g_pdir, k, path, sizeof path);
    FILE *f = fopen(path, "rb");
    FZ_CHECK(f != NULL, "cannot read %s", path);
    FZ_CHECK(fseek(f, 0, SEEK_END) == 0, "seek");
    long n = ftell(f);
    FZ_CHECK(n > 0, "empty %s", path);
    rewind(f);
    g_file[k] = (uint8_t *)malloc((size_t)n);
    FZ_CHECK(g_file[k] != NULL, "out of memory");
    FZ_CHECK(fread(g_file[k], 1, (size_t)n, f) == (size_t)n, "short read");
    fclose(f);
    g_size[k] = (size_t)n;
}

static void remove_all(void)
{
    char path[512];
    seega_tb_close(g_pristine);
    for (int k = 0; k < 4; k++) {
        path_in(g_dir, k, path, sizeof path);
        remove(path);
        path_in(g_pdir, k, path, sizeof path);
        remove(path);
    }
    rmdir(g_dir);
    rmdir(g_pdir);
}

static void setup(void)
{
    char msg[SEEGA_ERROR_MAX];
    const char *tmp = getenv("TMPDIR");
    snprintf(g_dir, sizeof g_dir, "%s/seega-fuzz-tb-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    FZ_CHECK(mkdtemp(g_dir) != NULL, "mkdtemp %s failed", g_dir);
    snprintf(g_pdir, sizeof g_pdir, "%s/seega-fuzz-tb-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    FZ_CHECK(mkdtemp(g_pdir) != NULL, "mkdtemp %s failed", g_pdir);
    FZ_CHECK(seega_rules_preset(&g_rules, SEEGA_CLASSIC, 5) == SEEGA_OK,
             "preset");
    FZ_CHECK(seega_tb_generate(&g_rules, 2, g_pdir, NULL, msg, sizeof msg) ==
                 SEEGA_OK, "generate: %s", msg);
    for (int k = 0; k < 4; k++) {
        load_file(k);
        FZ_CHECK(checksum(g_file[k], g_size[k]) ==
                     rd64(g_file[k] + CHECKSUM_AT),
                 "the harness's checksum disagrees with tier %d's file", k);
    }
    FZ_CHECK(seega_tb_open(&g_rules, g_pdir, &g_pristine, msg, sizeof msg) ==
                 SEEGA_OK, "open the pristine tables: %s", msg);
    atexit(remove_all);
}

/* An SPN with the mover's and the other's pieces on the squares given
 * (a square taken twice keeps its first piece). */
static void spn_of(const int *sq, int nm, int no, int o_moves, char *out)
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
    sprintf(p, " %c 0 0 0 -", o_moves ? 'o' : 'x');
}

static void check_handle(seega_tablebase *tb, int same, fz_reader *r)
{
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
        FZ_CHECK(seega_tb_tier_info(g_pristine, tier_u[k], tier_t[k], &b) ==
                     SEEGA_OK, "pristine tier_info");
        FZ_CHECK(!same || memcmp(&a, &b, sizeof a) == 0,
                 "tier %d figures differ from the pristine file's", k);
    }
    seega_game *g;
    FZ_CHECK(seega_new(&g_rules, &g) == SEEGA_OK, "seega_new");
    for (int i = 0; i < 8; i++) {
        uint8_t b = fz_byte(r);
        int nm = 1 + (b & 1), no = 1 + (b >> 1 & 1), sq[4];
        for (int j = 0; j < 4; j++)
            sq[j] = fz_byte(r) % 25;
        char spn[64];
        spn_of(sq, nm, no, b >> 2 & 1, spn);
        if (seega_set_spn(g, spn) != SEEGA_OK)
            continue;
        seega_tb_entry e, p;
        memset(&e, 0, sizeof e);
        memset(&p, 0, sizeof p);
        e.version = p.version = SEEGA_TB_ENTRY_VERSION;
        int32_t st = seega_tb_probe(tb, g, &e);
        FZ_CHECK(st == SEEGA_OK || st == SEEGA_E_CORRUPT,
                 "probe %s: status %d", spn, (int)st);
        FZ_CHECK(seega_tb_probe(g_pristine, g, &p) == SEEGA_OK,
                 "pristine probe %s", spn);
        if (st != SEEGA_OK)
            continue;
        FZ_CHECK(e.value >= -1 && e.value <= 1, "value %d", (int)e.value);
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!g_pristine)
        setup();
    if (size < 1)
        return 0;
    int k = data[0] & 3, fix = data[0] >> 2 & 1;
    size_t n = size - 1;
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
            write_file(j, file, n);
        else
            write_file(j, g_file[j], g_size[j]);
    int same = n == g_size[k] && memcmp(file, g_file[k], n) == 0;
    free(file);

    seega_tablebase *tb = (seega_tablebase *)&g_rules; /* a sentinel */
    char msg[SEEGA_ERROR_MAX];
    int32_t st = seega_tb_open(&g_rules, g_dir, &tb, msg, sizeof msg);
    FZ_CHECK(st == SEEGA_OK || st == SEEGA_E_CORRUPT,
             "open: status %d (%s)", (int)st, msg);
    FZ_CHECK(!same || st == SEEGA_OK, "the pristine file was refused: %s",
             msg);
    if (st != SEEGA_OK) {
        FZ_CHECK(msg[0] != '\0', "a refused open without a message");
        FZ_CHECK(tb == (seega_tablebase *)&g_rules,
                 "a refused open changed *out");
        return 0;
    }
    fz_reader r = {data + 1, n};
    check_handle(tb, same, &r);
    seega_tb_close(tb);
    return 0;
}

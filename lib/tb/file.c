/*
 * Table files (docs/tablebases.md, "Files"): one file per tier and rule
 * set, a fixed little-endian header of TB_HEADER_BYTES, then the values
 * at 2 bits a slot, then the distances at 1 or 2 bytes a slot. A 64-bit
 * checksum covers the whole file (its own field read as 0). Files are
 * memory-mapped when opened and checked in full before use.
 */
#define _POSIX_C_SOURCE 200809L
/* st_size in 64 bits on 32-bit targets too: a file over 2 GiB is then
 * measured and refused (tb_table_open), not an EOVERFLOW from stat. */
#define _FILE_OFFSET_BITS 64
#include "tb/tb.h"

#include "core/util.h"

#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define OFF_RULES 112
#define OFF_TEXT 160
#define OFF_RANKS 352

static uint64_t fold(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    return (h << 31) | (h >> 33);
}

void tb_sum_add(tb_sum *s, const uint8_t *p, size_t n)
{
    size_t i = 0;
    while (i < n && (s->len & 7)) {
        s->buf[s->len & 7] = p[i++];
        s->len++;
        if ((s->len & 7) == 0)
            s->h = fold(s->h, tb_rd64(s->buf));
    }
    uint64_t h = s->h;
    size_t start = i;
    for (; i + 8 <= n; i += 8)
        h = fold(h, tb_rd64(p + i));
    s->h = h;
    s->len += i - start;
    memcpy(s->buf, p + i, n - i); /* under 8 bytes, len now aligned */
    s->len += n - i;
}

uint64_t tb_sum_end(const tb_sum *s)
{
    uint64_t h = s->h;
    for (uint64_t i = 0; i < (s->len & 7); i++)
        h = (h ^ s->buf[i]) * 0x100000001B3ull;
    h ^= s->len;
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    return h;
}

/* The header's words for the rules end where its rules text starts: a new
 * field of seega_rules needs a new format of the header. */
_Static_assert(OFF_RULES + 4 * TB_RULES_WORDS == OFF_TEXT,
               "the header's rules are the version and the rules fields");

void tb_rules_fields(const seega_rules *r, int32_t out[TB_RULES_WORDS])
{
    out[0] = (int32_t)r->version;
#define WORD(name, kind, ok, want) out[TB_RULE(name)] = r->name;
    SG_RULES_FIELDS(WORD)
#undef WORD
}

void tb_header_put(uint8_t *b, const tb_header *h)
{
    memset(b, 0, TB_HEADER_BYTES);
    memcpy(b, TB_MAGIC, 8);
    tb_wr32(b + 8, h->format);
    tb_wr32(b + 12, h->header_bytes);
    tb_wr32(b + 16, h->board);
    tb_wr32(b + 20, h->mover);
    tb_wr32(b + 24, h->other);
    tb_wr32(b + 28, h->dist_bytes);
    tb_wr64(b + 32, h->slots);
    tb_wr64(b + 40, h->wins);
    tb_wr64(b + 48, h->draws);
    tb_wr64(b + 56, h->losses);
    tb_wr32(b + 64, h->longest_win);
    tb_wr32(b + 68, h->longest_loss);
    tb_wr64(b + 72, h->longest_win_slot);
    tb_wr64(b + 80, h->wdl_offset);
    tb_wr64(b + 88, h->dist_offset);
    tb_wr64(b + 96, h->file_bytes);
    tb_wr64(b + TB_OFF_CHECKSUM, h->checksum);
    for (int i = 0; i < TB_RULES_WORDS; i++)
        tb_wr32(b + OFF_RULES + 4 * i, (uint32_t)h->rules[i]);
    memcpy(b + OFF_TEXT, h->rules_text, TB_RULES_TEXT);
    tb_wr32(b + OFF_RANKS, h->ranks);
    tb_wr32(b + 356, h->sub_slots);
    tb_wr32(b + 360, h->subs);
    tb_wr32(b + 364, h->nsym);
    tb_wr64(b + 368, h->nblocks);
    tb_wr64(b + 376, h->sym_offset);
    tb_wr64(b + 384, h->code_offset);
    tb_wr64(b + 392, h->index_offset);
    tb_wr64(b + 400, h->blocks_offset);
}

void tb_header_get(tb_header *h, const uint8_t *b)
{
    h->format = tb_rd32(b + 8);
    h->header_bytes = tb_rd32(b + 12);
    h->board = tb_rd32(b + 16);
    h->mover = tb_rd32(b + 20);
    h->other = tb_rd32(b + 24);
    h->dist_bytes = tb_rd32(b + 28);
    h->slots = tb_rd64(b + 32);
    h->wins = tb_rd64(b + 40);
    h->draws = tb_rd64(b + 48);
    h->losses = tb_rd64(b + 56);
    h->longest_win = tb_rd32(b + 64);
    h->longest_loss = tb_rd32(b + 68);
    h->longest_win_slot = tb_rd64(b + 72);
    h->wdl_offset = tb_rd64(b + 80);
    h->dist_offset = tb_rd64(b + 88);
    h->file_bytes = tb_rd64(b + 96);
    h->checksum = tb_rd64(b + TB_OFF_CHECKSUM);
    for (int i = 0; i < TB_RULES_WORDS; i++)
        h->rules[i] = (int32_t)tb_rd32(b + OFF_RULES + 4 * i);
    memcpy(h->rules_text, b + OFF_TEXT, TB_RULES_TEXT);
    h->rules_text[TB_RULES_TEXT - 1] = '\0';
    h->ranks = tb_rd32(b + OFF_RANKS);
    h->sub_slots = tb_rd32(b + 356);
    h->subs = tb_rd32(b + 360);
    h->nsym = tb_rd32(b + 364);
    h->nblocks = tb_rd64(b + 368);
    h->sym_offset = tb_rd64(b + 376);
    h->code_offset = tb_rd64(b + 384);
    h->index_offset = tb_rd64(b + 392);
    h->blocks_offset = tb_rd64(b + 400);
}

/* The bytes of the distance section: one distance a slot, or h->ranks
 * ranks a slot for rules with a quiet limit. */
static uint64_t dist_section(const tb_header *h)
{
    return h->slots * h->dist_bytes * (h->rules[TB_RULE(quiet_limit)] ? h->ranks : 1u);
}

/* The layout of a table of `slots` slots: fills the offsets and size. */
static void layout(tb_header *h)
{
    h->wdl_offset = TB_HEADER_BYTES;
    h->dist_offset = (h->wdl_offset + (h->slots + 3) / 4 + 7) & ~(uint64_t)7;
    h->file_bytes = h->dist_offset + dist_section(h);
}

int tb_file_name(const char *rules_text, const char *dir, int u, int t,
                 char *out, size_t cap)
{
    char text[SEEGA_RULES_TEXT_MAX];
    size_t len = strlen(rules_text);
    if (len >= sizeof text)
        return -1;
    memcpy(text, rules_text, len + 1);
    for (char *c = text; *c; c++)
        if (*c == ' ')
            *c = '+';
    int n = snprintf(out, cap, "%s/%s.%dv%d.sgtb", dir, text, u, t);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

/*
 * The header's figures against the body: the counts of each value, the
 * longest win and loss, the slot of a longest win, and under a quiet
 * limit the value at counter 0 against the ranks. The checksum finds a
 * damaged file; this finds a header that does not describe its body (a
 * file written by a faulty program, or edited and checksummed again).
 */
static int32_t check_figures(const tb_table *tb, int u, int t, char *msg,
                             size_t cap)
{
    const tb_header *h = &tb->h;
    int L = h->rules[TB_RULE(quiet_limit)];
    uint64_t n[4] = {0, 0, 0, 0};
    uint32_t lw = 0, ll = 0;
    for (uint64_t s = 0; s < h->slots; s++) {
        int d, v = tb_table_get(tb, s, &d);
        n[v]++;
        if (v == TB_V_UNUSED)
            continue;
        if (L) {
            tb_ranks k;
            tb_table_ranks(tb, s, &k);
            int x = tb_quiet_value(u, t, L, 0, &k, &d);
            if (v != (x > 0 ? TB_V_WIN : x < 0 ? TB_V_LOSS : TB_V_DRAW)) {
                sg_format(msg, cap,
                          "slot %llu: its value at quiet counter 0 is not "
                          "the one its ranks give",
                          (unsigned long long)s);
                return SEEGA_E_CORRUPT;
            }
        }
        if (v == TB_V_WIN && (uint32_t)d > lw)
            lw = (uint32_t)d;
        if (v == TB_V_LOSS && (uint32_t)d > ll)
            ll = (uint32_t)d;
    }
    const char *field = NULL;
    uint64_t said = 0, found = 0;
    if (n[TB_V_WIN] != h->wins)
        field = "wins", said = h->wins, found = n[TB_V_WIN];
    else if (n[TB_V_DRAW] != h->draws)
        field = "draws", said = h->draws, found = n[TB_V_DRAW];
    else if (n[TB_V_LOSS] != h->losses)
        field = "losses", said = h->losses, found = n[TB_V_LOSS];
    else if (h->wins && lw != h->longest_win)
        field = "longest win", said = h->longest_win, found = lw;
    else if (h->losses && ll != h->longest_loss)
        field = "longest loss", said = h->longest_loss, found = ll;
    if (field) {
        sg_format(msg, cap, "the header says %s %llu, the body has %llu",
                  field, (unsigned long long)said,
                  (unsigned long long)found);
        return SEEGA_E_CORRUPT;
    }
    if (h->wins) {
        int d, v = tb_table_get(tb, h->longest_win_slot, &d);
        if (v == TB_V_WIN && L) {
            tb_ranks k;
            tb_table_ranks(tb, h->longest_win_slot, &k);
            tb_quiet_value(u, t, L, 0, &k, &d);
        }
        if (v != TB_V_WIN || (uint32_t)d != lw) {
            sg_format(msg, cap,
                      "the header's slot of a longest win, %llu, does not "
                      "hold a win at distance %u",
                      (unsigned long long)h->longest_win_slot,
                      (unsigned)lw);
            return SEEGA_E_CORRUPT;
        }
    }
    return SEEGA_OK;
}

static int32_t check(tb_table *tb, const uint8_t *data, size_t bytes,
                     const seega_rules *r, int u, int t, uint64_t slots,
                     char *msg, size_t cap)
{
    tb_header *h = &tb->h;
    if (bytes < TB_HEADER_BYTES || memcmp(data, TB_MAGIC, 8) != 0) {
        sg_format(msg, cap, "not a tablebase file (no header)");
        return SEEGA_E_CORRUPT;
    }
    tb_header_get(h, data);
    if (h->format != TB_FORMAT && h->format != TB_FORMAT_PACKED) {
        sg_format(msg, cap, "tablebase format %u, this library reads "
                  "formats %d and %d", (unsigned)h->format, TB_FORMAT,
                  TB_FORMAT_PACKED);
        return SEEGA_E_CORRUPT;
    }
    if (h->header_bytes != TB_HEADER_BYTES) {
        sg_format(msg, cap, "header size %u in the header, format %u has %d",
                  (unsigned)h->header_bytes, (unsigned)h->format,
                  TB_HEADER_BYTES);
        return SEEGA_E_CORRUPT;
    }
    if (h->board != TB_N) {
        sg_format(msg, cap, "board size %u in the header, tables are %dx%d",
                  (unsigned)h->board, TB_N, TB_N);
        return SEEGA_E_CORRUPT;
    }
    int32_t want[TB_RULES_WORDS];
    tb_rules_fields(r, want);
    if (memcmp(want, h->rules, sizeof want) != 0) {
        sg_format(msg, cap, "the table is for other rules (%s)",
                  h->rules_text);
        return SEEGA_E_CORRUPT;
    }
    if (h->mover != (uint32_t)u || h->other != (uint32_t)t) {
        sg_format(msg, cap, "the table is for another tier (%uv%u, not %dv%d)",
                  (unsigned)h->mover, (unsigned)h->other, u, t);
        return SEEGA_E_CORRUPT;
    }
    if (h->dist_bytes != 1 && h->dist_bytes != 2) {
        sg_format(msg, cap, "bytes a distance %u in the header (1 or 2)",
                  (unsigned)h->dist_bytes);
        return SEEGA_E_CORRUPT;
    }
    if (!r->quiet_limit && h->ranks != 0) {
        sg_format(msg, cap, "ranks a slot %u in the header of a table "
                  "without a quiet limit (0)", (unsigned)h->ranks);
        return SEEGA_E_CORRUPT;
    }
    if (r->quiet_limit && h->ranks == 0) {
        sg_format(msg, cap, "a quiet-limit table with two ranks a slot, "
                  "from a libseega before 1.1.0 whose distances are wrong: "
                  "generate it again");
        return SEEGA_E_CORRUPT;
    }
    if (r->quiet_limit && h->ranks != 3 && h->ranks != TB_RANKS_MAX) {
        sg_format(msg, cap, "ranks a slot %u in the header (3 or %d)",
                  (unsigned)h->ranks, TB_RANKS_MAX);
        return SEEGA_E_CORRUPT;
    }
    if (h->slots != slots) {
        sg_format(msg, cap, "slots %llu in the header, tier %dv%d has %llu",
                  (unsigned long long)h->slots, u, t,
                  (unsigned long long)slots);
        return SEEGA_E_CORRUPT;
    }
    if (h->wins && h->longest_win_slot >= h->slots) {
        sg_format(msg, cap, "the slot of a longest win, %llu, is not in the "
                  "table", (unsigned long long)h->longest_win_slot);
        return SEEGA_E_CORRUPT;
    }
    if (h->format == TB_FORMAT_PACKED)
        return tb_packed_check(tb, data, bytes, msg, cap);
    tb_header l = *h;
    layout(&l);
    const char *off = l.wdl_offset != h->wdl_offset     ? "values"
                      : l.dist_offset != h->dist_offset ? "distances"
                                                        : NULL;
    if (off) {
        sg_format(msg, cap, "the offset of the %s in the header is %llu, "
                  "the layout puts them at %llu", off,
                  (unsigned long long)(off[0] == 'v' ? h->wdl_offset
                                                     : h->dist_offset),
                  (unsigned long long)(off[0] == 'v' ? l.wdl_offset
                                                     : l.dist_offset));
        return SEEGA_E_CORRUPT;
    }
    if (l.file_bytes != h->file_bytes) {
        sg_format(msg, cap, "file size %llu in the header, the layout needs "
                  "%llu", (unsigned long long)h->file_bytes,
                  (unsigned long long)l.file_bytes);
        return SEEGA_E_CORRUPT;
    }
    if (bytes != h->file_bytes) {
        sg_format(msg, cap, "the file has %zu bytes, its header says %llu "
                  "(truncated?)", bytes, (unsigned long long)h->file_bytes);
        return SEEGA_E_CORRUPT;
    }
    tb_sum s = {.h = TB_SUM_SEED};
    uint8_t zero[8] = {0};
    tb_sum_add(&s, data, TB_OFF_CHECKSUM);
    tb_sum_add(&s, zero, 8);
    tb_sum_add(&s, data + TB_OFF_CHECKSUM + 8, bytes - TB_OFF_CHECKSUM - 8);
    if (tb_sum_end(&s) != h->checksum) {
        sg_format(msg, cap, "checksum mismatch (the file is corrupt)");
        return SEEGA_E_CORRUPT;
    }
    tb->wdl = data + h->wdl_offset;
    tb->dist = data + h->dist_offset;
    int32_t st = check_figures(tb, u, t, msg, cap);
    if (st != SEEGA_OK) {
        return st;
    }
    return SEEGA_OK;
}

int32_t tb_table_check(tb_table *tb, const uint8_t *data, size_t bytes,
                       const seega_rules *r, int u, int t, uint64_t slots,
                       char *msg, size_t cap)
{
    memset(tb, 0, sizeof *tb);
    int32_t st = check(tb, data, bytes, r, u, t, slots, msg, cap);
    if (st != SEEGA_OK) {
        tb_packed_free(tb);
        memset(tb, 0, sizeof *tb);
    }
    return st;
}

int tb_file_present(const char *path, char *msg, size_t cap)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return 1;
    if (errno == ENOENT)
        return 0;
    sg_format(msg, cap, "%s: %s", path, strerror(errno));
    return -1;
}

int32_t tb_map_file(const char *path, void **map, size_t *bytes, char *msg,
                    size_t cap)
{
    *map = NULL;
    *bytes = 0;
    /* Only a regular file is opened: opening a FIFO would wait for a
     * writer, and a device may act on being opened. The open does not
     * block either, and what it opened is checked again. */
    struct stat st;
    if (stat(path, &st) != 0) {
        sg_format(msg, cap, "%s: %s", path, strerror(errno));
        return SEEGA_E_IO;
    }
    if (!S_ISREG(st.st_mode)) {
        sg_format(msg, cap, "%s: not a regular file", path);
        return SEEGA_E_IO;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        sg_format(msg, cap, "%s: %s", path, strerror(errno));
        return SEEGA_E_IO;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        sg_format(msg, cap, "%s: not a regular file", path);
        close(fd);
        return SEEGA_E_IO;
    }
    if ((uint64_t)st.st_size > (uint64_t)PTRDIFF_MAX) {
        sg_format(msg, cap, "%s: %llu bytes, too large to map on this "
                  "system (at most %llu)", path,
                  (unsigned long long)st.st_size,
                  (unsigned long long)PTRDIFF_MAX);
        close(fd);
        return SEEGA_E_IO;
    }
    size_t n = (size_t)st.st_size;
    if (n == 0) { /* mmap refuses an empty file; nothing to check in it */
        close(fd);
        *map = NULL;
        return SEEGA_OK;
    }
    void *m = mmap(NULL, n, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (m == MAP_FAILED) {
        sg_format(msg, cap, "%s: %s", path, strerror(errno));
        return SEEGA_E_IO;
    }
    *map = m;
    *bytes = n;
    return SEEGA_OK;
}

void tb_unmap(void *map, size_t bytes)
{
    if (map)
        munmap(map, bytes);
}

int tb_is_regular(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int32_t tb_table_open(tb_table *tb, const char *path, const seega_rules *r,
                      int u, int t, uint64_t slots, char *msg, size_t cap)
{
    memset(tb, 0, sizeof *tb);
    void *map;
    size_t bytes;
    int32_t st = tb_map_file(path, &map, &bytes, msg, cap);
    if (st != SEEGA_OK)
        return st;
    if (bytes < TB_HEADER_BYTES) {
        sg_format(msg, cap, "%s: truncated (%zu bytes)", path, bytes);
        if (map)
            munmap(map, bytes);
        return SEEGA_E_CORRUPT;
    }
    char why[SEEGA_ERROR_MAX];
    st = tb_table_check(tb, map, bytes, r, u, t, slots, why, sizeof why);
    if (st != SEEGA_OK) {
        munmap(map, bytes);
        sg_format(msg, cap, "%s: %s", path, why);
        return st;
    }
    tb->map = map;
    tb->map_bytes = bytes;
    return SEEGA_OK;
}

void tb_table_close(tb_table *tb)
{
    tb_packed_free(tb);
    if (tb->map)
        munmap(tb->map, tb->map_bytes);
    memset(tb, 0, sizeof *tb);
}

static int put(FILE *f, const void *p, size_t n, tb_sum *s)
{
    if (s)
        tb_sum_add(s, p, n);
    return fwrite(p, 1, n, f) == n ? 0 : -1;
}

int32_t tb_table_write(const char *path, tb_header *h, const uint8_t *wdl,
                       const uint8_t *dist, char *msg, size_t cap)
{
    h->format = TB_FORMAT;
    h->header_bytes = TB_HEADER_BYTES;
    h->board = TB_N;
    layout(h);
    uint8_t head[TB_HEADER_BYTES], pad[8] = {0};
    size_t wdl_bytes, dist_bytes;
    if (sg_bytes((h->slots + 3) / 4, 1, &wdl_bytes) != 0 ||
        sg_bytes(dist_section(h), 1, &dist_bytes) != 0) {
        sg_format(msg, cap, "%s: a table of %llu slots is too large for "
                  "this system", path, (unsigned long long)h->slots);
        return SEEGA_E_NOMEM;
    }
    size_t gap = (size_t)(h->dist_offset - h->wdl_offset) - wdl_bytes;
    h->checksum = 0;
    tb_header_put(head, h);
    tb_sum s = {.h = TB_SUM_SEED};
    tb_sum_add(&s, head, TB_HEADER_BYTES);
    tb_sum_add(&s, wdl, wdl_bytes);
    tb_sum_add(&s, pad, gap);
    tb_sum_add(&s, dist, dist_bytes);
    h->checksum = tb_sum_end(&s);
    tb_header_put(head, h);

    char tmp[4096];
    int n = snprintf(tmp, sizeof tmp, "%s.part", path);
    if (n < 0 || (size_t)n >= sizeof tmp) {
        sg_format(msg, cap, "path too long: %s", path);
        return SEEGA_E_IO;
    }
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        sg_format(msg, cap, "%s: %s", tmp, strerror(errno));
        return SEEGA_E_IO;
    }
    int bad = put(f, head, sizeof head, NULL) || put(f, wdl, wdl_bytes, NULL) ||
              put(f, pad, gap, NULL) ||
              put(f, dist, dist_bytes, NULL);
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
        return SEEGA_E_IO;
    }
    return SEEGA_OK;
}

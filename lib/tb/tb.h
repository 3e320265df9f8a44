/*
 * Endgame tablebases of the 5x5 moving phase (docs/tablebases.md): the
 * index of a tier, the table files, and the generator and the probe,
 * which live in tb/solve.c (the 5x5 position code of core/).
 *
 * A tier is the positions where the side to move has `u` pieces and the
 * other side `t`, wherever they stand, the eight symmetries of the board
 * folded; its colours do not matter (no rule of the moving phase
 * depends on them), so the tables speak of "the mover" and "the other".
 */
#ifndef SG_TB_TB_H
#define SG_TB_TB_H

#include "core/core.h"
#include "core/rules.h"
#include "core/rules_fields.h"

#include <stddef.h>
#include <stdint.h>

#define TB_N 5
#define TB_SQ 25
#define TB_MAXP 12 /* pieces a side on 5x5 */

/* The rules in a header: the version, then the fields of
 * core/rules_fields.h in its order; TB_RULE(name) is a field's word. */
#define TB_RULES_WORDS (1 + SG_RF_COUNT)
#define TB_RULE(name) (1 + SG_RF_##name)

/* ---- the index (tb/index.c) -------------------------------------------- */

/*
 * The ranking of a tier: slot = orbit of the mover's set x rank of the
 * other's set among the free squares. The mover's set is first turned
 * to its orbit's representative (the smallest of its eight images); when
 * that representative has symmetries of its own, the other's set is the
 * smallest of its images under them. Slots whose other set is not that
 * smallest image are unused (a few per cent).
 */
typedef struct tb_index {
    int maxp;                      /* tables built for 0..maxp pieces */
    uint64_t binom[TB_SQ + 1][TB_SQ + 1];
    uint8_t sym[8][TB_SQ];         /* image of each square */
    uint32_t row[8][TB_N][32];     /* image of a rank's 5-bit pattern */
    uint32_t norb[TB_MAXP + 1];    /* orbits of u-sets */
    uint32_t *orb[TB_MAXP + 1];    /* colex rank of a u-set -> orbit */
    uint8_t *gsym[TB_MAXP + 1];    /* colex rank -> a symmetry to the rep */
    uint32_t *rep[TB_MAXP + 1];    /* orbit -> representative set */
    uint8_t *stab[TB_MAXP + 1];    /* orbit -> its symmetries (bit mask) */
    uint8_t compose[8][8];         /* compose[a][b]: b, then a */
} tb_index;

/* Build the tables for sets of up to maxp pieces: 0, or -1 out of memory
 * (nothing to free then). */
int tb_index_init(tb_index *ix, int maxp);
void tb_index_free(tb_index *ix);

/* The image of a set of squares under symmetry g. */
uint32_t tb_sym_apply(const tb_index *ix, int g, uint32_t set);
/* Slots of tier (u, t). */
uint64_t tb_tier_slots(const tb_index *ix, int u, int t);
/* The slot of the position (mover's set m, other's set o). */
uint64_t tb_rank(const tb_index *ix, uint32_t m, uint32_t o);
/* The position of a slot of tier (u, t) (used or not). */
void tb_unrank(const tb_index *ix, int u, int t, uint64_t slot, uint32_t *m,
               uint32_t *o);

/* ---- the files (tb/file.c, tb/pack.c) ---------------------------------- */

#define TB_MAGIC "SEEGATB\x1a"
#define TB_FORMAT 1        /* plain arrays: what the generator writes */
#define TB_FORMAT_PACKED 2 /* compressed blocks (tb/pack.c) */
#define TB_HEADER_BYTES 512
#define TB_RULES_TEXT 192

/* Values in the 2-bit array. */
enum { TB_V_UNUSED = 0, TB_V_WIN = 1, TB_V_LOSS = 2, TB_V_DRAW = 3 };

#define TB_RANKS_MAX 5

/* What a file's header says (little-endian on disk, see file.c). */
typedef struct tb_header {
    uint32_t format, header_bytes;
    uint32_t board, mover, other, dist_bytes;
    uint64_t slots;
    uint64_t wins, draws, losses;
    uint32_t longest_win, longest_loss;
    uint64_t longest_win_slot;
    uint64_t wdl_offset, dist_offset, file_bytes;
    uint64_t checksum;
    int32_t rules[TB_RULES_WORDS]; /* the seega_rules fields, version first */
    char rules_text[TB_RULES_TEXT];
    uint32_t ranks;    /* under a quiet limit: ranks a slot (3 or 5) */
    /* format 2 (tb/pack.c) */
    uint32_t sub_slots;   /* slots a sub-block, decoded at once */
    uint32_t subs;        /* sub-blocks a block, checked at once */
    uint32_t nsym;        /* entries of the dictionary */
    uint64_t nblocks;
    uint64_t sym_offset, code_offset, index_offset, blocks_offset;
} tb_header;

/* A slot's contents in a packed table: its value and distance (r[0]), or
 * under a quiet limit its ranks, as tb_table_ranks gives them. */
typedef struct tb_sym {
    uint8_t v;
    uint16_t r[TB_RANKS_MAX];
} tb_sym;

/* A canonical prefix code (tb/pack.c): codes of up to TB_CODE_LUT bits
 * read through a table, longer ones by their length's first code. */
#define TB_CODE_MAX 24
#define TB_CODE_LUT 10
#define TB_PAIR_LUT 12
typedef struct tb_code {
    uint32_t count[TB_CODE_MAX + 1]; /* codes of each length */
    uint32_t first[TB_CODE_MAX + 1]; /* the first code of each length */
    uint32_t index[TB_CODE_MAX + 1]; /* its place in sorted */
    uint32_t *sorted;                /* the symbols in code order */
    uint32_t *lut; /* by the next TB_CODE_LUT bits: symbol << 5 | length
                      (length 0: a longer code) */
} tb_code;

/* One tier's table, mapped (or held) in memory. */
typedef struct tb_table {
    tb_header h;
    const uint8_t *wdl;  /* format 1: 2 bits a slot */
    const uint8_t *dist; /* format 1: dist_bytes a slot (times ranks) */
    /* format 2: the tier's bytes, its dictionary and codes, and which
     * blocks have been checked (0 not yet, 1 sound, 2 damaged; read and
     * set with atomics by concurrent probes) */
    const uint8_t *base;
    tb_sym *sym;
    tb_code scode, rcode;
    uint32_t *pair; /* by the next TB_PAIR_LUT bits: an entry's code and a
                       run length's code at once, entry << 10 | k << 5 |
                       both lengths (0: read them one by one) */
    uint8_t *checked;
    void *map;           /* the mapping, or NULL */
    size_t map_bytes;
} tb_table;

/* Whether a tier's table is open. */
static inline int tb_table_loaded(const tb_table *tb)
{
    return tb->h.format != 0;
}

/* Little-endian fields. */
static inline uint32_t tb_rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}
static inline uint64_t tb_rd64(const uint8_t *p)
{
    return tb_rd32(p) | (uint64_t)tb_rd32(p + 4) << 32;
}
static inline void tb_wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static inline void tb_wr64(uint8_t *p, uint64_t v)
{
    tb_wr32(p, (uint32_t)v);
    tb_wr32(p + 4, (uint32_t)(v >> 32));
}

/* The 64-bit checksum of the files: little-endian words folded by
 * multiply and rotate, then mixed; the same however the stream is cut. */
typedef struct tb_sum {
    uint64_t h, len;
    uint8_t buf[8];
} tb_sum;
#define TB_SUM_SEED 0x5EE6A7B1E5ull
void tb_sum_add(tb_sum *s, const uint8_t *p, size_t n);
uint64_t tb_sum_end(const tb_sum *s);

/* The header in its 512 bytes, and back. */
#define TB_OFF_CHECKSUM 104
void tb_header_put(uint8_t *b, const tb_header *h);
void tb_header_get(tb_header *h, const uint8_t *b);
/* The rules fields of a header, version first. */
void tb_rules_fields(const seega_rules *r, int32_t out[TB_RULES_WORDS]);

/* The file name of tier (u, t) in dir of the rule set whose text
 * (seega_rules_to_text) is rules_text; -1 if it does not fit cap. */
int tb_file_name(const char *rules_text, const char *dir, int u, int t,
                 char *out, size_t cap);
/* Whether a file (of any kind) is at path: 1, 0 when there is none, -1
 * with a message when that cannot be told (a directory that cannot be
 * searched, a loop of links). */
int tb_file_present(const char *path, char *msg, size_t cap);
/* Map a regular file whole, read-only: SEEGA_OK, or SEEGA_E_IO (not a
 * regular file, unreadable, too large to map here) with a message. Never
 * blocks on a FIFO or device. */
int32_t tb_map_file(const char *path, void **map, size_t *bytes, char *msg,
                    size_t cap);
/* Unmap what tb_map_file mapped (NULL: nothing). */
void tb_unmap(void *map, size_t bytes);
/* Whether path names a regular file (following links). */
int tb_is_regular(const char *path);
/* Map and check a table file of tier (u, t), `slots` slots (the index's
 * tb_tier_slots): SEEGA_OK, or an error with a message (missing file:
 * not a regular file, unreadable: SEEGA_E_IO; wrong rules, format, size,
 * checksum, figures: SEEGA_E_CORRUPT). Never blocks on a FIFO or device. */
int32_t tb_table_open(tb_table *tb, const char *path, const seega_rules *r,
                      int u, int t, uint64_t slots, char *msg, size_t cap);
/* Check a table (format 1 or 2) held in memory, which must outlive it:
 * format 1 in full, format 2 all but its blocks, which are checked when
 * first read. */
int32_t tb_table_check(tb_table *tb, const uint8_t *data, size_t bytes,
                       const seega_rules *r, int u, int t, uint64_t slots,
                       char *msg, size_t cap);
void tb_table_close(tb_table *tb);

/* Format 2 (tb/pack.c). */
int32_t tb_packed_check(tb_table *tb, const uint8_t *data, size_t bytes,
                        char *msg, size_t cap);
void tb_packed_free(tb_table *tb);
/* The value (TB_V_*) of a slot of a packed table, its distance (r[0]) and
 * its ranks (either may be NULL), or -1 when its block is damaged. An
 * unused slot has any value. */
int tb_packed_get(const tb_table *tb, uint64_t slot, int *dist,
                  const tb_sym **sym);
/* Whether the slots of a table may be don't-cares, whose value is the
 * better of the stored one and of the best capture (tb/pack.c): a packed
 * table. */
static inline int tb_table_dc(const tb_table *tb)
{
    return tb->sym != NULL;
}
struct seega_tablebase;
/* A packed table of tier (u, t) of tb (the lower tiers open): the bytes
 * in *out (malloc'ed, the caller frees), SEEGA_OK or SEEGA_E_NOMEM or
 * SEEGA_E_CORRUPT (a damaged block of a packed source). */
int32_t tb_pack_tier(const struct seega_tablebase *tb, int u, int t,
                     uint8_t **out, size_t *bytes, char *msg, size_t cap);

/* Lengths of a prefix code of at most TB_CODE_MAX bits for the counts (a
 * Huffman code, its longest codes shortened when needed): 1 or more bits
 * for each symbol counted, 0 for the others. 0, or -1 out of memory. */
int tb_code_lengths(const uint64_t *count, uint32_t n, uint8_t *len);

/* The value (TB_V_*) of a slot, and its distance in plies; -1 when the
 * block that holds it is damaged (format 2). */
static inline int tb_table_get(const tb_table *tb, uint64_t slot, int *dist)
{
    if (tb->sym)
        return tb_packed_get(tb, slot, dist, NULL);
    int v = (tb->wdl[slot >> 2] >> ((slot & 3) * 2)) & 3;
    *dist = tb->h.dist_bytes == 1
                ? tb->dist[slot]
                : tb->dist[2 * slot] | tb->dist[2 * slot + 1] << 8;
    return v;
}
/*
 * Tables of rules with a quiet-turn limit L hold, in place of the
 * distance, 3 or 5 ranks a slot (dist_bytes each, all ones for TB_NEVER:
 * not within the limit); tb/solve.c reads them (quiet_value). The 2-bit
 * value is the one at quiet counter 0.
 *
 * A rank is what a side needs to force a goal in the game without the
 * limit, where a capture or removal that keeps the goal, or an end of the
 * game, is the target: w (the mover forces a win), l (the other side
 * forces a win), d (when U != T: the side behind on count forces a draw
 * or better), counted in quiet turns, which decides whether the goal
 * comes before the limit. The distance of a goal in plies, the settling
 * ply included, is w + 1 and l + 1 where every target is a capture; where
 * a turn inside the pair can end the game (a blocked side that loses),
 * a quiet ply may settle too, and wp and lp, stored then, give them.
 */
#define TB_NEVER 0x7FFF
typedef struct tb_ranks {
    int w, l, d;
    int wp, lp; /* -1 when not stored: w + 1 and l + 1 */
} tb_ranks;
static inline void tb_ranks_of(const int e[TB_RANKS_MAX], tb_ranks *out)
{
    *out = (tb_ranks){e[0], e[1], e[2], e[3], e[4]};
}
/* The ranks of a slot: its value (TB_V_*), or -1 when the block that
 * holds it is damaged (format 2). */
static inline int tb_table_ranks(const tb_table *tb, uint64_t slot,
                                 tb_ranks *out)
{
    int e[TB_RANKS_MAX] = {-1, -1, -1, -1, -1};
    int n = (int)tb->h.ranks, v;
    if (tb->sym) {
        const tb_sym *y;
        int d;
        v = tb_packed_get(tb, slot, &d, &y);
        for (int k = 0; k < n && v >= 0; k++)
            e[k] = y->r[k];
    } else if (tb->h.dist_bytes == 1) {
        v = (tb->wdl[slot >> 2] >> ((slot & 3) * 2)) & 3;
        const uint8_t *p = tb->dist + (uint64_t)n * slot;
        for (int k = 0; k < n; k++)
            e[k] = p[k] == 0xFF ? TB_NEVER : p[k];
    } else {
        v = (tb->wdl[slot >> 2] >> ((slot & 3) * 2)) & 3;
        const uint8_t *p = tb->dist + 2 * (uint64_t)n * slot;
        for (int k = 0; k < n; k++) {
            int x = p[2 * k] | p[2 * k + 1] << 8;
            e[k] = x == 0xFFFF ? TB_NEVER : x;
        }
    }
    tb_ranks_of(e, out);
    return v;
}
/*
 * The value (1, 0, -1) at quiet counter q of a slot of tier (u, t) under
 * a quiet limit L, from its ranks, and its distance in plies (0 for a
 * draw) (docs/tablebases.md, "The quiet limit"). The limit, reached,
 * scores the game by count: the mover, whose u pieces stay u inside the
 * tier, gets sign(u - t), L - q quiet turns (plies) away. A side forces
 * its goal in time when its rank is at most the quiet turns that may
 * still be played before the one the limit ends, L - 1 - q.
 */
static inline int tb_quiet_value(int u, int t, int L, int q,
                                 const tb_ranks *k, int *dist)
{
    int left = rule_quiet_left(L, q), count = rule_by_count(u, t);
    int win = k->wp >= 0 ? k->wp : k->w + 1;
    int loss = k->lp >= 0 ? k->lp : k->l + 1;
    int v;
    if (count == SEEGA_DRAW)
        v = k->w <= left ? 1 : k->l <= left ? -1 : 0;
    else if (count == SEEGA_O_WINS) /* the mover is behind on count */
        v = k->w <= left ? 1 : k->d <= left ? 0 : -1;
    else
        v = k->l <= left ? -1 : k->d <= left ? 0 : 1;
    *dist = v > 0   ? (k->w <= left ? win : L - q)
            : v < 0 ? (k->l <= left ? loss : L - q)
                    : 0;
    return v;
}
/* Write a table (header filled but for the layout and checksum) to path,
 * through a temporary file renamed at the end: SEEGA_OK or SEEGA_E_IO. */
int32_t tb_table_write(const char *path, tb_header *h, const uint8_t *wdl,
                       const uint8_t *dist, char *msg, size_t cap);

/* ---- the handle (api/tablebase.c) and its tables ----------------------- */

/* The tables of one rule set, every tier with both counts in
 * lose_at+1..maxp. */
struct seega_tablebase {
    seega_rules rules;
    /* their text, written by api/ (tb/ does not call text/): the file
     * names and the headers' rules text */
    char rules_text[SEEGA_RULES_TEXT_MAX];
    sg_crules cr;
    int maxp;
    tb_index ix;
    tb_table tier[TB_MAXP + 1][TB_MAXP + 1];
    void *map;        /* a pack file's mapping, or NULL */
    size_t map_bytes;
};

/* ---- packs (tb/pack.c) --------------------------------------------------- */

/* A pack: several tiers' tables in one file or buffer (docs/tablebases.md,
 * "Packs"). Its tiers are checked as tb_table_check does; the largest max
 * whose tiers from lose_at+1 are all there is opened, the others
 * ignored. */
#define TB_PACK_MAGIC "SGTBPACK"
#define TB_PACK_FORMAT 1
#define TB_PACK_HEADER 64
/* Check a pack's header and directory: SEEGA_OK and *maxp (lo - 1 when
 * it lacks tier lo v lo), or SEEGA_E_CORRUPT with a message. */
int32_t tb_pack_scan(const uint8_t *data, size_t bytes, int lo, int *maxp,
                     char *msg, size_t cap);
/* Check and open the tiers of a scanned pack up to tb->maxp. */
int32_t tb_pack_open(struct seega_tablebase *tb, const uint8_t *data,
                     size_t bytes, char *msg, size_t cap);
/* Write the tiers of tb up to maxp as a pack to path (through a temporary
 * file renamed at the end). */
int32_t tb_pack_write(const struct seega_tablebase *tb, int maxp,
                      const char *path, char *msg, size_t cap);

/* ---- the 5x5 solver (tb/solve.c) --------------------------------------- */

/* Probe a 5x5 position: 0 and the value (1, 0, -1), distance (-1 for a
 * draw) and a best action (0 once over); TB_NOT_COVERED for a position
 * the tables do not hold; SEEGA_E_CORRUPT when they disagree. */
#define TB_NOT_COVERED (-1000)
int32_t sg_tb_probe5(const struct seega_tablebase *tb, const sg_posbuf *pos,
                     int32_t *value, int32_t *dist, seega_action *best);
/* Each legal action of a covered 5x5 position and what it gives the side
 * to move: 0 and *n actions in acts (at most SEEGA_MAX_ACTIONS), value
 * (1, 0, -1) and distance (-1 for a draw) of each, 0 actions once over;
 * TB_NOT_COVERED or SEEGA_E_CORRUPT as sg_tb_probe5. */
int32_t sg_tb_probe_actions5(const struct seega_tablebase *tb,
                             const sg_posbuf *pos, seega_action *acts,
                             int32_t *value, int32_t *dist, int *n);
/* A used slot of tier (u, t) as a probe reads it: its value (1, 0, -1)
 * and distance (at quiet counter 0); and the best value and distance of a
 * step that captures there, *cap_v 2 when none does. 0, or
 * SEEGA_E_CORRUPT or TB_NOT_COVERED. */
int32_t sg_tb_slot5(const struct seega_tablebase *tb, int u, int t,
                    uint64_t slot, int *v, int *d, int *cap_v, int *cap_d);
/* Where sg_tb_verify5 found a slot that disagrees with its actions. */
typedef struct tb_fault {
    uint64_t checked;        /* slots checked (all used ones when OK) */
    uint32_t mover, other;   /* the position, the mover's set first */
    int quiet;               /* its quiet counter (0 without a limit) */
    int stored, stored_dist; /* its stored value (1, 0, -1) and distance */
    int found, found_dist;   /* what its actions give (2: a lookup failed) */
} tb_fault;
/* Check every used slot of tier (u, t) against one ply of lookahead. */
int32_t sg_tb_verify5(const struct seega_tablebase *tb, int u, int t,
                      tb_fault *fault);
/* Generate every tier of tb->rules up to tb->maxp into dir (resuming),
 * leaving them open in tb; as one rank of cl (checked; NULL: alone).
 * opt is checked and complete (every field of the current version), its
 * version the caller's: STAGE_WORK only from version 2. */
int32_t sg_tb_generate5(struct seega_tablebase *tb, const char *dir,
                        const seega_tb_options *opt,
                        const seega_tb_cluster *cl, char *msg, size_t cap);

#endif

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

#include <stddef.h>
#include <stdint.h>

#define TB_N 5
#define TB_SQ 25
#define TB_MAXP 12 /* pieces a side on 5x5 */

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

/* ---- the files (tb/file.c) --------------------------------------------- */

#define TB_MAGIC "SEEGATB\x1a"
#define TB_FORMAT 1
#define TB_HEADER_BYTES 512
#define TB_RULES_TEXT 192

/* Values in the 2-bit array. */
enum { TB_V_UNUSED = 0, TB_V_WIN = 1, TB_V_LOSS = 2, TB_V_DRAW = 3 };

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
    int32_t rules[12]; /* the seega_rules fields, version first */
    char rules_text[TB_RULES_TEXT];
    uint32_t ranks;    /* under a quiet limit: ranks a slot (3 or 5) */
} tb_header;

/* One tier's table, mapped (or held) in memory. */
typedef struct tb_table {
    tb_header h;
    const uint8_t *wdl;  /* 2 bits a slot */
    const uint8_t *dist; /* dist_bytes a slot */
    void *map;           /* the mapping, or NULL */
    size_t map_bytes;
} tb_table;

/* The file name of tier (u, t) of a rule set in dir; -1 if it does not
 * fit cap. */
int tb_file_name(const seega_rules *r, const char *dir, int u, int t,
                 char *out, size_t cap);
/* Whether a file (of any kind) is at path: 1, 0 when there is none, -1
 * with a message when that cannot be told (a directory that cannot be
 * searched, a loop of links). */
int tb_file_present(const char *path, char *msg, size_t cap);
/* Map and check a table file of tier (u, t), `slots` slots (the index's
 * tb_tier_slots): SEEGA_OK, or an error with a message (missing file:
 * not a regular file, unreadable: SEEGA_E_IO; wrong rules, format, size,
 * checksum, figures: SEEGA_E_CORRUPT). Never blocks on a FIFO or device. */
int32_t tb_table_open(tb_table *tb, const char *path, const seega_rules *r,
                      int u, int t, uint64_t slots, char *msg, size_t cap);
/* Check a table held in memory. */
int32_t tb_table_check(tb_table *tb, const uint8_t *data, size_t bytes,
                       const seega_rules *r, int u, int t, uint64_t slots,
                       char *msg, size_t cap);
void tb_table_close(tb_table *tb);

/* The value (TB_V_*) of a slot, and its distance in plies. */
static inline int tb_table_get(const tb_table *tb, uint64_t slot, int *dist)
{
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
#define TB_RANKS_MAX 5
typedef struct tb_ranks {
    int w, l, d;
    int wp, lp; /* -1 when not stored: w + 1 and l + 1 */
} tb_ranks;
static inline void tb_table_ranks(const tb_table *tb, uint64_t slot,
                                  tb_ranks *out)
{
    int e[TB_RANKS_MAX] = {-1, -1, -1, -1, -1};
    int n = (int)tb->h.ranks;
    if (tb->h.dist_bytes == 1) {
        const uint8_t *p = tb->dist + (uint64_t)n * slot;
        for (int k = 0; k < n; k++)
            e[k] = p[k] == 0xFF ? TB_NEVER : p[k];
    } else {
        const uint8_t *p = tb->dist + 2 * (uint64_t)n * slot;
        for (int k = 0; k < n; k++) {
            int x = p[2 * k] | p[2 * k + 1] << 8;
            e[k] = x == 0xFFFF ? TB_NEVER : x;
        }
    }
    *out = (tb_ranks){e[0], e[1], e[2], e[3], e[4]};
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
    int left = L - 1 - q;
    int win = k->wp >= 0 ? k->wp : k->w + 1;
    int loss = k->lp >= 0 ? k->lp : k->l + 1;
    int v;
    if (u == t)
        v = k->w <= left ? 1 : k->l <= left ? -1 : 0;
    else if (u < t) /* the mover is behind on count */
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
    sg_crules cr;
    int maxp;
    tb_index ix;
    tb_table tier[TB_MAXP + 1][TB_MAXP + 1];
};

/* ---- the 5x5 solver (tb/solve.c) --------------------------------------- */

/* Probe a 5x5 position: 0 and the value (1, 0, -1), distance (-1 for a
 * draw) and a best action (0 once over); TB_NOT_COVERED for a position
 * the tables do not hold; SEEGA_E_CORRUPT when they disagree. */
#define TB_NOT_COVERED (-1000)
int32_t sg_tb_probe5(const struct seega_tablebase *tb, const sg_posbuf *pos,
                     int32_t *value, int32_t *dist, seega_action *best);
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

/*
 * The interface between the board sizes (sizes/board5.c, board7.c,
 * board9.c: geometry, position, move generation, the fast paths and the
 * search, instantiated from the *_impl.h templates) and the
 * size-independent code above them (notation, game).
 *
 * A core works on its own position type, which the layers above keep in an
 * opaque sg_posbuf and hand back through the vtable: one dispatch at the
 * API boundary, everything below it specialised for one board size.
 */
#ifndef SG_CORE_H
#define SG_CORE_H

#include <seega.h>
#include <stddef.h>
#include <stdint.h>

#define SG_MAX_N 9
#define SG_MAX_SQ (SG_MAX_N * SG_MAX_N)

/* Turn states; equal to the public SEEGA_TURN_* values. */
enum {
    SG_ST_NORMAL = SEEGA_TURN_NORMAL,
    SG_ST_PLACED1 = SEEGA_TURN_PLACED_ONE,
    SG_ST_CHAIN = SEEGA_TURN_CHAIN,
    SG_ST_EXTRA = SEEGA_TURN_EXTRA,
    SG_ST_REMOVED = SEEGA_TURN_REMOVED
};

/* Action encoding (the public one, see seega_action in seega.h). */
#define SG_NOSQ 0xFFu
#define SG_ACT(kind, from, to)                                                 \
    ((seega_action)(((uint32_t)(kind) << 16) | ((uint32_t)(from) << 8) |       \
                    (uint32_t)(to)))
#define SG_ACT_KIND(a) ((int)(((a) >> 16) & 0xFFu))
#define SG_ACT_FROM(a) ((int)(((a) >> 8) & 0xFFu))
#define SG_ACT_TO(a) ((int)((a)&0xFFu))

/*
 * The rules after validation, as the hot layers read them: plain ints,
 * every value already known to be in range.
 */
typedef struct sg_crules {
    int n;           /* board size */
    int ppt;         /* placements per turn, 1 or 2 */
    int opening;     /* opening squares rule */
    int first;       /* SEEGA_X / SEEGA_O: first mover */
    int move8;       /* 1: steps in eight directions */
    int cap8;        /* 1: captures in eight directions */
    int immune;      /* centre_immune */
    int chain;       /* chain captures */
    int blocked;     /* SEEGA_BLOCKED_* */
    int lose_at;     /* 0 or 1 */
    int32_t quiet_limit; /* 0 = none */
    /* derived from the rule predicates (core/rules.h) */
    int lost_max;        /* rule_material_lost_max */
} sg_crules;

/*
 * A position in a size-independent form, for notation and queries:
 * cell[sq] is SEEGA_X, SEEGA_O or SEEGA_EMPTY.
 */
typedef struct sg_gpos {
    int n;
    int8_t cell[SG_MAX_SQ];
    int side;
    int hand[2];
    int32_t quiet;
    int state; /* SG_ST_* */
    int chain; /* chain square in SG_ST_CHAIN, else -1 */
} sg_gpos;

/* Storage for any core's position type. */
#define SG_POS_BYTES 64
typedef union sg_posbuf {
    uint64_t align64;
    long double align_ld;
    void *align_p;
    unsigned char bytes[SG_POS_BYTES];
} sg_posbuf;

/* An entry of a game's history: an action and the position it was played
 * in (the undo history, and the search's positions before its root). */
typedef struct sg_hist {
    sg_posbuf before;    /* the position the action was played in */
    seega_action action; /* the action */
} sg_hist;

/* Result of a position, as stored in it. */
typedef struct sg_outcome {
    int result; /* SEEGA_ONGOING ... SEEGA_DRAW */
    int reason; /* SEEGA_REASON_* */
} sg_outcome;

struct sg_search;

/* The interface to one board size (sizes/board_impl.h fills it in):
 * every function trusts its arguments. */
typedef struct sg_board {
    int n;

    /* The start position. */
    void (*start)(sg_posbuf *pos, const sg_crules *r);
    /* Build a position from a generic one (no checks, no outcome). */
    void (*load)(sg_posbuf *pos, const sg_gpos *g);
    /* Apply the end-of-game checks of a freshly loaded position. */
    void (*settle)(sg_posbuf *pos, const sg_crules *r);
    void (*store)(const sg_posbuf *pos, sg_gpos *g);

    /* Queries used to validate SPN. */
    int (*has_step)(const sg_posbuf *pos, const sg_crules *r, int side);
    int (*can_capture_from)(const sg_posbuf *pos, const sg_crules *r, int sq);

    /* Legal actions (never more than SEEGA_MAX_ACTIONS), count returned. */
    int (*legal)(const sg_posbuf *pos, const sg_crules *r, seega_action *out);
    /* Play a legal action. */
    void (*make)(sg_posbuf *pos, const sg_crules *r, seega_action a);
    uint64_t (*perft)(const sg_posbuf *pos, const sg_crules *r, int depth);
    /* Random playouts; adds x wins, o wins, draws, unfinished, actions. */
    void (*playouts)(const sg_posbuf *pos, const sg_crules *r, uint64_t seed,
                     uint32_t count, uint32_t max_actions, uint64_t out[5]);

    /* Search from pos (see search.h); fills res but its time. */
    void (*search)(const sg_posbuf *pos, struct sg_search *s,
                   seega_search_result *res, seega_progress_fn progress,
                   void *user);

    sg_outcome (*outcome)(const sg_posbuf *pos);
    int (*side)(const sg_posbuf *pos);
    int (*state)(const sg_posbuf *pos, int *chain);
    int (*piece_at)(const sg_posbuf *pos, int sq);
    int (*count)(const sg_posbuf *pos, int side);
    int (*hand)(const sg_posbuf *pos, int side);
    int32_t (*quiet)(const sg_posbuf *pos);
    uint64_t (*hash)(const sg_posbuf *pos);
    /* Equal for repetition: all but the quiet counter. */
    int (*same)(const sg_posbuf *a, const sg_posbuf *b);
    /* Squares of side's pieces in a but not in b, ascending; count. */
    int (*vanished)(const sg_posbuf *a, const sg_posbuf *b, int side,
                    int32_t *out, int cap);
} sg_board;

extern const sg_board sg_board5, sg_board7, sg_board9;

/* The vtable of a board size (5, 7 or 9), else NULL. */
const sg_board *sg_board_for(int n);

/* rules.c */
int32_t sg_rules_check(const seega_rules *rules, char *msg, size_t cap);
/* Whether two rule sets are the same rules: every field of
 * SG_RULES_FIELDS equal (the version is not a rule). */
int sg_rules_equal(const seega_rules *a, const seega_rules *b);
void sg_crules_from(sg_crules *c, const seega_rules *r);

/* position_check.c: whether the position g (the hands as read, before
 * any check) can arise under the rules r (docs/notation.md, "Refused
 * positions"): SEEGA_OK with *out the position, settled; or
 * SEEGA_E_PARSE with a message in err that names the SPN field at fault.
 * g->hand is set from hand. */
int32_t sg_position_check(const sg_board *board, const sg_crules *r,
                          sg_gpos *g, const int32_t hand[2], sg_posbuf *out,
                          char *err, size_t cap);

#endif

/*
 * The rules of the game as predicates: each rule of docs/rules.md that
 * decides something during play is stated here once, as a small inline
 * function of plain values. The canonical position code (core/) and every
 * fast path (fast/) decide through these; the set forms for one board
 * size (immunity, the sandwich) are in core/rules_impl.h. To change a
 * rule, change its predicate; tests/mutate.sh checks that the test suite
 * notices a change in any of them.
 */
#ifndef SG_CORE_RULES_H
#define SG_CORE_RULES_H

#include "core/core.h"

#include <stdint.h>

/*
 * Material (docs/rules.md, "Material" (#rules_end_material)): a side left
 * with lose_at pieces or fewer has lost.
 */
static inline int rule_material_lost(const sg_crules *r, int count)
{
    return count <= r->lose_at;
}

/* The most pieces a side can have and have lost by material (-1: none),
 * found from rule_material_lost, for forms that test a whole set at once
 * (perft_batch8: "at most k pieces" by clearing k lowest bits); kept in
 * sg_crules as lost_max. */
static inline int rule_material_lost_max(const sg_crules *r)
{
    int k = -1;
    while (k < SG_MAX_SQ && rule_material_lost(r, k + 1))
        k++;
    return k;
}

/* The fewest pieces a side can have and not have lost by material: the
 * smallest tier of the tablebases. */
static inline int rule_material_least(const sg_crules *r)
{
    return rule_material_lost_max(r) + 1;
}

/*
 * Scoring by count (docs/rules.md, "Scoring by count" (#rules_end_count)): the
 * side with more pieces on the board wins; equal is a draw. x, o: the
 * pieces of X and of O (of the mover and of the other side, to read the
 * result from the mover's view).
 */
static inline int rule_by_count(int x, int o)
{
    return x > o ? SEEGA_X_WINS : o > x ? SEEGA_O_WINS : SEEGA_DRAW;
}

/*
 * The quiet-turn limit (docs/rules.md, "Quiet turns" (#rules_end_quiet)):
 * at the start of a turn, a game whose quiet-turn counter has reached a
 * non-zero quiet_limit ends, decided by count.
 */
static inline int rule_quiet_over(const sg_crules *r, int32_t quiet)
{
    return r->quiet_limit && quiet >= r->quiet_limit;
}

/* The smallest counter at which rule_quiet_over may hold (INT32_MAX when
 * there is no limit): where runs of plain turns stop to let it decide. */
static inline int32_t rule_quiet_stop(const sg_crules *r)
{
    return r->quiet_limit ? r->quiet_limit : INT32_MAX;
}

/*
 * The quiet-turn counter (docs/rules.md, "Quiet turns"
 * (#rules_end_quiet)): a completed turn that captured nothing and did not begin
 * with a removal adds one (saturating); a capture or a removal sets it
 * to 0 when it happens.
 */
static inline int32_t rule_quiet_next(int32_t quiet, int captured,
                                      int began_with_removal)
{
    return !captured && !began_with_removal && quiet < INT32_MAX ? quiet + 1
                                                                 : quiet;
}

/* The quiet-turn counter during the placing: it starts counting with the
 * moving phase (docs/rules.md, "Quiet turns" (#rules_end_quiet)). */
static inline int32_t rule_quiet_start(void) { return 0; }

/* The quiet-turn counter right after a capture or a removal (docs/rules.md,
 * "Quiet turns" (#rules_end_quiet)): it shows this during a chain and
 * after a removal. */
static inline int32_t rule_quiet_reset(void) { return 0; }

/* Under a quiet limit (not 0), the quiet turns that may still be played
 * from counter quiet before the one that the limit ends: a side that
 * forces its goal within them reaches it in time. */
static inline int32_t rule_quiet_left(int32_t limit, int32_t quiet)
{
    return limit - 1 - quiet;
}

/*
 * Chain captures (docs/rules.md, "Chain captures" (#rules_chain)): after
 * a capture that did not end the game, the piece goes on capturing when
 * the rules allow chains and it has a step that captures. A macro, so
 * that the second test, the costly one, runs only when chains are on.
 */
#define RULE_CHAIN_GOES_ON(r, can_capture_again)                               \
    ((r)->chain && (can_capture_again))

/* What happens to a side with no step at the start of a normal turn. */
enum {
    SG_BLOCKED_LOSE,   /* it loses */
    SG_BLOCKED_REMOVE, /* it removes an enemy piece, then moves if it can */
    SG_BLOCKED_PASS,   /* it passes */
    SG_BLOCKED_COUNT   /* neither side can move: the game ends by count */
};

/*
 * The blocked rule (docs/rules.md, "A side that cannot move"
 * (#rules_blocked)):
 * other_can_step, whether the other side has a step.
 */
static inline int rule_blocked(const sg_crules *r, int other_can_step)
{
    switch (r->blocked) {
    case SEEGA_BLOCKED_LOSES: return SG_BLOCKED_LOSE;
    case SEEGA_BLOCKED_REMOVES: return SG_BLOCKED_REMOVE;
    default: return other_can_step ? SG_BLOCKED_PASS : SG_BLOCKED_COUNT;
    }
}

/* After a blocked side passes, must the other side's next turn open a
 * step for it (the '!' state, OPPONENT_OPENS)? */
static inline int rule_pass_must_open(const sg_crules *r)
{
    return r->blocked == SEEGA_BLOCKED_OPPONENT_OPENS;
}

/*
 * The placing order (docs/rules.md, "The placing phase" (#rules_placing)):
 * X places first, ppt pieces a turn. After t placements: the side to
 * place (*side), how many X has placed (*x_placed), and whether it is
 * between the two placements of its turn (*mid).
 */
static inline void rule_placing_after(int ppt, int t, int *side,
                                      int *x_placed, int *mid)
{
    int b = t / ppt, rem = t % ppt;
    *x_placed = ((b + 1) / 2) * ppt + (b % 2 == 0 ? rem : 0);
    *side = b % 2 == 0 ? SEEGA_X : SEEGA_O;
    *mid = rem != 0;
}

/*
 * Opening squares (docs/rules.md, "Opening squares" (#rules_opening)):
 * with the rule on, a side's first two pieces go on its two marked
 * squares, X's the centre's neighbours in its file, O's those in its
 * rank (i: 0 or 1, on a board of n x n).
 */
static inline int rule_opening_square(int n, int side, int i)
{
    int c = n * n / 2, d = side == SEEGA_X ? n : 1;
    return i ? c + d : c - d;
}

/* How many of a side's pieces must stand on its marked squares once it
 * has placed `placed`. */
static inline int rule_opening_placed(const sg_crules *r, int placed)
{
    return r->opening ? (placed < 2 ? placed : 2) : 0;
}

/* Must a side that has placed `placed` put its next piece on one of its
 * marked squares? */
static inline int rule_opening_due(const sg_crules *r, int placed)
{
    return rule_opening_placed(r, placed + 1) > placed;
}

#endif

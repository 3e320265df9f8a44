/*
 * A deliberately naive endgame solver on the reference implementation.
 *
 * It solves every moving-phase position of a 5x5 rule set with few pieces
 * the plainest way there is: generate the whole game graph forward from
 * the start positions with the reference's own legal actions
 * (ref_successors), then iterate forward to a fixed point, level by level.
 * No predecessor generation, no symmetry folding. It is the independent
 * check, and the speed baseline, of the library's tablebase generator.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef SEEGA_TB_NAIVE_H
#define SEEGA_TB_NAIVE_H

#include <seega.h>

/* Called once per solved normal turn-start position, see below. value: 1 win, 0 draw,
 * -1 loss, for the side to move; distance: plies to the end of the game under best
 * play (0 for a finished position, -1 for a draw); settle: under a quiet limit,
 * plies to the ply that settles the result (below), else the distance.
 * spn: canonical SPN. */
typedef void (*ref_tb_fn)(void *user, const char *spn, int value, int distance,
                          int settle);

/*
 * Solve every moving-phase position of a 5x5 rule set with at most
 * max_pieces pieces a side. Returns the number of states solved (all turn
 * states counted), or -1 when the rules are not 5x5 / invalid, max_pieces
 * is out of 1..12, or memory runs out.
 *
 * The start set: every normal turn start ('-') with each side holding
 * lose_at+1 .. max_pieces pieces on the board and none in hand, either
 * side to move, and every quiet counter 0..quiet_limit (only 0 when the
 * rules have no limit: the counter then changes nothing, and is written
 * as 0). The states solved are that set closed under legal actions (chain,
 * '!' and '*' states, and positions with fewer pieces, included); every
 * action is one ply. fn gets each state of the start set, finished ones
 * included, in an unspecified order:
 *
 * - finished (the reference's result is not ongoing): its result for the
 *   side to move, distance 0 (a finished draw: value 0, distance 0);
 * - a win in d: some action leads to a win for the mover, d = 1 + the
 *   least distance of those;
 * - a loss in d: every action leads to a loss for the mover, d = 1 + the
 *   greatest distance;
 * - otherwise a draw: value 0, distance -1.
 *
 * A child's value counts for the parent's mover unchanged when the side
 * to move stays the same (a chain goes on, a removal was made), negated
 * otherwise.
 *
 * Under a quiet limit, `settle` counts the plies to the one that settles
 * the result, that ply included: an action that captures or removes (its
 * child's counter is 0) or ends the game settles it in 1; any other
 * action takes 1 + its child's. The winner takes the least over the
 * actions that keep the win, the loser the greatest over its actions (0
 * for a finished position, -1 for a draw).
 */
long long ref_tb_solve(const seega_rules *rules, int max_pieces, ref_tb_fn fn,
                       void *user);

/* ref_tb_solve with its own bound for each side: X holds lose_at+1 ..
 * max_x pieces and O lose_at+1 .. max_o in the start set (each bound
 * 1..12). ref_tb_solve(r, m, ...) is ref_tb_solve_sides(r, m, m, ...).
 * Lets a test reach a position with three pieces on one side cheaply. */
long long ref_tb_solve_sides(const seega_rules *rules, int max_x, int max_o,
                             ref_tb_fn fn, void *user);

#endif

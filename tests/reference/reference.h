/*
 * A deliberately naive reference implementation of docs/rules.md.
 *
 * Written apart from lib/ and sharing nothing with it but the constants and
 * the rules struct of <seega.h>: a board is a plain array, every question is
 * answered by looping over squares and directions. It is slow on purpose
 * (clarity over speed) and exists to be compared with the library
 * (tests/test_differential.c) and as the baseline of benchmarks.
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef SEEGA_REFERENCE_H
#define SEEGA_REFERENCE_H

#include <seega.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ref_game ref_game;

/* A game at the start position; NULL if the rules are invalid or out of
 * memory. */
ref_game *ref_new(const seega_rules *rules);
/* An independent copy (position and history); NULL if out of memory. */
ref_game *ref_clone(const ref_game *g);
/* Free a game; NULL is a no-op. */
void ref_free(ref_game *g);
/* Load an SPN position: 0 when loaded (history cleared), -1 when refused
 * (game unchanged). */
int ref_set_spn(ref_game *g, const char *spn);
/* Write the canonical SPN of the current position (truncated to cap). */
void ref_get_spn(const ref_game *g, char *buf, size_t cap);
/* The number of legal actions; writes min(cap, n) lower-case texts ("c2",
 * "c2-c3", "xb3", "pass") in an unspecified order. */
int ref_legal(const ref_game *g, char (*texts)[8], int cap);
/* Play an action given as text: 0 when played, -1 if it is not legal now
 * (game unchanged). */
int ref_play(ref_game *g, const char *text);
/* Take back the last action: 0 when done, -1 when there is nothing to undo. */
int ref_undo(ref_game *g);
/* SEEGA_ONGOING / SEEGA_X_WINS / SEEGA_O_WINS / SEEGA_DRAW; *reason gets a
 * SEEGA_REASON_* (reason may be NULL). */
int ref_result(const ref_game *g, int *reason);
/* SEEGA_X or SEEGA_O. */
int ref_to_move(const ref_game *g);
/* The number of action sequences of exactly depth actions; the game is
 * unchanged afterwards. */
uint64_t ref_perft(ref_game *g, int depth);
/* The squares emptied by captures or a removal in the last action, in
 * ascending order; 0 if none or no history. Writes min(cap, n). */
int ref_last_captures(const ref_game *g, int *squares, int cap);

/*
 * Struct-level access, for naive solvers that walk the game graph
 * themselves (tests/reference/tb_naive.c) without going through text.
 * The same code as above answers: ref_legal and ref_play are these
 * functions with text around them.
 */

/* Turn states, as written in the SPN state field. */
enum {
    REF_ST_NORMAL,  /* '-' */
    REF_ST_PLUS,    /* '+': one of two placements made */
    REF_ST_CHAIN,   /* a square: chain capture under way */
    REF_ST_EXTRA,   /* '!': extra turn after the other side passed */
    REF_ST_REMOVED  /* '*': removed a piece, a move follows */
};

/* Enough for every legal action list (at most 40 pieces x 8 directions). */
#define REF_MAX_ACTIONS 400

/* A position as plain values. */
typedef struct {
    int board[81]; /* SEEGA_X, SEEGA_O or SEEGA_EMPTY; N*N of them used */
    int to_move;   /* SEEGA_X or SEEGA_O */
    int hand[2];   /* pieces in hand, by side */
    int32_t quiet;
    int state;    /* REF_ST_* */
    int chain_sq; /* the chain piece's square in REF_ST_CHAIN, else -1 */
    int result;   /* SEEGA_ONGOING ... */
    int reason;   /* SEEGA_REASON_* */
    int ncaps;    /* squares emptied by the action that led here */
    int caps[9];
} ref_pos;

/* Check a position given as values (board, to_move, hand, quiet, state,
 * chain_sq) exactly as ref_set_spn checks a parsed one, and complete it:
 * result and reason as the end checks of a turn start give them, ncaps 0.
 * 0 when accepted, -1 when refused. */
int ref_check_pos(const ref_game *g, ref_pos *p);
/* The positions after each legal action of p (one accepted by
 * ref_check_pos or reached from one by ref_successors), in the order of
 * ref_legal: writes min(cap, n) of them to out and returns n (0 once the
 * game is over). */
int ref_successors(const ref_game *g, const ref_pos *p, ref_pos *out, int cap);
/* The canonical SPN of p (as ref_get_spn writes it; truncated to cap). */
void ref_pos_spn(const ref_game *g, const ref_pos *p, char *buf, size_t cap);

#endif

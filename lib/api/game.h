/* The game handle, shared by the files of the public API. */
#ifndef SG_GAME_H
#define SG_GAME_H

#include "core/core.h"
#include "search/search.h"
#include "core/util.h"

struct seega_game {
    seega_alloc_fn alloc;
    void *ud;
    seega_rules rules;
    sg_crules cr;
    const sg_board *board;
    sg_posbuf pos;
    sg_hist *hist;
    size_t hist_len, hist_cap;
    char err[SEEGA_ERROR_MAX];
    sg_runtime rt; /* the search: its table, threads and stop flag */
    const struct seega_tablebase *tb; /* attached tables, or NULL */
};

/*
 * Record a failure in the game's message; returns rc. The message is the
 * only thing a failing call changes, also through a const handle.
 */
int32_t sg_fail(const seega_game *game, int32_t rc, const char *fmt, ...)
    SG_PRINTF(3, 4);

/* SEEGA_OK if sq is on the board, else a failure naming `what`. */
int32_t sg_check_square(const seega_game *g, int32_t sq, const char *what);

#endif

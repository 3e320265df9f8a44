/* Layer 7: the game handle, shared by the files of the public API. */
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
    const sg_core *core;
    sg_posbuf pos;
    sg_hist *hist;
    size_t hist_len, hist_cap;
    char err[SEEGA_ERROR_MAX];
    /* search state: one context per thread, then the table; allocated at
     * the first search, again only when tt_mb or more threads ask */
    sg_search *search;
    size_t search_bytes;
    int32_t tt_mb;
    int32_t search_threads; /* contexts allocated */
    int tt_dirty;           /* the table's clear is still to be done (a new
                               block, a wrapped generation, or a clear that
                               a stop cut short) */
    atomic_int stop;        /* the caller asked a running search to stop */
    atomic_int halt;        /* the main search thread is done: helpers stop */
    atomic_int searching;   /* seega_search has been entered, not returned */
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

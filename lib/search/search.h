/*
 * The search: what the size-specialised searches (search_impl.h), the
 * search runtime (runtime.c) and the API (api/search.c) share. The search
 * uses only the position and move generation (core/position_impl.h,
 * core/movegen_impl.h).
 */
#ifndef SG_SEARCH_H
#define SG_SEARCH_H

#include "core/core.h"
#include "core/util.h"

#include <stdatomic.h>

#define SG_MAX_PLY 96   /* plies of one search path: depth + quiescence */
#define SG_PATH_MAX 256 /* hashes of game history + path, for repetitions */

#define SG_INF 32000
#define SG_WIN SEEGA_SCORE_PROVEN /* a win at ply 0 */
#define SG_WIN_MIN (SG_WIN - 1000) /* scores beyond this are proven */

enum { SG_TT_EXACT = 1, SG_TT_LOWER = 2, SG_TT_UPPER = 3 };

/*
 * One transposition-table entry (16 bytes), shared by the search threads
 * without locks: `check` is the key XOR `data`, so an entry torn by two
 * threads writing at once fails the check and reads as empty. Relaxed
 * atomics keep that well defined (and plain moves on 64-bit targets).
 */
typedef struct sg_tt_entry {
    atomic_uint_least64_t check;
    atomic_uint_least64_t data;
} sg_tt_entry;

/* The unpacked data of an entry. */
typedef struct sg_tt_data {
    seega_action move;
    int score;
    int depth;
    int flags; /* bits 0-1: bound; bit 2: solved (no heuristic leaf);
                  bits 3-7: the search (generation) that wrote it */
} sg_tt_data;

#define SG_TT_SOLVED 4
#define SG_TT_GEN_SHIFT 3
#define SG_TT_GENS 32 /* generations before the table is cleared */
#define SG_HIST ((SG_MAX_SQ + 1) * (SG_MAX_SQ + 1)) /* (from|none, to|none) */

/*
 * What the threads of one Lazy SMP search share besides the table: the
 * deepest iteration any of them has completed, and its result. A thread
 * that sees its iteration completed elsewhere drops it, takes that result
 * and goes on one deeper, so the threads move through the depths
 * together and the search is as far as its fastest thread.
 */
typedef struct sg_shared {
    atomic_int depth;           /* of `result`; 0 = none yet */
    atomic_flag lock;           /* guards `result` (held for a copy) */
    seega_search_result result;
} sg_shared;

/*
 * Exact values from attached tablebases (tb/): 0 with the value for the
 * side to move (1, 0, -1) and the plies to the end, or non-zero where the
 * tables do not cover the position.
 */
typedef int32_t (*sg_tb_probe_fn)(const void *tb, const sg_posbuf *pos,
                                  int32_t *value, int32_t *dist);

typedef struct sg_search {
    /* set by the caller */
    const sg_crules *r;
    sg_tb_probe_fn tb_probe; /* NULL: no tables */
    const void *tb;
    sg_tt_entry *tt;
    uint64_t tt_mask;       /* entries - 1 (a power of two) */
    uint64_t node_limit;    /* 0 = none */
    int64_t deadline_ns;    /* monotonic clock: stop there; 0 = none */
    int64_t soft_deadline_ns; /* no new iteration after it; 0 = none */
    atomic_int *stop_flag;  /* the caller's stop */
    atomic_int *halt_flag;  /* helpers: the main thread is done; else NULL */
    int max_depth;
    int first_depth;        /* iterative deepening starts here */
    sg_shared *shared;      /* Lazy SMP: NULL when searching alone */
    int part, parts;        /* thread `part` of `parts`: where it starts in
                               the moves after the first at a PV node */
    uint8_t gen;            /* this search's generation, 1 .. SG_TT_GENS-1 */
    int noise;              /* eval noise (weaker levels), in hundredths */
    uint64_t seed;
    uint64_t path[SG_PATH_MAX]; /* hashes of earlier positions */
    int path_len;           /* of which the game history */
    /* filled by the search */
    uint64_t nodes;
    int stopped;
    int overtaken;          /* stopped: another thread completed cur_depth */
    int cur_depth;          /* the iteration being searched */
    int heuristic;          /* a leaf was scored by the evaluation */
    seega_action killers[SG_MAX_PLY][2];
    int32_t history[2][SG_HIST];
    seega_action pv[SG_MAX_PLY][SG_MAX_PLY];
    int pv_len[SG_MAX_PLY];
    /* The move list of each ply and its ordering scores (quiescence uses
     * its ply's too), and the scratch of s_share: here rather than on the
     * stack, so that a search path of SG_MAX_PLY plies fits a small thread
     * stack (seega.h: seega_search needs under 40 KiB). */
    seega_action moves[SG_MAX_PLY][SEEGA_MAX_ACTIONS];
    int32_t order[SG_MAX_PLY][SEEGA_MAX_ACTIONS];
    seega_action share_tmp[SEEGA_MAX_ACTIONS];
} sg_search;

/*
 * The search runtime of one game (runtime.c), a member of the game
 * handle: the search block and the flags of a running search.
 */
typedef struct sg_runtime {
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
} sg_runtime;

/* What a search starts from: the game's board size, rules, position and
 * history (oldest first; the last positions count for repetitions). */
typedef struct sg_root {
    const sg_board *board;
    const sg_crules *r;
    const sg_posbuf *pos;
    const sg_hist *hist;
    size_t hist_len;
    sg_tb_probe_fn tb_probe; /* tables attached to the game, or NULL */
    const void *tb;
} sg_root;

/* An empty runtime: no block yet, no search running. */
void sg_runtime_init(sg_runtime *rt);
/* Free the block with the game's allocator. */
void sg_runtime_free(sg_runtime *rt, seega_alloc_fn alloc, void *ud);
/* A search is entered (clears the stop, then marks it running) and has
 * returned; sg_runtime_stop stops it when one is running, from any
 * thread. */
void sg_runtime_enter(sg_runtime *rt);
void sg_runtime_leave(sg_runtime *rt);
void sg_runtime_stop(sg_runtime *rt);
/*
 * Make the block ready for a search of `threads` threads with a table of
 * tt_mb MiB (0: as it is, or the default at first). SEEGA_OK, or
 * SEEGA_E_NOMEM with a message in msg; the old block then stays.
 */
int32_t sg_runtime_reserve(sg_runtime *rt, seega_alloc_fn alloc, void *ud,
                           int32_t tt_mb, int32_t threads, char *msg,
                           size_t cap);
/*
 * Search root under limits (checked already) with `threads` threads, the
 * block ready for them; start is the time the search was entered
 * (sg_now_ns). Fills result, nodes and time included.
 */
void sg_runtime_run(sg_runtime *rt, const sg_root *root,
                    const seega_search_limits *limits, int32_t threads,
                    seega_search_result *result, int64_t start);

/* The monotonic clock: sg_now_ns (core/util.h). */
/* Should the search stop now? (nodes, time, the stop flag, or another
 * thread completed this iteration: then s->overtaken is set too) */
int sg_search_should_stop(sg_search *s);
/* Publish a completed iteration's result if it is deeper than the shared
 * one (the first to complete that depth): 1 if so, else 0. */
int sg_shared_put(sg_shared *sh, const seega_search_result *res);
/* Copy the shared result into res (version kept); returns its depth. */
int sg_shared_get(sg_shared *sh, seega_search_result *res);

#endif

/*
 * The struct layouts that seega.mjs reads and writes in the WebAssembly
 * module's memory (wasm32: 4-byte pointers and size_t, 8-byte aligned
 * 64-bit integers). The binding uses these offsets as numbers; if the
 * header ever changes them, this file stops the build instead of letting
 * the binding read the wrong bytes.
 */
#include <seega.h>

#include <stddef.h>

_Static_assert(sizeof(void *) == 4, "the binding is written for wasm32");

_Static_assert(sizeof(seega_rules) == 48, "seega_rules: 12 int32 fields");

_Static_assert(offsetof(seega_search_limits, depth) == 4, "limits.depth");
_Static_assert(offsetof(seega_search_limits, nodes) == 8, "limits.nodes");
_Static_assert(offsetof(seega_search_limits, time_ms) == 16, "limits.time_ms");
_Static_assert(offsetof(seega_search_limits, level) == 28, "limits.level");
_Static_assert(offsetof(seega_search_limits, seed) == 32, "limits.seed");
_Static_assert(offsetof(seega_search_limits, threads) == 40, "limits.threads");
_Static_assert(offsetof(seega_search_limits, tt_mb) == 44, "limits.tt_mb");
_Static_assert(offsetof(seega_search_limits, progress) == 48, "limits.progress");
_Static_assert(sizeof(seega_search_limits) == 56, "limits size");

_Static_assert(offsetof(seega_search_result, best) == 4, "result.best");
_Static_assert(offsetof(seega_search_result, score) == 8, "result.score");
_Static_assert(offsetof(seega_search_result, depth) == 12, "result.depth");
_Static_assert(offsetof(seega_search_result, nodes) == 16, "result.nodes");
_Static_assert(offsetof(seega_search_result, time_ms) == 24, "result.time_ms");
_Static_assert(offsetof(seega_search_result, proven) == 32, "result.proven");
_Static_assert(offsetof(seega_search_result, proven_plies) == 36,
               "result.proven_plies");
_Static_assert(offsetof(seega_search_result, pv_len) == 40, "result.pv_len");
_Static_assert(offsetof(seega_search_result, pv) == 44, "result.pv");
_Static_assert(SEEGA_PV_MAX == 32, "result.pv length");

_Static_assert(offsetof(seega_playout_stats, x_wins) == 8, "stats.x_wins");
_Static_assert(offsetof(seega_playout_stats, o_wins) == 16, "stats.o_wins");
_Static_assert(offsetof(seega_playout_stats, draws) == 24, "stats.draws");
_Static_assert(offsetof(seega_playout_stats, unfinished) == 32,
               "stats.unfinished");
_Static_assert(offsetof(seega_playout_stats, actions) == 40, "stats.actions");
_Static_assert(sizeof(seega_playout_stats) == 48, "stats size");

_Static_assert(offsetof(seega_record_tags, extra_count) == 4, "tags.extra_count");
_Static_assert(offsetof(seega_record_tags, event) == 8, "tags.event");
_Static_assert(offsetof(seega_record_tags, extra) == 40, "tags.extra");
_Static_assert(sizeof(seega_record_tags) == 44, "tags size");

/*
 * The tables' 5x5 instantiation: the position code of core/ (geometry,
 * position, make_t, gen_t and the rule predicates) for SG_N 5, as the
 * generator and probe of tb/solve.c use it. The only place in tb/ that
 * defines SG_N; the layers above reach the 5x5 board through
 * sg_board_for(TB_N) instead (core/core.h).
 */
#ifndef SG_TB_BOARD5_H
#define SG_TB_BOARD5_H

#ifdef SG_N
#error "tb/board5.h defines SG_N itself: include it first"
#endif
#define SG_N 5

/* bitboard.h's diagnostic settings apply to the whole file, so it comes
 * before the push and pop below. */
#include "core/bitboard.h"
/* The generator uses a part of the 5x5 position templates. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include "core/movegen_impl.h"
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#endif

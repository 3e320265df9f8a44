/* Zobrist keys for the position hash (see zobrist.c). */
#ifndef SG_ZOBRIST_H
#define SG_ZOBRIST_H

#include "core/core.h"
#include <stdint.h>

#define SG_Z_HAND 41 /* 0 .. 40 pieces in hand */
#define SG_Z_SEED 0x5EE6A5EE6A5EE6A5u

extern const uint64_t sg_z_piece[2][SG_MAX_SQ];
extern const uint64_t sg_z_side;
extern const uint64_t sg_z_hand[2][SG_Z_HAND];
extern const uint64_t sg_z_state[5];
extern const uint64_t sg_z_chain[SG_MAX_SQ];

#endif

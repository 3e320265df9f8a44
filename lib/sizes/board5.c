/* The 5x5 board size (see board_impl.h). */
#include <string.h>
#define SG_N 5
#include "sizes/board_impl.h"

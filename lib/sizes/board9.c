/* The 9x9 board size (see board_impl.h). */
#include <string.h>
#define SG_N 9
#include "sizes/board_impl.h"

/* The 7x7 board size (see board_impl.h). */
#include <string.h>
#define SG_N 7
#include "sizes/board_impl.h"

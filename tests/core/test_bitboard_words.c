/* bb128 in its portable two-word form, whatever the compiler has. */
#define SEEGA_NO_INT128 1
#include <stdio.h>
#include <string.h>
#include "bitboard_cases.h"

/* bb128 in its default form (unsigned __int128 where available). */
#include <stdio.h>
#include <string.h>
#include "bitboard_cases.h"

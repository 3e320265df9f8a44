/* The 5x5 core (see core_impl.h). */
#include <string.h>
#define SG_N 5
#include "sizes/core_impl.h"

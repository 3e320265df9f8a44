/* The 9x9 core (see core_impl.h). */
#include <string.h>
#define SG_N 9
#include "sizes/core_impl.h"

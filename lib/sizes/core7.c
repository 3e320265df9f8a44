/* The 7x7 core (see core_impl.h). */
#include <string.h>
#define SG_N 7
#include "sizes/core_impl.h"

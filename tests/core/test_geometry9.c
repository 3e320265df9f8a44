/* Geometry of the 9x9 board. */
#define SG_N 9
#include "geometry_cases.h"

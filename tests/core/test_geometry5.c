/* Geometry of the 5x5 board. */
#define SG_N 5
#include "geometry_cases.h"

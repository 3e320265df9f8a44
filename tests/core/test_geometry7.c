/* Geometry of the 7x7 board. */
#define SG_N 7
#include "geometry_cases.h"

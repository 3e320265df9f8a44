/*
 * What the benchmark tools (seega-bench, seega-ab, seega-match) share:
 * the presets' names and a monotonic clock. Include after defining
 * _POSIX_C_SOURCE (clock_gettime).
 */
#ifndef SEEGA_BENCH_UTIL_H
#define SEEGA_BENCH_UTIL_H

#include <string.h>
#include <time.h>

/* The presets' names, indexed by preset - 1 (SEEGA_CLASSIC is 1). */
static const char *const BENCH_PRESETS[] = {"classic", "diagonal", "modern",
                                            "traditional"};

/* The preset named `name` (SEEGA_CLASSIC .. SEEGA_TRADITIONAL), or 0. */
static inline int bench_preset_of(const char *name)
{
    for (int i = 0; i < 4; i++)
        if (!strcmp(name, BENCH_PRESETS[i]))
            return i + 1;
    return 0;
}

/* Seconds on the monotonic clock. */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

#endif

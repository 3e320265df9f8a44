#if !defined(_POSIX_C_SOURCE) && !defined(_WIN32)
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif

#include "core/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

int64_t sg_now_ns(void)
{
    struct timespec ts;
#if defined(CLOCK_MONOTONIC)
    clock_gettime(CLOCK_MONOTONIC, &ts);
#else
    timespec_get(&ts, TIME_UTC);
#endif
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void sg_format(char *msg, size_t cap, const char *fmt, ...)
{
    va_list ap;
    if (!msg || cap == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}

int sg_square_name(int n, int sq, char out[SEEGA_SQUARE_TEXT_MAX])
{
    out[0] = (char)('a' + sq % n);
    out[1] = (char)('1' + sq / n);
    out[2] = '\0';
    return 2;
}

int sg_square_parse(int n, const char *s, int any_case, int *sq)
{
    char f = s[0], r = s[1];
    if (any_case && f >= 'A' && f <= 'Z')
        f = (char)(f - 'A' + 'a');
    if (f < 'a' || f > 'z' || r < '0' || r > '9')
        return -1;
    if (f - 'a' >= n || r < '1' || r - '1' >= n)
        return -2;
    *sq = (r - '1') * n + (f - 'a');
    return 0;
}

// Strict POSIX: compiles with -std=c11 -D_POSIX_C_SOURCE=200809L (scripts/check-portability).
#include "nightshift_system.h"

#include <sys/resource.h>

double nightshift_own_cpu_seconds(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6
         + (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
}

long nightshift_peak_resident_kilobytes(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
#if defined(__APPLE__)
    // Darwin's getrusage(2) reports ru_maxrss in bytes; Linux's in kilobytes.
    return usage.ru_maxrss / 1024;
#else
    return usage.ru_maxrss;
#endif
}

// Strict POSIX: compiles with -std=c11 -D_POSIX_C_SOURCE=200809L (scripts/check-portability),
// except on Darwin, whose <sys/resource.h> (xnu bsd/sys/resource.h) replaces ru_maxrss and the
// other fields after ru_stime with ru_opaque[14] unless __DARWIN_C_LEVEL is __DARWIN_C_FULL:
// _DARWIN_C_SOURCE, defined before the first #include because <sys/cdefs.h> fixes the level when
// it is first read. Glibc declares ru_maxrss in strict mode.
#if defined(__APPLE__)
#define _DARWIN_C_SOURCE
#endif
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

// Strict POSIX: compiles with -std=c11 -D_POSIX_C_SOURCE=200809L (scripts/check-portability).
#include "nightshift_system.h"

#include <errno.h>
#include <sys/stat.h>

int nightshift_file_identity(const char *path, uint64_t *device, uint64_t *inode) {
    struct stat status;
    if (stat(path, &status) != 0) return errno;
    // dev_t is 32-bit and signed on Darwin, 64-bit on Linux: widen both the same way.
    *device = (uint64_t)status.st_dev;
    *inode = (uint64_t)status.st_ino;
    return 0;
}

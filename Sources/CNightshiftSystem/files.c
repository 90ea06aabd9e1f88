// Strict POSIX: compiles with -std=c11 -D_POSIX_C_SOURCE=200809L (scripts/check-portability).
#include "nightshift_system.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

// S_ISREG and friends are macros over st_mode, which Swift's importers cannot call. Darwin's
// <sys/stat.h> declares lstat, stat and S_ISREG/S_ISDIR/S_ISLNK outside its _DARWIN_C_SOURCE
// guard (they are XSI), so they compile here in strict POSIX mode on both platforms.
int nightshift_file_kind(const char *path, int follow_links) {
    struct stat status;
    if ((follow_links ? stat(path, &status) : lstat(path, &status)) != 0) {
        return (errno == ENOENT || errno == ENOTDIR) ? NIGHTSHIFT_FILE_ABSENT : -1;
    }
    if (S_ISREG(status.st_mode)) return NIGHTSHIFT_FILE_REGULAR;
    if (S_ISDIR(status.st_mode)) return NIGHTSHIFT_FILE_DIRECTORY;
    if (S_ISLNK(status.st_mode)) return NIGHTSHIFT_FILE_SYMLINK;
    // S_ISFIFO, S_ISCHR and S_ISBLK are POSIX base, beside S_ISREG in Darwin's <sys/stat.h>.
    if (S_ISFIFO(status.st_mode)) return NIGHTSHIFT_FILE_FIFO;
    if (S_ISCHR(status.st_mode) || S_ISBLK(status.st_mode)) return NIGHTSHIFT_FILE_DEVICE;
    return NIGHTSHIFT_FILE_OTHER;
}

int nightshift_file_identity(const char *path, uint64_t *device, uint64_t *inode) {
    struct stat status;
    if (stat(path, &status) != 0) return errno;
    // dev_t is 32-bit and signed on Darwin, 64-bit on Linux: widen both the same way.
    *device = (uint64_t)status.st_dev;
    *inode = (uint64_t)status.st_ino;
    return 0;
}

int nightshift_open_for_writing_now(const char *path) {
    int descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK);
    if (descriptor < 0) return -1;
    int flags = fcntl(descriptor, F_GETFL);
    if (flags < 0 || fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        int failure = errno;
        (void)close(descriptor);
        errno = failure;
        return -1;
    }
    return descriptor;
}

// Platform extensions, each behind a feature test. glibc declares them only with _GNU_SOURCE
// (or _DEFAULT_SOURCE), and the macOS SDK only with _DARWIN_C_SOURCE once _POSIX_C_SOURCE is
// defined (as scripts/check-portability compiles): this file, and only this file among those
// that need no more, asks for them; the other files of the target compile in strict POSIX mode.
#if defined(__linux__) && !defined(NIGHTSHIFT_PORTABLE_FALLBACKS)
#define _GNU_SOURCE
#define NIGHTSHIFT_LINUX 1
#endif
#if defined(__APPLE__) && !defined(NIGHTSHIFT_PORTABLE_FALLBACKS)
// Before any #include: <sys/cdefs.h> fixes __DARWIN_C_LEVEL when it is first read. Under strict
// _POSIX_C_SOURCE alone the SDK hides flock() and LOCK_* (xnu bsd/sys/fcntl.h, through
// <sys/file.h>), posix_spawn_file_actions_addchdir_np (xnu libsyscall/wrappers/spawn/spawn.h) and
// POSIX_SPAWN_CLOEXEC_DEFAULT (xnu bsd/sys/spawn.h), all behind `!defined(_POSIX_C_SOURCE) ||
// defined(_DARWIN_C_SOURCE)`. SwiftPM defines no _POSIX_C_SOURCE, so its build sees them anyway.
#define _DARWIN_C_SOURCE
#define NIGHTSHIFT_DARWIN 1
#include <Availability.h>
#endif

#include "nightshift_system.h"
#include "platform_extensions.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#if defined(NIGHTSHIFT_LINUX)
#include <sys/prctl.h>
#endif

short nightshift_extra_spawn_flags(void) {
#if defined(NIGHTSHIFT_DARWIN) && defined(POSIX_SPAWN_CLOEXEC_DEFAULT)
    // <sys/spawn.h> (xnu): Apple's own flag; glibc has none.
    return POSIX_SPAWN_CLOEXEC_DEFAULT;
#else
    return 0;
#endif
}

int nightshift_add_close_others(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(NIGHTSHIFT_LINUX) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    // A descriptor some library opened without close-on-exec must not leak into the step.
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return 0;
#endif
}

int nightshift_add_chdir(posix_spawn_file_actions_t *actions, const char *directory) {
#if defined(NIGHTSHIFT_DARWIN) && defined(__MAC_OS_X_VERSION_MIN_REQUIRED) && __MAC_OS_X_VERSION_MIN_REQUIRED >= 260000
    // macOS 26 deprecates the _np spelling in favour of POSIX.1-2024's.
    return posix_spawn_file_actions_addchdir(actions, directory);
#elif defined(NIGHTSHIFT_DARWIN)
    // <spawn.h> (xnu libsyscall/wrappers/spawn): available from macOS 10.15; the package's
    // deployment target is 13.
    return posix_spawn_file_actions_addchdir_np(actions, directory);
#elif defined(NIGHTSHIFT_LINUX) && defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))
    return posix_spawn_file_actions_addchdir_np(actions, directory);
#elif defined(_POSIX_VERSION) && _POSIX_VERSION >= 202405L
    return posix_spawn_file_actions_addchdir(actions, directory);
#else
    (void)actions;
    (void)directory;
    return ENOSYS;
#endif
}

void nightshift_widen_pipe(int descriptor, int capacity) {
#if defined(NIGHTSHIFT_LINUX) && defined(F_SETPIPE_SZ)
    // Linux caps it at /proc/sys/fs/pipe-max-size (1 MiB by default); a refusal leaves the
    // default 64 KiB, which only costs throughput.
    (void)fcntl(descriptor, F_SETPIPE_SZ, capacity);
#else
    (void)descriptor;
    (void)capacity;
#endif
}

#if defined(NIGHTSHIFT_LINUX) || defined(NIGHTSHIFT_DARWIN)
#include <sys/file.h>
#endif

// flock(2) is 4.2BSD, on Linux and Darwin alike, but not POSIX (Darwin declares it only outside
// strict POSIX mode), hence here. Unlike fcntl(F_SETLK) locks, it belongs to the open file, so a
// second lock on the same file in the same process is refused too, and closing another
// descriptor of the file does not drop it.
//
// An exclusive flock, waiting for it or not, retried on EINTR: 0 or errno.
static int lock_file(int descriptor, int waiting) {
#if defined(NIGHTSHIFT_LINUX) || defined(NIGHTSHIFT_DARWIN)
    int rc;
    do {
        rc = flock(descriptor, waiting ? LOCK_EX : LOCK_EX | LOCK_NB);
    } while (rc != 0 && errno == EINTR);
    return rc == 0 ? 0 : errno;
#else
    (void)descriptor;
    (void)waiting;
    return ENOSYS;
#endif
}

int nightshift_try_lock(int descriptor) { return lock_file(descriptor, 0); }

int nightshift_lock_waiting(int descriptor) { return lock_file(descriptor, 1); }

void nightshift_unlock(int descriptor) {
#if defined(NIGHTSHIFT_LINUX) || defined(NIGHTSHIFT_DARWIN)
    (void)flock(descriptor, LOCK_UN);
#else
    (void)descriptor;
#endif
}

int nightshift_become_child_subreaper(void) {
#if defined(NIGHTSHIFT_LINUX) && defined(PR_SET_CHILD_SUBREAPER)
    // prctl(2), Linux 3.4+: orphaned descendants are re-parented to this process instead of to
    // init, so they can be found (as children) and ended when their step ends.
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 0 : errno;
#else
    // macOS has no equivalent (no PR_SET_CHILD_SUBREAPER, no procctl(PROC_REAP_ACQUIRE) as on
    // FreeBSD): an orphan there is re-parented to launchd (pid 1), out of nightshift's reach.
    return ENOSYS;
#endif
}

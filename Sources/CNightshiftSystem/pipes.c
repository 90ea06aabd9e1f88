// Strict POSIX apart from FIONREAD, which every Unix nightshift runs on has (Linux
// <asm-generic/ioctls.h> through <sys/ioctl.h>; Darwin <sys/filio.h> through <sys/ioctl.h>) but
// POSIX does not name. It is read here because Darwin defines it as an _IOR() expression that
// Swift cannot import.
#include "nightshift_system.h"
#include "platform_extensions.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#if defined(__linux__) || defined(__APPLE__)
// In strict POSIX mode glibc's <sys/ioctl.h> still declares ioctl and FIONREAD; Darwin's needs
// nothing more either.
#include <sys/ioctl.h>
#endif

int nightshift_make_pipe(int ends[2], int nonblocking_read, int capacity) {
    // pipe2(O_CLOEXEC) would close the window between pipe and fcntl, but Darwin has no pipe2.
    // The spawner closes every descriptor but stdio in the children it starts, so the window
    // cannot leak these into a step.
    if (pipe(ends) != 0) return errno;
    for (int end = 0; end < 2; end++) (void)fcntl(ends[end], F_SETFD, FD_CLOEXEC);
    if (!nonblocking_read) return 0;
    int flags = fcntl(ends[0], F_GETFL);
    if (flags >= 0) (void)fcntl(ends[0], F_SETFL, flags | O_NONBLOCK);
    nightshift_widen_pipe(ends[0], capacity);
    return 0;
}

int nightshift_bytes_available(int descriptor) {
#if defined(FIONREAD)
    int available = 0;
    return ioctl(descriptor, FIONREAD, &available) == 0 && available > 0 ? available : 0;
#else
    (void)descriptor;
    return 0;
#endif
}

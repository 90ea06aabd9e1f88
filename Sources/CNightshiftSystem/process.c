// Strict POSIX: compiles with -std=c11 -D_POSIX_C_SOURCE=200809L (scripts/check-portability).
#include "nightshift_system.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

// waitid(2) with WNOWAIT tells whether the leader ended while leaving it a zombie, so its pid
// (the process group's id) stays nightshift's to signal. POSIX: with WNOHANG and nothing
// waitable, si_pid is set to 0. glibc's Linux does; xnu returns 0 and may leave the structure
// alone, so it is zeroed first and si_pid, not si_signo, is what is read.
int nightshift_has_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int rc;
    do {
        rc = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
    } while (rc != 0 && errno == EINTR);
    // An error (ECHILD) means it was already reaped, which is an exit as well.
    return rc != 0 || info.si_pid == pid;
}

void nightshift_wait_until_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOWAIT) != 0 && errno == EINTR) {}
}

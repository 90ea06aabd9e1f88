// Strict POSIX: compiles with -std=c11 -D_POSIX_C_SOURCE=200809L (scripts/check-portability).
// struct sigaction is filled in here because its handler member is spelled differently in each
// C library (glibc: __sigaction_handler.sa_handler; Darwin: __sigaction_u.__sa_handler), and
// sa_handler is a macro over it on both, which a C compiler reads and Swift does not.
#include "nightshift_system.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

static volatile sig_atomic_t trap_descriptor = -1;

static void write_signal_number(int signal_number) {
    int saved = errno;
    int descriptor = trap_descriptor;
    if (descriptor >= 0) {
        unsigned char byte = (unsigned char)signal_number;
        // A full pipe drops the byte: 64 KiB of unread signals say enough already.
        (void)write(descriptor, &byte, 1);
    }
    errno = saved;
}

void nightshift_prepare_process_signals(void) {
    sigset_t none;
    sigemptyset(&none);
    (void)pthread_sigmask(SIG_SETMASK, &none, NULL);
    (void)signal(SIGPIPE, SIG_IGN);
}

int nightshift_trap_signal(int signal_number, int descriptor) {
    // A handler must never block: on a full pipe the byte is dropped instead.
    int flags = fcntl(descriptor, F_GETFL);
    if (flags < 0 || fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) != 0) return errno;
    trap_descriptor = descriptor;
    struct sigaction action;
    action.sa_handler = write_signal_number;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return sigaction(signal_number, &action, NULL) == 0 ? 0 : errno;
}

void nightshift_untrap_signal(int signal_number) {
    (void)signal(signal_number, SIG_DFL);
    trap_descriptor = -1;
}

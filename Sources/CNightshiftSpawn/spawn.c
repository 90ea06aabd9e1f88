#define _GNU_SOURCE
#include "nightshift_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

static int configure_signals(posix_spawnattr_t *attributes) {
    sigset_t none;
    sigset_t all;
    sigemptyset(&none);
    sigfillset(&all);
    // Neither can be caught or ignored, and some libcs fail the spawn when asked to reset them.
    sigdelset(&all, SIGKILL);
    sigdelset(&all, SIGSTOP);
    int rc = posix_spawnattr_setsigmask(attributes, &none);
    return rc != 0 ? rc : posix_spawnattr_setsigdefault(attributes, &all);
}

static int configure(posix_spawn_file_actions_t *actions, posix_spawnattr_t *attributes,
                     const char *directory, int input, int output, int error) {
    short flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
#ifdef POSIX_SPAWN_CLOEXEC_DEFAULT
    // Darwin: every descriptor the actions below do not name is closed in the child.
    flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#endif
    int rc = posix_spawnattr_setflags(attributes, flags);
    if (rc == 0) rc = posix_spawnattr_setpgroup(attributes, 0);
    if (rc == 0) rc = configure_signals(attributes);
    if (rc == 0) {
        rc = input >= 0 ? posix_spawn_file_actions_adddup2(actions, input, STDIN_FILENO)
                        : posix_spawn_file_actions_addopen(actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    }
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(actions, output, STDOUT_FILENO);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(actions, error, STDERR_FILENO);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    // A descriptor some library opened without close-on-exec must not leak into the step.
    if (rc == 0) rc = posix_spawn_file_actions_addclosefrom_np(actions, STDERR_FILENO + 1);
#endif
    if (rc == 0 && directory != NULL) rc = posix_spawn_file_actions_addchdir_np(actions, directory);
    return rc;
}

int nightshift_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                     const char *directory, int input, int output, int error) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int rc = posix_spawn_file_actions_init(&actions);
    if (rc != 0) return rc;
    rc = posix_spawnattr_init(&attributes);
    if (rc != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return rc;
    }
    rc = configure(&actions, &attributes, directory, input, output, error);
    if (rc == 0) rc = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return rc;
}

int nightshift_reap(pid_t pid, int *code, int *signal) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return errno;
    }
    *code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
    *signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return 0;
}

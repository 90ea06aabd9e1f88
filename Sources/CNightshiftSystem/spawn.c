// Strict POSIX: compiles with -std=c11 -D_POSIX_C_SOURCE=200809L (scripts/check-portability).
// What POSIX lacks comes from platform_extensions.c.
#include "nightshift_system.h"
#include "platform_extensions.h"

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
    int rc = posix_spawnattr_setflags(attributes, flags | nightshift_extra_spawn_flags());
    if (rc == 0) rc = posix_spawnattr_setpgroup(attributes, 0);
    if (rc == 0) rc = configure_signals(attributes);
    if (rc == 0) {
        rc = input >= 0 ? posix_spawn_file_actions_adddup2(actions, input, STDIN_FILENO)
                        : posix_spawn_file_actions_addopen(actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    }
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(actions, output, STDOUT_FILENO);
    if (rc == 0) rc = posix_spawn_file_actions_adddup2(actions, error, STDERR_FILENO);
    if (rc == 0) rc = nightshift_add_close_others(actions);
    if (rc == 0 && directory != NULL) rc = nightshift_add_chdir(actions, directory);
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

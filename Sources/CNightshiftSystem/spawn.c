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
                     const char *directory, int input, int output, int error,
                     const int *inherited, int inherited_count) {
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
    // After stdin, stdout and stderr, so a source among 3.. is already copied when overwritten.
    // The inherited sources are copies at or above 3 + count (see nightshift_spawn): no target
    // overwrites one. A dup2 target is not close-on-exec, and Darwin's CLOEXEC_DEFAULT spares
    // the targets of file actions.
    for (int index = 0; rc == 0 && index < inherited_count; index++) {
        rc = posix_spawn_file_actions_adddup2(actions, inherited[index], STDERR_FILENO + 1 + index);
    }
    if (rc == 0) rc = nightshift_add_close_others(actions, STDERR_FILENO + 1 + inherited_count);
    if (rc == 0 && directory != NULL) rc = nightshift_add_chdir(actions, directory);
    return rc;
}

static void close_all(const int *descriptors, int count) {
    for (int index = 0; index < count; index++) {
        if (descriptors[index] >= 0) (void)close(descriptors[index]);
    }
}

int nightshift_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                     const char *directory, int input, int output, int error,
                     const int *inherited, int inherited_count) {
    if (inherited_count < 0 || inherited_count > NIGHTSHIFT_MOST_INHERITED) return EINVAL;
    // Copies of the inherited descriptors above every target (3 + count), close-on-exec like
    // every descriptor nightshift holds, so no file action overwrites one before it is copied.
    int sources[NIGHTSHIFT_MOST_INHERITED];
    for (int index = 0; index < inherited_count; index++) {
        sources[index] = fcntl(inherited[index], F_DUPFD_CLOEXEC, STDERR_FILENO + 1 + inherited_count);
        if (sources[index] < 0) {
            int failure = errno;
            close_all(sources, index);
            return failure;
        }
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int rc = posix_spawn_file_actions_init(&actions);
    if (rc != 0) {
        close_all(sources, inherited_count);
        return rc;
    }
    rc = posix_spawnattr_init(&attributes);
    if (rc != 0) {
        posix_spawn_file_actions_destroy(&actions);
        close_all(sources, inherited_count);
        return rc;
    }
    rc = configure(&actions, &attributes, directory, input, output, error, sources, inherited_count);
    if (rc == 0) rc = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    close_all(sources, inherited_count);
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

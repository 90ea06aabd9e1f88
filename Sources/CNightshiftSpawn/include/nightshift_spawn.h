#ifndef NIGHTSHIFT_SPAWN_H
#define NIGHTSHIFT_SPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` as the leader of a new process group, with an empty
/// signal mask and every signal at its default disposition (nightshift ignores SIGPIPE and
/// blocks nothing, but whoever started nightshift may have). The child's stdin is `input`, or
/// /dev/null when `input` is -1; its stdout and stderr are `output` and `error`. It starts in
/// `directory`, or in ours when NULL, and inherits no other descriptor.
///
/// posix_spawn, not fork: glibc and Darwin spawn without copying the parent's page tables, and
/// report a failed exec (ENOENT, EACCES, ENOEXEC) as the return value.
///
/// Returns 0, or the errno value that says why nothing was started.
int nightshift_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                     const char *directory, int input, int output, int error);

/// Reaps `pid`, retrying on EINTR. On return 0, `*signal` is the signal that killed it, or 0 when
/// it exited, with its exit status in `*code`. Returns 0 or an errno value.
int nightshift_reap(pid_t pid, int *code, int *signal);

#endif

#ifndef NIGHTSHIFT_SYSTEM_H
#define NIGHTSHIFT_SYSTEM_H

// The C half of nightshift's system layer: every call whose spelling differs between Swift's
// Glibc and Darwin importers (struct members, macros such as FIONREAD, WNOWAIT or sa_handler,
// variadic or feature-gated declarations) is made here, where a C compiler reads each platform's
// headers as they are. Every function returns 0 or an errno value unless it says otherwise.
//
// The portable files compile in strict POSIX mode (scripts/check-portability); platform
// extensions live in platform_extensions.c behind feature tests.

#include <stdint.h>
#include <sys/types.h>

// MARK: processes (spawn.c, process.c)

/// The most descriptors `nightshift_spawn` hands on besides stdin, stdout and stderr.
#define NIGHTSHIFT_MOST_INHERITED 64

/// Starts `path` with `argv` and `envp` as the leader of a new process group, with an empty
/// signal mask and every signal at its default disposition (nightshift ignores SIGPIPE and
/// blocks nothing, but whoever started nightshift may have). The child's stdin is `input`, or
/// /dev/null when `input` is -1; its stdout and stderr are `output` and `error`. It starts in
/// `directory`, or in ours when NULL. It inherits the `inherited_count` descriptors of
/// `inherited` as 3, 4, ... (a step's named locks, issue #26 §15: a flock lives as long as one
/// descriptor of its open file does) and no other descriptor.
///
/// posix_spawn, not fork: glibc and Darwin spawn without copying the parent's page tables, and
/// report a failed exec (ENOENT, EACCES, ENOEXEC) as the return value.
int nightshift_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[],
                     const char *directory, int input, int output, int error,
                     const int *inherited, int inherited_count);

/// Reaps `pid`, retrying on EINTR. On return 0, `*signal` is the signal that killed it, or 0 when
/// it exited, with its exit status in `*code`.
int nightshift_reap(pid_t pid, int *code, int *signal);

/// 1 when `pid` has ended (or was already reaped), 0 while it runs. Never reaps it, so the pid,
/// and the process group it leads, cannot be reused while nightshift may still signal them.
int nightshift_has_exited(pid_t pid);

/// Blocks the calling thread until `pid` has ended, without reaping it.
void nightshift_wait_until_exited(pid_t pid);

/// Makes this process a child subreaper (platform_extensions.c: Linux prctl
/// PR_SET_CHILD_SUBREAPER): a descendant whose parent ends, such as one that left its step's
/// process group with setsid, becomes nightshift's child instead of init's. ENOSYS where the
/// platform has no such thing (macOS, where orphans go to launchd).
int nightshift_become_child_subreaper(void);

// MARK: pipes (pipes.c)

/// A close-on-exec pipe in `ends` (read end first). With `nonblocking_read`, the read end does not
/// block and is widened towards `capacity` bytes where the platform allows it.
int nightshift_make_pipe(int ends[2], int nonblocking_read, int capacity);

/// How many bytes `descriptor` holds ready to read (FIONREAD), or 0 when that cannot be told.
int nightshift_bytes_available(int descriptor);

// MARK: files (files.c)

enum {
    NIGHTSHIFT_FILE_ABSENT = 0,
    NIGHTSHIFT_FILE_REGULAR = 1,
    NIGHTSHIFT_FILE_DIRECTORY = 2,
    /// A symbolic link, not followed.
    NIGHTSHIFT_FILE_SYMLINK = 3,
    /// A socket, or anything else that is none of the kinds here.
    NIGHTSHIFT_FILE_OTHER = 4,
    NIGHTSHIFT_FILE_FIFO = 5,
    /// A character or block device.
    NIGHTSHIFT_FILE_DEVICE = 6,
};

/// What `path` names, one of the values above: the path itself (lstat(2)), or with
/// `follow_links` what its links lead to (stat(2)); -1 with errno set when that cannot be told
/// (EACCES, ELOOP, ...).
int nightshift_file_kind(const char *path, int follow_links);

/// Opens `path` for writing (O_WRONLY, close-on-exec) without waiting: O_NONBLOCK, so a FIFO no
/// process reads is refused (ENXIO) instead of holding the caller in open(2) for ever, then the
/// flag is cleared, so writes wait for a slow reader rather than fail half-way with EAGAIN.
/// Returns the descriptor, or -1 with errno set.
int nightshift_open_for_writing_now(const char *path);

/// The device and inode of the file `path` names, after following symbolic links (stat(2)): the
/// same for every path that reaches one file (hard links, `..`, another mount of its folder).
int nightshift_file_identity(const char *path, uint64_t *device, uint64_t *inode);

// MARK: locks (platform_extensions.c)

/// Takes an exclusive advisory lock on the open file without waiting (flock(2): released when
/// the descriptor closes or the process dies). Returns 0, EWOULDBLOCK when someone holds it, or
/// another errno value.
int nightshift_try_lock(int descriptor);

/// `nightshift_try_lock`, but blocks the calling thread until the holder lets go (never a poll).
int nightshift_lock_waiting(int descriptor);

/// Releases the lock taken by `nightshift_try_lock`.
void nightshift_unlock(int descriptor);

// MARK: signals (signals.c)

/// Unblocks every signal on the calling thread (threads created later inherit the mask) and
/// ignores SIGPIPE. Call before any thread exists.
void nightshift_prepare_process_signals(void);

/// From now on `signal_number` is caught and its number written, as one byte, to `descriptor`
/// (the self-pipe trick: write(2) is async-signal-safe), which this makes non-blocking. One
/// descriptor for all trapped signals; the last call's wins.
int nightshift_trap_signal(int signal_number, int descriptor);

/// Gives `signal_number` its default action back and stops writing to the descriptor.
void nightshift_untrap_signal(int signal_number);

// MARK: resource usage (usage.c)

/// CPU time this process used itself (user and system, children excluded), in seconds.
double nightshift_own_cpu_seconds(void);

/// The most memory this process has had resident (getrusage's ru_maxrss), in KiB on every
/// platform. It never goes down; Linux alone can reset it (ProcessUsage.resetPeak).
long nightshift_peak_resident_kilobytes(void);

#endif

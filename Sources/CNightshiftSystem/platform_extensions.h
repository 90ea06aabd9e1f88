#ifndef NIGHTSHIFT_PLATFORM_EXTENSIONS_H
#define NIGHTSHIFT_PLATFORM_EXTENSIONS_H

// What POSIX leaves out and each platform spells its own way. Each function has a branch per
// platform behind a feature test, and a portable fallback (ENOSYS or nothing) that
// scripts/check-portability compiles with NIGHTSHIFT_PORTABLE_FALLBACKS defined.

#include <spawn.h>

/// Extra posix_spawn flags: Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT (every descriptor the file
/// actions do not name is closed in the child); 0 elsewhere.
short nightshift_extra_spawn_flags(void);

/// Closes every descriptor from `lowest` up in the child, where the platform has a file action
/// for it (glibc 2.34+: posix_spawn_file_actions_addclosefrom_np). 0 where there is none: Darwin
/// gets the same from POSIX_SPAWN_CLOEXEC_DEFAULT (which spares the targets of file actions),
/// and nightshift opens its own descriptors close-on-exec everywhere.
int nightshift_add_close_others(posix_spawn_file_actions_t *actions, int lowest);

/// Makes the child start in `directory`: posix_spawn_file_actions_addchdir (POSIX.1-2024,
/// macOS 26) or its older _np spelling (glibc 2.29+, macOS 10.15+). ENOSYS where neither exists.
int nightshift_add_chdir(posix_spawn_file_actions_t *actions, const char *directory);

/// Widens a pipe towards `capacity` bytes (Linux F_SETPIPE_SZ). Darwin cannot be asked: its pipes
/// start at 512 bytes and grow by themselves up to 64 KiB (xnu sys_pipe.c) while writers keep them full.
void nightshift_widen_pipe(int descriptor, int capacity);

#endif

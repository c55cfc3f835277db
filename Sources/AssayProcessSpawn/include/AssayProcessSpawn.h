#ifndef ASSAY_PROCESS_SPAWN_H
#define ASSAY_PROCESS_SPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp`, its standard output and error on `output`, under a
/// supervisor: returns 0 with the supervisor's id in `pid`, or the error number.
///
/// The supervisor is a small process forked from this one, in a process group of its own; it
/// starts the command in another group and ends as the command ends (its exit status, or its
/// signal), so waiting for `pid` waits for the command. Send it SIGTERM to stop the command:
/// it kills the command's group and every process re-parented to it (it is a child subreaper:
/// what the command started in a group or session of its own). On Linux it gets that SIGTERM
/// when the thread that started it ends (`PR_SET_PDEATHSIG`, checked against the race of a
/// parent that ended first), even when this process is killed with SIGKILL; so the caller
/// must wait for it on the thread that started it, as `ChildProcess` does. The command gets
/// no descriptor of this process's but `output`, default signal dispositions and an empty
/// signal mask, and dies with its supervisor. It runs in `directory`, or in this process's
/// current directory when `directory` is NULL.
int assay_spawn(const char *path, char *const argv[], char *const envp[], int output,
                const char *directory, pid_t *pid);

/// Creates a pipe whose two ends are closed on exec: 0, or the error number.
int assay_pipe(int descriptors[2]);

/// Adds a running supervisor to those stopped when this process is interrupted; 0, or -1
/// when the registry is full (it still runs, unregistered).
int assay_register_supervisor(pid_t supervisor);

/// Removes a supervisor that ended.
void assay_unregister_supervisor(pid_t supervisor);

/// Makes SIGINT, SIGTERM and SIGHUP stop every registered supervisor's command, then end this
/// process by the same signal, and unblocks them in the calling thread (call it from the main
/// thread before starting others). Idempotent.
void assay_kill_groups_on_interrupt(void);

/// While `descriptor` is not -1, an interruption (see `assay_kill_groups_on_interrupt`) stops
/// every supervisor's command and writes its signal's number, one byte, to `descriptor` instead
/// of ending this process: whoever reads it puts things right, then ends this process by that
/// signal. With -1, an interruption ends this process at once again.
void assay_defer_interrupt(int descriptor);

/// The signal number of this process's first interruption, or 0 when none came; a supervisor
/// registered after one is stopped at once.
int assay_interruption(void);

/// Waits up to `milliseconds` for process `pid` (not necessarily a child) to end, without
/// polling in a loop: 1 when it ended (or no longer exists), 0 when it still runs, -1 when
/// this system cannot tell (no `pidfd_open`).
int assay_wait_for_end(pid_t pid, int milliseconds);

#endif

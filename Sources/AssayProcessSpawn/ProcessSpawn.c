#define _GNU_SOURCE
#include "AssayProcessSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#ifndef CLOSE_RANGE_CLOEXEC
#define CLOSE_RANGE_CLOEXEC (1U << 2)
#endif

int assay_pipe(int descriptors[2]) {
#if defined(__linux__)
  return pipe2(descriptors, O_CLOEXEC) == 0 ? 0 : errno;
#else
  if (pipe(descriptors) != 0) return errno;
  fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
  fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
  return 0;
#endif
}

/// Closes every descriptor from `first` on (between fork and exec: async-signal-safe calls).
static void close_from(int first) {
#if defined(__linux__) && defined(SYS_close_range)
  if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
#endif
  long last = sysconf(_SC_OPEN_MAX);
  if (last < 0 || last > 65536) last = 65536;
  for (int descriptor = first; descriptor < last; descriptor++) close(descriptor);
}

/// In the supervisor: set when SIGTERM came (the thread of `assay` that started it ended).
static volatile sig_atomic_t abandoned = 0;

static void note_abandoned(int number) {
  (void)number;
  abandoned = 1;
}

/// In the supervisor: kills the command's group, and every process re-parented to it (what the command
/// started in groups or sessions of their own, once orphaned); async-signal-safe calls only.
static void kill_everything_left(pid_t command) {
  kill(-command, SIGKILL);
#if defined(__linux__)
  // "/proc/self/task/<pid>/children": the supervisor has one thread, whose id is its pid.
  char path[64] = "/proc/self/task/";
  char digits[16];
  int length = 0;
  for (pid_t rest = getpid(); rest > 0 && length < 15; rest /= 10) digits[length++] = '0' + rest % 10;
  int at = 16;
  while (length > 0) path[at++] = digits[--length];
  const char *tail = "/children";
  for (int index = 0; tail[index]; index++) path[at++] = tail[index];
  path[at] = 0;
  int descriptor = open(path, O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return;
  char text[4096];
  ssize_t count = read(descriptor, text, sizeof text - 1);
  close(descriptor);
  pid_t pid = 0;
  for (ssize_t index = 0; index < count; index++) {
    if (text[index] >= '0' && text[index] <= '9') {
      pid = pid * 10 + (text[index] - '0');
    } else if (pid > 0) {
      kill(pid, SIGKILL);
      pid = 0;
    }
  }
  if (pid > 0) kill(pid, SIGKILL);
#endif
}

/// Sets every signal's disposition to the default and unblocks them all (between fork and
/// exec: async-signal-safe calls only).
static void reset_signals(void) {
  struct sigaction defaults;
  memset(&defaults, 0, sizeof defaults);
  defaults.sa_handler = SIG_DFL;
  for (int number = 1; number < NSIG; number++) sigaction(number, &defaults, NULL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
}

/// The command's process, in the supervisor's group: exec, or report why not and end.
static void become_command(const char *path, char *const argv[], char *const envp[], int report,
                           pid_t supervisor) {
  setpgid(0, 0);
#if defined(__linux__)
  // The supervisor has one thread: its death, even by SIGKILL, ends the command.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != supervisor) _exit(127);
#else
  (void)supervisor;
#endif
  reset_signals();
  execve(path, argv, envp);
  int failure = errno;
  (void)!write(report, &failure, sizeof failure);
  _exit(127);
}

/// The supervisor: starts the command in a group of its own, and ends as the command ends (the
/// same status, or the same signal), after killing whatever the command left running; on
/// SIGTERM (`assay` stops the command, or died), kills the command's group and what was
/// re-parented to it.
static void supervise(const char *path, char *const argv[], char *const envp[], int output,
                      const char *directory, int report, pid_t parent) {
  setpgid(0, 0);
  if (directory != NULL && chdir(directory) != 0) {
    int failure = errno;
    (void)!write(report, &failure, sizeof failure);
    _exit(127);
  }
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = note_abandoned;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTERM, &action, NULL);
#if defined(__linux__)
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent) abandoned = 1;  // `assay` ended before the request took effect.
#else
  (void)parent;
#endif
  // The command's only descriptors: no input (`/dev/null`, as `swift test` gives its test
  // processes: a test that reads standard input reads nothing, where `assay`'s own input, a
  // pipe kept open or a terminal, which stops a process group of its own that reads it, made it
  // wait until its timeout), the output as standard output and error, and the report (3,
  // closed when it execs). The supervisor keeps nothing else of `assay`'s, so no other child's
  // pipe stays open through it.
  // Input last: then 1 to 3 are taken, and `/dev/null` opens at 0 or above 3.
  int nothing = -1;
  if (dup2(output, 1) < 0 || dup2(output, 2) < 0 || (report != 3 && dup2(report, 3) < 0) ||
      (nothing = open("/dev/null", O_RDONLY)) < 0 || (nothing != 0 && dup2(nothing, 0) < 0)) {
    int failure = errno;
    (void)!write(report, &failure, sizeof failure);
    _exit(127);
  }
  fcntl(3, F_SETFD, FD_CLOEXEC);
  close_from(4);
  pid_t supervisor = getpid();
  pid_t command = fork();
  if (command == 0) become_command(path, argv, envp, 3, supervisor);
  if (command > 0) setpgid(command, command);
  if (command < 0) {
    int failure = errno;
    (void)!write(3, &failure, sizeof failure);
    _exit(127);
  }
  close(3);
  close(1);
  close(2);
  // Only SIGTERM may interrupt the waits.
  sigset_t only;
  sigfillset(&only);
  sigdelset(&only, SIGTERM);
  sigprocmask(SIG_SETMASK, &only, NULL);
  int status = 0;
  int commandEnded = 0;
  for (;;) {
    if (abandoned) kill_everything_left(command);
    int one = 0;
    pid_t ended = waitpid(-1, &one, 0);
    if (ended == command) {
      status = one;
      commandEnded = 1;
      // Whatever the command left running, in its group or re-parented here, ends with it.
      kill_everything_left(command);
    } else if (ended > 0 && commandEnded) {
      // An orphan killed here may leave orphans of its own, re-parented here in turn.
      kill_everything_left(command);
    } else if (ended < 0 && errno == ECHILD) {
      break;
    }
  }
  if (!commandEnded) _exit(128 + SIGKILL);
  if (WIFSIGNALED(status)) {
    int number = WTERMSIG(status);
    struct sigaction defaults;
    memset(&defaults, 0, sizeof defaults);
    defaults.sa_handler = SIG_DFL;
    sigaction(number, &defaults, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    // No core file of the supervisor's own: the command's, if any, is already written.
    struct rlimit nothing = {0, 0};
    setrlimit(RLIMIT_CORE, &nothing);
    kill(getpid(), number);
  }
  _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 127);
}

int assay_spawn(const char *path, char *const argv[], char *const envp[], int output,
                const char *directory, pid_t *pid) {
  int report[2];
  int error = assay_pipe(report);
  if (error != 0) return error;
  pid_t parent = getpid();
  // No handler of this process may run in the children before exec: block every signal
  // across the fork; each child sets its own. The supervisor leads a group of its own, so
  // that a terminal's Ctrl-C reaches `assay`, which stops it.
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pid_t child = fork();
  if (child == 0) {
    reset_signals();
    sigprocmask(SIG_SETMASK, &all, NULL);
    supervise(path, argv, envp, output, directory, report[1], parent);
  }
  int forkError = child < 0 ? errno : 0;
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  close(report[1]);
  if (child < 0) {
    close(report[0]);
    return forkError;
  }
  // The command closes the report's end on exec: nothing to read means it started.
  ssize_t count;
  do {
    count = read(report[0], &error, sizeof error);
  } while (count < 0 && errno == EINTR);
  close(report[0]);
  if (count == (ssize_t)sizeof error) {
    while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
    return error;
  }
  *pid = child;
  return 0;
}

// The registry: a fixed table of atomics, which a signal handler can read without a lock.
#define ASSAY_SUPERVISORS 1024
static _Atomic pid_t supervisors[ASSAY_SUPERVISORS];

// The first interruption's signal number (0: none yet), and where an interruption writes it
// instead of ending this process (-1: nowhere, it ends at once).
static atomic_int interruption = 0;
static atomic_int deferred_to = -1;

int assay_register_supervisor(pid_t supervisor) {
  int registered = -1;
  for (int index = 0; index < ASSAY_SUPERVISORS && registered != 0; index++) {
    pid_t empty = 0;
    if (atomic_compare_exchange_strong(&supervisors[index], &empty, supervisor)) registered = 0;
  }
  // Started after an interruption whose handler has already stopped the others (it sets the
  // signal before it reads the table): stopped here.
  if (atomic_load(&interruption) != 0) kill(supervisor, SIGTERM);
  return registered;
}

void assay_unregister_supervisor(pid_t supervisor) {
  for (int index = 0; index < ASSAY_SUPERVISORS; index++) {
    pid_t expected = supervisor;
    if (atomic_compare_exchange_strong(&supervisors[index], &expected, 0)) return;
  }
}

static void stop_supervisors_and_end(int number) {
  int none = 0;
  atomic_compare_exchange_strong(&interruption, &none, number);
  for (int index = 0; index < ASSAY_SUPERVISORS; index++) {
    pid_t supervisor = atomic_load(&supervisors[index]);
    if (supervisor > 0) kill(supervisor, SIGTERM);
  }
  int descriptor = atomic_load(&deferred_to);
  if (descriptor >= 0) {
    unsigned char byte = (unsigned char)number;
    int saved = errno;
    ssize_t written;
    do {
      written = write(descriptor, &byte, 1);
    } while (written < 0 && errno == EINTR);
    errno = saved;
    if (written == 1) return;
  }
  signal(number, SIG_DFL);
  raise(number);
}

void assay_defer_interrupt(int descriptor) { atomic_store(&deferred_to, descriptor); }

int assay_interruption(void) { return atomic_load(&interruption); }

void assay_kill_groups_on_interrupt(void) {
  static atomic_int installed = 0;
  if (atomic_exchange(&installed, 1)) return;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = stop_supervisors_and_end;
  sigemptyset(&action.sa_mask);
  int numbers[] = {SIGINT, SIGTERM, SIGHUP};
  sigset_t handled;
  sigemptyset(&handled);
  for (int index = 0; index < 3; index++) {
    sigaction(numbers[index], &action, NULL);
    sigaddset(&handled, numbers[index]);
  }
  // A parent may have started this process with them blocked (Foundation's Process passes on
  // its thread's mask): they would stay pending, and the children run on.
  pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
}

int assay_wait_for_end(pid_t pid, int milliseconds) {
#if defined(__linux__) && defined(SYS_pidfd_open)
  int descriptor = (int)syscall(SYS_pidfd_open, pid, 0);
  if (descriptor < 0) return errno == ESRCH ? 1 : -1;
  struct pollfd ended = {.fd = descriptor, .events = POLLIN};
  int ready;
  do {
    ready = poll(&ended, 1, milliseconds);
  } while (ready < 0 && errno == EINTR);
  close(descriptor);
  return ready == 1 ? 1 : 0;
#else
  (void)pid;
  (void)milliseconds;
  return -1;
#endif
}

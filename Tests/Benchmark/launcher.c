/*
 * launcher: runs one command for benchmark.py and reports its wall time and peak memory.
 *
 *     launcher RESULT STDOUT STDERR PROGRAM [ARGUMENT...]
 *
 * Runs PROGRAM with standard input from /dev/null and its output to the files STDOUT and STDERR,
 * waits for it, and writes "<wall ns> <ru_maxrss KiB> <exit status> <user+system CPU us>" to the
 * file RESULT (the CPU time includes the children it waited for, as for a shell script).
 *
 * Why not spawn straight from Python: on exec, Linux records the memory high-water mark of the
 * process image being replaced in the child's ru_maxrss, so anything started from Python reports at
 * least Python's own resident size (about 20 MiB). Started from this small program, the floor is
 * this program's size, about 1 MiB.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: launcher RESULT STDOUT STDERR PROGRAM [ARGUMENT...]\n");
        return 2;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0600);

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid;
    int error = posix_spawn(&pid, argv[4], &actions, NULL, argv + 4, environ);
    if (error != 0) {
        fprintf(stderr, "launcher: cannot run %s: %s\n", argv[4], strerror(error));
        return 127;
    }
    int status;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            perror("launcher: wait4");
            return 127;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);

    long long ns = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    FILE *result = fopen(argv[1], "w");
    if (result == NULL) {
        perror("launcher: result file");
        return 127;
    }
    long long cpu_us = (long long)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000LL
                       + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
    fprintf(result, "%lld %ld %d %lld\n", ns, usage.ru_maxrss, code, cpu_us);
    return fclose(result) == 0 ? 0 : 127;
}

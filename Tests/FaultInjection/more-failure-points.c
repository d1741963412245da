/*
 * Failure points libfiu 1.1 lacks, for the fault-injection tests: mkdir, rmdir, renameat2, link,
 * symlink and flock. Preloaded after libfiu's own POSIX preload; each call asks libfiu whether to
 * fail (so `enable_random name=...` and libfiu's wildcards reach them too), and fails with an
 * error the real call can return, else calls the real one.
 *
 * And one libfiu cannot aim: `open` of each path listed in FAULT_VANISHED (separated by ':') fails
 * with ENOENT although the file is there, as a failing disk or network file system may say.
 *
 * Built by the test: cc -shared -fPIC -o more-failure-points.so more-failure-points.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>

/* libfiu's `fiu_fail`, found at run time in libfiu, which libfiu's own preload has loaded: neither
 * its development files nor its exact version are needed to build this. */
static int fiu_fail(const char *name) {
    static int (*ask)(const char *);
    if (!ask) ask = (int (*)(const char *))dlsym(RTLD_DEFAULT, "fiu_fail");
    return ask ? ask(name) : 0;
}

/* Picks one of the errors, at random. */
static int one_of(const int *errors, int count) { return errors[rand() % count]; }

#define FAILURE_POINT(name, errors_list, call_real)                          \
    do {                                                                   \
        if (fiu_fail(name)) {                                              \
            static const int errors[] = errors_list;                      \
            errno = one_of(errors, sizeof errors / sizeof errors[0]);      \
            return -1;                                                     \
        }                                                                  \
        call_real;                                                         \
    } while (0)

#define LIST(...) { __VA_ARGS__ }

int mkdir(const char *path, mode_t mode) {
    static int (*real)(const char *, mode_t);
    if (!real) real = dlsym(RTLD_NEXT, "mkdir");
    FAILURE_POINT("posix/io/dir/mkdir", LIST(EACCES, ENOSPC, EROFS, EDQUOT, EIO), return real(path, mode));
}

int rmdir(const char *path) {
    static int (*real)(const char *);
    if (!real) real = dlsym(RTLD_NEXT, "rmdir");
    FAILURE_POINT("posix/io/dir/rmdir", LIST(EACCES, EBUSY, EROFS, EIO), return real(path));
}

int renameat2(int from_folder, const char *from, int to_folder, const char *to, unsigned int flags) {
    static int (*real)(int, const char *, int, const char *, unsigned int);
    if (!real) real = dlsym(RTLD_NEXT, "renameat2");
    FAILURE_POINT("posix/io/dir/renameat2", LIST(EACCES, ENOSPC, EROFS, EDQUOT, EIO, EXDEV),
                  return real(from_folder, from, to_folder, to, flags));
}

int link(const char *from, const char *to) {
    static int (*real)(const char *, const char *);
    if (!real) real = dlsym(RTLD_NEXT, "link");
    FAILURE_POINT("posix/io/dir/link", LIST(EACCES, ENOSPC, EROFS, EDQUOT, EIO), return real(from, to));
}

int symlink(const char *target, const char *path) {
    static int (*real)(const char *, const char *);
    if (!real) real = dlsym(RTLD_NEXT, "symlink");
    FAILURE_POINT("posix/io/dir/symlink", LIST(EACCES, ENOSPC, EROFS, EDQUOT, EIO), return real(target, path));
}

int flock(int descriptor, int operation) {
    static int (*real)(int, int);
    if (!real) real = dlsym(RTLD_NEXT, "flock");
    FAILURE_POINT("posix/io/oc/flock", LIST(EINTR, ENOLCK), return real(descriptor, operation));
}

/* Whether `path` is one of FAULT_VANISHED's. */
static int vanished(const char *path) {
    const char *list = getenv("FAULT_VANISHED");
    size_t length = strlen(path);
    while (list && *list) {
        const char *end = strchr(list, ':');
        size_t size = end ? (size_t)(end - list) : strlen(list);
        if (size == length && strncmp(list, path, length) == 0) return 1;
        list = end ? end + 1 : NULL;
    }
    return 0;
}

static int open_unless_vanished(const char *symbol, const char *path, int flags, va_list rest) {
    mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(rest, int) : 0;
    if (vanished(path)) {
        errno = ENOENT;
        return -1;
    }
    int (*real)(const char *, int, ...) = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, symbol);
    return real(path, flags, mode);
}

int open(const char *path, int flags, ...) {
    va_list rest;
    va_start(rest, flags);
    int result = open_unless_vanished("open", path, flags, rest);
    va_end(rest);
    return result;
}

int open64(const char *path, int flags, ...) {
    va_list rest;
    va_start(rest, flags);
    int result = open_unless_vanished("open64", path, flags, rest);
    va_end(rest);
    return result;
}

/*
 * A stand-in for libFuzzer's driver, for builds without it (gcc, valgrind):
 * runs LLVMFuzzerTestOneInput once on every file given, and on every file
 * of every directory given (in name order). Exit status 0 when all ran;
 * a broken invariant abort()s.
 *
 * SPDX-License-Identifier: MIT
 */
#if !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static long g_runs;

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long len;
    size_t got;
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    /* An exact-size block, so that AddressSanitizer and valgrind see any
     * read past the input (malloc(0) may give NULL: keep one byte). */
    buf = (uint8_t *)malloc(len ? (size_t)len : 1);
    if (!buf) {
        fclose(f);
        return 1;
    }
    got = fread(buf, 1, (size_t)len, f);
    fclose(f);
    if (got != (size_t)len) {
        free(buf);
        fprintf(stderr, "short read on %s\n", path);
        return 1;
    }
    fprintf(stderr, "running %s (%ld bytes)\n", path, len);
    LLVMFuzzerTestOneInput(buf, (size_t)len);
    free(buf);
    g_runs++;
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0;
    int bad = 0;
    if (!d) {
        fprintf(stderr, "cannot open directory %s\n", dir);
        return 1;
    }
    while ((e = readdir(d)) != NULL) {
        size_t len;
        char *path;
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        len = strlen(dir) + strlen(e->d_name) + 2;
        path = (char *)malloc(len);
        if (!path)
            abort();
        snprintf(path, len, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(path);
            continue;
        }
        if (n == cap) {
            char **p;
            cap = cap ? 2 * cap : 64;
            p = (char **)realloc(names, cap * sizeof *p);
            if (!p)
                abort();
            names = p;
        }
        names[n++] = path;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    for (size_t i = 0; i < n; i++) {
        bad |= run_file(names[i]);
        free(names[i]);
    }
    free(names);
    return bad;
}

int main(int argc, char **argv)
{
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "no such file or directory: %s\n", argv[i]);
            bad = 1;
        } else if (S_ISDIR(st.st_mode)) {
            bad |= run_dir(argv[i]);
        } else {
            bad |= run_file(argv[i]);
        }
    }
    printf("%ld inputs run\n", g_runs);
    return bad;
}

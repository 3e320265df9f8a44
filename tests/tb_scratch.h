/*
 * Scratch directories and rules for the tablebase tests: include after
 * <cmocka.h>, in a file that defines _POSIX_C_SOURCE 200809L (mkdtemp).
 */
#ifndef SEEGA_TB_SCRATCH_H
#define SEEGA_TB_SCRATCH_H

#include <seega.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A new empty directory under $TMPDIR (or /tmp); remove_dir frees it. */
static inline char *scratch_dir(void)
{
    const char *base = getenv("TMPDIR");
    char tmpl[512];
    snprintf(tmpl, sizeof tmpl, "%s/seega_tb.XXXXXX", base ? base : "/tmp");
    char *d = mkdtemp(tmpl);
    assert_non_null(d);
    return strdup(d);
}

static inline void remove_dir(char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
    free(dir);
}

static inline seega_rules rules_of(const char *text)
{
    seega_rules r;
    char msg[SEEGA_ERROR_MAX];
    int32_t st = seega_rules_from_text(text, &r, msg, sizeof msg);
    if (st != SEEGA_OK)
        print_error("%s: %s\n", text, msg);
    assert_int_equal(st, SEEGA_OK);
    return r;
}

#endif

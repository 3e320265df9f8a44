/*
 * Sizes where size_t may have 32 bits. The library counts sizes that can
 * pass 32 bits (tablebase tiers, the transposition table, file sizes) in
 * 64, and sg_bytes (core/util.h) turns a count into the bytes of one
 * object on their way to an allocator: refused past PTRDIFF_MAX, never
 * cut. A tablebase file larger than that is refused by its size before
 * it is mapped (tb_table_open). The same assertions hold on every target;
 * where they differ, sizeof(size_t) says which.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, ftruncate */
#define _FILE_OFFSET_BITS 64    /* a file over 2 GiB on 32-bit targets */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/util.h"
#include "tb/tb.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WIDE (sizeof(size_t) >= 8)

/* A size_t as 64 bits, out of line: compared with a 64-bit bound, where
 * the comparison is only made on 64-bit targets, without a warning that
 * it is always false on 32-bit ones. */
static uint64_t u64(size_t v) { return v; }

static void test_bytes(void **state)
{
    size_t b = 1;
    (void)state;
    assert_int_equal(sg_bytes(0, 16, &b), 0);
    assert_true(b == 0);
    assert_int_equal(sg_bytes(7, 0, &b), 0);
    assert_true(b == 0);
    assert_int_equal(sg_bytes(3, 5, &b), 0);
    assert_true(b == 15);
    /* the bound, exactly */
    assert_int_equal(sg_bytes((uint64_t)PTRDIFF_MAX, 1, &b), 0);
    assert_true(b == (size_t)PTRDIFF_MAX);
    assert_int_equal(sg_bytes((uint64_t)PTRDIFF_MAX + 1, 1, &b), -1);
    assert_true(b == 0);
    assert_int_equal(sg_bytes((uint64_t)PTRDIFF_MAX / 8, 8, &b), 0);
    assert_int_equal(sg_bytes((uint64_t)PTRDIFF_MAX / 8 + 1, 8, &b), -1);
    /* products that wrap 64 bits, and 32 */
    assert_int_equal(sg_bytes((uint64_t)1 << 62, 8, &b), -1);
    assert_int_equal(sg_bytes(UINT64_MAX, 2, &b), -1);
    assert_int_equal(sg_bytes((uint64_t)1 << 30, 4, &b), WIDE ? 0 : -1);
    assert_int_equal(sg_bytes((uint64_t)1 << 28, 16, &b), WIDE ? 0 : -1);
    if (WIDE)
        assert_true(u64(b) == (uint64_t)1 << 32);
    /* 1 GiB fits everywhere */
    assert_int_equal(sg_bytes((uint64_t)1 << 26, 16, &b), 0);
    assert_true(b == (size_t)1 << 30);
}

/* The generator's words (4 bytes a slot) of the largest tiers that
 * docs/platforms.md says fit a 32-bit target, and of the first that
 * does not. */
static void test_tiers(void **state)
{
    tb_index ix;
    size_t b;
    (void)state;
    assert_int_equal(tb_index_init(&ix, 8), 0);
    uint64_t s55 = tb_tier_slots(&ix, 5, 5), s66 = tb_tier_slots(&ix, 6, 6),
             s88 = tb_tier_slots(&ix, 8, 8);
    print_message("slots: 5v5 %llu, 6v6 %llu, 8v8 %llu\n",
                  (unsigned long long)s55, (unsigned long long)s66,
                  (unsigned long long)s88);
    assert_int_equal(sg_bytes(s55, 4, &b), 0);
    assert_true(u64(b) == s55 * 4);
    assert_int_equal(sg_bytes(s66, 4, &b), WIDE ? 0 : -1);
    /* 8v8: its slots pass 2^31, its words 2^32 */
    assert_true(s88 > (uint64_t)INT32_MAX && s88 * 4 > UINT32_MAX);
    assert_int_equal(sg_bytes(s88, 4, &b), WIDE ? 0 : -1);
    if (WIDE)
        assert_true(u64(b) == s88 * 4);
    tb_index_free(&ix);
}

/* A file of 2^31 bytes (sparse): on a 32-bit target it cannot
 * be mapped and is refused by its size (SEEGA_E_IO); on a 64-bit one it
 * is mapped and refused by its header (SEEGA_E_CORRUPT). */
static void test_big_file(void **state)
{
    const char *base = getenv("TMPDIR");
    char dir[512], path[600], msg[SEEGA_ERROR_MAX] = "";
    seega_rules r;
    tb_table tb;
    int fd;
    (void)state;
    snprintf(dir, sizeof dir, "%s/seega_sizes.XXXXXX", base ? base : "/tmp");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/big.sgtb", dir);
    fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
    assert_true(fd >= 0);
    if (ftruncate(fd, (off_t)1 << 31) != 0) {
        close(fd);
        unlink(path);
        rmdir(dir);
        print_message("no sparse file of 2^31 bytes here: skipped\n");
        skip();
        return;
    }
    close(fd);
    assert_int_equal(seega_rules_preset(&r, SEEGA_CLASSIC, 5), SEEGA_OK);
    int32_t st = tb_table_open(&tb, path, &r, 2, 2, 100, msg, sizeof msg);
    print_message("%s\n", msg);
    unlink(path);
    rmdir(dir);
    if (WIDE) {
        assert_int_equal(st, SEEGA_E_CORRUPT);
    } else {
        assert_int_equal(st, SEEGA_E_IO);
        assert_non_null(strstr(msg, "too large to map"));
    }
    assert_null(tb.map);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bytes),
        cmocka_unit_test(test_tiers),
        cmocka_unit_test(test_big_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * Print the fields of seega_rules as the library's one table lists them
 * (lib/core/rules_fields.h), one a line: the name, then the kind (int,
 * flag, side, dirs, blocked), in the struct's order. The test
 * rules_fields_bindings feeds this to tests/check_rules_fields.py, which
 * compares each binding's list of the fields with it.
 */
#include "core/rules_fields.h"

#include <stdio.h>

static const char *const KINDS[] = {"int", "flag", "side", "dirs", "blocked"};

int main(void)
{
#define PRINT(name, kind, ok, want)                                            \
    if (printf("%s %s\n", #name, KINDS[SG_RK_##kind]) < 0)                     \
        return 1;
    SG_RULES_FIELDS(PRINT)
#undef PRINT
    return fflush(stdout) != 0;
}

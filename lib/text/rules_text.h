/* The short text form of rules (rules_text.c). */
#ifndef SG_RULES_TEXT_H
#define SG_RULES_TEXT_H

#include "core/core.h"

/* Rules text into out (SEEGA_RULES_TEXT_MAX bytes); r already valid.
 * Returns the length. */
int sg_rules_text(const seega_rules *r, char *out);
/* Rules text s[0..len) (not NUL-terminated) into *out; on failure a
 * message in msg. */
int32_t sg_parse_rules(const char *s, size_t len, seega_rules *out, char *msg,
                       size_t cap);

#endif

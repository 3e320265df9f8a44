/*
 * The tag section of a game record and the result texts
 * (record.c), shared by the record reader and writer (api/record_read.c,
 * api/record_write.c).
 */
#ifndef SG_RECORD_H
#define SG_RECORD_H

#include "core/core.h"

/* A record holds at most this many tags (bounds the duplicate check). */
#define SG_RECORD_MAX_TAGS 256

typedef struct sg_tag {
    const char *name; /* not NUL-terminated */
    size_t name_len;
    const char *val; /* escaped, between the quotes */
    size_t val_len;  /* escaped length */
    int line;
} sg_tag;

typedef struct sg_header {
    sg_tag rules, start, result;
    int has_rules, has_start, has_result;
    const char *moves; /* where the moves begin */
    int moves_line;
} sg_header;

/* Unescape a tag value into out (cap bytes); its length, or -1. */
int sg_unescape(const sg_tag *t, char *out, size_t cap);
/*
 * Read the tag section: every tag is checked, duplicates refused. The
 * tag named `want` (if not NULL) is returned in *found (*has_found set).
 */
int32_t sg_scan_header(const char *text, sg_header *h, const char *want,
                       sg_tag *found, int *has_found, char *msg, size_t cap);
/* The rules of the Rules tag. */
int32_t sg_header_rules(const sg_header *h, seega_rules *out, char *msg,
                        size_t cap);

/* The results by code, SEEGA_ONGOING .. SEEGA_DRAW: "*", "1-0", ... */
extern const char *const sg_result_text[4];
/* A result token s[0..len) as SEEGA_ONGOING .. SEEGA_DRAW, or -1. */
int sg_result_code(const char *s, size_t len);
/* The Termination text of an end reason (SEEGA_REASON_*). */
const char *sg_reason_text(int32_t reason);

#endif

/* The character scanners of the text layer (plain ASCII). */
#ifndef SG_SCAN_H
#define SG_SCAN_H

/* White space: blank, tab, line break, vertical tab, form feed. */
int sg_is_space(char c);
/* A decimal digit. */
int sg_is_digit(char c);
/* A letter, digit or '_': the characters of a tag name. */
int sg_is_name_char(char c);
/* c in lower case (ASCII letters only). */
char sg_lower(char c);

#endif

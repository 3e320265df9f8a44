/*
 * The character scanners that the rules text and the
 * records share (plain ASCII, no locale).
 */
#include "text/scan.h"

int sg_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
           c == '\f';
}

int sg_is_digit(char c)
{
    return c >= '0' && c <= '9';
}

int sg_is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || sg_is_digit(c) ||
           c == '_';
}

char sg_lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

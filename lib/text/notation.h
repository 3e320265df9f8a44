/* Action text and SPN. */
#ifndef SG_NOTATION_H
#define SG_NOTATION_H

#include "core/core.h"

/* Is a a well-formed action on an n x n board (kind and squares)? */
int sg_action_wellformed(int n, seega_action a);
/* Write a well-formed action; returns the length. */
int sg_action_format(int n, seega_action a, char out[SEEGA_ACTION_TEXT_MAX]);
/* Read action text (any case, surrounding white space); SEEGA_E_PARSE with
 * a message in err on failure. */
int32_t sg_action_parse(int n, const char *text, seega_action *out, char *err,
                        size_t cap);

/* Read and check SPN, load it and apply the end checks. On failure *out is
 * untouched and err names the field. */
int32_t sg_spn_parse(const sg_board *board, const sg_crules *r, const char *spn,
                     sg_posbuf *out, char *err, size_t cap);
/* Write canonical SPN; returns the length (< SEEGA_SPN_MAX). */
int sg_spn_format(const sg_board *board, const sg_posbuf *pos,
                  char out[SEEGA_SPN_MAX]);

#endif

/*
 * The fields of seega_rules, listed once. Every list of the fields in
 * the library is made from SG_RULES_FIELDS: the range checks of
 * sg_rules_check (core/rules.c), the rules text's names, kinds and
 * parsing (text/rules_text.c), and the rules written into and read from
 * a tablebase header (tb/file.c). The bindings keep their own lists (in
 * their languages); tests/check_rules_fields.py compares each with the
 * one printed by tests/rules_fields.c from this table.
 *
 * X(name, kind, ok, want), in the order of the struct, version left out:
 *   name  the member of seega_rules, and its name in the rules text,
 *         in messages ("rules.name") and in the bindings (camelCase in
 *         JavaScript)
 *   kind  how its values are spelt: INT a whole number, FLAG 0 or 1
 *         (a boolean in the bindings), SIDE x or o, DIRS orthogonal or
 *         all, BLOCKED loses, passes, opponent_opens or removes
 *   ok    the range check, an expression in the value v
 *   want  the range in words, for the message when ok fails
 *
 * Each field is an int32_t; a tablebase header holds the version, then
 * each field in this order, as 4-byte little-endian words.
 */
#ifndef SG_CORE_RULES_FIELDS_H
#define SG_CORE_RULES_FIELDS_H

#include "seega.h"

#include <stddef.h>

#define SG_RULES_FIELDS(X)                                                     \
    X(board_size, INT, v == 5 || v == 7 || v == 9, "5, 7 or 9")                \
    X(placements_per_turn, INT, v == 1 || v == 2, "1 or 2")                    \
    X(opening_squares, FLAG, v == 0 || v == 1, "0 or 1")                       \
    X(first_mover, SIDE, v == SEEGA_X || v == SEEGA_O,                         \
      "SEEGA_X (0) or SEEGA_O (1)")                                            \
    X(move_dirs, DIRS, v == SEEGA_DIRS_ORTHOGONAL || v == SEEGA_DIRS_ALL,      \
      "SEEGA_DIRS_ORTHOGONAL (4) or SEEGA_DIRS_ALL (8)")                       \
    X(capture_dirs, DIRS, v == SEEGA_DIRS_ORTHOGONAL || v == SEEGA_DIRS_ALL,   \
      "SEEGA_DIRS_ORTHOGONAL (4) or SEEGA_DIRS_ALL (8)")                       \
    X(centre_immune, FLAG, v == 0 || v == 1, "0 or 1")                         \
    X(chain_captures, FLAG, v == 0 || v == 1, "0 or 1")                        \
    X(blocked, BLOCKED, v >= SEEGA_BLOCKED_LOSES && v <= SEEGA_BLOCKED_REMOVES, \
      "SEEGA_BLOCKED_LOSES (1), _PASSES (2), _OPPONENT_OPENS (3) or "          \
      "_REMOVES (4)")                                                          \
    X(lose_at, INT, v == 0 || v == 1, "0 or 1")                                \
    X(quiet_limit, INT, v >= 0, "0 (no limit) or more")

/* The kinds of SG_RULES_FIELDS, as SG_RK_ followed by the kind. */
enum { SG_RK_INT, SG_RK_FLAG, SG_RK_SIDE, SG_RK_DIRS, SG_RK_BLOCKED };

/* SG_RF_name: the field's place in the table (0 for board_size);
 * SG_RF_COUNT: how many fields there are. */
#define SG_RF_INDEX_(name, kind, ok, want) SG_RF_##name,
enum { SG_RULES_FIELDS(SG_RF_INDEX_) SG_RF_COUNT };
#undef SG_RF_INDEX_

/* "board_size, placements_per_turn, ..., quiet_limit": the names, for
 * messages (SG_RULES_FIELD_NAMES + 2 skips the first ", "). */
#define SG_RF_NAME_(name, kind, ok, want) ", " #name
#define SG_RULES_FIELD_NAMES (SG_RULES_FIELDS(SG_RF_NAME_))
/* SG_RF_NAME_ stays defined: SG_RULES_FIELD_NAMES expands it where used. */

/* The table and the public struct cannot drift apart: every field of the
 * table is an int32_t member at its place (after the version), and the
 * struct has no other member. */
_Static_assert(offsetof(seega_rules, version) == 0 &&
                   sizeof(((seega_rules *)0)->version) == 4,
               "seega_rules starts with its uint32_t version");
#define SG_RF_PLACE_(name, kind, ok, want)                                     \
    _Static_assert(offsetof(seega_rules, name) == 4 + 4 * SG_RF_##name &&      \
                       sizeof(((seega_rules *)0)->name) == 4,                  \
                   "seega_rules." #name " is not where SG_RULES_FIELDS says");
SG_RULES_FIELDS(SG_RF_PLACE_)
#undef SG_RF_PLACE_
_Static_assert(sizeof(seega_rules) == 4 + 4 * SG_RF_COUNT,
               "seega_rules has a member that SG_RULES_FIELDS does not list");

#endif

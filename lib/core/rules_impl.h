/*
 * The rule predicates on square sets, for one board size (after
 * core/geometry_impl.h): immunity and the sandwich. The scalar rules are
 * in core/rules.h. Every capture in the library, canonical or fast, takes
 * its pieces through rule_capturable_if and RULE_SANDWICHED, or through a
 * table built from the same geometry (the pext forms, fast/forms_impl.h).
 */
#ifndef SG_CORE_RULES_IMPL_H
#define SG_CORE_RULES_IMPL_H

#include "core/geometry_impl.h"
#include "core/rules.h"

/*
 * Immunity (docs/rules.md, "The centre square" (#rules_centre)): the
 * pieces of `en` that may be captured, all but one on the centre when
 * the centre is immune. immune: the rule's flag, a constant where the
 * caller specialises on it.
 */
SG_INLINE BB rule_capturable_if(int immune, BB en)
{
    return immune ? bb_andnot(en, m_centre()) : en;
}

SG_INLINE BB rule_capturable(const sg_crules *r, BB en)
{
    return rule_capturable_if(r->immune, en);
}

/*
 * The sandwich (docs/rules.md, "Capture: the sandwich" (#rules_capture)):
 * the pieces of `capturable` that a piece arriving next to them, on their
 * side opposite direction d, captures: those with a piece of `own` beyond
 * them in direction d. A capture direction d takes from an arrival on
 * square t the piece on t + d if it is in this set.
 *
 * A macro over the caller's set type: SH(set, d) moves a set one step in
 * direction d, AND intersects; the board (sh, bb_and), a 9x9 window
 * (w9_sh), two boards in a word or eight in a vector (fast/) all use it.
 */
#define RULE_SANDWICHED(SH, AND, capturable, own, d)                           \
    AND((capturable), SH((own), (d) ^ 1))

SG_INLINE BB rule_sandwiched(BB capturable, BB own, int d)
{
    return RULE_SANDWICHED(sh, bb_and, capturable, own, d);
}

/*
 * The pieces taken by a piece of `own` (which includes it) arriving on
 * the squares `at`, in four (c8 == 0) or eight capture directions.
 */
SG_INLINE BB rule_taken(BB own, BB capturable, BB at, int c8)
{
    BB v = BB_ZERO;
    SG_UNROLL
    for (int d = 0; d < ndirs(c8); d++)
        v = bb_or(v, bb_and(sh(at, d), rule_sandwiched(capturable, own, d)));
    return v;
}

#endif

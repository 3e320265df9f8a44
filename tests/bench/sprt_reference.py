#!/usr/bin/env python3
"""The reference figures of seega-match's pentanomial statistics.

seega-match (tests/bench/match.c) computes the generalized SPRT of
fishtest's LLR_logistic on pentanomial counts, and the Elo with its 95%
error bar of fishtest's get_elo. This script computes the same figures
another way, in plain Python (no numpy, no scipy), and prints them as the
table that match.c's --selftest compares against (SPRT_REF in match.c):

    python3 tests/bench/sprt_reference.py

How they are computed here (match.c does it differently, see below):

- The counts N0..N4 of pairs that scored 0, 0.5, 1, 1.5, 2 (A's points
  over the two games of a pair) are regularized as fishtest does: an
  empty class counts 1e-3. N is their sum; p_i = N_i / N; the value of
  class i is a_i = i / 4 (the pair's score per game).
- The LLR of the generalized SPRT is N times the log of the ratio of the
  largest likelihoods of the pair outcomes under two hypotheses: that
  the expected score per game is s1 = L(elo1), against s0 = L(elo0), with
  L(e) = 1 / (1 + 10^(-e/400)) (logistic Elo). For each s the most likely
  distribution q with mean s is found here by its dual: for q with mean
  s, q_i = p_i / (1 + x (a_i - s)) with the x that maximizes the concave
  g(x) = sum p_i log(1 + x (a_i - s)) on (-1/(1-s), 1/s), found by
  golden-section search (no derivative). match.c instead solves the
  secular equation g'(x) = 0 by bisection, as fishtest's MLE_expected
  does with brentq. From each q the LLR is then the primal form of
  fishtest, N * sum p_i log(q1_i / q0_i), and this script checks that
  each q is a distribution with mean s.
- Elo: mu = sum p_i a_i, var = sum p_i (a_i - mu)^2 (the variance of a
  pair's score per game), the 95% interval of mu is mu -+ 1.959964
  sqrt(var / N), Elo(mu) = -400 log10(1/mu - 1), and the error bar is half
  the width of the interval mapped to Elo. LOS = Phi((mu - 0.5) /
  sqrt(var / N)).
"""
import math

EPS = 1e-3  # fishtest's regularization of empty classes
Z95 = 1.959963984540054


def regularize(counts):
    return [c if c > 0 else EPS for c in counts]


def elo_of(mu):
    return -400.0 * math.log10(1.0 / mu - 1.0)


def score_of(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def dual_max(p, a, s):
    """The x in (-1/(1-s), 1/s) maximizing sum p log(1 + x (a - s))."""
    lo, hi = -1.0 / (1.0 - s), 1.0 / s
    # stay strictly inside the domain
    lo, hi = lo + 1e-15 * abs(lo), hi - 1e-15 * abs(hi)

    def g(x):
        return sum(pi * math.log(1.0 + x * (ai - s)) for pi, ai in zip(p, a))

    r = (math.sqrt(5.0) - 1.0) / 2.0
    c, d = hi - r * (hi - lo), lo + r * (hi - lo)
    gc, gd = g(c), g(d)
    for _ in range(400):
        if gc > gd:
            hi, d, gd = d, c, gc
            c = hi - r * (hi - lo)
            gc = g(c)
        else:
            lo, c, gc = c, d, gd
            d = lo + r * (hi - lo)
            gd = g(d)
        if hi - lo < 1e-15:
            break
    return (lo + hi) / 2.0


def mle(p, a, s):
    x = dual_max(p, a, s)
    q = [pi / (1.0 + x * (ai - s)) for pi, ai in zip(p, a)]
    # golden-section search finds x to about 1e-8 (the maximum is flat),
    # which moves the LLR only by its square
    assert abs(sum(q) - 1.0) < 1e-6, sum(q)
    assert abs(sum(qi * ai for qi, ai in zip(q, a)) - s) < 1e-6
    return q


def figures(counts, elo0, elo1):
    c = regularize(counts)
    n = sum(c)
    p = [ci / n for ci in c]
    a = [i / 4.0 for i in range(5)]
    q0, q1 = mle(p, a, score_of(elo0)), mle(p, a, score_of(elo1))
    llr = n * sum(pi * math.log(b / z) for pi, b, z in zip(p, q1, q0))
    mu = sum(pi * ai for pi, ai in zip(p, a))
    var = sum(pi * (ai - mu) ** 2 for pi, ai in zip(p, a))
    se = math.sqrt(var / n)
    lo, hi = mu - Z95 * se, mu + Z95 * se
    elo = elo_of(mu)
    elo95 = (elo_of(hi) - elo_of(lo)) / 2.0
    los = 0.5 * (1.0 + math.erf((mu - 0.5) / se / math.sqrt(2.0)))
    return llr, elo, elo95, los


# (counts N0..N4, elo0, elo1): balanced, lopsided, with empty classes,
# a tiny sample, a large one, and bounds on either side of the truth.
CASES = [
    ([10, 20, 40, 20, 10], 0, 10),
    ([5, 30, 60, 40, 15], 0, 10),
    ([15, 40, 60, 30, 5], 0, 10),
    ([0, 3, 10, 12, 5], 0, 5),
    ([1, 0, 2, 0, 1], -10, 10),
    ([0, 0, 7, 0, 0], 0, 10),
    ([120, 310, 580, 402, 160], 0, 5),
    ([2, 10, 30, 40, 25], 50, 100),
    ([30, 40, 20, 8, 2], -100, -50),
]


def main():
    print("/* counts N0..N4, elo0, elo1 -> LLR, Elo, error bar, LOS */")
    for counts, e0, e1 in CASES:
        llr, elo, elo95, los = figures(counts, e0, e1)
        print("    {{%s}, %g, %g,\n     %.9f, %.9f, %.9f, %.9f}," % (
            ", ".join(str(x) for x in counts), e0, e1, llr, elo, elo95, los))


if __name__ == "__main__":
    main()

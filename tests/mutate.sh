#!/bin/sh
# Mutation check of the rule predicates (lib/core/rules.h,
# lib/core/rules_impl.h): each mutation below changes one rule in its one
# place; the test suite must then fail. A mutation the tests survive means
# a rule no test pins down, or a path that does not go through the
# predicate. Not part of tests/run_all.sh (it builds the library once per
# mutation, about an hour on two cores); run it after changing a rule or
# the fast paths:
#
#   [MUTATIONS=REGEX] tests/mutate.sh [-k] [CTEST_REGEX]
#
# MUTATIONS (an extended regex over the names below) runs some of them.
# CTEST_REGEX (default: all tests but the slow tool checks) selects the
# tests; -k keeps the scratch tree (printed). Prints one line per
# mutation: "killed" with the failing tests, "SURVIVED", "SPLIT" (the
# suite fails, but so does test_fastpaths, which compares the fast paths
# with the canonical code and passes whatever the rules are as long as
# both decide them through the same predicates: some path restates the
# rule; "split", in lower case, where the list below says why that one
# is known), or "NO BUILD" (a mutation that does not compile tests
# nothing), and exits non-zero unless every mutation was killed or is a
# known split. The scratch build
# has warnings as warnings, so that a mutation that leaves a parameter
# unused still runs.
set -eu
keep=0
if [ "${1:-}" = -k ]; then
    keep=1
    shift
fi
regex=${1:-}
only=${MUTATIONS:-.}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
[ "$keep" = 1 ] || trap 'rm -rf "$work"' EXIT
jobs=$(nproc 2>/dev/null || echo 2)

# name | file | text to replace | replacement (fixed strings) [| why a
# split is known: docs/architecture.md, "Where each rule is decided"]
mutations() {
    cat <<'LIST'
material: lose at fewer pieces|rules.h|return count <= r->lose_at;|return count < r->lose_at;
quiet limit: end one turn later|rules.h|return r->quiet_limit && quiet >= r->quiet_limit;|return r->quiet_limit && quiet > r->quiet_limit;
quiet counter: a turn after a removal counts|rules.h|return !captured && !began_with_removal && quiet < INT32_MAX ? quiet + 1|return !captured && (began_with_removal || 1) && quiet < INT32_MAX ? quiet + 1
chain: never goes on|rules.h|((r)->chain && (can_capture_again))|(0 && (can_capture_again))
blocked: LOSES ends by count|rules.h|case SEEGA_BLOCKED_LOSES: return SG_BLOCKED_LOSE;|case SEEGA_BLOCKED_LOSES: return SG_BLOCKED_COUNT;
blocked: a pass never makes the other side open|rules.h|return r->blocked == SEEGA_BLOCKED_OPPONENT_OPENS;|return r->blocked == SEEGA_BLOCKED_OPPONENT_OPENS && 0;
material least: the smallest tier one piece up|rules.h|return rule_material_lost_max(r) + 1;|return rule_material_lost_max(r) + 2;
by count: X wins a tie|rules.h|return x > o ? SEEGA_X_WINS : o > x ? SEEGA_O_WINS : SEEGA_DRAW;|return x >= o ? SEEGA_X_WINS : o > x ? SEEGA_O_WINS : SEEGA_DRAW;
quiet reset: a capture leaves one turn counted|rules.h|static inline int32_t rule_quiet_reset(void) { return 0; }|static inline int32_t rule_quiet_reset(void) { return 1; }
quiet left: one turn more before the limit|rules.h|return limit - 1 - quiet;|return limit - quiet;
placing order: never between two placements|rules.h|*mid = rem != 0;|*mid = 0;
opening squares: X's and O's swapped|rules.h|int c = n * n / 2, d = side == SEEGA_X ? n : 1;|int c = n * n / 2, d = side == SEEGA_X ? 1 : n;
opening squares: only the first piece marked|rules.h|return r->opening ? (placed < 2 ? placed : 2) : 0;|return r->opening ? (placed < 1 ? placed : 1) : 0;
immunity: the centre is never immune|rules_impl.h|return immune ? bb_andnot(en, m_centre()) : en;|return (void)immune, en;
sandwich: no own piece needed beyond|rules_impl.h|AND((capturable), SH((own), (d) ^ 1))|AND((capturable), (capturable))|the BMI2 capture tables (cap_at_fast, cap_w9_fast, cap5_fast) hold the sandwich's shape as geometry
LIST
}

command -v cmake >/dev/null || { echo "mutate.sh: cmake is not installed" >&2; exit 1; }
mkdir -p "$work/src"
# the tracked files of the working tree, as they are now
(cd "$here" && git ls-files -z | xargs -0 tar cf -) | (cd "$work/src" && tar xf -)
cmake -S "$work/src" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DSEEGA_WERROR=OFF \
    -DSEEGA_BUILD_DOCS=OFF > "$work/cmake.log" 2>&1 ||
    { echo "mutate.sh: cmake failed (see $work/cmake.log)" >&2; keep=1; exit 1; }
exclude='valgrind|install|ab_smoke|match_selftest|bench_'
run_tests() {
    if [ -n "$regex" ]; then
        (cd "$work/build" && ctest -j"$jobs" -R "$regex" > "$work/ctest.log" 2>&1)
    else
        (cd "$work/build" && ctest -j"$jobs" -E "$exclude" > "$work/ctest.log" 2>&1)
    fi
}
# The unmutated tree must build and pass, or the results mean nothing.
cmake --build "$work/build" -j"$jobs" > "$work/build.log" 2>&1 ||
    { echo "mutate.sh: the unmutated tree does not build" >&2; exit 1; }
run_tests || { echo "mutate.sh: the unmutated tree fails its tests" >&2; exit 1; }

survived=0
mutations | grep -E "^[^|]*($only)" > "$work/list" ||
    { echo "mutate.sh: no mutation matches MUTATIONS=$only" >&2; exit 1; }
while IFS='|' read -r name file from to known; do
    f="$work/src/lib/core/$file"
    cp "$f" "$work/orig"
    FROM=$from TO=$to python3 - "$f" <<'PY'
import os, sys
p = sys.argv[1]
s = open(p).read()
a, b = os.environ["FROM"], os.environ["TO"]
if s.count(a) != 1:
    sys.exit("mutate.sh: %r occurs %d times in %s" % (a, s.count(a), p))
open(p, "w").write(s.replace(a, b))
PY
    if ! cmake --build "$work/build" -j"$jobs" > "$work/build.log" 2>&1; then
        echo "NO BUILD  $name (the mutation does not compile: it tests nothing)"
        survived=$((survived + 1))
    elif run_tests; then
        echo "SURVIVED  $name"
        survived=$((survived + 1))
    else
        failed=$(sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) .*/\1/p' "$work/ctest.log" | tr '\n' ' ')
        # test_fastpaths compares the fast paths with the canonical code:
        # both mutated alike, they must still agree.
        if (cd "$work/build" && ctest -R '^test_fastpaths$' > "$work/fast.log" 2>&1); then
            echo "killed    $name: $failed"
        elif [ -n "$known" ]; then
            echo "split     $name: $failed(known: $known)"
        else
            echo "SPLIT     $name: $failed"
            survived=$((survived + 1))
        fi
    fi
    cp "$work/orig" "$f"
done < "$work/list"
[ "$keep" = 1 ] && echo "scratch tree: $work"
[ "$survived" = 0 ]

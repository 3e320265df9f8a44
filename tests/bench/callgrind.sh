#!/bin/sh
# Instructions per perft leaf and per playout action, counted by
# valgrind --tool=callgrind inside seega_perft / seega_playouts only, so
# they are the same on a busy or a quiet machine.
#
#   tests/bench/callgrind.sh [-e] [path/to/seega-bench [POSITIONS]]
#
# Perft: the moving positions of positions.txt (or of POSITIONS, in the
# same format), per preset and size, at their listed depth (bulk counting
# at the last ply): the instructions over all of them divided by all
# their leaves. Playouts: random games from the start position.
# -e: also each position's instructions per leaf, and at the end their
# geometric mean per board size, and per board size and share of empty
# squares (a crowded tree costs more per leaf on any board).
set -eu
each=0
if [ "${1:-}" = -e ]; then
    each=1
    shift
fi
here=$(cd "$(dirname "$0")" && pwd)
bench=${1:-$here/../../build/tests/seega-bench}
positions=${2:-$here/positions.txt}
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
[ -f "$bench" ] && [ -x "$bench" ] ||
    { echo "callgrind.sh: no seega-bench program at $bench" >&2; exit 1; }
[ -r "$positions" ] ||
    { echo "callgrind.sh: cannot read $positions" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ir <function> <command...>: instructions executed inside <function>
ir() {
    fn=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$tmp/out" \
        --toggle-collect="$fn" "$@" > "$tmp/stdout" 2>/dev/null ||
        { echo "callgrind.sh: failed: $*" >&2; exit 1; }
    awk '/^totals:/ {print $2}' "$tmp/out"
}

# count <word>: the number the program printed after <word> ("leaves",
# "actions"), or an error
count() {
    c=$(awk -v w="$1" '$1 == w {print $2}' "$tmp/stdout")
    case $c in
    '' | *[!0-9]*)
        echo "callgrind.sh: $bench printed no count of $1" >&2
        exit 1 ;;
    esac
    echo "$c"
}

printf '%-12s %-5s %14s %12s %10s   %14s %12s\n' preset size "perft leaves" "Ir" "Ir/leaf" \
    "playout acts" "Ir/action"
for preset in classic diagonal modern traditional; do
    for size in 5 7 9; do
        # every listed position of this preset and size, at its depth
        leaves=0 irs=0
        grep -v '^#' "$positions" | awk -v p=$preset -v s=$size '$1 == p && $2 == s' > "$tmp/pos"
        while read -r _ _ depth spn; do
            i=$(ir seega_perft "$bench" perft $preset $size "$depth" "$spn")
            n=$(count leaves)
            leaves=$((leaves + n))
            irs=$((irs + i))
            if [ $each = 1 ] && [ "$n" -gt 0 ]; then
                awk -v p=$preset -v s=$size -v d=$depth -v l=$n -v i=$i -v spn="$spn" 'BEGIN {
                    printf "  %-12s %dx%d d%-2d %10d %12d %8.2f  %s\n", p, s, s, d, l, i, i / l, spn }'
                empty=$(echo "$spn" | awk '{ n = 0
                    for (k = 1; k <= length($1); k++)
                        if (substr($1, k, 1) ~ /[1-9]/) n += substr($1, k, 1)
                    print n }')
                echo "$size $i $n $empty" >> "$tmp/each"
            fi
        done < "$tmp/pos"
        count=$((size == 5 ? 200 : size == 7 ? 40 : 10))
        pi=$(ir seega_playouts "$bench" playouts $preset $size $count 7)
        pa=$(count actions)
        # (no position of this preset and size in the file: no perft)
        awk -v p=$preset -v s=$size -v l=$leaves -v i=$irs -v pi=$pi -v pa=$pa 'BEGIN {
            if (l > 0)
                printf "%-12s %dx%d  %14d %12d %10.1f   %14d %12.1f\n", p, s, s, l, i, i / l, pa, pi / pa
            else
                printf "%-12s %dx%d  %14s %12s %10s   %14d %12.1f\n", p, s, s, "-", "-", "-", pa, pi / pa }'
    done
done
if [ $each = 1 ] && [ -s "$tmp/each" ]; then
    awk 'BEGIN { split("under 10%,10-20%,20-30%,30% or more", name, ",") }
        { g[$1] += log($2 / $3); n[$1]++
           # the share of empty squares: under 10%, 10-20%, 20-30%, 30% or more
           f = $4 / ($1 * $1); b = f < 0.1 ? 0 : f < 0.2 ? 1 : f < 0.3 ? 2 : 3
           gb[$1, b] += log($2 / $3); nb[$1, b]++ }
        END { for (s = 5; s <= 9; s += 2) if (n[s]) {
            printf "%dx%d: geometric mean of the instructions per leaf %.2f over %d positions\n",
                s, s, exp(g[s] / n[s]), n[s]
            for (b = 0; b < 4; b++) if (nb[s, b])
                printf "  with %s empty: %.2f over %d\n", name[b + 1],
                    exp(gb[s, b] / nb[s, b]), nb[s, b] } }' "$tmp/each"
fi

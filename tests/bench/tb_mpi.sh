#!/bin/sh
# The tablebase generator over MPI (docs/distributed.md), side by side in
# one run on the same tiers: seega-tb bench on one thread, then
# seega-tb-mpi bench under mpirun with 1 and 2 ranks of one thread each
# (and any other rank counts given). Prints each run's table, then one
# line a run: seconds, positions a second in all and a rank, the speed-up
# over one rank, and the bytes the ranks sent each other a position (the
# values that cross a rank boundary, the tables gathered to rank 0).
#
#   tests/bench/tb_mpi.sh [BUILD [RULES [MAX [NP...]]]]
#
# BUILD is a build tree configured with -DSEEGA_MPI=ON (default build),
# RULES a 5x5 rules text (default "classic 5"), MAX the most pieces a side
# (default 4). The tables go to a temporary directory under $TMPDIR and
# are removed. More ranks than cores need --oversubscribe, which is added.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
rules=${2:-classic 5}
max=${3:-4}
[ $# -gt 3 ] && shift 3 || set --
nps=${*:-1 2}
tb=$build/examples/seega-tb
tbmpi=$build/examples/seega-tb-mpi
for p in "$tb" "$tbmpi"; do
    [ -x "$p" ] || { echo "tb_mpi.sh: no $p (configure with -DSEEGA_MPI=ON)" >&2; exit 1; }
done
command -v mpirun >/dev/null || { echo "tb_mpi.sh: mpirun not found" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cores=$(nproc 2>/dev/null || echo 1)
root=""
[ "$(id -u)" = 0 ] && root=--allow-run-as-root

"$tb" bench "$rules" "$max" "$tmp" --threads 1 | tee "$tmp/threads1.txt"
for np in $nps; do
    over=""
    [ "$np" -gt "$cores" ] && over=--oversubscribe
    echo
    # shellcheck disable=SC2086
    mpirun -np "$np" $over $root "$tbmpi" bench "$rules" "$max" "$tmp" |
        tee "$tmp/np$np.txt"
done

echo
echo "summary: $rules, tiers up to ${max}v$max, $(uname -n), $cores cores"
printf '%-22s %9s %12s %12s %8s %9s %9s\n' run seconds pos/s pos/s/rank speedup "upd B/p" "tab B/p"
base=$(awk '$1 == "all" { print $4 }' "$tmp/np$(echo $nps | cut -d' ' -f1).txt")
for f in threads1 $(for np in $nps; do echo np$np; done); do
    case $f in
        threads1) name="seega-tb, 1 thread" ;;
        *) name="seega-tb-mpi, ${f#np} rank(s)" ;;
    esac
    awk -v name="$name" -v base="$base" '$1 == "all" {
        printf "%-22s %9.2f %12.0f %12.0f %8.2f %9.3f %9.3f\n",
               name, $4, $5, $6, base / $4, $7, $8 }' "$tmp/$f.txt"
done

#!/bin/sh
# Every function of seega.h has its line in the thread-safety table of
# docs/embedding.md, and the table names no function the header lacks.
#   check_thread_table.sh <seega.h> <embedding.md>
set -eu
header=$1 page=$2
declared=$(grep -o 'SEEGA_API[^;(]*(' "$header" | grep -o 'seega_[a-z_0-9]*($' |
           tr -d '(' | sort -u)
listed=$(grep -o '^| `seega_[a-z_0-9]*()` |' "$page" | grep -o 'seega_[a-z_0-9]*' |
         sort -u)
missing=$(printf '%s\n' "$declared" | grep -vxF "$listed" || true)
extra=$(printf '%s\n' "$listed" | grep -vxF "$declared" || true)
[ -z "$missing" ] || { echo "not in the thread-safety table of $page:"; echo "$missing"; exit 1; }
[ -z "$extra" ] || { echo "in the table of $page but not in $header:"; echo "$extra"; exit 1; }
echo "$(printf '%s\n' "$declared" | wc -l) functions, each with its thread-safety line"

#!/bin/sh
# The shared library exports seega_* functions and nothing else (besides
# the version node), and every function of the header is among them.
#   check_exports.sh <libseega.so> <seega.h>
set -eu
lib=$1 header=$2
exported=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TWDBRV]$/ {print $3}' | sed 's/@.*//' | sort)
bad=$(echo "$exported" | grep -v '^seega_' || true)
if [ -n "$bad" ]; then
    echo "exported symbols outside seega_*:"; echo "$bad"; exit 1
fi
declared=$(grep -o 'seega_[a-z_0-9]*(' "$header" | tr -d '(' | sort -u)
for f in $declared; do
    echo "$exported" | grep -qx "$f" || { echo "declared but not exported: $f"; exit 1; }
done
for f in $exported; do
    echo "$declared" | grep -qx "$f" || { echo "exported but not declared: $f"; exit 1; }
done
echo "$(echo "$exported" | wc -l) seega_* functions exported, nothing else"

#!/bin/sh
# The ABI check (docs/abi.md): compares a built libseega with the committed
# baseline and fails on every change that could break a program built
# against the baseline. Compatible changes pass and are listed: added
# functions and constants, and fields appended to the end of a versioned
# struct (one whose first member is `uint32_t version`) whose version
# constant (SEEGA_<STRUCT>_VERSION) went up. The baseline is then
# regenerated in the commit that adds them.
#
#   tests/abi/check.sh <libseega.so>            check
#   tests/abi/check.sh --update <libseega.so>   regenerate the baseline
#
# <libseega.so> is the shared library of a gcc Release build of this source
# tree (it carries DWARF: lib/CMakeLists.txt compiles it with -g). The
# baseline is two files, both written by --update:
#   libseega.abi   abidw's dump of the exported functions and the public
#                  types they use (libabigail, Debian package abigail-tools);
#   constants.txt  the integer constants of seega.h (status codes, sides,
#                  variants, sizes, struct versions), which no binary
#                  records.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
header=$root/include/seega.h
baseline=$here/libseega.abi
constants=$here/constants.txt

update=0
if [ "${1:-}" = --update ]; then
    update=1
    shift
fi
if [ $# -ne 1 ]; then
    echo "usage: $0 [--update] <path to libseega.so>" >&2
    exit 2
fi
lib=$1

fail() { echo "ABI check: $*" >&2; exit 1; }

for tool in abidw abidiff readelf python3 "${CC:-cc}"; do
    command -v "$tool" >/dev/null 2>&1 ||
        fail "$tool not found (abidw and abidiff: apt-get install abigail-tools)"
done
[ -f "$lib" ] || fail "$lib: no such file"
# Without DWARF abidw sees symbol names only, and a changed parameter or
# struct would pass unnoticed.
readelf -S "$lib" | grep -q '\.debug_info' ||
    fail "$lib has no debug info: build it with -g (lib/CMakeLists.txt does)"
# The SONAME (CMake's SEEGA_SOVERSION) is the header's major version.
major=$("${CC:-cc}" -dM -E -x c "$header" |
    awk '$2 == "SEEGA_VERSION_MAJOR" { print $3 }')
soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libseega.so.$major" ] ||
    fail "$lib has the SONAME '$soname', but seega.h says major version $major"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The versioned structs of the header.
awk '/^typedef struct [a-z_0-9]+ \{/ { name = $3; next }
     name != "" && NF > 0 {
         if ($1 == "uint32_t" && $2 == "version;") print name
         name = ""
     }' "$header" >"$work/versioned"
[ -s "$work/versioned" ] || fail "found no versioned struct in $header"

# The exported functions and the types of seega.h they reach, nothing
# private (seega_game stays opaque), without source locations or build
# paths; translation units named relative to the source tree, so that the
# dump depends on neither the build directory nor the checkout.
dump() { # dump <lib> <out>
    abidw --header-file "$header" --drop-private-types \
        --exported-interfaces-only --no-corpus-path --no-comp-dir-path \
        --no-show-locs --no-elf-needed --type-id-style hash \
        --out-file "$2" "$1"
    sed -i "s|path='[^']*/lib/\([^'/]*\)'|path='lib/\1'|" "$2"
    # abidw keeps a struct's members only when the debug info places it in
    # $header itself: a library built from another source tree would leave
    # every struct opaque and the check blind (abidiff calls that harmless).
    while read -r name; do
        grep -q "<class-decl name='$name' size-in-bits=" "$2" ||
            fail "the dump of $1 has no members of struct $name:" \
                 "was it built from $root?"
    done <"$work/versioned"
}

# Integer constants of the header as "NAME VALUE" lines, but for the
# library's own version (SEEGA_VERSION_*), which changes with every release.
list_constants() {
    "${CC:-cc}" -dM -E -x c "$header" |
        awk '$1 == "#define" && $2 ~ /^SEEGA_/ && NF == 3 {
                 v = $3; gsub(/[()]/, "", v)
                 if (v ~ /^-?[0-9]+$/) print $2, v
             }' |
        grep -v '^SEEGA_VERSION_' | LC_ALL=C sort
}

if [ $update = 1 ]; then
    dump "$lib" "$work/new.abi"
    mv "$work/new.abi" "$baseline"
    list_constants >"$constants"
    echo "wrote $baseline ($(grep -c '<elf-symbol ' "$baseline") functions)"
    echo "wrote $constants ($(wc -l <"$constants") constants)"
    exit 0
fi

if [ ! -f "$baseline" ] || [ ! -f "$constants" ]; then
    fail "no baseline in $here (make one with: $0 --update $lib)"
fi
dump "$lib" "$work/current.abi"
status=0

# Fields appended to a versioned struct are set aside (appended.py; a
# caller sets `version`, and the library touches only the fields that
# version has). Then abidiff, with the added functions left out, must find
# nothing. Its exit status is a bit set: 1 error, 2 usage, 4 ABI change,
# 8 incompatible change; any bit fails.
# shellcheck disable=SC2046
python3 "$here/appended.py" "$baseline" "$work/current.abi" \
    "$work/trimmed.abi" $(cat "$work/versioned") >"$work/appended"
rc=0
abidiff --no-architecture --no-added-syms "$baseline" "$work/trimmed.abi" \
    >"$work/gate.txt" 2>&1 || rc=$?
if [ $rc -ne 0 ]; then
    echo "ABI check: abidiff exit status $rc: the ABI changed incompatibly" \
         "(libabigail's report follows)" >&2
    cat "$work/gate.txt" >&2
    status=1
fi

# The constants: none may go and none may change, but for a struct's
# version (SEEGA_RULES_VERSION, ...), which may only grow, and must when
# fields are appended to the struct.
list_constants >"$work/constants.txt"
sed 's/$/_VERSION/' "$work/versioned" | tr '[:lower:]' '[:upper:]' \
    >"$work/struct-versions"
LC_ALL=C join -a 1 "$constants" "$work/constants.txt" |
    awk 'FNR == NR { grows[$1] = 1; next }
         NF == 2 { print $1 ": " $2 " in the baseline, gone now"; next }
         $2 != $3 && !(($1 in grows) && $3 + 0 > $2 + 0) {
             print $1 ": " $2 " in the baseline, " $3 " now"
         }' "$work/struct-versions" - >"$work/constants.diff"
while read -r name fields; do
    v=$(echo "$name" | tr '[:lower:]' '[:upper:]')_VERSION
    old=$(awk -v n="$v" '$1 == n { print $2 }' "$constants")
    new=$(awk -v n="$v" '$1 == n { print $2 }' "$work/constants.txt")
    if [ -z "$old" ] || [ -z "$new" ] || [ "$new" -le "$old" ]; then
        echo "$v: ${old:-none} in the baseline, ${new:-none} now, but" \
             "$name gained fields ($fields): raise it" >>"$work/constants.diff"
    fi
done <"$work/appended"
if [ -s "$work/constants.diff" ]; then
    echo "ABI check: constants of seega.h changed:" >&2
    cat "$work/constants.diff" >&2
    status=1
fi
[ $status = 0 ] || exit 1

# Compatible: say what was added, so that the baseline gets regenerated.
rc=0
abidiff --no-architecture "$baseline" "$work/current.abi" \
    >"$work/full.txt" 2>&1 || rc=$?
added=$(LC_ALL=C join -v 2 "$constants" "$work/constants.txt" | cut -d' ' -f1)
if [ $rc -ne 0 ] || [ -n "$added" ]; then
    echo "ABI check: compatible with the baseline; additions:"
    cat "$work/full.txt"
    [ -z "$added" ] || echo "new constants: $(echo "$added" | tr '\n' ' ')"
    echo "regenerate the baseline in the commit that adds them:" \
         "$0 --update <gcc Release libseega.so>"
else
    echo "ABI check: same ABI as the baseline" \
         "($(grep -c '<elf-symbol ' "$baseline") functions," \
         "$(wc -l <"$constants") constants)"
fi

#!/bin/sh
# Check the walls between the layers of lib/ and that every header of
# lib/ compiles on its own (see docs/contributing.md, "Build and test"):
#
#   tests/check_layers.sh [CC [FLAG...]]
#
# CC is the compiler (default: $CC, else cc); each FLAG is added to the
# compile of the headers after the flags below (ctest passes the
# library's own: its definitions, options and build type's flags). Run it
# from anywhere: it works on the tree it lives in.
#
# 1. The walls. lib/ holds one folder a layer; a file in a folder may
#    include the headers of the folders the table below allows, each
#    named with its folder ("core/core.h"). Every file under lib/*/ is
#    read; each #include of a lib header (in quotes, or in <> where the
#    path starts with a folder of lib/) that crosses a wall, or that has
#    no folder prefix, is printed as file:line with the wall it crosses.
#    The public header (seega.h) and system headers are free. A folder of
#    lib/ that the table does not name is an error too: give it its walls.
# 2. The headers alone. Every lib/*/*.h is compiled by itself
#    (-fsyntax-only, C11, the library's warnings as errors, -I lib
#    -I include -DSEEGA_BUILDING, less the warnings about unused static
#    functions and tables, which a header alone cannot use): a header must
#    include what it uses. A template (*_impl.h) is compiled for each
#    board size, after "#define SG_N 5" (then 7, then 9); one that serves
#    only one size says so with an #if around its body, and compiles to
#    nothing for the others.
#
# Each failure is printed; the exit status is 1 if there was any, else 0.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

cc=${1:-${CC:-cc}}
if [ $# -gt 0 ]; then shift; fi

# The walls: the folders whose headers a file in each folder may include.
walls() {
    case $1 in
    core) echo "core" ;;
    fast) echo "core fast" ;;
    search) echo "core search" ;;
    sizes) echo "core fast search sizes" ;;
    text) echo "core text" ;;
    tb) echo "core tb" ;;
    api) echo "core search text tb api" ;;
    *) return 1 ;;
    esac
}

bad=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

# ---- 1. the walls ---------------------------------------------------------

find lib -mindepth 2 -type f | LC_ALL=C sort >"$tmp/files"
for d in lib/*/; do
    d=${d#lib/}
    d=${d%/}
    if ! walls "$d" >/dev/null; then
        echo "lib/$d/: a folder with no walls: add it to the table in tests/check_layers.sh"
        bad=1
    fi
done

while IFS= read -r f; do
    rel=${f#lib/}
    folder=${rel%%/*}
    allowed=$(walls "$folder") || continue # reported above
    # line:path, for each #include "path" and #include <path>.
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' "$f" |
        sed -n 's/^\([0-9]*\):[^"<]*["<]\([^">]*\)[">].*/\1:\2/p' \
            >"$tmp/incs" || true
    # Which of them were in quotes.
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
        sed 's/:.*//' >"$tmp/quoted" || true
    while IFS=: read -r line inc; do
        quoted=0
        grep -qx "$line" "$tmp/quoted" && quoted=1
        case $inc in
        seega.h) continue ;; # the public header: free
        esac
        case $inc in
        ./* | ../*)
            echo "$f:$line: #include \"$inc\" is relative: name the header by its folder of lib/"
            bad=1
            continue
            ;;
        */*) to=${inc%%/*} ;;
        *)
            # Angle brackets without a folder: a system header.
            [ "$quoted" = 1 ] || continue
            echo "$f:$line: #include \"$inc\" has no folder prefix: name its folder (\"$folder/$inc\" or another)"
            bad=1
            continue
            ;;
        esac
        # Angle brackets: a lib header only where the path starts with a
        # folder of lib/ (else a system header such as <sys/time.h>).
        if [ "$quoted" = 0 ] && [ ! -d "lib/$to" ]; then
            continue
        fi
        ok=0
        for a in $allowed; do
            [ "$to" = "$a" ] && ok=1
        done
        if [ "$ok" = 0 ]; then
            echo "$f:$line: #include of $inc crosses the wall $folder -> $to ($folder may include $(echo "$allowed" | sed 's/ /, /g'))"
            bad=1
        fi
    done <"$tmp/incs"
done <"$tmp/files"

# ---- 2. each header alone -------------------------------------------------

set -- -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Wshadow \
    -Wstrict-prototypes -Wmissing-prototypes -Werror \
    -I "$here/lib" -I "$here/include" -DSEEGA_BUILDING "$@" \
    -Wno-unused-function -Wno-unused-variable -Wno-unused-const-variable

if ! command -v "$cc" >/dev/null 2>&1; then
    echo "check_layers: no compiler '$cc'" >&2
    exit 1
fi

headers=$(LC_ALL=C grep '\.h$' "$tmp/files" || true)
for h in $headers; do
    rel=${h#lib/}
    case $h in
    *_impl.h) sizes="5 7 9" ;;
    *) sizes="-" ;;
    esac
    for n in $sizes; do
        {
            [ "$n" = - ] || echo "#define SG_N $n"
            echo "#include \"$rel\""
        } >"$tmp/tu.c"
        if ! "$cc" "$@" "$tmp/tu.c" >"$tmp/log" 2>&1; then
            if [ "$n" = - ]; then
                echo "$h: does not compile on its own:"
            else
                echo "$h: does not compile on its own with SG_N $n:"
            fi
            sed -n '1,20s/^/    /p' "$tmp/log"
            bad=1
        fi
    done
done

if [ "$bad" != 0 ]; then
    echo "check_layers: lib/ breaks the walls between its layers or has headers that do not compile alone (above)"
    exit 1
fi
echo "check_layers: the includes of lib/ keep to the walls, and its headers compile alone"

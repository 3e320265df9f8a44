#!/bin/sh
# Check the walls between the layers of lib/, for the includes of its
# files and for the symbols its objects use, and that every header of
# lib/ compiles on its own (see docs/contributing.md, "Build and test"):
#
#   tests/check_layers.sh [--objects OBJECT... --] [CC [FLAG...]]
#   tests/check_layers.sh --self-test [CC]
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
# 2. The calls, against the same walls. The objects of lib/ (ctest passes
#    the library's, each named <folder>/<file>.o after the source it was
#    compiled from, as CMake names them; without --objects the script
#    compiles every lib/*/*.c itself, at -O0) are read with nm (or $NM):
#    a symbol that an object of one folder uses (a function called, data
#    read) and an object of another folder defines must come from a
#    folder the table allows, or be named in it (folder:symbol). Calls
#    through the public API count: seega.h is free to include, but the
#    seega_* functions are defined in the folders below, mostly api/, and
#    a call from tb/ to one in text/ crosses a wall. Each crossing is
#    printed as the file that uses the symbol, the symbol and where it is
#    defined.
# 3. The headers alone. Every lib/*/*.h is compiled by itself
#    (-fsyntax-only, C11, the library's warnings as errors, -I lib
#    -I include -DSEEGA_BUILDING, less the warnings about unused static
#    functions and tables, which a header alone cannot use): a header must
#    include what it uses. A template (*_impl.h) is compiled for each
#    board size, after "#define SG_N 5" (then 7, then 9); one that serves
#    only one size says so with an #if around its body, and compiles to
#    nothing for the others.
#
# Each failure is printed; the exit status is 1 if there was any, else 0.
#
# --self-test checks the checks (ctest's layers_selftest): it writes small
# trees with a lib/ of their own, each clean or with one crossing (an
# include, a call, a call of a public function, a symbol that the table
# names and one it does not), runs the script on each (--root DIR: the
# tree to check instead of this one) and fails unless each run fails or
# passes as it should, naming the crossing.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
self="$here/tests/check_layers.sh"
root=$here
nm=${NM:-nm}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_layers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' HUP INT TERM

: >"$tmp/objects"
objects=0
selftest=0
while [ $# -gt 0 ]; do
    case $1 in
    --root)
        root=$(cd "$2" && pwd)
        shift 2
        ;;
    --objects)
        objects=1
        shift
        while [ $# -gt 0 ] && [ "$1" != -- ]; do
            printf '%s\n' "$1" >>"$tmp/objects"
            shift
        done
        if [ $# -gt 0 ]; then shift; fi
        ;;
    --self-test)
        selftest=1
        shift
        ;;
    *) break ;;
    esac
done
cd "$root"

cc=${1:-${CC:-cc}}
if [ $# -gt 0 ]; then shift; fi

# The walls: the folders whose headers a file in each folder may include
# and whose symbols its objects may use. A word folder:symbol,... lets
# the objects use those symbols of that folder, and no others, and
# lets no file include its headers: a link that points up by design, each
# one explained in docs/architecture.md ("The map").
walls() {
    case $1 in
    # The board sizes' vtables, for sg_board_for: core declares the
    # interface (core.h), sizes/ fills it in, and the layers above reach
    # a size only through core.
    core) echo "core sizes:sg_board5,sg_board7,sg_board9" ;;
    fast) echo "core fast" ;;
    search) echo "core search" ;;
    sizes) echo "core fast search sizes" ;;
    text) echo "core text" ;;
    tb) echo "core tb" ;;
    api) echo "core search text tb api" ;;
    *) return 1 ;;
    esac
}

# The folders of a row of the table, less its symbols: "core fast".
folders() {
    for w in $1; do
        case $w in
        *:*) ;;
        *) printf '%s\n' "$w" ;;
        esac
    done | tr '\n' ' ' | sed 's/ $//'
}

# A row of the table for messages: "core, fast".
list() {
    echo "$1" | sed 's/ /, /g'
}

# The self-test: see the top of this file.
if [ "$selftest" = 1 ]; then
    # The base tree: text/ calls core/, as it may.
    base="$tmp/base"
    mkdir -p "$base/lib/core" "$base/lib/text" "$base/lib/sizes" \
        "$base/lib/tb" "$base/lib/api"
    printf '%s\n' '#ifndef A_H' '#define A_H' 'int sg_a(void);' '#endif' \
        >"$base/lib/core/a.h"
    printf '%s\n' '#include "core/a.h"' 'int sg_a(void) { return 1; }' \
        >"$base/lib/core/a.c"
    printf '%s\n' '#ifndef B_H' '#define B_H' 'int sg_b(void);' '#endif' \
        >"$base/lib/text/b.h"
    printf '%s\n' '#include "core/a.h"' '#include "text/b.h"' \
        'int sg_b(void) { return sg_a() + 1; }' >"$base/lib/text/b.c"
    printf '%s\n' 'const int sg_board5 = 5;' 'int sg_other(void);' \
        'int sg_other(void) { return 2; }' >"$base/lib/sizes/s.c"
    printf '%s\n' 'int seega_y(void);' 'int seega_y(void) { return 3; }' \
        >"$base/lib/api/y.c"
    printf '%s\n' 'int sg_x(void);' 'int sg_x(void) { return 4; }' \
        >"$base/lib/tb/x.c"

    # One case a row: its name, whether the check must pass (0) or fail
    # (1), what its output must say, and the file it writes over the
    # base (path:lines, the lines separated by "|"; "-" for none).
    cat >"$tmp/cases" <<'EOF'
clean|0|the includes and calls of lib/ keep to the walls|-
clean, compiled here|0|the includes and calls of lib/ keep to the walls|-
include|1|lib/core/a.c:1: #include of text/b.h crosses the wall core -> text|lib/core/a.c:#include "text/b.h"|int sg_a(void);|int sg_a(void) { return 1; }
call|1|lib/core/a.c: uses sg_b (lib/text/b.c), which crosses the wall core -> text|lib/core/a.c:int sg_a(void);|int sg_b(void);|int sg_a(void) { return sg_b(); }
call, compiled here|1|lib/core/a.c: uses sg_b (lib/text/b.c), which crosses the wall core -> text|lib/core/a.c:int sg_a(void);|int sg_b(void);|int sg_a(void) { return sg_b(); }
public function|1|lib/tb/x.c: uses seega_y (lib/api/y.c), which crosses the wall tb -> api|lib/tb/x.c:int sg_x(void);|int seega_y(void);|int sg_x(void) { return seega_y(); }
named symbol|0|the includes and calls of lib/ keep to the walls|lib/core/a.c:int sg_a(void);|extern const int sg_board5;|int sg_a(void) { return sg_board5; }
other symbol|1|lib/core/a.c: uses sg_other (lib/sizes/s.c), which crosses the wall core -> sizes|lib/core/a.c:int sg_a(void);|int sg_other(void);|int sg_a(void) { return sg_other(); }
EOF
    failed=0
    n=0
    while IFS='|' read -r name want say file; do
        n=$((n + 1))
        t="$tmp/case$n"
        cp -R "$base" "$t"
        if [ "$file" != - ]; then
            path=${file%%:*}
            printf '%s\n' "${file#*:}" | tr '|' '\n' >"$t/$path"
        fi
        # Each object where CMake puts it: <folder>/<file>.o.
        set -- --objects
        for c in "$t"/lib/*/*.c; do
            rel=${c#"$t/lib/"}
            mkdir -p "$t/obj/${rel%%/*}"
            if ! "$cc" -std=c11 -c -I "$t/lib" -o "$t/obj/$rel.o" "$c" \
                >"$tmp/log" 2>&1; then
                echo "check_layers: self-test $name: cannot compile $rel:"
                sed 's/^/    /' "$tmp/log"
                exit 1
            fi
            set -- "$@" "$t/obj/$rel.o"
        done
        set -- "$@" --
        case $name in
        *"compiled here") set -- ;;
        esac
        got=0
        sh "$self" --root "$t" "$@" "$cc" >"$tmp/out" 2>&1 || got=$?
        if [ "$got" != "$want" ] || ! grep -qF "$say" "$tmp/out"; then
            echo "check_layers: self-test '$name': exit status $got (wanted $want), output:"
            sed 's/^/    /' "$tmp/out"
            echo "    (wanted a line with: $say)"
            failed=1
        fi
    done <"$tmp/cases"
    if [ "$failed" != 0 ]; then
        echo "check_layers: the self-test failed (above)"
        exit 1
    fi
    echo "check_layers: the self-test passed ($n cases)"
    exit 0
fi

bad=0

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
    allowed=$(folders "$allowed")
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
            echo "$f:$line: #include of $inc crosses the wall $folder -> $to ($folder may include $(list "$allowed"))"
            bad=1
        fi
    done <"$tmp/incs"
done <"$tmp/files"

if ! command -v "$cc" >/dev/null 2>&1; then
    echo "check_layers: no compiler '$cc'" >&2
    exit 1
fi

# ---- 2. the calls ---------------------------------------------------------

if [ "$objects" = 0 ]; then
    # No objects given: compile lib/*/*.c here, at -O0 (quicker, and it
    # keeps every reference the source makes).
    for c in lib/*/*.c; do
        [ -f "$c" ] || continue
        rel=${c#lib/}
        mkdir -p "$tmp/obj/${rel%%/*}"
        if ! "$cc" -std=c11 -c -I "$root/lib" -I "$here/include" \
            -DSEEGA_BUILDING "$@" -O0 -w -o "$tmp/obj/$rel.o" "$c" \
            >"$tmp/log" 2>&1; then
            echo "$c: does not compile:"
            sed -n '1,20s/^/    /p' "$tmp/log"
            bad=1
            continue
        fi
        printf '%s\n' "$tmp/obj/$rel.o" >>"$tmp/objects"
    done
fi
if [ ! -s "$tmp/objects" ]; then
    echo "check_layers: no objects to read"
    bad=1
fi

# The table for awk: a folder, then its row.
for d in lib/*/; do
    d=${d#lib/}
    d=${d%/}
    echo "$d $(walls "$d" || true)"
done >"$tmp/walls"
# Each object's symbols, "lib/folder/file symbol": those it defines, and
# those it uses (nm -P: "symbol type [value size]", type U, or w or v for
# a weak one, for a symbol used and not defined).
: >"$tmp/defined"
: >"$tmp/used"
while IFS= read -r o; do
    if [ ! -f "$o" ]; then
        echo "$o: no such object"
        bad=1
        continue
    fi
    folder=$(basename "$(dirname "$o")")
    src=$(basename "$o")
    src=lib/$folder/${src%.o}
    if [ ! -d "lib/$folder" ] || ! walls "$folder" >/dev/null; then
        echo "$o: not the object of a file of a folder of lib/ (<folder>/<file>.o)"
        bad=1
        continue
    fi
    if ! "$nm" -P -g "$o" >"$tmp/nm" 2>"$tmp/log"; then
        echo "$o: $nm cannot read it:"
        sed -n '1,20s/^/    /p' "$tmp/log"
        bad=1
        continue
    fi
    awk -v src="$src" '$2 ~ /^[Uwv]$/ { print src, $1 }' "$tmp/nm" \
        >>"$tmp/used"
    awk -v src="$src" 'NF >= 2 && $2 !~ /^[Uwv]$/ { print src, $1 }' \
        "$tmp/nm" >>"$tmp/defined"
done <"$tmp/objects"
# A used symbol that no object defines (libc's, the compiler's) is free,
# and so is one that the folder defines itself.
awk '
    FNR == 1 { part++ }
    part == 1 {
        row[$1] = ""
        for (i = 2; i <= NF; i++) {
            if (index($i, ":")) {
                split($i, p, ":")
                n = split(p[2], s, ",")
                for (k = 1; k <= n; k++)
                    named[$1, p[1], s[k]] = 1
            } else {
                ok[$1, $i] = 1
            }
            row[$1] = row[$1] (i > 2 ? ", " : "") $i
        }
        next
    }
    part == 2 {
        where[$2] = where[$2] " " $1
        next
    }
    ($2 in where) {
        split($1, f, "/")
        n = split(where[$2], defs, " ")
        good = 0
        for (k = 1; k <= n; k++) {
            split(defs[k], g, "/")
            if (g[2] == f[2] || ok[f[2], g[2]] || named[f[2], g[2], $2])
                good = 1
        }
        if (good)
            next
        split(defs[1], g, "/")
        printf "%s: uses %s (%s), which crosses the wall %s -> %s " \
            "(%s may use %s)\n", $1, $2, defs[1], f[2], g[2], f[2], row[f[2]]
    }' "$tmp/walls" "$tmp/defined" "$tmp/used" | LC_ALL=C sort -u >"$tmp/cross"
if [ -s "$tmp/cross" ]; then
    cat "$tmp/cross"
    bad=1
fi

# ---- 3. each header alone -------------------------------------------------

set -- -std=c11 -fsyntax-only -Wall -Wextra -Wpedantic -Wshadow \
    -Wstrict-prototypes -Wmissing-prototypes -Werror \
    -I "$root/lib" -I "$here/include" -DSEEGA_BUILDING "$@" \
    -Wno-unused-function -Wno-unused-variable -Wno-unused-const-variable

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
    echo "check_layers: lib/ breaks the walls between its layers (in its includes or its calls) or has headers that do not compile alone (above)"
    exit 1
fi
echo "check_layers: the includes and calls of lib/ keep to the walls, and its headers compile alone"

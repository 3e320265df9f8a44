#!/bin/sh
# Install the build into a temporary prefix and use it as users do:
# the files and SONAME links, the installed programs, a CMake project with
# find_package(seega) (C, and C++ when a compiler is given), the version
# file's SameMajorVersion, and pkg-config.
#
#   check_install.sh <build dir> <work dir> <libdir> <examples dir> <cc> \
#                    [<c++>] [<extra compile and link flags>]
set -eu
build=$1 work=$2 libdir=$3 examples=$4 cc=$5 cxx=${6:-} flags=${7:-}
here=$(cd "$(dirname "$0")" && pwd)
prefix=$work/prefix

fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

rm -rf "$work"
mkdir -p "$work"
step "cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"

step "installed files"
lib=$prefix/$libdir
for f in include/seega.h "$libdir/libseega.so" "$libdir/libseega.so.1" \
         bin/seega-play bin/seega-engine \
         "$libdir/cmake/seega/seegaConfig.cmake" \
         "$libdir/cmake/seega/seegaConfigVersion.cmake" \
         "$libdir/pkgconfig/seega.pc"; do
    [ -e "$prefix/$f" ] || fail "$f is not installed"
done
[ -L "$lib/libseega.so" ] || fail "libseega.so is not a link"
[ -L "$lib/libseega.so.1" ] || fail "libseega.so.1 is not a link"
real=$(readlink -f "$lib/libseega.so")
case $real in
    "$lib"/libseega.so.1.*.*) ;;
    *) fail "libseega.so points to $real" ;;
esac
soname=$(readelf -d "$real" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libseega.so.1 ] || fail "SONAME is '$soname'"
echo "$real, SONAME $soname"

# A build that generated the shipped tables installs them.
if [ -f "$build/tables/classic+5.sgtbpack" ]; then
    step "the shipped tables"
    for p in classic diagonal modern traditional; do
        cmp "$build/tables/$p+5.sgtbpack" "$prefix/share/seega/tables/$p+5.sgtbpack" ||
            fail "share/seega/tables/$p+5.sgtbpack is not installed"
    done
    "$prefix/bin/seega-tb" probe "$prefix/share/seega/tables/classic+5.sgtbpack" \
        "5/5/5/2x2/xo3 x 0 0 0 -" >"$work/probe.txt"
    grep -q "win" "$work/probe.txt" || fail "seega-tb probe of the installed pack"
    cat "$work/probe.txt"
fi

step "the installed programs run"
"$prefix/bin/seega-play" --version
"$prefix/bin/seega-play" --demo --max-turns 3 >"$work/demo.txt"
grep -q "Stopped after 3 turns" "$work/demo.txt" || fail "seega-play --demo"
printf 'seega\nquit\n' | "$prefix/bin/seega-engine" | grep -q '^seegaok$' ||
    fail "seega-engine handshake"

step "find_package(seega) in a CMake project"
with_cxx=OFF
[ -n "$cxx" ] && with_cxx=ON
CC=$cc CXX=$cxx CFLAGS=$flags CXXFLAGS=$flags LDFLAGS=$flags \
    cmake -S "$here/consumer" -B "$work/consumer" \
    -DCMAKE_PREFIX_PATH="$prefix" -DSEEGA_EXAMPLES="$examples" \
    -DSEEGA_WANT=1.0 -DWITH_CXX=$with_cxx >"$work/consumer.log" ||
    { cat "$work/consumer.log"; fail "configuring the consumer"; }
cmake --build "$work/consumer" >>"$work/consumer.log" 2>&1 ||
    { cat "$work/consumer.log"; fail "building the consumer"; }
"$work/consumer/embed" >"$work/embed-cmake.txt" ||
    fail "embed (CMake) exited with $?"
cat "$work/embed-cmake.txt"
grep -q "legal moves:" "$work/embed-cmake.txt" || fail "embed's output"
if [ -n "$cxx" ]; then
    "$work/consumer/embed_cpp" >"$work/embed-cpp.txt" || fail "embed_cpp"
    cat "$work/embed-cpp.txt"
    grep -q "^refused: seega_place: " "$work/embed-cpp.txt" ||
        fail "embed_cpp's output"
fi

step "SameMajorVersion: 2.0 is not found, nor a newer minor"
for want in 2.0 1.99; do
    if CC=$cc cmake -S "$here/consumer" -B "$work/consumer-$want" \
        -DCMAKE_PREFIX_PATH="$prefix" -DSEEGA_EXAMPLES="$examples" \
        -DSEEGA_WANT=$want >"$work/consumer-$want.log" 2>&1; then
        fail "find_package(seega $want) accepted version 1.0"
    fi
    grep -q "compatible" "$work/consumer-$want.log" ||
        fail "find_package(seega $want) failed for another reason"
done

step "pkg-config"
export PKG_CONFIG_PATH="$lib/pkgconfig"
[ "$(pkg-config --modversion seega)" = "$(sed -n 's/^Version: //p' "$lib/pkgconfig/seega.pc")" ] ||
    fail "pkg-config --modversion"
echo "seega $(pkg-config --modversion seega): $(pkg-config --cflags --libs seega)"
# shellcheck disable=SC2046,SC2086
"$cc" -std=c11 $flags $(pkg-config --cflags seega) "$examples/embed.c" \
    -o "$work/embed-pc" $(pkg-config --libs seega) ||
    fail "compiling embed.c with pkg-config"
LD_LIBRARY_PATH=$lib "$work/embed-pc" >"$work/embed-pc.txt" ||
    fail "embed (pkg-config) exited with $?"
cmp "$work/embed-cmake.txt" "$work/embed-pc.txt" ||
    fail "the two builds of embed.c differ"
echo "install test passed"

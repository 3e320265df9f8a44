#!/bin/sh
# Run every test of libseega, from a clean clone on Debian 12.
#
#   tests/run_all.sh
#
# Installs what is missing with apt-get when run as root (else says what to
# install), then builds and tests:
#   1. gcc, Release, shared + static: every ctest test and the Doxygen docs
#      (warnings fail);
#   2. clang, Release, with the portable two-word 9x9 bitboard: every test;
#   3. gcc, AddressSanitizer + UndefinedBehaviorSanitizer: every test.
# Build trees go to build-ci/ (override with SEEGA_CI_DIR). Exit status is
# non-zero on the first failure.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
out=${SEEGA_CI_DIR:-$here/build-ci}
jobs=${SEEGA_JOBS:-$(nproc 2>/dev/null || echo 2)}

need="cmake make gcc clang libcmocka-dev doxygen pkg-config python3 python3-venv
      python3-setuptools python3-wheel python3-numpy liblua5.4-dev lua5.4"

missing=""
for p in $need; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "== installing:$missing"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q
        # shellcheck disable=SC2086
        apt-get install -y -q --no-install-recommends $missing
    else
        echo "missing Debian packages:$missing" >&2
        echo "install them (sudo apt-get install$missing) or run this as root" >&2
        exit 1
    fi
fi

start=$(date +%s)
step() { echo; echo "== $* ($(($(date +%s) - start)) s)"; }

build() { # build <dir> <cc> [cmake args...]
    dir=$1 cc=$2
    shift 2
    CC=$cc cmake -S "$here" -B "$out/$dir" -DSEEGA_WERROR=ON "$@" >/dev/null
    cmake --build "$out/$dir" -j "$jobs"
}

check() { # check <dir>
    ctest --test-dir "$out/$1" -j "$jobs" --output-on-failure --timeout 1200
}

step "gcc, Release"
build gcc gcc -DCMAKE_BUILD_TYPE=Release -DSEEGA_BUILD_STATIC=ON
check gcc
step "Doxygen (warnings are errors)"
cmake --build "$out/gcc" --target docs

step "clang, Release, portable 9x9 bitboard"
build clang clang -DCMAKE_BUILD_TYPE=Release -DSEEGA_NO_INT128=ON \
    -DSEEGA_BUILD_DOCS=OFF
check clang

step "gcc, AddressSanitizer + UndefinedBehaviorSanitizer"
build asan gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSEEGA_SANITIZE=ON \
    -DSEEGA_BUILD_DOCS=OFF
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    check asan

step "all tests passed"

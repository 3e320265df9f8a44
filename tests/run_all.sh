#!/bin/sh
# Run every test of libseega, from a clean clone on Debian 12.
#
#   tests/run_all.sh
#
# Installs what is missing with apt-get when run as root (else says what to
# install), checks the subjects of the commits after a recorded one
# (tests/check_commits.sh: at most 72 characters, an area prefix; skipped
# outside a git work tree, fails in a shallow clone), then builds and tests:
#   1. gcc, Release, shared + static, and seega-tb-mpi (SEEGA_MPI, Open
#      MPI), and the shipped tables (every preset up to 4 against 4,
#      packed: build-ci/gcc/tables, which steps 4, 5 and 9 use instead of
#      generating their own): every ctest test and the Doxygen docs
#      (warnings fail); the
#      tests labelled "slow" (test_tablebase_exact), "mpi" (cli_tb_mpi:
#      mpirun -np 2 and 3) and "frameworks" (python_frameworks: the
#      manylinux wheel by auditwheel, installed with the PettingZoo,
#      Gymnasium and OpenSpiel extras from the Python Package Index into a
#      fresh venv, where the binding's tests and the framework tests run:
#      about a minute, and it needs access to PyPI) run in this step only;
#   2. the ABI of that build's libseega.so against the committed baseline
#      (tests/abi/check.sh, abidiff);
#   3. valgrind memcheck on that build's C tests (every ctest test whose
#      command is a program built in the tree: the cmocka tests, the fuzz
#      corpus replays, threads_stress, match_selftest, ab_smoke; not the
#      Python, Lua and command-line tests): any error or any definite or
#      indirect leak fails. SEEGA_TEST_SCALE=0.05 cuts the random games,
#      rule structs and SPN rounds of test_differential to 5% there (in
#      full under valgrind it would take most of an hour); every other
#      test runs in full, and steps 1, 4, 5 and 6 run test_differential
#      in full;
#   4. clang, Release, portable C only: no unsigned __int128 and no
#      inline asm (SEEGA_NO_INT128) and no POPCNT/BMI2 or AVX2 variants
#      (SEEGA_NO_DISPATCH: the code of CPUs other than x86): every test
#      but layers and python_venv_install (compiler-independent checks
#      that step 1 runs, and the slowest tests of this step);
#   5. gcc, AddressSanitizer + UndefinedBehaviorSanitizer, at -O1: every
#      test;
#   6. gcc, Release, 5x5 perft without AVX2 (SEEGA_NO_WIDE: the
#      POPCNT/BMI2 variant, which x86 CPUs without AVX2 run) and no inline
#      asm (SEEGA_NO_ASM: the C that CPUs other than x86-64 compile, the
#      generator's multiply through unsigned __int128): the perft tests
#      test_perft and test_differential, test_simulation and
#      test_fastpaths;
#   7. clang, libFuzzer (SEEGA_FUZZ): only the fuzz targets, each fuzzed for
#      SEEGA_FUZZ_SECONDS (20) from the committed corpus (ctest -L fuzz);
#   8. clang, ThreadSanitizer (SEEGA_TSAN): only the threads test
#      tsan_threads and the tablebase generation with ranks as threads,
#      tsan_tb_cluster (ctest -L tsan);
#   9. Emscripten: the WebAssembly module, the JavaScript binding's tests
#      with Node.js (against step 1's seega-engine), the TypeScript
#      declarations (tsc), and the web page played in Chromium
#      (tests/web: playwright-core and typescript from npm, installed
#      with npm ci);
#  10. gcc -m32 (32-bit x86: size_t, pointers and PTRDIFF_MAX of 32 bits;
#      gcc-multilib, and cmocka from libcmocka-dev:i386), Release, no
#      docs, bindings or examples: every ctest test of that tree (the
#      cmocka tests, the fuzz corpus replays, threads_stress, the tools'
#      smoke tests) but the slow label (test_tablebase_exact: 9 minutes
#      there) and layers (the headers on their own, as in steps 1 and
#      4-5), with SEEGA_TEST_SCALE=0.05 as in step 3 (test_differential's
#      random games and the stop trials of test_search_stop cut to 5%,
#      test_tb_stop and test_tb_cluster on smaller tiers). About 3
#      minutes on two cores, 2.5 of them the build (at -O1).
# Each step prints the seconds elapsed since the start. Build trees go to
# build-ci/ (override with SEEGA_CI_DIR). Exit status is non-zero on the
# first failure.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
out=${SEEGA_CI_DIR:-$here/build-ci}
jobs=${SEEGA_JOBS:-$(nproc 2>/dev/null || echo 2)}

need="cmake make gcc clang libcmocka-dev doxygen pkg-config python3 python3-venv
      python3-setuptools python3-wheel python3-wheel-whl python3-setuptools-whl
      python3-numpy libclang-rt-dev
      liblua5.4-dev lua5.4 valgrind abigail-tools emscripten chromium
      libopenmpi-dev openmpi-bin gcc-multilib libcmocka-dev:i386"

missing=""
for p in $need; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "== installing:$missing"
        export DEBIAN_FRONTEND=noninteractive
        # libclang-rt-dev (clang's libFuzzer and sanitizer runtimes, steps
        # 7-8) is only a recommendation of clang, so it is named here.
        # libcmocka-dev:i386 for step 10. gcc-multilib conflicts with
        # Debian's cross compilers (gcc-12-<arch>-linux-gnu), which
        # nothing here needs.
        dpkg --add-architecture i386
        apt-get update -q
        # shellcheck disable=SC2086
        apt-get install -y -q --no-install-recommends $missing
    else
        echo "missing Debian packages:$missing" >&2
        echo "install them (sudo dpkg --add-architecture i386;" \
            "sudo apt-get update; sudo apt-get install$missing)" \
            "or run this as root" >&2
        exit 1
    fi
fi

# Node.js 20 or later, with npm, for the JavaScript binding (step 9).
# Debian 12's own nodejs is 18: a newer one must come from elsewhere.
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ] || ! command -v npm >/dev/null 2>&1; then
    echo "Node.js 20 or later and npm are needed (found: $(node --version 2>/dev/null || echo none))" >&2
    exit 1
fi

start=$(date +%s)
step() { echo; echo "== $* ($(($(date +%s) - start)) s)"; }

configure() { # configure <dir> <cc> [cmake args...]
    dir=$1 cc=$2
    shift 2
    CC=$cc cmake -S "$here" -B "$out/$dir" -DSEEGA_WERROR=ON "$@" >/dev/null
}

build() { # build <dir> <cc> [cmake args...]
    configure "$@"
    cmake --build "$out/$1" -j "$jobs"
}

check() { # check <dir> [ctest args...]
    d=$1
    shift
    ctest --test-dir "$out/$d" -j "$jobs" --output-on-failure --timeout 1200 "$@"
}

step "commit subjects (tests/check_commits.sh)"
"$here/tests/check_commits.sh"

step "gcc, Release"
build gcc gcc -DCMAKE_BUILD_TYPE=Release -DSEEGA_BUILD_STATIC=ON -DSEEGA_MPI=ON
check gcc
# The packs that step 1 generated, for the trees that test the packages.
tables=$out/gcc/tables
step "Doxygen (warnings are errors)"
cmake --build "$out/gcc" --target docs

step "ABI of libseega.so against the baseline"
"$here/tests/abi/check.sh" "$out/gcc/lib/libseega.so"

step "valgrind memcheck: the C tests of the gcc build"
# The tests whose command is an ELF program of the build tree.
c_tests=$(ctest --test-dir "$out/gcc" --show-only=json-v1 | python3 -c '
import json, os, sys
tree = os.path.realpath(sys.argv[1]) + os.sep
names = []
for t in json.load(sys.stdin)["tests"]:
    cmd = t.get("command") or [""]
    exe = os.path.realpath(cmd[0])
    if exe.startswith(tree) and os.path.isfile(exe):
        with open(exe, "rb") as f:
            if f.read(4) == b"\x7fELF":
                names.append(t["name"])
print("^(" + "|".join(names) + ")$")' "$out/gcc")
echo "$c_tests"
# ctest -T memcheck runs each test under valgrind, with the test's own
# arguments, directory, environment and timeout. The project does not
# include(CTest), so ctest says it cannot find DartConfiguration.tcl: the
# two --overwrite options stand in for it. valgrind's exit status fails a
# test; its report is Testing/Temporary/MemoryChecker.<n>.log, shown here.
rm -f "$out/gcc/Testing/Temporary/MemoryChecker."*.log
if ! SEEGA_TEST_SCALE=0.05 ctest --test-dir "$out/gcc" -T memcheck \
    --overwrite MemoryCheckCommand="$(command -v valgrind)" \
    --overwrite "MemoryCheckCommandOptions=-q --tool=memcheck \
--leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=1" \
    -R "$c_tests" -LE slow --no-tests=error -j "$jobs" --output-on-failure \
    --timeout 1800; then
    for f in "$out/gcc/Testing/Temporary/MemoryChecker."*.log; do
        [ -s "$f" ] && { echo "== $f"; cat "$f"; }
    done
    exit 1
fi

step "clang, Release, portable C only (no __int128 or asm, no x86 variants)"
build clang clang -DCMAKE_BUILD_TYPE=Release -DSEEGA_NO_INT128=ON \
    -DSEEGA_NO_DISPATCH=ON -DSEEGA_BUILD_DOCS=OFF -DSEEGA_TABLES_DIR="$tables"
# Not layers (the walls and each header on its own: step 1 checks them
# with gcc) nor python_venv_install (pip's own build of the library: step
# 1's; this step's library is its own build), the slowest tests here.
check clang -LE 'slow|frameworks' -E '^(layers|python_venv_install)$'

step "gcc, AddressSanitizer + UndefinedBehaviorSanitizer"
# -O1, as the sanitizers' documentation advises: the instrumented -O2
# build takes twice as long to compile, and its tests are no faster.
build asan gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g -DNDEBUG" -DSEEGA_SANITIZE=ON \
    -DSEEGA_BUILD_DOCS=OFF -DSEEGA_TABLES_DIR="$tables"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    check asan -LE slow

# The fuzz and ThreadSanitizer trees build only what their tests run.
lean="-DCMAKE_BUILD_TYPE=Release -DSEEGA_BUILD_DOCS=OFF
      -DSEEGA_BUILD_BINDINGS=OFF -DSEEGA_BUILD_EXAMPLES=OFF"

step "gcc, Release, 5x5 perft without AVX2, no inline asm: the perft and playout tests"
# SEEGA_NO_ASM: the generator's multiply through unsigned __int128 and the
# 5x5 playouts' pick in plain C, as CPUs other than x86-64 compile them.
# shellcheck disable=SC2086
configure nowide gcc $lean -DSEEGA_NO_WIDE=ON -DSEEGA_NO_ASM=ON
cmake --build "$out/nowide" -j "$jobs" \
    --target test_perft test_differential test_simulation test_fastpaths
ctest --test-dir "$out/nowide" \
    -R '^(test_perft|test_differential|test_simulation|test_fastpaths)$' \
    --no-tests=error -j "$jobs" --output-on-failure --timeout 1200

step "clang, libFuzzer: each fuzz target for 20 s from the corpus"
# shellcheck disable=SC2086
configure fuzz clang $lean -DSEEGA_FUZZ=ON -DSEEGA_FUZZ_SECONDS=20
cmake --build "$out/fuzz" -j "$jobs" \
    --target fuzz_spn fuzz_action_text fuzz_rules fuzz_play fuzz_record \
    fuzz_tb_read
ctest --test-dir "$out/fuzz" -L fuzz --no-tests=error -j "$jobs" \
    --output-on-failure

step "clang, ThreadSanitizer: the threads test and the ranks-as-threads test"
# shellcheck disable=SC2086
configure tsan clang $lean -DSEEGA_TSAN=ON
cmake --build "$out/tsan" -j "$jobs" --target tsan_threads tsan_tb_cluster
ctest --test-dir "$out/tsan" -L tsan --no-tests=error --output-on-failure

step "Emscripten: the WebAssembly build, the JavaScript binding, the page in Chromium"
npm ci --prefix "$here/tests/web" --no-audit --no-fund --loglevel=error
# Debian's emscripten needs Debian's node-acorn, which a Node.js that is
# not Debian's finds only through NODE_PATH.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
emcmake cmake -S "$here" -B "$out/wasm" -DSEEGA_WERROR=ON \
    -DSEEGA_NATIVE_ENGINE="$out/gcc/examples/seega-engine" \
    -DSEEGA_TABLES_DIR="$tables" >/dev/null
cmake --build "$out/wasm" -j "$jobs"
# One test at a time: two of them time the page's and the event loop's
# answers while a search runs.
ctest --test-dir "$out/wasm" --output-on-failure --timeout 1200 --no-tests=error

step "gcc -m32: the C tests on a 32-bit target (i386)"
# Every size the library counts in 64 bits (the transposition table, the
# tablebase tiers, file sizes) must be refused past what one object can
# be here (2 GiB), never cut to 32 bits (test_tt_size).
# -O1: this step checks sizes, not speed, and -O3 doubles its build.
# shellcheck disable=SC2086
configure m32 gcc $lean -DCMAKE_C_FLAGS=-m32 \
    -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_EXE_LINKER_FLAGS=-m32 -DCMAKE_SHARED_LINKER_FLAGS=-m32
cmake --build "$out/m32" -j "$jobs"
SEEGA_TEST_SCALE=0.05 check m32 -LE slow -E '^layers$' --no-tests=error

step "all tests passed"

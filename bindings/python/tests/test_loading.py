"""Finding the library, the version check, the prototypes, the package."""

import ast
import ctypes
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

import support
import seega
from seega import _native

PACKAGE_DIR = os.path.dirname(seega.__file__)
HEADER = os.path.join(support.REPO_ROOT, "include", "seega.h")

REPORT = "import seega; print(seega.library_origin); print(seega.library_path)"


def run_python(code, cwd=None, **env):
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=support.subprocess_env(**env),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                          timeout=60)


class TestLookup(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="seega-test-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.library = os.path.realpath(seega.library_path)

    def copy_package(self, root):
        """A copy of the package's Python files under root/seega."""
        dest = os.path.join(root, "seega")
        os.makedirs(dest)
        for f in glob.glob(os.path.join(PACKAGE_DIR, "*.py")) + [os.path.join(PACKAGE_DIR, "py.typed")]:
            shutil.copy(f, dest)
        return dest

    def test_loaded_through_seega_library(self):
        if "SEEGA_LIBRARY" not in os.environ:
            self.skipTest("SEEGA_LIBRARY is not set")
        self.assertEqual(seega.library_origin, "SEEGA_LIBRARY")
        self.assertEqual(seega.library_path, os.environ["SEEGA_LIBRARY"])

    def test_seega_library_is_strict(self):
        missing = os.path.join(self.tmp, "nowhere", "libseega.so.1")
        p = run_python("import seega", SEEGA_LIBRARY=missing)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("ImportError", p.stderr)
        self.assertIn(missing + " (SEEGA_LIBRARY): not found", p.stderr)
        self.assertNotIn("build tree", p.stderr)  # no silent fallback

    def test_not_a_library(self):
        junk = os.path.join(self.tmp, "libseega.so.1")
        with open(junk, "w") as f:
            f.write("not a shared library\n")
        p = run_python("import seega", SEEGA_LIBRARY=junk)
        self.assertIn("cannot be loaded", p.stderr)
        import _ctypes  # a shared object that is not libseega

        if getattr(_ctypes, "__file__", None):
            p = run_python("import seega", SEEGA_LIBRARY=_ctypes.__file__)
            self.assertIn("not libseega", p.stderr)

    def test_package_copy(self):
        pkg = self.copy_package(self.tmp)
        os.makedirs(os.path.join(pkg, "_lib"))
        shutil.copy(self.library, os.path.join(pkg, "_lib", "libseega.so.1"))
        p = run_python(REPORT, cwd=self.tmp, SEEGA_LIBRARY=None, PYTHONPATH=self.tmp)
        self.assertEqual(p.returncode, 0, p.stderr)
        origin, path = p.stdout.split("\n")[:2]
        self.assertEqual(origin, "package copy")
        self.assertEqual(path, os.path.join(pkg, "_lib", "libseega.so.1"))

    def test_build_tree_newest_first(self):
        root = self.tmp
        open(os.path.join(root, "include.h"), "w").close()
        os.makedirs(os.path.join(root, "include"))
        shutil.copy(HEADER if os.path.exists(HEADER) else os.path.join(root, "include.h"),
                    os.path.join(root, "include", "seega.h"))
        self.copy_package(os.path.join(root, "bindings", "python"))
        for i, tree in enumerate(("build-old", "build-new")):
            os.makedirs(os.path.join(root, tree, "lib"))
            lib = os.path.join(root, tree, "lib", "libseega.so.1")
            shutil.copy(self.library, lib)
            os.utime(lib, (1000000000 + i, 1000000000 + i))
        p = run_python(REPORT, cwd=root, SEEGA_LIBRARY=None,
                       PYTHONPATH=os.path.join(root, "bindings", "python"))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.split("\n")[:2],
                         ["build tree", os.path.join(root, "build-new", "lib", "libseega.so.1")])

    @unittest.skipIf(ctypes.util.find_library("seega"), "libseega is installed on the system")
    def test_one_error_lists_every_place(self):
        pkg = self.copy_package(self.tmp)
        p = run_python("import seega", cwd=self.tmp, SEEGA_LIBRARY=None, PYTHONPATH=self.tmp)
        self.assertNotEqual(p.returncode, 0)
        self.assertEqual(p.stderr.count("ImportError:"), 1)
        self.assertIn(os.path.join(pkg, "_lib", "libseega.so.1") + " (package copy): not found", p.stderr)
        self.assertIn("find_library('seega') (system): not found", p.stderr)
        self.assertIn("SEEGA_LIBRARY", p.stderr)  # says what to do

    def test_candidates_order(self):
        self.assertEqual(_native.candidates({"SEEGA_LIBRARY": "/x/lib.so"}),
                         [("SEEGA_LIBRARY", "/x/lib.so")])
        origins = [origin for origin, _ in _native.candidates({})]
        self.assertEqual(origins[0], "package copy")
        self.assertEqual(origins[-1], "system")
        if os.path.exists(HEADER) and not support.INSTALLED:  # the package of the source tree
            self.assertIn("build tree", origins)
            self.assertLess(origins.index("package copy"), origins.index("build tree"))

    def test_sanitizer_build_is_refused_not_fatal(self):
        fake = os.path.join(self.tmp, "libseega.so.1")
        with open(fake, "wb") as f:
            f.write(b"\x7fELF....libasan.so.8\x00")
        lib, _, why = _native._try_load("build tree", fake)
        self.assertIsNone(lib)
        if hasattr(ctypes.CDLL(None), "__asan_init"):  # this run preloads ASan
            self.assertIn("cannot be loaded", why)
        else:
            self.assertIn("sanitizer", why)


class FakeLibrary:
    def __init__(self, number):
        def version():
            return number

        self.seega_version_number = version


class TestVersionCheck(unittest.TestCase):
    def try_version(self, number):
        with tempfile.NamedTemporaryFile() as f, \
                mock.patch.object(ctypes, "CDLL", lambda path: FakeLibrary(number)):
            return _native._try_load("SEEGA_LIBRARY", f.name)

    def test_major_must_match(self):
        lib, _, why = self.try_version(20000)
        self.assertIsNone(lib)
        self.assertIn("version 2.0.0; this binding needs major version 1", why)

    def test_minimum(self):
        with mock.patch.object(_native, "MIN_VERSION_NUMBER", 10100):
            lib, _, why = self.try_version(10005)
        self.assertIsNone(lib)
        self.assertIn("version 1.0.5; this binding needs 1.1.0 or later", why)

    def test_accepted(self):
        lib, _, why = self.try_version(_native.MIN_VERSION_NUMBER + 5)
        self.assertIsNotNone(lib)
        self.assertEqual(why, "")

    def test_loaded_version(self):
        self.assertEqual(seega.ABI_MAJOR, 1)
        self.assertEqual(seega.library_version_number // 10000, seega.ABI_MAJOR)
        self.assertRegex(seega.library_version, r"^1\.\d+\.\d+$")
        self.assertEqual(_native.version_text(10203), "1.2.3")


class TestPrototypes(unittest.TestCase):
    @unittest.skipUnless(os.path.exists(HEADER), "not in the source tree")
    def test_every_function_of_the_header_is_declared(self):
        with open(HEADER) as f:
            names = set(re.findall(r"SEEGA_API\s[^;(]*?\b(seega_\w+)\s*\(", f.read()))
        self.assertGreater(len(names), 40)
        declared = {p[0]: p for p in _native._PROTOTYPES + _native._OPTIONAL
                    + _native._RECORDS + _native._TABLEBASE}
        self.assertEqual(sorted(names - set(declared)), [])
        for name in names:
            fn = getattr(_native.lib, name)
            self.assertIsNotNone(fn.argtypes, name)
            restype, argtypes, errcheck = declared[name][1:]
            self.assertIs(fn.restype, restype)
            if argtypes[:1] == [_native.GamePtr] and restype is ctypes.c_int32:
                self.assertIs(fn.errcheck, _native._check_game, name)

    def test_struct_sizes(self):
        self.assertEqual(ctypes.sizeof(_native.RulesStruct), 48)
        self.assertEqual(ctypes.sizeof(_native.PlayoutStatsStruct), 48)
        self.assertEqual(ctypes.sizeof(_native.SearchLimitsStruct), 64)
        self.assertEqual(ctypes.sizeof(_native.SearchResultStruct), 176)

    def test_status_text(self):
        self.assertEqual(seega.status_text(0), _native.lib.seega_status_text(0).decode())
        self.assertEqual(seega.status_text(12345), "unknown status")
        self.assertEqual(seega.status_text(2**40), "unknown status")
        self.assertNotEqual(seega.status_text(-2), "unknown status")
        with self.assertRaises(TypeError):
            seega.status_text("x")

    def test_errors_carry_status_and_message(self):
        from seega._errors import error_for_status

        self.assertIs(type(error_for_status(-6, "m")), seega.SeegaError)
        self.assertIs(type(error_for_status(-4, "m")), seega.OutOfMemoryError)
        self.assertIsInstance(error_for_status(-4, "m"), MemoryError)
        e = error_for_status(-99, "")
        self.assertEqual((e.status_name, str(e)), ("status -99", "status -99"))
        import pickle

        e2 = pickle.loads(pickle.dumps(seega.ParseError(-3, "bad")))
        self.assertEqual((type(e2), e2.status, e2.message), (seega.ParseError, -3, "bad"))


class TestPackage(unittest.TestCase):
    def test_version_matches_pyproject(self):
        with open(os.path.join(support.PACKAGE_ROOT, "pyproject.toml")) as f:
            self.assertIn('version = "%s"' % seega.__version__, f.read())

    def test_py_typed(self):
        self.assertTrue(os.path.isfile(os.path.join(PACKAGE_DIR, "py.typed")))

    def test_python_38_syntax(self):
        # seega.envs too: its frameworks need a newer Python, but pip
        # compiles every module of the package when it installs it.
        paths = glob.glob(os.path.join(PACKAGE_DIR, "*.py")) + \
            glob.glob(os.path.join(PACKAGE_DIR, "envs", "*.py"))
        self.assertGreater(len(paths), 10)
        for path in paths:
            with open(path) as f:
                ast.parse(f.read(), path, feature_version=(3, 8))

    def test_public_names(self):
        for name in seega.__all__:
            self.assertTrue(hasattr(seega, name), name)
        for cls in (seega.SeegaError, seega.IllegalMoveError, seega.ParseError, seega.RulesError):
            self.assertTrue(issubclass(cls, seega.SeegaError))
        self.assertTrue(issubclass(seega.GameOverError, seega.IllegalMoveError))

    def test_allocator_variant_is_callable(self):
        # seega_new_with_allocator with a Python allocator, through the
        # low-level prototypes (the high-level API does not expose it).
        lib = _native.lib
        blocks, sizes = {}, []

        @_native.ALLOC_FN
        def alloc(ud, ptr, osize, nsize):
            if ptr:
                blocks.pop(ptr, None)
            if nsize == 0:
                return None
            buf = ctypes.create_string_buffer(nsize)
            if ptr:
                ctypes.memmove(buf, ptr, min(osize, nsize))
            address = ctypes.addressof(buf)
            blocks[address] = buf
            sizes.append(nsize)
            return address

        rules = seega.Rules()._to_struct()
        handle = _native.GamePtr()
        self.assertEqual(lib.seega_new_with_allocator(ctypes.byref(rules), alloc, None,
                                                      ctypes.byref(handle)), 0)
        lib.seega_place(handle, 7)
        self.assertEqual(lib.seega_history_length(handle), 1)
        lib.seega_free(handle)
        self.assertEqual(blocks, {})
        self.assertGreaterEqual(len(sizes), 2)


if __name__ == "__main__":
    unittest.main()
